package org.optimech.runtime.random;

import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * Reproducible bits from the JDK's {@code L64X128MixRandom} (an LXM generator whose algorithm is
 * specified in the {@code java.util.random} package documentation, so a seed gives the same stream
 * on every conforming JDK). <b>Not for production</b>: anyone who learns the seed can subtract the
 * noise. The CLI prints a warning whenever it is used.
 */
public final class SeededRandomBits implements RandomSource {
    /** The JDK algorithm name. */
    public static final String ALGORITHM = "L64X128MixRandom";

    private final RandomGenerator generator;

    public SeededRandomBits(long seed) {
        this.generator = RandomGeneratorFactory.of(ALGORITHM).create(seed);
    }

    @Override
    public long nextLong() {
        return generator.nextLong();
    }
}
