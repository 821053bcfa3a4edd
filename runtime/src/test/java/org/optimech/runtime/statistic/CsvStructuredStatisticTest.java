package org.optimech.runtime.statistic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The statistic of a CSV for the forms other than polynomial features: listed records, counts, bounded contributions,
 * rankings and ordered counts, summed by hand; every clipped record lands in the record domain the sensitivity covers.
 */
class CsvStructuredStatisticTest {
    @Test
    void countsKeepTheFirstKOnesOfARecord() throws Exception {
        CsvStatistic.Result r = CsvStatistic.of(new Counts(3, 2), new StringReader("id,t1,t2,t3\na,1,0,1\nb,1,1,1\nc,0,0,0\n"));
        // b has three ones: its first two are kept
        assertArrayEquals(new double[] {2, 1, 1}, r.value());
        assertEquals(3, r.records());
        assertArrayEquals(new long[] {1}, r.clipped());
        assertEquals("records had more than 2 ones; each kept its first 2", r.clipRules().get(0));
    }

    @Test
    void boundedContributionsAreClippedToTheBoxThenToTheirKLargest() throws Exception {
        BoundedContribution b = new BoundedContribution(3, new BigDecimal("2"), 2, false);
        CsvStatistic.Result r = CsvStatistic.of(b, new StringReader("t3,t2,t1\n0,1.5,-3\n-1,1,1\n"));
        // row 1: t1 = -3 -> -2; row 2: (1, 1, -1) has three non-zeros: ties keep the first two columns t1, t2
        assertArrayEquals(new double[] {-2 + 1, 1.5 + 1, 0}, r.value());
        assertArrayEquals(new long[] {1, 1}, r.clipped());
        CsvStatistic.Result nonneg = CsvStatistic.of(new BoundedContribution(2, BigDecimal.ONE, 2, true), new StringReader("t1,t2\n-0.5,0.25\n"));
        assertArrayEquals(new double[] {0, 0.25}, nonneg.value());
        assertEquals("values were outside [0.0, 1.0] and clipped to it", nonneg.clipRules().get(0));
    }

    @Test
    void rankingsScoreEachCandidateByItsPlace() throws Exception {
        // Borda over 3 candidates: place 1 scores 2, place 2 scores 1, place 3 scores 0
        CsvStatistic.Result r = CsvStatistic.of(Ranking.borda(3), new StringReader("t1,t2,t3\n1,2,3\n3,1,2\n"));
        assertArrayEquals(new double[] {2 + 0, 1 + 2, 0 + 1}, r.value());
        assertEquals(0, r.clipped().length);
        Ranking custom = new Ranking(2, new BigDecimal[] {new BigDecimal("5"), new BigDecimal("-1")}, false);
        assertArrayEquals(new double[] {-1, 5}, CsvStatistic.of(custom, new StringReader("t1,t2\n2,1\n")).value());
    }

    @Test
    void orderedAnswersAreClosedUpward() throws Exception {
        // answer 0 implies answer 1, which implies answer 2
        OrderedCounts o = new OrderedCounts(3, new int[][] {{0, 1}, {1, 2}});
        CsvStatistic.Result r = CsvStatistic.of(o, new StringReader("t1,t2,t3\n1,0,0\n0,1,1\n0,0,0\n"));
        assertArrayEquals(new double[] {1, 2, 2}, r.value());
        assertArrayEquals(new long[] {1}, r.clipped());
    }

    @Test
    void listedRecordsAreSummedAndUnlistedOnesRefused() throws Exception {
        RecordStatistic s = new RecordStatistic(new double[][] {{1, 0}, {0, 1}, {1, 1}}, List.of("a", "b"));
        assertArrayEquals(new double[] {2, 2}, CsvStatistic.of(s, new StringReader("b,a\n0,1\n1,1\n1,0\n")).value());
        assertEquals("line 3: (a, b) must be one of the statistic's 3 listed records (its sensitivity covers those only). Provided value: (0.5, 0)",
                message(s, "a,b\n1,0\n0.5,0\n"));
    }

