package org.optimech.runtime.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.ScriptedBits;
import org.optimech.runtime.random.CountingRandomSource;
import org.optimech.runtime.random.PrefixTable;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * {@link PrefixTable} over Knuth–Yao rows is bit-exact: for every stream it returns what the bit-by-bit walk returns and
 * consumes the same bits, so its law is the stored integers exactly and its bits per draw are the walk's (below H + 2).
 */
class PrefixTableTest {

    /** A source that can look ahead: the bits of one number, most significant first, then a refusal (peeks past the end read 0s). */
    static final class PeekableScript implements RandomSource {
        private final ScriptedBits script;
        private final long bits;
        private final int length;

        PeekableScript(long bits, int length) {
            this.script = new ScriptedBits(bits, length);
            this.bits = bits;
            this.length = length;
        }

        @Override
        public long nextLong() {
            return nextBits(64);
        }

        @Override
        public long nextBits(int k) {
            return script.nextBits(k);
        }

        @Override
        public long peekBits(int k) {
            int used = script.used();
            long r = 0;
            for (int i = 0; i < k; i++) {
                int pos = used + i;
                r = (r << 1) | (pos < length && BigInteger.valueOf(bits).testBit(length - 1 - pos) ? 1 : 0);
            }
            return r;
        }

        int used() {
            return script.used();
        }
    }

    /**
     * Exhaustive: each of the 2^K strings through the table reaches the entry the walk reaches with the same number of bits,
     * so entry j is reached by exactly w_j strings (P(j) = w_j / 2^K) and the mean bits equal the tree's expected bits.
     */
    @Property(tries = 60)
    void everyBitStringGivesTheWalksOutcomeAndBits(@ForAll @IntRange(min = 1, max = 11) int bits, @ForAll @IntRange(min = 1, max = 9) int cols,
            @ForAll @IntRange(min = 1, max = 12) int width, @ForAll long seed) {
        long[][] w = KnuthYaoRowsTest.randomRows(new SplittableRandom(seed), 3, cols, bits);
        KnuthYaoRows walk = KnuthYaoRows.ofLongs(bits, w);
        PrefixTable table = PrefixTable.of(w.length, width, walk::sample);
        for (int row = 0; row < w.length; row++) {
            long[] counts = new long[cols];
            long bitsRead = 0;
            for (long u = 0; u < 1L << bits; u++) {
                PeekableScript fast = new PeekableScript(u, bits);
                ScriptedBits slow = new ScriptedBits(u, bits);
                int j = (int) table.sample(row, fast);
                assertEquals(walk.sample(row, slow), j, "row " + row + " string " + u);
                assertEquals(slow.used(), fast.used(), "bits of row " + row + " string " + u);
                counts[j]++;
                bitsRead += fast.used();
            }
            for (int j = 0; j < cols; j++) {
                assertEquals(w[row][j], counts[j], "row " + row + " entry " + j);
            }
            assertEquals(walk.expectedBits(row), bitsRead / Math.scalb(1.0, bits), 1e-12, "mean bits of row " + row);
        }
    }

    /** On a buffered stream (word and block boundaries crossed), the table and the walk draw the same values from the same bits. */
    @Property(tries = 40)
    void aSeededStreamGivesTheSameDrawsAndLeavesTheSamePosition(@ForAll @IntRange(min = 1, max = 40) int bits, @ForAll @IntRange(min = 1, max = 30) int cols,
            @ForAll @IntRange(min = 1, max = 16) int width, @ForAll long seed) {
        long[][] w = KnuthYaoRowsTest.randomRows(new SplittableRandom(seed), 4, cols, bits);
        KnuthYaoRows walk = KnuthYaoRows.ofLongs(bits, w);
        PrefixTable table = PrefixTable.of(w.length, width, walk::sample);
        CountingRandomSource fast = CountingRandomSource.of(new SeededRandomBits(seed));
        CountingRandomSource slow = CountingRandomSource.of(new SeededRandomBits(seed));
        for (int k = 0; k < 3000; k++) {
            int row = k % w.length;
            assertEquals(walk.sample(row, slow), table.sample(row, fast), "draw " + k);
        }
        assertEquals(slow.bits(), fast.bits());
        assertEquals(slow.nextLong(), fast.nextLong(), "the next bits of the stream");
    }

    /** A source that cannot look ahead (the default peekBits) gets the walk itself. */
    @Test
    void aSourceWithoutLookAheadRunsTheWalk() {
        long[][] w = {{3, 1, 4}};
        KnuthYaoRows walk = KnuthYaoRows.ofLongs(3, w);
        PrefixTable table = PrefixTable.of(1, 8, walk::sample);
        for (long u = 0; u < 8; u++) {
            assertEquals(walk.sample(0, new ScriptedBits(u, 3)), table.sample(0, new ScriptedBits(u, 3)));
        }
    }

    /**
     * Regression (review): a row outside the table was shifted into the index unchecked, so row 65536 of a 16-bit table wrapped
     * to row 0 and returned its outcome with no error.
     */
    @Test
    void aRowOutsideTheTableIsRefusedNotWrapped() {
        KnuthYaoRows walk = KnuthYaoRows.ofLongs(3, new long[][] {{3, 1, 4}});
        PrefixTable table = PrefixTable.of(1, 16, walk::sample);
        assertThrows(IndexOutOfBoundsException.class, () -> table.sample(65536, new SeededRandomBits(1)));
        assertThrows(IndexOutOfBoundsException.class, () -> table.sample(-1, new SeededRandomBits(1)));
        assertThrows(IndexOutOfBoundsException.class, () -> table.hitProbability(1));
    }

    @Test
    void hitProbabilityIsTheMassOfLeavesWithinTheWidth() {
        // weights 1/2, 1/4, 1/8, 1/16, 1/16: leaves at depths 1, 2, 3, 4, 4
        KnuthYaoRows walk = KnuthYaoRows.ofLongs(4, new long[][] {{8, 4, 2, 1, 1}});
        assertEquals(0.875, PrefixTable.of(1, 3, walk::sample).hitProbability(0));
        assertEquals(1.0, PrefixTable.of(1, 4, walk::sample).hitProbability(0));
    }

    /** A walk that is not a function of the bits it reads (here: it remembers its calls) is refused rather than tabulated wrong. */
    @Test
    void aWalkThatIsNotAPrefixCodeIsRefused() {
        int[] calls = {0};
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> PrefixTable.of(1, 4, (row, random) -> random.nextBits(calls[0]++ % 2 == 0 ? 3 : 1)));
        assertTrue(e.getMessage().contains("not a function of the bits it reads"), e.getMessage());
    }

    @Test
    void badArgumentsNameTheirValue() {
        PrefixTable.Walk w = (row, random) -> random.nextBit();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PrefixTable.of(1, 0, w)).getMessage().contains("width must be in 1..16. Provided value: 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PrefixTable.of(0, 4, w)).getMessage().contains("Provided value: 0 rows"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PrefixTable.of(1, 4, (row, random) -> 1L << 60)).getMessage()
                .contains("outcomes must lie in [-2^58, 2^58). Provided value: " + (1L << 60)));
        assertEquals(10, PrefixTable.widthFor(21, 6, 10, 1 << 18));
        assertEquals(6, PrefixTable.widthFor(4096, 6, 10, 1 << 18));
        assertEquals(0, PrefixTable.widthFor(4097, 6, 10, 1 << 18));
    }
}
