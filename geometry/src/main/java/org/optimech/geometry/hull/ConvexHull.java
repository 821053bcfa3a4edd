package org.optimech.geometry.hull;

import java.math.BigInteger;
import java.util.List;

/**
 * The convex hull of a finite point set, in the coordinates of its affine span (the input's own
 * coordinates when the set is full-dimensional).
 *
 * <p>All index arrays refer to the input points. In reduced coordinates y (see {@link AffineSpan}),
 * point i is {@code scaled(i) · 2^-shift} exactly.
 *
 * @param span the affine span and its parametrisation; {@code span.dimension()} is the hull's dimension
 * @param reduced every input point in reduced coordinates
 * @param scaled the same points as exact integers
 * @param shift the common binary scale of {@code scaled}
 * @param vertices the extreme points, increasing
 * @param facets the facets (merged: one per supporting hyperplane), outward normals
 * @param boundary a triangulation of the boundary into (dimension − 1)-simplices, each a list of
 *     {@code dimension} point indices; it may use points on the boundary that are not vertices
 * @param interior a point strictly inside the hull, as the integer vector {@code interiorScaled /
 *     interiorDenominator · 2^-shift} (the centroid of the first simplex)
 */
public record ConvexHull(AffineSpan span, double[][] reduced, BigInteger[][] scaled, int shift, int[] vertices, List<Facet> facets, int[][] boundary,
        BigInteger[] interiorScaled, int interiorDenominator) {

    /**
     * A facet {@code exactNormal · y ≤ exactOffset} in the integer coordinates (equality on the facet),
     * and the same half-space in doubles, {@code normal · y ≤ offset}, with the offset rounded so that
     * every vertex satisfies it exactly in real arithmetic.
     *
     * @param vertices the hull vertices on this facet, increasing
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

    public ConvexHull {
        reduced = deep(reduced);
        BigInteger[][] s = new BigInteger[scaled.length][];
        for (int i = 0; i < scaled.length; i++) {
            s[i] = scaled[i].clone();
        }
        scaled = s;
        vertices = vertices.clone();
        facets = List.copyOf(facets);
        int[][] b = new int[boundary.length][];
        for (int i = 0; i < boundary.length; i++) {
            b[i] = boundary[i].clone();
        }
        boundary = b;
        interiorScaled = interiorScaled.clone();
    }

    /** The hull's dimension (that of the affine span). */
    public int dimension() {
        return span.dimension();
    }

    /** The vertices in reduced coordinates. */
    public double[][] vertexCoordinates() {
        double[][] v = new double[vertices.length][];
        for (int k = 0; k < vertices.length; k++) {
            v[k] = reduced[vertices[k]].clone();
        }
        return v;
    }

    /** The number of extreme points. */
    public int vertexCount() {
        return vertices.length;
    }

    @Override
    public double[][] reduced() {
        return deep(reduced);
    }

    @Override
    public BigInteger[][] scaled() {
        BigInteger[][] s = new BigInteger[scaled.length][];
        for (int i = 0; i < scaled.length; i++) {
            s[i] = scaled[i].clone();
        }
        return s;
    }

    @Override
    public int[] vertices() {
        return vertices.clone();
    }

    @Override
    public int[][] boundary() {
        int[][] b = new int[boundary.length][];
        for (int i = 0; i < boundary.length; i++) {
            b[i] = boundary[i].clone();
        }
        return b;
    }

    @Override
    public BigInteger[] interiorScaled() {
        return interiorScaled.clone();
    }

    private static double[][] deep(double[][] a) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }

    @Override
    public String toString() {
        return "ConvexHull[dimension " + dimension() + (span.isFull() ? "" : " (reduced from " + span.ambientDimension() + ")") + ", " + vertices.length
                + " vertices, " + facets.size() + " facets, " + boundary.length + " boundary simplices]";
    }
}
