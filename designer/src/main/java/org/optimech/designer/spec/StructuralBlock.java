package org.optimech.designer.spec;

import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;
import org.optimech.designer.structural.StructuralDesign;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;

/** The {@code design} block of a structural spec. */
final class StructuralBlock {
    /** Per-input risks are listed up to this many inputs. */
    static final int MAX_LISTED = 200_000;

    private StructuralBlock() {
    }

    static JsonObject of(StructuralDesign d) {
        DiscreteProblem p = d.problem();
        boolean bayes = p.objective() == Objective.BAYES;
        JsonObject.Builder b = JsonObject.builder();
        b.put("method", "structural");
        b.put("structure", JsonObject.builder()
                .put("mechanism", "truncated geometric mechanism on the input indices (two-sided geometric noise with alpha = e^-noise_epsilon, clamped), "
                        + "then the remap")
                .put("reference", bayes ? "Ghosh, Roughgarden, Sundararajan 2009 (universally utility-maximizing privacy mechanisms)"
                        : "Gupte, Sundararajan 2010 (universally optimal privacy mechanisms for minimax agents)")
                .put("remap", d.remap().bits() == 0 ? "deterministic" : "randomized, weights over 2^" + d.remap().bits())
                .put("engine", d.engine())
                .put("privacy", "exactly noise_epsilon-DP on the path graph: neighbouring inputs give every intermediate value with probability ratio "
                        + "e^(+-noise_epsilon), and the remap is post-processing")
                .build());
        b.put("problem", p.toJson());
        b.put("objective", p.objective().json());
        b.put("objective_value", d.objectiveValue());
        if (p.inputCount() <= MAX_LISTED) {
            b.put("risk_per_input", JsonArray.ofDoubles(d.riskUpper()));
        }
        org.optimech.designer.common.InputIgnored.warning(p, org.optimech.designer.common.InputIgnored.of(d.remap()), d.noiseEpsilon())
                .ifPresent(w -> b.put("warnings", JsonArray.ofStrings(java.util.List.of(w))));
        StructuralDesign.Certificate c = d.certificate();
        JsonObject.Builder o = JsonObject.builder();
        o.put("certified", c.certified());
        o.put("kind", c.kind());
        if (!Double.isNaN(c.lowerBound())) {
            o.put("lower_bound", c.lowerBound());
            o.put("stored_risk", d.objectiveValue());
            o.put("relative_gap", c.relativeGap());
            o.put("gap_tolerance", c.gapTolerance());
            o.put("dual_deficit", c.deficit());
            o.put("meaning", "every mechanism meeting the requested epsilon on the path graph over these inputs and outputs has "
                    + p.objective().json() + " risk >= lower_bound: an explicit dual solution of the full LP (Kac-Murdock-Szego inverse of the geometric "
                    + "columns' Bayes values" + (bayes ? "" : " under the least-favourable prior") + "), verified over every extreme ray of each output "
                    + "column's cone with directed rounding");
        }
        if (c.leastFavourablePrior() != null && p.inputCount() <= MAX_LISTED) {
            o.put("least_favourable_prior", JsonArray.ofDoubles(c.leastFavourablePrior()));
        }
        if (c.reason() != null) {
            o.put("reason", c.reason());
        }
        b.put("optimality", o.build());
        if (!bayes) {
            b.put("column_generation_rounds", d.iterations());
        }
        b.put("timing", JsonObject.builder()
                .put("design_seconds", DesignSpecs.round3(d.secondsDesign()))
                .put("certify_seconds", DesignSpecs.round3(d.secondsCertify()))
                .build());
        return b.build();
    }
}
