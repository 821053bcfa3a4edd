package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.runtime.discrete.NeighbourGraph;

/**
 * The privacy block of a spec: what was asked for ({@code epsilon}, {@code delta}, exactly as
 * decimals) and what the stored numbers are certified to achieve ({@code certifiedEpsilon},
 * {@code certifiedDelta}, never above the request), over which neighbour graph and relation, and
 * what happens to inputs outside the domain ({@code inputPolicy}, with the index of the public
 * {@code defaultInput} for {@link InputPolicy#DEFAULT}, −1 otherwise).
 */
public record PrivacyGuarantee(
        Relation relation,
        NeighbourGraph neighbours,
        BigDecimal epsilon,
        BigDecimal delta,
        BigDecimal certifiedEpsilon,
        BigDecimal certifiedDelta,
        Numerics numerics,
        InputPolicy inputPolicy,
        int defaultInput) {

    public PrivacyGuarantee {
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(neighbours, "neighbours");
        Objects.requireNonNull(numerics, "numerics");
        Objects.requireNonNull(inputPolicy, "inputPolicy");
        if (epsilon.signum() <= 0 || epsilon.compareTo(org.optimech.runtime.exact.ExpBounds.MAX_X) > 0) {
            throw new IllegalArgumentException("epsilon must be > 0 and at most " + org.optimech.runtime.exact.ExpBounds.MAX_X + ". Provided value: " + epsilon);
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
        if (inputPolicy == InputPolicy.DEFAULT ? defaultInput < 0 || defaultInput >= neighbours.size() : defaultInput != -1) {
            throw new IllegalArgumentException("default input must be an input index in [0, " + neighbours.size() + ") exactly when the input policy is "
                    + "default (and -1 otherwise). Provided value: " + defaultInput + " with policy " + inputPolicy.json());
        }
    }

    /** A guarantee whose input policy needs no default (clamp or reject). */
    public PrivacyGuarantee(Relation relation, NeighbourGraph neighbours, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon,
            BigDecimal certifiedDelta, Numerics numerics, InputPolicy inputPolicy) {
        this(relation, neighbours, epsilon, delta, certifiedEpsilon, certifiedDelta, numerics, inputPolicy, -1);
    }

    /** The same guarantee with another input policy ({@code defaultInput} −1 unless the policy is default). */
    public PrivacyGuarantee withInputPolicy(InputPolicy policy, int defaultInput) {
        return new PrivacyGuarantee(relation, neighbours, epsilon, delta, certifiedEpsilon, certifiedDelta, numerics, policy, defaultInput);
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
