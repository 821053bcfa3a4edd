package org.optimech.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.random.CountingRandomSource;
import org.optimech.runtime.random.RandomSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code optimech bench SPEC.json}: how fast the spec samples on this machine, with the secure source, against a naive
 * floating-point Laplace draw measured in the same run from the same source.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Measures a spec's sampler: draws per second on 1 thread and on --threads threads (per core), random bits per draw "
                + "against the entropy of the output row, and a naive floating-point Laplace draw (-ln(u)/epsilon with a random sign, u from 53 "
                + "bits) measured in the same run from the same secure source, as the baseline of every ratio.",
            "Each figure is the median of " + "3 rounds of --seconds (after a short warm-up), sampler and baseline alternating; numbers vary with the machine's load, ratios less.",
            "Progress (rounds done of total, with the time left) goes to stderr; --quiet silences it."})
final class BenchCommand implements Callable<Integer> {
    /** Draws per block: each thread samples blocks through the typed batch form and checks the clock between blocks. */
    static final int BLOCK = 4096;
    /** Draws counted for bits per draw. */
    static final int COUNTED_DRAWS = 200_000;

    @Parameters(index = "0", paramLabel = "SPEC.json")
    Path file;

    @Option(names = "--input", paramLabel = "VALUE",
            description = "Discrete specs: the input value whose row is sampled. Default: the middle input. K-norm and function specs sample at 0.")
    String input;

    @Option(names = "--seconds", defaultValue = "1", paramLabel = "S", description = "Seconds per measurement, in (0, 60]. Default: ${DEFAULT-VALUE}.")
    double seconds;

    @Option(names = "--threads", paramLabel = "T", description = "Threads of the parallel measurement, 1..256. Default: the available processors.")
    Integer threads;

    @Option(names = "--sampling", paramLabel = "MODE", defaultValue = "fast", description = "fast or constant-time (discrete specs). Default: ${DEFAULT-VALUE}.")
    String sampling;

    @Option(names = "--allow-unchecked-sensitivity", description = "Load a spec whose sensitivity the runtime cannot re-derive (as sample does).")
    boolean allowUnchecked;

    @picocli.CommandLine.Mixin
    ProgressOption progressOption = new ProgressOption();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** The measurements' progress: rounds done of total (with the time left), started in {@link #call}. */
    private org.optimech.designer.common.Progress.Task rounds;

    /** One block of draws on a thread's own source; returns the draws made. */
    interface Workload {
        int run(RandomSource random);
    }

    /** A measurement: draws per second with the given threads. */
    record Rate(int threads, double drawsPerSecond) {
        double perThread() {
            return drawsPerSecond / threads;
        }
    }

