package org.optimech.benchmarks;

import java.io.BufferedWriter;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.PrivacyChecks;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.KNormBlock;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.PrivacyGuarantee;
import org.optimech.runtime.spec.Relation;
import org.optimech.runtime.spec.RuntimePolicy;
import org.optimech.runtime.spec.SpecLoader;

/**
 * Load time and heap of a large discrete-table spec, one measurement per JVM (public API only, so the same source runs
 * against an older runtime for a baseline in the same session):
 * <ul>
 *   <li>{@code gen N FILE}: writes an N×N table spec (a geometric-like table over 2^40, every entry positive, certified ε
 *       from its exact largest neighbour ratio) with {@link SpecLoader#toText};
 *   <li>{@code gen-knorm N D FILE}: writes a K-norm spec (ℓ∞ ball) storing N adjacent points in D dimensions (random
 *       17-digit doubles, as the designer writes them) with {@link SpecLoader#write}, timing the factory and the write;
 *   <li>{@code gen-facets N D FILE}: writes a K-norm spec whose body is N random facets (integer normals in [-3, 3]^D,
 *       written as strings, each touching the cube [-1, 1]^D at a corner) and the cube's 2D own facets, to measure the heap a
 *       body of many facets keeps;
 *   <li>{@code load FILE}: loads it with {@link SpecLoader#load(Path)} and prints the seconds, the peak heap of the JVM
 *       (every heap pool's peak, garbage included) and the heap retained by the loaded spec after a full GC. A K-norm spec
 *       (whose stored points are the designer's word) is loaded under a policy that allows unchecked sensitivity.
 * </ul>
 * {@code parse FILE} prints the same for the JSON document alone ({@link org.optimech.runtime.json.JsonParser#parse(Path)}),
 * the part of a loaded spec the codec's packing decides.
 * Run each {@code load} in its own JVM with a fixed {@code -Xmx}; alternate the builds being compared.
 */
