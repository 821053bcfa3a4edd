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
     * The statistic plus one noise draw.
     *
     * @throws IllegalArgumentException for a statistic of the wrong length or with a non-finite coordinate
     */
    @Override
    public double[] sample(double[] statistic, RandomSource random) {
        return sampler.release(statistic, random);
    }
}
