package org.optimech.examples.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.pmod;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.optimech.designer.Design;
import org.optimech.designer.Designers;
import org.optimech.designer.problem.Problems;
import org.optimech.designer.spec.DesignSpecs;
import org.optimech.designer.spec.KNormSpecs;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.random.SecureRandomBits;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.RuntimePolicy;
import org.optimech.spark.GroupRelease;
import org.optimech.spark.JobGuarantee;

/**
 * Privatizes per-group (count, sum x) of a generated dataset with optimech-spark, and the same release with a
 * single-JVM loop over the runtime alone, in the same process, on the same rows:
 *
 * <pre>
 * examples/run SparkGroupStudy [--rows 10000000] [--partitions 2,4,8] [--out DIR]
 * </pre>
 *
 * Row i belongs to privacy unit i / 4 (4 rows per unit), group (unit·7919 + (i mod 4)·104729) mod 1000 and has
 * x = ((31 i + 7) mod 33) / 8 ∈ [0, 4]: every unit's 4 rows fall in 4 distinct groups, so with G = 4 and k = 2 the
 * bounding keeps every row and both paths release noisy versions of the same exact truth, which the study checks.
 * The spec is designed first from {@code examples/problems/knorm-group-count-sum.json} (ℓ1 body, exact lattice noise).
 * Each Spark run is timed from the plan to the materialized release; the loop from the first row to the last noisy
 * group. Records/s of both are printed side by side, for each partition count.
 */
public final class SparkGroupStudy {
    static final int GROUPS = 1000;
    static final int ROWS_PER_UNIT = 4;
    static final int MAX_GROUPS = 4;
    static final int MAX_ROWS = 2;

    private SparkGroupStudy() {
    }

