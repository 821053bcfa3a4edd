package org.optimech.runtime.accuracy;

import java.util.function.Function;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * How far a mechanism's output is from the true value, at a failure probability β: a {@link DiscreteAccuracy} per input for
 * discrete specs (exact or certified from the stored numbers), a {@link VectorAccuracy} per coordinate, simultaneously and in ℓ2
 * for K-norm and Gaussian-process specs (closed form or Monte Carlo with a standard error). Obtained with
 * {@link #of(MechanismSpec, double)} or {@code Mechanism.accuracy(β)}; depends only on the spec, never on data.
 */
public sealed interface Accuracy permits DiscreteAccuracy, VectorAccuracy {
    /** The failure probability β: every interval holds with probability at least 1 − β. */
    double beta();

    /** How the numbers were obtained (exact, certified bounds, closed form, Monte Carlo with its size). */
    String method();

    /** One sentence a person can read: the worst case at 1 − β. */
    String describe();

    /** Dispatches on the kind (a new kind does not compile until every caller handles it). */
    <R> R accept(Visitor<R> visitor);

    /** One method per kind of accuracy. */
    interface Visitor<R> {
        R visit(DiscreteAccuracy discrete);

        R visit(VectorAccuracy vector);
    }

    /** {@link #accept} with one function per kind, for callers that answer in an expression. */
    default <R> R match(Function<? super DiscreteAccuracy, ? extends R> discrete, Function<? super VectorAccuracy, ? extends R> vector) {
        return accept(new Visitor<R>() {
            @Override
            public R visit(DiscreteAccuracy d) {
                return discrete.apply(d);
            }

            @Override
            public R visit(VectorAccuracy v) {
                return vector.apply(v);
            }
        });
    }

    /**
     * Told how far a Monte Carlo estimate has got: {@code done} draws of the noise of {@code total} (vector specs estimate
     * their figures from draws; discrete specs compute theirs exactly and report nothing). Called from the estimating thread.
     */
    @FunctionalInterface
    interface Draws {
        /** Reports nothing. */
        Draws NONE = (done, total) -> { };

        /**
         * {@code done} of {@code total} draws are made.
         *
         * @param done draws made so far, 0 to total
         * @param total draws of the estimate
         */
        void drawn(long done, long total);
    }

    /**
     * The accuracy of a spec at failure probability β.
     *
     * @throws IllegalArgumentException for β outside (0, 1)
     */
    static Accuracy of(MechanismSpec spec, double beta) {
        return of(spec, beta, Draws.NONE);
    }

    /**
     * As {@link #of(MechanismSpec, double)}, telling {@code draws} how far a Monte Carlo estimate has got (a K-norm body
     * or a Gaussian process in high dimension takes seconds).
     *
     * @throws IllegalArgumentException for β outside (0, 1)
     */
    static Accuracy of(MechanismSpec spec, double beta, Draws draws) {
        java.util.Objects.requireNonNull(draws, "draws");
        checkBeta(beta);
        return spec.accept(new MechanismSpec.Visitor<Accuracy>() {
            @Override
            public Accuracy visit(DiscreteMechanismSpec table) {
                return DiscreteAccuracy.of(table, beta);
            }

            @Override
            public Accuracy visit(GeometricRemapSpec geometricRemap) {
                return DiscreteAccuracy.of(geometricRemap, beta);
            }

            @Override
            public Accuracy visit(KNormSpec knorm) {
                return VectorAccuracy.of(knorm, beta, draws);
            }

            @Override
            public Accuracy visit(GaussianProcessSpec gaussianProcess) {
                return VectorAccuracy.of(gaussianProcess, beta, draws);
            }

            @Override
            public Accuracy visit(org.optimech.runtime.spec.EllipticGaussianSpec ellipticGaussian) {
                return VectorAccuracy.of(ellipticGaussian, beta, draws);
            }
        });
    }

    /** The distribution of the error at one input of a discrete spec with integer inputs and outputs. */
    static ErrorDistribution errorDistribution(DiscreteSpec spec, int input) {
        return DiscreteAccuracy.distribution(spec, input);
    }

    /** @throws IllegalArgumentException for β outside (0, 1) */
    static void checkBeta(double beta) {
        if (!(beta > 0 && beta < 1)) {
            throw new IllegalArgumentException("beta must be in (0, 1) (the probability that an interval fails). Provided value: " + beta);
        }
    }
}
