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
     * Issue 24 (6): building S_T showed heartbeats only; it now counts the differences formed, then deduplicated. 100 distinct
     * records in d = 9 (above the dimension where the records' hull prunes) under substitution: 10,000 differences, so the total
     * is 20,000; the counts only grow, pass through the end of the forming (10,000), report within the deduplication and end at
     * the total; a build without progress gives the same space.
     */
    @Test
    void theBuildCountsDifferencesFormedThenDeduplicatedUpToTheirTotal() {
        java.util.Random rnd = new java.util.Random(24);
        double[][] records = new double[100][];
        for (int i = 0; i < records.length; i++) {
            records[i] = new double[9];
            records[i][0] = i; // distinct by the first coordinate
            for (int j = 1; j < 9; j++) {
                records[i][j] = rnd.nextInt(3);
            }
        }
        java.util.List<long[]> reports = new java.util.ArrayList<>();
        AdjacentOutputSpace s = AdjacentOutputSpace.finiteDomain(records, Relation.SUBSTITUTION, () -> false, (done, total) -> reports.add(new long[] {done, total}));
        long previous = -1;
        for (long[] r : reports) {
            assertEquals(2L * 100 * 100, r[1], "the total: the differences formed and deduplicated");
            assertTrue(r[0] >= previous && r[0] <= r[1], r[0] + " after " + previous);
            previous = r[0];
        }
        assertEquals(0, reports.get(0)[0]);
        assertTrue(reports.stream().anyMatch(r -> r[0] == 100 * 100), "the forming ends at its count");
        assertTrue(reports.stream().anyMatch(r -> r[0] > 100 * 100 && r[0] < 2 * 100 * 100), "reports within the deduplication");
        assertTrue(reports.size() >= 100, "one report per record while forming: " + reports.size());
        assertEquals(2L * 100 * 100, previous);
        assertTrue(Arrays.deepEquals(AdjacentOutputSpace.finiteDomain(records, Relation.SUBSTITUTION).points(), s.points()));
        java.util.List<long[]> addRemove = new java.util.ArrayList<>();
        AdjacentOutputSpace.finiteDomain(records, Relation.ADD_REMOVE, () -> false, (done, total) -> addRemove.add(new long[] {done, total}));
        assertEquals(2L * 2 * 100, addRemove.get(addRemove.size() - 1)[0]);
        assertEquals(2L * 2 * 100, addRemove.get(addRemove.size() - 1)[1]);
    }
    /**
     * Issue 24 (6): pruning more than 64 records to their hull's vertices (d <= 8) had only a stage's heartbeat; it now counts the
     * records settled (vertices, or known inside) of the distinct ones, before the differences' counts. 100 records on a parabola
     * (all vertices) and the 441-record grid (4 vertices) reach their totals; the pruning that is abandoned (120 random records in
     * d = 8) stops short of its total, and the differences' counts follow.
     */
    @Test
    void thePruningToTheRecordsHullCountsRecordsSettledBeforeTheDifferences() {
        double[][] parabola = new double[100][];
        for (int i = 0; i < parabola.length; i++) {
            parabola[i] = new double[] {i, i * i};
        }
        double[][] grid = new double[441][];
        for (int i = 0; i < 441; i++) {
            grid[i] = new double[] {i / 21 * 0.25, i % 21 * 0.5};
        }
        for (double[][] records : new double[][][] {parabola, grid}) {
            java.util.List<String> events = new java.util.ArrayList<>();
            AdjacentOutputSpace s = AdjacentOutputSpace.finiteDomain(records, Relation.SUBSTITUTION, () -> false,
                    (settled, total) -> events.add("prune " + settled + "/" + total), (done, total) -> events.add("build " + done + "/" + total));
            java.util.List<int[]> pruning = events.stream().filter(e -> e.startsWith("prune ")).map(e -> Arrays.stream(e.substring(6).split("/"))
                    .mapToInt(Integer::parseInt).toArray()).toList();
            assertTrue(pruning.size() >= 2, "a start and an end at least: " + events);
            int previous = -1;
            for (int[] r : pruning) {
                assertEquals(records.length, r[1], "of the distinct records");
                assertTrue(r[0] >= previous && r[0] <= r[1], r[0] + " after " + previous);
                previous = r[0];
            }
            assertEquals(records.length, previous, "every record settled");
            int firstBuild = events.indexOf(events.stream().filter(e -> e.startsWith("build ")).findFirst().orElseThrow());
            assertTrue(events.subList(0, firstBuild).stream().allMatch(e -> e.startsWith("prune ")) && events.subList(firstBuild, events.size()).stream()
                    .allMatch(e -> e.startsWith("build ")), "the pruning, then the differences: " + events);
            assertTrue(Arrays.deepEquals(AdjacentOutputSpace.finiteDomain(records, Relation.SUBSTITUTION).points(), s.points()), "the same space");
        }
        assertTrue(parabolaReportsWithin(parabola), "counts between the start and the end on 100 vertices");

        java.util.Random rnd = new java.util.Random(7);
        double[][] random = new double[120][8];
        for (double[] r : random) {
            for (int j = 0; j < 8; j++) {
                r[j] = (rnd.nextInt(2049) - 1024) / 1024.0;
            }
        }
        java.util.List<int[]> abandoned = new java.util.ArrayList<>();
        long[] built = {0};
        AdjacentOutputSpace.finiteDomain(random, Relation.SUBSTITUTION, () -> false, (settled, total) -> abandoned.add(new int[] {settled, total}),
                (done, total) -> built[0] = done);
        assertTrue(!abandoned.isEmpty() && abandoned.stream().allMatch(r -> r[0] < r[1] && r[1] == 120), "stops short of its total");
        assertEquals(2L * 120 * 120, built[0], "the unpruned differences follow");
    }

    private static boolean parabolaReportsWithin(double[][] parabola) {
        java.util.List<Integer> settled = new java.util.ArrayList<>();
        AdjacentOutputSpace.finiteDomain(parabola, Relation.SUBSTITUTION, () -> false, (done, total) -> settled.add(done), null);
        return settled.stream().filter(k -> k > 0 && k < parabola.length).count() >= 2;
    }
}
