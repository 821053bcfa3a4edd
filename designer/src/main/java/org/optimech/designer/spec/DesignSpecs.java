package org.optimech.designer.spec;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.optimech.designer.common.AtomicFiles;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.runtime.OptimechVersion;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;
import org.optimech.designer.structural.StructuralDesign;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.PrivacyGuarantee;
import org.optimech.runtime.spec.SpecCodec;
import org.optimech.runtime.spec.SpecLoader;

/** Turns a {@link DiscreteDesign} into a spec and writes it. */
public final class DesignSpecs {
    private DesignSpecs() {
    }

    /**
     * The spec of a design (not yet written), checked by the runtime as any loaded spec is.
     *
     * @throws InvalidSpecException if the runtime refuses it (a designer bug: never written)
     */
    public static DiscreteMechanismSpec toSpec(DiscreteDesign d, Instant created) throws InvalidSpecException {
        DiscreteProblem p = d.problem();
        PrivacyGuarantee privacy = new PrivacyGuarantee(p.relation(), p.neighbours(), p.epsilon(), p.delta(), d.certifiedEpsilon(), d.certifiedDelta(),
                Numerics.EXACT, p.inputPolicy(), p.defaultInput());
        return DiscreteMechanismSpec.of(p.inputs(), p.outputs(), d.weights(), privacy, designBlock(d), provenance(created));
    }

    /**
     * The spec of a structural design: the geometric noise and the remap, exactly ε-DP by construction.
     *
     * @throws InvalidSpecException if the runtime refuses it (a designer bug: never written)
     */
    public static GeometricRemapSpec toSpec(StructuralDesign d, Instant created) throws InvalidSpecException {
        DiscreteProblem p = d.problem();
        PrivacyGuarantee privacy = new PrivacyGuarantee(p.relation(), p.neighbours(), p.epsilon(), BigDecimal.ZERO, d.noiseEpsilon(), BigDecimal.ZERO,
                Numerics.EXACT, p.inputPolicy(), p.defaultInput());
        return GeometricRemapSpec.of((IntegerRange) p.inputs(), p.outputs(), d.noiseEpsilon(), d.remap(), privacy, StructuralBlock.of(d), provenance(created));
    }

    /** The provenance block: tool, version, time, Java. */
    public static JsonObject provenance(Instant created) {
        return JsonObject.builder()
                .put("tool", "optimech")
                .put("tool_version", OptimechVersion.get())
                .put("created", created.truncatedTo(ChronoUnit.SECONDS).toString())
                .put("java", System.getProperty("java.version"))
                .build();
    }

    /** {@link #writeAndVerify(MechanismSpec, Path)} of the spec of an LP design. */
    public static DiscreteMechanismSpec writeAndVerify(DiscreteDesign d, Path out, Instant created) throws IOException, InvalidSpecException {
        return writeAndVerify(toSpec(d, created), out);
    }

    /**
     * Writes a spec to {@code out} (atomically: a temporary file, then a move), then loads it back
     * through the runtime's validator and checks the digest survived.
     *
     * @return the spec as the runtime loaded it
     * @throws InvalidSpecException if the runtime refuses what was written (a bug: the file is removed)
     */
    public static <S extends MechanismSpec> S writeAndVerify(S spec, Path out) throws IOException, InvalidSpecException {
        return writeAndVerify(spec, out, null);
    }

    /**
     * As {@link #writeAndVerify(MechanismSpec, Path)}, reporting the re-load's steps (see
     * {@link SpecLoader#load(Path, org.optimech.runtime.spec.RuntimePolicy, org.optimech.runtime.spec.LoadProgress)}).
     *
     * @param progress the re-load's progress, or null for none
     */
    public static <S extends MechanismSpec> S writeAndVerify(S spec, Path out, org.optimech.runtime.spec.LoadProgress progress)
            throws IOException, InvalidSpecException {
        JsonObject sealed = SpecCodec.write(spec);
        Path abs = out.toAbsolutePath();
        // streamed: a table or remap of millions of entries is written without its text in memory
        org.optimech.runtime.io.AtomicFiles.write(abs, o -> SpecLoader.write(spec, o));
        MechanismSpec loaded;
        try {
            // the designer's own spec: its sensitivity is its own certified bound even where the runtime cannot re-derive it
            org.optimech.runtime.spec.RuntimePolicy policy = org.optimech.runtime.spec.RuntimePolicy.builder().allowUncheckedSensitivity().build();
            loaded = progress == null ? SpecLoader.load(abs, policy) : SpecLoader.load(abs, policy, progress);
        } catch (InvalidSpecException e) {
            Files.deleteIfExists(abs);
            throw e;
        }
        String written = digestOf(sealed);
        String reread = digestOf(SpecCodec.write(loaded));
        if (!written.equals(reread)) {
            Files.deleteIfExists(abs);
            throw new IllegalStateException("the spec re-loaded with a different digest (" + reread + " vs " + written + "): a designer bug, please report it");
        }
        if (!spec.getClass().isInstance(loaded)) {
            Files.deleteIfExists(abs);
            throw new IllegalStateException("the spec re-loaded as kind " + loaded.kind() + ", written as " + spec.kind() + ": a designer bug, please report it");
        }
        @SuppressWarnings("unchecked")
        S same = (S) loaded;
        return same;
    }

