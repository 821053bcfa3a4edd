package org.optimech.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.structural.StructuralDesign;

/** The human summaries the CLI prints. */
final class Summary {
    private Summary() {
    }

    static void design(PrintWriter out, Path problemFile, Path specFile, DiscreteDesign d, String digest, double writeSeconds, double totalSeconds) {
        DiscreteProblem p = d.problem();
        header(out, problemFile, specFile, p);
        DiscreteDesign.SolverRun s = d.solver();
        out.printf(java.util.Locale.ROOT, "  solver       %s (%s): %s, %d iterations, %.2f s; LP %d variables, %d rows, %d nonzeros%n", s.name(), s.description(), s.status(),
                s.iterations(), s.seconds(), d.lpVariables(), d.lpRows(), d.lpNonzeros());
        if (p.isPure()) {
            out.printf(java.util.Locale.ROOT, "  guarantee    pure epsilon-DP: certified epsilon = %s%s (checked exactly on the stored integers, denominator 2^%d)%n",
                    d.certifiedEpsilon().toPlainString(), lessThanRequested(d.certifiedEpsilon(), p.epsilon(), null), d.weights().denominatorBits());
        } else {
            out.printf(java.util.Locale.ROOT, "  guarantee    (epsilon, delta)-DP: certified delta = %s <= requested %s at epsilon %s (exact hockey-stick divergence of the stored integers, "
                    + "denominator 2^%d); largest mass on outputs that reveal the input: %.3g%n",
                    d.certifiedDelta(), p.delta(), d.certifiedEpsilon(), d.weights().denominatorBits(), d.maxRevealingMass());
        }
        for (String note : d.notes()) {
            out.printf(java.util.Locale.ROOT, "  note         %s%n", note);
        }
        org.optimech.designer.common.InputIgnored.warning(p, org.optimech.designer.common.InputIgnored.of(d.weights()), d.certifiedEpsilon())
                .ifPresent(w -> out.printf(java.util.Locale.ROOT, "  WARNING      %s%n", w));
        out.printf(java.util.Locale.ROOT, "  objective    %s risk of the stored mechanism = %s (the solver's value for its unrepaired solution: %.12g)%n", p.objective().json(),
                round(d.objectiveValue(), 12), d.solverObjective());
        DiscreteDesign.Certificate c = d.certificate();
        if (c.certified()) {
            out.printf(java.util.Locale.ROOT, "  optimality   certified: no mechanism meeting the request has lower risk than %s (relative gap %.2g, duals from %s)%n",
                    round(c.lowerBound(), 12), c.relativeGap(), c.dualSource());
        } else {
            out.printf(java.util.Locale.ROOT, "  optimality   NOT certified: %s%s%n", c.reason(), c.lowerBound() == null ? "" : " (bound " + round(c.lowerBound(), 8) + ")");
        }
        out.printf(java.util.Locale.ROOT, "  time         %.2f s total: build %.2f, solve %.2f, certify %.2f, write and verify %.2f%n", totalSeconds, d.secondsBuild(), d.secondsSolve(),
                d.secondsCertify(), writeSeconds);
        out.printf(java.util.Locale.ROOT, "  spec         %s (sha-256 %s), re-loaded and verified by the runtime%n", specFile, digest);
        out.flush();
    }

