package org.optimech.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.optimech.designer.Design;
import org.optimech.designer.Designers;
import org.optimech.designer.common.Progress;
import org.optimech.designer.knorm.CandidateReport;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.KNormProblemParser;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.SpecCodec;

/**
 * Issue 21 (6): K-norm design at real dimensions, end to end in-process (plan, certified sensitivities, spec, re-load through
 * the runtime's validator, which re-checks the stored certificate), for the committed regression p = 2 (d = 8) and p = 5
 * (d = 26) problems, the d = 54 quadratic statistic and a multilinear family (d = 2..16: features x_1..x_m and
 * x_i·x_{i+1}, m = d/2, on [−1, 1], substitution). Each row gives the time, every candidate's certified interval, the stored
 * certificate's size and re-check time, and, with {@code --previous-cp}, the same problem designed by the previous
 * implementation's CLI in a child JVM with the same heap in the same run, without the weighted-box candidate it does not know
 * (the ratio, or "did not finish" at the limit).
 *
 * <p>Usage (from the repository root, at {@code -Xmx1g}): {@code KNormScaleTiming [--limit 120] [--previous-cp CLASSPATH]
 * [--only NAME,...]}.
 */
public final class KNormScaleTiming {
    private KNormScaleTiming() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            a.put(args[i], args[i + 1]);
        }
        long limit = Long.parseLong(a.getOrDefault("--limit", "120"));
        String previous = a.get("--previous-cp");
        List<String> only = a.containsKey("--only") ? List.of(a.get("--only").split(",")) : null;
        Path tmp = Files.createTempDirectory("optimech-knorm-scale");
        Map<String, String> problems = new LinkedHashMap<>();
        for (String f : List.of("knorm-regression-p2", "knorm-regression-p5", "knorm-quadratic-9-variables")) {
            problems.put(f, Files.readString(Path.of("examples/problems/" + f + ".json")));
        }
        for (int d = 2; d <= 16; d += 2) {
            problems.put("multilinear-d" + d, multilinear(d));
        }
        System.out.printf(Locale.ROOT, "machine: %d cores, max heap %d MB, %s %s%n", Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, System.getProperty("java.vm.name"), System.getProperty("java.version"));
        // warm-up (JIT) on the smallest problem
        design(problems.get("multilinear-d2"), limit, tmp);
        System.out.printf(Locale.ROOT, "%-28s %5s %9s %9s %11s %10s %-14s %s%n", "problem", "d", "new s", "prev s", "prev/new", "cert bytes", "re-check ms",
                "picked; candidates [witness, certified]");
        for (Map.Entry<String, String> e : problems.entrySet()) {
            if (only != null && !only.contains(e.getKey())) {
                continue;
            }
            long t0 = System.nanoTime();
            Object[] r = design(e.getValue(), limit, tmp);
            double seconds = (System.nanoTime() - t0) / 1e9;
            Design.KNorm d = ((Design) r[0]).accept(new KNormOnly());
            String prev = "-";
            String ratio = "-";
            if (previous != null) {
                double p = previousSeconds(previous, e.getValue(), limit, tmp);
                prev = Double.isNaN(p) ? ">" + limit : String.format(Locale.ROOT, "%.2f", p);
                ratio = Double.isNaN(p) ? ">" + String.format(Locale.ROOT, "%.0f", limit / seconds) : String.format(Locale.ROOT, "%.1f", p / seconds);
            }
            StringBuilder cands = new StringBuilder(d.comparison().selected().name() + ";");
            for (CandidateReport c : d.comparison().candidates()) {
                cands.append(String.format(Locale.ROOT, " %s [%.10g, %.10g]", c.name(), c.sensitivityLower(), c.sensitivity()));
            }
            for (String s : d.comparison().skipped()) {
                cands.append(" | not compared: ").append(s);
            }
            System.out.printf(Locale.ROOT, "%-28s %5d %9.2f %9s %11s %10d %-14.1f %s%n", e.getKey(), d.problem().dimension(), seconds, prev, ratio,
                    (Long) r[1], (Double) r[2], cands);
        }
    }

    /** The K-norm design these hull problems give (by the design's visitor); any other path is a failure of the harness. */
    private static final class KNormOnly extends Design.Otherwise<Design.KNorm> {
        @Override
        protected Design.KNorm otherwise(Design other) {
            throw new IllegalStateException("expected a K-norm design over the hull; got " + other.getClass().getSimpleName());
        }

        @Override
        public Design.KNorm visit(Design.KNorm knorm) {
            return knorm;
        }
    }

    /** Design, write, re-load: {design, certificate bytes (base64), re-load ms}. */
    static Object[] design(String json, long limit, Path tmp) throws Exception {
        KNormProblem p = KNormProblemParser.parse(JsonParser.parse(json));
        Design d = Designers.design(p, Designers.Options.of(null).withProgress(Progress.silent()).withTimeLimit(Duration.ofSeconds(limit)));
        KNormSpec spec = d.accept(new KNormOnly()).spec();
        JsonObject doc = SpecCodec.write(spec);
        long cert = doc.get("mechanism").orElseThrow().asObject().get("sensitivity_certificate")
                .map(c -> (long) c.asObject().get("trees").orElseThrow().asString().length()).orElse(0L);
        long t0 = System.nanoTime();
        MechanismSpec again = SpecCodec.read(doc);
        double ms = (System.nanoTime() - t0) / 1e6;
        if (!again.sensitivityRechecked() && cert > 0) {
            throw new IllegalStateException("the certificate was not re-checked: " + spec.sensitivityCheck());
        }
        return new Object[] {d, cert, ms};
    }

    /** The previous implementation's CLI on the problem in a child JVM with this one's heap; NaN when it does not finish. */
    static double previousSeconds(String classpath, String json, long limit, Path tmp) throws Exception {
        Path problem = Files.createTempFile(tmp, "problem", ".json");
        // the previous implementation knows no weighted-box candidate: it designs the others
        Files.writeString(problem, json.replace(",\"weighted-box\"", "").replace("\"weighted-box\",", ""));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + (Runtime.getRuntime().maxMemory() >> 20) + "m", "-cp", classpath, "org.optimech.cli.OptimechCli", "design", problem.toString(), "--out",
                problem + ".spec.json", "--quiet"));
        long t0 = System.nanoTime();
        Process proc = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("previous.log").toFile()).start();
        if (!proc.waitFor(limit, TimeUnit.SECONDS)) {
            proc.destroyForcibly().waitFor();
            return Double.NaN;
        }
        return proc.exitValue() == 0 ? (System.nanoTime() - t0) / 1e9 : Double.NaN;
    }

    /** Features x_1..x_m and x_i·x_{i+1} (i = 1..m, x_{m+1} a further variable), m = d/2, every variable in [−1, 1], substitution. */
    static String multilinear(int d) {
        int m = d / 2;
        StringBuilder vars = new StringBuilder();
        for (int i = 1; i <= m + 1; i++) {
            vars.append(i == 1 ? "" : ",").append("\"x").append(i).append("\":[-1,1]");
        }
        List<String> f = new ArrayList<>();
        for (int i = 1; i <= m; i++) {
            f.add("{\"terms\":[{\"coef\":1,\"powers\":{\"x" + i + "\":1}}]}");
        }
        for (int i = 1; i <= m; i++) {
            f.add("{\"terms\":[{\"coef\":1,\"powers\":{\"x" + i + "\":1,\"x" + (i + 1) + "\":1}}]}");
        }
        return "{\"kind\":\"knorm\",\"name\":\"multilinear d = " + d + "\",\"epsilon\":1,\"neighbours\":\"substitution\",\"statistic\":{\"variables\":{" + vars
                + "},\"features\":[" + String.join(",", f) + "]},\"candidates\":[\"l1\",\"l2\",\"linf\",\"weighted-box\"],\"criterion\":\"trace\"}";
    }
}
