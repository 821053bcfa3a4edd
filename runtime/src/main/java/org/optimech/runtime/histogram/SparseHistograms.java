package org.optimech.runtime.histogram;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.optimech.runtime.noise.DiscreteLaplace;
import org.optimech.runtime.random.RandomSource;

/**
 * Histogram releases under substitution (one record changes cell, so two counts move by one: ℓ1
 * sensitivity 2). Noise is the exact discrete Laplace P(z) ∝ e^{−ε|z|/2} per cell, the integer analogue of
 * Laplace noise with rate ε/2 (thesis §2.4.1), so the noisy counts are ε-DP with integer arithmetic only.
 *
 * <ul>
 *   <li>{@link #laplace}: every noisy count, negatives set to 0 (post-processing; the thesis's baseline).</li>
 *   <li>{@link #thresholded}: a cell is released only when its noisy count exceeds τ = (2/ε)·ln p, otherwise 0
 *       (post-processing with a data-independent threshold, so still ε-DP). The thesis (Prop. 2.4.3) bounds its
 *       expected ℓ1 error by (2q + 1)(ln p + 1)/ε when at most q cells are occupied.</li>
 *   <li>{@link #randomDp}: thesis §5.2.3 (5.2): when 2p ≤ γn, empty cells are released without noise. This is
 *       (ε, 0, γ)-random-DP, which is <b>not</b> differential privacy (ERRATA O3): with probability up to γ over
 *       the data the privacy guarantee fails. The condition is decided in exact arithmetic (ERRATA O4).</li>
 * </ul>
 */
public final class SparseHistograms {
    private SparseHistograms() {
    }

    /** A released histogram and what it guarantees. */
    public record Release(long[] counts, int released, String guarantee) {
        public Release {
            counts = counts.clone();
        }

        @Override
        public long[] counts() {
            return counts.clone();
        }
    }

    /**
     * The most ε values whose noise is kept: a release at a cached ε skips rebuilding the sampler's table (about 32 KB,
     * depending only on ε); a caller cycling through more values than this only rebuilds, never grows the cache.
     */
    static final int NOISE_CACHE_SIZE = 16;

