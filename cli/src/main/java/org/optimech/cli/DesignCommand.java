package org.optimech.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import org.optimech.designer.DesignMethod;
import org.optimech.designer.Progress;
import org.optimech.designer.discrete.DesignException;
import org.optimech.designer.discrete.DesignOptions;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.discrete.DiscreteDesigner;
import org.optimech.designer.lp.LpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.spec.DesignSpecs;
import org.optimech.designer.structural.StructuralDesign;
import org.optimech.designer.structural.StructuralDesigner;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.designer.knorm.KNormProblem;
import org.optimech.designer.spec.KNormSpecs;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.SpecCodec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code optimech design PROBLEM.json --out SPEC.json}. */
@Command(name = "design", mixinStandardHelpOptions = true,
        description = {"Designs the optimal mechanism for a problem, certifies its privacy from the stored numbers, writes the spec and re-loads it "
                + "through the runtime's validator.", "Progress goes to stderr; the summary to stdout."})
final class DesignCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROBLEM.json", description = "The problem file (see README, \"Problem format\").")
    Path problemFile;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "SPEC.json", description = "Where to write the spec.")
    Path out;

    @Option(names = "--solver", paramLabel = "NAME", defaultValue = "auto",
            description = "LP backend: auto (CLP where OR-Tools loads, else ojalgo), clp, highs, glop, ojalgo. Default: ${DEFAULT-VALUE}.")
    String solver;

    @Option(names = "--time-limit", paramLabel = "SECONDS", defaultValue = "3600", description = "Limit per LP solve, in seconds. Default: ${DEFAULT-VALUE}.")
    long timeLimitSeconds;

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "auto",
            description = "lp (the full LP), structural (truncated geometric plus an optimal remap: path graph, integer ranges, delta 0, a loss "
                    + "non-decreasing in |input - output|), or auto (structural where it applies, else lp). Also the classical mechanisms, compiled to "
                    + "certified tables and not optimised: exponential (the problem's loss as the score) and randomized-response (k-ary, local DP on the "
                    + "problem's inputs). Default: ${DEFAULT-VALUE}.")
    String method;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines on stderr.")
    boolean quiet;

    @Option(names = "--body", paramLabel = "NAME",
            description = "K-norm problems only: the body to store (l1, l2, linf, hull or search) instead of the one the problem's criterion selects.")
    String body;

    @Option(names = "--body-form", paramLabel = "FORM", defaultValue = "triangulation",
            description = "K-norm problems only: store the hull as a triangulation (alias over simplex volumes) or as halfspaces (rejection from its bounding "
                    + "box). Default: ${DEFAULT-VALUE}.")
    String bodyForm;

    @Option(names = "--numerics", paramLabel = "MODE", defaultValue = "idealized",
            description = "K-norm problems only: idealized (continuous noise in floating point) or exact (the statistic rounded to a lattice and exact "
                    + "lattice noise; l1, linf and hull bodies). Default: ${DEFAULT-VALUE}.")
    String numerics;

    @Option(names = "--lattice-exponent", paramLabel = "E",
            description = "K-norm problems only, implies --numerics exact: the lattice spacing 2^E (default: the largest E with sensitivity/2^E >= 1024 x the "
                    + "body's rounding term, so the lattice adds at most 1/1024 to the noise scale).")
    Integer latticeExponent;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        if (SpecFiles.problemKind(problemFile).filter("function"::equals).isPresent()) {
            return function(stdout);
        }
        if (SpecFiles.problemKind(problemFile).filter("knorm"::equals).isPresent()) {
            if (!method.equals("auto") || !solver.equals("auto")) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--method and --solver apply to discrete problems only; " + problemFile
                        + " is a K-norm problem (its options: --body, --body-form)");
            }
            return knorm(stdout);
        }
        if (body != null || !bodyForm.equals("triangulation") || !numerics.equals("idealized") || latticeExponent != null) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--body, --body-form, --numerics and --lattice-exponent apply to K-norm problems only; "
                    + problemFile + " is not one");
        }
        if (method.equals("exponential") || method.equals("randomized-response")) {
            return classical(stdout);
        }
        DesignMethod designMethod = DesignArgs.method(method);
        DesignOptions options = DesignArgs.options(solver, timeLimitSeconds);
        long start = System.nanoTime();
        DiscreteProblem problem = SpecFiles.loadProblem(problemFile);
        LpSolver lp = options.solver();
        Progress progress = quiet ? Progress.silent() : Progress.to(System.err);
        progress.stage("problem " + problemFile + ": " + problem.inputCount() + " inputs x " + problem.outputCount() + " outputs, epsilon " + problem.epsilon()
                + (problem.isPure() ? "" : ", delta " + problem.delta()) + ", " + problem.objective().json() + "; backend " + lp.name());
        DesignMethod.Choice choice = DesignArgs.choose(designMethod, problem, problemFile);
        progress.stage(choice.explanation());
        boolean structural = choice.structural();
        if (structural) {
            StructuralDesign design;
            try {
                design = new StructuralDesigner(options, progress).design(problem);
            } catch (DesignException e) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, problemFile + ": design failed: " + e.getMessage(), e);
            }
            long writeStart = System.nanoTime();
            DiscreteSpec written = write(DesignSpecs.toSpec(design, Instant.now()));
            progress.stage("spec written and verified by the runtime: " + out);
            Summary.structural(stdout, problemFile, out, design, DesignSpecs.digestOf(SpecCodec.write(written)), (System.nanoTime() - writeStart) / 1e9,
                    (System.nanoTime() - start) / 1e9);
            return 0;
        }
        DiscreteDesign design;
        try {
            design = new DiscreteDesigner(options, progress).design(problem);
        } catch (DesignException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, problemFile + ": design failed: " + e.getMessage(), e);
        }
        long writeStart = System.nanoTime();
        DiscreteSpec written = write(DesignSpecs.toSpec(design, Instant.now()));
        double writeSeconds = (System.nanoTime() - writeStart) / 1e9;
        progress.stage("spec written and verified by the runtime: " + out);
        Summary.design(stdout, problemFile, out, design, DesignSpecs.digestOf(SpecCodec.write(written)), writeSeconds, (System.nanoTime() - start) / 1e9);
        return 0;
    }

    /** A function release (kernel density estimate on a grid with Gaussian-process noise). */
    private int function(PrintWriter stdout) {
        org.optimech.designer.functions.KdeRelease k;
        try {
            k = org.optimech.designer.functions.KdeRelease.parse(org.optimech.runtime.json.JsonParser.parse(problemFile).asObject());
        } catch (org.optimech.runtime.json.FieldException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, problemFile + ": invalid problem: " + e.getMessage(), e);
        } catch (org.optimech.runtime.json.JsonSyntaxException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, problemFile + ": invalid problem: " + e.getMessage(), e);
        } catch (IOException e) {
            throw SpecFiles.ioError(problemFile, e);
        }
        org.optimech.runtime.spec.GaussianProcessSpec spec;
        try {
            spec = k.toSpec(k.designBlock(), DesignSpecs.provenance(Instant.now()));
        } catch (InvalidSpecException | IllegalStateException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, "internal error: the runtime refuses the Gaussian-process spec: " + e.getMessage(), e);
        }
        org.optimech.runtime.spec.GaussianProcessSpec written = write(spec);
        stdout.printf("optimech design %s -> %s%n", problemFile, out);
        stdout.printf("  mechanism    gaussian-process: KDE on %d grid points in [%s, %s], %s covariance kernel, bandwidth %s, jitter %s%n", k.gridPoints(), k.lo(), k.hi(),
                k.kernel(), k.bandwidth(), written.jitter());
        stdout.printf("  sensitivity  RKHS Delta = %s (closed form, n = %d)%n", written.sensitivity(), k.n());
        stdout.printf("  guarantee    (epsilon, delta)-DP over the reals: (%s, %s); noise scale s = c*Delta/epsilon = %s with c = %.6g (%s calibration); "
                + "numerics idealized%n", written.certifiedEpsilon(), written.certifiedDelta(), written.noiseScale(), k.c(), k.calibration());
        stdout.printf("  spec         %s (sha-256 %s), re-loaded and verified by the runtime%n", out, DesignSpecs.digestOf(SpecCodec.write(written)));
        stdout.flush();
        return 0;
    }

    /** A classical mechanism compiled to a certified table: no solver, no optimality claim. */
    private int classical(PrintWriter stdout) {
        DiscreteProblem problem = SpecFiles.loadProblem(problemFile);
        org.optimech.runtime.spec.DiscreteMechanismSpec spec;
        try {
            spec = method.equals("exponential") ? org.optimech.designer.discrete.ClassicalMechanisms.exponential(problem, DesignSpecs.provenance(Instant.now()))
                    : org.optimech.designer.discrete.ClassicalMechanisms.randomizedResponse(inputLabels(problem), problem.epsilon(),
                            Math.max(0, problem.defaultInput()), DesignSpecs.provenance(Instant.now()));
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, problemFile + ": " + e.getMessage(), e);
        }
        org.optimech.runtime.spec.DiscreteMechanismSpec written = write(spec);
        stdout.printf("optimech design %s -> %s%n", problemFile, out);
        stdout.printf("  mechanism    %s: %s%n", method, written.design().get("formula").orElseThrow().asString());
        stdout.printf("  guarantee    pure epsilon-DP: certified epsilon = %s <= requested %s (checked exactly on the stored integers, %s neighbours)%n",
                written.privacy().certifiedEpsilon(), written.privacy().epsilon(), written.privacy().neighbours().kind().toString().toLowerCase(java.util.Locale.ROOT));
        written.design().get("objective_value").ifPresent(v -> stdout.printf("  objective    %s risk of the stored mechanism = %s (not optimised)%n",
                written.design().get("objective").orElseThrow().asString(), org.optimech.runtime.json.JsonWriter.compact(v)));
        stdout.printf("  spec         %s (sha-256 %s), re-loaded and verified by the runtime%n", out, DesignSpecs.digestOf(SpecCodec.write(written)));
        stdout.flush();
        return 0;
    }

    private static java.util.List<String> inputLabels(DiscreteProblem p) {
        java.util.List<String> l = new java.util.ArrayList<>();
        for (int i = 0; i < p.inputCount(); i++) {
            l.add(p.inputs().valueAt(i));
        }
        return l;
    }

    /** A K-norm problem: compare the candidates, store the selected (or --body) one, re-load it through the runtime. */
    private int knorm(PrintWriter stdout) {
        long start = System.nanoTime();
        KNormSpecs.BodyForm form;
        try {
            form = KNormSpecs.BodyForm.parse(bodyForm);
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--body-form: " + e.getMessage(), e);
        }
        if (!numerics.equals("idealized") && !numerics.equals("exact")) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--numerics must be idealized or exact. Provided value: " + numerics);
        }
        if (latticeExponent != null && (latticeExponent < -60 || latticeExponent > 60)) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--lattice-exponent must be in [-60, 60]. Provided value: " + latticeExponent);
        }
        boolean exact = numerics.equals("exact") || latticeExponent != null;
        KNormProblem problem = CompareCommand.load(problemFile);
        if (body != null && !problem.candidates().contains(body)) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--body must be one of the problem's candidates (" + String.join(", ", problem.candidates())
                    + "). Provided value: " + body);
        }
        Progress progress = quiet ? Progress.silent() : Progress.to(System.err);
        progress.stage("problem " + problemFile + ": K-norm, " + problem.dimension() + "-dimensional statistic, epsilon " + problem.epsilon().toPlainString()
                + ", S_T " + problem.describeSpace());
        KNormComparison.Result r;
        KNormSpec k;
        try {
            r = problem.compare(progress::stage);
            KNormSpecs.Lattice lattice = !exact ? null : latticeExponent != null ? KNormSpecs.Lattice.of(latticeExponent) : KNormSpecs.Lattice.auto();
            k = KNormSpecs.toSpec(problem, r, body, form, lattice, Instant.now());
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, problemFile + ": " + e.getMessage(), e);
        } catch (InvalidSpecException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, "internal error: the runtime refuses the K-norm spec built for " + problemFile + ": "
                    + e.getMessage(), e);
        }
        KNormSpec written = write(k);
        progress.stage("spec written and verified by the runtime: " + out);
        Summary.knorm(stdout, problemFile, out, r, written, DesignSpecs.digestOf(SpecCodec.write(written)), (System.nanoTime() - start) / 1e9);
        return 0;
    }

    private <S extends MechanismSpec> S write(S spec) {
        try {
            return DesignSpecs.writeAndVerify(spec, out);
        } catch (IOException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, out + ": cannot write: " + e.getMessage(), e);
        } catch (InvalidSpecException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, "internal error: the runtime refused the spec just written: " + e.getMessage(), e);
        }
    }
}
