package org.optimech.runtime.random;

import java.math.BigInteger;

/**
 * A source of independent, uniformly distributed bits. Samplers take one as a parameter so that
 * the caller decides where randomness comes from (and implementations need not be thread-safe:
 * use one per thread). The production source is one call away: {@link #secure()}.
 */
public interface RandomSource {
    /**
     * This thread's buffered {@link java.security.SecureRandom} source ({@link SecureRandomBits#forCurrentThread()}):
     * the default for production. Use it from the calling thread only.
     */
    static RandomSource secure() {
        return SecureRandomBits.forCurrentThread();
    }

    /** 64 uniform bits. */
    long nextLong();

    /** {@code k} uniform bits in the low end of a long, {@code 0 ≤ k ≤ 64}. */
    default long nextBits(int k) {
        if (k < 0 || k > 64) {
            throw new IllegalArgumentException("k must be in 0..64. Provided value: " + k);
        }
        return k == 0 ? 0L : nextLong() >>> (64 - k);
    }

    /** A uniform integer in {@code [0, 2^k)}, {@code k ≥ 0}. */
    default BigInteger nextBigBits(int k) {
        if (k < 0) {
            throw new IllegalArgumentException("k must be >= 0. Provided value: " + k);
        }
        BigInteger r = BigInteger.ZERO;
        int left = k;
        while (left > 0) {
            int take = Math.min(64, left);
            long bits = nextBits(take);
            r = r.shiftLeft(take).or(new BigInteger(Long.toUnsignedString(bits)));
            left -= take;
        }
        return r;
    }
}
