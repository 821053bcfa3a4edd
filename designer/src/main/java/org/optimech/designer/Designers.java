package org.optimech.designer;

import java.time.Instant;
import java.util.Objects;
import org.optimech.designer.common.Deadline;
import org.optimech.designer.common.DesignException;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.common.Progress;
import org.optimech.designer.discrete.ClassicalMechanisms;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.discrete.DiscreteDesigner;
import org.optimech.designer.functions.KdeRelease;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.designer.knorm.KNormDesigner;
import org.optimech.designer.lp.LpBackends;
import org.optimech.designer.lp.LpException;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.FunctionProblem;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.Problem;
import org.optimech.designer.spec.DesignSpecs;
import org.optimech.designer.spec.KNormSpecs;
import org.optimech.designer.structural.StructuralDesign;
import org.optimech.designer.structural.StructuralDesigner;
import org.optimech.designer.structured.StructuredDesign;
import org.optimech.designer.structured.StructuredDesigner;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.KNormSpec;

/**
 * The front door for design: any {@link Problem} in, a {@link Design} (the spec and the report of how it was designed)
 * out. The routing lives here and only here: the CLI, the examples and Spark jobs call it.
 *
 * <pre>{@code
 * Problem problem = Problems.read(Path.of("problem.json"));
 * Design design = Designers.design(problem, Designers.Options.defaults());
 * DesignSpecs.writeAndVerify(design.spec(), Path.of("spec.json"));
 * }</pre>
 */
public final class Designers {
    private Designers() {
    }

    /** An option that does not apply to the problem given (a method for a K-norm problem, a body that was not a candidate, a lattice for a body with no exact lattice sampler). */
    public static final class OptionException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        OptionException(String message) {
            super(message);
        }

