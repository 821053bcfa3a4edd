package org.optimech.runtime.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.random.CountingRandomSource;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * {@link ExactBernoulli#uniformBelow(long, org.optimech.runtime.random.RandomSource)} reads the bits that bring the roller's
 * range up to the bound in one call (issue 23): on the same stream it must return what the Fast Dice Roller read one bit at a
 * time returns, and consume exactly the same bits, so its law is the roller's (uniform, Lumbroso 2013).
 */
class UniformBelowTest {
    /** The Fast Dice Roller one bit at a time (the form before issue 23): the reference. */
    static long bitByBit(long bound, org.optimech.runtime.random.RandomSource random) {
        long v = 1;
        long c = 0;
        while (true) {
            v <<= 1;
            c = (c << 1) | random.nextBit();
            if (v >= bound) {
                if (c < bound) {
                    return c;
                }
                v -= bound;
                c -= bound;
            }
        }
    }

    @Property(tries = 200)
    void readsTheSameBitsAndReturnsTheSameValueAsTheRollerBitByBit(@ForAll @LongRange(min = 3, max = (1L << 62) - 1) long bound, @ForAll @IntRange(min = 1, max = 1 << 20) int seed,
            @ForAll @IntRange(min = 0, max = 62) int shift) {
        long b = Math.max(3, bound >>> shift); // small bounds as often as large ones
        if ((b & (b - 1)) == 0) {
            b--; // powers of two take their bits directly (b ≥ 4 here, so b − 1 ≥ 3); above 2^62 the roller gives way to rejection
        }
        CountingRandomSource fast = CountingRandomSource.of(new SeededRandomBits(seed));
        CountingRandomSource reference = CountingRandomSource.of(new SeededRandomBits(seed));
        for (int i = 0; i < 50; i++) {
            assertEquals(bitByBit(b, reference), ExactBernoulli.uniformBelow(b, fast), "bound " + b + ", draw " + i);
            assertEquals(reference.bits(), fast.bits(), "bits read, bound " + b + ", draw " + i);
        }
    }

    @Test
    void smallBoundsAgreeOnEveryDrawOfALongStream() {
        for (long b = 3; b <= 1000; b++) {
            if ((b & (b - 1)) == 0) {
                continue;
            }
            SeededRandomBits fast = new SeededRandomBits(b);
            SeededRandomBits reference = new SeededRandomBits(b);
            for (int i = 0; i < 200; i++) {
                assertEquals(bitByBit(b, reference), ExactBernoulli.uniformBelow(b, fast), "bound " + b + ", draw " + i);
            }
            assertEquals(reference.nextLong(), fast.nextLong(), "the streams stay aligned, bound " + b);
        }
    }
}
