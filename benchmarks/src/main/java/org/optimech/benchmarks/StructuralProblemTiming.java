package org.optimech.benchmarks;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.common.Progress;
import org.optimech.designer.lp.OrToolsLpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.ProblemParser;
import org.optimech.designer.structural.StructuralDesign;
import org.optimech.designer.structural.StructuralDesigner;

/**
 * One structural design of a problem file per JVM: {@code StructuralProblemTiming FILE} (a path, or the name of a problem
 * bundled with the benchmarks, such as {@code structural-far-outputs.json}: n = 10⁵, ε = 0.02, outputs 5000..6000, where most
 * noisy values lie far from every output). Prints the designer's remap and certificate phases (wall and process CPU), the
 * certificate and the stored risk, so the same source run against an older build gives a baseline in the same run. Public API
 * only.
 */
public final class StructuralProblemTiming {
    private StructuralProblemTiming() {
    }

    public static void main(String[] args) throws Exception {
        DiscreteProblem p = ProblemParser.read(problem(args[0]));
        long c0 = cpu();
        long t0 = System.nanoTime();
        StructuralDesign d = new StructuralDesigner(DesignOptions.defaults(OrToolsLpSolver.clp()), Progress.silent()).design(p);
        long t1 = System.nanoTime();
        long c1 = cpu();
        System.out.printf("inputs=%d design_wall=%.2fs (remap %.2fs, risk and bound %.2fs) design_cpu=%.2fs certified=%s (%s%s) objective=%s lower_bound=%s%n",
                p.inputCount(), (t1 - t0) / 1e9, d.secondsDesign(), d.secondsCertify(), (c1 - c0) / 1e9, d.certificate().certified(), d.certificate().kind(),
                d.certificate().reason() == null ? "" : ": " + d.certificate().reason(), d.objectiveValue(), d.certificate().lowerBound());
    }

    private static Path problem(String name) throws Exception {
        Path file = Path.of(name);
        if (Files.exists(file)) {
            return file;
        }
        var url = StructuralProblemTiming.class.getResource(name);
        if (url == null) {
            throw new IllegalArgumentException("no problem file or bundled problem named " + name);
        }
        return Path.of(url.toURI());
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
