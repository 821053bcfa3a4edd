package org.optimech.benchmarks;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.common.Progress;
import org.optimech.designer.lp.OrToolsLpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;
import org.optimech.designer.spec.DesignSpecs;
import org.optimech.designer.structural.StructuralDesign;
import org.optimech.designer.structural.StructuralDesigner;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.SpecLoader;

/**
 * Structural design at scale, one design per JVM so that the time after JVM start and the heap are the design's own:
 * {@code StructuralScale N FILE} designs the counting query 0..N (ε = 0.5, Bayes, absolute loss, uniform prior), writes and
 * re-loads the spec through the runtime's validator ({@link DesignSpecs#writeAndVerify}), then loads the file once more as a
 * user would, and prints the phases, whether the optimality certificate is present, the JVM uptime and the peak heap.
 * Public API only, so the same source runs against an older build for a baseline.
 */
public final class StructuralScale {
    private StructuralScale() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Path file = Path.of(args[1]);
        DiscreteProblem p = DiscreteProblem.builder().epsilon("0.5").range(0, n).objective(Objective.BAYES).loss("absolute").build();
        long c0 = cpu();
        long t0 = System.nanoTime();
        StructuralDesign d = new StructuralDesigner(DesignOptions.defaults(OrToolsLpSolver.clp()), Progress.silent()).design(p);
        long t1 = System.nanoTime();
        long c1 = cpu();
        MechanismSpec spec = DesignSpecs.toSpec(d, Instant.now());
        long t2 = System.nanoTime();
        long c2 = cpu();
        DesignSpecs.writeAndVerify(spec, file);
        long t3 = System.nanoTime();
        long c3 = cpu();
        long peakDesign = HeapPeaks.peak();
        HeapPeaks.reset();
        long t4 = System.nanoTime();
        SpecLoader.load(file);
        long t5 = System.nanoTime();
        long c5 = cpu();
        System.out.printf("n=%d design=%.2fs spec=%.2fs write+verify=%.2fs load=%.2fs uptime_after_write=%.2fs certified=%s (%s) file_mb=%.1f "
                + "peak_heap_design_mb=%.0f peak_heap_load_mb=%.0f max_heap_mb=%d%n", n, (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9, (t5 - t4) / 1e9,
                (ManagementFactory.getRuntimeMXBean().getUptime() - (t5 - t3) / 1e6) / 1e3, d.certificate().certified(), d.certificate().kind(),
                Files.size(file) / 1e6, peakDesign / 1e6, HeapPeaks.peak() / 1e6, Runtime.getRuntime().maxMemory() / 1_000_000);
        // process CPU (all threads: JIT and GC included), steadier than wall time on a loaded machine
        System.out.printf("cpu: before_design=%.2fs design=%.2fs spec=%.2fs write+verify=%.2fs load=%.2fs total_after_write=%.2fs%n", c0 / 1e9, (c1 - c0) / 1e9,
                (c2 - c1) / 1e9, (c3 - c2) / 1e9, (c5 - c3) / 1e9, c3 / 1e9);
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
