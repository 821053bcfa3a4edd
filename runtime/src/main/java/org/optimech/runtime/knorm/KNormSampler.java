package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomSource;

/**
 * The K-norm mechanism: releases t + V with V = r·U, r ~ Gamma(d+1, scale Δ/ε) drawn once per release
 * and U uniform in the unit body (ERRATA K1: a Gamma(d) radius with U inside K, or Gamma(d+1) with U on
 * the boundary, is the common bug). Density ∝ exp(−ε‖v‖_K/Δ): ε-DP for every pair of neighbours whose
 * statistics differ by a vector of K-norm at most Δ. Floating point: {@link #numerics()} is
 * {@code idealized}. Thread-safe; each call takes its own randomness source.
 */
public final class KNormSampler {
    private final UnitBody body;
    private final double sensitivity;
    private final double epsilon;
    private final double scale;
    private final double[][] embedding; // null, or ambient × body dimension (ERRATA K12)

    private KNormSampler(UnitBody body, double sensitivity, double epsilon, double[][] embedding) {
        this.body = body;
        this.sensitivity = sensitivity;
        this.epsilon = epsilon;
        this.scale = sensitivity / epsilon;
        this.embedding = embedding;
    }

    public static KNormSampler of(UnitBody body, double sensitivity, double epsilon) {
        if (!(sensitivity > 0) || Double.isInfinite(sensitivity)) {
            throw new IllegalArgumentException("sensitivity must be > 0 and finite. Provided value: " + sensitivity);
        }
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be > 0 and finite. Provided value: " + epsilon);
        }
        return new KNormSampler(body, sensitivity, epsilon, null);
    }

    /**
     * The same mechanism for a statistic whose adjacent output space spans a proper subspace (ERRATA K12): the
     * noise is drawn in the subspace's coordinates (Gamma shape = its dimension + 1) and mapped by
     * {@code embedding} (ambient dimension × subspace dimension, columns spanning the subspace).
     */
    public KNormSampler inSubspace(double[][] embedding) {
        int r = body.dimension();
        if (embedding.length == 0) {
            throw new IllegalArgumentException("embedding must have at least one row");
        }
        double[][] e = new double[embedding.length][];
        for (int i = 0; i < embedding.length; i++) {
            if (embedding[i].length != r) {
                throw new IllegalArgumentException("embedding rows must have " + r + " entries (the body's dimension). Row " + i + " has "
                        + embedding[i].length);
            }
            for (double v : embedding[i]) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("embedding entries must be finite");
                }
            }
            e[i] = embedding[i].clone();
        }
        return new KNormSampler(body, sensitivity, epsilon, e);
    }

    /** The dimension of the statistic (the ambient one when embedded). */
    public int dimension() {
        return embedding == null ? body.dimension() : embedding.length;
    }

    public UnitBody body() {
        return body;
    }

    public double sensitivity() {
        return sensitivity;
    }

    public double epsilon() {
        return epsilon;
    }

    /** Always {@code idealized}: floating-point sampling (see the package documentation). */
    public String numerics() {
        return "idealized";
    }

    /** One noise vector. */
    public double[] noise(RandomSource bits) {
        int d = body.dimension();
        // shape = the span's dimension + 1: a body in a hyperplane (the permutohedron) has one dimension less than its points
        double r = Continuous.gamma(body.spanDimension() + 1, scale, bits);
        double[] u = body.uniformPoint(bits);
        for (int j = 0; j < d; j++) {
            u[j] *= r;
        }
        if (embedding == null) {
            return u;
        }
        double[] x = new double[embedding.length];
        for (int i = 0; i < x.length; i++) {
            double s = 0;
            for (int j = 0; j < d; j++) {
                s += embedding[i][j] * u[j];
            }
            x[i] = s;
        }
        return x;
    }

    /** t plus one noise vector. */
    public double[] release(double[] statistic, RandomSource bits) {
        if (statistic.length != dimension()) {
            throw new IllegalArgumentException("statistic must have " + dimension() + " coordinates. Provided length: " + statistic.length);
        }
        double[] v = noise(bits);
        for (int j = 0; j < v.length; j++) {
            if (!Double.isFinite(statistic[j])) {
                throw new IllegalArgumentException("statistic coordinate " + j + " must be finite. Provided value: " + statistic[j]);
            }
            v[j] += statistic[j];
        }
        return v;
    }
}
