package org.optimech.runtime.random;

import java.math.BigInteger;
import java.util.Objects;

/**
 * A source that counts the bits a sampler takes from another: {@code nextBits(k)} counts k, {@code nextLong()} 64,
 * {@code nextBigBits(k)} k. Tests and benchmarks use it to measure random bits per draw against the output's entropy.
 * Bit-exact if the wrapped source is. Not thread-safe.
 */
public final class CountingRandomSource implements RandomSource {
    private final RandomSource source;
    private long bits;

    private CountingRandomSource(RandomSource source) {
        this.source = source;
    }

    /** Counts what is taken from {@code source}. */
    public static CountingRandomSource of(RandomSource source) {
        return new CountingRandomSource(Objects.requireNonNull(source, "source"));
    }

    /** Bits taken so far. */
    public long bits() {
        return bits;
    }

    /** Sets the count back to 0. */
    public void reset() {
        bits = 0;
    }

    @Override
    public long nextLong() {
        bits += 64;
        return source.nextLong();
    }

    @Override
    public long nextBits(int k) {
        long r = source.nextBits(k);
        bits += k;
        return r;
    }

    /** Looks ahead in the wrapped source; counts nothing (the bits are counted when they are taken). */
    @Override
    public long peekBits(int k) {
        return source.peekBits(k);
    }

    @Override
    public int nextBit() {
        bits++;
        return source.nextBit();
    }

    @Override
    public BigInteger nextBigBits(int k) {
        BigInteger r = source.nextBigBits(k);
        bits += k;
        return r;
    }
}
