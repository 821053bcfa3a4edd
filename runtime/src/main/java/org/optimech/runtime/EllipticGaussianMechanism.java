package org.optimech.runtime;

import java.util.Objects;
import org.optimech.runtime.knorm.EllipticGaussianSampler;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.spec.EllipticGaussianSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.NumericsPolicy;

/**
 * A loaded elliptic Gaussian mechanism: {@code sample(t)} returns t + V, V ~ N(0, Σ) with the spec's permutation-invariant
 * covariance, O(d) per draw in floating point (idealized numerics: building one requires a policy with
 * {@link NumericsPolicy#ALLOW_IDEALIZED}). Obtained from {@link Mechanisms}. Thread-safe; randomness per call.
 */
public final class EllipticGaussianMechanism implements Mechanism {
    private final EllipticGaussianSpec spec;
    private final EllipticGaussianSampler sampler;

    /**
     * @throws IllegalStateException when the policy refuses idealized numerics
     */
    EllipticGaussianMechanism(EllipticGaussianSpec spec, NumericsPolicy policy) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.sampler = org.optimech.runtime.sampling.Samplers.ellipticGaussian(spec, Objects.requireNonNull(policy, "policy"));
    }

    @Override
    public EllipticGaussianSpec spec() {
        return spec;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public Numerics numerics() {
        return Numerics.IDEALIZED;
    }

    /** The statistic's dimension. */
    public int dimension() {
        return spec.dimension();
    }

    /**
     * The statistic plus one noise draw (noise with no variance along 1: the statistic's first d − 1 coordinates plus noise,
     * the last their complement to the public sum, never the caller's).
     *
     * @throws IllegalArgumentException for a statistic of the wrong length or with a non-finite coordinate
     * @throws IllegalStateException when the release {@link #needsRecordCount() needs the public record count}
     */
    @Override
    public double[] sample(double[] statistic, RandomSource random) {
        return sampler.release(statistic, random);
    }

    /**
     * Whether {@link #sample(double[], long, RandomSource)} with the public record count is the release to call: noise with
     * no variance along 1 under substitution, where the statistic's sum n·σ is public and gets no noise.
     */
    public boolean needsRecordCount() {
        return sampler.needsRecordCount();
    }

    /**
     * The release of a statistic over {@code records} records (public under substitution; ignored unless
     * {@link #needsRecordCount()}).
     *
     * @throws IllegalArgumentException for a statistic of the wrong length or with a non-finite coordinate, or a negative count
     */
    public double[] sample(double[] statistic, long records, RandomSource random) {
        return sampler.release(statistic, records, random);
    }
}
