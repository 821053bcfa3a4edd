package org.optimech.geometry.hull;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.ScaledPoints;

/**
 * The convex hull of a finite point set, in the coordinates of its affine span (the input's own
 * coordinates when the set is full-dimensional). Immutable and safe to share between threads.
 *
 * <p>All index arrays refer to the input points. In reduced coordinates y (see {@link AffineSpan}),
 * point i is {@code scaled(i) · 2^-shift} exactly.
 *
 * <p>Storage is compact: coordinates in one flat array, facets as index lists. The exact forms of a
 * facet (its primitive integer normal and offset, and the outward-rounded double half-space) are
 * computed from its points in exact arithmetic the first time {@link #facets()} hands that facet out,
 * and kept; the integer coordinates {@link #scaled()} likewise on first use.
 */
public final class ConvexHull {

    /**
     * A facet {@code exactNormal · y ≤ exactOffset} in the integer coordinates (equality on the facet),
     * and the same half-space in doubles, {@code normal · y ≤ offset}, with the offset rounded so that
     * every vertex satisfies it exactly in real arithmetic.
     *
     * @param vertices the hull vertices on this facet, increasing
     * @param exactNormal the outward normal, primitive (its entries have no common divisor but 1)
     */
    public record Facet(int[] vertices, BigInteger[] exactNormal, BigInteger exactOffset, double[] normal, double offset) {
        public Facet {
            vertices = vertices.clone();
            exactNormal = exactNormal.clone();
            normal = normal.clone();
        }

        @Override
        public int[] vertices() {
            return vertices.clone();
        }

        @Override
        public BigInteger[] exactNormal() {
            return exactNormal.clone();
        }

        @Override
        public double[] normal() {
            return normal.clone();
        }
    }

    private final AffineSpan span;
    private final int size;
    private final int dimension;
    private final double[] reduced; // size × dimension, row-major
    private final int shift;
    private final int[] vertices;
    private final int[] boundary; // boundaryCount × max(dimension, 1) point indices, each simplex increasing
    private final int[] facetStart; // facet f's vertices are facetVertices[facetStart[f] .. facetStart[f+1])
    private final int[] facetVertices;
    private final int[] facetSimplex; // a boundary simplex spanning facet f's hyperplane (null when all facets are given)
    private final BigInteger[] interiorScaled;
    private final int interiorDenominator;
    private final AtomicReferenceArray<Facet> facetCache;
    private final List<Facet> facetView;
    private volatile BigInteger[][] scaledCache;

    /** Takes ownership of the arrays (callers in this package build them fresh). */
    ConvexHull(AffineSpan span, int size, double[] reduced, int shift, int[] vertices, int[] boundary, int[] facetStart, int[] facetVertices,
            int[] facetSimplex, Facet[] facets, BigInteger[] interiorScaled, int interiorDenominator, BigInteger[][] scaled) {
        this.span = span;
        this.size = size;
        this.dimension = span.dimension();
        this.reduced = reduced;
        this.shift = shift;
        this.vertices = vertices;
        this.boundary = boundary;
        this.facetStart = facetStart;
        this.facetVertices = facetVertices;
        this.facetSimplex = facetSimplex;
        this.interiorScaled = interiorScaled;
        this.interiorDenominator = interiorDenominator;
        this.facetCache = facets == null ? new AtomicReferenceArray<>(facetStart.length - 1) : new AtomicReferenceArray<>(facets);
        this.facetView = new FacetList();
        this.scaledCache = scaled;
        if (reduced.length != size * dimension || facets == null && facetSimplex == null) {
            throw new IllegalStateException("inconsistent hull storage");
        }
    }

