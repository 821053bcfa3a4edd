package org.optimech.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.FunctionMechanism;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.SamplingMode;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.random.SeededRandomBits;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code optimech sample SPEC.json --input VALUE --count N [--seed S]}. */
@Command(name = "sample", mixinStandardHelpOptions = true,
        description = {"Loads and validates a spec, then prints N private outputs for one input value, one per line.",
            "Randomness comes from SecureRandom unless --seed is given.",
            "For a K-norm spec, --input is the statistic (comma-separated) and each line is one released vector; its numerics are idealized "
                    + "(floating point), which is said on stderr."})
final class SampleCommand implements Callable<Integer> {
    /** Largest --count accepted. */
    static final long MAX_COUNT = 1_000_000_000L;

    @Parameters(index = "0", paramLabel = "SPEC.json")
    Path file;

    @Option(names = "--input", required = true, paramLabel = "VALUE",
            description = "The true value: an integer of the input range, or a label; for a K-norm spec, the statistic's coordinates separated by commas.")
    String input;

    @Option(names = "--count", defaultValue = "1", paramLabel = "N", description = {"How many outputs. Default: ${DEFAULT-VALUE}.",
        "N independent releases of the same input cost N times the spec's certified epsilon (and delta) by basic composition; stderr says so, "
                + "next to the tighter epsilon of the privacy-loss-distribution accountant."})
    long count;

    @Option(names = "--seed", paramLabel = "S",
            description = "Reproducibility only: draw from the documented L64X128MixRandom generator seeded with S. NOT for production: anyone who knows "
                    + "the seed can remove the noise.")
    Long seed;

