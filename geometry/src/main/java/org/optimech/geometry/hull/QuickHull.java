package org.optimech.geometry.hull;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.exact.ScaledPoints;

/**
 * Quickhull (Barber–Dobkin–Huhdanpaa 1996) in any dimension, exact and fast: every above/below test is decided
 * exactly, by a floating-point evaluation with a proven error bound where that bound decides it and in integer
 * arithmetic on the common dyadic grid of the input ({@link ScaledPoints}) where it does not (the bound and its
 * derivation are in {@code HullEngine}). Coplanar, repeated and cospherical points need no tolerances, and the hull
 * is the same as that of the all-exact {@link ExactQuickHull}: the same vertices (of repeated points, the first copy)
 * and the same facets, one per supporting hyperplane. A point is added only when strictly above a facet; the boundary
 * comes out as simplices, which are then merged per hyperplane. Sets that are not full-dimensional are reduced to their
 * affine span first (ERRATA K12). Floating point also picks the initial simplex and the furthest outside point, which
 * affects speed, not the result.
 */
public final class QuickHull implements HullBuilder {
    private static final double TINY = 0x1p-1000;

    /**
     * Counters of one construction.
     *
     * @param predicates orientation tests evaluated
     * @param exactPredicates those the floating-point filter could not decide, evaluated in integers
     * @param facetsCreated simplicial facets made, including those later removed
     */
    public record Statistics(long predicates, long exactPredicates, long facetsCreated) {
    }

    /** A hull with the counters of its construction. */
    public record Result(ConvexHull hull, Statistics statistics) {
    }

    @Override
    public ConvexHull build(double[][] points) {
        return of(points);
    }

    /** The hull of the points; see {@link HullBuilder#build}. */
    public static ConvexHull of(double[][] points) {
        return build(points, true).hull();
    }

    /**
     * As {@link #of}, within a facet budget and a stop (see {@link HullBudget}).
     *
     * @throws HullBudget.Exceeded when the hull grows past the budget's facets or its stop comes first
     */
    public static ConvexHull of(double[][] points, HullBudget budget) {
        return build(points, true, budget).hull();
    }

    /** As {@link #of}, with the construction's counters. */
    public static Result withStatistics(double[][] points) {
        return build(points, true);
    }

    /** @param filter false to decide every predicate in exact integer arithmetic (for tests: same hull, slower) */
    static Result build(double[][] points, boolean filter) {
        return build(points, filter, HullBudget.none());
    }