    /** A hull whose facets are all given (the reference implementation and the low-dimensional cases). */
    static ConvexHull withFacets(AffineSpan span, double[][] reduced, BigInteger[][] scaled, int shift, int[] vertices, List<Facet> facets, int[][] boundary,
            BigInteger[] interiorScaled, int interiorDenominator) {
        int r = span.dimension();
        double[] flat = new double[reduced.length * r];
        for (int i = 0; i < reduced.length; i++) {
            System.arraycopy(reduced[i], 0, flat, i * r, r);
        }
        int w = Math.max(r, 1);
        int[] b = new int[boundary.length * w];
        for (int i = 0; i < boundary.length; i++) {
            System.arraycopy(boundary[i], 0, b, i * w, w);
        }
        int[] start = new int[facets.size() + 1];
        for (int f = 0; f < facets.size(); f++) {
            start[f + 1] = start[f] + facets.get(f).vertices.length;
        }
        int[] fv = new int[start[facets.size()]];
        for (int f = 0; f < facets.size(); f++) {
            System.arraycopy(facets.get(f).vertices, 0, fv, start[f], facets.get(f).vertices.length);
        }
        return new ConvexHull(span, reduced.length, flat, shift, vertices.clone(), b, start, fv, null, facets.toArray(new Facet[0]), interiorScaled.clone(),
                interiorDenominator, scaled);
    }

    /** The affine span and its parametrisation; {@code span().dimension()} is the hull's dimension. */
    public AffineSpan span() {
        return span;
    }

    /** The hull's dimension (that of the affine span). */
    public int dimension() {
        return dimension;
    }

    /** Every input point in reduced coordinates. */
    public double[][] reduced() {
        double[][] out = new double[size][];
        for (int i = 0; i < size; i++) {
            out[i] = Arrays.copyOfRange(reduced, i * dimension, (i + 1) * dimension);
        }
        return out;
    }

    /** The same points as exact integers: {@code reduced()[i][k] = scaled()[i][k] · 2^-shift}. */
    public BigInteger[][] scaled() {
        BigInteger[][] s = scaledPoints();
        BigInteger[][] out = new BigInteger[s.length][];
        for (int i = 0; i < s.length; i++) {
            out[i] = s[i].clone();
        }
        return out;
    }

    /** The common binary scale of {@link #scaled()}. */
    public int shift() {
        return shift;
    }

    /** The extreme points, increasing (of repeated points, the first copy). */
    public int[] vertices() {
        return vertices.clone();
    }

    /** The number of extreme points. */
    public int vertexCount() {
        return vertices.length;
    }

    /** The vertices in reduced coordinates. */
    public double[][] vertexCoordinates() {
        double[][] v = new double[vertices.length][];
        for (int k = 0; k < vertices.length; k++) {
            v[k] = Arrays.copyOfRange(reduced, vertices[k] * dimension, (vertices[k] + 1) * dimension);
        }
        return v;
    }

    /**
     * The facets (merged: one per supporting hyperplane), outward normals. The list is unmodifiable; each facet's exact
     * forms are computed on first access.
     */
    public List<Facet> facets() {
        return facetView;
    }

    /**
     * A triangulation of the boundary into (dimension − 1)-simplices, each a list of {@code dimension} point indices,
     * increasing; it may use points on the boundary that are not vertices. For a segment, its two end points.
     */
    public int[][] boundary() {
        int w = Math.max(dimension, 1);
        int[][] b = new int[boundary.length / w][];
        for (int i = 0; i < b.length; i++) {
            b[i] = Arrays.copyOfRange(boundary, i * w, (i + 1) * w);
        }
        return b;
    }

    /**
     * A point strictly inside the hull, as the integer vector {@code interiorScaled / interiorDenominator · 2^-shift}
     * (the centroid of the first simplex).
     */
    public BigInteger[] interiorScaled() {
        return interiorScaled.clone();
    }

    /** The denominator of {@link #interiorScaled()}. */
    public int interiorDenominator() {
        return interiorDenominator;
    }

