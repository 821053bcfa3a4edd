package org.optimech.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.optimech.geometry.hull.ConvexHull;
import org.optimech.geometry.hull.ExactQuickHull;
import org.optimech.geometry.hull.QuickHull;

/**
 * The exact hull engine against a stored Qhull timing table ({@code benchmarks/qhull/qhull-timings.csv}, made once by
 * {@code benchmarks/qhull/qhull_timings.py} with scipy on this machine): the same point sets, regenerated bit for bit
 * from the shared LCG and checked against the table's SHA-256 prefix. Per case it prints our median time (in-process,
 * after warm-up on the case), Qhull's stored median and the ratio, the previous all-exact implementation's time in a
 * fresh JVM (killed at the cap) and its ratio to ours, our peak heap (sum of the heap pools' peaks during one
 * construction) next to Qhull's peak RSS growth, the share of orientation tests the floating-point filter left to
 * integers, and whether the counts agree: vertices, and facets as distinct supporting hyperplanes (Qhull triangulates
 * its output, so its simplices are compared through their distinct equations). Where the previous implementation
 * finished, its hull and ours are compared exactly by a digest of the vertices and of every facet's exact normal,
 * offset and vertex list. The machine is shared: each timed run first waits until other processes use under 5% of it,
 * and {@code busy} reports the share of the machine they still took during the timed runs ({@code qbusy}: the same in
 * the Qhull table; from /proc/stat in 10 ms ticks, so it means little when the runs total under a second).
 *
 * <p>Usage, from the repository root: {@code java -Xmx512m -cp $BCP org.optimech.benchmarks.QhullComparison [--cap
 * SECONDS] [--runs K] [--only DIST:D:N,...] [--no-old]}.
 */
public final class QhullComparison {
    private QhullComparison() {
    }