    /** The digest value of a sealed document. */
    public static String digestOf(JsonObject sealed) {
        return sealed.get("digest").orElseThrow().asObject().get("value").orElseThrow().asString();
    }

    static JsonObject designBlock(DiscreteDesign d) {
        DiscreteProblem p = d.problem();
        JsonObject.Builder b = JsonObject.builder();
        b.put("method", "lp");
        b.put("problem", p.toJson());
        b.put("objective", p.objective().json());
        b.put("objective_value", d.objectiveValue().doubleValue());
        b.put("objective_value_exact", decimal(d.objectiveValue(), RoundingMode.CEILING));
        if (Double.isFinite(d.solverObjective())) {
            b.put("solver_objective_value", d.solverObjective());
        }
        double[] risks = new double[d.riskPerInput().size()];
        for (int i = 0; i < risks.length; i++) {
            risks[i] = d.riskPerInput().get(i).doubleValue();
        }
        b.put("risk_per_input", JsonArray.ofDoubles(risks));
        DiscreteDesign.SolverRun s = d.solver();
        b.put("solver", JsonObject.builder()
                .put("backend", s.name())
                .put("description", s.description())
                .put("status", s.status())
                .put("iterations", s.iterations())
                .put("seconds", round3(s.seconds()))
                .put("lp", JsonObject.builder().put("variables", d.lpVariables()).put("rows", d.lpRows()).put("nonzeros", d.lpNonzeros()).build())
                .build());
        List<JsonValue> attempts = new ArrayList<>();
        for (DiscreteDesign.Attempt a : d.attempts()) {
            attempts.add(JsonObject.builder()
                    .put("solve_epsilon", a.solveEpsilon())
                    .put("repair_epsilon", a.repairEpsilon())
                    .put("solve_delta", a.solveDelta())
                    .put("certified_epsilon", a.certifiedEpsilon().toString())
                    .put("certified_delta", a.certifiedDelta().toString())
                    .put("accepted", a.accepted())
                    .build());
        }
        JsonObject.Builder certification = JsonObject.builder();
        certification
                .put("procedure", p.isPure()
                        ? "LP solved at epsilon minus a margin; log-Lipschitz majorant per output column; rows normalised; rounded down to integers over 2^K "
                                + "(residual on each row's largest entry); every neighbour ratio checked exactly against a rational lower bound of e^certified_epsilon"
                        : "LP solved at delta minus a margin; negatives clamped, rows normalised; rounded down to integers over 2^62; hockey-stick divergence "
                                + "at a rational lower bound of e^epsilon computed exactly and rounded up")
                .put("denominator_bits", d.weights().denominatorBits())
                .put("attempts", JsonArray.of(attempts));
        if (!d.notes().isEmpty()) {
            certification.put("notes", JsonArray.ofStrings(d.notes()));
        }
        b.put("certification", certification.build());
        org.optimech.designer.common.InputIgnored.warning(p, org.optimech.designer.common.InputIgnored.of(d.weights()), d.certifiedEpsilon())
                .ifPresent(w -> b.put("warnings", JsonArray.ofStrings(List.of(w))));
        DiscreteDesign.Certificate c = d.certificate();
        JsonObject.Builder o = JsonObject.builder();
        o.put("certified", c.certified());
        o.put("kind", c.kind());
        if (c.lowerBound() != null) {
            o.put("lower_bound", decimal(c.lowerBound(), RoundingMode.FLOOR));
            o.put("stored_risk", decimal(d.objectiveValue(), RoundingMode.CEILING));
            o.put("gap", c.gap().toString());
            o.put("relative_gap", c.relativeGap());
            o.put("dual_source", c.dualSource());
            o.put("duals_trusted", c.dualsTrusted());
            o.put("meaning", "every mechanism meeting the requested guarantee on these inputs and outputs has "
                    + p.objective().json() + " risk >= lower_bound (weak Lagrangian duality, evaluated with directed rounding at the exact epsilon)");
        }
        if (c.leastFavourablePrior() != null) {
            o.put("least_favourable_prior", JsonArray.ofDoubles(c.leastFavourablePrior()));
        }
        if (c.reason() != null) {
            o.put("reason", c.reason());
        }
        b.put("optimality", o.build());
        if (!p.isPure()) {
            b.put("max_revealing_mass", d.maxRevealingMass());
        }
        b.put("timing", JsonObject.builder()
                .put("build_seconds", round3(d.secondsBuild()))
                .put("solve_seconds", round3(d.secondsSolve()))
                .put("certify_seconds", round3(d.secondsCertify()))
                .build());
        return b.build();
    }

    static String decimal(BigDecimal x, RoundingMode mode) {
        return x.round(new MathContext(25, mode)).stripTrailingZeros().toString();
    }

    static JsonNumber round3(double seconds) {
        return JsonNumber.of(Math.round(seconds * 1000) / 1000.0);
    }
}
