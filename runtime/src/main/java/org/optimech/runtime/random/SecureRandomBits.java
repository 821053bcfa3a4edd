package org.optimech.runtime.random;

import java.security.SecureRandom;
import java.util.Objects;

/**
 * Bits from a {@link SecureRandom}, the production source. Bits are fetched 512 at a time, which
 * costs far less per bit than one {@code nextLong()} call each (every call to the platform source
 * locks and refills); buffered bits are used once and never leave the instance.
 *
 * <p>Not thread-safe: give each thread its own instance ({@link #forCurrentThread()}).
 */
public final class SecureRandomBits implements RandomSource {
    private static final int BUFFER_BYTES = 64;
    private static final ThreadLocal<SecureRandomBits> PER_THREAD = ThreadLocal.withInitial(SecureRandomBits::new);

    private final SecureRandom source;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int position = BUFFER_BYTES;

    /** A source backed by a new default {@link SecureRandom} (the platform's strong-enough default). */
    public SecureRandomBits() {
        this(new SecureRandom());
    }

    /** A source backed by the given generator. */
    public SecureRandomBits(SecureRandom source) {
        this.source = Objects.requireNonNull(source, "source");
    }

    /** This thread's own instance, created on first use. */
    public static SecureRandomBits forCurrentThread() {
        return PER_THREAD.get();
    }

    /** The algorithm of the underlying generator, e.g. {@code NativePRNG}. */
    public String algorithm() {
        return source.getAlgorithm();
    }

    @Override
    public long nextLong() {
        if (position == BUFFER_BYTES) {
            source.nextBytes(buffer);
            position = 0;
        }
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (buffer[position + i] & 0xFFL);
        }
        // Overwrite consumed bytes so no copy of released randomness lingers in memory.
        java.util.Arrays.fill(buffer, position, position + 8, (byte) 0);
        position += 8;
        return v;
    }
}
