package org.optimech.runtime.audit;

import java.util.function.ToIntFunction;
import org.apache.commons.math3.distribution.BetaDistribution;
import org.optimech.runtime.random.RandomSource;

/**
 * An empirical privacy audit (in the style of Google's DP stochastic tester): sample a mechanism at two
 * neighbouring inputs, count outputs per bin, and look for a bin where the probabilities' ratio provably
 * exceeds e^ε. Each probability gets a Clopper–Pearson interval at level α/(4B) (B bins, two directions,
 * two interval ends), so for a mechanism that really is ε-DP the audit reports a violation with
 * probability at most α: the false-failure probability. A violation is reported only when the lower
 * bound on one side exceeds e^ε times the upper bound on the other, so it is evidence, never an estimate.
 *
 * <p>It also reports the largest certified lower bound on ln(p_x(b)/p_x'(b)) over the bins: an empirical
 * lower bound on the mechanism's ε (an audit finds violations; it cannot prove privacy).
 */
public final class PrivacyAudit {
    private PrivacyAudit() {
    }

    /**
     * @param violation whether some bin's ratio provably exceeds e^ε
     * @param epsilonLowerBound the largest certified lower bound on a bin's log ratio (0 if none is positive)
     * @param worstBin the bin attaining it
     */
    public record Result(boolean violation, double epsilonLowerBound, int worstBin, long samples) {
    }

    /**
     * @param atX draws one output bin in [0, bins) for input x
     * @param atNeighbour the same for the neighbouring input x'
     * @param alpha the false-failure probability for an ε-DP mechanism
     */
    public static Result audit(ToIntFunction<RandomSource> atX, ToIntFunction<RandomSource> atNeighbour, int bins, double epsilon, int samples, double alpha,
            RandomSource bits) {
        long[] cx = new long[bins];
        long[] cy = new long[bins];
        for (int i = 0; i < samples; i++) {
            cx[atX.applyAsInt(bits)]++;
            cy[atNeighbour.applyAsInt(bits)]++;
        }
        double level = alpha / (4.0 * bins);
        double best = 0;
        int worst = -1;
        boolean violation = false;
        for (int b = 0; b < bins; b++) {
            double[] x = clopperPearson(cx[b], samples, level);
            double[] y = clopperPearson(cy[b], samples, level);
            for (int dir = 0; dir < 2; dir++) {
                double lo = dir == 0 ? x[0] : y[0];
                double hi = dir == 0 ? y[1] : x[1];
                if (lo <= 0) {
                    continue;
                }
                double lnRatio = hi <= 0 ? Double.POSITIVE_INFINITY : Math.log(lo / hi);
                if (lnRatio > best) {
                    best = lnRatio;
                    worst = b;
                }
                if (lnRatio > epsilon) {
                    violation = true;
                }
            }
        }
        return new Result(violation, best, worst, samples);
    }

    /** {lower, upper} Clopper–Pearson bounds for k successes in n trials, each end at one-sided level {@code level}. */
    static double[] clopperPearson(long k, long n, double level) {
        double lo = k == 0 ? 0 : new BetaDistribution(k, n - k + 1).inverseCumulativeProbability(level);
        double hi = k == n ? 1 : new BetaDistribution(k + 1, n - k).inverseCumulativeProbability(1 - level);
        return new double[] {lo, hi};
    }

    /** The bin of a real value: B − 2 equal bins on [lo, hi] plus one tail bin on each side. */
    public static int bin(double v, double lo, double hi, int bins) {
        if (v < lo) {
            return 0;
        }
        if (v >= hi) {
            return bins - 1;
        }
        return 1 + Math.min(bins - 3, (int) ((v - lo) / (hi - lo) * (bins - 2)));
    }
}
