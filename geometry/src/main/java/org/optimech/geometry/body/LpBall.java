package org.optimech.geometry.body;

import java.math.BigInteger;
import org.apache.commons.math3.fraction.BigFraction;
import org.apache.commons.math3.special.Gamma;

/**
 * The unit balls of ℓ1, ℓ2 and ℓ∞ in d dimensions, with closed forms: volume, the second-moment
 * matrix M(K) = c·I of the uniform law, and the norm itself.
 */
public enum LpBall {
    /** The cross-polytope |x|₁ ≤ 1: volume 2^d/d!, M = 2/((d+1)(d+2))·I. */
    L1("l1"),
    /** The Euclidean ball: volume π^{d/2}/Γ(d/2+1), M = I/(d+2). */
    L2("l2"),
    /** The cube [−1,1]^d: volume 2^d, M = I/3. */
    LINF("linf");

    private final String json;

    LpBall(String json) {
        this.json = json;
    }

    /** The name used in problems and specs: {@code l1}, {@code l2}, {@code linf}. */
    public String json() {
        return json;
    }

    public static LpBall parse(String name) {
        for (LpBall b : values()) {
            if (b.json.equals(name)) {
                return b;
            }
        }
        throw new IllegalArgumentException("ball must be l1, l2 or linf. Provided value: " + name);
    }

    public double norm(double[] x) {
        double s = 0;
        switch (this) {
            case L1:
                for (double v : x) {
                    s += Math.abs(v);
                }
                return s;
            case L2:
                double scale = 0;
                for (double v : x) {
                    scale = Math.max(scale, Math.abs(v));
                }
                if (scale == 0) {
                    return 0;
                }
                for (double v : x) {
                    s += (v / scale) * (v / scale);
                }
                return scale * Math.sqrt(s);
            default:
                for (double v : x) {
                    s = Math.max(s, Math.abs(v));
                }
                return s;
        }
    }

    public double volume(int d) {
        requireDimension(d);
        switch (this) {
            case L2:
                return Math.exp(0.5 * d * Math.log(Math.PI) - Gamma.logGamma(0.5 * d + 1));
            default:
                return exactVolume(d).doubleValue();
        }
    }

    /**
     * The exact volume for ℓ1 and ℓ∞.
     *
     * @throws UnsupportedOperationException for ℓ2 (irrational)
     */
    public BigFraction exactVolume(int d) {
        requireDimension(d);
        switch (this) {
            case L1:
                BigInteger f = BigInteger.ONE;
                for (int i = 2; i <= d; i++) {
                    f = f.multiply(BigInteger.valueOf(i));
                }
                return new BigFraction(BigInteger.ONE.shiftLeft(d), f);
            case LINF:
                return new BigFraction(BigInteger.ONE.shiftLeft(d));
            default:
                throw new UnsupportedOperationException("the volume of the l2 ball is irrational; use volume(d)");
        }
    }

    /** c with M(K) = c·I (exact rational for every ball). */
    public BigFraction secondMomentScalar(int d) {
        requireDimension(d);
        switch (this) {
            case L1:
                return new BigFraction(2, (d + 1) * (d + 2));
            case L2:
                return new BigFraction(1, d + 2);
            default:
                return new BigFraction(1, 3);
        }
    }

    private static void requireDimension(int d) {
        if (d < 1) {
            throw new IllegalArgumentException("dimension must be >= 1. Provided value: " + d);
        }
    }
}
