package org.optimech.runtime;

import java.util.Objects;
import org.optimech.runtime.knorm.KNormSampler;
import org.optimech.runtime.lattice.LatticeSampler;
import org.optimech.runtime.random.RandomBits;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.NumericsPolicy;

/**
 * A loaded K-norm mechanism, ready to privatize vector statistics: {@code release(t)} returns
 * t + noise from the spec's body, sensitivity and ε. Without a lattice the noise is floating point
 * (idealized numerics), so building one requires {@link NumericsPolicy#ALLOW_IDEALIZED}; a lattice spec
 * rounds t to the lattice and adds exact lattice noise ({@link #numerics()} says which runs).
 * Thread-safe; randomness per call.
 */
public final class KNormMechanism {
    private final KNormSpec spec;
    private final KNormSampler sampler;
    private final LatticeSampler lattice;

    private KNormMechanism(KNormSpec spec, KNormSampler sampler, LatticeSampler lattice) {
        this.spec = spec;
        this.sampler = sampler;
        this.lattice = lattice;
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
        policy.check(k.numerics());
        LatticeSampler l = k.latticeSampler().orElse(null);
        return new KNormMechanism(k, l == null ? k.sampler(policy) : null, l);
    }

    public KNormSpec spec() {
        return spec;
    }

    /** The statistic's dimension. */
    public int dimension() {
        return spec.dimension();
    }

    /** What this mechanism runs: {@code exact} (lattice) or {@code idealized} (floating point). */
    public Numerics numerics() {
        return spec.numerics();
    }

    /**
     * The statistic plus one noise draw; for a lattice spec, the nearest lattice point plus exact lattice noise (every
     * coordinate a multiple of the spacing).
     *
     * @throws IllegalArgumentException for a statistic of the wrong length or with a non-finite coordinate
     */
    public double[] release(double[] statistic, RandomBits bits) {
        return lattice != null ? lattice.release(statistic, bits) : sampler.release(statistic, bits);
    }
}