    private BigInteger[][] scaledPoints() {
        BigInteger[][] s = scaledCache;
        if (s == null) {
            s = new BigInteger[size][dimension];
            for (int i = 0; i < size; i++) {
                for (int k = 0; k < dimension; k++) {
                    s[i][k] = ScaledPoints.scale(reduced[i * dimension + k], shift);
                }
            }
            scaledCache = s;
        }
        return s;
    }

    private BigInteger[] scaledPoint(int i) {
        BigInteger[][] s = scaledCache;
        if (s != null) {
            return s[i];
        }
        BigInteger[] p = new BigInteger[dimension];
        for (int k = 0; k < dimension; k++) {
            p[k] = ScaledPoints.scale(reduced[i * dimension + k], shift);
        }
        return p;
    }

    private Facet facet(int f) {
        Facet got = facetCache.get(f);
        if (got != null) {
            return got;
        }
        int[] fv = Arrays.copyOfRange(facetVertices, facetStart[f], facetStart[f + 1]);
        int s = facetSimplex[f] * dimension;
        BigInteger[] a0 = scaledPoint(boundary[s]);
        BigInteger[][] edges = new BigInteger[dimension - 1][dimension];
        for (int k = 1; k < dimension; k++) {
            BigInteger[] ak = scaledPoint(boundary[s + k]);
            for (int j = 0; j < dimension; j++) {
                edges[k - 1][j] = ak[j].subtract(a0[j]);
            }
        }
        // the hyperplane's normal, made primitive: unique up to sign, so equal to the reference implementation's
        BigInteger[] n = Cofactors.of(dimension).exact(edges);
        BigInteger g = BigInteger.ZERO;
        for (BigInteger v : n) {
            g = g.gcd(v);
        }
        if (g.signum() == 0) {
            throw new IllegalStateException("degenerate boundary simplex for facet " + f);
        }
        for (int j = 0; j < dimension; j++) {
            n[j] = n[j].divide(g);
        }
        BigInteger c = IntegerMatrices.dot(n, a0);
        // orient outward: the interior point (scaled by its denominator) must be strictly below
        int side = IntegerMatrices.dot(n, interiorScaled).subtract(c.multiply(BigInteger.valueOf(interiorDenominator))).signum();
        if (side == 0) {
            throw new IllegalStateException("degenerate facet through " + Arrays.toString(fv));
        }
        if (side > 0) {
            for (int j = 0; j < n.length; j++) {
                n[j] = n[j].negate();
            }
            c = c.negate();
        }
        double[] nd = unitish(n);
        Facet made = new Facet(fv, n, c, nd, roundedOffset(nd, fv, reduced, dimension));
        return facetCache.compareAndSet(f, null, made) ? made : facetCache.get(f);
    }

    /**
     * The exact normal as doubles scaled by a power of two so its largest entry has magnitude in [1/2, 1]; entries
     * beyond 53 significant bits are rounded, which is safe because the offset is computed for the rounded normal.
     */
    static double[] unitish(BigInteger[] n) {
        int bits = 0;
        for (BigInteger x : n) {
            bits = Math.max(bits, x.bitLength());
        }
        int drop = Math.max(0, bits - 62);
        double[] out = new double[n.length];
        for (int j = 0; j < n.length; j++) {
            out[j] = Math.scalb(n[j].shiftRight(drop).doubleValue(), drop - bits);
        }
        return out;
    }

