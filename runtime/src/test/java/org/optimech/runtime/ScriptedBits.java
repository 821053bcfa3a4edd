package org.optimech.runtime;

import java.math.BigInteger;
import org.optimech.runtime.random.RandomSource;

/**
 * Test-only bit-exact bits: the {@code length} bits of a number, most significant first, then a refusal. Feeding every
 * number below 2^length through a sampler that reads at most {@code length} bits weighs each outcome by exactly its
 * probability, so exhaustive tests can check a distribution exactly.
 */
public final class ScriptedBits implements RandomSource {
    private final BigInteger bits;
    private final int length;
    private int used;

    public ScriptedBits(BigInteger bits, int length) {
        this.bits = bits;
        this.length = length;
    }

    public ScriptedBits(long bits, int length) {
        this(BigInteger.valueOf(bits), length);
    }

    @Override
    public long nextLong() {
        return nextBits(64);
    }

    @Override
    public long nextBits(int k) {
        if (k < 0 || k > 64) {
            throw new IllegalArgumentException("k must be in 0..64. Provided value: " + k);
        }
        if (used + k > length) {
            throw new IllegalStateException("script of " + length + " bits exhausted: " + used + " used, " + k + " more asked");
        }
        long r = 0;
        for (int i = 0; i < k; i++) {
            r = (r << 1) | (bits.testBit(length - 1 - used - i) ? 1 : 0);
        }
        used += k;
        return r;
    }

    /** Bits read so far. */
    public int used() {
        return used;
    }
}
