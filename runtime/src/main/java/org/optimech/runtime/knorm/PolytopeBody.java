package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomSource;

/**
 * A polytope with the origin inside, given by a cone triangulation from the origin (each simplex is the
 * origin plus d vertices) and its facets (normal·x ≤ offset). A uniform point: pick a simplex in
 * proportion to its volume (Walker's alias table), then a uniform point of the simplex (flat Dirichlet
 * weights from the spacings of sorted uniforms).
 */
public final class PolytopeBody implements UnitBody {
    private final int d;
    private final double[][][] simplices;
    private final double[] prob;
    private final int[] alias;
    private final double[][] normals;
    private final double[] offsets;

    private PolytopeBody(int d, double[][][] simplices, double[] prob, int[] alias, double[][] normals, double[] offsets) {
        this.d = d;
        this.simplices = simplices;
        this.prob = prob;
        this.alias = alias;
        this.normals = normals;
        this.offsets = offsets;
    }

    /**
     * @param simplices simplices[i][k] is vertex k (of d) of simplex i; the origin is the apex
     * @param volumes relative volumes of the simplices (positive, any scale)
     * @param normals facet normals, one row each
     * @param offsets facet offsets, each > 0 (the origin strictly inside)
     */
    public static PolytopeBody of(double[][][] simplices, double[] volumes, double[][] normals, double[] offsets) {
        if (simplices.length == 0 || simplices.length != volumes.length) {
            throw new IllegalArgumentException("simplices and volumes must be non-empty and of equal length. Provided lengths: " + simplices.length + ", "
                    + volumes.length);
        }
        int d = simplices[0].length;
        double total = 0;
        for (int i = 0; i < simplices.length; i++) {
            if (simplices[i].length != d) {
                throw new IllegalArgumentException("simplex " + i + " must have " + d + " vertices besides the origin");
            }
            for (double[] v : simplices[i]) {
                if (v.length != d) {
                    throw new IllegalArgumentException("simplex " + i + " has a vertex with " + v.length + " coordinates; expected " + d);
                }
            }
            if (!(volumes[i] > 0) || Double.isInfinite(volumes[i])) {
                throw new IllegalArgumentException("volumes[" + i + "] must be > 0 and finite. Provided value: " + volumes[i]);
            }
            total += volumes[i];
        }
        if (normals.length == 0 || normals.length != offsets.length) {
            throw new IllegalArgumentException("normals and offsets must be non-empty and of equal length");
        }
        for (int f = 0; f < offsets.length; f++) {
            if (!(offsets[f] > 0) || Double.isInfinite(offsets[f]) || normals[f].length != d) {
                throw new IllegalArgumentException("facet " + f + " must have " + d + " normal coordinates and an offset > 0 (origin inside). Provided offset: "
                        + offsets[f]);
            }
        }
        // Walker/Vose alias table
        int n = volumes.length;
        double[] p = new double[n];
        int[] a = new int[n];
        double[] scaled = new double[n];
        int[] small = new int[n];
        int[] large = new int[n];
        int ns = 0;
        int nl = 0;
        for (int i = 0; i < n; i++) {
            scaled[i] = volumes[i] / total * n;
            if (scaled[i] < 1) {
                small[ns++] = i;
            } else {
                large[nl++] = i;
            }
        }
        while (ns > 0 && nl > 0) {
            int s = small[--ns];
            int l = large[--nl];
            p[s] = scaled[s];
            a[s] = l;
            scaled[l] = scaled[l] + scaled[s] - 1;
            if (scaled[l] < 1) {
                small[ns++] = l;
            } else {
                large[nl++] = l;
            }
        }
        while (nl > 0) {
            p[large[--nl]] = 1;
        }
        while (ns > 0) {
            p[small[--ns]] = 1; // rounding leftovers
        }
        double[][][] sc = new double[n][][];
        for (int i = 0; i < n; i++) {
            sc[i] = new double[d][];
            for (int k = 0; k < d; k++) {
                sc[i][k] = simplices[i][k].clone();
            }
        }
        double[][] nc = new double[normals.length][];
        for (int f = 0; f < normals.length; f++) {
            nc[f] = normals[f].clone();
        }
        return new PolytopeBody(d, sc, p, a, nc, offsets.clone());
    }

    @Override
    public int dimension() {
        return d;
    }

    @Override
    public String name() {
        return "polytope";
    }

    /** The index of a simplex drawn in proportion to volume. */
    int simplex(RandomSource bits) {
        int n = prob.length;
        int i = (int) (Continuous.openUniform(bits) * n);
        return Continuous.openUniform(bits) < prob[i] ? i : alias[i];
    }

    /**
     * A uniform point of simplex i (the origin and its d vertices): flat Dirichlet weights as the spacings of d sorted
     * uniforms (no logarithms); the weight left over goes to the origin.
     */
    double[] pointIn(int i, RandomSource bits) {
        double[] w = new double[d];
        for (int k = 0; k < d; k++) {
            w[k] = Continuous.openUniform(bits);
        }
        java.util.Arrays.sort(w);
        double[] u = new double[d];
        double prev = 0;
        for (int k = 0; k < d; k++) {
            double c = w[k] - prev;
            prev = w[k];
            double[] v = simplices[i][k];
            for (int j = 0; j < d; j++) {
                u[j] += c * v[j];
            }
        }
        return u;
    }

    @Override
    public double[] uniformPoint(RandomSource bits) {
        return pointIn(simplex(bits), bits);
    }

    @Override
    public double norm(double[] x) {
        return BoxRejection.facetGauge(normals, offsets, x);
    }
}
