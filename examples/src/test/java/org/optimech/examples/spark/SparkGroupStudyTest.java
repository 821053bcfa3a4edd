package org.optimech.examples.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark study end to end on 40,000 rows: it designs its spec, releases with the single-JVM loop and with Spark,
 * and both pass the study's own checks (errors against the exact truth: mean within 6 standard errors of 0 and mean
 * absolute error within 6 standard errors of the lattice noise's, per path and coordinate; false-failure probability
 * below 1e-8 for the 4 checks).
 */
class SparkGroupStudyTest {
    @Test
    void bothPathsReleaseTheSameTruthWithTheSpecsNoise(@TempDir Path dir) throws Exception {
        StringWriter text = new StringWriter();
        boolean ok = SparkGroupStudy.run(40_000, List.of(2), dir, new PrintWriter(text, true));
        assertTrue(ok, text.toString());
        List<String> csv = Files.readAllLines(dir.resolve("throughput.csv"));
        assertEquals(3, csv.size(), String.join("\n", csv));
        assertTrue(csv.get(2).startsWith("spark,2,"), csv.get(2));
        assertTrue(text.toString().contains("ε = 4.0 pure DP"), text.toString());
    }

    /** The generator's formulas agree between the DataFrame and the loop, row for row. */
    @Test
    void theTwoPathsReadTheSameRows() {
        org.apache.spark.sql.SparkSession spark = org.apache.spark.sql.SparkSession.builder().master("local[2]").config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
        List<org.apache.spark.sql.Row> rows = SparkGroupStudy.generate(spark, 4000, 3).orderBy("user", "region").collectAsList();
        java.util.Set<String> want = new java.util.HashSet<>();
        for (long i = 0; i < 4000; i++) {
            want.add(i / SparkGroupStudy.ROWS_PER_UNIT + "," + SparkGroupStudy.region(i) + "," + SparkGroupStudy.x(i));
        }
        java.util.Set<String> got = new java.util.HashSet<>();
        for (org.apache.spark.sql.Row r : rows) {
            got.add(r.getLong(0) + "," + r.getLong(1) + "," + r.getDouble(2));
        }
        assertEquals(want, got);
        assertEquals(4000, rows.size());
    }
}
