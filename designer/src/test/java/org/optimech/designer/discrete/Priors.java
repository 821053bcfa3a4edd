package org.optimech.designer.discrete;

import java.util.SplittableRandom;

/** Test helper: the priors the cross-checks sample from. */
public final class Priors {
    private Priors() {
    }

    /** "uniform", "dirichlet" (Dirichlet(1,…,1) from {@code rng}) or otherwise binomial(n, 0.3), over 0..n. */
    public static double[] of(String kind, int n, SplittableRandom rng) {
        double[] p = new double[n + 1];
        double sum = 0;
        for (int i = 0; i <= n; i++) {
            p[i] = switch (kind) {
                case "uniform" -> 1;
                case "dirichlet" -> -Math.log(1 - rng.nextDouble());
                default -> Math.exp(logBinomial(n, i, 0.3));
            };
            sum += p[i];
        }
        for (int i = 0; i <= n; i++) {
            p[i] /= sum;
        }
        return p;
    }

    static double logBinomial(int n, int k, double q) {
        double logC = 0;
        for (int i = 1; i <= k; i++) {
            logC += Math.log(n - k + i) - Math.log(i);
        }
        return logC + k * Math.log(q) + (n - k) * Math.log(1 - q);
    }
}
