package org.optimech.runtime.statistic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The statistic of a CSV of records: summed by hand here, clipped to the box, and every malformed record named. */
class CsvStatisticTest {
    /** T = (Σx, Σy, Σxy, Σ[g = b]) with x ∈ [-1, 1], y ∈ [0, 1], g ∈ {a, b}. */
    private static PolynomialStatistic regression() {
        return new PolynomialStatistic(
                List.of(new PolynomialStatistic.BoxVariable("x", -1, 1), new PolynomialStatistic.BoxVariable("y", 0, 1)),
                List.of(new PolynomialStatistic.CategoricalVariable("g", List.of("a", "b"))),
                List.of(new PolynomialStatistic.Feature("sum_x", List.of(new PolynomialStatistic.Term(BigDecimal.ONE, Map.of("x", 1)))),
                        new PolynomialStatistic.Feature("sum_y", List.of(new PolynomialStatistic.Term(BigDecimal.ONE, Map.of("y", 1)))),
                        new PolynomialStatistic.Feature("sum_xy", List.of(new PolynomialStatistic.Term(BigDecimal.ONE, Map.of("x", 1, "y", 1)))),
                        new PolynomialStatistic.Feature("count_b", List.of(new PolynomialStatistic.Term(new BigDecimal("2"), Map.of("g=b", 1))))));
    }

    /** Issue 24 (6): reading standard input has no size to count against, so the records read are reported as they go. */
    @Test
    void theRecordsReadAreReportedEvery4096AndBlankLinesAreNotRecords() throws Exception {
        StringBuilder csv = new StringBuilder("x,y,g\n");
        for (int i = 0; i < 10_000; i++) {
            csv.append(i % 2 == 0 ? "0.5,1,a\n" : "-0.5,0,b\n").append(i % 1000 == 0 ? "\n" : "");
        }
        List<Long> reports = new java.util.ArrayList<>();
        CsvStatistic.Result r = CsvStatistic.of(regression(), new StringReader(csv.toString()), reports::add);
        assertEquals(10_000, r.records());
        assertEquals(List.of(4096L, 8192L), reports);
        List<Long> counted = new java.util.ArrayList<>();
        assertEquals(5000, CsvStatistic.count("y", new StringReader(csv.toString()), counted::add).value()[0]);
        assertEquals(List.of(4096L, 8192L), counted);
    }

    @Test
    void sumsTheFeaturesOverTheRecordsClippingToTheBox() throws Exception {
        String csv = "id,y,x,g\n"
                + "1,0.5,0.25,a\n"
                + "2,\"1\",-0.5,b\n"
                + "\n"
                + "3,2.0,3,b\n"; // y = 2 and x = 3 are outside the box: clipped to 1 and 1
        CsvStatistic.Result r = CsvStatistic.of(regression(), new StringReader(csv));
        assertEquals(3, r.records());
        // by hand: x = 0.25, -0.5, 1; y = 0.5, 1, 1; xy = 0.125, -0.5, 1; 2·[g = b] = 0, 2, 2
        assertArrayEquals(new double[] {0.75, 2.5, 0.625, 4}, r.value(), 1e-15);
        assertArrayEquals(new long[] {1, 1}, r.clipped());
    }

    @Test
    void malformedRecordsAreNamedByLineColumnAndValue() {
        PolynomialStatistic s = regression();
        assertEquals("line 3, column \"x\": must be a finite number. Provided value: \"abc\"", message(s, "x,y,g\n0,0,a\nabc,0,a\n"));
        assertEquals("line 2, column \"y\": must be a finite number. Provided value: \"NaN\"", message(s, "x,y,g\n0,NaN,a\n"));
        assertEquals("line 2, column \"g\": must be one of [a, b]. Provided value: \"c\"", message(s, "x,y,g\n0,0,c\n"));
        assertEquals("line 2, column \"g\": missing (the line has 2 fields)", message(s, "x,y,g\n0,0\n"));
        assertTrue(message(s, "x,g\n0,a\n").startsWith("line 1: the header has no column \"y\""), message(s, "x,g\n0,a\n"));
        assertEquals("line 1, column 2: the column \"x\" is named twice", message(s, "x,x,y,g\n"));
        assertEquals("line 2: a quoted field is not closed", message(s, "x,y,g\n\"0,0,a\n"));
        assertTrue(message(s, "").startsWith("line 1: the CSV is empty"));
    }

    private static String message(PolynomialStatistic s, String csv) {
        return assertThrows(IllegalArgumentException.class, () -> CsvStatistic.of(s, new StringReader(csv))).getMessage();
    }
}
