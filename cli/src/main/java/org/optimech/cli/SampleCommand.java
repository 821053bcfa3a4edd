package org.optimech.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.FunctionMechanism;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.SamplingMode;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.random.SeededRandomBits;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code optimech sample SPEC.json (--input VALUE | --inputs FILE) [--count N] [--seed S]}. */
@Command(name = "sample", mixinStandardHelpOptions = true,
        description = {"Loads and validates a spec, then prints N private outputs for each input value, one per line.",
            "Inputs come from --input VALUE (one value; @FILE reads it from a file, @- from standard input) or --inputs FILE (one value per line; "
                    + "- is standard input): with --inputs the outputs of line k come k-th, N lines each.",
            "Randomness comes from SecureRandom unless --seed is given.",
            "For a K-norm spec an input is the statistic (comma- or space-separated) and each output line one released vector; for a function spec it "
                    + "is the function on the spec's grid. Idealized (floating-point) numerics are said on stderr."})
final class SampleCommand implements Callable<Integer> {
    /** Largest --count accepted. */
    static final long MAX_COUNT = 1_000_000_000L;

    @Parameters(index = "0", paramLabel = "SPEC.json")
    Path file;

    @picocli.CommandLine.Mixin
    ProgressOption progressOption = new ProgressOption();

    @ArgGroup(exclusive = true, multiplicity = "1")
    Source source;

    /** Where the true values come from: exactly one of --input and --inputs. */
    static final class Source {
        @Option(names = "--input", paramLabel = "VALUE",
                description = "The true value: an integer of the input range, or a label; for a K-norm spec, the statistic's coordinates separated by "
                        + "commas. @FILE reads the value from FILE (a vector may span lines), @- from standard input.")
        String input;

        @Option(names = "--inputs", paramLabel = "FILE",
                description = "Many true values, one per line (- for standard input), each released --count times in turn; read as a stream, so the file "
                        + "may be large.")
        String inputs;
    }

    @Option(names = "--count", defaultValue = "1", paramLabel = "N", description = {"How many outputs per input. Default: ${DEFAULT-VALUE}.",
        "N independent releases of the same input cost N times the spec's certified epsilon (and delta) by basic composition; stderr says so, "
                + "next to the tighter epsilon of the privacy-loss-distribution accountant."})
    long count;

    @Option(names = "--accounting-time-limit", defaultValue = "10", paramLabel = "SECONDS",
            description = {"Limit for the privacy-loss-distribution accountant that --count N > 1 runs before sampling. Past it, stderr gives the "
                    + "certified upper bound without its lower bound when the upper bound was complete, and otherwise the certified advanced-composition "
                    + "bound (and basic composition as always). Default: ${DEFAULT-VALUE}."})
    double accountingTimeLimit;

    @Option(names = "--delta", paramLabel = "D",
            description = {"The delta at which the privacy-loss-distribution accountant reports the epsilon of --count N > 1 releases, in (0, 1). "
                    + "Default: 1e-6 for a pure epsilon-DP spec; for an (epsilon, delta) spec N x its delta (basic composition's, so the two epsilons "
                    + "compare at one delta), but at most " + ACCOUNTING_DELTA_CAP + " (a larger delta says little)."})
    Double accountingDelta;

    /** The largest default δ at which N releases of an (ε, δ) spec are reported. */
    static final double ACCOUNTING_DELTA_CAP = 0.01;

    @Option(names = "--records", paramLabel = "N",
            description = {"The number of records the vector statistic sums (public under substitution). Needed by a K-norm or elliptic Gaussian spec "
                    + "whose noise lies in a subspace or in the hyperplane Σx = 0 while the statistic has a public part there (a count of records, a "
                    + "histogram's total, a ballot sum): that part is released as N times one record's share, never read from --input, whose "
                    + "rounding depends on the data. Ignored by other specs."})
    Long records;

    @Option(names = "--seed", paramLabel = "S",
            description = "Reproducibility only: draw from the documented L64X128MixRandom generator seeded with S. NOT for production: anyone who knows "
                    + "the seed can remove the noise.")
    Long seed;

    @Option(names = "--sampling", paramLabel = "MODE", defaultValue = "fast",
            description = "fast, or constant-time (fixed random bits and operations per sample; a geometric-remap spec is compiled into a certified table "
                    + "first; docs/THREAT_MODEL.md). Discrete specs only: K-norm and function specs are refused with it. Default: ${DEFAULT-VALUE}.")
    String sampling;

