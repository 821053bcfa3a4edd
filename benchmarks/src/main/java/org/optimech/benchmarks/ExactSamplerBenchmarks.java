package org.optimech.benchmarks;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs {@link ExactSamplerBenchmark} and prints each result as a ratio to the naive floating-point Laplace draw measured in
 * the same run from the same secure source. Usage: {@code ExactSamplerBenchmarks [JMH include regex]}.
 */
public final class ExactSamplerBenchmarks {
    private ExactSamplerBenchmarks() {
    }

    /** a/b with the error bars' relative half-widths added in quadrature. */
    static double[] ratio(double[] a, double[] b) {
        double r = a[0] / b[0];
        return new double[] {r, r * Math.hypot(a[1] / a[0], b[1] / b[0])};
    }

    static String loadAverage() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim();
        } catch (java.io.IOException | RuntimeException e) {
            return "unknown";
        }
    }

    public static void main(String[] args) throws Exception {
        String include = ExactSamplerBenchmark.class.getSimpleName() + (args.length > 0 ? "." + args[0] : "");
        Options opt = new OptionsBuilder().include(include).include(ExactSamplerBenchmark.class.getSimpleName() + ".naiveFloatLaplace").build();
        String loadBefore = loadAverage();
        Collection<RunResult> results = new Runner(opt).run();
        Map<String, double[]> byName = new LinkedHashMap<>();
        for (RunResult r : results) {
            String name = r.getParams().getBenchmark().replaceAll(".*\\.", "");
            byName.put(name, new double[] {r.getPrimaryResult().getScore(), r.getPrimaryResult().getScoreError()});
        }
        double[] base = byName.get("naiveFloatLaplace");
        System.out.println();
        System.out.printf("%-26s %14s %12s %18s%n", "benchmark", "draws/s", "± (99.9%)", "vs naive (±)");
        for (Map.Entry<String, double[]> e : byName.entrySet()) {
            double[] r = ratio(e.getValue(), base);
            System.out.printf("%-26s %14.0f %12.0f %10.2fx ± %.2f%n", e.getKey(), e.getValue()[0], e.getValue()[1], r[0], r[1]);
        }
        System.out.println();
        String[][] pairs = {{"structural", "lpTable"}, {"lpTable", "lpTableWalk"}, {"structural", "structuralWalk"},
            {"naiveFloatLaplace2Threads", "naiveFloatLaplace"}, {"lpTable2Threads", "lpTable"}, {"structural2Threads", "structural"},
            {"structuralParallelBatch", "structuralBigBatch"}};
        for (String[] pair : pairs) {
            if (byName.containsKey(pair[0]) && byName.containsKey(pair[1])) {
                double[] r = ratio(byName.get(pair[0]), byName.get(pair[1]));
                System.out.printf("%-26s / %-20s %6.2fx ± %.2f%n", pair[0], pair[1], r[0], r[1]);
            }
        }
        System.out.println("load average before: " + loadBefore + "; after: " + loadAverage());
        System.out.println("vs naive = throughput / naive float Laplace throughput (same run, same SecureRandomBits source), 1 thread, "
                + Runtime.getRuntime().availableProcessors() + " cores");
    }
}
