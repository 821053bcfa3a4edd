package org.optimech.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.ProblemParser;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.json.JsonWriter;
import org.optimech.runtime.discrete.Remap;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.PrivacyGuarantee;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code optimech inspect SPEC.json}: a human summary. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Validates a spec and summarises it: guarantee, design, risk per input (recomputed from the stored weights), the matrix if small.")
final class InspectCommand implements Callable<Integer> {
    /** Structural specs list the risk of at most this many inputs (the design block lists them all). */
    static final int MAX_LISTED_RISKS = 1000;

    @Parameters(index = "0", paramLabel = "SPEC.json")
    Path file;

    @Option(names = "--max-matrix", defaultValue = "12", paramLabel = "N", description = "Print the matrix when it has at most N rows and columns. Default: ${DEFAULT-VALUE}.")
    int maxMatrix;

    @Option(names = "--beta", defaultValue = "0.05", paramLabel = "B",
            description = "Accuracy at failure probability B: every interval holds with probability at least 1 - B. Default: ${DEFAULT-VALUE} (95%%).")
    double beta;

    @Option(names = "--max-rows", defaultValue = "45", paramLabel = "N",
            description = "Print the accuracy of at most N inputs or coordinates (the first and last beyond that). Default: ${DEFAULT-VALUE}.")
    int maxRows;

    @Option(names = "--plot", paramLabel = "DIR", description = "Also write DIR/accuracy.csv, .png and .svg: the error's interval, quartiles and median per "
            + "input (discrete), or each coordinate's bound (vector releases).")
    Path plotDir;

    @Option(names = "--at-epsilon", paramLabel = "FROM:TO:STEP",
            description = "What-if: the accuracy at each epsilon of a grid (or a comma list), the spec's recorded problem designed again there (discrete), "
                    + "or its noise rescaled (K-norm) or recalibrated (Gaussian process).")
    String atEpsilon;

