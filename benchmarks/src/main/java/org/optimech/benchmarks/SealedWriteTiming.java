package org.optimech.benchmarks;

import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.optimech.runtime.json.Es6NumberFormat;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.RuntimePolicy;
import org.optimech.runtime.spec.SpecLoader;

/**
 * Writing an already sealed spec, and formatting doubles alone (public API only, so the same source runs against an older
 * runtime's classes for a baseline; alternate the two class paths in one session):
 * <ul>
 *   <li>{@code write FILE REPS}: loads FILE (a {@link SpecScale} K-norm spec: unchecked sensitivity allowed), then writes it
 *       REPS times to a discarding stream, printing the median wall and thread-CPU seconds of a write;
 *   <li>{@code rewrite IN OUT}: loads IN (any input policy allowed) and writes it to OUT once (to compare the bytes two
 *       runtimes write);
 *   <li>{@code format N REPS}: formats N doubles (half coordinates in (-1, 1) as the designer writes them, half of any
 *       decimal magnitude) REPS times with {@link Es6NumberFormat#format}, printing the median thread-CPU ns a number.
 * </ul>
 */
public final class SealedWriteTiming {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private SealedWriteTiming() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 3 && args[0].equals("write")) {
            write(Path.of(args[1]), Integer.parseInt(args[2]));
        } else if (args.length == 3 && args[0].equals("rewrite")) {
            RuntimePolicy any = RuntimePolicy.builder().allowUncheckedSensitivity().inputPolicies(java.util.EnumSet.allOf(org.optimech.runtime.spec.InputPolicy.class))
                    .build();
            MechanismSpec spec = SpecLoader.load(Path.of(args[1]), any);
            try (OutputStream out = Files.newOutputStream(Path.of(args[2]))) {
                SpecLoader.write(spec, out);
            }
        } else if (args.length == 3 && args[0].equals("format")) {
            format(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
        } else {
            System.err.println("usage: SealedWriteTiming write FILE REPS | rewrite IN OUT | format N REPS");
            System.exit(2);
        }
    }

    static void write(Path file, int reps) throws Exception {
        MechanismSpec spec = SpecLoader.load(file, RuntimePolicy.builder().allowUncheckedSensitivity().build());
        double[] wall = new double[reps];
        double[] cpu = new double[reps];
        for (int r = 0; r < reps; r++) {
            long c0 = THREADS.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            SpecLoader.write(spec, OutputStream.nullOutputStream());
            wall[r] = (System.nanoTime() - t0) / 1e9;
            cpu[r] = (THREADS.getCurrentThreadCpuTime() - c0) / 1e9;
        }
        System.out.printf("write file=%s bytes=%d reps=%d median_seconds=%.2f median_cpu_seconds=%.2f all_cpu=%s%n", file.getFileName(), Files.size(file), reps,
                median(wall), median(cpu), Arrays.toString(cpu));
    }

    static void format(int n, int reps) {
        SplittableRandom random = new SplittableRandom(8785);
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = i % 2 == 0 ? random.nextDouble(-1, 1) : random.nextDouble() * Math.pow(10, random.nextInt(-300, 300));
        }
        double[] ns = new double[reps];
        long sink = 0;
        for (int r = 0; r < reps; r++) {
            long c0 = THREADS.getCurrentThreadCpuTime();
            for (double v : values) {
                sink += Es6NumberFormat.format(v).length();
            }
            ns[r] = (double) (THREADS.getCurrentThreadCpuTime() - c0) / n;
        }
        System.out.printf("format n=%d reps=%d median_cpu_ns_per_number=%.0f all=%s chars=%d%n", n, reps, median(ns), Arrays.toString(round(ns)), sink);
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static long[] round(double[] xs) {
        return Arrays.stream(xs).mapToLong(Math::round).toArray();
    }
}
