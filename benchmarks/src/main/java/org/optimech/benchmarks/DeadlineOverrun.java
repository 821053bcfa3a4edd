package org.optimech.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Issue 21 (1): how far a K-norm design run overruns its whole-run {@code --time-limit}. Each case is designed through the
 * CLI in a child JVM (same heap) at limits of 1 s and 5 s, by this build and, with {@code --previous-cp}, by the previous
 * implementation in the same run; the overrun is the wall time minus the limit minus the JVM's start (measured by a run of
 * {@code --help}). The cases are the long stages: a losing ball forced to its gap at p = 5 (re-proving a large tree after
 * the deadline), the hull of the d = 8 regression statistic (a sandwich round) and of a curved d = 6 statistic, and the
 * exact hull of 120 records in d = 8 (a finite S_T).
 *
 * <p>Usage (from the repository root): {@code DeadlineOverrun --cp CLASSPATH [--previous-cp CLASSPATH] [--kill 120]
 * [--only NAME,...]}.
 */
public final class DeadlineOverrun {
    private DeadlineOverrun() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            a.put(args[i], args[i + 1]);
        }
        String cp = a.get("--cp");
        String previous = a.get("--previous-cp");
        long kill = Long.parseLong(a.getOrDefault("--kill", "120"));
        List<String> only = a.containsKey("--only") ? List.of(a.get("--only").split(",")) : null;
        Path tmp = Files.createTempDirectory("optimech-overrun");
        String p5 = Files.readString(Path.of("examples/problems/knorm-regression-p5.json"));
        String p2 = Files.readString(Path.of("examples/problems/knorm-regression-p2.json"));
        Map<String, String[]> cases = new LinkedHashMap<>();
        cases.put("p5-l1-forced", new String[] {p5, "--body", "l1"});
        cases.put("p5-l2-forced", new String[] {p5, "--body", "l2"});
        cases.put("p2-hull-d8", new String[] {p2.replaceFirst("\"candidates\":\\s*\\[", "\"candidates\": [\"hull\", ")});
        cases.put("curved-d6-hull", new String[] {curvedD6()});
        cases.put("records-d8-hull", new String[] {records(120, 8)});
        System.out.printf(Locale.ROOT, "machine: %d cores, child heap %d MB, %s %s%n", Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, System.getProperty("java.vm.name"), System.getProperty("java.version"));
        double start = jvmStart(cp, tmp);
        double startPrev = previous == null ? Double.NaN : jvmStart(previous, tmp);
        System.out.printf(Locale.ROOT, "JVM start + CLI (--help): new %.2f s, previous %.2f s%n", start, startPrev);
        System.out.printf(Locale.ROOT, "%-18s %6s %12s %12s %s%n", "case", "limit", "new overrun", "prev overrun", "new exit / last line");
        double worst = 0;
        double worstPrev = 0;
        for (Map.Entry<String, String[]> c : cases.entrySet()) {
            if (only != null && !only.contains(c.getKey())) {
                continue;
            }
            for (int limit : new int[] {1, 5}) {
                Run n = run(cp, c.getValue(), limit, kill, tmp);
                double over = n.seconds - limit - start;
                worst = Math.max(worst, over);
                String prev = "-";
                if (previous != null) {
                    Run p = run(previous, c.getValue(), limit, kill, tmp);
                    double po = p.seconds - limit - startPrev;
                    worstPrev = Math.max(worstPrev, po);
                    prev = p.killed ? ">" + (kill - limit) : String.format(Locale.ROOT, "%.2f", po);
                }
                System.out.printf(Locale.ROOT, "%-18s %5ds %12s %12s %s%n", c.getKey(), limit, n.killed ? ">" + (kill - limit) : String.format(Locale.ROOT, "%.2f", over),
                        prev, n.exit + " / " + n.last);
            }
        }
        System.out.printf(Locale.ROOT, "max overrun: new %.2f s, previous %s%n", worst, previous == null ? "-" : String.format(Locale.ROOT, "%.2f s", worstPrev));
    }

    private record Run(double seconds, boolean killed, int exit, String last) {
    }

    private static Run run(String cp, String[] c, int limit, long kill, Path tmp) throws Exception {
        Path problem = Files.createTempFile(tmp, "problem", ".json");
        Files.writeString(problem, c[0]);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx" + (Runtime.getRuntime().maxMemory() >> 20) + "m",
                "-cp", cp, "org.optimech.cli.OptimechCli", "design", problem.toString(), "--out", problem + ".spec.json", "--time-limit", String.valueOf(limit)));
        for (int i = 1; i < c.length; i++) {
            cmd.add(c[i]);
        }
        Path log = tmp.resolve("run.log");
        long t0 = System.nanoTime();
        Process proc = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean done = proc.waitFor(kill, TimeUnit.SECONDS);
        if (!done) {
            proc.destroyForcibly().waitFor();
        }
        double s = (System.nanoTime() - t0) / 1e9;
        List<String> lines = Files.readAllLines(log);
        String last = lines.isEmpty() ? "" : lines.get(Math.max(0, lines.size() - 1));
        for (String l : lines) {
            if (l.contains("not compared") || l.startsWith("optimech:")) {
                last = l;
            }
        }
        return new Run(s, !done, done ? proc.exitValue() : -1, last.length() > 160 ? last.substring(0, 160) + "..." : last);
    }

    private static double jvmStart(String cp, Path tmp) throws Exception {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            Process proc = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", cp, "org.optimech.cli.OptimechCli", "--help")
                    .redirectErrorStream(true).redirectOutput(tmp.resolve("help.log").toFile()).start();
            proc.waitFor();
            best = Math.min(best, (System.nanoTime() - t0) / 1e9);
        }
        return best;
    }

    /** x, y, x², xy, y², x²y on [−1, 1]², substitution: a curved d = 6 statistic with its sandwich hull. */
    static String curvedD6() {
        String[][] f = {{"x", "1"}, {"y", "1"}, {"x", "2"}, {"xy", ""}, {"y", "2"}, {"x2y", ""}};
        List<String> out = new ArrayList<>();
        for (String[] t : f) {
            String powers = t[0].equals("xy") ? "\"x\":1,\"y\":1" : t[0].equals("x2y") ? "\"x\":2,\"y\":1" : "\"" + t[0] + "\":" + t[1];
            out.add("{\"terms\":[{\"coef\":1,\"powers\":{" + powers + "}}]}");
        }
        return "{\"kind\":\"knorm\",\"name\":\"curved d = 6\",\"epsilon\":1,\"neighbours\":\"substitution\",\"statistic\":{\"variables\":{\"x\":[-1,1],\"y\":[-1,1]},"
                + "\"features\":[" + String.join(",", out) + "]},\"candidates\":[\"linf\",\"hull\"],\"criterion\":\"trace\"}";
    }

    /** n seeded random records in d dimensions on the grid 2^-10 in [−1, 1], substitution, with the exact hull. */
    static String records(int n, int d) {
        Random rnd = new Random(7);
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<String> r = new ArrayList<>();
            for (int j = 0; j < d; j++) {
                r.add(String.valueOf((rnd.nextInt(2049) - 1024) / 1024.0));
            }
            rows.add("[" + String.join(",", r) + "]");
        }
        return "{\"kind\":\"knorm\",\"name\":\"" + n + " records in d = " + d + "\",\"epsilon\":1,\"neighbours\":\"substitution\",\"statistic\":{\"records\":["
                + String.join(",", rows) + "]},\"candidates\":[\"linf\",\"hull\"],\"criterion\":\"trace\"}";
    }
}