    public static void main(String[] args) throws Exception {
        long rows = 10_000_000L;
        List<Integer> partitions = List.of(2, 4, 8);
        Path out = Path.of("spark-study");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rows":
                    rows = Long.parseLong(args[++i]);
                    break;
                case "--partitions":
                    partitions = new ArrayList<>();
                    for (String p : args[++i].split(",")) {
                        partitions.add(Integer.parseInt(p.trim()));
                    }
                    break;
                case "--out":
                    out = Path.of(args[++i]);
                    break;
                default:
                    System.err.println("usage: SparkGroupStudy [--rows N] [--partitions 2,4,8] [--out DIR]");
                    System.exit(2);
            }
        }
        System.exit(run(rows, partitions, out, new PrintWriter(System.out, true)) ? 0 : 1);
    }

    /** Runs the study; returns whether the cross-checks passed. */
    static boolean run(long rows, List<Integer> partitions, Path outDir, PrintWriter out) throws Exception {
        Files.createDirectories(outDir);
        Path specFile = outDir.resolve("group-count-sum.spec.json");
        Path problem = Files.exists(Path.of("examples/problems/knorm-group-count-sum.json")) ? Path.of("examples/problems/knorm-group-count-sum.json")
                : Path.of("problems/knorm-group-count-sum.json"); // from the repository root, or from examples/ (the module's tests)
        // the designer's front door: the l1 body, exact lattice numerics at the automatic spacing; written and re-read by the runtime
        Design design = Designers.design(Problems.read(problem), Designers.Options.defaults().withBody("l1").withLattice(KNormSpecs.Lattice.auto()));
        KNormSpec designed = KNormSpec.of(design.spec()).orElseThrow(() -> new IllegalStateException(
                "the group count-sum problem designs as a K-norm mechanism over its adjacent output space; got " + design));
        KNormSpec spec = DesignSpecs.writeAndVerify(designed, specFile);
        List<String> keys = new ArrayList<>();
        for (int g = 0; g < GROUPS; g++) {
            keys.add(Integer.toString(g));
        }
        out.printf(Locale.ROOT, "optimech-spark study: %,d rows, %,d privacy units (%d rows each), %d declared groups; G = %d, k = %d%n", rows,
                rows / ROWS_PER_UNIT, ROWS_PER_UNIT, GROUPS, MAX_GROUPS, MAX_ROWS);

        // the single-JVM runtime loop: warm once on a tenth, then timed
        Map<String, double[]> truth = new HashMap<>();
        loop(spec, Math.max(ROWS_PER_UNIT, rows / 10 / ROWS_PER_UNIT * ROWS_PER_UNIT), null);
        long t0 = System.nanoTime();
        Map<String, double[]> loopRelease = loop(spec, rows, truth);
        double loopSeconds = (System.nanoTime() - t0) / 1e9;
        out.printf(Locale.ROOT, "single-JVM runtime loop: %.2f s, %,.0f records/s%n", loopSeconds, rows / loopSeconds);

        SparkSession spark = SparkSession.builder().master("local[" + Runtime.getRuntime().availableProcessors() + "]").appName("optimech-spark-study")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        GroupRelease job = GroupRelease.builder(spec).privacyUnit("user").groupBy("region").publicKeys(keys).maxGroupsPerUnit(MAX_GROUPS)
                .maxRowsPerGroup(MAX_ROWS).build();
        JobGuarantee guarantee = job.guarantee();
        out.println("guarantee: " + guarantee.describe());
        boolean ok = check("loop", loopRelease, truth, spec, out);
        List<String> csv = new ArrayList<>(List.of("path,partitions,seconds,records_per_second,ratio_to_loop"));
        csv.add(String.format(Locale.ROOT, "loop,1,%.3f,%.0f,1.000", loopSeconds, rows / loopSeconds));
        boolean warmed = false;
        for (int p : partitions) {
            spark.conf().set("spark.sql.shuffle.partitions", Integer.toString(p));
            if (!warmed) {
                job.release(generate(spark, Math.max(ROWS_PER_UNIT, rows / 10 / ROWS_PER_UNIT * ROWS_PER_UNIT), p)).released().count();
                warmed = true;
            }
            long s0 = System.nanoTime();
            Dataset<Row> released = job.release(generate(spark, rows, p)).released();
            double seconds = (System.nanoTime() - s0) / 1e9;
            Map<String, double[]> sparkRelease = new HashMap<>();
            for (Row r : released.collectAsList()) {
                sparkRelease.put(r.getString(0), new double[] {r.getDouble(1), r.getDouble(2)});
            }
            out.printf(Locale.ROOT, "spark local[%d], %d partitions: %.2f s, %,.0f records/s (%.2fx the loop)%n", Runtime.getRuntime().availableProcessors(), p,
                    seconds, rows / seconds, loopSeconds / seconds);
            csv.add(String.format(Locale.ROOT, "spark,%d,%.3f,%.0f,%.3f", p, seconds, rows / seconds, loopSeconds / seconds));
            ok &= check("spark (" + p + " partitions)", sparkRelease, truth, spec, out);
        }
        Files.write(outDir.resolve("throughput.csv"), csv);
        out.println("wrote " + outDir.resolve("throughput.csv") + " and " + specFile);
        spark.stop();
        return ok;
    }

    /** The generated rows as a DataFrame: the same formulas as {@link #loop}. */
    static Dataset<Row> generate(SparkSession spark, long rows, int partitions) {
        return spark.range(0, rows, 1, partitions)
                .select(col("id").divide(ROWS_PER_UNIT).cast("long").as("user"),
                        pmod(col("id").divide(ROWS_PER_UNIT).cast("long").multiply(7919).plus(pmod(col("id"), lit(ROWS_PER_UNIT)).multiply(104729)), lit(GROUPS))
                                .as("region"),
                        pmod(col("id").multiply(31).plus(7), lit(33)).divide(8.0).as("x"));
    }

    static long region(long i) {
        return Math.floorMod((i / ROWS_PER_UNIT) * 7919 + (i % ROWS_PER_UNIT) * 104729, GROUPS);
    }

    static double x(long i) {
        return Math.floorMod(i * 31 + 7, 33) / 8.0;
    }

    /**
     * The same release in one JVM with the runtime alone: rows arrive grouped by unit (the generator's order), so each
     * unit is bounded as it ends (at most G groups and k rows per group, uniformly with SecureRandom), values are
     * quantized as the Spark job does (2^-10 here is exact: x is a multiple of 1/8), sums are exact, and each group gets
     * one lattice draw. Returns released (count, sum) per group; fills {@code truth} with the exact sums when given.
     */
    static Map<String, double[]> loop(KNormSpec spec, long rows, Map<String, double[]> truth) throws InvalidSpecException {
        KNormMechanism lattice = Mechanisms.knorm(spec, RuntimePolicy.standard());
        RandomSource bits = new SecureRandomBits();
        long[] count = new long[GROUPS];
        long[] sum8 = new long[GROUPS]; // sums of 8x: exact integers
        int[] unitRegions = new int[ROWS_PER_UNIT];
        long[] unitX8 = new long[ROWS_PER_UNIT];
        int[] order = new int[ROWS_PER_UNIT];
        for (long start = 0; start + ROWS_PER_UNIT <= rows; start += ROWS_PER_UNIT) {
            for (int j = 0; j < ROWS_PER_UNIT; j++) {
                unitRegions[j] = (int) region(start + j);
                unitX8[j] = Math.round(x(start + j) * 8);
                order[j] = j;
            }
            // a uniformly random order of the unit's rows (Fisher–Yates), then keep rows while the bounds allow
            for (int j = ROWS_PER_UNIT - 1; j > 0; j--) {
                int r = (int) Long.remainderUnsigned(bits.nextLong(), j + 1);
                int tmp = order[j];
                order[j] = order[r];
                order[r] = tmp;
            }
            int[] keptGroups = new int[MAX_GROUPS];
            int[] keptRows = new int[MAX_GROUPS];
            int groups = 0;
            for (int j : order) {
                int g = -1;
                for (int q = 0; q < groups; q++) {
                    if (keptGroups[q] == unitRegions[j]) {
                        g = q;
                    }
                }
                if (g < 0 && groups < MAX_GROUPS) {
                    g = groups++;
                    keptGroups[g] = unitRegions[j];
                }
                if (g >= 0 && keptRows[g] < MAX_ROWS) {
                    keptRows[g]++;
                    count[unitRegions[j]]++;
                    sum8[unitRegions[j]] += unitX8[j];
                }
            }
        }
        Map<String, double[]> released = new HashMap<>();
        int e = lattice.latticeExponent().orElseThrow();
        for (int g = 0; g < GROUPS; g++) {
            BigInteger[] y = {latticeIndex(BigInteger.valueOf(count[g]), e), latticeIndex(BigInteger.valueOf(sum8[g]), 3 + e)};
            released.put(Integer.toString(g), lattice.releaseIndex(y, bits)); // exact lattice noise, doubles as post-processing
            if (truth != null) {
                truth.put(Integer.toString(g), new double[] {count[g], sum8[g] / 8.0});
            }
        }
        return released;
    }

    /** round(v / 2^shift), ties to even (shift ≤ 0: v·2^-shift). */
    private static BigInteger latticeIndex(BigInteger v, int shift) {
        if (shift <= 0) {
            return v.shiftLeft(-shift);
        }
        return new BigDecimal(v).divide(new BigDecimal(BigInteger.ONE.shiftLeft(shift))).setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
    }

    /**
     * Released minus truth over the groups, per coordinate: the mean must be within 6 standard errors of 0 and the mean
     * absolute error near the ℓ1 lattice noise's (2α/(1−α²))·spacing, α = e^{−rate}.
     */
    static boolean check(String path, Map<String, double[]> released, Map<String, double[]> truth, KNormSpec spec, PrintWriter out) {
        KNormSpec.LatticeNoise lattice = spec.latticeNoise().orElseThrow();
        double alpha = Math.exp(-lattice.rate().doubleValue());
        double spacing = Math.scalb(1.0, lattice.exponent());
        double meanAbs = 2 * alpha / (1 - alpha * alpha) * spacing;
        double sd = Math.sqrt(2 * alpha) / (1 - alpha) * spacing;
        boolean ok = released.size() == GROUPS;
        StringBuilder b = new StringBuilder(path + ": " + released.size() + " groups released");
        for (int j = 0; j < 2; j++) {
            double s = 0;
            double a = 0;
            for (Map.Entry<String, double[]> e : truth.entrySet()) {
                double d = released.get(e.getKey())[j] - e.getValue()[j];
                s += d;
                a += Math.abs(d);
            }
            double mean = s / GROUPS;
            double mae = a / GROUPS;
            boolean fine = Math.abs(mean) <= 6 * sd / Math.sqrt(GROUPS) && Math.abs(mae - meanAbs) <= 6 * sd / Math.sqrt(GROUPS);
            ok &= fine;
            b.append(String.format(Locale.ROOT, "; %s error mean %.3f, mean |error| %.3f (theory %.3f)%s", j == 0 ? "count" : "sum_x", mean, mae, meanAbs,
                    fine ? "" : " MISMATCH"));
        }
        out.println(b);
        return ok;
    }
}
