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
 * implementation in the same run. Two overruns: from the run's own clock start (the stamp of its first progress line, taken
 * once the JVM and the CLI's classes are up) to the child's exit, minus the limit; and the wall time minus the limit minus
 * the JVM's start as a run of {@code --help} measures it (which leaves the design command's class loading in). The cases are the long stages: a losing ball forced to its gap at p = 5 (re-proving a large tree after
 * the deadline), the hull of the d = 8 regression statistic (a sandwich round) and of a curved d = 6 statistic, and the
 * exact hull of 120 records in d = 8 (a finite S_T), the same for 2,000 records (S_T of 4 million points), and 3,000 records in d = 26 with
 * the balls and the weighted box only (no S_T is needed).
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
        cases.put("records-n2000-d8-hull", new String[] {records(2000, 8)});
        cases.put("records-n3000-d26-balls", new String[] {records(3000, 26, "\"linf\",\"l1\",\"l2\",\"weighted-box\"")});
        System.out.printf(Locale.ROOT, "machine: %d cores, child heap %d MB, %s %s%n", Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, System.getProperty("java.vm.name"), System.getProperty("java.version"));
        double start = jvmStart(cp, tmp);
        double startPrev = previous == null ? Double.NaN : jvmStart(previous, tmp);
        System.out.printf(Locale.ROOT, "JVM start + CLI (--help): new %.2f s, previous %.2f s%n", start, startPrev);
        System.out.printf(Locale.ROOT, "%-18s %6s %10s %10s %10s %10s  %s%n", "case", "limit", "new run", "prev run", "new wall", "prev wall", "new exit / last line");
        double worst = 0;
        double worstPrev = 0;
        double worstWall = 0;
        double worstWallPrev = 0;
        for (Map.Entry<String, String[]> c : cases.entrySet()) {
            if (only != null && !only.contains(c.getKey())) {
                continue;
            }
            for (int limit : new int[] {1, 5}) {
                Run n = run(cp, c.getValue(), limit, kill, tmp);
                worst = Math.max(worst, n.fromClock - limit);
                worstWall = Math.max(worstWall, n.seconds - limit - start);
                String prev = "-";
                String prevWall = "-";
                if (previous != null) {
                    Run p = run(previous, c.getValue(), limit, kill, tmp);
                    worstPrev = Math.max(worstPrev, p.fromClock - limit);
                    worstWallPrev = Math.max(worstWallPrev, p.seconds - limit - startPrev);
                    prev = p.killed ? ">" + (kill - limit) : String.format(Locale.ROOT, "%.2f", p.fromClock - limit);
                    prevWall = p.killed ? ">" + (kill - limit) : String.format(Locale.ROOT, "%.2f", p.seconds - limit - startPrev);
                }
                System.out.printf(Locale.ROOT, "%-18s %5ds %10s %10s %10s %10s  %s%n", c.getKey(), limit,
                        n.killed ? ">" + (kill - limit) : String.format(Locale.ROOT, "%.2f", n.fromClock - limit), prev,
                        n.killed ? ">" + (kill - limit) : String.format(Locale.ROOT, "%.2f", n.seconds - limit - start), prevWall, n.exit + " / " + n.last);
            }
        }
        System.out.printf(Locale.ROOT, "max overrun from the run's clock start: new %.2f s, previous %s%n", worst, previous == null ? "-"
                : String.format(Locale.ROOT, "%.2f s", worstPrev));
        System.out.printf(Locale.ROOT, "max overrun of the wall time less the JVM start (--help): new %.2f s, previous %s%n", worstWall, previous == null ? "-"
                : String.format(Locale.ROOT, "%.2f s", worstWallPrev));
    }

    /**
     * @param seconds wall time of the child
     * @param fromClock from the CLI's own clock start (the first line's stamp, taken when the run begins, after the JVM and the
     *     CLI's classes have loaded) to the child's exit: what the whole-run limit is about
     */
    private record Run(double seconds, double fromClock, boolean killed, int exit, String last) {
    }

    private static Run run(String cp, String[] c, int limit, long kill, Path tmp) throws Exception {
        Path problem = Files.createTempFile(tmp, "problem", ".json");
        Files.writeString(problem, c[0]);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx" + (Runtime.getRuntime().maxMemory() >> 20) + "m",
                "-cp", cp, "org.optimech.cli.OptimechCli", "design", problem.toString(), "--out", problem + ".spec.json", "--time-limit", String.valueOf(limit)));
        for (int i = 1; i < c.length; i++) {
            cmd.add(c[i]);
        }
        long t0 = System.nanoTime();
        Process proc = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        double[] first = {Double.NaN, Double.NaN}; // wall seconds at the first stamped line, and its stamp
        Thread reader = new Thread(() -> {
            try (java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(proc.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))) {
                String l;
                while ((l = r.readLine()) != null) {
                    java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\[\\s*([0-9.]+)s\\]").matcher(l);
                    if (Double.isNaN(first[0]) && m.find()) {
                        first[0] = (System.nanoTime() - t0) / 1e9;
                        first[1] = Double.parseDouble(m.group(1));
                    }
                    synchronized (lines) {
                        lines.add(l);
                    }
                }
            } catch (java.io.IOException e) {
                // the child was killed
            }
        });
        reader.start();
        boolean done = proc.waitFor(kill, TimeUnit.SECONDS);
        if (!done) {
            proc.destroyForcibly().waitFor();
        }
        double s = (System.nanoTime() - t0) / 1e9;
        reader.join(5_000);
        String last;
        synchronized (lines) {
            last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
            for (String l : lines) {
                if (l.contains("not compared") || l.startsWith("optimech:")) {
                    last = l;
                }
            }
        }
        double fromClock = Double.isNaN(first[0]) ? s : s - first[0] + first[1];
        return new Run(s, fromClock, !done, done ? proc.exitValue() : -1, last.length() > 140 ? last.substring(0, 140) + "..." : last);
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
        return records(n, d, "\"linf\",\"hull\"");
    }

    /** As {@link #records(int, int)} with the given candidates (a JSON list's inside). */
    static String records(int n, int d, String candidates) {
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
                + String.join(",", rows) + "]},\"candidates\":[" + candidates + "],\"criterion\":\"trace\"}";
    }
}
