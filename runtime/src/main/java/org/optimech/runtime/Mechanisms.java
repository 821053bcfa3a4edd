package org.optimech.runtime;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import org.optimech.runtime.discrete.SamplingMode;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.spec.RuntimePolicy;
import org.optimech.runtime.spec.SpecLoader;

/**
 * The front door of the runtime: load a spec, check it against a policy, get a {@link Mechanism}.
 *
 * <pre>{@code
 * Mechanism m = Mechanisms.load(Path.of("count.spec.json"), RuntimePolicy.standard());
 * long released = m.sample(42, RandomSource.secure());
 * }</pre>
 *
 * Every mechanism is built here, after the spec's own exact checks and the policy's (signatures, limits, what the
 * guarantee is about, unchecked sensitivity, numerics), so no sampler skips them.
 */
public final class Mechanisms {
    private Mechanisms() {
    }

    /**
     * Loads, validates and checks a spec file under the standard policy ({@link RuntimePolicy#standard()}).
     *
     * @throws IOException when the file cannot be read
     * @throws InvalidSpecException naming the field the spec or the policy refuses
     */
    public static Mechanism load(Path spec) throws IOException, InvalidSpecException {
        return load(spec, RuntimePolicy.standard());
    }

    /**
     * Loads, validates and checks a spec file under a policy; discrete specs sample in {@link SamplingMode#FAST fast} mode.
     *
     * @throws IOException when the file cannot be read
     * @throws InvalidSpecException naming the field the spec or the policy refuses
     */
    public static Mechanism load(Path spec, RuntimePolicy policy) throws IOException, InvalidSpecException {
        return load(spec, policy, SamplingMode.FAST);
    }

    /**
     * As {@link #load(Path, RuntimePolicy)}, with a sampling mode for discrete specs ({@link SamplingMode#CONSTANT_TIME}: a
     * fixed number of random bits and operations per release).
     *
     * @throws IllegalArgumentException when constant-time sampling is asked of a kind that has none (K-norm, Gaussian
     *     process), or its table would be too large (the message gives the size)
     */
    public static Mechanism load(Path spec, RuntimePolicy policy, SamplingMode mode) throws IOException, InvalidSpecException {
        Objects.requireNonNull(policy, "policy");
        MechanismSpec loaded = SpecLoader.load(spec, policy);
        requireSamplable(loaded, policy);
        return build(loaded, policy, mode);
    }

    /**
     * A mechanism for a spec obtained otherwise (parsed from text, built by the designer), after the policy's checks.
     *
     * @throws InvalidSpecException naming the field the policy refuses
     */
    public static Mechanism of(MechanismSpec spec, RuntimePolicy policy) throws InvalidSpecException {
        return of(spec, policy, SamplingMode.FAST);
    }

    /**
     * As {@link #of(MechanismSpec, RuntimePolicy)}, with a sampling mode for discrete specs.
     *
     * @throws InvalidSpecException naming the field the policy refuses
     * @throws IllegalArgumentException when the mode does not apply to the spec's kind or its table would be too large
     */
    public static Mechanism of(MechanismSpec spec, RuntimePolicy policy, SamplingMode mode) throws InvalidSpecException {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(policy, "policy");
        policy.check(spec);
        requireSamplable(spec, policy);
        return build(spec, policy, mode);
    }

    /** Floating-point noise is sampled only under an explicit opt-in; a spec may load without one (to be inspected). */
    private static void requireSamplable(MechanismSpec spec, RuntimePolicy policy) throws InvalidSpecException {
        if (spec.numerics() == Numerics.IDEALIZED && policy.numerics() != NumericsPolicy.ALLOW_IDEALIZED) {
            throw new InvalidSpecException("/privacy/numerics", "the spec's noise is floating point (idealized: exact in distribution only over the reals, "
                    + "and the low bits of its outputs can leak, Mironov 2012); sampling it needs the explicit opt-in "
                    + "RuntimePolicy.builder().numerics(NumericsPolicy.ALLOW_IDEALIZED). Provided value: \"idealized\"");
        }
    }

    /**
     * A discrete mechanism, typed (for {@link DiscreteMechanism#inputIndex} and {@link DiscreteMechanism#sampleIndex}), after
     * the policy's checks.
     *
     * @throws InvalidSpecException naming the field the policy refuses
     * @throws IllegalArgumentException when a constant-time table would be too large
     */
    public static DiscreteMechanism discrete(DiscreteSpec spec, RuntimePolicy policy, SamplingMode mode) throws InvalidSpecException {
        // a discrete spec builds a discrete mechanism (build); the other kinds cannot occur here
        return DiscreteMechanism.of(of(spec, policy, mode)).orElseThrow(() -> new IllegalStateException("a discrete spec built another kind of mechanism"));
    }

    /**
     * A K-norm mechanism, typed, after the policy's checks (its numerics decide whether idealized noise is accepted).
     *
     * @throws InvalidSpecException naming the field the policy refuses
     */
    public static KNormMechanism knorm(KNormSpec spec, RuntimePolicy policy) throws InvalidSpecException {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(policy, "policy");
        policy.check(spec);
        requireSamplable(spec, policy);
        return new KNormMechanism(spec, policy.numerics());
    }

    private static Mechanism build(MechanismSpec spec, RuntimePolicy policy, SamplingMode mode) {
        Objects.requireNonNull(mode, "mode");
        return spec.accept(new MechanismSpec.Visitor<Mechanism>() {
            @Override
            public Mechanism visit(DiscreteMechanismSpec table) {
                return new DiscreteMechanism(table, mode);
            }

            @Override
            public Mechanism visit(GeometricRemapSpec geometricRemap) {
                return new DiscreteMechanism(geometricRemap, mode);
            }

            @Override
            public Mechanism visit(KNormSpec knorm) {
                requireFast(knorm, mode);
                return new KNormMechanism(knorm, policy.numerics());
            }

            @Override
            public Mechanism visit(GaussianProcessSpec gaussianProcess) {
                requireFast(gaussianProcess, mode);
                return new FunctionMechanism(gaussianProcess, policy.numerics());
            }

            @Override
            public Mechanism visit(org.optimech.runtime.spec.EllipticGaussianSpec ellipticGaussian) {
                requireFast(ellipticGaussian, mode);
                return new EllipticGaussianMechanism(ellipticGaussian, policy.numerics());
            }
        });
    }

    private static void requireFast(MechanismSpec spec, SamplingMode mode) {
        if (mode != SamplingMode.FAST) {
            throw new IllegalArgumentException("constant-time sampling is implemented for discrete specs only; a " + spec.kind() + " spec's samplers loop a "
                    + "number of times that depends on the noise (docs/THREAT_MODEL.md, Timing). Provided value: " + mode.json());
        }
    }
}
