package org.optimech.runtime.spec;

import java.util.Objects;
import org.optimech.runtime.discrete.DiscreteDomain;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.json.JsonObject;

/**
 * A discrete mechanism spec (kind {@code discrete-table}): domains, the exact weight table, the
 * privacy guarantee, and the designer's free-form design and provenance blocks.
 *
 * <p>Constructing one checks shapes and consistency but not the privacy constraints; specs read from
 * files go through {@link SpecCodec#read}, which re-checks those exactly.
 */
public record DiscreteMechanismSpec(
        DiscreteDomain inputs,
        DiscreteDomain outputs,
        WeightTable weights,
        PrivacyGuarantee privacy,
        JsonObject design,
        JsonObject provenance) implements DiscreteSpec {

    /** The mechanism kind name in JSON. */
    public static final String KIND = "discrete-table";

    public DiscreteMechanismSpec {
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(outputs, "outputs");
        Objects.requireNonNull(weights, "weights");
        Objects.requireNonNull(privacy, "privacy");
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(provenance, "provenance");
        if (weights.rows() != inputs.size() || weights.cols() != outputs.size()) {
            throw new IllegalArgumentException("weight table is " + weights.rows() + "x" + weights.cols()
                    + " but the domains are " + inputs.size() + " inputs x " + outputs.size() + " outputs");
        }
        if (privacy.neighbours().size() != inputs.size()) {
            throw new IllegalArgumentException("neighbour graph has " + privacy.neighbours().size() + " inputs; the domain has " + inputs.size());
        }
        if (privacy.inputPolicy() == InputPolicy.CLAMP && !(inputs instanceof IntegerRange)) {
            throw new IllegalArgumentException("input policy clamp needs an integer range input domain; labels cannot be clamped");
        }
        if (privacy.numerics() != Numerics.EXACT) {
            throw new IllegalArgumentException("a discrete table is sampled exactly; numerics must be exact");
        }
    }

    @Override
    public String kind() {
        return KIND;
    }
}
