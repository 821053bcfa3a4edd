package org.optimech.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.optimech.designer.Design;
import org.optimech.designer.DesignMethod;
import org.optimech.designer.Designers;
import org.optimech.designer.knorm.GeneticBodySearch;
import org.optimech.designer.common.DesignException;
import org.optimech.designer.common.Progress;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.Problem;
import org.optimech.designer.spec.DesignSpecs;
import org.optimech.designer.spec.KNormSpecs;
import org.optimech.runtime.json.JsonName;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.MechanismSpec;
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

    @Option(names = "--time-limit", paramLabel = "SECONDS",
            description = "Limit for the whole design run, in seconds. K-norm stages share it and stop at it with their certified bounds (a candidate "
                    + "that cannot start is reported as not compared); LP solves are clamped to what remains. Default: none for discrete problems, "
                    + "600 for K-norm problems.")
    Long timeLimitSeconds;

    @Option(names = "--solve-time-limit", paramLabel = "SECONDS", defaultValue = "3600", description = "Limit per LP solve, in seconds. Default: ${DEFAULT-VALUE}.")
    long solveTimeLimitSeconds;

    /** The whole-run limit of a K-norm design when none is given. */
    static final long KNORM_DEFAULT_TIME_LIMIT = 600;

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "auto",
            description = "lp (the full LP), structural (truncated geometric plus an optimal remap: path graph, integer ranges, delta 0, a loss "
                    + "non-decreasing in |input - output|), or auto (structural where it applies, else lp). Also the classical mechanisms, compiled to "
                    + "certified tables and not optimised: exponential (the problem's loss as the score) and randomized-response (k-ary, local DP on the "
                    + "problem's inputs). Default: ${DEFAULT-VALUE}.")
    String method;

    @picocli.CommandLine.Mixin
    ProgressOption progressOption = new ProgressOption();

    @Option(names = "--body", paramLabel = "NAME",
            description = "K-norm problems only: the body to store (l1, l2, linf, hull or search) instead of the one the problem's criterion selects.")
    String body;

    @Option(names = "--body-search",
            description = "K-norm problems with a polynomial statistic: the search candidate is a genetic search (Jenetics) over linear images of the l1 "
                    + "and linf balls (per-coordinate scalings on the coordinate or principal axes), ranked by witnesses, its pick certified like every "
                    + "other body and stored only if it beats them. Default: off (a heuristic that spends part of the time limit; the closed-form "
                    + "candidates are compared either way).")
    boolean bodySearch;

    @Option(names = "--seed", paramLabel = "N", description = "With --body-search: the search's seed (the same seed and problem find the same body). Default: 1.")
    Long seed;

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

    @Option(names = "--target", paramLabel = "TEXT",
            description = {"Discrete problems with integer ranges: design for an accuracy target instead of the problem's epsilon, e.g. \"abs-error <= 10 at "
                    + "95%%\" (at every input; add \"on average\" for the prior's average). Finds the smallest epsilon (3 significant digits) whose optimal "
                    + "mechanism under the loss 1{|output - input| > A} meets it, by bisection, and prints the epsilon/accuracy curve searched."})
    String target;

    @Option(names = "--plot", paramLabel = "DIR", description = "With --target: also write DIR/target.csv, .png and .svg (the curve searched).")
    Path plotDir;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        SpecFiles.requireNotInput(out, "--out", problemFile, "problem file");
        Problem problem = SpecFiles.loadProblem(problemFile);
        boolean knormOptions = body != null || !bodyForm.equals("triangulation") || !numerics.equals("idealized") || latticeExponent != null || bodySearch;
        if (seed != null && !bodySearch) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--seed goes with --body-search (the body search's randomness). Provided value: " + seed);
        }
        Optional<DiscreteProblem> discrete = DiscreteProblem.of(problem);
        Optional<KNormProblem> knorm = KNormProblem.of(problem);
        if (discrete.isEmpty() && (!method.equals("auto") || !solver.equals("auto"))) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--method and --solver apply to discrete problems only; " + problemFile
                    + " is a " + (knorm.isPresent() ? "K-norm problem (its options: --body, --body-form, --numerics, --lattice-exponent, --body-search)"
                            : problem.kind() + " problem"));
        }
        if (knorm.isEmpty() && knormOptions) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--body, --body-form, --numerics, --lattice-exponent and --body-search apply to K-norm problems only; "
                    + problemFile + " is not one");
        }
        if (timeLimitSeconds != null && timeLimitSeconds <= 0) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--time-limit must be > 0 seconds. Provided value: " + timeLimitSeconds);
        }
        Long whole = timeLimitSeconds != null ? timeLimitSeconds : knorm.isPresent() ? Long.valueOf(KNORM_DEFAULT_TIME_LIMIT) : null;
        DesignMethod designMethod = DesignArgs.method(method);
        // the LP backend is resolved (and OR-Tools loaded) only where an LP may be solved
        Designers.Options options = Designers.Options.of(discrete.isPresent() && designMethod.optimises() ? DesignArgs.options(solver,
                solveTimeLimitSeconds) : null)
                .withMethod(designMethod).withProgress(progressOption.progress())
                .withTimeLimit(whole == null ? null : java.time.Duration.ofSeconds(whole));
        if (knorm.isPresent()) {
            KNormProblem k = knorm.get();
            if (body != null && !k.candidates().contains(body)) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--body must be one of the problem's candidates (" + String.join(", ", k.candidates())
                        + "). Provided value: " + body);
            }
            options = knormOptions(options);
        }
        if (target == null && plotDir != null) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--plot goes with --target (the curve searched); inspect --plot draws a spec's accuracy");
        }
        long start = System.nanoTime();
        Design design;
        org.optimech.designer.target.TargetSearch.Result searched = null;
        try {
            if (target != null) {
                searched = TargetArgs.search(problemFile, problem, target, options);
                design = searched.design().orElseThrow(() -> new OptimechCli.CliException(OptimechCli.EXIT_FAILED, TargetArgs.unreachable(problemFile,
                        TargetArgs.lastSearch)));
            } else {
                design = Designers.design(problem, options);
            }
        } catch (InvalidProblemException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, problemFile + ": invalid problem: " + e.getMessage(), e);
        } catch (DesignException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, problemFile + ": design failed: " + e.getMessage(), e);
        } catch (DesignMethod.NotApplicableException e) {
            throw DesignArgs.notApplicable(problemFile, e);
        } catch (Designers.OptionException e) {
            // an option that does not fit this problem (a lattice for an l2 body, a classical method with delta > 0)
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, problemFile + ": " + e.getMessage(), e);
        }
        long writeStart = System.nanoTime();
        MechanismSpec written = write(design.spec(), options.progress());
        double writeSeconds = (System.nanoTime() - writeStart) / 1e9;
        double totalSeconds = (System.nanoTime() - start) / 1e9;
        options.progress().stage("spec written and verified by the runtime: " + out);
        String digest = DesignSpecs.digestOf(SpecCodec.write(written));
        // written equals design.spec() (same document, checked by digest); the typed design says which summary to print
        boolean bodyChosen = options.body() != null;
        design.accept(new Design.Visitor<Void>() {
            @Override
            public Void visit(Design.Lp d) {
                Summary.design(stdout, problemFile, out, d.design(), digest, writeSeconds, totalSeconds);
                return null;
            }

            @Override
            public Void visit(Design.Structural d) {
                Summary.structural(stdout, problemFile, out, d.design(), digest, writeSeconds, totalSeconds);
                return null;
            }

            @Override
            public Void visit(Design.Classical d) {
                Summary.classical(stdout, problemFile, out, d.method(), d.spec(), digest);
                return null;
            }

            @Override
            public Void visit(Design.KNorm d) {
                Summary.knorm(stdout, problemFile, out, d.comparison(), d.spec(), bodyChosen, digest, totalSeconds);
                return null;
            }

            @Override
            public Void visit(Design.StructuredKNorm d) {
                Summary.structuredKnorm(stdout, problemFile, out, d.design(), d.spec(), bodyChosen, digest, totalSeconds);
                return null;
            }

            @Override
            public Void visit(Design.StructuredGaussian d) {
                Summary.structuredGaussian(stdout, problemFile, out, d.design(), d.spec(), bodyChosen, digest, totalSeconds);
                return null;
            }

            @Override
            public Void visit(Design.Function d) {
                Summary.function(stdout, problemFile, out, d, digest);
                return null;
            }
        });
        if (whole != null && System.nanoTime() - start >= whole * 1_000_000_000L) {
            // the estimate (a Monte Carlo for K-norm bodies) would run past the whole-run limit
            stdout.printf("  accuracy     not estimated: the --time-limit of %d s ran out (optimech inspect %s estimates it)%n", whole, out);
        } else {
            stdout.printf("  accuracy     %s (optimech inspect %s for every input or coordinate)%n",
                    org.optimech.runtime.accuracy.Accuracy.of(written, 0.05, progressOption.progress().counts(
                            "accuracy of " + out.getFileName() + " at beta 0.05 (Monte Carlo draws)")::report).describe(), out);
        }
        if (searched != null) {
            TargetArgs.print(stdout, searched);
            if (plotDir != null) {
                for (Path f : TargetArgs.plot(searched, plotDir)) {
                    stdout.println("wrote " + f);
                }
            }
        }
        stdout.flush();
        return 0;
    }

    /** --body-form, --numerics and --lattice-exponent, each refused by name. */
    private Designers.Options knormOptions(Designers.Options options) {
        KNormSpecs.BodyForm form;
        try {
            form = JsonName.parse(KNormSpecs.BodyForm.class, bodyForm);
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--body-form " + e.getMessage(), e);
        }
        if (!numerics.equals("idealized") && !numerics.equals("exact")) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--numerics must be idealized or exact. Provided value: " + numerics);
        }
        if (latticeExponent != null && (latticeExponent < -60 || latticeExponent > 60)) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--lattice-exponent must be in [-60, 60]. Provided value: " + latticeExponent);
        }
        boolean exact = numerics.equals("exact") || latticeExponent != null;
        KNormSpecs.Lattice lattice = !exact ? null : latticeExponent != null ? KNormSpecs.Lattice.of(latticeExponent) : KNormSpecs.Lattice.auto();
        return options.withBody(body).withBodyForm(form).withLattice(lattice)
                .withBodySearch(bodySearch ? GeneticBodySearch.Settings.seeded(seed == null ? 1 : seed) : null);
    }

    private MechanismSpec write(MechanismSpec spec, org.optimech.designer.common.Progress progress) {
        try {
            try (LoadSteps steps = new LoadSteps(progress, "verifying " + out.getFileName())) {
                return DesignSpecs.writeAndVerify(spec, out, steps);
            }
        } catch (IOException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, out + ": cannot write: " + e.getMessage(), e);
        } catch (InvalidSpecException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, "the runtime refused the spec just written (a designer bug; please report it): "
                    + e.getMessage(), e);
        }
    }
}