    static void structural(PrintWriter out, Path problemFile, Path specFile, StructuralDesign d, String digest, double writeSeconds, double totalSeconds) {
        DiscreteProblem p = d.problem();
        header(out, problemFile, specFile, p);
        int randomized = 0;
        for (int z = 0; z < d.remap().rows(); z++) {
            randomized += d.remap().width(z) > 1 ? 1 : 0;
        }
        out.printf(java.util.Locale.ROOT, "  method       structural: truncated geometric mechanism, then a %s remap (%s%s)%n",
                randomized == 0 ? "deterministic" : "randomized (" + randomized + " randomized rows)", d.engine(),
                d.iterations() > 0 ? ", " + d.iterations() + " column-generation rounds" : "");
        out.printf(java.util.Locale.ROOT, "  guarantee    pure epsilon-DP: certified epsilon = %s%s (exactly: geometric noise on the path graph, remap is post-processing; "
                + "sampled with exact integer arithmetic)%n", d.noiseEpsilon().toPlainString(), lessThanRequested(d.noiseEpsilon(), p.epsilon(),
                        "the request rounded down to a fraction the exact sampler takes"));
        org.optimech.designer.common.InputIgnored.warning(p, org.optimech.designer.common.InputIgnored.of(d.remap()), d.noiseEpsilon())
                .ifPresent(w -> out.printf(java.util.Locale.ROOT, "  WARNING      %s%n", w));
        out.printf(java.util.Locale.ROOT, "  objective    %s risk of the stored mechanism = %.12g%n", p.objective().json(), d.objectiveValue());
        StructuralDesign.Certificate c = d.certificate();
        if (c.certified()) {
            out.printf(java.util.Locale.ROOT, "  optimality   certified: no epsilon-DP mechanism has lower risk than %.12g (relative gap %.2g, %s)%n", c.lowerBound(), c.relativeGap(), c.kind());
        } else {
            out.printf(java.util.Locale.ROOT, "  optimality   NOT certified: %s%n", c.reason());
        }
        out.printf(java.util.Locale.ROOT, "  time         %.2f s total: design %.2f, risk and bound %.2f, write and verify %.2f%n", totalSeconds, d.secondsDesign(), d.secondsCertify(),
                writeSeconds);
        out.printf(java.util.Locale.ROOT, "  spec         %s (sha-256 %s), re-loaded and verified by the runtime%n", specFile, digest);
        out.flush();
    }

    /**
     * How a certified ε compares with the request: {@code " = requested"} or {@code " <= requested R (D less: why)"}, D the exact
     * difference. The designers never certify more than the request.
     */
    static String lessThanRequested(BigDecimal certified, BigDecimal requested, String why) {
        int c = certified.compareTo(requested);
        if (c == 0) {
            return " = requested";
        }
        return " <= requested " + requested.toPlainString() + " (" + requested.subtract(certified).stripTrailingZeros().toString() + " less"
                + (why == null ? "" : ": " + why) + ")";
    }

    private static void header(PrintWriter out, Path problemFile, Path specFile, DiscreteProblem p) {
        out.printf(java.util.Locale.ROOT, "optimech design %s -> %s%n", problemFile, specFile);
        String graph = p.neighbours().kind() == org.optimech.runtime.discrete.NeighbourGraph.Kind.EDGES
                ? p.neighbours().edgeCount() + " neighbour pairs" : p.neighbours().kind().json() + " neighbours";
        out.printf(java.util.Locale.ROOT, "  problem      %s%d inputs x %d outputs, %s, %s loss, %s prior, %s objective%n",
                p.name().isEmpty() ? "" : p.name() + ": ", p.inputCount(), p.outputCount(), graph,
                p.loss().name(), p.priorName(), p.objective().json());
        out.printf(java.util.Locale.ROOT, "  request      epsilon %s, delta %s, %s relation; %s%n", p.epsilon(), p.delta(), p.relation().json(), inputPolicy(p));
    }

    /** x to {@code digits} significant digits: plain when that is short, else in scientific notation (1.2345E-250). */
    static String round(BigDecimal x, int digits) {
        BigDecimal r = x.round(new java.math.MathContext(digits)).stripTrailingZeros();
        String plain = r.toPlainString();
        return plain.length() <= digits + 8 ? plain : r.toString();
    }