    @Test
    void malformedStructuredRecordsAreNamedByLineColumnAndValue() {
        assertEquals("line 2, column \"t2\": must be 0 or 1. Provided value: \"2\"", message(new Counts(2, 1), "t1,t2\n0,2\n"));
        assertEquals("line 2, column \"t1\": must be a finite number. Provided value: \"x\"", message(new Counts(2, 1), "t1,t2\nx,0\n"));
        assertEquals("line 2, column \"t2\": must be a finite number. Provided value: \"Infinity\"",
                message(new BoundedContribution(2, BigDecimal.ONE, 1, false), "t1,t2\n0,Infinity\n"));
        assertEquals("line 3, column \"t3\": must be the candidate's place, an integer in [1, 3]. Provided value: \"4\"",
                message(Ranking.borda(3), "t1,t2,t3\n1,2,3\n1,2,4\n"));
        assertEquals("line 2, column \"t2\": place 1 is already taken by \"t1\" (a ballot ranks every candidate once). Provided value: \"1\"",
                message(Ranking.borda(3), "t1,t2,t3\n1,1,3\n"));
        assertEquals("line 2, column \"t1\": must be 0 or 1. Provided value: \"-1\"", message(new OrderedCounts(2, new int[][] {{0, 1}}), "t1,t2\n-1,0\n"));
        assertTrue(message(new Counts(3, 1), "t1,t2\n").startsWith("line 1: the header has no column \"t3\""));
        assertEquals("a statistic given as differences T(X) - T(X') has no per-record form, so it cannot be computed from records",
                message(new DifferenceStatistic(new double[][] {{1}}, List.of("t1")), "t1\n1\n"));
    }

    /** A clipped bounded contribution is in the domain (|t_j| ≤ c, at most k non-zeros), and one already there is unchanged. */
    @Property(tries = 200)
    void clippedContributionsLieInTheDomain(@ForAll @Size(min = 1, max = 6) List<@IntRange(min = -5, max = 5) Integer> row,
            @ForAll @IntRange(min = 1, max = 6) int k, @ForAll boolean nonnegative) throws Exception {
        int d = row.size();
        int kk = Math.min(k, d);
        BoundedContribution b = new BoundedContribution(d, new BigDecimal("2"), kk, nonnegative);
        double[] t = CsvStatistic.of(b, new StringReader(header(d) + line(row))).value();
        int nonzero = 0;
        boolean inDomain = true;
        for (int j = 0; j < d; j++) {
            assertTrue(t[j] <= 2 && t[j] >= (nonnegative ? 0 : -2), "coordinate " + j + ": " + t[j]);
            nonzero += t[j] != 0 ? 1 : 0;
            inDomain &= row.get(j) <= 2 && row.get(j) >= (nonnegative ? 0 : -2);
        }
        assertTrue(nonzero <= kk);
        if (inDomain && row.stream().filter(v -> v != 0).count() <= kk) {
            for (int j = 0; j < d; j++) {
                assertEquals(row.get(j), t[j], 0.0, "a record in the domain must not change");
            }
        }
    }

    /** A closed record respects every implication, only adds answers, and a record that respected them is unchanged. */
    @Property(tries = 200)
    void closedAnswersRespectTheImplications(@ForAll @Size(min = 2, max = 6) List<@IntRange(min = 0, max = 1) Integer> row,
            @ForAll @Size(max = 8) List<@IntRange(min = 0, max = 35) Integer> pairs) throws Exception {
        int d = row.size();
        java.util.Set<List<Integer>> seen = new java.util.LinkedHashSet<>();
        for (int p : pairs) {
            int i = p / 6 % d;
            int j = p % 6 % d;
            if (i != j) {
                seen.add(List.of(i, j));
            }
        }
        int[][] implies = seen.stream().map(l -> new int[] {l.get(0), l.get(1)}).toArray(int[][]::new);
        OrderedCounts o = new OrderedCounts(d, implies);
        double[] t = CsvStatistic.of(o, new StringReader(header(d) + line(row))).value();
        assertTrue(o.admits(t));
        double[] x = row.stream().mapToDouble(Integer::doubleValue).toArray();
        for (int j = 0; j < d; j++) {
            assertTrue(t[j] >= x[j]);
        }
        if (o.admits(x)) {
            assertArrayEquals(x, t);
        }
    }

    private static String header(int d) {
        StringBuilder b = new StringBuilder();
        for (int j = 1; j <= d; j++) {
            b.append(j > 1 ? "," : "").append("t").append(j);
        }
        return b.append('\n').toString();
    }

    private static String line(List<Integer> row) {
        StringBuilder b = new StringBuilder();
        for (int v : row) {
            b.append(b.length() > 0 ? "," : "").append(v);
        }
        return b.append('\n').toString();
    }

    private static String message(Statistic s, String csv) {
        return assertThrows(IllegalArgumentException.class, () -> CsvStatistic.of(s, new StringReader(csv))).getMessage();
    }
}