    /**
     * Noise by ε (trailing zeros stripped, so 0.5 and 0.50 share one entry), least recently used dropped first. The
     * samplers are immutable and thread-safe, so one instance serves every thread; access is synchronized because a
     * LinkedHashMap in access order changes on every get.
     */
    private static final Map<BigDecimal, DiscreteLaplace> NOISE = new LinkedHashMap<>(2 * NOISE_CACHE_SIZE, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<BigDecimal, DiscreteLaplace> eldest) {
            return size() > NOISE_CACHE_SIZE;
        }
    };

    /** The discrete Laplace noise at rate ε/2, built once per ε (see {@link #NOISE}). */
    static DiscreteLaplace noise(BigDecimal epsilon) {
        Objects.requireNonNull(epsilon, "epsilon");
        if (epsilon.signum() <= 0) {
            throw new IllegalArgumentException("epsilon must be > 0. Provided value: " + epsilon);
        }
        BigDecimal key = epsilon.stripTrailingZeros();
        synchronized (NOISE) {
            DiscreteLaplace z = NOISE.get(key);
            if (z != null) {
                return z;
            }
        }
        // built outside the lock (two threads may both build one; either result is the same law)
        DiscreteLaplace z = DiscreteLaplace.of(key.divide(BigDecimal.valueOf(2)));
        synchronized (NOISE) {
            DiscreteLaplace raced = NOISE.putIfAbsent(key, z);
            return raced != null ? raced : z;
        }
    }

    /** How many ε values have their noise cached now (at most {@link #NOISE_CACHE_SIZE}). */
    static int cachedNoiseCount() {
        synchronized (NOISE) {
            return NOISE.size();
        }
    }

    private static void check(long[] counts) {
        if (counts.length < 2) {
            throw new IllegalArgumentException("a histogram needs at least 2 cells. Provided: " + counts.length);
        }
        for (int j = 0; j < counts.length; j++) {
            if (counts[j] < 0) {
                throw new IllegalArgumentException("counts must be >= 0; cell " + j + " has " + counts[j]);
            }
        }
    }

    /** τ = (2/ε)·ln p, the thesis's threshold (data-independent). */
    public static double threshold(int cells, BigDecimal epsilon) {
        return 2 / epsilon.doubleValue() * Math.log(cells);
    }

    /** The thesis's risk bound (2q + 1)(ln p + 1)/ε for at most q occupied cells (continuous Laplace; the study compares). */
    public static double riskBound(int cells, int occupied, double epsilon) {
        return (2.0 * occupied + 1) * (Math.log(cells) + 1) / epsilon;
    }

    /** Every cell plus discrete Laplace noise at rate ε/2, negatives set to 0. ε-DP. */
    public static Release laplace(long[] counts, BigDecimal epsilon, RandomSource bits) {
        check(counts);
        DiscreteLaplace z = noise(epsilon);
        long[] out = new long[counts.length];
        int released = 0;
        for (int j = 0; j < counts.length; j++) {
            out[j] = Math.max(0, counts[j] + z.sample(bits));
            released += out[j] > 0 ? 1 : 0;
        }
        return new Release(out, released, "pure-dp: epsilon = " + epsilon.toPlainString() + " (substitution; exact discrete Laplace noise)");
    }

    /** Cells whose noisy count exceeds τ = (2/ε)·ln p, the rest 0. ε-DP (post-processing). */
    public static Release thresholded(long[] counts, BigDecimal epsilon, RandomSource bits) {
        check(counts);
        DiscreteLaplace z = noise(epsilon);
        double tau = threshold(counts.length, epsilon);
        long[] out = new long[counts.length];
        int released = 0;
        for (int j = 0; j < counts.length; j++) {
            long v = counts[j] + z.sample(bits);
            if (v > tau) {
                out[j] = v;
                released++;
            }
        }
        return new Release(out, released, "pure-dp: epsilon = " + epsilon.toPlainString() + " (substitution; exact discrete Laplace noise, threshold "
                + tau + " as post-processing)");
    }

    /**
     * Whether 2p ≤ γn, decided exactly (ERRATA O4): the precondition under which (5.2) leaves empty cells without noise.
     */
    public static boolean emptyCellsMayBeExact(int cells, long n, BigDecimal gamma) {
        return new BigDecimal(BigInteger.valueOf(2L * cells)).compareTo(gamma.multiply(BigDecimal.valueOf(n))) <= 0;
    }

    /**
     * Thesis (5.2): noise on every cell, except that empty cells get none when 2p ≤ γn. The guarantee is (ε, 0, γ)-random
     * DP, NOT differential privacy: an adversary who knows a record is the only one in its cell can tell the empty neighbour apart.
     */
    public static Release randomDp(long[] counts, BigDecimal epsilon, BigDecimal gamma, RandomSource bits) {
        check(counts);
        Objects.requireNonNull(gamma, "gamma");
        if (gamma.signum() <= 0 || gamma.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("gamma must be in (0, 1). Provided value: " + gamma);
        }
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        boolean exactEmpty = emptyCellsMayBeExact(counts.length, n, gamma);
        DiscreteLaplace z = noise(epsilon);
        long[] out = new long[counts.length];
        int released = 0;
        for (int j = 0; j < counts.length; j++) {
            out[j] = counts[j] == 0 && exactEmpty ? 0 : Math.max(0, counts[j] + z.sample(bits));
            released += out[j] > 0 ? 1 : 0;
        }
        return new Release(out, released, "random-dp: (epsilon = " + epsilon.toPlainString() + ", delta = 0, gamma = " + gamma.toPlainString()
                + ") — NOT differential privacy (ERRATA O3); empty cells " + (exactEmpty ? "released without noise (2p <= gamma n)" : "noised (2p > gamma n)"));
    }
}
