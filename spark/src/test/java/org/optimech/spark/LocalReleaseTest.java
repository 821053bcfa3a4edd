package org.optimech.spark;

import static org.apache.spark.sql.functions.spark_partition_id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.spec.DiscreteMechanismSpec;

/**
 * Local DP per row. One χ² test at 1e-6 and one event of probability below 1e-20 (two partitions' first 64 draws
 * equal): false-failure probability below 2e-6.
 */
class LocalReleaseTest {
    private static final StructType ROWS = new StructType().add("id", DataTypes.LongType).add("answer", DataTypes.StringType);

    /** 8,000 rows answering "B" come out as the spec's row for "B" (χ² at 1e-6); the raw column is gone. */
    @Test
    void randomizedResponseFollowsTheSpecRow() throws Exception {
        DiscreteMechanismSpec spec = (DiscreteMechanismSpec) SparkTestSupport.spec("randomized-response.spec.json");
        List<Row> rows = new ArrayList<>();
        for (long i = 0; i < 8000; i++) {
            rows.add(RowFactory.create(i, "B"));
        }
        Dataset<Row> data = SparkTestSupport.spark().createDataFrame(rows, ROWS).repartition(4);
        LocalRelease local = LocalRelease.of(spec, NoiseSource.seededForTesting(21));
        Dataset<Row> out = local.apply(data, "answer", "private_answer");
        assertEquals(List.of("id", "private_answer"), List.of(out.columns()));
        long[] counts = new long[4];
        for (Row r : out.collectAsList()) {
            counts[List.of("A", "B", "C", "D").indexOf(r.getString(1))]++;
        }
        double[] p = new double[4];
        for (int j = 0; j < 4; j++) {
            p[j] = spec.weights().probability(1, j);
        }
        double pv = SparkTestSupport.chiSquarePValue(counts, p);
        assertTrue(pv > 1e-6, "randomized response outputs do not follow the spec: p = " + pv + " (false-failure probability 1e-6)");
        assertTrue(local.guarantee().describe().contains("local DP"), local.guarantee().describe());
    }

    /**
     * With the secure source, partitions draw independently: the outputs of two partitions holding identical inputs
     * differ (equal first 64 draws has probability below 0.5^64 for this spec).
     */
    @Test
    void partitionsDrawIndependently() throws Exception {
        List<Row> rows = new ArrayList<>();
        for (long i = 0; i < 400; i++) {
            rows.add(RowFactory.create(i, "A"));
        }
        Dataset<Row> data = SparkTestSupport.spark().createDataFrame(rows, ROWS).coalesce(1).union(SparkTestSupport.spark().createDataFrame(rows, ROWS).coalesce(1));
        Dataset<Row> out = LocalRelease.of(SparkTestSupport.spec("randomized-response.spec.json"), NoiseSource.secure()).apply(data, "answer", "answer")
                .withColumn("pid", spark_partition_id());
        List<String> p0 = new ArrayList<>();
        List<String> p1 = new ArrayList<>();
        for (Row r : out.collectAsList()) {
            (r.getInt(2) == 0 ? p0 : p1).add(r.getString(1));
        }
        assertEquals(400, p0.size());
        assertEquals(400, p1.size());
        assertTrue(!p0.subList(0, 64).equals(p1.subList(0, 64)), "two partitions drew the same noise");
    }

    /**
     * A local release publishes every row (its presence is visible), so its guarantee is per row under value
     * substitution, never per privacy unit under add/remove; both describe() and toString() say so.
     */
    @Test
    void theLocalGuaranteeIsStatedPerRowUnderSubstitution() throws Exception {
        JobGuarantee g = LocalRelease.of(SparkTestSupport.spec("randomized-response.spec.json"), NoiseSource.secure()).guarantee();
        for (String text : List.of(g.describe(), g.toString())) {
            String head = text.lines().findFirst().orElseThrow();
            assertTrue(head.contains("per row") && head.contains("substitut"), head);
            assertTrue(!text.contains("per privacy unit") && !text.contains("added or removed"), text);
        }
    }

    /** A caller that needs a per-unit add/remove guarantee is refused, naming the setting and the value; row substitution is met. */
    @Test
    void anAddRemoveRequirementIsRefused() throws Exception {
        LocalRelease local = LocalRelease.of(SparkTestSupport.spec("randomized-response.spec.json"), NoiseSource.secure());
        assertEquals(JobGuarantee.Neighbours.ROW_SUBSTITUTION, local.guarantee().neighbours());
        assertSame(local, local.requireGuarantee(JobGuarantee.Neighbours.ROW_SUBSTITUTION));
        SpecNotApplicableException e = assertThrows(SpecNotApplicableException.class,
                () -> local.requireGuarantee(JobGuarantee.Neighbours.UNIT_ADD_REMOVE));
        assertTrue(e.getMessage().startsWith("requireGuarantee: a local release cannot protect a privacy unit under add/remove")
                && e.getMessage().contains("presence is visible") && e.getMessage().endsWith("Provided value: UNIT_ADD_REMOVE"), e.getMessage());
    }

