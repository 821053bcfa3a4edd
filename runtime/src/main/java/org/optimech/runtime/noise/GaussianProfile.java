package org.optimech.runtime.noise;

/**
 * The exact privacy profile of the Gaussian mechanism (Balle and Wang 2018, Theorem 8): adding N(0, σ²)
 * to a statistic of ℓ2 sensitivity Δ (or a Gaussian process whose RKHS distance between neighbours is at
 * most Δ) is (ε, δ)-DP exactly when δ ≥ Φ(Δ/(2σ) − εσ/Δ) − e^ε Φ(−Δ/(2σ) − εσ/Δ). The normal CDF is
 * computed from erfc by a Taylor series (|x| &lt; 2) or a Lentz continued fraction (relative error below
 * 1e-14 in both), and {@link #deltaUpperBound} widens the result so that floating-point error cannot
 * understate δ.
 */
public final class GaussianProfile {
    private GaussianProfile() {
    }

    /** erfc(x) for x ≥ 0. */
    static double erfc(double x) {
        if (x < 0) {
            return 2 - erfc(-x);
        }
        if (x < 2) {
            // erf(x) = 2/√π Σ (−1)^k x^(2k+1) / (k! (2k+1))
            double term = x;
            double sum = x;
            double x2 = x * x;
            for (int k = 1; k < 200; k++) {
                term *= -x2 / k;
                double add = term / (2 * k + 1);
                sum += add;
                if (Math.abs(add) < 1e-17 * Math.abs(sum)) {
                    break;
                }
            }
            return 1 - 2 / Math.sqrt(Math.PI) * sum;
        }
        // erfc(x) = exp(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + …))))), modified Lentz
        double tiny = 1e-300;
        double f = x;
        double c = x;
        double d = 0;
        for (int k = 1; k < 500; k++) {
            double a = k / 2.0;
            d = x + a * d;
            d = d == 0 ? tiny : d;
            c = x + a / c;
            c = c == 0 ? tiny : c;
            d = 1 / d;
            double delta = c * d;
            f *= delta;
            if (Math.abs(delta - 1) < 1e-16) {
                break;
            }
        }
        return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
    }

    /** The standard normal CDF. */
    public static double phi(double x) {
        return 0.5 * erfc(-x / Math.sqrt(2));
    }

    /**
     * The classical constant c(β) = √(2 ln(2/β)) (valid for ε ≤ 1 only, ERRATA G1) for a decimal β, rounded up:
     * √(2(ln 2 − ln β)) with ln β taken off the decimal itself (ln(unscaled) − scale·ln 10, truncated and lowered by a
     * relative 1e-14), so that a β below the double range (4.9e-324) has one and rounding never shrinks it. The designer
     * calibrates and the runtime re-checks with this one function.
     *
     * @throws IllegalArgumentException unless 0 &lt; β &lt; 1
     */
    public static double classicalConstantAtLeast(java.math.BigDecimal beta) {
        if (!(beta.signum() > 0 && beta.compareTo(java.math.BigDecimal.ONE) < 0)) {
            throw new IllegalArgumentException("beta must be in (0, 1). Provided value: " + beta);
        }
        java.math.BigInteger u = beta.unscaledValue();
        int shift = Math.max(0, u.bitLength() - 60);
        double ln = Math.log(u.shiftRight(shift).doubleValue()) + shift * Math.log(2) - beta.scale() * Math.log(10);
        ln -= 1e-14 * (1 + Math.abs(ln)); // far above the few ulps of the logarithms
        return Math.sqrt(2 * (Math.log(2) - ln)) * (1 + 1e-15);
    }

    /** δ(ε) of the Gaussian mechanism with sensitivity Δ and noise σ (floating point). */
    public static double delta(double epsilon, double sensitivity, double sigma) {
        double a = sensitivity / (2 * sigma);
        double b = epsilon * sigma / sensitivity;
        return phi(a - b) - Math.exp(epsilon) * phi(-a - b);
    }

    /**
     * An upper bound on δ(ε): each Φ is taken with a relative margin of 1e-9 in the direction that increases δ, plus an
     * absolute 1e-300 (far above the evaluation error of the series and continued fraction).
     */
    public static double deltaUpperBound(double epsilon, double sensitivity, double sigma) {
        double a = sensitivity / (2 * sigma);
        double b = epsilon * sigma / sensitivity;
        double first = phi(a - b) * (1 + 1e-9) + 1e-300;
        double second = Math.exp(epsilon) * phi(-a - b) * (1 - 1e-9);
        return Math.max(0, first - second);
    }

    /**
     * The smallest σ (to a relative 1e-9, then rounded up) with {@code deltaUpperBound(ε, Δ, σ) ≤ δ}: the analytic
     * calibration, exact where the classical c(β) = √(2 ln(2/β)) is only a sufficient condition (and only for ε ≤ 1;
     * ERRATA G1).
     */
    public static double calibrate(double epsilon, double sensitivity, double delta) {
        if (!(epsilon > 0) || !(sensitivity > 0) || !(delta > 0 && delta < 1)) {
            throw new IllegalArgumentException("epsilon and sensitivity must be > 0 and delta in (0, 1). Provided values: " + epsilon + ", " + sensitivity + ", "
                    + delta);
        }
        double lo = 0;
        double hi = sensitivity;
        while (deltaUpperBound(epsilon, sensitivity, hi) > delta) {
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (deltaUpperBound(epsilon, sensitivity, mid) > delta) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi * (1 + 1e-9);
    }
}
