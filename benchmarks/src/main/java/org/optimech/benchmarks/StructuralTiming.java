package org.optimech.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.optimech.designer.common.Progress;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.discrete.DiscreteDesigner;
import org.optimech.designer.lp.OrToolsLpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;
import org.optimech.designer.spec.DesignSpecs;
import org.optimech.designer.structural.StructuralDesign;
import org.optimech.designer.structural.StructuralDesigner;

/**
 * Timing harness for the structural designer, end to end in-process (remap, risk of every input, dual
 * bound, spec written and re-loaded through the runtime validator):
 * <ul>
 *   <li>{@code targets}: the targets, counting query, ε = 0.5, absolute loss, uniform prior;
 *   <li>{@code vs-lp}: the same designs by the full LP (CLP) in the same run, with the ratio and the
 *       agreement of the two values;
 *   <li>{@code remap}: a binomial(n, 0.3) prior with relative-error loss |θ − ω|/max(θ, 1), where the
 *       remap matters: the plain truncated geometric (identity remap) against the optimal remap.
 * </ul>
 * Usage: {@code StructuralTiming [--part targets|vs-lp|remap|all]}.
 */
public final class StructuralTiming {
    private StructuralTiming() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            a.put(args[i], args[i + 1]);
        }
        String part = a.getOrDefault("--part", "all");
        Path tmp = Files.createTempDirectory("optimech-structural");
        structural(count(50, Objective.BAYES, "absolute", null), tmp); // warm-up
        structural(count(50, Objective.MINIMAX, "absolute", null), tmp);
        if (part.equals("all") || part.equals("targets")) {
            System.out.println("== targets: counting query, epsilon 0.5, absolute loss, uniform prior (end to end in-process) ==");
            System.out.printf("%-8s %7s %9s %9s %12s %10s %10s %12s%n", "objective", "n", "total s", "target s", "risk", "rel. gap", "certified", "peak heap MB");
            Object[][] targets = {{Objective.BAYES, 1000, 2.0}, {Objective.BAYES, 100_000, 60.0}, {Objective.MINIMAX, 300, 10.0}, {Objective.MINIMAX, 1000, 120.0}};
            for (Object[] t : targets) {
                resetPeaks();
                long t0 = System.nanoTime();
                StructuralDesign d = structural(count((Integer) t[1], (Objective) t[0], "absolute", null), tmp);
                double s = (System.nanoTime() - t0) / 1e9;
                System.out.printf("%-8s %7d %9.2f %9.0f %12.8g %10.1e %10s %12.0f%n", ((Objective) t[0]).json(), t[1], s, (Double) t[2], d.objectiveValue(),
                        d.certificate().relativeGap(), d.certificate().certified() ? "yes" : "no (" + d.certificate().kind() + ")", peakHeapMb());
            }
        }
        if (part.equals("all") || part.equals("vs-lp")) {
            System.out.println("== structural vs the full LP (CLP), epsilon 0.5, absolute loss, uniform prior, same run ==");
            System.out.printf("%-8s %5s %12s %9s %9s %16s %16s%n", "objective", "n", "structural s", "lp s", "lp/str", "lp stored-str", "str-lp bound");
            for (Objective o : Objective.values()) {
                for (int n : o == Objective.BAYES ? new int[] {50, 100, 200} : new int[] {50, 100, 150, 200}) {
                    DiscreteProblem p = count(n, o, "absolute", null);
                    long t0 = System.nanoTime();
                    StructuralDesign s = structural(p, tmp);
                    double ts = (System.nanoTime() - t0) / 1e9;
                    long t1 = System.nanoTime();
                    DiscreteDesign lp = new DiscreteDesigner(DesignOptions.defaults(OrToolsLpSolver.clp()), Progress.silent()).design(p);
                    DesignSpecs.writeAndVerify(lp, tmp.resolve("lp.json"), Instant.now());
                    double tl = (System.nanoTime() - t1) / 1e9;
                    double v = s.objectiveValue();
                    System.out.printf("%-8s %5d %12.3f %9.2f %9.0f %16.2e %16.2e%n", o.json(), n, ts, tl, tl / ts,
                            (lp.objectiveValue().doubleValue() - v) / v, (v - lp.certificate().lowerBound().doubleValue()) / v);
                }
            }
            System.out.println("(relative differences; structural must lie between the LP's certified lower bound and its stored risk)");
        }
        if (part.equals("all") || part.equals("remap")) {
            System.out.println("== where the remap matters: binomial(n, 0.3) prior, relative-error loss, epsilon 0.5, Bayes ==");
            System.out.printf("%7s %14s %14s %8s %9s%n", "n", "plain geometric", "optimal remap", "ratio", "total s");
            for (int n : new int[] {50, 200, 1000, 10_000}) {
                DiscreteProblem p = count(n, Objective.BAYES, "relative", binomial(n, 0.3));
                long t0 = System.nanoTime();
                StructuralDesign s = structural(p, tmp);
                double ts = (System.nanoTime() - t0) / 1e9;
                double plain = plainGeometric(p);
                System.out.printf("%7d %14.8g %14.8g %8.3f %9.2f%n", n, plain, s.objectiveValue(), plain / s.objectiveValue(), ts);
            }
            System.out.println("== the same loss, minimax (randomized remap by column generation), epsilon 0.5 ==");
            System.out.printf("%7s %14s %14s %8s %9s %10s%n", "n", "plain geometric", "optimal remap", "ratio", "total s", "rel. gap");
            for (int n : new int[] {50, 200, 1000}) {
                DiscreteProblem p = count(n, Objective.MINIMAX, "relative", null);
                long t0 = System.nanoTime();
                StructuralDesign s = structural(p, tmp);
                double ts = (System.nanoTime() - t0) / 1e9;
                double plain = 0;
                for (int i = 0; i <= n; i++) {
                    plain = Math.max(plain, plainGeometricRisk(p, i));
                }
                System.out.printf("%7d %14.8g %14.8g %8.3f %9.2f %10.1e%n", n, plain, s.objectiveValue(), plain / s.objectiveValue(), ts,
                        s.certificate().relativeGap());
            }
        }
    }

    static DiscreteProblem count(int n, Objective o, String loss, double[] prior) {
        DiscreteProblem.Builder b = DiscreteProblem.builder().epsilon("0.5").range(0, n).objective(o).loss(loss);
        if (prior != null) {
            b.prior(prior);
        }
        return b.build();
    }

    static StructuralDesign structural(DiscreteProblem p, Path dir) throws Exception {
        StructuralDesign d = new StructuralDesigner(DesignOptions.defaults(OrToolsLpSolver.clp()), Progress.silent()).design(p);
        DesignSpecs.writeAndVerify(DesignSpecs.toSpec(d, Instant.now()), dir.resolve("structural.json"));
        return d;
    }

    /** Bayes risk of the truncated geometric mechanism released as is (identity remap), summed directly. */
    static double plainGeometric(DiscreteProblem p) {
        double risk = 0;
        for (int i = 0; i < p.inputCount(); i++) {
            double pi = p.priorAt(i);
            if (pi != 0) {
                risk += pi * plainGeometricRisk(p, i);
            }
        }
        return risk;
    }

    /** Risk of input i under the truncated geometric mechanism (ε = 0.5) released as is. */
    static double plainGeometricRisk(DiscreteProblem p, int i) {
        int n = p.inputCount() - 1;
        double a = Math.exp(-0.5);
        double risk = 0;
        for (int z = 0; z <= n; z++) {
            double g = (z == 0 || z == n ? 1 / (1 + a) : (1 - a) / (1 + a)) * Math.exp(-0.5 * Math.abs(i - z));
            risk += g * p.loss().at(i, z);
        }
        return risk;
    }

    static double[] binomial(int n, double q) {
        double[] p = new double[n + 1];
        double sum = 0;
        for (int k = 0; k <= n; k++) {
            double logC = 0;
            for (int i = 1; i <= k; i++) {
                logC += Math.log(n - k + i) - Math.log(i);
            }
            p[k] = Math.exp(logC + k * Math.log(q) + (n - k) * Math.log(1 - q));
            sum += p[k];
        }
        for (int k = 0; k <= n; k++) {
            p[k] /= sum;
        }
        return p;
    }

    private static void resetPeaks() {
        System.gc();
        HeapPeaks.reset();
    }

    private static double peakHeapMb() {
        return HeapPeaks.peak() / (double) (1 << 20);
    }
}
