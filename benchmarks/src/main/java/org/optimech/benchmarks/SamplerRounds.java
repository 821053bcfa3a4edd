package org.optimech.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.function.ToLongFunction;
import org.optimech.runtime.random.SecureRandomBits;

/**
 * The samplers of {@link ExactSamplerBenchmark} against the naive float Laplace baseline in <b>paired short rounds</b>:
 * every round runs each sampler for a fixed number of draws, one after the other in a rotating order, so a sampler and the
 * baseline of the same round saw the same machine. On a machine loaded by other processes (this project's 2-core machine
 * runs several builds at once) JMH's sequential one-second iterations move 2-10× with the load; a ratio per round does not.
 * Each draw rate is per second of the thread's own CPU time (the time it actually ran), and the wall-clock rate is printed
 * beside it.
 *
 * <p>Then the scaling to two threads: rounds alternate one thread and two threads (each with its own source, the same
 * draw), and report the wall-clock total rate, each thread's CPU-time rate, and how much CPU the two threads got (2.0 = two
 * free cores). Usage: {@code SamplerRounds [rounds]}.
 */
public final class SamplerRounds {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static final int DRAWS = 200_000;

    private SamplerRounds() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        ExactSamplerBenchmark b = new ExactSamplerBenchmark();
        b.setup();
        Map<String, ToLongFunction<ExactSamplerBenchmark>> samplers = new LinkedHashMap<>();
        samplers.put("naiveFloatLaplace", x -> (long) x.naiveFloatLaplace());
        samplers.put("lpTable", ExactSamplerBenchmark::lpTable);
        samplers.put("lpTableWalk", ExactSamplerBenchmark::lpTableWalk);
        samplers.put("structural", ExactSamplerBenchmark::structural);
        samplers.put("structuralWalk", ExactSamplerBenchmark::structuralWalk);
        samplers.put("discreteLaplace", ExactSamplerBenchmark::discreteLaplace);
        samplers.put("discreteGaussian", ExactSamplerBenchmark::discreteGaussian);
        samplers.put("lpTableConstantTime", ExactSamplerBenchmark::lpTableConstantTime);
        samplers.put("structuralConstantTime", ExactSamplerBenchmark::structuralConstantTime);
        List<String> names = new ArrayList<>(samplers.keySet());
        System.out.println("load average before: " + ExactSamplerBenchmarks.loadAverage());
        for (int w = 0; w < 3; w++) { // warm-up
            for (String n : names) {
                run(samplers.get(n), b, DRAWS);
            }
        }
        Map<String, double[]> cpuRate = new LinkedHashMap<>();
        Map<String, double[]> wallRate = new LinkedHashMap<>();
        for (String n : names) {
            cpuRate.put(n, new double[rounds]);
            wallRate.put(n, new double[rounds]);
        }
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < names.size(); k++) {
                String n = names.get((k + r) % names.size());
                int draws = n.contains("ConstantTime") ? DRAWS / 8 : DRAWS;
                long[] t = run(samplers.get(n), b, draws);
                cpuRate.get(n)[r] = draws / (t[0] * 1e-9);
                wallRate.get(n)[r] = draws / (t[1] * 1e-9);
            }
        }
        double[] base = cpuRate.get("naiveFloatLaplace");
        System.out.printf("%n%-24s %12s %12s %26s%n", "sampler (1 thread)", "M draws/cpu-s", "M draws/s", "vs naive, per round: median [10%, 90%]");
        for (String n : names) {
            double[] ratios = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ratios[r] = cpuRate.get(n)[r] / base[r];
            }
            System.out.printf("%-24s %12.2f %12.2f %12.2fx [%.2f, %.2f]%n", n, median(cpuRate.get(n)) / 1e6, median(wallRate.get(n)) / 1e6, median(ratios),
                    quantile(ratios, 0.1), quantile(ratios, 0.9));
        }
        String[][] pairs = {{"structural", "lpTable"}, {"lpTable", "lpTableWalk"}, {"structural", "structuralWalk"}};
        for (String[] p : pairs) {
            double[] ratios = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ratios[r] = cpuRate.get(p[0])[r] / cpuRate.get(p[1])[r];
            }
            System.out.printf("%-24s / %-16s %6.2fx [%.2f, %.2f]%n", p[0], p[1], median(ratios), quantile(ratios, 0.1), quantile(ratios, 0.9));
        }
 bitsPerDraw(b);
        System.out.println("load average after the 1-thread rounds: " + ExactSamplerBenchmarks.loadAverage());
        scaling("structural", ExactSamplerBenchmark::structural, rounds);
        scaling("lpTable", ExactSamplerBenchmark::lpTable, rounds);
        scaling("naiveFloatLaplace", x -> (long) x.naiveFloatLaplace(), rounds);
        parallelBatch(b, rounds);
        System.out.println("load average after: " + ExactSamplerBenchmarks.loadAverage() + "; " + Runtime.getRuntime().availableProcessors() + " cores");
    }

    /** Random bits per draw (counted over a million draws from the secure source, look-ahead included) against the entropy. */
    static void bitsPerDraw(ExactSamplerBenchmark b) {
        int draws = 1_000_000;
        System.out.printf("%n%-24s %10s %10s%n", "sampler", "bits/draw", "H (bits)");
        String[] names = {"lpTable", "structural"};
        org.optimech.runtime.DiscreteMechanism[] mechanisms = {b.lpTable, b.structural};
        for (int k = 0; k < names.length; k++) {
            org.optimech.runtime.DiscreteMechanism m = mechanisms[k];
            org.optimech.runtime.random.CountingRandomSource c = org.optimech.runtime.random.CountingRandomSource.of(new SecureRandomBits());
            for (int i = 0; i < draws; i++) {
                m.sample(10L, c);
            }
            double h = 0;
            for (double p : m.outputProbabilities(10)) {
                h -= p > 0 ? p * Math.log(p) / Math.log(2) : 0;
            }
            System.out.printf("%-24s %10.3f %10.3f   (%s)%n", names[k], c.bits() / (double) draws, h, m.sampler());
        }
        org.optimech.runtime.random.CountingRandomSource c = org.optimech.runtime.random.CountingRandomSource.of(new SecureRandomBits());
        for (int i = 0; i < draws; i++) {
            b.laplace.sample(c);
        }
        System.out.printf("%-24s %10.3f %10.3f%n", "discreteLaplace", c.bits() / (double) draws, b.laplace.entropyBits());
        c = org.optimech.runtime.random.CountingRandomSource.of(new SecureRandomBits());
        for (int i = 0; i < draws; i++) {
            b.gaussian.sample(c);
        }
        System.out.printf("%-24s %10.3f %10.3f%n", "discreteGaussian", c.bits() / (double) draws, b.gaussian.entropyBits());
    }

    /** Thread CPU ns and wall ns of {@code draws} draws. */
    static long[] run(ToLongFunction<ExactSamplerBenchmark> f, ExactSamplerBenchmark b, int draws) {
        long sink = 0;
        long c0 = CPU.getCurrentThreadCpuTime();
        long w0 = System.nanoTime();
        for (int i = 0; i < draws; i++) {
            sink += f.applyAsLong(b);
        }
        long w1 = System.nanoTime();
        long c1 = CPU.getCurrentThreadCpuTime();
        if (sink == Long.MIN_VALUE) {
            System.out.print("");
        }
        return new long[] {Math.max(1, c1 - c0), Math.max(1, w1 - w0)};
    }

    /**
     * Rounds alternating one thread and two threads, each thread with its own state and source, {@code DRAWS} draws per
     * thread: wall-clock total rate, and per-thread CPU-time rate.
     */
    static void scaling(String name, ToLongFunction<ExactSamplerBenchmark> f, int rounds) throws Exception {
        ExactSamplerBenchmark[] states = {new ExactSamplerBenchmark(), new ExactSamplerBenchmark()};
        for (ExactSamplerBenchmark s : states) {
            s.setup();
        }
        double[] wall1 = new double[rounds];
        double[] wall2 = new double[rounds];
        double[] cpu1 = new double[rounds];
        double[] cpu2 = new double[rounds];
        double[] share = new double[rounds];
        for (int r = -2; r < rounds; r++) { // two warm-up rounds
            long[][] one = parallel(f, new ExactSamplerBenchmark[] {states[0]});
            long[][] two = parallel(f, states);
            if (r < 0) {
                continue;
            }
            wall1[r] = DRAWS / (one[0][2] * 1e-9);
            cpu1[r] = DRAWS / (one[0][0] * 1e-9);
            long wall = Math.max(two[0][2], two[1][2]);
            wall2[r] = 2.0 * DRAWS / (wall * 1e-9);
            cpu2[r] = (DRAWS / (two[0][0] * 1e-9) + DRAWS / (two[1][0] * 1e-9)) / 2;
            share[r] = (two[0][0] + two[1][0]) / (double) wall;
        }
        double[] scale = new double[rounds];
        double[] perThread = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            scale[r] = wall2[r] / wall1[r];
            perThread[r] = cpu2[r] / cpu1[r];
        }
        System.out.printf("%n%s, 1 vs 2 threads (%d rounds, %d draws per thread each):%n", name, rounds, DRAWS);
        System.out.printf("  wall-clock rate: 1 thread %.2f M/s, 2 threads %.2f M/s; scaling per round median %.2fx [%.2f, %.2f]%n", median(wall1) / 1e6,
                median(wall2) / 1e6, median(scale), quantile(scale, 0.1), quantile(scale, 0.9));
        System.out.printf("  per-thread CPU-time rate: alone %.2f M/cpu-s, beside the other %.2f M/cpu-s; ratio median %.2f [%.2f, %.2f]%n", median(cpu1) / 1e6,
                median(cpu2) / 1e6, median(perThread), quantile(perThread, 0.1), quantile(perThread, 0.9));
        System.out.printf("  cores the two threads got (CPU time / wall): median %.2f [%.2f, %.2f]; the scaling is 2 x the per-thread ratio x this / 2%n",
                median(share), quantile(share, 0.1), quantile(share, 0.9));
    }

    /**
     * The library's parallel batch ({@code sampleParallel}: common pool plus the caller, one secure source per chunk) against
     * the same array on one thread, alternating: wall-clock rates, and the process's CPU time per draw (all its threads).
     */
    static void parallelBatch(ExactSamplerBenchmark b, int rounds) {
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double[] scale = new double[rounds];
        long[] totals = new long[4]; // CPU one thread, wall one thread, CPU parallel, wall parallel (the CPU clock ticks coarsely)
        double[] wall1 = new double[rounds];
        double[] wall2 = new double[rounds];
        int n = ExactSamplerBenchmark.PARALLEL;
        for (int r = -2; r < rounds; r++) {
            long c0 = os.getProcessCpuTime();
            long w0 = System.nanoTime();
            b.structuralBigBatch();
            long w1 = System.nanoTime();
            long c1 = os.getProcessCpuTime();
            b.structuralParallelBatch();
            long w2 = System.nanoTime();
            long c2 = os.getProcessCpuTime();
            if (r < 0) {
                continue;
            }
            wall1[r] = n / ((w1 - w0) * 1e-9);
            wall2[r] = n / ((w2 - w1) * 1e-9);
            scale[r] = wall2[r] / wall1[r];
            totals[0] += c1 - c0;
            totals[1] += w1 - w0;
            totals[2] += c2 - c1;
            totals[3] += w2 - w1;
        }
        System.out.printf("%nstructural batch of %d draws, sampleParallel vs one thread (%d rounds):%n", n, rounds);
        System.out.printf("  wall-clock rate: one thread %.2f M/s, parallel %.2f M/s; scaling per round median %.2fx [%.2f, %.2f]%n", median(wall1) / 1e6,
                median(wall2) / 1e6, median(scale), quantile(scale, 0.1), quantile(scale, 0.9));
        System.out.printf("  over all rounds: wall one thread / parallel %.2fx; process CPU time one thread / parallel %.2f (1.0 = no parallel overhead);"
                + " cores the process got: one thread %.2f, parallel %.2f%n", totals[1] / (double) totals[3], totals[0] / (double) Math.max(1, totals[2]),
                totals[0] / (double) totals[1], totals[2] / (double) totals[3]);
    }

    /** Runs one thread per state at once; per thread {cpu ns, unused, wall ns}. */
    static long[][] parallel(ToLongFunction<ExactSamplerBenchmark> f, ExactSamplerBenchmark[] states) throws Exception {
        long[][] out = new long[states.length][];
        CyclicBarrier start = new CyclicBarrier(states.length);
        Thread[] threads = new Thread[states.length];
        for (int i = 0; i < states.length; i++) {
            int k = i;
            threads[i] = new Thread(() -> {
                try {
                    // each thread's own source: the state's SecureRandomBits is not confined, so give it a fresh one here
                    states[k].secure = new SecureRandomBits();
                    start.await();
                    long[] t = run(f, states[k], DRAWS);
                    out[k] = new long[] {t[0], 0, t[1]};
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        return out;
    }

    static double median(double[] x) {
        return quantile(x, 0.5);
    }

    static double quantile(double[] x, double q) {
        double[] s = x.clone();
        Arrays.sort(s);
        double pos = q * (s.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(s.length - 1, lo + 1);
        return s[lo] + (pos - lo) * (s[hi] - s[lo]);
    }
}
