package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomBits;

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

    private KNormSampler(UnitBody body, double sensitivity, double epsilon) {
        this.body = body;
        this.sensitivity = sensitivity;
        this.epsilon = epsilon;
        this.scale = sensitivity / epsilon;
    }

    public static KNormSampler of(UnitBody body, double sensitivity, double epsilon) {
        if (!(sensitivity > 0) || Double.isInfinite(sensitivity)) {
            throw new IllegalArgumentException("sensitivity must be > 0 and finite. Provided value: " + sensitivity);
        }
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be > 0 and finite. Provided value: " + epsilon);
        }
        return new KNormSampler(body, sensitivity, epsilon);
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
    public double[] noise(RandomBits bits) {
        int d = body.dimension();
        double r = Continuous.gamma(d + 1, scale, bits);
        double[] u = body.uniformPoint(bits);
        for (int j = 0; j < d; j++) {
            u[j] *= r;
        }
        return u;
    }

    /** t plus one noise vector. */
    public double[] release(double[] statistic, RandomBits bits) {
        if (statistic.length != body.dimension()) {
            throw new IllegalArgumentException("statistic must have " + body.dimension() + " coordinates. Provided length: " + statistic.length);
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
