package org.optimech.runtime;

import java.util.Objects;
import org.optimech.runtime.knorm.KNormSampler;
import org.optimech.runtime.random.RandomBits;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.NumericsPolicy;

/**
 * A loaded K-norm mechanism, ready to privatize vector statistics: {@code release(t)} returns
 * t + noise from the spec's body, sensitivity and ε. The noise is floating point (idealized numerics),
 * so building one requires {@link NumericsPolicy#ALLOW_IDEALIZED}. Thread-safe; randomness per call.
 */
public final class KNormMechanism {
    private final KNormSpec spec;
    private final KNormSampler sampler;

    private KNormMechanism(KNormSpec spec, KNormSampler sampler) {
        this.spec = spec;
        this.sampler = sampler;
    }

    /**
     * @throws IllegalArgumentException when the spec is not a K-norm spec
     * @throws IllegalStateException when the policy refuses idealized numerics
     */
    public static KNormMechanism of(MechanismSpec spec, NumericsPolicy policy) {
        Objects.requireNonNull(policy, "policy");
        if (!(Objects.requireNonNull(spec, "spec") instanceof KNormSpec k)) {
            throw new IllegalArgumentException("spec kind " + spec.kind() + " is not a K-norm mechanism; load it with DiscreteMechanism.of(spec)");
        }
        return new KNormMechanism(k, k.sampler(policy));
    }

    public KNormSpec spec() {
        return spec;
    }

    /** The statistic's dimension. */
    public int dimension() {
        return sampler.dimension();
    }

    /**
     * The statistic plus one noise draw.
     *
     * @throws IllegalArgumentException for a statistic of the wrong length or with a non-finite coordinate
     */
    public double[] release(double[] statistic, RandomBits bits) {
        return sampler.release(statistic, bits);
    }
}
