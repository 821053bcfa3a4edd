package org.optimech.runtime.random;

import java.math.BigInteger;

/**
 * A source of independent, uniformly distributed bits. Samplers take one as a parameter so that the caller decides where
 * randomness comes from (and implementations need not be thread-safe: use one per thread). The production source is one
 * call away: {@link #secure()}.
 *
 * <p>The sources of this package are <b>bit-exact</b> ({@link BufferedRandomSource}): {@code nextBits(k)} consumes exactly
 * {@code k} bits of one stream, so a sampler that needs three bits pays for three, not for a 64-bit word. A plain
 * implementation that supplies only {@link #nextLong()} gets the simple defaults below, which spend a word per call.
 */
public interface RandomSource {
    /**
     * This thread's buffered secure source ({@link SecureRandomBits#forCurrentThread()}: a DRBG seeded by the platform's
     * entropy, fetched in blocks and handed out bit by bit): the default for production. It is confined to the calling
     * thread; another thread that uses it gets an {@link IllegalStateException} (each thread calls {@code secure()} itself).
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

    /**
     * The next {@code k} bits ({@code 1 ≤ k ≤ 32}) without consuming them, or −1 when this source cannot look ahead (the
     * default). A sampler that looks ahead must then take, with {@link #nextBits}, exactly the bits its walk used: the bits
     * it looked at and did not use stay the next bits of the stream and are never used twice.
     */
    default long peekBits(int k) {
        return -1;
    }

    /** One uniform bit, 0 or 1. */
    default int nextBit() {
        return (int) nextBits(1);
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
            r = r.shiftLeft(take).or(take == 64 ? new BigInteger(Long.toUnsignedString(bits)) : BigInteger.valueOf(bits));
            left -= take;
        }
        return r;
    }
}