    @Option(names = "--sampling", paramLabel = "MODE", defaultValue = "fast",
            description = "Discrete specs: fast, or constant-time (fixed random bits and operations per sample; a geometric-remap spec is compiled into "
                    + "a certified table first; docs/THREAT_MODEL.md). Default: ${DEFAULT-VALUE}.")
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
            } catch (java.io.IOException ex) {
                throw SpecFiles.ioError(e.getValue(), ex);
            } catch (IllegalArgumentException ex) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--trusted-key " + e.getKey() + ": " + e.getValue() + ": " + ex.getMessage(), ex);
            }
        }
        if (allowUnchecked) {
            policy.allowUncheckedSensitivity();
        }
        Mechanism mechanism = load(file, policy.build(), sampling);
        PrintWriter err = spec.commandLine().getErr();
        if (count > 1) {
            err.println("optimech: note: " + composition(mechanism.spec(), count));
            err.println("optimech: note: " + accounted(mechanism.spec(), count));
            err.flush();
        }
        if (mechanism instanceof KNormMechanism k) {
            return knorm(k, err);
        }
        if (mechanism instanceof FunctionMechanism g) {
            return function(g, err);
        }
        DiscreteMechanism m = (DiscreteMechanism) mechanism;
        int row;
        try {
            row = m.inputIndex(input);
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--input: " + e.getMessage(), e);
        }
        if (m.spec().inputs().indexOf(input).isEmpty()) {
            // the caller sees its own input; the note tells them which row the spec's input policy released
            err.println("optimech: note: --input " + input + " is not one of the spec's inputs; it is released as the "
                    + (m.spec().privacy().inputPolicy() == org.optimech.runtime.spec.InputPolicy.DEFAULT ? "default input" : "clamped input") + " \""
                    + m.spec().inputs().valueAt(row) + "\" (input policy " + m.spec().privacy().inputPolicy().json() + ")");
            err.flush();
        }
        RandomSource bits = randomness(err);
        writeReleases(m, row, count, bits, spec.commandLine().getOut());
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
     * the CLI's exit codes.
     */
    static Mechanism load(Path file, org.optimech.runtime.spec.RuntimePolicy policy, String sampling) {
        if (!sampling.equals("fast") && !sampling.equals("constant-time")) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--sampling must be fast or constant-time. Provided value: " + sampling);
        }
        try {
            return Mechanisms.load(file, policy, sampling.equals("fast") ? SamplingMode.FAST : SamplingMode.CONSTANT_TIME);
        } catch (InvalidSpecException e) {
            throw SpecFiles.invalidSpec(file, e);
        } catch (java.io.IOException e) {
            throw SpecFiles.ioError(file, e);
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--sampling constant-time: " + e.getMessage(), e);
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
     * What the same N releases cost under the privacy-loss-distribution accountant, at basic composition's δ (or 1e-6 when that
     * is 0), or why it is not available.
     */
    static String accounted(MechanismSpec s, long n) {
        double delta = s.certifiedDelta().signum() > 0 ? Math.min(0.5, s.certifiedDelta().doubleValue() * n) : 1e-6;
        try {
            org.optimech.runtime.accounting.Releases r = org.optimech.runtime.accounting.Accountant.releases(s, n);
            return r.describe(delta) + "; method: " + r.method();
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

    /** A function on the grid: --input is f_D(grid), comma-separated or @FILE; each line is one released function. */
    private int function(FunctionMechanism mechanism, PrintWriter err) {
        org.optimech.runtime.spec.GaussianProcessSpec g = mechanism.spec();
        String text = input;
        if (input.startsWith("@")) {
            try {
                text = java.nio.file.Files.readString(java.nio.file.Path.of(input.substring(1)));
            } catch (java.io.IOException e) {
                throw SpecFiles.ioError(java.nio.file.Path.of(input.substring(1)), e);
            }
        }
        String[] parts = text.strip().split("[,\\s]+");
        int m = g.grid().length;
        if (parts.length != m) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--input must have " + m + " numbers (the function on the spec's grid), comma- or "
                    + "whitespace-separated, or @FILE. Provided: " + parts.length + " fields");
        }
        double[] f = new double[m];
        for (int j = 0; j < m; j++) {
            try {
                f[j] = Double.parseDouble(parts[j]);
            } catch (NumberFormatException e) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--input value " + (j + 1) + " must be a number. Provided value: \"" + parts[j] + "\"", e);
            }
            if (!Double.isFinite(f[j])) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--input value " + (j + 1) + " must be finite. Provided value: " + parts[j]);
            }
        }
        err.println("optimech: warning: " + file + " has numerics \"idealized\": Gaussian-process noise drawn in floating point is exact in distribution only "
                + "over the reals (Mironov 2012). The CLI accepts it on your behalf; the runtime API requires NumericsPolicy.ALLOW_IDEALIZED.");
        err.flush();
        RandomSource bits = randomness(err);
        PrintWriter out = spec.commandLine().getOut();
        StringBuilder line = new StringBuilder();
        for (long i = 0; i < count; i++) {
            double[] v = mechanism.sample(f, bits);
            line.setLength(0);
            for (int j = 0; j < m; j++) {
                line.append(j == 0 ? "" : ",").append(v[j]);
            }
            out.write(line.append('\n').toString());
        }
        out.flush();
        return 0;
    }

    /** K-norm: parse the statistic, warn that the noise is floating point (the CLI's opt-in), print one vector per line. */
    private int knorm(KNormMechanism m, PrintWriter err) {
        KNormSpec k = m.spec();
        String[] parts = input.split(",", -1);
        if (parts.length != k.dimension()) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--input must have " + k.dimension() + " comma-separated numbers (the statistic's "
                    + "dimension). Provided value: \"" + input + "\" (" + parts.length + " fields)");
        }
        double[] t = new double[parts.length];
        for (int j = 0; j < parts.length; j++) {
            try {
                t[j] = Double.parseDouble(parts[j].trim());
            } catch (NumberFormatException e) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--input coordinate " + (j + 1) + " must be a number. Provided value: \"" + parts[j]
                        + "\"", e);
            }
            if (!Double.isFinite(t[j]) || parts[j].trim().isEmpty()) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--input coordinate " + (j + 1) + " must be a finite number. Provided value: \""
                        + parts[j] + "\"");
            }
        }
        if (k.numerics() == Numerics.IDEALIZED) {
            err.println("optimech: warning: " + file + " has numerics \"idealized\": K-norm noise drawn in floating point is exact in distribution only over "
                    + "the reals, and the low bits of a double output can leak (Mironov 2012). The CLI accepts it on your behalf; the runtime API requires "
                    + "NumericsPolicy.ALLOW_IDEALIZED. Design with --numerics exact for a lattice release.");
            err.flush();
        }
        RandomSource bits = randomness(err);
        PrintWriter out = spec.commandLine().getOut();
        StringBuilder line = new StringBuilder();
        for (long i = 0; i < count; i++) {
            double[] v = m.sample(t, bits);
            line.setLength(0);
            for (int j = 0; j < v.length; j++) {
                line.append(j == 0 ? "" : ",").append(v[j]);
            }
            out.write(line.append('\n').toString());
        }
        out.flush();
        return 0;
    }
}