    static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    static String table(List<String[]> rows) {
        int cols = rows.get(0).length;
        int[] w = new int[cols];
        for (String[] r : rows) {
            for (int i = 0; i < cols; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            sb.append("  ");
            for (int i = 0; i < cols; i++) {
                sb.append(i + 1 < cols ? pad(r[i], w[i] + 2) : r[i]);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** What happens to values outside the inputs, in words. */
    static String inputPolicy(org.optimech.designer.problem.DiscreteProblem p) {
        switch (p.inputPolicy()) {
            case CLAMP:
                return "input policy clamp: integers outside the range take its nearest end";
            case DEFAULT:
                return "input policy default: values outside the inputs are released as \"" + p.inputs().valueAt(p.defaultInput()) + "\""
                        + (p.neighbours().kind() == org.optimech.runtime.discrete.NeighbourGraph.Kind.COMPLETE ? ""
                                : " (the guarantee covers a change from such a value to that input or its neighbours)");
            default:
                return "input policy " + p.inputPolicy().json();
        }
    }

    static void knorm(PrintWriter out, Path problemFile, Path specFile, org.optimech.designer.knorm.KNormComparison.Result r,
            org.optimech.runtime.spec.KNormSpec k, boolean bodyChosen, String digest, double totalSeconds) {
        out.printf(java.util.Locale.ROOT, "optimech design %s -> %s%n", problemFile, specFile);
        String stored = k.design().get("stored").orElseThrow().asString();
        String why = bodyChosen ? ", chosen with --body (" + r.criterion().json() + " selects " + r.selected().name() + ")"
                : stored.equals(r.selected().name()) ? ", selected by " + r.criterion().json()
                : ", the best candidate under " + r.criterion().json() + " with an exact lattice sampler (" + r.criterion().json() + " selects "
                        + r.selected().name() + ", which has none)";
        out.printf(java.util.Locale.ROOT, "  mechanism    K-norm, %d-dimensional statistic; body %s (%s)%s, noise dimension %d%n", k.dimension(), stored, k.bodyType(), why,
                k.noiseDimension());
        out.printf(java.util.Locale.ROOT, "  compared     %s%n", String.join("; ", r.candidates().stream().map(c -> String.format(java.util.Locale.ROOT, "%s trace %.6g (sensitivity %s)",
                c.name(), c.covarianceTrace(), Double.isNaN(c.sensitivityLower()) || c.sensitivityExact() ? String.format(java.util.Locale.ROOT, "%.12g",
                        c.sensitivity()) : String.format(java.util.Locale.ROOT, "in [%.12g, %.12g]", c.sensitivityLower(), c.sensitivity()))).toArray(String[]::new)));
        for (String s : r.skipped()) {
            out.printf(java.util.Locale.ROOT, "  not compared %s%n", s);
        }
        for (String s : r.failed()) {
            out.printf(java.util.Locale.ROOT, "  FAILED       %s%n", s);
        }
        knormGuarantee(out, k);
        if (k.sensitivityRechecked()) {
            out.printf(java.util.Locale.ROOT, "  sensitivity  %s%n", k.sensitivityCheck().replace("re-derived", "the runtime re-derives it at load"));
        } else {
            out.printf(java.util.Locale.ROOT, "  sensitivity  the designer's certified bound; the runtime cannot re-derive it (%s). To sample this spec, sign it (optimech keygen, "
                    + "optimech sign; then verify/sample --trusted-key NAME=FILE, RuntimePolicy.builder().trustKey(...)) or allow unchecked sensitivity "
                    + "explicitly (verify/sample --allow-unchecked-sensitivity, RuntimePolicy.builder().allowUncheckedSensitivity())%n", k.sensitivityCheck());
        }
        out.printf(java.util.Locale.ROOT, "  time         %.2f s%n", totalSeconds);
        out.printf(java.util.Locale.ROOT, "  spec         %s (sha-256 %s), re-loaded and verified by the runtime%n", specFile, digest);
        out.flush();
    }

    /** The guarantee line of a K-norm spec: exact on its lattice, or idealized floating-point noise. */
    private static void knormGuarantee(PrintWriter out, org.optimech.runtime.spec.KNormSpec k) {
        if (k.latticeNoise().isPresent()) {
            var l = k.latticeNoise().get();
            out.printf(java.util.Locale.ROOT, "  guarantee    pure epsilon-DP for the bits released: epsilon = %s, sensitivity %s; numerics exact (lattice 2^%d Z^%d, lattice "
                    + "sensitivity %s including the rounding, integer-arithmetic noise)%n", k.noiseEpsilon(), k.sensitivity(), l.exponent(), k.dimension(),
                    org.optimech.runtime.exact.Rational.of(k.noiseEpsilon()).divide(l.rate()));
        } else {
            out.printf(java.util.Locale.ROOT, "  guarantee    pure epsilon-DP over the reals: epsilon = %s, sensitivity %s; numerics idealized (floating-point noise: the runtime "
                    + "and CLI require an opt-in; --numerics exact releases on a lattice)%n", k.noiseEpsilon(), k.sensitivity());
        }
    }

    /** A K-norm mechanism for a structured statistic, its candidates compared in closed form. */
    static void structuredKnorm(PrintWriter out, Path problemFile, Path specFile, org.optimech.designer.structured.StructuredDesign s,
            org.optimech.runtime.spec.KNormSpec k, boolean bodyChosen, String digest, double totalSeconds) {
        out.printf(java.util.Locale.ROOT, "optimech design %s -> %s%n", problemFile, specFile);
        // an exact design may store another candidate than the comparison's pick (no certified exact sampler for it): name the
        // body the spec holds, and why
        var stored = s.candidates().stream().filter(c -> k.block().body().equals(c.body())).findFirst().orElse(s.stored());
        String choice = stored == s.stored() ? (!bodyChosen ? ", selected by " + s.criterion().json()
                : ", chosen with --body (" + s.criterion().json() + " selects " + s.selected().name() + ")")
                : ", stored instead of " + s.stored().name() + " (" + s.stored().describeBody() + "), which " + s.criterion().json() + " selects: "
                        + k.design().get("lattice_choice").flatMap(org.optimech.runtime.json.JsonValue::string).orElse("it has no exact sampler here");
        out.printf(java.util.Locale.ROOT, "  mechanism    K-norm, %d-dimensional structured statistic; body %s (%s)%s, noise dimension %d%n", k.dimension(), stored.name(),
                stored.describeBody(), choice, k.noiseDimension());
        out.printf(java.util.Locale.ROOT, "  hull         %s (%s)%n", s.hull(), s.hullExact() ? "the hull candidate is exact" : "the hull candidate is a certified outer body");
        out.printf(java.util.Locale.ROOT, "  compared     %s (moments in closed form; ratio = trace / per-coordinate Laplace at the l1 sensitivity)%n", String.join("; ",
                s.candidates().stream().map(c -> String.format(java.util.Locale.ROOT, "%s trace %.6g ratio %.4f", c.name(), c.trace(), c.laplaceRatio()))
                        .toArray(String[]::new)));
        for (String skipped : s.skipped()) {
            out.printf(java.util.Locale.ROOT, "  not compared %s%n", skipped);
        }
        knormGuarantee(out, k);
        out.printf(java.util.Locale.ROOT, "  sensitivity  %s%n", k.sensitivityRechecked() ? k.sensitivityCheck().replace("re-derived", "the runtime re-derives it at load")
                : "not re-derivable at load: " + k.sensitivityCheck());
        out.printf(java.util.Locale.ROOT, "  time         %.2f s%n", totalSeconds);
        out.printf(java.util.Locale.ROOT, "  spec         %s (sha-256 %s), re-loaded and verified by the runtime%n", specFile, digest);
        out.flush();
    }

    /** A Gaussian for a structured statistic at (epsilon, delta), compared with the K-norm bodies in closed form. */
    static void structuredGaussian(PrintWriter out, Path problemFile, Path specFile, org.optimech.designer.structured.StructuredDesign s,
            org.optimech.runtime.spec.EllipticGaussianSpec g, boolean bodyChosen, String digest, double totalSeconds) {
        out.printf(java.util.Locale.ROOT, "optimech design %s -> %s%n", problemFile, specFile);
        out.printf(java.util.Locale.ROOT, "  mechanism    %s, %d-dimensional structured statistic: covariance %s*(I - 11'/d) + %s*11'/d%s, trace %.6g%n", s.stored().describeBody(),
                g.dimension(), g.block().varianceAcross().toPlainString(), g.block().varianceAlong().toPlainString(), !bodyChosen ? ", selected by "
                        + s.criterion().json() : ", chosen with --body (" + s.criterion().json() + " selects " + s.selected().name() + ")", g.trace());
        out.printf(java.util.Locale.ROOT, "  compared     %s (closed form; ratio = trace / per-coordinate Laplace at the l1 sensitivity; K-norm bodies are pure epsilon-DP)%n",
                String.join("; ", s.candidates().stream().map(c -> String.format(java.util.Locale.ROOT, "%s trace %.6g ratio %.4f", c.name(), c.trace(),
                        c.laplaceRatio())).toArray(String[]::new)));
        for (String skipped : s.skipped()) {
            out.printf(java.util.Locale.ROOT, "  not compared %s%n", skipped);
        }
        out.printf(java.util.Locale.ROOT, "  guarantee    (epsilon, delta)-DP over the reals: (%s, %s) by the exact Gaussian profile at Mahalanobis sensitivity %s and unit noise; "
                + "numerics idealized (floating-point noise: the runtime and CLI require an opt-in)%n", g.certifiedEpsilon().toPlainString(),
                g.certifiedDelta().toPlainString(), g.sensitivity().toPlainString());
        out.printf(java.util.Locale.ROOT, "  sensitivity  %s%n", g.sensitivityRechecked() ? g.sensitivityCheck().replace("re-derived", "the runtime re-derives it at load")
                : "not re-derivable at load: " + g.sensitivityCheck());
        out.printf(java.util.Locale.ROOT, "  time         %.2f s%n", totalSeconds);
        out.printf(java.util.Locale.ROOT, "  spec         %s (sha-256 %s), re-loaded and verified by the runtime%n", specFile, digest);
        out.flush();
    }

    /** A classical mechanism compiled to a certified table. */
    static void classical(PrintWriter out, Path problemFile, Path specFile, org.optimech.designer.DesignMethod method,
            org.optimech.runtime.spec.DiscreteMechanismSpec written, String digest) {
        out.printf(java.util.Locale.ROOT, "optimech design %s -> %s%n", problemFile, specFile);
        out.printf(java.util.Locale.ROOT, "  mechanism    %s: %s%n", method.json(), written.design().get("formula").orElseThrow().asString());
        out.printf(java.util.Locale.ROOT, "  guarantee    pure epsilon-DP: certified epsilon = %s%s (checked exactly on the stored integers, %s neighbours)%n",
                written.privacy().certifiedEpsilon().toPlainString(), lessThanRequested(written.privacy().certifiedEpsilon(), written.privacy().epsilon(), null),
                written.privacy().neighbours().kind().json());
        written.design().get("objective_value").ifPresent(v -> out.printf(java.util.Locale.ROOT, "  objective    %s risk of the stored mechanism = %s (not optimised)%n",
                written.design().get("objective").orElseThrow().asString(), org.optimech.runtime.json.JsonWriter.compact(v)));
        out.printf(java.util.Locale.ROOT, "  spec         %s (sha-256 %s), re-loaded and verified by the runtime%n", specFile, digest);
        out.flush();
    }

    /** A function release (kernel density estimate on a grid with Gaussian-process noise). */
    static void function(PrintWriter out, Path problemFile, Path specFile, org.optimech.designer.Design.Function d, String digest) {
        org.optimech.designer.problem.FunctionProblem k = d.problem();
        org.optimech.runtime.spec.GaussianProcessSpec written = d.spec();
        out.printf(java.util.Locale.ROOT, "optimech design %s -> %s%n", problemFile, specFile);
        out.printf(java.util.Locale.ROOT, "  mechanism    gaussian-process: KDE on %d grid points in [%s, %s], %s covariance kernel, bandwidth %s, jitter %s%n", k.gridPoints(), k.lo(),
                k.hi(), k.kernel().json(), k.bandwidth(), written.jitter());
        out.printf(java.util.Locale.ROOT, "  sensitivity  RKHS Delta = %s (closed form, n = %d)%n", written.sensitivity(), k.n());
        out.printf(java.util.Locale.ROOT, "  guarantee    (epsilon, delta)-DP over the reals: (%s, %s); noise scale s = c*Delta/epsilon = %s with c = %.6g (%s calibration); "
                + "numerics idealized%n", written.certifiedEpsilon(), written.certifiedDelta(), written.noiseScale(), d.release().c(), k.calibration().json());
        out.printf(java.util.Locale.ROOT, "  spec         %s (sha-256 %s), re-loaded and verified by the runtime%n", specFile, digest);
        out.flush();
    }
}
