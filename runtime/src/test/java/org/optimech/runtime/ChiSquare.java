package org.optimech.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.distribution.ChiSquaredDistribution;

/** Test-only χ² goodness of fit at a fixed false-failure probability. */
public final class ChiSquare {
    /** False-failure probability of one {@link #assertFits} call. */
    public static final double ALPHA = 1e-7;

    private ChiSquare() {
    }

    /** χ² statistic of counts against probabilities, tail cells pooled so every expected count is ≥ 5. */
    public static void assertFits(long[] counts, double[] probabilities, long n, String what) {
        double chi2 = 0;
        int df = -1;
        double pooledE = 0;
        long pooledO = 0;
        for (int k = 0; k < counts.length; k++) {
            double e = probabilities[k] * n;
            if (e < 5) {
                pooledE += e;
                pooledO += counts[k];
                continue;
            }
            chi2 += (counts[k] - e) * (counts[k] - e) / e;
            df++;
        }
        if (pooledE > 0) {
            chi2 += (pooledO - pooledE) * (pooledO - pooledE) / Math.max(pooledE, 1e-300);
            df++;
        }
        double limit = new ChiSquaredDistribution(Math.max(df, 1)).inverseCumulativeProbability(1 - ALPHA);
        assertTrue(chi2 < limit, what + ": chi2 = " + chi2 + " over " + df + " df, limit " + limit);
    }

}
