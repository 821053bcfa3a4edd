package org.optimech.runtime.random;

import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * Reproducible bits from the JDK's {@code L64X128MixRandom} (an LXM generator whose algorithm is specified in the
 * {@code java.util.random} package documentation, so a seed gives the same stream on every conforming JDK). <b>Not for
 * production</b>: anyone who learns the seed can subtract the noise. The CLI prints a warning whenever it is used.
 *
 * <p>Bit-exact like every source of this package: the stream is the generator's {@code nextLong()} words, most significant
 * bit first, and {@code nextBits(k)} takes the next k bits of it. (Before issue 23 each {@code nextBits} call took the top
 * k bits of a fresh word, so a seed now gives different samples than it did then; the stream of {@code nextLong()} alone is
 * unchanged.)
 */
public final class SeededRandomBits extends BufferedRandomSource {
    /** The JDK algorithm name. */
    public static final String ALGORITHM = "L64X128MixRandom";

    private final RandomGenerator generator;

    public SeededRandomBits(long seed) {
        super(64);
        this.generator = RandomGeneratorFactory.of(ALGORITHM).create(seed);
    }

    @Override
    protected void fill(long[] words) {
        for (int i = 0; i < words.length; i++) {
            words[i] = generator.nextLong();
        }
    }
}
