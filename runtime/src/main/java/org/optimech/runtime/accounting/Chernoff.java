package org.optimech.runtime.accounting;

/**
 * Tail bounds for the sum S of n independent grid indices drawn from a sub-probability vector a (index k with mass a[k]):
 * P(S &gt; t) ≤ e^{−λ(t+1)}·M(λ)^n and P(S &lt; t) ≤ e^{λ(t−1)}·M(−λ)^n for every λ &gt; 0, with M(λ) = Σ a_k e^{λk} (Markov's
 * inequality on e^{±λS}; it holds for a sub-probability measure too). Any λ gives a valid bound, so λ is only searched for
 * (golden section on log λ); the exponent is rounded up by far more than its floating-point error.
 */
final class Chernoff {
    private Chernoff() {
    }

    /** An upper bound on P(S &gt; t). */
    static double above(double[] a, long n, long t) {
        return bound(a, n, t + 1, 1);
    }

    /** An upper bound on P(S &lt; t). */
    static double below(double[] a, long n, long t) {
        return t <= 0 ? 0 : bound(a, n, t - 1, -1);
    }

    /** min over λ of exp(−sign·λ·t + n·log M(sign·λ)), for sign·S ≥ sign·t. */
    private static double bound(double[] a, long n, long t, int sign) {
        int count = 0;
        for (double x : a) {
            count += x > 0 ? 1 : 0;
        }
        int[] k = new int[count];
        double[] m = new double[count];
        int j = 0;
        double mean = 0;
        double total = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > 0) {
                k[j] = i;
                m[j++] = a[i];
                mean += a[i] * i;
                total += a[i];
            }
        }
        if (count == 0) {
            return 0;
        }
        mean /= total;
        double var = 0;
        for (int i = 0; i < count; i++) {
            var += m[i] * (k[i] - mean) * (k[i] - mean);
        }
        double sd = Math.sqrt(Math.max(var / total, 1e-12));
        // golden section over log λ in [log(1e-6/sd), log(1e3/sd)]: the exponent is convex in λ, and any λ is valid
        double lo = Math.log(1e-6 / sd);
        double hi = Math.log(1e3 / sd);
        double g = (Math.sqrt(5) - 1) / 2;
        double x1 = hi - g * (hi - lo);
        double x2 = lo + g * (hi - lo);
        double f1 = exponent(k, m, n, t, sign, Math.exp(x1));
        double f2 = exponent(k, m, n, t, sign, Math.exp(x2));
        for (int it = 0; it < 60; it++) {
            if (f1 < f2) {
                hi = x2;
                x2 = x1;
                f2 = f1;
                x1 = hi - g * (hi - lo);
                f1 = exponent(k, m, n, t, sign, Math.exp(x1));
            } else {
                lo = x1;
                x1 = x2;
                f1 = f2;
                x2 = lo + g * (hi - lo);
                f2 = exponent(k, m, n, t, sign, Math.exp(x2));
            }
        }
        return Math.min(1, Math.exp(Math.min(f1, f2)));
    }

    /** −sign·λ·t + n·log Σ m_i e^{sign·λ·k_i}, by a shifted log-sum-exp, rounded up generously. */
    private static double exponent(int[] k, double[] m, long n, long t, int sign, double lambda) {
        double shift = Double.NEGATIVE_INFINITY;
        for (int ki : k) {
            shift = Math.max(shift, sign * lambda * ki);
        }
        double sum = 0;
        for (int i = 0; i < k.length; i++) {
            sum += m[i] * Math.exp(sign * lambda * k[i] - shift);
        }
        double logM = shift + Math.log(sum);
        double x = -sign * lambda * t + n * logM;
        // each exp/log within a few ulps; relative to the magnitudes involved this is far more than that
        return x + 1e-9 * (Math.abs(sign * lambda * t) + n * (Math.abs(shift) + Math.abs(Math.log(sum)) + 1)) + 1e-12;
    }
}
