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
}
