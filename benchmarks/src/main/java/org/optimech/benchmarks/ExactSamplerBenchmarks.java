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

    public static void main(String[] args) throws Exception {
        String include = ExactSamplerBenchmark.class.getSimpleName() + (args.length > 0 ? "." + args[0] : "");
        Options opt = new OptionsBuilder().include(include).include(ExactSamplerBenchmark.class.getSimpleName() + ".naiveFloatLaplace").build();
        Collection<RunResult> results = new Runner(opt).run();
        Map<String, double[]> byName = new LinkedHashMap<>();
        for (RunResult r : results) {
            String name = r.getParams().getBenchmark().replaceAll(".*\\.", "");
            byName.put(name, new double[] {r.getPrimaryResult().getScore(), r.getPrimaryResult().getScoreError()});
        }
        double base = byName.get("naiveFloatLaplace")[0];
        System.out.println();
        System.out.printf("%-24s %14s %12s %10s%n", "benchmark", "draws/s", "± (99.9%)", "vs naive");
        for (Map.Entry<String, double[]> e : byName.entrySet()) {
            System.out.printf("%-24s %14.0f %12.0f %9.2fx%n", e.getKey(), e.getValue()[0], e.getValue()[1], e.getValue()[0] / base);
        }
        System.out.println("vs naive = throughput / naive float Laplace throughput (same run, same SecureRandomBits source), 1 thread, "
                + Runtime.getRuntime().availableProcessors() + " cores");
    }
}
