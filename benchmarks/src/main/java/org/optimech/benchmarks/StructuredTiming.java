package org.optimech.benchmarks;

import java.util.Locale;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.KNormProblemParser;
import org.optimech.designer.structured.StructuredDesign;
import org.optimech.designer.structured.StructuredDesigner;
import org.optimech.geometry.adjacent.AdjacentOutputSpace;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.spec.Relation;
import org.optimech.runtime.statistic.StructuredStatistic;

/**
 * Structured K-norm design (issue 22) against the generic path on the same statistic. The baseline is the generic path:
 * enumerate the record domain, build S_T, take its exact hull and compare the candidates over it. It is feasible for small d
 * only; the ratio is generic time / structured time, measured in the same run. Then the structured path alone at d = 100,
 * 1000 and 5000. Each time is the median of 5 runs after 2 warm-ups.
 * Usage: {@code StructuredTiming} (in-process, one thread).
 */
public final class StructuredTiming {
    private StructuredTiming() {
    }

    public static void main(String[] args) throws Exception {
        String[][] small = {
            {"{\"bounded_contribution\": {\"dimension\": 5, \"max_abs\": 1, \"max_nonzero\": 2, \"nonnegative\": false}}", "add-remove"},
            {"{\"counts\": {\"dimension\": 6, \"max_nonzero\": 2}}", "substitution"},
            {"{\"counts\": {\"dimension\": 6, \"max_nonzero\": 3}}", "add-remove"},
            {"{\"ranking\": {\"candidates\": 5, \"scores\": \"borda\"}}", "substitution"},
        };
        System.out.printf(Locale.ROOT, "%-92s %-12s %12s %12s %8s %s%n", "statistic", "relation", "generic s", "structured s", "ratio", "hull trace (generic / closed form)");
        for (String[] c : small) {
            KNormProblem p = problem(c[0], c[1]);
            StructuredStatistic s = p.statistic().structured().orElseThrow();
            double[][] records = s.records(1_000_000);
            Relation r = p.relation();
            double[] hullTrace = new double[2];
            double generic = median(() -> {
                AdjacentOutputSpace space = AdjacentOutputSpace.finiteDomain(records, r);
                KNormComparison.Result res = KNormComparison.compare(space, p.epsilon().doubleValue(), p.candidates(), p.criterion());
                hullTrace[0] = res.candidates().stream().filter(x -> x.name().equals("hull")).findFirst().orElseThrow().covarianceTrace();
            });
            double structured = median(() -> {
                StructuredDesign d = StructuredDesigner.compare(p, null, m -> { });
                hullTrace[1] = d.candidate("hull").orElseThrow().trace();
            });
            System.out.printf(Locale.ROOT, "%-92s %-12s %12.5f %12.5f %8.1f %.8g / %.8g%n", c[0], c[1], generic, structured, generic / structured, hullTrace[0],
                    hullTrace[1]);
        }
        String[] families = {
            "{\"bounded_contribution\": {\"dimension\": D, \"max_abs\": 1, \"max_nonzero\": 20, \"nonnegative\": false}}|add-remove",
            "{\"counts\": {\"dimension\": D, \"max_nonzero\": 50}}|substitution",
            "{\"counts\": {\"dimension\": D, \"max_nonzero\": 50}}|add-remove",
            "{\"ranking\": {\"candidates\": D, \"scores\": \"borda\"}}|substitution",
            "{\"ordered_counts\": {\"dimension\": D, \"implies\": []}}|add-remove",
        };
        System.out.printf(Locale.ROOT, "%n%-90s %-12s %6s %12s%n", "structured path alone", "relation", "d", "seconds");
        for (String f : families) {
            String[] parts = f.split("\\|");
            for (int d : new int[] {100, 1000, 5000}) {
                KNormProblem p = problem(parts[0].replace("D", Integer.toString(d)), parts[1]);
                double t = median(() -> StructuredDesigner.compare(p, null, m -> { }));
                System.out.printf(Locale.ROOT, "%-90s %-12s %6d %12.4f%n", parts[0], parts[1], d, t);
            }
        }
    }

    interface Run {
        void run() throws Exception;
    }

    static double median(Run r) throws Exception {
        for (int i = 0; i < 2; i++) {
            r.run();
        }
        double[] t = new double[5];
        for (int i = 0; i < t.length; i++) {
            long t0 = System.nanoTime();
            r.run();
            t[i] = (System.nanoTime() - t0) / 1e9;
        }
        java.util.Arrays.sort(t);
        return t[2];
    }

    static KNormProblem problem(String statistic, String relation) throws Exception {
        return KNormProblemParser.parse(JsonParser.parse("{\"kind\": \"knorm\", \"epsilon\": 1, \"neighbours\": \"" + relation + "\", \"statistic\": " + statistic
                + ", \"candidates\": [\"l1\", \"l2\", \"linf\", \"hull\"]}"));
    }
}
