package org.optimech.benchmarks;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs {@link KNormSamplerBenchmark} and prints throughputs with the cost of each sampler relative to the 13 words
 * of randomness an ℓ∞ draw consumes from the same source (cost ratio = baseline throughput / sampler throughput).
 */
public final class KNormSamplerBenchmarks {
    private KNormSamplerBenchmarks() {
    }

    public static void main(String[] args) throws Exception {
        Options opt = new OptionsBuilder().include(KNormSamplerBenchmark.class.getSimpleName()).build();
        Collection<RunResult> results = new Runner(opt).run();
        Map<String, double[]> byName = new LinkedHashMap<>();
        for (RunResult r : results) {
            String name = r.getParams().getBenchmark().replaceAll(".*\\.", "");
            byName.put(name, new double[] {r.getPrimaryResult().getScore(), r.getPrimaryResult().getScoreError()});
        }
        System.out.println();
        System.out.printf("%-22s %14s %12s %26s%n", "benchmark", "draws/s", "± (99.9%)", "cost / 13 words, same source");
        for (Map.Entry<String, double[]> e : byName.entrySet()) {
            String source = e.getKey().endsWith("Secure") ? "Secure" : "Seeded";
            double base = byName.get("randomness13" + source)[0];
            System.out.printf("%-22s %14.0f %12.0f %26.2f%n", e.getKey(), e.getValue()[0], e.getValue()[1], base / e.getValue()[0]);
        }
        System.out.println("1 thread, d = 6 (" + Runtime.getRuntime().availableProcessors() + " cores)");
    }
}
