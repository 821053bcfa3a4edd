package org.optimech.runtime;

import java.util.Objects;
import org.optimech.runtime.knorm.KNormSampler;
import org.optimech.runtime.lattice.LatticeSampler;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.NumericsPolicy;

/**
 * A loaded K-norm mechanism, ready to privatize vector statistics: {@code sample(t)} returns t + noise from the spec's
 * body, sensitivity and ε. Without a lattice the noise is floating point (idealized numerics), so building one requires a
 * policy with {@link NumericsPolicy#ALLOW_IDEALIZED}; a lattice spec rounds t to the lattice and adds exact lattice noise
 * ({@link #numerics()} says which runs). Obtained from {@link Mechanisms}. Thread-safe; randomness per call.
 */
public final class KNormMechanism implements Mechanism {
    private final KNormSpec spec;
    private final KNormSampler sampler;
    private final LatticeSampler lattice;

    /**
     * @throws IllegalStateException when the policy refuses idealized numerics and the spec has no lattice
     */
    KNormMechanism(KNormSpec spec, NumericsPolicy policy) {
        Objects.requireNonNull(policy, "policy");
        this.spec = Objects.requireNonNull(spec, "spec");
        policy.check(spec.numerics());
        this.lattice = spec.latticeSampler().orElse(null);
        this.sampler = lattice == null ? spec.sampler(policy) : null;
    }

    @Override
    public KNormSpec spec() {
        return spec;
    }

    /** The statistic's dimension. */
    public int dimension() {
        return spec.dimension();
    }

    /** What this mechanism runs: {@code exact} (lattice) or {@code idealized} (floating point). */
    @Override
    public Numerics numerics() {
        return spec.numerics();
    }

    /**
     * The statistic plus one noise draw; for a lattice spec, the nearest lattice point plus exact lattice noise (every
     * coordinate a multiple of the spacing, rounded to the nearest double beyond 2^53 spacings). Never fails for a finite
     * statistic of the right length, whatever its magnitude.
     *
     * @throws IllegalArgumentException for a statistic of the wrong length or with a non-finite coordinate
     */
    @Override
    public double[] sample(double[] statistic, RandomSource random) {
        return lattice != null ? lattice.release(statistic, random) : sampler.release(statistic, random);
    }

    /** The same as {@link #sample(double[], RandomSource)}. */
    public double[] release(double[] statistic, RandomSource random) {
        return sample(statistic, random);
    }
}
