package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomSource;

/** Shared pieces of the structured bodies: argument checks, the gauge of Q = [0, 1]^m ∩ {Σx ≤ k}, orthant classes, subsets. */
final class StructuredBodies {
    private StructuredBodies() {
    }

    static void check(int d, int k) {
        if (d < 1) {
            throw new IllegalArgumentException("dimension must be >= 1. Provided value: " + d);
        }
        if (k < 1 || k > d) {
            throw new IllegalArgumentException("k must be in [1, dimension = " + d + "]. Provided value: " + k);
        }
    }

    /** The gauge of Q at a non-negative vector: max(max x, Σx/k). */
    static double gaugeQ(double[] x, int k) {
        double max = 0;
        double sum = 0;
        for (double v : x) {
            max = Math.max(max, v);
            sum += v;
        }
        return Math.max(max, sum / k);
    }

    /** The positive and negative parts' gauges of Q: {g(x₊), g(x₋)}. */
    static double[] partGauges(double[] x, int k) {
        double maxP = 0;
        double sumP = 0;
        double maxN = 0;
        double sumN = 0;
        for (double v : x) {
            if (v > 0) {
                maxP = Math.max(maxP, v);
                sumP += v;
            } else {
                maxN = Math.max(maxN, -v);
                sumN -= v;
            }
        }
        return new double[] {Math.max(maxP, sumP / k), Math.max(maxN, sumN / k)};
    }

    /** ln Σ_j e^{w_j}, the largest term scaled to 1 first (a sum of positive terms: relative error a few ulps per term). */
    static double logSumOfLogWeights(double[] logWeights) {
        double top = Double.NEGATIVE_INFINITY;
        for (double v : logWeights) {
            top = Math.max(top, v);
        }
        double sum = 0;
        for (double v : logWeights) {
            sum += Math.exp(v - top);
        }
        return top + Math.log(sum);
    }

    /**
     * The cumulative distribution over j = 0 … d of weights given by their logarithms (the largest is scaled to 1 first, so
     * none overflows).
     */
    static double[] cdfOfLogWeights(double[] logWeights) {
        double max = Double.NEGATIVE_INFINITY;
        for (double w : logWeights) {
            max = Math.max(max, w);
        }
        double[] cdf = new double[logWeights.length];
        double s = 0;
        for (int j = 0; j < cdf.length; j++) {
            s += Math.exp(logWeights[j] - max);
            cdf[j] = s;
        }
        for (int j = 0; j < cdf.length; j++) {
            cdf[j] /= s;
        }
        cdf[cdf.length - 1] = 1;
        return cdf;
    }

    /** An index drawn from a cumulative distribution. */
    static int draw(double[] cdf, RandomSource bits) {
        double u = Continuous.openUniform(bits);
        int lo = 0;
        int hi = cdf.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (u < cdf[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** log C(d, j) for j = 0 … d. */
    static double[] logBinomials(int d) {
        double[] lf = new double[d + 1];
        for (int i = 1; i <= d; i++) {
            lf[i] = lf[i - 1] + Math.log(i);
        }
        double[] out = new double[d + 1];
        for (int j = 0; j <= d; j++) {
            out[j] = lf[d] - lf[j] - lf[d - j];
        }
        return out;
    }

    /** A uniformly random permutation of 0 … d − 1 whose first j entries are a uniform j-subset (partial Fisher–Yates, exact integers). */
    static int[] randomSubsetFirst(int d, int j, RandomSource bits) {
        int[] idx = new int[d];
        for (int i = 0; i < d; i++) {
            idx[i] = i;
        }
        int stop = Math.min(j, d - 1);
        for (int i = 0; i < stop; i++) {
            int r = i + (int) org.optimech.runtime.noise.ExactBernoulli.uniformBelow(d - i, bits);
            int t = idx[i];
            idx[i] = idx[r];
            idx[r] = t;
        }
        return idx;
    }
}