    private static Result build(double[][] points, boolean filter, HullBudget budget) {
        int shift = ScaledPoints.commonShift(points);
        int n = points.length;
        int d = points[0].length;
        double[] flat = new double[n * d];
        double max = 0;
        for (int i = 0; i < n; i++) {
            System.arraycopy(points[i], 0, flat, i * d, d);
            for (int j = 0; j < d; j++) {
                max = Math.max(max, Math.abs(points[i][j]));
            }
        }
        // copies scaled by a power of two so that every coordinate is below 1: exact unless some underflow (then each is
        // off by at most 2^-1075, which the filters' absolute term covers, and only the exact-in-doubles case is lost)
        int scale = -Math.getExponent(max) - 1;
        double up = Math.scalb(1.0, scale); // a product with a power of two is exact unless it underflows
        double down = Math.scalb(1.0, -scale);
        double[] y = new double[n * d];
        boolean exactCopies = true;
        for (int i = 0; i < flat.length; i++) {
            y[i] = flat[i] * up;
            exactCopies &= (Double.isInfinite(down) ? Math.scalb(y[i], -scale) : y[i] * down) == flat[i];
        }
        Counter counter = new Counter();
        Span s = new Span(flat, y, n, d, shift, filter, exactCopies, scale, counter);
        int[] simplex = s.find();
        int r = simplex.length - 1;
        AffineSpan span;
        double[] reduced;
        double[] reducedCopy;
        if (r == d) {
            span = AffineSpan.full(d);
            reduced = flat;
            reducedCopy = y;
        } else {
            span = r == 0 ? new AffineSpan(d, new int[0], points[0], new Rational[0][]) : AffineSpan.of(d, points[0], s.rows());
            int[] pivots = span.pivots();
            reduced = new double[n * r];
            reducedCopy = new double[n * r];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < r; k++) {
                    reduced[i * r + k] = flat[i * d + pivots[k]];
                    reducedCopy[i * r + k] = y[i * d + pivots[k]];
                }
            }
        }
        if (r == 0) {
            ConvexHull h = new ConvexHull(span, n, reduced, shift, new int[] {0}, new int[0], new int[] {0}, new int[0], null, new ConvexHull.Facet[0],
                    new BigInteger[0], 1, null);
            return new Result(h, counter.statistics(0));
        }
        if (r == 1) {
            return new Result(segment(span, n, reduced, shift), counter.statistics(0));
        }
        if (r > HullEngine.MAX_DIMENSION) {
            return new Result(ExactQuickHull.of(points), counter.statistics(0)); // beyond the filter's analysis; impractical anyway
        }
        HullEngine engine = new HullEngine(reduced, reducedCopy, n, r, shift, scale, filter, exactCopies);
        engine.run(simplex, budget);
        HullEngine.Parts p = engine.result();
        ConvexHull h = new ConvexHull(span, n, reduced, shift, p.vertices(), p.boundary(), p.facetStart(), p.facetVertices(), p.facetSimplex(), null,
                p.interiorScaled(), r + 1, null);
        counter.predicates += engine.predicates;
        counter.exact += engine.exactPredicates;
        return new Result(h, counter.statistics(engine.facetsCreated));
    }

    private static final class Counter {
        long predicates;
        long exact;

        Statistics statistics(long facets) {
            return new Statistics(predicates, exact, facets);
        }
    }

    private static ConvexHull segment(AffineSpan span, int n, double[] reduced, int shift) {
        int lo = 0;
        int hi = 0;
        for (int i = 1; i < n; i++) {
            if (reduced[i] < reduced[lo]) {
                lo = i;
            }
            if (reduced[i] > reduced[hi]) {
                hi = i;
            }
        }
        int[] v = lo < hi ? new int[] {lo, hi} : new int[] {hi, lo};
        BigInteger sLo = ScaledPoints.scale(reduced[lo], shift);
        BigInteger sHi = ScaledPoints.scale(reduced[hi], shift);
        ConvexHull.Facet[] f = {new ConvexHull.Facet(new int[] {lo}, new BigInteger[] {BigInteger.ONE.negate()}, sLo.negate(), new double[] {-1}, -reduced[lo]),
            new ConvexHull.Facet(new int[] {hi}, new BigInteger[] {BigInteger.ONE}, sHi, new double[] {1}, reduced[hi])};
        return new ConvexHull(span, n, reduced, shift, v, new int[] {lo, hi}, new int[] {0, 1, 2}, new int[] {lo, hi}, null, f,
                new BigInteger[] {sLo.add(sHi)}, 2, null);
    }

    /**
     * Finds an affinely independent set of points spanning the affine hull of the input: greedily in floating point (each
     * next point the furthest from the span of those chosen, which also makes a large initial simplex), each choice
     * confirmed exactly; then, if fewer than d + 1 were found, an exact scan for any point off their span, by integer
     * normals of the span, filtered like the hull's predicates.
     */
    private static final class Span {
        private final double[] flat;
        private final double[] y;
        private final int n;
        private final int d;
        private final int shift;
        private final boolean filter;
        private final long gridExp; // g = 2^gridExp = 2^(scale − shift), the grid of exact copies; Integer.MIN_VALUE if inexact
        private final Counter counter;
        private final List<Integer> chosen = new ArrayList<>();
        private final List<BigInteger[]> rows = new ArrayList<>();

        Span(double[] flat, double[] y, int n, int d, int shift, boolean filter, boolean exactCopies, int scale, Counter counter) {
            this.flat = flat;
            this.y = y;
            this.n = n;
            this.d = d;
            this.shift = shift;
            this.filter = filter;
            this.gridExp = exactCopies ? (long) scale - shift : Integer.MIN_VALUE;
            this.counter = counter;
        }

        BigInteger[][] rows() {
            return rows.toArray(new BigInteger[0][]);
        }

        int[] find() {
            int a = furthestFrom(0);
            if (!differs(a, 0)) {
                a = firstDifferentFrom(0);
                if (a < 0) {
                    return new int[] {0};
                }
            }
            int b = furthestFrom(a);
            if (!differs(a, b)) {
                b = 0; // differences underflowed in the scaled copies; point 0 differs from a
            }
            chosen.add(a);
            add(b);
            double[][] basis = new double[d][];
            basis[0] = unit(diff(b, a));
            double[] v = new double[d];
            int k = 1;
            while (k < d) {
                int best = -1;
                double bestR = 0;
                for (int i = 0; i < n; i++) {
                    double r = residual(i, a, basis, k, v);
                    if (r > bestR) {
                        bestR = r;
                        best = i;
                    }
                }
                if (best < 0 || !independent(best)) {
                    break;
                }
                residual(best, a, basis, k, v);
                basis[k++] = unit(v);
            }
            int from = 0;
            while (chosen.size() <= d && from < n) {
                from = scanOffSpan(from);
            }
            return chosen.stream().mapToInt(Integer::intValue).toArray();
        }

        private void add(int p) {
            BigInteger[] row = new BigInteger[d];
            int a = chosen.get(0);
            for (int j = 0; j < d; j++) {
                row[j] = ScaledPoints.scale(flat[p * d + j], shift).subtract(ScaledPoints.scale(flat[a * d + j], shift));
            }
            rows.add(row);
            chosen.add(p);
        }

        private boolean independent(int p) {
            add(p);
            if (IntegerMatrices.rank(rows()) == rows.size()) {
                return true;
            }
            rows.remove(rows.size() - 1);
            chosen.remove(chosen.size() - 1);
            return false;
        }

        /** Scans points from {@code from} for one off the span of those chosen; adds it and returns where to go on. */
        private int scanOffSpan(int from) {
            BigInteger[][] w = kernel();
            double[][] wd = new double[w.length][d];
            double[] limit = new double[w.length];
            for (int l = 0; l < w.length; l++) {
                int bits = 0;
                for (BigInteger v : w[l]) {
                    bits = Math.max(bits, v.bitLength());
                }
                for (int j = 0; j < d; j++) {
                    wd[l][j] = Math.scalb(w[l][j].doubleValue(), -bits); // |w̃| ≤ 1; exact if w has at most 53 bits
                }
                // the products are multiples of g·2^-bits: exact below 2^53 of those units if that unit is not subnormal
                limit[l] = bits <= 53 && gridExp - bits >= -1074 ? Math.scalb(1.0, (int) (53 + gridExp - bits)) : 0;
            }
            int a = chosen.get(0);
            for (int i = from; i < n; i++) {
                for (int l = 0; l < w.length; l++) {
                    if (offPlane(w[l], wd[l], limit[l], i, a)) {
                        add(i);
                        return i + 1;
                    }
                }
            }
            return n;
        }

        /**
         * Whether w·(p_i − p_a) ≠ 0 exactly, with w̃ = w·2^-bits (|w̃| ≤ 1). In doubles t = Σ fl(w̃_j·fl(y_ij − y_aj)) has
         * at most d + 2 roundings per term, so |t − T| ≤ γ_{d+2}·Σ|w̃_j||e_j| ≤ 2(d + 3)u·A for the computed A =
         * Σ|w̃_j||ẽ_j|, plus 2^-1000 for underflow (in the products, and in copies y off by 2^-1075, weighted by |w̃| ≤ 1).
         * If the copies are exact and the w_j have at most 53 bits, every term is a multiple of g·2^-bits, so when A is
         * below 2^53 of those units no operation rounds and t is exact (zero included).
         */
        private boolean offPlane(BigInteger[] w, double[] wd, double limit, int i, int a) {
            counter.predicates++;
            if (filter) {
                double t = 0;
                double abs = 0;
                for (int j = 0; j < d; j++) {
                    double e = y[i * d + j] - y[a * d + j];
                    t += wd[j] * e;
                    abs += Math.abs(wd[j]) * Math.abs(e);
                }
                if (abs < limit) {
                    return t != 0;
                }
                if (Math.abs(t) > 2.0 * (d + 3) * 0x1p-53 * abs + TINY) {
                    return true;
                }
            }
            counter.exact++;
            BigInteger s = BigInteger.ZERO;
            for (int j = 0; j < d; j++) {
                if (w[j].signum() != 0) {
                    s = s.add(w[j].multiply(ScaledPoints.scale(flat[i * d + j], shift).subtract(ScaledPoints.scale(flat[a * d + j], shift))));
                }
            }
            return s.signum() != 0;
        }

        /** Integer vectors spanning the orthogonal complement of the chosen difference rows. */
        private BigInteger[][] kernel() {
            return QuickHull.kernel(rows(), d);
        }

        private int furthestFrom(int a) {
            int best = a;
            double bestD = 0;
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int j = 0; j < d; j++) {
                    double t = y[i * d + j] - y[a * d + j];
                    s += t * t;
                }
                if (s > bestD) {
                    bestD = s;
                    best = i;
                }
            }
            return best;
        }

        private boolean differs(int a, int b) {
            for (int j = 0; j < d; j++) {
                if (flat[a * d + j] != flat[b * d + j]) {
                    return true;
                }
            }
            return false;
        }

        private int firstDifferentFrom(int a) {
            for (int i = 0; i < n; i++) {
                if (differs(i, a)) {
                    return i;
                }
            }
            return -1;
        }

        /** The squared distance of point i from the span of the basis through point a; v receives the residual vector. */
        private double residual(int i, int a, double[][] basis, int k, double[] v) {
            for (int j = 0; j < d; j++) {
                v[j] = y[i * d + j] - y[a * d + j];
            }
            for (int m = 0; m < k; m++) {
                double t = dot(v, basis[m]);
                for (int j = 0; j < d; j++) {
                    v[j] -= t * basis[m][j];
                }
            }
            return dot(v, v);
        }

        private double[] diff(int i, int a) {
            double[] v = new double[d];
            for (int j = 0; j < d; j++) {
                v[j] = y[i * d + j] - y[a * d + j];
            }
            return v;
        }

        private static double dot(double[] u, double[] v) {
            double s = 0;
            for (int j = 0; j < u.length; j++) {
                s += u[j] * v[j];
            }
            return s;
        }

        private static double[] unit(double[] v) {
            double s = Math.sqrt(dot(v, v));
            double[] u = v.clone();
            if (s > 0) {
                for (int j = 0; j < u.length; j++) {
                    u[j] /= s;
                }
            }
            return u;
        }
    }

    /** Integer vectors spanning the orthogonal complement of the independent integer rows r (d columns). */
    static BigInteger[][] kernel(BigInteger[][] r, int d) {
        int[] pivots = IntegerMatrices.pivotColumns(r);
        Rational[][] m = AffineSpan.rref(r, pivots, d);
        BigInteger[][] w = new BigInteger[d - pivots.length][];
        boolean[] isPivot = new boolean[d];
        for (int p : pivots) {
            isPivot[p] = true;
        }
        int l = 0;
        for (int free = 0; free < d; free++) {
            if (isPivot[free]) {
                continue;
            }
            Rational[] v = new Rational[d];
            Arrays.fill(v, Rational.ZERO);
            v[free] = Rational.ONE;
            for (int k = 0; k < pivots.length; k++) {
                v[pivots[k]] = m[k][free].negate();
            }
            BigInteger lcm = BigInteger.ONE;
            for (Rational f : v) {
                BigInteger den = f.denominator();
                lcm = lcm.divide(lcm.gcd(den)).multiply(den);
            }
            w[l] = new BigInteger[d];
            for (int j = 0; j < d; j++) {
                w[l][j] = v[j].numerator().multiply(lcm.divide(v[j].denominator()));
            }
            l++;
        }
        return w;
    }
}
