package org.optimech.benchmarks;

import java.util.Locale;
import org.optimech.designer.Designers;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.KNormProblemParser;
import org.optimech.designer.structured.StructuredDesigner;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.spec.RuntimePolicy;

/**
 * The (ε, δ) Gaussian candidates of structured statistics (issue 22 item 4), against the structured K-norm hull in the same
 * run: design time (comparing the spherical and elliptic Gaussians vs comparing the hull alone), and release speed (draws/s of
 * the loaded elliptic Gaussian vs the loaded hull K-norm mechanism, same d, same seeded bit source). Medians of 5 after 2
 * warm-ups; one thread. Usage: {@code StructuredGaussianTiming}.
 */
public final class StructuredGaussianTiming {
    private StructuredGaussianTiming() {
    }

    public static void main(String[] args) throws Exception {
        String[] families = {
            "{\"counts\": {\"dimension\": D, \"max_nonzero\": 10}}|add-remove",
            "{\"counts\": {\"dimension\": D, \"max_nonzero\": 10}}|substitution",
            "{\"bounded_contribution\": {\"dimension\": D, \"max_abs\": 1, \"max_nonzero\": 20, \"nonnegative\": false}}|add-remove",
            "{\"ranking\": {\"candidates\": D, \"scores\": \"borda\"}}|add-remove",
        };
        RuntimePolicy idealized = RuntimePolicy.builder().numerics(NumericsPolicy.ALLOW_IDEALIZED).build();
        System.out.printf(Locale.ROOT, "%-100s %-12s %5s %11s %11s %11s %11s %8s %8s%n", "statistic", "relation", "d", "gauss s", "hull s", "gauss/s",
                "hull/s", "tr ell/sph", "tr ell/hull");
        for (String f : families) {
            String[] parts = f.split("\\|");
            for (int d : new int[] {100, 1000}) {
                String st = parts[0].replace("D", Integer.toString(d));
                KNormProblem gauss = problem(st, parts[1], "[\"gaussian\", \"elliptic-gaussian\"]");
                KNormProblem hull = problem(st, parts[1], "[\"hull\"]");
                double tg = StructuredTiming.median(() -> StructuredDesigner.compare(gauss, null, m -> { }));
                double th = StructuredTiming.median(() -> StructuredDesigner.compare(hull, null, m -> { }));
                var g = StructuredDesigner.compare(gauss, null, m -> { });
                var h = StructuredDesigner.compare(hull, null, m -> { });
                Mechanism mg = Mechanisms.of(Designers.design(problem(st, parts[1], "[\"elliptic-gaussian\"]"),
                        Designers.Options.defaults()).spec(), idealized);
                Mechanism mh = Mechanisms.of(Designers.design(hull, Designers.Options.defaults()).spec(), idealized);
                double rg = rate(mg, d);
                double rh = rate(mh, d);
                double ell = g.candidate("elliptic-gaussian").orElseThrow().trace();
                System.out.printf(Locale.ROOT, "%-100s %-12s %5d %11.5f %11.5f %11.0f %11.0f %8.4f %8.4f%n", parts[0], parts[1], d, tg, th, rg, rh,
                        ell / g.candidate("gaussian").orElseThrow().trace(), ell / h.candidate("hull").orElseThrow().trace());
            }
        }
    }

    /** Draws per second of one mechanism: the median over 5 timed blocks of draws after 2 warm-up blocks. */
    private static double rate(Mechanism m, int d) throws Exception {
        double[] zero = new double[d];
        SeededRandomBits bits = new SeededRandomBits(22);
        int n = Math.max(200, 2_000_000 / d);
        // zero records: a statistic whose sum is public (noise in Σx = 0 under substitution) releases with the caller's count
        java.util.function.Supplier<double[]> draw = m.accept(new Mechanism.Otherwise<java.util.function.Supplier<double[]>>() {
            @Override
            protected java.util.function.Supplier<double[]> otherwise(Mechanism other) {
                return () -> other.sample(zero, bits);
            }

            @Override
            public java.util.function.Supplier<double[]> visit(org.optimech.runtime.KNormMechanism k) {
                return () -> k.sample(zero, 0, bits);
            }

            @Override
            public java.util.function.Supplier<double[]> visit(org.optimech.runtime.EllipticGaussianMechanism g) {
                return () -> g.sample(zero, 0, bits);
            }
        });
        double seconds = StructuredTiming.median(() -> {
            for (int i = 0; i < n; i++) {
                draw.get();
            }
        });
        return n / seconds;
    }

    private static KNormProblem problem(String statistic, String relation, String candidates) throws Exception {
        return KNormProblemParser.parse(JsonParser.parse("{\"kind\": \"knorm\", \"epsilon\": 1, \"delta\": 1e-6, \"neighbours\": \"" + relation
                + "\", \"statistic\": " + statistic + ", \"candidates\": " + candidates + "}"));
    }
}
