package org.optimech.runtime;

import java.util.Objects;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.sampling.GaussianProcessNoise;
import org.optimech.runtime.sampling.Samplers;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.NumericsPolicy;

/**
 * A loaded Gaussian-process mechanism: {@code sample(f)} releases a function given on the spec's grid as f + s·G(grid),
 * floating point (idealized numerics: building one requires a policy with {@link NumericsPolicy#ALLOW_IDEALIZED}). Obtained
 * from {@link Mechanisms}; the sampler is built here, from the spec's checked covariance factor. Thread-safe; randomness per call.
 */
public final class FunctionMechanism implements Mechanism {
    private final GaussianProcessSpec spec;
    private final GaussianProcessNoise noise;

    /**
     * @throws IllegalStateException when the policy refuses idealized numerics
     */
    FunctionMechanism(GaussianProcessSpec spec, NumericsPolicy policy) {
        this.spec = Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(policy, "policy");
        this.noise = Samplers.gaussianProcess(spec, policy);
    }

    @Override
    public GaussianProcessSpec spec() {
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

    /**
     * The function plus one Gaussian-process draw on the grid.
     *
     * @throws IllegalArgumentException for a function of the wrong length or with a non-finite value
     */
    @Override
    public double[] sample(double[] function, RandomSource random) {
        Objects.requireNonNull(function, "function");
        int m = spec.grid().length;
        if (function.length != m) {
            throw new IllegalArgumentException("the function must have one value per grid point (" + m + "). Provided: " + function.length);
        }
        double[] v = noise.noise(random);
        for (int j = 0; j < m; j++) {
            if (!Double.isFinite(function[j])) {
                throw new IllegalArgumentException("function value " + j + " must be finite. Provided value: " + function[j]);
            }
            v[j] += function[j];
        }
        return v;
    }
}
