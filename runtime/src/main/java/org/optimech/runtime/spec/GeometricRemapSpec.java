package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.runtime.discrete.DiscreteDomain;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.Remap;
import org.optimech.runtime.json.JsonObject;

/**
 * A structural discrete mechanism (kind {@code geometric-remap}): the input index i ∈ 0..n gets
 * two-sided geometric noise with α = e^{-noiseEpsilon}, is clamped to 0..n (the truncated geometric
 * mechanism), and the result is post-processed by a {@link Remap} to an output index.
 *
 * <p>Its privacy follows from structure, not from a table: on the path graph, neighbouring indices
 * i and i+1 give each intermediate value with probability ratio exactly e^{±noiseEpsilon}, and a
 * remap is post-processing. So the spec is valid exactly when the neighbour graph is the path and
 * {@code noiseEpsilon ≤ certified_epsilon}; the stored remap needs no privacy check. Stores O(n)
 * numbers instead of a dense (n+1)×|Ω| table.
 */
public record GeometricRemapSpec(
        IntegerRange inputs,
        DiscreteDomain outputs,
        BigDecimal noiseEpsilon,
        Remap remap,
        PrivacyGuarantee privacy,
        JsonObject design,
        JsonObject provenance) implements DiscreteSpec {

    /** The mechanism kind name in JSON. */
    public static final String KIND = "geometric-remap";

    public GeometricRemapSpec {
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(outputs, "outputs");
        Objects.requireNonNull(noiseEpsilon, "noiseEpsilon");
        Objects.requireNonNull(remap, "remap");
        Objects.requireNonNull(privacy, "privacy");
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(provenance, "provenance");
        if (noiseEpsilon.signum() <= 0) {
            throw new IllegalArgumentException("noise epsilon must be > 0. Provided value: " + noiseEpsilon);
        }
        if (remap.rows() != inputs.size() || remap.outputCount() != outputs.size()) {
            throw new IllegalArgumentException("remap is " + remap.rows() + " rows onto " + remap.outputCount() + " outputs but the domains have "
                    + inputs.size() + " inputs and " + outputs.size() + " outputs");
        }
        if (privacy.neighbours().kind() != NeighbourGraph.Kind.PATH || privacy.neighbours().size() != inputs.size()) {
            throw new IllegalArgumentException("a geometric-remap mechanism is private only on the path graph over its " + inputs.size()
                    + " inputs. Provided value: " + privacy.neighbours());
        }
        if (noiseEpsilon.compareTo(privacy.certifiedEpsilon()) > 0) {
            throw new IllegalArgumentException("noise epsilon " + noiseEpsilon + " exceeds certified epsilon " + privacy.certifiedEpsilon()
                    + ": the geometric mechanism is exactly noise-epsilon-DP, no better");
        }
        if (privacy.numerics() != Numerics.EXACT) {
            throw new IllegalArgumentException("a geometric-remap mechanism is sampled exactly; numerics must be exact");
        }
    }

    @Override
    public String kind() {
        return KIND;
    }
}
