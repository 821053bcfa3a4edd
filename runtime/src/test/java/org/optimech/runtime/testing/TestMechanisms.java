package org.optimech.runtime.testing;


import java.util.EnumSet;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.Mechanisms;

import org.optimech.runtime.discrete.SamplingMode;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.spec.RuntimePolicy;

/**
 * Test helper: mechanisms through the front door under a policy that accepts every valid spec (legacy reject specs, unchecked
 * sensitivity), so tests of samplers need not restate one. Production code chooses its policy.
 */
public final class TestMechanisms {
    private TestMechanisms() {
    }

    /** Every valid spec, with the given numerics. */
    public static RuntimePolicy everything(NumericsPolicy numerics) {
        return RuntimePolicy.builder().inputPolicies(EnumSet.allOf(InputPolicy.class)).allowUncheckedSensitivity().numerics(numerics).build();
    }

    /** Reads a document under {@link #everything} (idealized numerics allowed): for tests of the codec and samplers. */
    public static MechanismSpec read(org.optimech.runtime.json.JsonValue document) throws InvalidSpecException {
        return org.optimech.runtime.spec.SpecCodec.read(document, everything(NumericsPolicy.ALLOW_IDEALIZED));
    }

    public static DiscreteMechanism discrete(MechanismSpec spec) {
        return discrete(spec, SamplingMode.FAST);
    }

    public static DiscreteMechanism discrete(MechanismSpec spec, SamplingMode mode) {
        try {
            return Mechanisms.discrete((DiscreteSpec) spec, everything(NumericsPolicy.EXACT_ONLY), mode);
        } catch (InvalidSpecException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * @throws IllegalStateException when the numerics policy refuses the spec's numerics (as the front door does)
     */
    public static KNormMechanism knorm(MechanismSpec spec, NumericsPolicy numerics) {
        try {
            return Mechanisms.knorm((KNormSpec) spec, everything(numerics));
        } catch (InvalidSpecException e) {
            throw new AssertionError(e);
        }
    }

    /** Even rows (6, 2, 0)/8, odd rows (3, 3, 2)/8, on a path: (1, 0.25)-DP, each edge one even and one odd input. */
    public static org.optimech.runtime.spec.DiscreteMechanismSpec alternating(int inputs) throws Exception {
        long[][] w = new long[inputs][];
        for (int i = 0; i < inputs; i++) {
            w[i] = i % 2 == 0 ? new long[] {6, 2, 0} : new long[] {3, 3, 2};
        }
        org.optimech.runtime.spec.PrivacyGuarantee p = new org.optimech.runtime.spec.PrivacyGuarantee(org.optimech.runtime.spec.Relation.SUBSTITUTION,
                org.optimech.runtime.discrete.NeighbourGraph.path(inputs), java.math.BigDecimal.ONE, new java.math.BigDecimal("0.25"), java.math.BigDecimal.ONE,
                new java.math.BigDecimal("0.25"), org.optimech.runtime.spec.Numerics.EXACT, org.optimech.runtime.spec.InputPolicy.CLAMP);
        org.optimech.runtime.json.JsonObject empty = org.optimech.runtime.json.JsonObject.builder().build();
        return org.optimech.runtime.spec.DiscreteMechanismSpec.of(new org.optimech.runtime.discrete.IntegerRange(0, inputs - 1),
                new org.optimech.runtime.discrete.IntegerRange(0, 2), org.optimech.runtime.discrete.WeightTable.ofLongs(3, w), p, empty, empty);
    }
}
