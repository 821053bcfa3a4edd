package org.optimech.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * Central DP per group in Spark local[2]. Statistical checks: five χ² tests and two binomial tests, each failing
 * falsely with probability at most 1e-6, plus two events of probability below 1e-6 (a one-unit key passing partition
 * selection) and 1e-10 (two secrets keeping the same rows): the file's false-failure probability is below 9e-6. Noise
 * and job secrets come from the fixed-seed source ({@link NoiseSource#seededForTesting}) so that CI runs are
 * reproducible; two tests run the secure source.
 */
class GroupReleaseTest {
    private static final double ALPHA = 1e-6;
    private static final StructType ROWS = new StructType().add("user", DataTypes.StringType).add("region", DataTypes.StringType)
            .add("x", DataTypes.DoubleType);

    private static Dataset<Row> rows(List<Row> rows) {
        return SparkTestSupport.spark().createDataFrame(rows, ROWS);
    }

    /**
     * 1,300 declared keys with true counts 0 (no rows at all: empty groups), 3, 7 and 12, and 16 (clamped to 12): the
     * released counts pooled by true count follow the spec's rows (χ² per count, each at α = 1e-6).
     */
    @Test
    void countsFollowTheSpecRowsAcrossManyGroups() throws Exception {
        DiscreteMechanismSpec spec = (DiscreteMechanismSpec) SparkTestSupport.spec("count.spec.json");
        int[] trueCounts = {0, 3, 7, 12, 16};
        int perCount = 260;
        List<Row> data = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        Map<String, Integer> truth = new HashMap<>();
        int unit = 0;
        for (int c : trueCounts) {
            for (int g = 0; g < perCount; g++) {
                String key = "k" + c + "-" + g;
                keys.add(key);
                truth.put(key, c);
                for (int r = 0; r < c; r++) {
                    data.add(RowFactory.create("u" + unit++, key, null));
                }
            }
        }
        data.add(RowFactory.create("u-other", "undeclared", null)); // dropped: not a declared key
        GroupRelease job = GroupRelease.builder(spec).privacyUnit("user").groupBy("region").publicKeys(keys)
                .noise(NoiseSource.seededForTesting(11)).build();
        GroupRelease.Release r = job.release(rows(data));
        List<Row> out = r.released().collectAsList();
        assertEquals(keys.size(), out.size(), "every declared key is released, empty ones too, and no other");
        Map<Integer, long[]> observed = new HashMap<>();
        for (Row row : out) {
            int c = Math.min(12, truth.get(row.getString(0)));
            observed.computeIfAbsent(c, x -> new long[13])[(int) row.getLong(1)]++;
        }
        for (Map.Entry<Integer, long[]> e : observed.entrySet()) {
            double[] p = new double[13];
            for (int w = 0; w < 13; w++) {
                p[w] = spec.weights().probability(e.getKey(), w);
            }
            double pv = SparkTestSupport.chiSquarePValue(e.getValue(), p);
            assertTrue(pv > ALPHA, "released counts for true count " + e.getKey() + " do not follow the spec's row: p = " + pv
                    + " (false-failure probability " + ALPHA + ")");
        }
        assertEquals(new BigDecimal("0.999999991"), r.guarantee().epsilon());
        assertTrue(r.guarantee().isPure());
    }

    /**
     * The ℓ1 lattice spec on (count, sum x): released minus the exactly rounded truth, in lattice units, is two-sided
     * geometric with rate noise_epsilon / lattice_sensitivity in each coordinate (χ² over 24 bins per coordinate).
     */
    @Test
    void latticeNoiseFollowsTheSpecAcrossManyGroups() throws Exception {
        KNormSpec spec = (KNormSpec) SparkTestSupport.spec("count-sum-l1.spec.json");
        KNormSpec.LatticeNoise lattice = spec.latticeNoise().orElseThrow();
        SplittableRandom rnd = new SplittableRandom(5);
        List<Row> data = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        Map<String, double[]> truth = new HashMap<>();
        for (int g = 0; g < 3000; g++) {
            String key = "g" + g;
            keys.add(key);
            int n = rnd.nextInt(4);
            double s = 0;
            for (int r = 0; r < n; r++) {
                double x = rnd.nextInt(33) / 8.0; // multiples of 1/8 in [0, 4]: quantization is exact
                s += x;
                data.add(RowFactory.create("u" + g + "-" + r, key, x));
            }
            truth.put(key, new double[] {n, s});
        }
        GroupRelease job = GroupRelease.builder(spec).privacyUnit("user").groupBy("region").publicKeys(keys).maxRowsPerGroup(2)
                .noise(NoiseSource.seededForTesting(12)).build();
        List<Row> out = job.release(rows(data)).released().collectAsList();
        assertEquals(keys.size(), out.size());
        double alpha = Math.exp(-lattice.rate().doubleValue());
        double[] edges = new double[23];
        for (int i = 0; i < edges.length; i++) {
            edges[i] = (i - 11) * 600.0; // bins (-inf, -6600), ..., [6600, inf) in lattice units
        }
        for (int j = 0; j < 2; j++) {
            long[] observed = new long[24];
            for (Row row : out) {
                double released = row.getDouble(1 + j);
                double t = truth.get(row.getString(0))[j];
                long z = (long) Math.scalb(released, -lattice.exponent()) - (long) Math.rint(Math.scalb(t, -lattice.exponent()));
                int bin = 0;
                while (bin < edges.length && z >= edges[bin]) {
                    bin++;
                }
                observed[bin]++;
                assertEquals(released, Math.scalb(Math.rint(Math.scalb(released, -lattice.exponent())), lattice.exponent()), 0.0, "on the lattice");
            }
            double[] p = new double[24];
            for (int b = 0; b < 24; b++) {
                double lo = b == 0 ? Double.NEGATIVE_INFINITY : edges[b - 1];
                double hi = b == 23 ? Double.POSITIVE_INFINITY : edges[b];
                p[b] = cdf(hi, alpha) - cdf(lo, alpha);
            }
            double pv = SparkTestSupport.chiSquarePValue(observed, p);
            assertTrue(pv > ALPHA, "coordinate " + j + " noise does not follow the lattice law: p = " + pv + " (false-failure probability " + ALPHA + ")");
        }
    }

    /** P(Z < m) for the two-sided geometric P(z) = (1−α)/(1+α)·α^{|z|}, m an integer or ±∞. */
    private static double cdf(double m, double alpha) {
        if (m == Double.NEGATIVE_INFINITY) {
            return 0;
        }
        if (m == Double.POSITIVE_INFINITY) {
            return 1;
        }
        // P(Z ≤ −k) = α^k/(1+α) for k ≥ 1; P(Z ≥ k) the same
        return m <= 0 ? Math.pow(alpha, -m + 1) / (1 + alpha) : 1 - Math.pow(alpha, m) / (1 + alpha);
    }

    /**
     * Bounding before noise: a heavy unit with 50 rows in each of 10 keys keeps exactly G = 3 keys with k = 2 rows
     * each; values are clipped into [0, 4]; with bounds that do not bind, the exact sums equal a plain Java sum.
     */
    /**
     * Issue 18 (1): a value that does not parse as a number never fails the job (under ANSI mode a plain cast would throw
     * and print the value): the row is dropped like a null, a per-row filter that keeps every bound.
     */
    @Test
    void malformedValuesAreDroppedNotFatal() throws Exception {
        KNormSpec spec = (KNormSpec) SparkTestSupport.spec("count-sum-l1.spec.json");
        StructType text = new StructType().add("user", DataTypes.StringType).add("region", DataTypes.StringType).add("x", DataTypes.StringType);
        List<Row> data = List.of(RowFactory.create("a", "r0", "1.25"), RowFactory.create("b", "r0", "abc"), RowFactory.create("c", "r0", "1e99999"),
                RowFactory.create("d", "r0", "2"));
        GroupRelease job = GroupRelease.builder(spec).privacyUnit("user").groupBy("region").publicKeys(List.of("r0")).noise(NoiseSource.seededForTesting(31))
                .build();
        List<Row> agg = job.aggregate(SparkTestSupport.spark().createDataFrame(data, text)).collectAsList();
        assertEquals(1, agg.size());
        // "abc" is dropped; "1e99999" is +Infinity as a double, clipped to the box's upper end 4; so the count is 3 and the sum 1.25 + 4 + 2
        assertEquals(3L, scaled(agg.get(0), 0, job.scaleBits()).longValueExact());
        assertEquals(0, new BigDecimal("7.25").compareTo(scaled(agg.get(0), 1, job.scaleBits())), agg.get(0).toString());
        assertEquals(1, job.release(SparkTestSupport.spark().createDataFrame(data, text)).released().count());
    }

    @Test
    void contributionBoundingAndClippingAreEnforced() throws Exception {
        KNormSpec spec = (KNormSpec) SparkTestSupport.spec("count-sum-l1.spec.json");
        List<Row> data = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int g = 0; g < 10; g++) {
            keys.add("r" + g);
            for (int r = 0; r < 50; r++) {
                data.add(RowFactory.create("heavy", "r" + g, r % 2 == 0 ? 100.0 : -7.0)); // clipped to 4 and 0
            }
        }
        data.add(RowFactory.create("light", "r0", 1.25));
        data.add(RowFactory.create("light", "r0", Double.NaN)); // dropped
        data.add(RowFactory.create(null, "r1", 1.0)); // dropped: no unit
        GroupRelease job = GroupRelease.builder(spec).privacyUnit("user").groupBy("region").publicKeys(keys).maxGroupsPerUnit(3).maxRowsPerGroup(2)
                .noise(NoiseSource.seededForTesting(13)).build();
        for (int run = 0; run < 3; run++) {
            List<Row> agg = job.aggregate(rows(data)).collectAsList();
            long totalCount = 0;
            int heavyKeys = 0;
            for (Row row : agg) {
                long count = scaled(row, 0, job.scaleBits()).longValueExact();
                BigDecimal sum = scaled(row, 1, job.scaleBits());
                long units = row.getLong(row.fieldIndex("_units"));
                boolean hasLight = row.getString(0).equals("r0") && units == 2 || row.getString(0).equals("r0") && count == 1;
                long heavyCount = hasLight ? count - 1 : count;
                BigDecimal heavySum = hasLight ? sum.subtract(new BigDecimal("1.25")) : sum;
                assertTrue(heavyCount <= 2, "at most k = 2 rows of a unit per key: " + row);
                // each kept heavy row is 4 (clipped from 100) or 0 (clipped from -7)
                assertTrue(heavySum.compareTo(BigDecimal.valueOf(4 * heavyCount)) <= 0 && heavySum.signum() >= 0, row.toString());
                assertEquals(0, heavySum.remainder(BigDecimal.valueOf(4)).signum(), row.toString());
                totalCount += heavyCount;
                heavyKeys += heavyCount > 0 ? 1 : 0;
            }
            assertEquals(3, heavyKeys, "the heavy unit keeps exactly G = 3 keys");
            assertEquals(6, totalCount, "and exactly k = 2 rows in each");
        }

        // bounds that do not bind: exact sums against a plain Java computation
        SplittableRandom rnd = new SplittableRandom(9);
        List<Row> light = new ArrayList<>();
        Map<String, BigDecimal> want = new HashMap<>();
        for (int i = 0; i < 2000; i++) {
            String key = "r" + rnd.nextInt(10);
            double x = rnd.nextInt(1 << 12) / 1024.0; // [0, 4), multiples of 2^-10
            light.add(RowFactory.create("v" + i, key, x));
            want.merge(key, new BigDecimal(x), BigDecimal::add);
        }
        for (Row row : job.aggregate(rows(light)).collectAsList()) {
            assertEquals(0, want.get(row.getString(0)).compareTo(scaled(row, 1, job.scaleBits())), row.toString());
        }
    }

    /**
     * Bounding is a function of the data and the job's secret alone: the bounded per-key sums, evaluated twice by two
     * actions on the same uncached dataset (so the bounding runs twice after the shuffle, as when Spark recomputes a
     * lost partition), are identical. Five heavy units with 50 distinct values in each of 10 keys (G = 3, k = 2) and
     * 500 light units with 1–5 rows: a selection drawn afresh on each evaluation (the old random order) keeps the same
     * keys and the same sums for all five heavy units with probability below 1e-20. Secure randomness.
     */
    @Test
    void boundingSelectsTheSameRowsWhenTheDatasetIsEvaluatedAgain() throws Exception {
        KNormSpec spec = (KNormSpec) SparkTestSupport.spec("count-sum-l1.spec.json");
        List<Row> data = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int g = 0; g < 10; g++) {
            keys.add("r" + g);
        }
        for (int h = 0; h < 5; h++) {
            for (int g = 0; g < 10; g++) {
                for (int r = 0; r < 50; r++) {
                    data.add(RowFactory.create("heavy" + h, "r" + g, (r + 7 * g + 11 * h) % 64 / 16.0)); // distinct per key, in [0, 4)
                }
            }
        }
        SplittableRandom rnd = new SplittableRandom(15);
        for (int u = 0; u < 500; u++) {
            int n = 1 + rnd.nextInt(5);
            for (int r = 0; r < n; r++) {
                data.add(RowFactory.create("light" + u, "r" + rnd.nextInt(10), rnd.nextInt(65) / 16.0));
            }
        }
        GroupRelease job = GroupRelease.builder(spec).privacyUnit("user").groupBy("region").publicKeys(keys).maxGroupsPerUnit(3).maxRowsPerGroup(2)
                .noise(NoiseSource.secure()).build();
        Dataset<Row> bounded = job.aggregate(rows(data).repartition(3));
        List<Row> first = bounded.orderBy("_k").collectAsList();
        List<Row> second = bounded.orderBy("_k").collectAsList();
        assertEquals(first, second, "the same data and secret must select the same rows on every evaluation");
        assertEquals(10, first.size());
    }

    /**
     * The bounded rows depend on the data and the secret, not on how Spark lays the data out: the same secret keeps the
     * same (unit, key, sum) rows from the data in another order and partitioning; a second secret keeps other rows (the
     * five heavy units keep the same keys and rows under both secrets with probability below 1e-10).
     */
    @Test
    void boundingDependsOnTheSecretAndNotOnTheLayout() throws Exception {
        KNormSpec spec = (KNormSpec) SparkTestSupport.spec("count-sum-l1.spec.json");
        List<Row> data = new ArrayList<>();
        for (int h = 0; h < 5; h++) {
            for (int g = 0; g < 10; g++) {
                for (int r = 0; r < 50; r++) {
                    data.add(RowFactory.create("heavy" + h, "r" + g, (r + 7 * g + 11 * h) % 64 / 16.0)); // distinct per key
                }
                data.add(RowFactory.create("heavy" + h, "r" + g, 2.0)); // and a copy of one of them: identical rows
            }
        }
        GroupRelease job = GroupRelease.builder(spec).privacyUnit("user").groupBy("region").partitionSelection(BigDecimal.ONE, new BigDecimal("1e-9"))
                .maxGroupsPerUnit(3).maxRowsPerGroup(2).noise(NoiseSource.seededForTesting(16)).build();
        byte[] secret = NoiseSource.seededForTesting(16).jobSecret();
        List<Row> reversed = new ArrayList<>(data);
        java.util.Collections.reverse(reversed);
        Set<Row> first = new HashSet<>(job.bounded(rows(data).repartition(3), secret).collectAsList());
        Set<Row> second = new HashSet<>(job.bounded(rows(reversed).repartition(5), secret).collectAsList());
        assertEquals(15, first.size(), "G = 3 keys for each of 5 units: " + first);
        assertEquals(first, second, "the same secret keeps the same rows whatever the layout");
        Set<Row> other = new HashSet<>(job.bounded(rows(data).repartition(3), NoiseSource.seededForTesting(17).jobSecret()).collectAsList());
        assertTrue(!other.equals(first), "another secret keeps other rows (false-failure probability below 1e-10)");
    }

    /**
     * The kept subset is uniform over rows, identical copies included, for k = 1 and G = 1 under one secret (units are
     * independent trials: the hash covers the unit). 2,000 units with three copies of 4 and one 0 in one key keep a 4
     * with probability 3/4 (binomial test); 2,000 units with one row in each of 5 keys keep each key with probability
     * 1/5, and 2,000 units with 5 distinct values in one key keep each value with probability 1/5 (χ² tests). Each test
     * fails falsely with probability at most 1e-6.
     */
    @Test
    void boundingKeepsAUniformlyRandomSubsetOfRows() throws Exception {
        KNormSpec spec = (KNormSpec) SparkTestSupport.spec("count-sum-l1.spec.json");
        List<Row> data = new ArrayList<>();
        int units = 2000;
        for (int u = 0; u < units; u++) {
            for (double x : new double[] {4, 4, 4, 0}) {
                data.add(RowFactory.create("dup" + u, "d", x));
            }
            for (int g = 0; g < 5; g++) {
                data.add(RowFactory.create("spread" + u, "s" + g, 1.0));
                data.add(RowFactory.create("distinct" + u, "v", (double) g));
            }
        }
        GroupRelease job = GroupRelease.builder(spec).privacyUnit("user").groupBy("region").partitionSelection(BigDecimal.ONE, new BigDecimal("1e-9"))
                .noise(NoiseSource.seededForTesting(18)).build();
        long fours = 0;
        long dupUnits = 0;
        long[] keys = new long[5];
        long[] values = new long[5];
        int scale = job.scaleBits();
        for (Row row : job.bounded(rows(data), NoiseSource.seededForTesting(18).jobSecret()).collectAsList()) {
            String unit = row.getString(0);
            long x = row.getDecimal(3).toBigIntegerExact().shiftRight(scale).longValueExact();
            assertEquals(1, row.getDecimal(2).toBigIntegerExact().shiftRight(scale).longValueExact(), "k = 1 row: " + row);
            if (unit.startsWith("dup")) {
                fours += x == 4 ? 1 : 0;
                dupUnits++;
            } else if (unit.startsWith("spread")) {
                keys[Integer.parseInt(row.getString(1).substring(1))]++;
            } else {
                values[(int) x]++;
            }
        }
        assertEquals(units, dupUnits, "one kept row per unit");
        assertEquals(units, java.util.Arrays.stream(keys).sum(), "one kept key per unit");
        assertEquals(units, java.util.Arrays.stream(values).sum(), "one kept row per unit");
        org.apache.commons.math3.distribution.BinomialDistribution bin = new org.apache.commons.math3.distribution.BinomialDistribution(units, 0.75);
        double tail = Math.min(bin.cumulativeProbability((int) fours), 1 - bin.cumulativeProbability((int) fours - 1));
        assertTrue(2 * tail > ALPHA, "units with three copies of 4 and one 0 kept a 4 " + fours + "/" + units + " times, expected about " + 0.75 * units
                + " (false-failure probability " + ALPHA + ")");
        double[] fifth = {0.2, 0.2, 0.2, 0.2, 0.2};
        double pKeys = SparkTestSupport.chiSquarePValue(keys, fifth);
        assertTrue(pKeys > ALPHA, "kept keys " + java.util.Arrays.toString(keys) + " are not uniform: p = " + pKeys + " (false-failure probability "
                + ALPHA + ")");
        double pValues = SparkTestSupport.chiSquarePValue(values, fifth);
        assertTrue(pValues > ALPHA, "kept values " + java.util.Arrays.toString(values) + " are not uniform: p = " + pValues + " (false-failure probability "
                + ALPHA + ")");
    }

    /** The count noise is total: a count beyond a long (or below zero) is clamped into the spec's range, never thrown. */
    @Test
    void countNoiseClampsCountsOfAnySize() throws Exception {
        DiscreteMechanismSpec spec = (DiscreteMechanismSpec) SparkTestSupport.spec("count.spec.json");
        Udfs.CountNoise noise = new Udfs.CountNoise(NoiseSource.seededForTesting(19), SpecBroadcast.of(SparkTestSupport.spark(), spec));
        for (String count : new String[] {"99999999999999999999999999999999999999", "-99999999999999999999999999999999999999", "9223372036854775808", "5"}) {
            long released = (Long) noise.call(new BigDecimal(count));
            assertTrue(released >= 0 && released <= 12, count + " released as " + released);
        }
    }

    private static BigDecimal scaled(Row row, int feature, int scaleBits) {
        BigDecimal s = row.getDecimal(row.fieldIndex("_s" + feature));
        return s.divide(new BigDecimal(BigInteger.ONE.shiftLeft(scaleBits)));
    }

    /**
     * The released dataset is materialized: reading it twice gives the same values, and its plan is a scan of stored rows
     * (no noise UDF left to re-run). Secure randomness here.
     */
    @Test
    void noiseIsDrawnOnceAndTheResultIsMaterialized() throws Exception {
        MechanismSpec spec = SparkTestSupport.spec("count-sum-hull.spec.json");
        List<Row> data = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int g = 0; g < 50; g++) {
            keys.add("k" + g);
            data.add(RowFactory.create("u" + g, "k" + g, 2.0));
        }
        GroupRelease job = GroupRelease.builder(spec).privacyUnit("user").groupBy("region").publicKeys(keys).maxRowsPerGroup(2).build();
        Dataset<Row> released = job.release(rows(data)).released();
        List<Row> first = released.orderBy("region").collectAsList();
        List<Row> second = released.orderBy("region").collectAsList();
        assertEquals(first, second, "a materialized release reads back the same noise");
        String plan = released.queryExecution().analyzed().toString();
        assertTrue(plan.contains("LogicalRDD") && !plan.contains("UDF"), plan);
        assertEquals(List.of("region", "count", "sum_x"), List.of(released.columns()));
        Set<Double> distinct = new HashSet<>();
        for (Row r : first) {
            distinct.add(r.getDouble(2));
        }
        assertTrue(distinct.size() > 25, "50 groups with the same truth get independent noise: " + distinct.size() + " distinct values");
    }

    /**
     * Partition selection at ε = 1, δ = 1e-9, G = 1: keys with 60 units always pass, keys with 1 unit almost never
     * (probability below 1e-9 each, 400 keys), and keys with exactly τ units pass with probability 1/(1 + α)
     * (binomial test over 1,000 keys at 1e-6).
     */
    @Test
    void partitionSelectionKeepsLargeKeysDropsSingletonsAndHasTheExactPassRate() throws Exception {
        MechanismSpec spec = SparkTestSupport.spec("count.spec.json");
        GroupRelease job = GroupRelease.builder(spec).privacyUnit("user").groupBy("region")
                .partitionSelection(BigDecimal.ONE, new BigDecimal("1e-9")).noise(NoiseSource.seededForTesting(14)).build();
        PartitionSelection sel = PartitionSelection.of(BigDecimal.ONE, new BigDecimal("1e-9"), 1);
        long tau = sel.threshold();
        List<Row> data = new ArrayList<>();
        int unit = 0;
        for (int g = 0; g < 100; g++) {
            for (int u = 0; u < 60; u++) {
                data.add(RowFactory.create("u" + unit++, "big" + g, null));
            }
        }
        for (int g = 0; g < 400; g++) {
            data.add(RowFactory.create("u" + unit++, "single" + g, null));
        }
        for (int g = 0; g < 1000; g++) {
            for (int u = 0; u < tau; u++) {
                data.add(RowFactory.create("u" + unit++, "edge" + g, null));
            }
        }
        GroupRelease.Release r = job.release(rows(data));
        long big = 0;
        long single = 0;
        long edge = 0;
        for (Row row : r.released().collectAsList()) {
            String k = row.getString(0);
            big += k.startsWith("big") ? 1 : 0;
            single += k.startsWith("single") ? 1 : 0;
            edge += k.startsWith("edge") ? 1 : 0;
        }
        assertEquals(100, big);
        assertEquals(0, single);
        double p = 1 / (1 + Math.exp(-1.0));
        org.apache.commons.math3.distribution.BinomialDistribution bin = new org.apache.commons.math3.distribution.BinomialDistribution(1000, p);
        double tail = Math.min(bin.cumulativeProbability((int) edge), 1 - bin.cumulativeProbability((int) edge - 1));
        assertTrue(2 * tail > ALPHA, "keys with tau units pass " + edge + "/1000 times, expected about " + 1000 * p + " (false-failure probability " + ALPHA + ")");
        assertEquals(new BigDecimal("1.999999991"), r.guarantee().epsilon(), r.guarantee().describe());
        assertTrue(r.guarantee().delta().compareTo(new BigDecimal("1e-9")) <= 0 && r.guarantee().delta().signum() > 0);
    }

    /** The threshold is the smallest meeting δ, checked against the closed form in doubles. */
    @Test
    void partitionSelectionThresholdIsTheSmallestThatMeetsDelta() {
        for (int g : new int[] {1, 3, 10}) {
            for (String d : new String[] {"1e-5", "1e-9", "1e-12"}) {
                for (String e : new String[] {"0.5", "1", "2"}) {
                    PartitionSelection s = PartitionSelection.of(new BigDecimal(e), new BigDecimal(d), g);
                    double eps = Double.parseDouble(e);
                    double alpha = Math.exp(-eps / g);
                    java.util.function.LongToDoubleFunction delta = tau -> Math.exp(eps) * g * Math.pow(alpha, tau - 1) / (1 + alpha);
                    double want = Double.parseDouble(d);
                    assertTrue(delta.applyAsDouble(s.threshold()) <= want * (1 + 1e-9), s.toString());
                    assertTrue(s.threshold() == 2 || delta.applyAsDouble(s.threshold() - 1) > want * (1 - 1e-9), s.toString());
                    assertTrue(s.certifiedDelta().doubleValue() >= delta.applyAsDouble(s.threshold()) * (1 - 1e-12), s.toString());
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> PartitionSelection.of(BigDecimal.ONE, BigDecimal.ZERO, 1));
        assertThrows(IllegalArgumentException.class, () -> PartitionSelection.of(BigDecimal.ZERO, new BigDecimal("1e-9"), 1));
    }

    /** Specs whose assumptions the job cannot enforce are refused, naming the field; bad settings name the setting. */
    @Test
    void mismatchedSpecsAndSettingsAreRefused() throws Exception {
        MechanismSpec substitution = SparkTestSupport.spec("count-substitution.spec.json");
        SpecNotApplicableException e = assertThrows(SpecNotApplicableException.class,
                () -> GroupRelease.builder(substitution).privacyUnit("user").groupBy("region").publicKeys(List.of("a")).build());
        assertTrue(e.getMessage().startsWith("/privacy/relation") && e.getMessage().contains("substitution"), e.getMessage());

        MechanismSpec countSum = SparkTestSupport.spec("count-sum-l1.spec.json");
        e = assertThrows(SpecNotApplicableException.class,
                () -> GroupRelease.builder(countSum).privacyUnit("user").groupBy("region").publicKeys(List.of("a")).maxRowsPerGroup(3).build());
        assertTrue(e.getMessage().startsWith("/mechanism/sensitivity") && e.getMessage().contains("rows_per_unit = 2"), e.getMessage());

        MechanismSpec count = SparkTestSupport.spec("count.spec.json");
        e = assertThrows(SpecNotApplicableException.class,
                () -> GroupRelease.builder(count).privacyUnit("user").groupBy("region").publicKeys(List.of("a")).maxRowsPerGroup(2).build());
        assertTrue(e.getMessage().startsWith("/privacy/neighbours"), e.getMessage());

        MechanismSpec idealized = SparkTestSupport.spec("count-sum-idealized.spec.json");
        e = assertThrows(SpecNotApplicableException.class,
                () -> GroupRelease.builder(idealized).privacyUnit("user").groupBy("region").publicKeys(List.of("a")).build());
        assertTrue(e.getMessage().startsWith("/privacy/numerics"), e.getMessage());
        GroupRelease ok = GroupRelease.builder(idealized).privacyUnit("user").groupBy("region").publicKeys(List.of("a")).allowIdealizedNumerics().build();
        assertEquals("IDEALIZED", ok.guarantee().numerics().name());

        MechanismSpec rr = SparkTestSupport.spec("randomized-response.spec.json");
        assertThrows(SpecNotApplicableException.class, () -> GroupRelease.builder(rr).privacyUnit("user").groupBy("region").publicKeys(List.of("a")).build());

        IllegalArgumentException i = assertThrows(IllegalArgumentException.class, () -> GroupRelease.builder(count).privacyUnit("user").groupBy("region").build());
        assertTrue(i.getMessage().contains("exactly one of publicKeys and partitionSelection"), i.getMessage());
        i = assertThrows(IllegalArgumentException.class, () -> GroupRelease.builder(count).privacyUnit("user").groupBy("region").publicKeys(List.of("a"))
                .partitionSelection(BigDecimal.ONE, new BigDecimal("1e-9")).build());
        assertTrue(i.getMessage().contains("exactly one"), i.getMessage());
        i = assertThrows(IllegalArgumentException.class, () -> GroupRelease.builder(count).maxGroupsPerUnit(0));
        assertEquals("maxGroupsPerUnit must be >= 1. Provided value: 0", i.getMessage());
        i = assertThrows(IllegalArgumentException.class, () -> GroupRelease.builder(count).publicKeys(List.of("a", "a")));
        assertTrue(i.getMessage().contains("Provided value twice: a"), i.getMessage());
        GroupRelease job = GroupRelease.builder(countSum).privacyUnit("user").groupBy("region").publicKeys(List.of("a")).variable("x", "amount").build();
        i = assertThrows(IllegalArgumentException.class, () -> job.release(rows(List.of(RowFactory.create("u", "a", 1.0)))));
        assertTrue(i.getMessage().startsWith("column amount is not in the data"), i.getMessage());
    }

    /** The guarantee adds G·ε per group; with G = 3 and the l1 spec it is 3.0, pure, exact. */
    @Test
    void theJobGuaranteeComposesOverGroups() throws Exception {
        GroupRelease job = GroupRelease.builder(SparkTestSupport.spec("count-sum-l1.spec.json")).privacyUnit("user").groupBy("region")
                .publicKeys(List.of("a", "b")).maxGroupsPerUnit(3).maxRowsPerGroup(2).build();
        assertEquals(0, new BigDecimal("3").compareTo(job.guarantee().epsilon()), job.guarantee().describe());
        assertTrue(job.guarantee().isPure());
        assertEquals("EXACT", job.guarantee().numerics().name());
        assertTrue(job.guarantee().describe().contains("G = 3"), job.guarantee().describe());
        assertEquals(JobGuarantee.Neighbours.UNIT_ADD_REMOVE, job.guarantee().neighbours());
        assertTrue(job.guarantee().describe().startsWith("ε = 3.0 pure DP per privacy unit (all its rows added or removed), numerics exact"),
                job.guarantee().describe());
        SparkSession s = SparkTestSupport.spark();
        assertTrue(s.sparkContext().isLocal());
    }
}