        OptionException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * How to design.
     *
     * @param solving discrete problems: the LP backend, time limit and certification tolerances; null for the defaults with the
     *     automatic backend, resolved when a discrete problem is designed (so other kinds never load the native solver)
     * @param method discrete problems: the method ({@link DesignMethod#AUTO} picks structural where it applies)
     * @param body K-norm problems: the candidate body to store, or null for the one the problem's criterion selects
     * @param bodyForm K-norm problems: how a polytope body is stored
     * @param lattice K-norm problems: the lattice of exact numerics, or null for idealized (floating-point) numerics
     * @param progress receives stage lines (and heartbeats during long solves)
     * @param timeLimit the whole run's time limit, or null for none: K-norm stages share it and stop at it keeping their certified
     *     bounds (candidates that could not start are reported as not compared); a discrete design's every LP solve is clamped
     *     to what remains of it (the per-solve limit is {@code solving.timeLimit()})
     * @param bodySearch K-norm problems with a polynomial statistic: the genetic body search for the {@code search} candidate
     *     (its seed and size), or null for off (the default: it spends part of the time limit on a heuristic, so a user asks for it)
     */
    public record Options(DesignOptions solving, DesignMethod method, String body, KNormSpecs.BodyForm bodyForm, KNormSpecs.Lattice lattice, Progress progress,
            java.time.Duration timeLimit, org.optimech.designer.knorm.GeneticBodySearch.Settings bodySearch) {
        public Options {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(bodyForm, "bodyForm");
            Objects.requireNonNull(progress, "progress");
            if (timeLimit != null && (timeLimit.isZero() || timeLimit.isNegative())) {
                throw new IllegalArgumentException("time limit must be > 0. Provided value: " + timeLimit);
            }
        }

        /** Options without the genetic body search. */
        public Options(DesignOptions solving, DesignMethod method, String body, KNormSpecs.BodyForm bodyForm, KNormSpecs.Lattice lattice, Progress progress,
                java.time.Duration timeLimit) {
            this(solving, method, body, bodyForm, lattice, progress, timeLimit, null);
        }

        /** The same options with the genetic body search on (its settings) or off (null). */
        public Options withBodySearch(org.optimech.designer.knorm.GeneticBodySearch.Settings s) {
            return new Options(solving, method, body, bodyForm, lattice, progress, timeLimit, s);
        }

        /** Options without a whole-run time limit. */
        public Options(DesignOptions solving, DesignMethod method, String body, KNormSpecs.BodyForm bodyForm, KNormSpecs.Lattice lattice, Progress progress) {
            this(solving, method, body, bodyForm, lattice, progress, null);
        }

        /** The same options with a whole-run time limit (null: none). */
        public Options withTimeLimit(java.time.Duration limit) {
            return new Options(solving, method, body, bodyForm, lattice, progress, limit, bodySearch);
        }

        /** The automatic LP backend (CLP where OR-Tools loads, else ojAlgo), method auto, the selected body as a triangulation, idealized numerics, no progress lines. */
        public static Options defaults() {
            return of(null);
        }

        /** Defaults with these solving options (null: the defaults with the automatic backend). */
        public static Options of(DesignOptions solving) {
            return new Options(solving, DesignMethod.AUTO, null, KNormSpecs.BodyForm.TRIANGULATION, null, Progress.silent());
        }

        public Options withMethod(DesignMethod m) {
            return new Options(solving, m, body, bodyForm, lattice, progress, timeLimit, bodySearch);
        }

        public Options withBody(String b) {
            return new Options(solving, method, b, bodyForm, lattice, progress, timeLimit, bodySearch);
        }

        public Options withBodyForm(KNormSpecs.BodyForm f) {
            return new Options(solving, method, body, f, lattice, progress, timeLimit, bodySearch);
        }

        public Options withLattice(KNormSpecs.Lattice l) {
            return new Options(solving, method, body, bodyForm, l, progress, timeLimit, bodySearch);
        }

        public Options withProgress(Progress p) {
            return new Options(solving, method, body, bodyForm, lattice, p, timeLimit, bodySearch);
        }

        /** Whether any K-norm option differs from its default. */
        boolean knormOptionsSet() {
            return body != null || bodyForm != KNormSpecs.BodyForm.TRIANGULATION || lattice != null || bodySearch != null;
        }
    }

    /**
     * Designs a problem of any kind, certifies the numbers to be stored and builds the spec through the runtime's checks.
     *
     * @throws InvalidProblemException when the problem cannot be designed as given (for example a K-norm statistic whose
     *     adjacent output space is only the origin); the pointer names the field
     * @throws DesignException when the design fails (a solver fails or times out, no certificate is reached, the runtime
     *     refuses the numbers built)
     * @throws OptionException for options that do not apply to the problem (a method for a K-norm problem, a body that was
     *     not a candidate, a lattice for a body without an exact lattice sampler); the message says which
     * @throws DesignMethod.NotApplicableException for the structural method where it does not apply
     */
    public static Design design(Problem problem, Options options) throws InvalidProblemException, DesignException {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(options, "options");
        Deadline deadline = Deadline.after(options.timeLimit());
        // the problem's visitor routes it: a new problem kind does not compile until it is routed
        Route route = problem.accept(new Problem.Visitor<Route>() {
            @Override
            public Route visit(DiscreteProblem discrete) {
                requireNoKNormOptions(discrete, options);
                return () -> Designers.discrete(discrete, options, deadline);
            }

            @Override
            public Route visit(KNormProblem knorm) {
                requireNoMethod(knorm, options);
                return () -> Designers.knorm(knorm, options, deadline);
            }

            @Override
            public Route visit(FunctionProblem function) {
                requireNoMethod(function, options);
                requireNoKNormOptions(function, options);
                return () -> Designers.function(function);
            }
        });
        try {
            return route.design();
        } catch (InvalidSpecException e) {
            throw new DesignException("the runtime refuses the spec built for this problem: " + e.getMessage(), e);
        }
    }

    /** One problem kind's design path, chosen by the problem's visitor and run with the checked exceptions of design. */
    @FunctionalInterface
    private interface Route {
        Design design() throws InvalidProblemException, DesignException, InvalidSpecException;
    }

    private static void requireNoMethod(Problem problem, Options options) {
        if (options.method() != DesignMethod.AUTO) {
            throw new OptionException("method applies to discrete problems only; this is a " + problem.kind() + " problem. Provided value: "
                    + options.method().json());
        }
    }

    private static void requireNoKNormOptions(Problem problem, Options options) {
        if (options.knormOptionsSet()) {
            throw new OptionException("body, body form, lattice and body search apply to K-norm problems only; this is a " + problem.kind() + " problem");
        }
    }

    private static Design discrete(DiscreteProblem problem, Options options, Deadline deadline) throws DesignException, InvalidSpecException {
        Progress progress = options.progress();
        if (!options.method().optimises()) {
            JsonObject provenance = DesignSpecs.provenance(Instant.now());
            try {
                return new Design.Classical(problem, options.method(), options.method() == DesignMethod.EXPONENTIAL
                        ? ClassicalMechanisms.exponential(problem, provenance) : ClassicalMechanisms.randomizedResponse(problem, provenance));
            } catch (IllegalArgumentException e) {
                throw new OptionException("method " + options.method().json() + ": " + e.getMessage(), e);
            }
        }
        DesignOptions solving; // resolved only here: a classical mechanism needs no LP backend (and loads no native solver)
        try {
            solving = options.solving() != null ? options.solving() : DesignOptions.defaults(LpBackends.byName("auto"));
        } catch (LpException e) {
            throw new DesignException("no LP backend: " + e.getMessage(), e);
        }
        // each solve keeps its own limit, clamped to what the whole run has left
        solving = solving.withTimeLimit(deadline.clamp(solving.timeLimit()));
        progress.stage("problem" + (problem.name().isEmpty() ? "" : " " + problem.name()) + ": " + problem.inputCount() + " inputs x " + problem.outputCount()
                + " outputs, epsilon " + problem.epsilon() + (problem.isPure() ? "" : ", delta " + problem.delta()) + ", " + problem.objective().json()
                + "; backend " + solving.solver().name());
        DesignMethod.Choice choice = options.method().choose(problem);
        progress.stage(choice.explanation());
        if (choice.structural()) {
            StructuralDesign design = new StructuralDesigner(solving, progress).design(problem);
            return new Design.Structural(problem, design, DesignSpecs.toSpec(design, Instant.now()));
        }
        DiscreteDesign design = new DiscreteDesigner(solving, progress).design(problem);
        return new Design.Lp(problem, design, DesignSpecs.toSpec(design, Instant.now()));
    }

    private static Design knorm(KNormProblem problem, Options options, Deadline deadline) throws InvalidProblemException, InvalidSpecException,
            DesignException {
        if (options.body() != null && !problem.candidates().contains(options.body())) {
            throw new OptionException("body must be one of the problem's candidates (" + String.join(", ", problem.candidates()) + "). Provided value: "
                    + options.body());
        }
        options.progress().stage("problem" + (problem.name().isEmpty() ? "" : " " + problem.name()) + ": K-norm, " + problem.dimension()
                + "-dimensional statistic (" + problem.describeStatistic() + "), epsilon " + problem.epsilon().toPlainString());
        if (StructuredDesigner.applies(problem)) {
            if (options.bodyForm() != KNormSpecs.BodyForm.TRIANGULATION) {
                throw new OptionException("a structured statistic (" + problem.statistic().structured().orElseThrow().form() + ") stores its bodies by their "
                        + "parameters: a body form does not apply");
            }
            StructuredDesign s = StructuredDesigner.compare(problem, options.body(), options.progress()::stage);
            if (options.lattice() != null) {
                try {
                    return new Design.StructuredKNorm(problem, s, StructuredDesigner.toLatticeSpec(problem, s, options.body() != null, options.lattice(),
                            Instant.now()));
                } catch (IllegalArgumentException e) {
                    throw new OptionException(e.getMessage(), e);
                }
            }
            if (s.stored().gaussian() != null) {
                return new Design.StructuredGaussian(problem, s, StructuredDesigner.toGaussianSpec(problem, s, Instant.now()));
            }
            return new Design.StructuredKNorm(problem, s, StructuredDesigner.toSpec(problem, s, Instant.now()));
        }
        // a fifth of the limit (at most 5 s) is held back for the spec: building it re-proves the stored certificate
        KNormComparison.Result r = KNormDesigner.compare(problem, options.progress(), deadline.holdingBack(0.2, java.time.Duration.ofSeconds(5)), true,
                options.body(), options.bodySearch());
        if (r.selected() == null) {
            throw new DesignException("every candidate failed, so there is no body to store: " + String.join("; ", r.failed()));
        }
        for (String f : r.failed()) {
            if (options.body() != null && f.startsWith(options.body() + ": ")) {
                throw new DesignException("the chosen body failed: " + f);
            }
        }
        if (options.body() != null && r.candidates().stream().noneMatch(c -> c.name().equals(options.body()))) {
            // the named body could not be built for this statistic (search over a lower-dimensional S_T, a hull past its budget)
            String why = r.skipped().stream().filter(s -> s.startsWith(options.body() + ":")).findFirst().orElse(options.body() + ": not compared");
            throw new InvalidProblemException("/candidates", "the body chosen to be stored cannot be designed for this statistic: " + why);
        }
        requireNormalScale(problem, r);
        KNormSpec spec;
        try {
            spec = KNormSpecs.toSpec(problem, r, options.body(), options.bodyForm(), options.lattice(), Instant.now());
        } catch (IllegalArgumentException e) {
            // the body, its form or the lattice cannot be stored as asked (a lattice for l2, a half-space form accepting too rarely)
            throw new OptionException(e.getMessage(), e);
        }
        return new Design.KNorm(problem, r, spec);
    }

    /**
     * Refuses an ε (or a statistic's scale) at which a candidate's noise scale Δ/ε leaves the range the
     * runtime loads ({@link KNormSpec#MAX_NOISE_SCALE_EXPONENT}), or its second moments leave the doubles: the
     * design block could not state them (it failed with "JSON cannot represent Infinity" at ε = 1e-275).
     */
    private static void requireNormalScale(KNormProblem problem, KNormComparison.Result r) throws InvalidProblemException {
        double epsilon = problem.epsilon().doubleValue();
        int limit = KNormSpec.MAX_NOISE_SCALE_EXPONENT;
        for (org.optimech.designer.knorm.CandidateReport c : r.candidates()) {
            double scale = c.sensitivity() / epsilon;
            boolean normal = scale <= Math.scalb(1.0, limit) && scale >= Math.scalb(1.0, -limit) && Double.isFinite(c.covarianceTrace()) && c.covarianceTrace() > 0
                    && Double.isFinite(c.worstDirectionVariance()) && java.util.Arrays.stream(c.varianceDiagonal()).allMatch(Double::isFinite);
            if (!normal) {
                throw new InvalidProblemException("/epsilon", String.format(java.util.Locale.ROOT, "gives candidate %s the noise scale sensitivity/epsilon = %.3g "
                        + "(covariance trace %.3g): the runtime releases K-norm noise only for scales in [2^-%d, 2^%d], where noise and releases "
                        + "stay normal doubles; rescale the statistic or choose another epsilon. Provided value: %s", c.name(), scale,
                        c.covarianceTrace(), limit, limit, problem.epsilon()));
            }
        }
    }

    private static Design function(FunctionProblem problem) throws DesignException, InvalidSpecException {
        KdeRelease release = new KdeRelease(problem);
        try {
            return new Design.Function(problem, release, release.toSpec(release.designBlock(), DesignSpecs.provenance(Instant.now())));
        } catch (IllegalStateException e) {
            throw new DesignException(e.getMessage(), e);
        }
    }
}