public final class SpecScale {
    private SpecScale() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 3 && args[0].equals("gen")) {
            gen(Integer.parseInt(args[1]), Path.of(args[2]));
        } else if (args.length == 4 && args[0].equals("gen-knorm")) {
            genKNorm(Integer.parseInt(args[1]), Integer.parseInt(args[2]), Path.of(args[3]));
        } else if (args.length == 4 && args[0].equals("gen-facets")) {
            genFacets(Integer.parseInt(args[1]), Integer.parseInt(args[2]), Path.of(args[3]));
        } else if (args.length == 2 && args[0].equals("parse")) {
            parse(Path.of(args[1]));
        } else if (args.length == 2 && args[0].equals("load")) {
            load(Path.of(args[1]));
        } else {
            System.err.println("usage: SpecScale gen N FILE | gen-knorm N D FILE | gen-facets N D FILE | parse FILE | load FILE");
            System.exit(2);
        }
    }

    static void gen(int n, Path file) throws Exception {
        int bits = 40;
        double alpha = Math.exp(-0.5);
        int cap = 20;
        long[][] w = new long[n][n];
        for (int i = 0; i < n; i++) {
            double z = 0;
            for (int j = 0; j < n; j++) {
                z += Math.pow(alpha, Math.min(Math.abs(i - j), cap));
            }
            long sum = 0;
            for (int j = 0; j < n; j++) {
                w[i][j] = (long) Math.floor(Math.scalb(Math.pow(alpha, Math.min(Math.abs(i - j), cap)) / z, bits));
                sum += w[i][j];
            }
            w[i][i] += (1L << bits) - sum; // the residual on the largest entry
        }
        WeightTable table = WeightTable.ofLongs(bits, w);
        w = null;
        NeighbourGraph path = NeighbourGraph.path(n);
        double ln = PrivacyChecks.maxRatio(table, path).ln();
        BigDecimal certified = BigDecimal.valueOf(ln * (1 + 1e-9)).setScale(9, RoundingMode.CEILING);
        PrivacyGuarantee p = new PrivacyGuarantee(Relation.SUBSTITUTION, path, certified, BigDecimal.ZERO, certified, BigDecimal.ZERO, Numerics.EXACT,
                InputPolicy.CLAMP, -1);
        JsonObject design = JsonObject.builder().put("note", "SpecScale: " + n + "x" + n + " table").build();
        JsonObject provenance = JsonObject.builder().put("tool", "SpecScale").build();
        long t0 = System.nanoTime();
        DiscreteMechanismSpec spec = DiscreteMechanismSpec.of(new IntegerRange(0, n - 1), new IntegerRange(0, n - 1), table, p, design, provenance);
        long t1 = System.nanoTime();
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write(SpecLoader.toText(spec));
        }
        long t2 = System.nanoTime();
        System.out.printf("gen n=%d entries=%d of=%.2fs write=%.2fs bytes=%d certified_epsilon=%s%n", n, (long) n * n, (t1 - t0) / 1e9, (t2 - t1) / 1e9,
                Files.size(file), certified);
    }

    static void genKNorm(int n, int d, Path file) throws Exception {
        java.util.SplittableRandom random = new java.util.SplittableRandom(19);
        double[][] points = new double[n][d];
        double max = 0;
        for (double[] p : points) {
            for (int j = 0; j < d; j++) {
                p[j] = random.nextDouble(-1, 1);
                max = Math.max(max, Math.abs(p[j]));
            }
        }
        KNormBlock block = new KNormBlock(d, null, new Body.Ball(LpNorm.LINF), new BigDecimal(max).setScale(20, RoundingMode.CEILING), BigDecimal.ONE,
                new KNormBlock.AdjacentPoints(KNormBlock.PointSource.ASSERTED, points), null);
        points = null;
        writeKNorm(block, "gen-knorm n=" + n + " d=" + d, n + " points in " + d + " dimensions", file);
    }

    /** Seals a K-norm spec of {@code block} and writes it, timing both. */
    private static void writeKNorm(KNormBlock block, String label, String note, Path file) throws Exception {
        JsonObject design = JsonObject.builder().put("note", "SpecScale: " + note).build();
        JsonObject provenance = JsonObject.builder().put("tool", "SpecScale").build();
        long t0 = System.nanoTime();
        KNormSpec spec = KNormSpec.of(block, Relation.ADD_REMOVE, BigDecimal.ONE, BigDecimal.ONE, design, provenance);
        long t1 = System.nanoTime();
        try (java.io.OutputStream out = Files.newOutputStream(file)) {
            SpecLoader.write(spec, out);
        }
        long t2 = System.nanoTime();
        System.out.printf("%s of=%.2fs write=%.2fs bytes=%d%n", label, (t1 - t0) / 1e9, (t2 - t1) / 1e9, Files.size(file));
    }

    static void genFacets(int n, int d, Path file) throws Exception {
        java.util.SplittableRandom random = new java.util.SplittableRandom(23);
        java.util.List<Body.Facet> facets = new java.util.ArrayList<>();
        for (int j = 0; j < d; j++) {
            for (int sign : new int[] {1, -1}) {
                java.math.BigInteger[] unit = new java.math.BigInteger[d];
                java.util.Arrays.fill(unit, java.math.BigInteger.ZERO);
                unit[j] = java.math.BigInteger.valueOf(sign);
                facets.add(new Body.Facet(unit, BigDecimal.ONE));
            }
        }
        while (facets.size() < n + 2 * d) {
            java.math.BigInteger[] normal = new java.math.BigInteger[d];
            long l1 = 0;
            for (int j = 0; j < d; j++) {
                int a = random.nextInt(-3, 4);
                normal[j] = java.math.BigInteger.valueOf(a);
                l1 += Math.abs(a);
            }
            if (l1 > 0) {
                facets.add(new Body.Facet(normal, BigDecimal.valueOf(l1))); // the largest of a.x on the cube
            }
        }
        double[] lower = new double[d];
        double[] upper = new double[d];
        java.util.Arrays.fill(lower, -1);
        java.util.Arrays.fill(upper, 1);
        Body.Box cube = new Body.Box(lower, upper);
        double[][] points = new double[2 * d][d];
        for (int j = 0; j < d; j++) {
            points[2 * j][j] = 1;
            points[2 * j + 1][j] = -1;
        }
        KNormBlock block = new KNormBlock(d, null, new Body.Halfspaces(facets, cube, cube, BigDecimal.ONE, 10), BigDecimal.ONE, BigDecimal.ONE,
                new KNormBlock.AdjacentPoints(KNormBlock.PointSource.ASSERTED, points), null);
        writeKNorm(block, "gen-facets n=" + n + " d=" + d, n + " facets in " + d + " dimensions", file);
    }

    static void load(Path file) throws Exception {
        System.gc();
        long before = usedAfterGc();
        HeapPeaks.reset();
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long c0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        MechanismSpec spec = SpecLoader.load(file, RuntimePolicy.builder().allowUncheckedSensitivity().build());
        double s = (System.nanoTime() - t0) / 1e9;
        double cpu = (os.getProcessCpuTime() - c0) / 1e9; // all threads, GC included: steadier than wall time on a loaded machine
        long peak = HeapPeaks.peak();
        long retained = usedAfterGc() - before;
        System.out.printf("load file=%s bytes=%d seconds=%.2f cpu_seconds=%.2f peak_heap_mb=%.0f retained_mb=%.0f kind=%s max_heap_mb=%d%n", file.getFileName(), Files.size(file),
                s, cpu, peak / 1e6, retained / 1e6, spec.kind(), Runtime.getRuntime().maxMemory() / 1_000_000);
    }

    static void parse(Path file) throws Exception {
        System.gc();
        long before = usedAfterGc();
        long t0 = System.nanoTime();
        org.optimech.runtime.json.JsonValue document = org.optimech.runtime.json.JsonParser.parse(file);
        double s = (System.nanoTime() - t0) / 1e9;
        long retained = usedAfterGc() - before;
        System.out.printf("parse file=%s bytes=%d seconds=%.2f retained_mb=%.1f type=%s%n", file.getFileName(), Files.size(file), s, retained / 1e6,
                document.typeName());
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }
}
