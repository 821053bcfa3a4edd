package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.runtime.discrete.NeighbourGraph;

/**
 * The privacy block of a spec: what was asked for ({@code epsilon}, {@code delta}, exactly as
 * decimals) and what the stored numbers are certified to achieve ({@code certifiedEpsilon},
 * {@code certifiedDelta}, never above the request), over which neighbour graph and relation.
 */
public record PrivacyGuarantee(
        Relation relation,
        NeighbourGraph neighbours,
        BigDecimal epsilon,
        BigDecimal delta,
        BigDecimal certifiedEpsilon,
        BigDecimal certifiedDelta,
        Numerics numerics,
        InputPolicy inputPolicy) {

    public PrivacyGuarantee {
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(neighbours, "neighbours");
        Objects.requireNonNull(numerics, "numerics");
        Objects.requireNonNull(inputPolicy, "inputPolicy");
        if (epsilon.signum() <= 0) {
            throw new IllegalArgumentException("epsilon must be > 0. Provided value: " + epsilon);
        }
        if (delta.signum() < 0 || delta.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("delta must be in [0, 1). Provided value: " + delta);
        }
        if (certifiedEpsilon.signum() < 0 || certifiedEpsilon.compareTo(epsilon) > 0) {
            throw new IllegalArgumentException("certified epsilon must be in [0, epsilon = " + epsilon + "]. Provided value: " + certifiedEpsilon);
        }
        if (certifiedDelta.signum() < 0 || certifiedDelta.compareTo(delta) > 0) {
            throw new IllegalArgumentException("certified delta must be in [0, delta = " + delta + "]. Provided value: " + certifiedDelta);
        }
    }

    /** Pure ε-DP when δ = 0, else (ε, δ)-DP. */
    public boolean isPure() {
        return delta.signum() == 0;
    }

    /** {@code "pure-dp"} or {@code "approximate-dp"}. */
    public String guaranteeName() {
        return isPure() ? "pure-dp" : "approximate-dp";
    }
}
