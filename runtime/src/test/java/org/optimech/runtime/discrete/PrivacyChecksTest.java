package org.optimech.runtime.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.exact.ExpBounds;

class PrivacyChecksTest {
    private static final WeightTable COUNT = WeightTable.ofLongs(8, new long[][] {{160, 64, 32}, {80, 112, 64}, {40, 88, 128}});

    @Test
    void ratioCheckAcceptsAtLn2AndRejectsJustBelow() {
        NeighbourGraph path = NeighbourGraph.path(3);
        // The largest neighbour ratio of COUNT is exactly 2.
        assertTrue(PrivacyChecks.firstRatioViolation(COUNT, path, ExpBounds.lowerNumerator(new BigDecimal("0.693147181"))).isEmpty());
        var v = PrivacyChecks.firstRatioViolation(COUNT, path, ExpBounds.lowerNumerator(new BigDecimal("0.693147180")));
        assertTrue(v.isPresent());
        assertEquals(2.0, v.get().ratio());
        PrivacyChecks.MaxRatio max = PrivacyChecks.maxRatio(COUNT, path);
        assertEquals(0, max.numerator().compareTo(max.denominator().multiply(BigInteger.TWO)));
        assertEquals(Math.log(2), max.ln(), 1e-12);
    }

    @Test
    void aZeroNextToAPositiveEntryIsAnInfiniteRatio() {
        WeightTable t = WeightTable.ofLongs(2, new long[][] {{1, 3}, {0, 4}});
        NeighbourGraph g = NeighbourGraph.path(2);
        assertTrue(PrivacyChecks.maxRatio(t, g).isInfinite());
        assertTrue(PrivacyChecks.firstRatioViolation(t, g, ExpBounds.lowerNumerator(new BigDecimal("50"))).isPresent());
        // zero in both rows is fine
        WeightTable z = WeightTable.ofLongs(2, new long[][] {{0, 4}, {0, 4}});
        assertEquals(1.0, Math.exp(PrivacyChecks.maxRatio(z, g).ln()), 0);
    }

    @Test
    void hockeyStickIsExact() {
        WeightTable t = WeightTable.ofLongs(6, new long[][] {{1, 40, 23}, {0, 40, 24}});
        NeighbourGraph g = NeighbourGraph.path(2);
        BigInteger n = PrivacyChecks.hockeyStickNumerator(t, g, ExpBounds.lowerNumerator(new BigDecimal("0.5")));
        // exactly 1/64: numerator over 2^(128+6)
        assertEquals(BigInteger.ONE.shiftLeft(128), n);
        assertEquals(134, PrivacyChecks.hockeyStickDenominatorBits(t));
        double[] reveal = PrivacyChecks.revealingMass(t);
        assertEquals(1.0 / 64, reveal[0], 0);
        assertEquals(0.0, reveal[1], 0);
    }

    /** The complete-graph shortcut (column max against column min) equals brute force over all pairs. */
    @Test
    void completeGraphShortcutMatchesAllPairs() {
        SplittableRandom rng = new SplittableRandom(11);
        for (int trial = 0; trial < 50; trial++) {
            int n = 2 + rng.nextInt(5);
            int k = 1 + rng.nextInt(5);
            WeightTable t = randomTable(rng, n, k, 20);
            List<int[]> all = new java.util.ArrayList<>();
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    all.add(new int[] {i, j});
                }
            }
            NeighbourGraph complete = NeighbourGraph.complete(n);
            NeighbourGraph explicit = NeighbourGraph.edges(n, all);
            PrivacyChecks.MaxRatio a = PrivacyChecks.maxRatio(t, complete);
            PrivacyChecks.MaxRatio b = PrivacyChecks.maxRatio(t, explicit);
            assertEquals(a.isInfinite(), b.isInfinite());
            if (!a.isInfinite()) {
                assertEquals(0, a.numerator().multiply(b.denominator()).compareTo(b.numerator().multiply(a.denominator())));
            }
            BigInteger r = ExpBounds.lowerNumerator(BigDecimal.valueOf(rng.nextInt(1, 300), 2));
            assertEquals(PrivacyChecks.firstRatioViolation(t, complete, r).isPresent(), PrivacyChecks.firstRatioViolation(t, explicit, r).isPresent());
            assertEquals(PrivacyChecks.hockeyStickNumerator(t, complete, r), PrivacyChecks.hockeyStickNumerator(t, explicit, r));
        }
    }

    /** The exact max ratio is the max of a brute-force search over BigDecimal quotients. */
    @Test
    void maxRatioMatchesBruteForce() {
        SplittableRandom rng = new SplittableRandom(5);
        for (int trial = 0; trial < 50; trial++) {
            WeightTable t = randomTable(rng, 4, 4, 60);
            NeighbourGraph g = NeighbourGraph.path(4);
            BigDecimal best = BigDecimal.ONE;
            boolean infinite = false;
            for (int[] e : g.edges()) {
                for (int d = 0; d < 2; d++) {
                    for (int c = 0; c < 4; c++) {
                        BigInteger a = t.weight(e[d], c);
                        BigInteger b = t.weight(e[1 - d], c);
                        if (a.signum() > 0 && b.signum() == 0) {
                            infinite = true;
                        } else if (a.signum() > 0) {
                            best = best.max(new BigDecimal(a).divide(new BigDecimal(b), new java.math.MathContext(50)));
                        }
                    }
                }
            }
            PrivacyChecks.MaxRatio m = PrivacyChecks.maxRatio(t, g);
            assertEquals(infinite, m.isInfinite());
            if (!infinite) {
                BigDecimal exact = new BigDecimal(m.numerator()).divide(new BigDecimal(m.denominator()), new java.math.MathContext(50));
                assertEquals(0, best.compareTo(exact));
            }
        }
    }

    @Test
    void edgeListsAreValidated() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> NeighbourGraph.edges(3, List.of(new int[] {0, 3})));
        assertEquals("edge 0 has endpoint 3 outside the input indices 0..2", e.getMessage());
        NeighbourGraph g = NeighbourGraph.edges(4, List.of(new int[] {1, 0}, new int[] {0, 1}, new int[] {2, 3}));
        assertEquals(2, g.edgeCount());
        assertEquals(List.of(2, 3), g.unreachableFromFirst());
        assertFalse(NeighbourGraph.path(5).unreachableFromFirst().size() > 0);
        assertEquals(4, NeighbourGraph.path(5).distancesFrom(0)[4]);
    }

    static WeightTable randomTable(SplittableRandom rng, int rows, int cols, int bits) {
        long[][] w = new long[rows][cols];
        long total = 1L << bits;
        for (int i = 0; i < rows; i++) {
            long left = total;
            for (int j = 0; j < cols - 1; j++) {
                long x = rng.nextInt(4) == 0 ? 0 : rng.nextLong(left + 1);
                w[i][j] = x;
                left -= x;
            }
            w[i][cols - 1] = left;
        }
        return WeightTable.ofLongs(bits, w);
    }
}