    /**
     * max over the facet's vertices of normal·v in exact arithmetic, rounded up to a double. Each sum of products of
     * doubles is an exact binary number M·2^E (BigInteger M); BigDecimal only where the result would leave the normal
     * range of doubles.
     */
    static double roundedOffset(double[] normal, int[] vertices, double[] reduced, int dimension) {
        BigInteger bestM = null;
        int bestE = 0;
        int[] e = new int[normal.length];
        for (int i : vertices) {
            int minE = 0;
            boolean any = false;
            for (int j = 0; j < normal.length; j++) {
                double a = normal[j];
                double b = reduced[i * dimension + j];
                e[j] = a == 0 || b == 0 ? Integer.MIN_VALUE : exponent(a) + exponent(b);
                if (e[j] != Integer.MIN_VALUE) {
                    minE = any ? Math.min(minE, e[j]) : e[j];
                    any = true;
                }
            }
            BigInteger sum = BigInteger.ZERO;
            for (int j = 0; j < normal.length; j++) {
                if (e[j] != Integer.MIN_VALUE) {
                    BigInteger p = BigInteger.valueOf(mantissa(normal[j])).multiply(BigInteger.valueOf(mantissa(reduced[i * dimension + j])));
                    sum = sum.add(p.shiftLeft(e[j] - minE));
                }
            }
            if (bestM == null || compare(sum, minE, bestM, bestE) > 0) {
                bestM = sum;
                bestE = minE;
            }
        }
        return ceiling(bestM, bestE);
    }

    /** The signed integer m with x = m·2^exponent(x), |m| &lt; 2^53 (x finite, non-zero). */
    private static long mantissa(double x) {
        long bits = Double.doubleToRawLongBits(x);
        long m = bits & ((1L << 52) - 1);
        if (((bits >>> 52) & 0x7ff) != 0) {
            m |= 1L << 52;
        }
        return x < 0 ? -m : m;
    }

    private static int exponent(double x) {
        int biased = (int) ((Double.doubleToRawLongBits(x) >>> 52) & 0x7ff);
        return biased == 0 ? -1074 : biased - 1075;
    }

    private static int compare(BigInteger a, int ea, BigInteger b, int eb) {
        return ea <= eb ? a.compareTo(b.shiftLeft(eb - ea)) : a.shiftLeft(ea - eb).compareTo(b);
    }

    /** The smallest double ≥ m·2^e. */
    static double ceiling(BigInteger m, int e) {
        if (m.signum() == 0) {
            return 0;
        }
        BigInteger a = m.abs();
        int length = a.bitLength();
        int top = length - 1 + e; // the exponent of the leading bit
        if (top > 1023) {
            return m.signum() > 0 ? Double.POSITIVE_INFINITY : -Double.MAX_VALUE; // beyond the doubles: the bound is void
        }
        if (top < -1022 || top == 1023) {
            BigDecimal exact = new BigDecimal(m).multiply(e >= 0 ? new BigDecimal(BigInteger.ONE.shiftLeft(e)) : BigDecimal.ONE.divide(
                    new BigDecimal(BigInteger.ONE.shiftLeft(-e))));
            double b = exact.doubleValue();
            if (Double.isInfinite(b)) {
                return b > 0 ? b : -Double.MAX_VALUE;
            }
            return new BigDecimal(b).compareTo(exact) < 0 ? Math.nextUp(b) : b;
        }
        int drop = Math.max(0, length - 53);
        long t = a.shiftRight(drop).longValue();
        boolean inexact = drop > 0 && a.getLowestSetBit() < drop;
        if (m.signum() > 0) {
            return Math.scalb((double) (inexact ? t + 1 : t), e + drop); // t + 1 ≤ 2^53 is exact
        }
        return -Math.scalb((double) t, e + drop); // rounding a negative value up truncates its magnitude
    }

    private final class FacetList extends AbstractList<Facet> implements RandomAccess {
        @Override
        public Facet get(int index) {
            if (index < 0 || index >= size()) {
                throw new IndexOutOfBoundsException("facet index " + index + " out of 0.." + (size() - 1));
            }
            return facet(index);
        }

        @Override
        public int size() {
            return facetStart.length - 1;
        }
    }

    @Override
    public String toString() {
        return "ConvexHull[dimension " + dimension + (span.isFull() ? "" : " (reduced from " + span.ambientDimension() + ")") + ", " + vertices.length
                + " vertices, " + facets().size() + " facets, " + boundary.length / Math.max(dimension, 1) + " boundary simplices]";
    }
}
