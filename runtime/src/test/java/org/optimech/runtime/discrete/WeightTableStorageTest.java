package org.optimech.runtime.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.exact.ExpBounds;

/**
 * The flat {@code long} storage of a {@link WeightTable} and the checks that read it without BigIntegers: the builder
 * against {@link WeightTable#of}, and {@link PrivacyChecks#firstRatioViolation}'s floating-point filter against the exact
 * integer comparison written out here, on ratios placed within one unit of the bound.
 */
class WeightTableStorageTest {

    @Property(tries = 200)
    void ratioCheckOfLongTablesIsExactAtTheBoundary(@ForAll @IntRange(min = 1, max = 62) int bits, @ForAll long seed,
            @ForAll @IntRange(min = -2, max = 2) int offset, @ForAll @IntRange(min = 1, max = 4000) int epsMillis) {
        Random rnd = new Random(seed);
        BigDecimal eps = BigDecimal.valueOf(epsMillis, 3);
        BigInteger r = ExpBounds.lowerNumerator(eps);
        long total = 1L << bits;
        // b in [1, total / 2]; a as close to b·R/2^128 as the offset says, kept in [0, total]
        long b = 1 + (rnd.nextLong() >>> 1) % Math.max(1, total / 2);
        BigInteger exactA = BigInteger.valueOf(b).multiply(r).shiftRight(128).add(BigInteger.valueOf(offset));
        long a = Math.max(0, Math.min(total, exactA.longValue()));
        long[][] rows = {{a, total - a}, {b, total - b}};
        WeightTable t = WeightTable.ofLongs(bits, rows);
        Optional<PrivacyChecks.RatioViolation> v = PrivacyChecks.firstRatioViolation(t, NeighbourGraph.path(2), r);
        boolean expected = false;
        for (int[] pair : new int[][] {{0, 1}, {1, 0}}) {
            for (int c = 0; c < 2; c++) {
                BigInteger x = BigInteger.valueOf(rows[pair[0]][c]);
                BigInteger y = BigInteger.valueOf(rows[pair[1]][c]);
                expected |= x.signum() > 0 && (y.signum() == 0 || x.shiftLeft(128).compareTo(r.multiply(y)) > 0);
            }
        }
        assertEquals(expected, v.isPresent(), "a=" + a + " b=" + b + " bits=" + bits + " eps=" + eps);
    }

    @Property(tries = 100)
    void builderStoresWhatOfStores(@ForAll @IntRange(min = 1, max = 5) int rows, @ForAll @IntRange(min = 1, max = 5) int cols,
            @ForAll @IntRange(min = 3, max = 90) int bits, @ForAll long seed) {
        Random rnd = new Random(seed);
        BigInteger[][] w = new BigInteger[rows][cols];
        for (int i = 0; i < rows; i++) {
            BigInteger left = BigInteger.ONE.shiftLeft(bits);
            for (int j = 0; j < cols - 1; j++) {
                w[i][j] = new BigInteger(bits, rnd).mod(left.add(BigInteger.ONE));
                left = left.subtract(w[i][j]);
            }
            w[i][cols - 1] = left;
        }
        WeightTable of = WeightTable.of(bits, w);
        WeightTable.Builder b = WeightTable.builder(bits);
        for (BigInteger[] row : w) {
            for (BigInteger x : row) {
                b.add(x);
            }
            b.endRow();
        }
        WeightTable built = b.build();
        assertEquals(of.rows(), built.rows());
        assertEquals(of.cols(), built.cols());
        assertEquals(bits <= WeightTable.LONG_BITS, built.fitsInLong());
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                assertEquals(w[i][j], of.weight(i, j));
                assertEquals(w[i][j], built.weight(i, j));
                if (built.fitsInLong()) {
                    assertEquals(w[i][j].longValueExact(), built.longWeight(i, j));
                }
            }
        }
    }

    @Test
    void builderRefusesWhatOfRefuses() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WeightTable.builder(2).add(1).add(2).endRow()).getMessage()
                .contains("row 0 must sum to 2^2; it sums to 3"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WeightTable.builder(2).add(4).endRow().add(2).add(2).endRow()).getMessage()
                .contains("row 1 has 2 entries; row 0 has 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WeightTable.builder(2).add(-1)).getMessage().contains("non-negative"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WeightTable.builder(2).build()).getMessage().contains("at least one row"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WeightTable.builder(2).add(4).endRow().add(4).build()).getMessage()
                .contains("not ended"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WeightTable.builder(3).add(BigInteger.ONE.shiftLeft(70))).getMessage()
                .contains("alone is"));
        assertThrows(IndexOutOfBoundsException.class, () -> WeightTable.ofLongs(2, new long[][] {{4}}).longWeight(0, 1));
        assertThrows(IllegalStateException.class, () -> WeightTable.of(70, new BigInteger[][] {{BigInteger.ONE.shiftLeft(70)}}).longWeight(0, 0));
    }
}
