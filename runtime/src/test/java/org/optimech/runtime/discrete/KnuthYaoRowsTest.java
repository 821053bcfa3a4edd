package org.optimech.runtime.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.ScriptedBits;
import org.optimech.runtime.random.CountingRandomSource;
import org.optimech.runtime.random.SeededRandomBits;

class KnuthYaoRowsTest {

    /** Random rows of {@code cols} non-negative weights summing to 2^bits, some entries zero. */
    static long[][] randomRows(SplittableRandom rng, int rows, int cols, int bits) {
        long[][] w = new long[rows][cols];
        for (long[] row : w) {
            long left = 1L << bits;
            for (int j = 0; j < cols - 1; j++) {
                long x = rng.nextInt(4) == 0 ? 0 : rng.nextLong(left + 1) >> rng.nextInt(bits + 1);
                row[j] = x;
                left -= x;
            }
            row[cols - 1] = left;
            // shuffle so the residual is not always last
            for (int j = cols - 1; j > 0; j--) {
                int k = rng.nextInt(j + 1);
                long t = row[j];
                row[j] = row[k];
                row[k] = t;
            }
        }
        return w;
    }

    /**
     * Exhaustive: every one of the 2^K bit strings leads to one entry, and entry j is reached by exactly w_j of them, so
     * P(j) = w_j / 2^K exactly; the mean number of bits read equals the tree's expected bits and is below H + 2. With few
     * stored levels the walk continues through the weights (the deep path), with the same result.
     */
    @Property(tries = 60)
    void exactOverEveryBitString(@ForAll @IntRange(min = 0, max = 11) int bits, @ForAll @IntRange(min = 1, max = 9) int cols,
            @ForAll @IntRange(min = 1, max = 64) int storedLevels, @ForAll long seed) {
        long[][] w = randomRows(new SplittableRandom(seed), 3, cols, bits);
        KnuthYaoRows s = KnuthYaoRows.ofLongs(bits, w, storedLevels);
        for (int row = 0; row < w.length; row++) {
            long[] counts = new long[cols];
            long bitsRead = 0;
            for (long u = 0; u < 1L << bits; u++) {
                ScriptedBits script = new ScriptedBits(u, bits);
                counts[s.sample(row, script)]++;
                bitsRead += script.used();
            }
            for (int j = 0; j < cols; j++) {
                assertEquals(w[row][j], counts[j], "row " + row + " entry " + j);
            }
            double mean = Math.scalb((double) bitsRead, -bits);
            assertEquals(mean, s.expectedBits(row), 1e-12);
            assertTrue(mean < entropy(w[row], bits) + 2, "mean bits " + mean + " vs entropy " + entropy(w[row], bits));
        }
    }

    /** Rows over 2^70 (big integers) that reach the levels below the stored 64: the walk stays exact there. */
    @Test
    void bigRowsWalkBelowTheStoredLevels() {
        int k = 70;
        BigInteger total = BigInteger.ONE.shiftLeft(k);
        // 64 entries of weight 1 (bits only at the last level) and the rest on one entry: the deep walk picks among them
        BigInteger[] row = new BigInteger[65];
        java.util.Arrays.fill(row, BigInteger.ONE);
        row[64] = total.subtract(BigInteger.valueOf(64));
        KnuthYaoRows s = KnuthYaoRows.of(WeightTable.of(k, new BigInteger[][] {row}));
        assertEquals(64, s.storedLevels());
        // the all-ones path: the first 64 levels see the big entry's bits (its top bits are 1 down to bit 6), the walk survives
        // only along its internal nodes; count outcomes of every bit string whose first 58 bits are all 1
        long[] counts = new long[65];
        for (long tail = 0; tail < 1 << 12; tail++) {
            BigInteger u = BigInteger.ONE.shiftLeft(58).subtract(BigInteger.ONE).shiftLeft(12).or(BigInteger.valueOf(tail));
            counts[s.sample(0, new ScriptedBits(u, k))]++;
        }
        // below the 58 ones, 2^12 strings carry mass 2^12 / 2^70 = 2^-58: the remaining mass 2^-58·(2^6 + 64)/2^... checked entry by entry:
        // entries 0..63 (weight 1 each) get one string each; the big entry gets the rest
        for (int j = 0; j < 64; j++) {
            assertEquals(1, counts[j], "entry " + j);
        }
        assertEquals((1 << 12) - 64, counts[64]);
    }

    /** The entropy bound, measured: bits read per draw over 200,000 draws stay within 1% of the tree's expectation. */
    @Test
    void countedBitsMatchTheTree() {
        long[][] w = {{1L << 60, 1L << 61, (1L << 62) - (1L << 60) - (1L << 61) - 5, 5}};
        KnuthYaoRows s = KnuthYaoRows.ofLongs(62, w);
        CountingRandomSource c = CountingRandomSource.of(new SeededRandomBits(3));
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            s.sample(0, c);
        }
        double mean = (double) c.bits() / n;
        // sd of the bits of one draw is below 2, so the mean's sd is below 0.0045: 1% is over 3 sd away at a mean near 1.5
        assertEquals(s.expectedBits(0), mean, 0.015 * s.expectedBits(0));
        assertTrue(s.expectedBits(0) < entropy(w[0], 62) + 2);
    }

    /** A row with a single entry of weight 2^K is deterministic and reads no bits. */
    @Test
    void deterministicRowsReadNothing() {
        KnuthYaoRows s = KnuthYaoRows.ofLongs(5, new long[][] {{0, 32, 0}});
        ScriptedBits none = new ScriptedBits(0, 0);
        assertEquals(1, s.sample(0, none));
        assertEquals(0, none.used());
        assertEquals(0, s.expectedBits(0));
    }

    static double entropy(long[] w, int bits) {
        double h = 0;
        for (long x : w) {
            if (x > 0) {
                double p = Math.scalb((double) x, -bits);
                h -= p * Math.log(p) / Math.log(2);
            }
        }
        return h;
    }
}
