package org.optimech.runtime.accuracy;

import org.optimech.runtime.noise.GaussianProfile;

/** The closed-form tails the accuracy reports use: Gamma with integer shape, the normal, and their inverses (by bisection). */
final class ClosedForms {
    private ClosedForms() {
    }

    /** Q(k, x) = P(Gamma(k, 1) &gt; x) = e^-x Σ_{j&lt;k} x^j / j!, for integer k ≥ 1 and x ≥ 0 (summed in log space). */
    static double gammaUpper(int k, double x) {
        if (x <= 0) {
            return 1;
        }
        double logX = Math.log(x);
        double[] logTerms = new double[k];
        double max = Double.NEGATIVE_INFINITY;
        double logFactorial = 0;
        for (int j = 0; j < k; j++) {
            if (j > 0) {
                logFactorial += Math.log(j);
            }
            logTerms[j] = -x + j * logX - logFactorial;
            max = Math.max(max, logTerms[j]);
        }
        double s = 0;
        for (double t : logTerms) {
            s += Math.exp(t - max);
        }
        return Math.min(1, Math.exp(max) * s);
    }

    /** The x with Q(k, x) = p, p in (0, 1). */
    static double gammaUpperInverse(int k, double p) {
        return invertDecreasing(x -> gammaUpper(k, x), p, k + 10);
    }

    /** P(|V_j| &gt; v) for one coordinate of ℓ∞-ball K-norm noise in d dimensions at scale 1: Q(d+1, v) − v/d·Q(d, v). */
    static double linfCoordinateTail(int d, double v) {
        return Math.max(0, gammaUpper(d + 1, v) - v / d * gammaUpper(d, v));
    }

    /** The standard normal quantile: Φ(z) = p, p in (0, 1). */
    static double normalQuantile(double p) {
        // Φ is increasing: invert 1 − Φ, which is decreasing
        return invertDecreasing(z -> 1 - GaussianProfile.phi(z), 1 - p, 1.0) ;
    }

    /** x ≥ 0 with f(x) = p for a decreasing f (f(0) ≥ p), to a relative 1e-12, by doubling then bisection. */
    static double invertDecreasing(java.util.function.DoubleUnaryOperator f, double p, double start) {
        double lo = 0;
        double hi = Math.max(start, 1e-300);
        while (f.applyAsDouble(hi) > p) {
            lo = hi;
            hi *= 2;
            if (Double.isInfinite(hi)) {
                throw new IllegalStateException("no finite solution for probability " + p);
            }
        }
        for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (f.applyAsDouble(mid) > p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }
}