    @Option(names = "--allow-unchecked-sensitivity",
            description = "Sample a spec whose sensitivity the runtime cannot re-derive from its stored numbers (a curved K-norm statistic): its "
                    + "calibration is then the designer's word. Or sign it and pass --trusted-key.")
    boolean allowUnchecked;

    @Option(names = "--trusted-key", paramLabel = "NAME=FILE", description = "Trust this Ed25519 public key (from keygen); repeatable. A spec signed "
            + "by a trusted key is sampled even when its sensitivity cannot be re-derived.")
    java.util.Map<String, Path> trustedKeys = new java.util.LinkedHashMap<>();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** Standard input, replaceable in tests. */
    InputStream stdin = System.in;

    /** Releases one input value {@code count} times; {@code where} names the value's origin in errors. */
    private interface Release {
        void release(String value, String where, RandomSource bits, PrintWriter out);
    }

    @Override
    public Integer call() {
        if (count < 1 || count > MAX_COUNT) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--count must be in [1, " + MAX_COUNT + "]. Provided value: " + count);
        }
        // the CLI opts in to idealized (floating-point) noise on the user's behalf, and says so on stderr when it samples it
        org.optimech.runtime.spec.RuntimePolicy.Builder policy = org.optimech.runtime.spec.RuntimePolicy.builder()
                .numerics(org.optimech.runtime.spec.NumericsPolicy.ALLOW_IDEALIZED);
        for (java.util.Map.Entry<String, Path> e : trustedKeys.entrySet()) {
            try {
                policy.trustKeyFile(e.getKey(), e.getValue());
            } catch (IOException ex) {
                throw SpecFiles.ioError(e.getValue(), ex);
            } catch (IllegalArgumentException ex) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--trusted-key " + e.getKey() + ": " + e.getValue() + ": " + ex.getMessage(), ex);
            }
        }
        if (allowUnchecked) {
            policy.allowUncheckedSensitivity();
        }
        Mechanism mechanism = load(file, policy.build(), sampling, progressOption);
        PrintWriter err = spec.commandLine().getErr();
        if (count > 1) {
            err.println("optimech: note: " + composition(mechanism.spec(), count));
            err.println("optimech: note: " + accounted(mechanism.spec(), count, accountingDelta, accountingTimeLimit, progressOption.progress()));
            err.flush();
        }
        Release release = mechanism.accept(new Mechanism.Visitor<Release>() {
            @Override
            public Release visit(DiscreteMechanism discrete) {
                return SampleCommand.this.discrete(discrete, err);
            }

            @Override
            public Release visit(KNormMechanism knorm) {
                return SampleCommand.this.knorm(knorm, err);
            }

            @Override
            public Release visit(FunctionMechanism function) {
                return SampleCommand.this.function(function, err);
            }

            @Override
            public Release visit(org.optimech.runtime.EllipticGaussianMechanism ellipticGaussian) {
                return SampleCommand.this.ellipticGaussian(ellipticGaussian, err);
            }
        });
        RandomSource bits = randomness(err);
        PrintWriter out = spec.commandLine().getOut(); // buffered; write() does not auto-flush
        if (source.inputs != null) {
            releaseLines(release, bits, out, err);
        } else {
            String value = source.input;
            String where = "--input";
            if (value.startsWith("@")) {
                String from = value.substring(1);
                where = "--input @" + from;
                value = read(from).strip();
            }
            release.release(value, where, bits, out);
        }
        out.flush();
        return 0;
    }

    /** Draws per block: the typed batch fills this many outputs, and one block of text goes to the writer at a time. */
    static final int BLOCK = 8192;

    /**
     * Writes {@code count} releases of input row {@code row}, one per line, in blocks: an integer output range goes through the
     * typed batch form ({@code sample(long[], long[], RandomSource)}, no strings per draw), labels through their index.
     */
    static void writeReleases(DiscreteMechanism m, int row, long count, RandomSource bits, PrintWriter out) {
        boolean integers = m.spec().inputs() instanceof IntegerRange && m.spec().outputs() instanceof IntegerRange;
        long input = integers ? ((IntegerRange) m.spec().inputs()).longValueAt(row) : 0;
        int block = (int) Math.min(BLOCK, count);
        long[] inputs = new long[block];
        long[] outputs = new long[block];
        java.util.Arrays.fill(inputs, input);
        StringBuilder text = new StringBuilder(block * 8);
        for (long done = 0; done < count; done += block) {
            int n = (int) Math.min(block, count - done);
            text.setLength(0);
            if (integers) {
                m.sampleRange(inputs, outputs, 0, n, bits);
                for (int i = 0; i < n; i++) {
                    text.append(outputs[i]).append('\n');
                }
            } else {
                for (int i = 0; i < n; i++) {
                    text.append(m.spec().outputs().valueAt(m.sampleIndex(row, bits))).append('\n');
                }
            }
            out.append(text);
        }
        out.flush();
    }

    /**
     * Loads {@code file} under {@code policy} in the sampling mode named by the {@code --sampling} value, mapping each failure to
     * the CLI's exit codes; the load shows its progress ({@link ProgressOption#loading}).
     */
    static Mechanism load(Path file, org.optimech.runtime.spec.RuntimePolicy policy, String sampling, ProgressOption progress) {
        if (!sampling.equals("fast") && !sampling.equals("constant-time")) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--sampling must be fast or constant-time. Provided value: " + sampling);
        }
        try {
            // as Mechanisms.load: the loader's checks and policy, then the policy again and the sampling checks of Mechanisms.of
            MechanismSpec loaded = progress.loading("loading " + file.getFileName() + " (digest, shapes, privacy re-check)", file, policy);
            return Mechanisms.of(loaded, policy, sampling.equals("fast") ? SamplingMode.FAST : SamplingMode.CONSTANT_TIME);
        } catch (InvalidSpecException e) {
            throw SpecFiles.invalidSpec(file, e);
        } catch (java.io.IOException e) {
            throw SpecFiles.ioError(file, e);
        } catch (IllegalStateException e) {
            // a spec that loads (it can be inspected) but whose release cannot be built, e.g. K-norm noise in a subspace under
            // substitution without a recorded statistic to separate the public part (Samplers.knorm): the runtime's reason
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, file + ": cannot be sampled: " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            // constant-time asked of a K-norm or function spec, or a constant-time table too large
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, file + ": --sampling constant-time: " + e.getMessage()
                    + (mechanismKindHasNoConstantTime(e) ? "; sample it with --sampling fast" : ""), e);
        }
    }

    private static boolean mechanismKindHasNoConstantTime(IllegalArgumentException e) {
        return e.getMessage() != null && e.getMessage().startsWith("constant-time sampling is implemented for discrete specs only");
    }

    /** --inputs: one value per line, streamed. */
    private void releaseLines(Release release, RandomSource bits, PrintWriter out, PrintWriter err) {
        String name = source.inputs.equals("-") ? "standard input" : source.inputs;
        long line = 0;
        try (BufferedReader r = reader(source.inputs)) {
            for (String value = r.readLine(); value != null; value = r.readLine()) {
                line++;
                if (value.endsWith("\r")) {
                    value = value.substring(0, value.length() - 1);
                }
                try {
                    release.release(value, "--inputs " + name + " line " + line, bits, out);
                } catch (OptimechCli.CliException e) {
                    // the lines before were released: their outputs stay on stdout, and the message says how many there are
                    out.flush();
                    throw new OptimechCli.CliException(e.exitCode(), e.getMessage() + " (stopped there: the " + (line - 1) + " line" + (line == 2 ? "" : "s")
                            + " before it " + (line == 2 ? "was" : "were") + " released, " + count + " output" + (count == 1 ? "" : "s") + " each, on stdout)", e);
                }
            }
        } catch (IOException e) {
            throw SpecFiles.ioError(Path.of(name), e);
        }
        if (line == 0) {
            err.println("optimech: note: --inputs " + name + " has no lines; nothing released");
        }
    }

    private BufferedReader reader(String from) throws IOException {
        InputStream in = from.equals("-") ? stdin : Files.newInputStream(Path.of(from));
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** The whole of a file ({@code -}: standard input). */
    private String read(String from) {
        try (BufferedReader r = reader(from)) {
            StringBuilder sb = new StringBuilder();
            char[] buf = new char[8192];
            for (int n = r.read(buf); n >= 0; n = r.read(buf)) {
                sb.append(buf, 0, n);
            }
            return sb.toString();
        } catch (IOException e) {
            throw SpecFiles.ioError(Path.of(from.equals("-") ? "standard input" : from), e);
        }
    }

    /** What N releases of one input cost under basic composition: N·ε and N·δ, exactly. */
    static String composition(MechanismSpec s, long n) {
        java.math.BigDecimal times = java.math.BigDecimal.valueOf(n);
        String e = s.certifiedEpsilon().multiply(times).stripTrailingZeros().toPlainString();
        String text = n + " independent releases of the same input cost epsilon " + n + " x " + s.certifiedEpsilon().toPlainString() + " = " + e;
        if (s.certifiedDelta().signum() > 0) {
            text += " and delta " + n + " x " + s.certifiedDelta() + " = " + s.certifiedDelta().multiply(times).stripTrailingZeros();
        }
        return text + " by basic composition (a budget ledger charges them together: BudgetLedger.charge(dataset, spec, " + n + "))";
    }

    /**
     * The δ at which N releases are reported by default: 1e-6 for a pure spec, otherwise basic composition's N·δ capped at
     * {@link #ACCOUNTING_DELTA_CAP}.
     */
    static double defaultAccountingDelta(MechanismSpec s, long n) {
        return s.certifiedDelta().signum() > 0 ? Math.min(ACCOUNTING_DELTA_CAP, s.certifiedDelta().doubleValue() * n) : 1e-6;
    }

    /**
     * What the same N releases cost under the privacy-loss-distribution accountant at {@code requestedDelta} (null: {@link
     * #defaultAccountingDelta}), or why it is not available.
     */
    static String accounted(MechanismSpec s, long n, Double requestedDelta, double limitSeconds, org.optimech.designer.common.Progress reports) {
        if (!(limitSeconds > 0) || Double.isInfinite(limitSeconds)) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--accounting-time-limit must be > 0 seconds and finite. Provided value: "
                    + limitSeconds);
        }
        if (requestedDelta != null && !(requestedDelta > 0 && requestedDelta < 1)) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--delta must be in (0, 1). Provided value: " + requestedDelta);
        }
        double delta = requestedDelta != null ? requestedDelta : defaultAccountingDelta(s, n);
        long end = System.nanoTime() + (long) (limitSeconds * 1e9);
        try (org.optimech.designer.common.Progress.Counts progress = reports.counts("privacy-loss accountant, " + n + " releases (neighbouring pairs composed)")) {
            org.optimech.runtime.accounting.Releases r = org.optimech.runtime.accounting.Accountant.releases(s, n, progress, () -> System.nanoTime() - end >= 0);
            String unreachable = Double.isInfinite(r.epsilonUpper(delta)) ? " (no epsilon reaches this delta: the releases' privacy loss is infinite with "
                    + "a larger probability; choose a larger --delta)" : "";
            return r.describe(delta) + unreachable + "; method: " + r.method();
        } catch (org.optimech.runtime.accounting.Accountant.StoppedException e) {
            double[] adv = org.optimech.runtime.accounting.Accountant.advanced(s, n, delta);
            return String.format(Locale.ROOT, "the privacy-loss-distribution accountant stopped at its time limit (--accounting-time-limit %s s, %d of %d "
                    + "neighbouring pairs composed); certified instead by advanced composition (Dwork-Rothblum-Vadhan): %d releases are (epsilon %s, delta %s)-DP",
                    java.math.BigDecimal.valueOf(limitSeconds).stripTrailingZeros().toPlainString(), e.done(), e.total(), n,
                    new java.math.BigDecimal(adv[0]).round(new java.math.MathContext(6, java.math.RoundingMode.CEILING)).stripTrailingZeros().toPlainString(),
                    new java.math.BigDecimal(adv[1]).round(new java.math.MathContext(6, java.math.RoundingMode.CEILING)).stripTrailingZeros().toPlainString());
        } catch (IllegalArgumentException e) {
            return "no privacy-loss-distribution accounting for this spec: " + e.getMessage();
        }
    }

    private RandomSource randomness(PrintWriter err) {
        if (seed != null) {
            err.println("optimech: warning: --seed " + seed + " makes the output reproducible (" + SeededRandomBits.ALGORITHM
                    + "); it is not private against anyone who knows the seed. Never use it on real data.");
            err.flush();
            return new SeededRandomBits(seed);
        }
        return RandomSource.secure();
    }

    /** A discrete spec: the value is an input (out-of-domain values follow the spec's input policy, which stderr names once). */
    private Release discrete(DiscreteMechanism m, PrintWriter err) {
        boolean[] noted = {false};
        return (value, where, bits, out) -> {
            int row;
            try {
                row = m.inputIndex(value);
            } catch (IllegalArgumentException e) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, where + ": " + e.getMessage(), e);
            }
            if (!noted[0] && m.spec().inputs().indexOf(value).isEmpty()) {
                // the caller sees its own input; the note tells them which row the spec's input policy released
                noted[0] = true;
                err.println("optimech: note: " + where + " \"" + value + "\" is not one of the spec's inputs; it is released as the "
                        + (m.spec().privacy().inputPolicy() == InputPolicy.DEFAULT ? "default input" : "clamped input") + " \""
                        + m.spec().inputs().valueAt(row) + "\" (input policy " + m.spec().privacy().inputPolicy().json() + ")"
                        + (source.inputs != null ? "; later such values are not noted" : ""));
                err.flush();
            }
            writeReleases(m, row, count, bits, out);
        };
    }

    /** A function on the grid: the value is f_D(grid); each output line is one released function. */
    private Release function(FunctionMechanism mechanism, PrintWriter err) {
        err.println("optimech: warning: " + file + " has numerics \"idealized\": Gaussian-process noise drawn in floating point is exact in distribution only "
                + "over the reals (Mironov 2012). The CLI accepts it on your behalf; the runtime API requires NumericsPolicy.ALLOW_IDEALIZED.");
        err.flush();
        int m = mechanism.spec().grid().length;
        return (value, where, bits, out) -> {
            double[] f = numbers(value, m, where, "the function on the spec's grid");
            vectors(out, count, () -> mechanism.sample(f, bits));
        };
    }

    /** Elliptic Gaussian: the value is the statistic; each output line is one released vector. */
    private Release ellipticGaussian(org.optimech.runtime.EllipticGaussianMechanism m, PrintWriter err) {
        err.println("optimech: warning: " + file + " has numerics \"idealized\": Gaussian noise drawn in floating point is exact in distribution only over "
                + "the reals, and the low bits of a double output can leak (Mironov 2012). The CLI accepts it on your behalf; the runtime API requires "
                + "NumericsPolicy.ALLOW_IDEALIZED.");
        err.flush();
        return statistic(m.dimension(), m.needsRecordCount(), (t, bits) -> records == null ? m.sample(t, bits) : m.sample(t, records, bits));
    }

    /** A vector statistic: the value is its coordinates; each output line is one released vector. */
    private Release statistic(int dimension, boolean needsRecords, java.util.function.BiFunction<double[], RandomSource, double[]> release) {
        if (needsRecords && records == null) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--records is required for " + file + ": its noise lies in a subspace (or the "
                    + "hyperplane Σx = 0) and the statistic has a public part off it under substitution (a count of records, a histogram's total, a "
                    + "ballot sum), released as N times one record's share; give the number of records N the statistic sums");
        }
        if (records != null && records < 0) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--records must be >= 0. Provided value: " + records);
        }
        return (value, where, bits, out) -> {
            double[] t = numbers(value, dimension, where, "the statistic's coordinates");
            vectors(out, count, () -> release.apply(t, bits));
        };
    }

    /** K-norm: the value is the statistic; each output line is one released vector. */
    private Release knorm(KNormMechanism m, PrintWriter err) {
        KNormSpec k = m.spec();
        if (k.numerics() == Numerics.IDEALIZED) {
            err.println("optimech: warning: " + file + " has numerics \"idealized\": K-norm noise drawn in floating point is exact in distribution only over "
                    + "the reals, and the low bits of a double output can leak (Mironov 2012). The CLI accepts it on your behalf; the runtime API requires "
                    + "NumericsPolicy.ALLOW_IDEALIZED. Design with --numerics exact for a lattice release.");
            err.flush();
        }
        return statistic(k.dimension(), m.needsRecordCount(), (t, bits) -> records == null ? m.sample(t, bits) : m.sample(t, records, bits));
    }

    /** A vector written with commas and/or white space between its numbers, each finite. */
    static double[] numbers(String value, int length, String where, String what) {
        String text = value.strip();
        String[] parts = text.isEmpty() ? new String[0] : text.split("\\s*,\\s*|\\s+", -1);
        if (parts.length != length) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, where + " must have " + length + " numbers (" + what + "), separated by commas or "
                    + "spaces. Provided value: \"" + abbreviate(value) + "\" (" + parts.length + " fields)");
        }
        double[] x = new double[length];
        for (int j = 0; j < length; j++) {
            try {
                x[j] = Double.parseDouble(parts[j]);
            } catch (NumberFormatException e) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, where + " number " + (j + 1) + " must be a number. Provided value: \""
                        + abbreviate(parts[j]) + "\"", e);
            }
            if (!Double.isFinite(x[j]) || parts[j].isEmpty()) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, where + " number " + (j + 1) + " must be a finite number. Provided value: \""
                        + abbreviate(parts[j]) + "\"");
            }
        }
        return x;
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }

    private static void vectors(PrintWriter out, long count, java.util.function.Supplier<double[]> draw) {
        StringBuilder line = new StringBuilder();
        for (long i = 0; i < count; i++) {
            double[] v = draw.get();
            line.setLength(0);
            for (int j = 0; j < v.length; j++) {
                line.append(j == 0 ? "" : ",").append(v[j]);
            }
            out.write(line.append('\n').toString());
        }
    }
}