    /** Only complete-graph discrete specs; null inputs and missing columns fail clearly. */
    @Test
    void nonLocalSpecsAreRefused() throws Exception {
        SpecNotApplicableException e = assertThrows(SpecNotApplicableException.class, () -> LocalRelease.of(SparkTestSupport.spec("count.spec.json"), NoiseSource.secure()));
        assertTrue(e.getMessage().startsWith("/privacy/neighbours") && e.getMessage().contains("path"), e.getMessage());
        e = assertThrows(SpecNotApplicableException.class, () -> LocalRelease.of(SparkTestSupport.spec("count-sum-l1.spec.json"), NoiseSource.secure()));
        assertTrue(e.getMessage().startsWith("/mechanism/kind"), e.getMessage());
        LocalRelease rr = LocalRelease.of(SparkTestSupport.spec("randomized-response.spec.json"), NoiseSource.secure());
        Dataset<Row> data = SparkTestSupport.spark().createDataFrame(List.of(RowFactory.create(1L, "B")), ROWS);
        IllegalArgumentException i = assertThrows(IllegalArgumentException.class, () -> rr.apply(data, "missing", "out"));
        assertTrue(i.getMessage().startsWith("column missing is not in the data"), i.getMessage());
        // issue 18 (1): a reject spec would fail the job on an out-of-domain row; it is refused before any data is read
        org.optimech.runtime.json.JsonObject doc = org.optimech.runtime.spec.SpecCodec.write(SparkTestSupport.spec("randomized-response.spec.json"));
        org.optimech.runtime.json.JsonObject privacy = doc.get("privacy").orElseThrow().asObject().without("default_input")
                .with("input_policy", new org.optimech.runtime.json.JsonString("reject"));
        org.optimech.runtime.spec.MechanismSpec reject = org.optimech.runtime.spec.SpecCodec.read(org.optimech.runtime.spec.SpecDigest.seal(doc.with("privacy", privacy)),
                org.optimech.runtime.spec.RuntimePolicy.builder().inputPolicies(java.util.EnumSet.allOf(org.optimech.runtime.spec.InputPolicy.class)).build());
        e = assertThrows(SpecNotApplicableException.class, () -> LocalRelease.of(reject, NoiseSource.secure()));
        assertTrue(e.getMessage().startsWith("/privacy/input_policy"), e.getMessage());
    }

    /**
     * Issue 18 (1): no row fails the job. Rows outside the labels and null rows are released as the declared default input
     * "A": 6,000 such rows follow the spec's row for "A" (χ² at 1e-6), mixed with in-domain rows that follow their own.
     */
    @Test
    void outOfDomainAndNullRowsAreReleasedAsTheDefaultInput() throws Exception {
        DiscreteMechanismSpec spec = (DiscreteMechanismSpec) SparkTestSupport.spec("randomized-response.spec.json");
        assertEquals("A", spec.inputs().valueAt(spec.privacy().defaultInput()));
        List<Row> rows = new ArrayList<>();
        for (long i = 0; i < 6000; i++) {
            rows.add(RowFactory.create(i, i % 3 == 0 ? null : i % 3 == 1 ? "Z" : "not an answer"));
        }
        Dataset<Row> data = SparkTestSupport.spark().createDataFrame(rows, ROWS).repartition(3);
        LocalRelease local = LocalRelease.of(spec, NoiseSource.seededForTesting(22));
        assertTrue(local.guarantee().describe().contains("released as the default input \"A\""), local.guarantee().describe());
        long[] counts = new long[4];
        for (Row r : local.apply(data, "answer", "private_answer").collectAsList()) {
            counts[List.of("A", "B", "C", "D").indexOf(r.getString(1))]++;
        }
        double[] p = new double[4];
        for (int j = 0; j < 4; j++) {
            p[j] = spec.weights().probability(0, j);
        }
        double pv = SparkTestSupport.chiSquarePValue(counts, p);
        assertTrue(pv > 1e-6, "out-of-domain rows are not released as the default input: p = " + pv + " (false-failure probability 1e-6)");
    }

    /** A clamp spec: integers clamp, other numbers round half-even then clamp, null and text take the lower end; none throws. */
    @Test
    void clampSpecsMapEveryValueToARow() throws Exception {
        org.optimech.runtime.DiscreteMechanism m = (org.optimech.runtime.DiscreteMechanism) org.optimech.runtime.Mechanisms.of(SparkTestSupport.spec(
                "rating-local.spec.json"), org.optimech.runtime.spec.RuntimePolicy.standard());
        Object[] values = {3L, "3", 99L, "-7", "100000000000000000000000", 3.5, 2.5, "4.4", null, "abc", ""};
        int[] rows = {2, 2, 4, 0, 4, 3, 1, 3, 0, 0, 0};
        for (int i = 0; i < values.length; i++) {
            assertEquals(rows[i], Udfs.LocalNoise.row(m, values[i]), String.valueOf(values[i]));
        }
    }
}
