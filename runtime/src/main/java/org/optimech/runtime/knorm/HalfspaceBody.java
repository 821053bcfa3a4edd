package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomSource;

/**
 * The body {x : normal_f·x ≤ offset_f for all f} ∩ box, sampled by rejection from the box (ERRATA K2:
 * the box encloses the <em>unit</em> body; the radius is drawn separately by {@link KNormSampler}).
 * The body is exactly that intersection, so a box that cuts the half-spaces changes the body, not the
 * privacy argument. A draw that needs more than {@code maxAttempts} proposals throws: returning a
 * point not drawn from the uniform law would break the guarantee silently.
 */
public final class HalfspaceBody implements UnitBody {
    private final int d;
    private final double[][] normals;
    private final double[] offsets;
    private final double[] lower;
    private final double[] width;
    private final double[] upper;
    private final int maxAttempts;

    private HalfspaceBody(double[][] normals, double[] offsets, double[] lower, double[] upper, int maxAttempts) {
        this.d = lower.length;
        this.normals = normals;
        this.offsets = offsets;
        this.lower = lower;
        this.upper = upper;
        this.maxAttempts = maxAttempts;
        this.width = new double[d];
        for (int j = 0; j < d; j++) {
            width[j] = upper[j] - lower[j];
        }
    }

    /**
     * @param normals facet normals, one row each, d entries
     * @param offsets facet offsets, each > 0 (the origin strictly inside)
     * @param lower the box's lower corner, each entry &lt; 0
     * @param upper the box's upper corner, each entry > 0
     * @param maxAttempts the most proposals one draw may use, ≥ 1
     */
    public static HalfspaceBody of(double[][] normals, double[] offsets, double[] lower, double[] upper, int maxAttempts) {
        int d = lower.length;
        if (d < 1 || upper.length != d) {
            throw new IllegalArgumentException("box corners must have the same dimension >= 1. Provided lengths: " + lower.length + ", " + upper.length);
        }
        for (int j = 0; j < d; j++) {
            if (!(lower[j] < 0) || !(upper[j] > 0) || Double.isInfinite(lower[j]) || Double.isInfinite(upper[j])) {
                throw new IllegalArgumentException("box must be finite with the origin strictly inside. Provided coordinate " + j + ": [" + lower[j] + ", "
                        + upper[j] + "]");
            }
        }
        if (normals.length == 0 || normals.length != offsets.length) {
            throw new IllegalArgumentException("normals and offsets must be non-empty and of equal length");
        }
        double[][] nc = new double[normals.length][];
        for (int f = 0; f < normals.length; f++) {
            if (normals[f].length != d || !(offsets[f] > 0) || Double.isInfinite(offsets[f])) {
                throw new IllegalArgumentException("facet " + f + " must have " + d + " normal coordinates and a finite offset > 0 (origin inside). Provided offset: "
                        + offsets[f]);
            }
            nc[f] = normals[f].clone();
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be >= 1. Provided value: " + maxAttempts);
        }
        return new HalfspaceBody(nc, offsets.clone(), lower.clone(), upper.clone(), maxAttempts);
    }

    @Override
    public int dimension() {
        return d;
    }

    @Override
    public String name() {
        return "halfspaces";
    }

    public int maxAttempts() {
        return maxAttempts;
    }

    /** Whether x satisfies every half-space (floating point) and lies in the box. */
    public boolean contains(double[] x) {
        for (int j = 0; j < d; j++) {
            if (x[j] < lower[j] || x[j] > upper[j]) {
                return false;
            }
        }
        for (int f = 0; f < offsets.length; f++) {
            double s = 0;
            for (int j = 0; j < d; j++) {
                s += normals[f][j] * x[j];
            }
            if (s > offsets[f]) {
                return false;
            }
        }
        return true;
    }

    /**
     * @throws IllegalStateException when no proposal is accepted within {@code maxAttempts}
     */
    @Override
    public double[] uniformPoint(RandomSource bits) {
        return BoxRejection.sample(lower, width, this::contains, maxAttempts, bits);
    }

    @Override
    public double norm(double[] x) {
        double g = BoxRejection.facetGauge(normals, offsets, x);
        for (int j = 0; j < d; j++) {
            g = Math.max(g, x[j] >= 0 ? x[j] / upper[j] : x[j] / lower[j]);
        }
        return g;
    }
}