    /** One row of the stored table. */
    record Case(String distribution, int d, int n, long seed, String checksum, double qhullSeconds, int vertices, int hyperplanes, double qhullRssMb,
            double othersCpu) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 4 && args[0].equals("--old-case")) {
            oldCase(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]));
            return;
        }
        Path csv = Path.of("benchmarks/qhull/qhull-timings.csv");
        double cap = 60;
        int runs = 5;
        boolean old = true;
        List<String> only = List.of();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--csv" -> csv = Path.of(args[++i]);
                case "--cap" -> cap = Double.parseDouble(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--only" -> only = List.of(args[++i].split(","));
                case "--no-old" -> old = false;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        List<Case> cases = read(csv);
        System.out.printf("max heap %d MB, %d processors, Java %s%n", Runtime.getRuntime().maxMemory() >> 20, Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"));
        System.out.printf("%-6s %2s %7s | %9s %9s %7s | %10s %8s | %8s %8s | %9s %9s %9s | %5s %5s | %s%n", "dist", "d", "n", "ours s", "qhull s", "ratio",
                "old s", "old/ours", "heap MB", "qhull MB", "vertices", "facets", "exact", "busy", "qbusy", "check");
        for (Case c : cases) {
            if (!only.isEmpty() && !only.contains(c.distribution() + ":" + c.d() + ":" + c.n())) {
                continue;
            }
            double[][] p = points(c.distribution(), c.d(), c.n());
            String sum = checksum(p);
            if (!sum.equals(c.checksum())) {
                throw new IllegalStateException(c + ": regenerated points have checksum " + sum + ", not the table's");
            }
            long peak = peakHeapOfOneRun(p);
            // warm-up on the case itself (small cases need many runs before the JIT settles)
            long warmEnd = System.nanoTime() + 2_000_000_000L;
            for (int w = 0; w < 200 && System.nanoTime() < warmEnd; w++) {
                QuickHull.of(p);
            }
            double[] t = new double[runs];
            QuickHull.Result h = null;
            int done = 0;
            double total = 0;
            double busy = 0;
            double own = 0;
            while (done < runs && (done < 3 || total < 20)) {
                waitForQuiet(120);
                long[] j0 = cpuJiffies();
                long c0 = processCpuNanos();
                long t0 = System.nanoTime();
                h = QuickHull.withStatistics(p);
                t[done] = (System.nanoTime() - t0) / 1e9;
                long[] j1 = cpuJiffies();
                busy += (j1[0] - j0[0]) / 100.0; // jiffies are 1/100 s
                own += (processCpuNanos() - c0) / 1e9;
                total += t[done++];
                if (total > 60) {
                    break;
                }
            }
            double ours = median(Arrays.copyOf(t, done));
            double others = Math.max(0, busy - own) / (Runtime.getRuntime().availableProcessors() * total);
            String oldTime = "-";
            String oldRatio = "-";
            String check = "";
            if (old) {
                waitForQuiet(120);
                String[] r = runOld(c, cap);
                if (r == null) {
                    oldTime = ">" + (int) cap;
                    oldRatio = ">" + String.format("%.0f", cap / ours);
                } else {
                    double os = Double.parseDouble(r[0]);
                    oldTime = String.format("%.2f", os);
                    oldRatio = String.format("%.0f", os / ours);
                    check = r[1].equals(digest(h.hull())) ? "same exact hull as old" : "DIFFERENT from old: " + r[1];
                }
            }
            ConvexHull hull = h.hull();
            String counts = (hull.vertexCount() == c.vertices() ? "" : "vertices differ from qhull (" + c.vertices() + "); ")
                    + (hull.facets().size() == c.hyperplanes() ? "" : "facets differ from qhull (" + c.hyperplanes() + "); ");
            QuickHull.Statistics st = h.statistics();
            System.out.printf("%-6s %2d %7d | %9.3f %9.3f %7.2f | %10s %8s | %8d %8.0f | %9d %9d %9.1e | %5.2f %5.2f | %s%s%n", c.distribution(), c.d(), c.n(),
                    ours, c.qhullSeconds(), ours / c.qhullSeconds(), oldTime, oldRatio, peak >> 20, c.qhullRssMb(), hull.vertexCount(), hull.facets().size(),
                    (double) st.exactPredicates() / st.predicates(), others, c.othersCpu(), counts, check);
        }
    }

    /** (busy, total) jiffies of all CPUs from /proc/stat (idle and iowait count as not busy); zeros where it is missing. */
    static long[] cpuJiffies() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < f.length; i++) {
                total += Long.parseLong(f[i]);
            }
            return new long[] {total - Long.parseLong(f[4]) - Long.parseLong(f[5]), total};
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0};
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** Waits (at most {@code limit} seconds) until other processes use under 5% of the machine over one second. */
    static void waitForQuiet(double limit) {
        long start = System.nanoTime();
        while (true) {
            long[] a = cpuJiffies();
            long c0 = processCpuNanos();
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long[] b = cpuJiffies();
            double own = (processCpuNanos() - c0) / 1e9 * 100;
            if (b[1] == a[1] || (b[0] - a[0] - own) < 0.05 * (b[1] - a[1]) || (System.nanoTime() - start) / 1e9 > limit) {
                return;
            }
        }
    }

    /** Peak heap use (sum of the heap pools' peaks) during one construction, from a collected heap holding the points. */
    private static long peakHeapOfOneRun(double[][] p) {
        List<MemoryPoolMXBean> pools = new ArrayList<>();
        for (MemoryPoolMXBean b : ManagementFactory.getMemoryPoolMXBeans()) {
            if (b.getType() == MemoryType.HEAP) {
                pools.add(b);
            }
        }
        System.gc();
        for (MemoryPoolMXBean b : pools) {
            b.resetPeakUsage();
        }
        ConvexHull h = QuickHull.of(p);
        long peak = 0;
        for (MemoryPoolMXBean b : pools) {
            peak += b.getPeakUsage().getUsed();
        }
        if (h.vertexCount() < 0) {
            throw new AssertionError();
        }
        return peak;
    }

    /** Runs the previous implementation in a fresh JVM; its time and hull digest, or null if it passed the cap. */
    private static String[] runOld(Case c, double cap) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process proc = new ProcessBuilder(java, "-Xmx8g", "-cp", System.getProperty("java.class.path"), QhullComparison.class.getName(), "--old-case",
                c.distribution(), Integer.toString(c.d()), Integer.toString(c.n())).redirectErrorStream(true).start();
        if (!proc.waitFor((long) (cap * 1000) + 5000, TimeUnit.MILLISECONDS)) {
            proc.destroyForcibly().waitFor();
            return null;
        }
        String out;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(proc.getInputStream(), StandardCharsets.UTF_8))) {
            out = r.lines().reduce("", (a, b) -> b);
        }
        String[] parts = out.trim().split(" ");
        if (parts.length != 2 || Double.parseDouble(parts[0]) > cap) {
            return parts.length == 2 ? null : new String[] {"NaN", "failed: " + out};
        }
        return parts;
    }

    private static void oldCase(String dist, int d, int n) {
        double[][] p = points(dist, d, n);
        ExactQuickHull.of(points("sphere", 3, 300)); // load and compile the classes first
        long t0 = System.nanoTime();
        ConvexHull h = ExactQuickHull.of(p);
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.println(s + " " + digest(h));
    }

    /** SHA-256 of the vertices and of every facet's exact normal, offset and vertices, facets in sorted order. */
    static String digest(ConvexHull h) {
        List<String> facets = new ArrayList<>();
        for (ConvexHull.Facet f : h.facets()) {
            StringBuilder b = new StringBuilder();
            for (BigInteger x : f.exactNormal()) {
                b.append(x).append(',');
            }
            b.append(f.exactOffset()).append(Arrays.toString(f.vertices()));
            facets.add(b.toString());
        }
        facets.sort(null);
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(Arrays.toString(h.vertices()).getBytes(StandardCharsets.UTF_8));
            for (String f : facets) {
                md.update(f.getBytes(StandardCharsets.UTF_8));
                md.update((byte) '\n');
            }
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<Case> read(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        List<String> head = List.of(lines.get(0).split(","));
        List<Case> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            out.add(new Case(f[head.indexOf("distribution")], Integer.parseInt(f[head.indexOf("d")]), Integer.parseInt(f[head.indexOf("n")]),
                    Long.parseLong(f[head.indexOf("seed")]), f[head.indexOf("checksum")], Double.parseDouble(f[head.indexOf("qhull_seconds")]),
                    Integer.parseInt(f[head.indexOf("vertices")]), Integer.parseInt(f[head.indexOf("hyperplanes")]),
                    Double.parseDouble(f[head.indexOf("qhull_rss_mb")]), Double.parseDouble(f[head.indexOf("others_cpu")])));
        }
        return out;
    }

    private static double median(double[] t) {
        double[] s = t.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    /**
     * The table's point sets (the generator documented in {@code qhull_timings.py}): a 64-bit LCG, coordinates 2u − 1 with
     * u the top 53 bits times 2^-53; cube points take d coordinates each; sphere points keep draws with squared norm in
     * [0.01, 1] (summed left to right) and divide by its square root.
     */
    static double[][] points(String dist, int d, int n) {
        boolean sphere = dist.equals("sphere");
        if (!sphere && !dist.equals("cube")) {
            throw new IllegalArgumentException("distribution must be sphere or cube. Provided value: " + dist);
        }
        long s = ((sphere ? 1L : 2L) << 32) | ((long) d << 24) | n;
        double[][] out = new double[n][];
        int i = 0;
        double[] x = new double[d];
        while (i < n) {
            for (int j = 0; j < d; j++) {
                s = s * 6364136223846793005L + 1442695040888963407L;
                x[j] = 2.0 * ((s >>> 11) * 0x1p-53) - 1.0;
            }
            if (!sphere) {
                out[i++] = x.clone();
                continue;
            }
            double s2 = 0;
            for (double v : x) {
                s2 = s2 + v * v;
            }
            if (s2 >= 0.01 && s2 <= 1.0) {
                double r = Math.sqrt(s2);
                double[] p = new double[d];
                for (int j = 0; j < d; j++) {
                    p[j] = x[j] / r;
                }
                out[i++] = p;
            }
        }
        return out;
    }

    static String checksum(double[][] p) throws NoSuchAlgorithmException {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        ByteBuffer b = ByteBuffer.allocate(8 * p[0].length);
        for (double[] x : p) {
            b.clear();
            for (double v : x) {
                b.putDouble(v);
            }
            md.update(b.array());
        }
        return HexFormat.of().formatHex(md.digest()).substring(0, 16);
    }
}
