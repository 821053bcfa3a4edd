package org.optimech.geometry.adjacent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.optimech.runtime.spec.Relation;
import org.junit.jupiter.api.Test;

class AdjacentOutputSpaceTest {
    @Test
    void substitutionGivesAllDifferencesOnce() {
        double[][] t = {{0, 0}, {1, 0}, {0, 1}, {1, 0}}; // a repeated record
        AdjacentOutputSpace s = AdjacentOutputSpace.finiteDomain(t, Relation.SUBSTITUTION);
        // 3 distinct records, 9 ordered pairs: the origin (three times), ±(1,0), ±(0,1), ±(1,−1)
        assertEquals(7, s.size());
        assertTrue(Arrays.stream(s.points()).anyMatch(u -> u[0] == 1 && u[1] == -1));
    }

    @Test
    void addRemoveGivesPlusMinusEachRecord() {
        AdjacentOutputSpace s = AdjacentOutputSpace.finiteDomain(new double[][] {{2, -0.0}, {2, 0}}, Relation.ADD_REMOVE);
        assertEquals(2, s.size(), "±(2, 0), with −0 and 0 the same point");
    }

    @Test
    void inexactDifferencesAreRefusedNotRounded() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AdjacentOutputSpace.finiteDomain(new double[][] {{1.0}, {1e-30}}, Relation.SUBSTITUTION));
        assertTrue(e.getMessage().contains("is not exactly representable"), e.getMessage());
        assertEquals("record 1 feature 0 must be finite. Provided value: Infinity",
                assertThrows(IllegalArgumentException.class, () -> AdjacentOutputSpace.finiteDomain(new double[][] {{1}, {Double.POSITIVE_INFINITY}},
                        Relation.ADD_REMOVE)).getMessage());
    }

    /** A large domain (a 21×21 grid of records) is pruned to its hull's 4 corners without changing the sensitivities. */
    @Test
    void largeDomainsArePrunedToTheRecordHull() {
        double[][] grid = new double[441][];
        for (int i = 0; i < 441; i++) {
            grid[i] = new double[] {i / 21 * 0.25, i % 21 * 0.5};
        }
        AdjacentOutputSpace s = AdjacentOutputSpace.finiteDomain(grid, Relation.SUBSTITUTION);
        assertTrue(s.size() <= 16, "pruned to the differences of 4 corners: " + s.size());
        double maxL1 = Arrays.stream(s.points()).mapToDouble(u -> Math.abs(u[0]) + Math.abs(u[1])).max().orElseThrow();
        assertEquals(5.0 + 10.0, maxL1, 0.0);
    }

    /**
     * Issue 21 (1, 2): pruning that is only a saving is abandoned once the records' hull outgrows the unpruned S_T (120 random
     * records in d = 8: the hull would take seconds), and the unpruned S_T has the same sensitivities by construction.
     */
    @Test
    void pruningThatDoesNotPayIsAbandoned() {
        java.util.Random rnd = new java.util.Random(7);
        double[][] records = new double[120][8];
        for (double[] r : records) {
            for (int j = 0; j < 8; j++) {
                r[j] = (rnd.nextInt(2049) - 1024) / 1024.0;
            }
        }
        AdjacentOutputSpace s = AdjacentOutputSpace.finiteDomain(records, Relation.SUBSTITUTION);
        assertEquals(120 * 119 + 1, s.size(), "every difference of distinct records, and zero");
    }

    @Test
    void explicitDifferencesAreClosedUnderNegation() {
        AdjacentOutputSpace s = AdjacentOutputSpace.differences(new double[][] {{1, 2}}, Relation.SUBSTITUTION);
        assertEquals(2, s.size());
        assertEquals(-2.0, s.points()[1][1], 0.0);
    }

    /**
     * Issue 24 (6): building S_T showed heartbeats only; it now counts the differences formed, then deduplicated. 60 distinct
     * records (below the pruning threshold) under substitution: 3,600 differences, so the total is 7,200; the counts only grow,
     * pass through the end of the forming (3,600) and end at the total; a build without progress gives the same space.
     */
    @Test
    void theBuildCountsDifferencesFormedThenDeduplicatedUpToTheirTotal() {
        java.util.Random rnd = new java.util.Random(24);
        double[][] records = new double[60][];
        for (int i = 0; i < records.length; i++) {
            records[i] = new double[] {i, rnd.nextInt(7), rnd.nextInt(3)}; // distinct by the first coordinate
        }
        java.util.List<long[]> reports = new java.util.ArrayList<>();
        AdjacentOutputSpace s = AdjacentOutputSpace.finiteDomain(records, Relation.SUBSTITUTION, () -> false, (done, total) -> reports.add(new long[] {done, total}));
        long previous = -1;
        for (long[] r : reports) {
            assertEquals(2L * 60 * 60, r[1], "the total: the differences formed and deduplicated");
            assertTrue(r[0] >= previous && r[0] <= r[1], r[0] + " after " + previous);
            previous = r[0];
        }
        assertEquals(0, reports.get(0)[0]);
        assertTrue(reports.stream().anyMatch(r -> r[0] == 60 * 60), "the forming ends at its count");
        assertTrue(reports.size() >= 60, "one report per record while forming: " + reports.size());
        assertEquals(2L * 60 * 60, previous);
        assertTrue(Arrays.deepEquals(AdjacentOutputSpace.finiteDomain(records, Relation.SUBSTITUTION).points(), s.points()));
        java.util.List<long[]> addRemove = new java.util.ArrayList<>();
        AdjacentOutputSpace.finiteDomain(records, Relation.ADD_REMOVE, () -> false, (done, total) -> addRemove.add(new long[] {done, total}));
        assertEquals(2L * 2 * 60, addRemove.get(addRemove.size() - 1)[0]);
        assertEquals(2L * 2 * 60, addRemove.get(addRemove.size() - 1)[1]);
    }
}
