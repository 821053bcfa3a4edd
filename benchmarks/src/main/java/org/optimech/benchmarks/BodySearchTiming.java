package org.optimech.benchmarks;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.optimech.designer.Design;
import org.optimech.designer.Designers;
import org.optimech.designer.common.Progress;
import org.optimech.designer.knorm.CandidateReport;
import org.optimech.designer.knorm.GeneticBodySearch;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.KNormProblemParser;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;

/**
 * Issue 21 (4): what the genetic body search adds, in the same run. Each committed problem is designed end to end twice with
 * the candidates l1, l2, linf, weighted-box and search: body search off (the baseline: the best closed-form candidate is
 * picked) and on (seed 1). Prints both times, the best closed-form criterion, the searched body's certified criterion and the
 * ratio (below 1: the search improved the pick), and the certified interval of the searched body's Δ.
 *
 * <p>Usage (repository root, {@code -Xmx1g}): {@code BodySearchTiming [--limit 120] [--only knorm-regression-p2,...]} (default: regression p = 1 and p = 2, and
 * {@value #CORRELATED}).
 */
public final class BodySearchTiming {
    private BodySearchTiming() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            a.put(args[i], args[i + 1]);
        }
        long limit = Long.parseLong(a.getOrDefault("--limit", "120"));
        List<String> names = List.of(a.getOrDefault("--only", "knorm-regression-p1,knorm-regression-p2," + CORRELATED).split(","));
        System.out.printf(Locale.ROOT, "machine: %d cores, max heap %d MB, %s %s; time limit %d s per design%n", Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, System.getProperty("java.vm.name"), System.getProperty("java.version"), limit);
        // warm-up (JIT) on the smallest problem, both ways
        KNormProblem warm = problem(names.get(0));
        design(warm, limit, false);
        design(warm, limit, true);
        System.out.printf(Locale.ROOT, "%-22s %3s %-13s %8s %8s %-14s %14s %14s %9s  %s%n", "problem", "d", "criterion", "off s", "on s", "pick (on)",
                "best closed", "searched", "ratio", "searched Delta [witness, certified]; body");
        for (String name : names) {
            KNormProblem p = problem(name);
            long t0 = System.nanoTime();
            KNormComparison.Result off = design(p, limit, false);
            double offSeconds = (System.nanoTime() - t0) / 1e9;
            long t1 = System.nanoTime();
            KNormComparison.Result on = design(p, limit, true);
            double onSeconds = (System.nanoTime() - t1) / 1e9;
            double closed = off.candidates().stream().filter(c -> !c.name().equals("search")).mapToDouble(c -> c.score(p.criterion())).min().orElseThrow();
            CandidateReport s = on.candidates().stream().filter(c -> c.name().equals("search")).findFirst().orElse(null);
            String searched = s == null ? "-" : String.format(Locale.ROOT, "%.8g", s.score(p.criterion()));
            String ratio = s == null ? "-" : String.format(Locale.ROOT, "%.4f", s.score(p.criterion()) / closed);
            String body = s == null ? String.join("; ", on.skipped()) : String.format(Locale.ROOT, "[%.10g, %.10g]; %s", s.sensitivityLower(), s.sensitivity(),
                    on.search().method());
            System.out.printf(Locale.ROOT, "%-22s %3d %-13s %8.2f %8.2f %-14s %14.8g %14s %9s  %s%n", name, p.dimension(), p.criterion().json(), offSeconds, onSeconds,
                    on.selected().name(), closed, searched, ratio, body);
        }
    }

    /** A statistic where no axis-aligned body fits S_T: (x, x + y²/8) on [-1, 1]², substitution (the unit test's example). */
    static final String CORRELATED = "correlated-x-y2";
    static final String CORRELATED_JSON = "{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"substitution\",\"criterion\":\"trace\",\"statistic\":"
            + "{\"variables\":{\"x\":[-1,1],\"y\":[-1,1]},\"features\":[{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]},{\"terms\":[{\"coef\":1,"
            + "\"powers\":{\"x\":1}},{\"coef\":0.125,\"powers\":{\"y\":2}}]}]}}";

    /** The committed problem (or {@link #CORRELATED}) with the candidates l1, l2, linf, weighted-box and search. */
    static KNormProblem problem(String name) throws Exception {
        JsonObject doc = JsonParser.parse(name.equals(CORRELATED) ? CORRELATED_JSON : java.nio.file.Files.readString(java.nio.file.Path.of("examples/problems/"
                + name + ".json"))).asObject();
        List<JsonValue> c = List.of(new JsonString("l1"), new JsonString("l2"), new JsonString("linf"), new JsonString("weighted-box"), new JsonString("search"));
        return KNormProblemParser.parse(doc.with("candidates", JsonArray.of(c)));
    }

    static KNormComparison.Result design(KNormProblem p, long limit, boolean search) throws Exception {
        Designers.Options o = Designers.Options.of(null).withProgress(Progress.silent()).withTimeLimit(Duration.ofSeconds(limit))
                .withBodySearch(search ? GeneticBodySearch.Settings.seeded(1) : null);
        return Designers.design(p, o).accept(new Design.Otherwise<KNormComparison.Result>() {
            @Override
            protected KNormComparison.Result otherwise(Design other) {
                throw new IllegalStateException("expected a K-norm design; got " + other.getClass().getSimpleName());
            }

            @Override
            public KNormComparison.Result visit(Design.KNorm knorm) {
                return knorm.comparison();
            }
        });
    }
}
