package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomSource;

/** The unit balls of ℓ1, ℓ2 and ℓ∞ ({@link LpNorm}) in d dimensions, each with a direct uniform sampler. */
public final class LpBody implements UnitBody {
    private final LpNorm norm;
    private final int d;

    private LpBody(LpNorm norm, int d) {
        this.norm = norm;
        this.d = d;
    }

    public static LpBody of(LpNorm norm, int dimension) {
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be >= 1. Provided value: " + dimension);
        }
        return new LpBody(norm, dimension);
    }

    @Override
    public int dimension() {
        return d;
    }

    @Override
    public String name() {
        return norm.json();
    }

    @Override
    public double[] uniformPoint(RandomSource bits) {
        double[] u = new double[d];
        switch (norm) {
            case L1: {
                // (E_1..E_d)/(E_0+..+E_d) is uniform in the simplex {x ≥ 0, Σx ≤ 1}; random signs give the cross-polytope
                double total = Continuous.exponential(bits);
                for (int j = 0; j < d; j++) {
                    u[j] = Continuous.exponential(bits);
                    total += u[j];
                }
                for (int j = 0; j < d; j++) {
                    u[j] = Continuous.sign(bits) * u[j] / total;
                }
                return u;
            }
            case L2: {
                double s = 0;
                for (int j = 0; j < d; j++) {
                    u[j] = Continuous.normal(bits);
                    s += u[j] * u[j];
                }
                double radius = Math.pow(Continuous.openUniform(bits), 1.0 / d) / Math.sqrt(s);
                for (int j = 0; j < d; j++) {
                    u[j] *= radius;
                }
                return u;
            }
            default:
                for (int j = 0; j < d; j++) {
                    u[j] = Continuous.symmetricUniform(bits);
                }
                return u;
        }
    }

    @Override
    public double norm(double[] x) {
        return norm.of(x);
    }
}
