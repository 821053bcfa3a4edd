package org.optimech.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.optimech.designer.common.Progress;
import org.optimech.designer.common.DesignException;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.discrete.DiscreteDesigner;
import org.optimech.designer.lp.LpBackends;
import org.optimech.designer.lp.LpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.spec.DesignSpecs;

/**
 * Design time per backend: counting query 0..n, uniform prior, absolute loss, Bayes, ε = 0.5 (by
 * default), end to end in-process (LP build, solve, repair, certification, dual bound, spec write and
 * re-load through the runtime validator). Each row also gives the ratio to CLP at the same n,
 * measured in the same run.
 *
 * <p>Usage: {@code DesignTiming [--n 10,20,...] [--backends clp,highs,glop,ojalgo] [--epsilon 0.5]
 * [--objective bayes] [--limit SECONDS]}.
 */
public final class DesignTiming {
    private DesignTiming() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            a.put(args[i], args[i + 1]);
        }
        int[] ns = java.util.Arrays.stream(a.getOrDefault("--n", "10,20,40,60,80,100,120,160,200,250,300").split(",")).mapToInt(Integer::parseInt).toArray();
        String[] backends = a.getOrDefault("--backends", "clp,highs,glop,ojalgo").split(",");
        String eps = a.getOrDefault("--epsilon", "0.5");
        String objective = a.getOrDefault("--objective", "bayes");
        long limit = Long.parseLong(a.getOrDefault("--limit", "300"));
        Path tmp = Files.createTempDirectory("optimech-timing");

        run(DiscreteProblem.builder().epsilon(eps).range(0, 10).build(), LpBackends.byName("clp"), limit, tmp); // JIT and native warm-up
        System.out.printf("%-7s %5s %9s %9s %9s %8s %11s %13s %10s %9s%n", "backend", "n", "total s", "solve s", "vs clp", "repairs", "2^K", "certified eps", "rel. gap", "status");
        List<String> csv = new ArrayList<>();
        for (int n : ns) {
            Double clp = null;
            for (String b : backends) {
                LpSolver solver = LpBackends.byName(b);
                DiscreteProblem p = DiscreteProblem.builder().epsilon(eps).range(0, n)
                        .objective(objective.equals("bayes") ? org.optimech.designer.problem.Objective.BAYES : org.optimech.designer.problem.Objective.MINIMAX).build();
                long t0 = System.nanoTime();
                String status;
                DiscreteDesign d = null;
                try {
                    d = run(p, solver, limit, tmp);
                    status = "ok";
                } catch (DesignException e) {
                    status = e.getMessage().startsWith("problem too large") ? "too large" : e.getMessage().contains("LIMIT") ? "time limit" : "failed";
                }
                double total = (System.nanoTime() - t0) / 1e9;
                if (b.equals("clp") && d != null) {
                    clp = total;
                }
                String ratio = clp == null || d == null ? "-" : String.format("%.2f", total / clp);
                if (d == null) {
                    System.out.printf("%-7s %5d %9s %9s %9s %8s %11s %13s %10s %9s%n", b, n, status.equals("too large") ? "-" : String.format("%.2f", total), "-", "-", "-", "-", "-", "-", status);
                } else {
                    System.out.printf("%-7s %5d %9.2f %9.2f %9s %8d %11d %13s %10.1e %9s%n", b, n, total, d.secondsSolve(), ratio, d.attempts().size(),
                            d.weights().denominatorBits(), d.certifiedEpsilon(), d.certificate().relativeGap(), status);
                }
                csv.add(String.join(",", b, Integer.toString(n), String.format("%.3f", total), d == null ? "" : String.format("%.3f", d.secondsSolve()), status));
            }
        }
        System.out.println("(total = end to end in-process: build, solve, repair, certify, bound, write and re-load the spec; vs clp = total / CLP total at that n)");
    }

    static DiscreteDesign run(DiscreteProblem p, LpSolver solver, long limitSeconds, Path dir) throws Exception {
        DiscreteDesign d = new DiscreteDesigner(DesignOptions.defaults(solver).withTimeLimit(Duration.ofSeconds(limitSeconds)), Progress.silent()).design(p);
        DesignSpecs.writeAndVerify(d, dir.resolve("timing.spec.json"), Instant.now());
        return d;
    }
}
