package org.optimech.benchmarks;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/** Runs {@link SamplerBenchmark} and prints each result as a ratio to the raw {@code SecureRandom.nextLong()}. */
public final class SamplerBenchmarks {
    private SamplerBenchmarks() {
    }

    public static void main(String[] args) throws Exception {
        Options opt = new OptionsBuilder().include(SamplerBenchmark.class.getSimpleName()).build();
        Collection<RunResult> results = new Runner(opt).run();
        Map<String, double[]> byName = new LinkedHashMap<>();
        for (RunResult r : results) {
            String name = r.getParams().getBenchmark().replaceAll(".*\\.", "");
            byName.put(name, new double[] {r.getPrimaryResult().getScore(), r.getPrimaryResult().getScoreError()});
        }
        double base = byName.get("secureRandomNextLong")[0];
        System.out.println();
        System.out.printf("%-26s %16s %14s %10s%n", "benchmark", "draws/s", "± (99.9%)", "ratio");
        for (Map.Entry<String, double[]> e : byName.entrySet()) {
            System.out.printf("%-26s %16.0f %14.0f %10.2f%n", e.getKey(), e.getValue()[0], e.getValue()[1], e.getValue()[0] / base);
        }
        System.out.println("ratio = throughput / SecureRandom.nextLong() throughput, same run, 1 thread (" + Runtime.getRuntime().availableProcessors() + " cores)");
    }
}
