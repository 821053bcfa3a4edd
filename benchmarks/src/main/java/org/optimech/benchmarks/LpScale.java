package org.optimech.benchmarks;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Instant;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.common.Progress;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.discrete.DiscreteDesigner;
import org.optimech.designer.lp.OrToolsLpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;
import org.optimech.designer.spec.DesignSpecs;

/**
 * The LP path end to end, one design per JVM (so that start-up, time and memory are the design's own, as the scipy side
 * of {@code benchmarks/highs/lp_vs_highs.py} measures its own): {@code LpScale N FILE} designs the counting query 0..N
 * (ε = 0.5, Bayes, absolute loss, uniform prior) with CLP through the LP designer (model, solve, repair, rounding to
 * integers, exact privacy certificate, dual optimality bound), writes and re-loads the spec, and prints the phases and
 * the certificate. Public API only, so the same source runs against an older build for a baseline.
 */
public final class LpScale {
    private LpScale() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Path file = Path.of(args[1]);
        DiscreteProblem p = DiscreteProblem.builder().epsilon("0.5").range(0, n).objective(Objective.BAYES).loss("absolute").build();
        long t0 = System.nanoTime();
        DiscreteDesign d = new DiscreteDesigner(DesignOptions.defaults(OrToolsLpSolver.clp()), Progress.silent()).design(p);
        long t1 = System.nanoTime();
        DesignSpecs.writeAndVerify(d, file, Instant.now());
        long t2 = System.nanoTime();
        System.out.printf("n=%d design=%.2fs (build=%.2f solve=%.2f certify=%.2f) write+verify=%.2fs uptime=%.2fs objective=%.9f certified_eps=%s "
                + "optimality=%s (%s) rel_gap=%.2e lp=%dx%d nnz=%d%n", n, (t1 - t0) / 1e9, d.secondsBuild(), d.secondsSolve(), d.secondsCertify(),
                (t2 - t1) / 1e9, ManagementFactory.getRuntimeMXBean().getUptime() / 1e3, d.objectiveValue().doubleValue(), d.certifiedEpsilon(),
                d.certificate().certified(), d.certificate().kind(), d.certificate().relativeGap(), d.lpVariables(), d.lpRows(), d.lpNonzeros());
    }
}
