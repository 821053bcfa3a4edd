package org.optimech.geometry.body;

import java.math.BigInteger;
import org.apache.commons.math3.special.Gamma;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.knorm.LpNorm;

/**
 * Closed forms of the unit balls of ℓ1, ℓ2 and ℓ∞ ({@link LpNorm}) in d dimensions: volume and the second-moment matrix
 * M(K) = c·I of the uniform law. The cross-polytope has volume 2^d/d! and M = 2/((d+1)(d+2))·I, the Euclidean ball
 * π^{d/2}/Γ(d/2+1) and I/(d+2), the cube 2^d and I/3.
 */
public final class LpBalls {
    private LpBalls() {
    }

    /**
     * sup of ‖x‖_b over the unit ball of a in d dimensions: 1 when a's norm dominates (ℓ1 ⊂ ℓ2 ⊂ ℓ∞), otherwise the corner
     * factor (√d for ℓ2 in ℓ1 and ℓ∞ in ℓ2, d for ℓ∞ in ℓ1). The scaled ball Δ_a·B_a lies inside Δ_b·B_b iff Δ_a·factor ≤ Δ_b.
     */
    public static double inclusionFactor(LpNorm a, LpNorm b, int d) {
        if (a.ordinal() <= b.ordinal()) {
            return 1;
        }
        if (a == LpNorm.L2) {
            return Math.sqrt(d);
        }
        return b == LpNorm.L1 ? d : Math.sqrt(d);
    }

    /** The volume (ℓ2 through log Γ; ℓ1 and ℓ∞ rounded once from the exact value). */
    public static double volume(LpNorm ball, int d) {
        requireDimension(d);
        switch (ball) {
            case L2:
                return Math.exp(0.5 * d * Math.log(Math.PI) - Gamma.logGamma(0.5 * d + 1));
            default:
                return exactVolume(ball, d).doubleValue();
        }
    }

    /** The natural logarithm of the volume, finite at any dimension (the volume itself under- or overflows a double near d = 170). */
    public static double logVolume(LpNorm ball, int d) {
        requireDimension(d);
        switch (ball) {
            case L1:
                return d * Math.log(2) - Gamma.logGamma(d + 1.0);
            case L2:
                return 0.5 * d * Math.log(Math.PI) - Gamma.logGamma(0.5 * d + 1);
            default:
                return d * Math.log(2);
        }
    }

    /**
     * The exact volume for ℓ1 and ℓ∞.
     *
     * @throws UnsupportedOperationException for ℓ2 (irrational)
     */
    public static Rational exactVolume(LpNorm ball, int d) {
        requireDimension(d);
        switch (ball) {
            case L1:
                BigInteger f = BigInteger.ONE;
                for (int i = 2; i <= d; i++) {
                    f = f.multiply(BigInteger.valueOf(i));
                }
                return new Rational(BigInteger.ONE.shiftLeft(d), f);
            case LINF:
                return Rational.of(BigInteger.ONE.shiftLeft(d));
            default:
                throw new UnsupportedOperationException("the volume of the l2 ball is irrational; use volume(L2, d)");
        }
    }

    /** c with M(K) = c·I (exact rational for every ball). */
    public static Rational secondMomentScalar(LpNorm ball, int d) {
        requireDimension(d);
        switch (ball) {
            case L1:
                return new Rational(BigInteger.TWO, BigInteger.valueOf((long) (d + 1) * (d + 2)));
            case L2:
                return new Rational(BigInteger.ONE, BigInteger.valueOf(d + 2L));
            default:
                return new Rational(BigInteger.ONE, BigInteger.valueOf(3));
        }
    }

    /** {@link #secondMomentScalar} as the reports' notes write it ("2 / 15", with spaces, the format they have always had). */
    public static String secondMomentScalarNote(LpNorm ball, int d) {
        Rational c = secondMomentScalar(ball, d);
        return c.denominator().equals(BigInteger.ONE) ? c.numerator().toString() : c.numerator() + " / " + c.denominator();
    }

    private static void requireDimension(int d) {
        if (d < 1) {
            throw new IllegalArgumentException("dimension must be >= 1. Provided value: " + d);
        }
    }
}