    @picocli.CommandLine.Mixin
    ProgressOption progressOption = new ProgressOption();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        // inspect shows a spec whose sensitivity could not be re-derived too, and says so; sample and verify require the allowance
        MechanismSpec loaded = SpecFiles.loadSpec(file, org.optimech.runtime.spec.RuntimePolicy.builder().allowUncheckedSensitivity().build(), progressOption);
        AccuracyReport.beta(beta);
        int code = summary(out, loaded);
        org.optimech.runtime.accuracy.Accuracy accuracy = progressOption.progress().running("accuracy of " + file.getFileName() + " at beta " + beta, 5,
                () -> org.optimech.runtime.accuracy.Accuracy.of(loaded, beta, progressOption.progress().counts(
                        "  Monte Carlo draws of the noise")::report));
        AccuracyReport.print(out, accuracy, maxRows);
        if (atEpsilon != null) {
            whatIf(out, loaded);
        }
        if (plotDir != null) {
            try {
                for (Path f : org.optimech.cli.plot.AccuracyChart.write(accuracy, file.getFileName().toString(), plotDir)) {
                    out.println("wrote " + f);
                }
            } catch (java.io.IOException e) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, plotDir + ": cannot write: " + e.getMessage(), e);
            }
        }
        out.flush();
        return code;
    }

    /** --at-epsilon: the accuracy at each epsilon of the grid. */
    private void whatIf(PrintWriter out, MechanismSpec loaded) {
        org.optimech.designer.sweep.EpsilonGrid grid;
        try {
            grid = org.optimech.designer.sweep.EpsilonGrid.parse(atEpsilon);
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--at-" + e.getMessage(), e);
        }
        List<org.optimech.designer.target.EpsilonWhatIf.Row> rows;
        try {
            rows = org.optimech.designer.target.EpsilonWhatIf.of(loaded, grid, beta, DesignArgs.options("auto", 3600),
                    progressOption.progress());
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, file + ": --at-epsilon: " + e.getMessage(), e);
        }
        String conf = AccuracyReport.percent(1 - beta);
        List<String[]> table = new ArrayList<>();
        boolean vector = rows.stream().anyMatch(r -> r.accuracy() != null && r.accuracy().match(d -> false, v -> true));
        table.add(vector ? new String[] {"epsilon", "widest coordinate (" + conf + ")", "all at once", "l2", "how"}
                : new String[] {"epsilon", "error in (" + conf + ")", "|error| <=", "min P(exact)", "risk", "how"});
        for (org.optimech.designer.target.EpsilonWhatIf.Row r : rows) {
            String e = r.epsilon().toPlainString();
            if (!r.ok()) {
                table.add(vector ? new String[] {e, "failed", "", "", r.note()} : new String[] {e, "failed", "", "", "", r.note()});
            } else {
                table.add(r.accuracy().match(d -> {
                    org.optimech.runtime.accuracy.DiscreteAccuracy.InputAccuracy w = d.worst();
                    return new String[] {e, d.numeric() ? "[" + AccuracyReport.signed(w.lowerError()) + ", " + AccuracyReport.signed(w.upperError()) + "]" : "-",
                        d.numeric() ? AccuracyReport.abs(w.absoluteError()) : "-", AccuracyReport.fmt(w.probabilityExact()), AccuracyReport.fmt(r.risk()), r.note()};
                }, v -> {
                    return new String[] {e, v.widest().toString(), v.simultaneous().toString(), v.l2().toString(), r.note()};
                }));
            }
        }
        out.printf(java.util.Locale.ROOT, "what-if over epsilon (%s; each row's mechanism is made at that epsilon as its last column says, not the stored one):%n",
                vector ? "widest coordinate" : "worst input");
        out.print(Summary.table(table));
    }

    private int summary(PrintWriter out, MechanismSpec loaded) {
        return loaded.accept(new MechanismSpec.Visitor<Integer>() {
            @Override
            public Integer visit(DiscreteMechanismSpec table) {
                return table(out, table);
            }

            @Override
            public Integer visit(GeometricRemapSpec geometricRemap) {
                return geometric(out, geometricRemap);
            }

            @Override
            public Integer visit(KNormSpec knorm) {
                return knorm(out, knorm);
            }

            @Override
            public Integer visit(org.optimech.runtime.spec.GaussianProcessSpec gaussianProcess) {
                return function(out, gaussianProcess);
            }

            @Override
            public Integer visit(org.optimech.runtime.spec.EllipticGaussianSpec ellipticGaussian) {
                return ellipticGaussian(out, ellipticGaussian);
            }
        });
    }

    private int function(PrintWriter out, org.optimech.runtime.spec.GaussianProcessSpec g) {
        out.printf(java.util.Locale.ROOT, "spec         %s (valid: digest, calibration re-checked, covariance factored)%n", file);
        out.printf(java.util.Locale.ROOT, "mechanism    %s: %d grid points in [%s, %s], %s kernel (bandwidth %s), jitter %s, noise scale %s%n",
                org.optimech.runtime.spec.GaussianProcessSpec.KIND, g.grid().length, g.grid()[0], g.grid()[g.grid().length - 1], g.kernel(), g.bandwidth(),
                g.jitter(), g.noiseScale());
        out.printf(java.util.Locale.ROOT, "guarantee    approximate-dp: certified (%s, %s) (requested %s, %s); %s relation, %s calibration, numerics idealized%n", g.certifiedEpsilon(),
                g.certifiedDelta(), g.epsilon(), g.delta(), g.relation().json(), g.calibration());
        out.printf(java.util.Locale.ROOT, "sensitivity  RKHS Delta = %s: %s%n", g.sensitivity(), text(g.design(), "sensitivity_derivation").orElse("(no derivation recorded)"));
        out.printf(java.util.Locale.ROOT, "re-checked   %s%n", (g.sensitivityRechecked() ? "yes: " : "NO (sampling needs a trusted signature or --allow-unchecked-sensitivity): ")
                + g.sensitivityCheck());
        out.printf(java.util.Locale.ROOT, "provenance   %s%n", JsonWriter.compact(g.provenance()));
        out.flush();
        return 0;
    }

    private int ellipticGaussian(PrintWriter out, org.optimech.runtime.spec.EllipticGaussianSpec g) {
        out.printf(java.util.Locale.ROOT, "spec         %s (valid: digest, calibration re-checked%s)%n", file, g.sensitivityRechecked() ? ", Mahalanobis sensitivity re-derived exactly" : "");
        out.printf(java.util.Locale.ROOT, "mechanism    %s: %d-dimensional statistic, covariance %s*(I - 11'/d) + %s*11'/d (%s), trace %.6g%n",
                org.optimech.runtime.spec.EllipticGaussianSpec.KIND, g.dimension(), g.block().varianceAcross().toPlainString(),
                g.block().varianceAlong().toPlainString(), g.block().spherical() ? "spherical" : "elliptic", g.trace());
        out.printf(java.util.Locale.ROOT, "guarantee    approximate-dp: certified (%s, %s) (requested %s, %s); %s relation, analytic calibration at Mahalanobis sensitivity %s, "
                + "numerics idealized%n", g.certifiedEpsilon(), g.certifiedDelta(), g.epsilon(), g.delta(), g.relation().json(), g.sensitivity().toPlainString());
        out.printf(java.util.Locale.ROOT, "sensitivity  %s%n", g.sensitivityRechecked() ? g.sensitivityCheck()
                : "NOT re-checked at load (sampling needs a trusted signature or --allow-unchecked-sensitivity): " + g.sensitivityCheck());
        out.printf(java.util.Locale.ROOT, "design       %s; criterion %s selects %s, stored %s%n", text(g.design(), "method").orElse("-"), text(g.design(), "criterion").orElse("-"),
                text(g.design(), "selected").orElse("-"), text(g.design(), "stored").orElse("-"));
        out.printf(java.util.Locale.ROOT, "provenance   %s%n", JsonWriter.compact(g.provenance()));
        out.flush();
        return 0;
    }

    private int table(PrintWriter out, DiscreteMechanismSpec s) {
        PrivacyGuarantee p = s.privacy();
        WeightTable w = s.weights();
        out.printf(java.util.Locale.ROOT, "spec         %s (valid: digest, shapes, exact row sums and privacy re-checked)%n", file);
        out.printf(java.util.Locale.ROOT, "mechanism    %s, %d inputs x %d outputs, weights over 2^%d%s%n", DiscreteMechanismSpec.KIND, w.rows(), w.cols(), w.denominatorBits(),
                w.fitsInLong() ? " (64-bit sampler)" : " (big-integer rows)");
        out.printf(java.util.Locale.ROOT, "guarantee    %s: certified epsilon %s, certified delta %s (requested %s, %s); %s neighbours, %s relation, numerics %s, input policy %s%n",
                p.guaranteeName(), p.certifiedEpsilon(), p.certifiedDelta(), p.epsilon(), p.delta(), p.neighbours().kind().json(),
                p.relation().json(), p.numerics().json(), inputPolicy(s));
        JsonObject design = s.design();
        out.printf(java.util.Locale.ROOT, "design       %s objective %s, solver %s, optimality %s%n", text(design, "objective").orElse("(none recorded)"),
                text(design, "objective_value").orElse("-"),
                design.get("solver").flatMap(JsonValue::object).flatMap(v -> text(v, "backend")).orElse("-"),
                optimality(design));
        warnings(out, s.design());
        out.printf(java.util.Locale.ROOT, "provenance   %s%n", JsonWriter.compact(s.provenance()));

        Optional<DiscreteProblem> problem = problemOf(design);
        if (problem.isPresent() && problem.get().inputCount() == w.rows() && problem.get().outputCount() == w.cols()) {
            DiscreteProblem pr = problem.get();
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"input", "risk", "P(output = input)"});
            for (int i = 0; i < w.rows(); i++) {
                double risk = 0;
                for (int j = 0; j < w.cols(); j++) {
                    risk += pr.loss().at(i, j) * w.probability(i, j);
                }
                int same = s.outputs().indexOf(s.inputs().valueAt(i)).orElse(-1);
                rows.add(new String[] {s.inputs().valueAt(i), String.format(java.util.Locale.ROOT, "%.6g", risk), same < 0 ? "-" : String.format(java.util.Locale.ROOT, "%.6g", w.probability(i, same))});
            }
            out.printf(java.util.Locale.ROOT, "risk per input (%s loss, from the stored weights):%n", pr.loss().name());
            out.print(Summary.table(rows));
        } else {
            out.println("risk per input: the spec records no design.problem this tool can read");
        }
        if (w.rows() <= maxMatrix && w.cols() <= maxMatrix) {
            List<String[]> rows = new ArrayList<>();
            String[] head = new String[w.cols() + 1];
            head[0] = "P(out|in)";
            for (int j = 0; j < w.cols(); j++) {
                head[j + 1] = s.outputs().valueAt(j);
            }
            rows.add(head);
            for (int i = 0; i < w.rows(); i++) {
                String[] r = new String[w.cols() + 1];
                r[0] = s.inputs().valueAt(i);
                for (int j = 0; j < w.cols(); j++) {
                    r[j + 1] = String.format(java.util.Locale.ROOT, "%.4f", w.probability(i, j));
                }
                rows.add(r);
            }
            out.println("matrix (rows: inputs, columns: outputs):");
            out.print(Summary.table(rows));
        } else {
            out.printf(java.util.Locale.ROOT, "matrix: %d x %d, larger than --max-matrix %d; not printed%n", w.rows(), w.cols(), maxMatrix);
        }
        out.flush();
        return 0;
    }

    private int knorm(PrintWriter out, KNormSpec k) {
        out.printf(java.util.Locale.ROOT, "spec         %s (valid: digest, body convexity and tiling%s)%n", file, k.sensitivityRechecked() ? ", sensitivity re-derived exactly" : "");
        out.printf(java.util.Locale.ROOT, "mechanism    %s: %d-dimensional statistic, %s body in %d noise dimensions%s; sensitivity %s, noise epsilon %s%n", KNormSpec.KIND,
                k.dimension(), k.bodyType(), k.noiseDimension(), k.noiseDimension() < k.dimension() ? " (a subspace: ERRATA K12)" : "", k.sensitivity(),
                k.noiseEpsilon());
        out.printf(java.util.Locale.ROOT, "guarantee    pure-dp: certified epsilon %s (requested %s); %s relation, numerics %s%n", k.certifiedEpsilon(), k.epsilon(), k.relation().json(),
                k.latticeNoise().map(l -> "exact (lattice 2^" + l.exponent() + " Z^" + k.dimension() + ", noise proportional to exp(-" + l.rate()
                        + " ||z||_K) in lattice units, sampled with integer arithmetic)").orElse("idealized (floating point; the caller must opt in)"));
        if (k.latticeNoise().isEmpty()) {
            try {
                // at the spacing design --numerics exact would choose: the loader's reason if it would refuse it there
                int e = org.optimech.designer.spec.KNormSpecs.autoExponent(k.sensitivity(), org.optimech.runtime.spec.KNormSpec.latticeRoundingTerm(k.block()));
                org.optimech.runtime.spec.KNormSpec.latticeRefusal(k.block(), e).ifPresent(reason -> out.printf(
                        "exact        not available at this dimension and k (automatic spacing 2^%d): %s%n", e, reason));
            } catch (org.optimech.runtime.spec.InvalidSpecException idealizedOnly) {
                // the loader's own reason (e.g. the permutohedron): this body can only be released idealized
                out.printf(java.util.Locale.ROOT, "exact        not available for this body: %s%n", idealizedOnly.detail());
            }
        }
        out.printf(java.util.Locale.ROOT, "sensitivity  %s%n", k.sensitivityRechecked() ? k.sensitivityCheck()
                : "NOT re-checked at load (sampling needs a trusted signature or --allow-unchecked-sensitivity): " + k.sensitivityCheck());
        if (k.pointSource().isPresent()) {
            out.printf(java.util.Locale.ROOT, "stored points %d adjacent points (%s), each with its negative, have gauge <= sensitivity (largest %s)%n", k.pointCount(),
                    k.pointSource().get().json(), k.largestPointGauge().orElseThrow());
        }
        JsonObject design = k.design();
        out.printf(java.util.Locale.ROOT, "design       %s; criterion %s selects %s, stored %s%n", text(design, "method").orElse("-"), text(design, "criterion").orElse("-"),
                text(design, "selected").orElse("-"), text(design, "stored").orElse("-"));
        Optional<org.optimech.runtime.json.JsonArray> candidates = design.get("candidates").flatMap(JsonValue::array);
        if (candidates.isPresent()) {
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"candidate", "sensitivity", "trace Cov", "worst variance", "volume"});
            for (JsonValue v : candidates.get().elements()) {
                v.object().ifPresent(c -> rows.add(new String[] {text(c, "name").orElse("?"), text(c, "sensitivity").orElse("-"),
                    text(c, "covariance_trace").orElse("-"), text(c, "worst_direction_variance").orElse("-"), text(c, "volume").orElse("-")}));
            }
            out.print(Summary.table(rows));
        }
        out.printf(java.util.Locale.ROOT, "provenance   %s%n", JsonWriter.compact(k.provenance()));
        out.flush();
        return 0;
    }

    private int geometric(PrintWriter out, GeometricRemapSpec s) {
        PrivacyGuarantee p = s.privacy();
        Remap r = s.remap();
        int randomized = 0;
        for (int z = 0; z < r.rows(); z++) {
            if (r.width(z) > 1) {
                randomized++;
            }
        }
        out.printf(java.util.Locale.ROOT, "spec         %s (valid: digest, shapes, remap row sums and the structure re-checked)%n", file);
        out.printf(java.util.Locale.ROOT, "mechanism    %s: truncated geometric noise at epsilon %s on %d inputs, then a remap onto %d outputs (%s)%n", GeometricRemapSpec.KIND,
                s.noiseEpsilon(), s.inputs().size(), s.outputs().size(),
                randomized == 0 ? "deterministic" : randomized + " randomized rows, weights over 2^" + r.bits());
        out.printf(java.util.Locale.ROOT, "guarantee    %s: certified epsilon %s (requested %s); %s neighbours, %s relation, numerics %s, input policy %s%n",
                p.guaranteeName(), p.certifiedEpsilon(), p.epsilon(), p.neighbours().kind().json(), p.relation().json(),
                p.numerics().json(), inputPolicy(s));
        JsonObject design = s.design();
        out.printf(java.util.Locale.ROOT, "design       %s %s objective %s, optimality %s%n", text(design, "method").orElse("-"), text(design, "objective").orElse("(none recorded)"),
                text(design, "objective_value").orElse("-"), optimality(design) + (s.optimalityRechecked() ? ", re-derived at load from the recorded problem and the remap"
                        : design.get("optimality").flatMap(JsonValue::object).flatMap(o -> o.get("certified")).flatMap(JsonValue::bool).orElse(false)
                                ? ", as stated by the designer (not re-checked at load: minimax designs and loss matrices are not re-derived)" : ""));
        warnings(out, s.design());
        out.printf(java.util.Locale.ROOT, "provenance   %s%n", JsonWriter.compact(s.provenance()));
        Optional<DiscreteProblem> problem = problemOf(design);
        if (problem.isPresent() && problem.get().inputCount() == r.rows() && problem.get().outputCount() == r.outputCount()) {
            DiscreteProblem pr = problem.get();
            double[] risk = org.optimech.designer.structural.StructuralDesigner.riskPerInput(pr, s.noiseEpsilon(), r);
            double objective = 0;
            for (int i = 0; i < risk.length; i++) {
                objective = pr.objective() == org.optimech.designer.problem.Objective.MINIMAX ? Math.max(objective, risk[i]) : objective + pr.priorAt(i) * risk[i];
            }
            int listed = Math.min(risk.length, MAX_LISTED_RISKS);
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"input", "risk"});
            for (int i = 0; i < listed; i++) {
                rows.add(new String[] {s.inputs().valueAt(i), String.format(java.util.Locale.ROOT, "%.6g", risk[i])});
            }
            out.printf(java.util.Locale.ROOT, "risk per input (%s loss, recomputed from the stored noise epsilon and remap; %s risk %.12g)%s:%n", pr.loss().name(),
                    pr.objective().json(), objective, listed < risk.length ? " (first " + listed + " of " + risk.length + ")" : "");
            out.print(Summary.table(rows));
        } else {
            out.println("risk per input: the spec records no design.problem this tool can read");
        }
        int shown = Math.min(r.rows(), maxMatrix);
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"noisy value", "released as"});
        for (int z = 0; z < shown; z++) {
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < r.width(z); k++) {
                sb.append(k == 0 ? "" : ", ").append(s.outputs().valueAt(r.outputAt(z, k)));
                if (r.width(z) > 1) {
                    sb.append(String.format(java.util.Locale.ROOT, " (%.4f)", r.probabilityAt(z, k)));
                }
            }
            rows.add(new String[] {s.inputs().valueAt(z), sb.toString()});
        }
        out.printf(java.util.Locale.ROOT, "remap (first %d of %d rows):%n", shown, r.rows());
        out.print(Summary.table(rows));
        out.flush();
        return 0;
    }

    /** The input policy, with the default input when there is one. */
    private static String inputPolicy(org.optimech.runtime.spec.DiscreteSpec s) {
        PrivacyGuarantee p = s.privacy();
        return p.inputPolicy() == org.optimech.runtime.spec.InputPolicy.DEFAULT
                ? "default (values outside the domain are released as \"" + s.inputs().valueAt(p.defaultInput()) + "\")" : p.inputPolicy().json();
    }

    /** A member as plain text: strings unquoted, other values as JSON. */
    private static Optional<String> text(JsonObject o, String name) {
        return o.get(name).map(v -> v.string().orElseGet(() -> JsonWriter.compact(v)));
    }

    /** The design block's warnings (a mechanism that ignores its input), one line each. */
    private static void warnings(PrintWriter out, JsonObject design) {
        for (JsonValue v : design.get("warnings").flatMap(JsonValue::array).map(org.optimech.runtime.json.JsonArray::elements).orElse(List.of())) {
            out.printf(java.util.Locale.ROOT, "WARNING      %s%n", v.string().orElseGet(() -> JsonWriter.compact(v)));
        }
    }

    private static String optimality(JsonObject design) {
        Optional<JsonObject> recorded = design.get("optimality").flatMap(JsonValue::object).filter(x -> x.has("certified"));
        if (recorded.isEmpty()) {
            return "(none recorded)";
        }
        JsonObject opt = recorded.get();
        if (!opt.get("certified").flatMap(JsonValue::bool).orElse(false)) {
            return "NOT certified" + text(opt, "reason").map(r -> ": " + r).orElse("");
        }
        return "certified" + opt.get("relative_gap").flatMap(JsonValue::number)
                .map(n -> String.format(java.util.Locale.ROOT, " (relative gap %.2g)", n.doubleValue())).orElse("");
    }

    private static Optional<DiscreteProblem> problemOf(JsonObject design) {
        Optional<JsonValue> p = design.get("problem");
        if (p.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(ProblemParser.parse(p.get()));
        } catch (InvalidProblemException e) {
            return Optional.empty();
        }
    }
}