    @Override
    public Integer call() {
        if (!(seconds > 0 && seconds <= 60)) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--seconds must be in (0, 60]. Provided value: " + seconds);
        }
        int cores = Runtime.getRuntime().availableProcessors();
        int t = threads == null ? cores : threads;
        if (t < 1 || t > 256) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--threads must be in [1, 256]. Provided value: " + t);
        }
        // as sample does, the CLI opts in to idealized numerics on the user's behalf (the timing is what is asked)
        org.optimech.runtime.spec.RuntimePolicy.Builder policy = org.optimech.runtime.spec.RuntimePolicy.builder()
                .numerics(org.optimech.runtime.spec.NumericsPolicy.ALLOW_IDEALIZED);
        if (allowUnchecked) {
            policy.allowUncheckedSensitivity();
        }
        Mechanism mechanism = SampleCommand.load(file, policy.build(), sampling, progressOption);
        PrintWriter out = spec.commandLine().getOut();
        Workload sampler;
        Workload counted;
        double entropy = Double.NaN;
        String what;
        java.util.Optional<DiscreteMechanism> discrete = DiscreteMechanism.of(mechanism);
        if (discrete.isPresent()) {
            DiscreteMechanism m = discrete.get();
            int row = row(m);
            double[] law = m.outputProbabilities(row);
            entropy = entropy(law);
            what = m.sampler() + "; input " + m.spec().inputs().valueAt(row) + " (row " + row + " of " + m.spec().inputs().size() + ", "
                    + m.spec().outputs().size() + " outputs)";
            sampler = discrete(m, row);
            counted = sampler;
        } else {
            int d = mechanism.spec().accept(new DimensionOf());
            double[] statistic = new double[d];
            what = mechanism.spec().kind() + " (" + mechanism.numerics().json() + " numerics), dimension " + d + ", statistic 0";
            sampler = random -> {
                for (int i = 0; i < 256; i++) {
                    mechanism.sample(statistic, random);
                }
                return 256;
            };
            counted = sampler;
        }
        double scale = 1 / mechanism.spec().certifiedEpsilon().doubleValue();
        Workload naive = naiveLaplace(scale);
        out.println("optimech bench " + file);
        out.println("sampler: " + what);
        out.println("machine: " + cores + " available processors, " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                + "; source: RandomSource.secure() (per-thread buffered DRBG), one per thread");
        out.println("baseline: naive float Laplace, scale 1/certified epsilon = " + String.format(java.util.Locale.ROOT, "%.6g", scale)
                + " (not exact, not private in floating point: a speed reference only)");
        out.flush();
        org.optimech.designer.common.Progress progress = progressOption.progress();
        double[] bitsOf = progress.running("counting random bits per draw (" + COUNTED_DRAWS + " draws each of the sampler and the baseline)", 5,
                () -> {
                    // counted draws, so the step has a figure and an estimate (it had the stage's heartbeat only)
                    org.optimech.designer.common.Progress.Task draws = progress.task("counting random bits per draw (draws of the sampler, then the baseline)",
                            2L * COUNTED_DRAWS);
                    double[] both = {bitsPerDraw(counted, draws), bitsPerDraw(naive, draws)};
                    draws.done();
                    return both;
                });
        double bits = bitsOf[0];
        double naiveBits = bitsOf[1];
        // sampler and baseline alternate, ROUNDS rounds each, on 1 thread and then on t
        rounds = progress.task(String.format(java.util.Locale.ROOT, "measuring (rounds of %s s)", seconds), 2L * ROUNDS * (t > 1 ? 2 : 1));
        List<String[]> rows = new ArrayList<>();
        Rate[] ones = measurePair(sampler, naive, 1);
        Rate s1 = ones[0];
        Rate n1 = ones[1];
        rows.add(line("sampler", s1, n1, bits));
        rows.add(line("naive float Laplace", n1, n1, naiveBits));
        Rate sT = null;
        if (t > 1) {
            Rate[] many = measurePair(sampler, naive, t);
            sT = many[0];
            Rate nT = many[1];
            rows.add(line("sampler", sT, nT, bits));
            rows.add(line("naive float Laplace", nT, nT, naiveBits));
        }
        rounds.done();
        out.printf(java.util.Locale.ROOT, "%-22s %7s %14s %14s %10s %10s%n", "", "threads", "draws/s", "per thread", "bits/draw", "vs naive");
        for (String[] r : rows) {
            out.printf(java.util.Locale.ROOT, "%-22s %7s %14s %14s %10s %10s%n", (Object[]) r);
        }
        if (!Double.isNaN(entropy)) {
            out.printf(java.util.Locale.ROOT, "entropy of the row H = %.4f bits; bits/draw - H = %.4f%s%n", entropy, bits - entropy,
                    discrete.get().mode() == org.optimech.runtime.discrete.SamplingMode.CONSTANT_TIME
                            ? " (constant time: a fixed number of bits per draw, whatever the row)" : "");
            double noise = mechanism.spec().accept(new NoiseEntropy());
            if (!Double.isNaN(noise)) {
                out.printf(java.util.Locale.ROOT, "entropy of the discrete Laplace noise H(noise) = %.4f bits; bits/draw - H(noise) = %.4f%n", noise, bits - noise);
            }
        }
        if (sT != null) {
            out.printf(java.util.Locale.ROOT, "scaling: %.2fx on %d threads (%d available processors)%n", sT.drawsPerSecond() / s1.drawsPerSecond(), t, cores);
        }
        out.flush();
        return 0;
    }

    private static String[] line(String name, Rate r, Rate baseline, double bits) {
        return new String[] {name, Integer.toString(r.threads()), String.format(java.util.Locale.ROOT, "%.0f", r.drawsPerSecond()), String.format(java.util.Locale.ROOT, "%.0f", r.perThread()),
            String.format(java.util.Locale.ROOT, "%.2f", bits), String.format(java.util.Locale.ROOT, "%.2fx", r.drawsPerSecond() / baseline.drawsPerSecond())};
    }

    private int row(DiscreteMechanism m) {
        if (input == null) {
            return m.spec().inputs().size() / 2;
        }
        try {
            return m.inputIndex(input);
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--input: " + e.getMessage(), e);
        }
    }

    /** Blocks of draws of one row: the typed batch form for integer specs, output indices otherwise. */
    private static Workload discrete(DiscreteMechanism m, int row) {
        boolean integers = m.spec().inputs() instanceof org.optimech.runtime.discrete.IntegerRange
                && m.spec().outputs() instanceof org.optimech.runtime.discrete.IntegerRange;
        if (integers) {
            long value = ((org.optimech.runtime.discrete.IntegerRange) m.spec().inputs()).longValueAt(row);
            ThreadLocal<long[][]> arrays = ThreadLocal.withInitial(() -> {
                long[] in = new long[BLOCK];
                java.util.Arrays.fill(in, value);
                return new long[][] {in, new long[BLOCK]};
            });
            return random -> {
                long[][] a = arrays.get();
                m.sample(a[0], a[1], random);
                return BLOCK;
            };
        }
        return random -> {
            for (int i = 0; i < BLOCK; i++) {
                m.sampleIndex(row, random);
            }
            return BLOCK;
        };
    }

    /** The naive baseline: -scale·ln(u) with a random sign, u = (53 random bits + 1)/2^53, per draw. */
    static Workload naiveLaplace(double scale) {
        double[] sink = new double[1];
        return random -> {
            double acc = 0;
            for (int i = 0; i < BLOCK; i++) {
                long b = random.nextBits(54);
                double u = ((b >>> 1) + 1) * 0x1.0p-53;
                double x = -scale * Math.log(u);
                acc += (b & 1) == 0 ? x : -x;
            }
            sink[0] += acc; // keeps the loop from being removed
            return BLOCK;
        };
    }

    /** Mean random bits per draw over {@link #COUNTED_DRAWS} draws with a counting wrapper of the secure source. */
    private static double bitsPerDraw(Workload w, org.optimech.designer.common.Progress.Task progress) {
        CountingRandomSource c = CountingRandomSource.of(RandomSource.secure());
        long draws = 0;
        long reported = 0;
        while (draws < COUNTED_DRAWS) {
            draws += w.run(c);
            if (draws - reported >= 4096) { // a report per draw would cost more than the draw on a terminal
                progress.advance(draws - reported, null);
                reported = draws;
            }
        }
        progress.advance(draws - reported, null);
        return (double) c.bits() / draws;
    }

    /** Rounds per measurement: the sampler and the baseline alternate, and each reports its median round (load on a shared machine moves). */
    static final int ROUNDS = 3;

    /** The sampler and the baseline measured alternately, {@link #ROUNDS} rounds each; the median round of each. */
    private Rate[] measurePair(Workload sampler, Workload baseline, int threads) {
        double[] a = new double[ROUNDS];
        double[] b = new double[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            a[r] = measure(sampler, threads).drawsPerSecond();
            rounds.advance(1, "sampler, " + threads + " thread(s), round " + (r + 1) + " of " + ROUNDS);
            b[r] = measure(baseline, threads).drawsPerSecond();
            rounds.advance(1, "baseline, " + threads + " thread(s), round " + (r + 1) + " of " + ROUNDS);
        }
        java.util.Arrays.sort(a);
        java.util.Arrays.sort(b);
        return new Rate[] {new Rate(threads, a[ROUNDS / 2]), new Rate(threads, b[ROUNDS / 2])};
    }

    /** Draws per second over {@code seconds} on {@code threads} threads, each with its own secure source, after a warm-up. */
    private Rate measure(Workload w, int threads) {
        AtomicLong total = new AtomicLong();
        long warmup = (long) (Math.min(0.3, seconds / 2) * 1e9);
        long measure = (long) (seconds * 1e9);
        Thread[] pool = new Thread[threads];
        long[] elapsed = new long[threads];
        for (int k = 0; k < threads; k++) {
            int id = k;
            pool[k] = new Thread(() -> {
                RandomSource random = RandomSource.secure();
                long end = System.nanoTime() + warmup;
                while (System.nanoTime() < end) {
                    w.run(random);
                }
                long start = System.nanoTime();
                long stop = start + measure;
                long draws = 0;
                long now;
                do {
                    draws += w.run(random);
                    now = System.nanoTime();
                } while (now < stop);
                elapsed[id] = now - start;
                total.addAndGet(draws);
            }, "optimech-bench-" + k);
            pool[k].start();
        }
        long longest = 0;
        for (int k = 0; k < threads; k++) {
            try {
                pool[k].join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, "interrupted while measuring", e);
            }
            longest = Math.max(longest, elapsed[k]);
        }
        return new Rate(threads, total.get() / (longest / 1e9));
    }

    /** H = -Σ p log2 p. */
    static double entropy(double[] p) {
        double h = 0;
        for (double q : p) {
            if (q > 0) {
                h -= q * Math.log(q) / Math.log(2);
            }
        }
        return h;
    }

    /** The entropy of a structural spec's discrete Laplace noise, NaN for other kinds. */
    private static final class NoiseEntropy implements org.optimech.runtime.spec.MechanismSpec.Visitor<Double> {
        @Override
        public Double visit(org.optimech.runtime.spec.DiscreteMechanismSpec table) {
            return Double.NaN;
        }

        @Override
        public Double visit(org.optimech.runtime.spec.GeometricRemapSpec geometricRemap) {
            return org.optimech.runtime.noise.DiscreteLaplace.of(geometricRemap.noiseEpsilon()).entropyBits();
        }

        @Override
        public Double visit(org.optimech.runtime.spec.KNormSpec knorm) {
            return Double.NaN;
        }

        @Override
        public Double visit(org.optimech.runtime.spec.GaussianProcessSpec gaussianProcess) {
            return Double.NaN;
        }

        @Override
        public Double visit(org.optimech.runtime.spec.EllipticGaussianSpec ellipticGaussian) {
            return Double.NaN;
        }
    }

    /** The length of the statistic a vector spec samples. */
    private static final class DimensionOf implements org.optimech.runtime.spec.MechanismSpec.Visitor<Integer> {
        @Override
        public Integer visit(org.optimech.runtime.spec.DiscreteMechanismSpec table) {
            throw new IllegalStateException("a discrete spec has no dimension");
        }

        @Override
        public Integer visit(org.optimech.runtime.spec.GeometricRemapSpec geometricRemap) {
            throw new IllegalStateException("a discrete spec has no dimension");
        }

        @Override
        public Integer visit(org.optimech.runtime.spec.KNormSpec knorm) {
            return knorm.dimension();
        }

        @Override
        public Integer visit(org.optimech.runtime.spec.GaussianProcessSpec gaussianProcess) {
            return gaussianProcess.grid().length;
        }

        @Override
        public Integer visit(org.optimech.runtime.spec.EllipticGaussianSpec ellipticGaussian) {
            return ellipticGaussian.dimension();
        }
    }
}
