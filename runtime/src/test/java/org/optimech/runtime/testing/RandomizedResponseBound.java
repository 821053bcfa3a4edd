package org.optimech.runtime.testing;

/**
 * An independent bound for accounting tests: the ε at δ of randomized response at ε_g composed n_g times for each g, by
 * enumerating its binomial privacy losses. Every ε-DP mechanism is a post-processing of randomized response at ε
 * (Kairouz-Oh-Viswanath), so this bounds any composition of pure-DP releases with those ε's from above.
 */
public final class RandomizedResponseBound {
    private RandomizedResponseBound() {
    }

    /** The smallest ε' (to bisection precision) whose δ(ε') is at most {@code delta}. */
    public static double epsilonAt(double[] eps, int[] counts, double delta) {
        double lo = 0;
        double hi = 0;
        for (int g = 0; g < eps.length; g++) {
            hi += counts[g] * eps[g];
        }
        for (int it = 0; it < 200; it++) {
            double mid = (lo + hi) / 2;
            if (delta(eps, counts, 0, 0, 0, mid) <= delta) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /** δ(ε') = E[max(0, 1 − e^(ε' − L))] with L = Σ_g eps[g]·(n_g − 2 i_g), i_g ~ Bin(n_g, 1/(1 + e^eps[g])), by enumeration. */
    private static double delta(double[] eps, int[] counts, int g, double logP, double loss, double epsilonPrime) {
        if (g == eps.length) {
            return loss > epsilonPrime ? Math.exp(logP) * (1 - Math.exp(epsilonPrime - loss)) : 0;
        }
        int n = counts[g];
        double logKeep = eps[g] - Math.log1p(Math.exp(eps[g]));
        double logFlip = -Math.log1p(Math.exp(eps[g]));
        double sum = 0;
        double logChoose = 0;
        for (int i = 0; i <= n; i++) {
            if (i > 0) {
                logChoose += Math.log(n - i + 1) - Math.log(i);
            }
            sum += delta(eps, counts, g + 1, logP + logChoose + (n - i) * logKeep + i * logFlip, loss + eps[g] * (n - 2 * i), epsilonPrime);
        }
        return sum;
    }
}
