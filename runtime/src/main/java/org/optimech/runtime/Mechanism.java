package org.optimech.runtime;

import java.util.Objects;
import java.util.function.Supplier;
import org.optimech.runtime.accuracy.Accuracy;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.Numerics;

/**
 * A loaded mechanism, ready to release private values: obtained only from {@link Mechanisms}, which validates the spec,
 * applies a runtime policy and builds the sampler once. Immutable and thread-safe; the randomness is always the caller's
 * ({@link RandomSource#secure()} for production), one source per thread.
 *
 * <p>Typed sampling: a discrete spec releases values ({@link #sample(long, RandomSource)} for integer ranges,
 * {@link #sample(String, RandomSource)} for any domain); a K-norm or Gaussian-process spec releases vectors
 * ({@link #sample(double[], RandomSource)}). The batch forms fill the caller's arrays. A method that does not fit the spec's
 * kind throws {@link UnsupportedOperationException} saying which one does. The parallel batch forms split the arrays into
 * chunks sampled on the common fork-join pool, each chunk with a source the caller's supplier gives on the thread that samples
 * it ({@code RandomSource::secure} gives every thread its own).
 */
public sealed interface Mechanism permits DiscreteMechanism, KNormMechanism, FunctionMechanism, EllipticGaussianMechanism {
    /** The validated spec this mechanism samples. */
    MechanismSpec spec();

    /** Calls the visitor's method for this mechanism's kind. */
    <R> R accept(Visitor<R> visitor);

    /** One method per kind: how callers handle each (a new kind does not compile until every caller does). */
    interface Visitor<R> {
        R visit(DiscreteMechanism discrete);

        R visit(KNormMechanism knorm);

        R visit(FunctionMechanism function);

        R visit(EllipticGaussianMechanism ellipticGaussian);
    }

    /**
     * A visitor for a question about one or two kinds: every kind it does not override answers {@link #otherwise}. A full
     * {@link Visitor} is for dispatch that must handle each kind (a new kind does not compile until it does).
     */
    abstract class Otherwise<R> implements Visitor<R> {
        /** The answer for a kind not overridden. */
        protected abstract R otherwise(Mechanism value);

        @Override
        public R visit(DiscreteMechanism discrete) {
            return otherwise(discrete);
        }

        @Override
        public R visit(KNormMechanism knorm) {
            return otherwise(knorm);
        }

        @Override
        public R visit(FunctionMechanism function) {
            return otherwise(function);
        }

        @Override
        public R visit(EllipticGaussianMechanism ellipticGaussian) {
            return otherwise(ellipticGaussian);
        }
    }

    /** What the sampler runs: {@code exact} (integer arithmetic) or {@code idealized} (floating point). */
    Numerics numerics();

    /**
     * How far a release is from the true value, with probability at least 1 − β: per input for a discrete spec (exact from the
     * stored integers, or certified from the stored structure), per coordinate, simultaneously and in ℓ2 for a vector release
     * (closed form or seeded Monte Carlo with its standard error). Depends on the spec alone, never on data.
     *
     * @param beta the failure probability, in (0, 1): 0.05 for 95% intervals
     * @throws IllegalArgumentException for β outside (0, 1)
     */
    default Accuracy accuracy(double beta) {
        return Accuracy.of(spec(), beta);
    }

    /**
     * One release for an integer input, as an integer output (a discrete spec over integer ranges). Inputs outside the range
     * follow the spec's input policy.
     */
    default long sample(long input, RandomSource random) {
        throw new UnsupportedOperationException("a " + spec().kind() + " spec releases vectors: call sample(double[], RandomSource)");
    }

    /** One release for an input value written as in the spec (a discrete spec), as an output value. */
    default String sample(String input, RandomSource random) {
        throw new UnsupportedOperationException("a " + spec().kind() + " spec releases vectors: call sample(double[], RandomSource)");
    }

    /** One release of a vector statistic (a K-norm spec) or of a function on the spec's grid (a Gaussian-process spec). */
    default double[] sample(double[] statistic, RandomSource random) {
        throw new UnsupportedOperationException("a " + spec().kind() + " spec releases values: call sample(long, RandomSource) or sample(String, RandomSource)");
    }

    /**
     * One release per input, written to {@code outputs} (same length).
     *
     * @throws IllegalArgumentException when the arrays' lengths differ
     */
    default void sample(long[] inputs, long[] outputs, RandomSource random) {
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(outputs, "outputs");
        if (inputs.length != outputs.length) {
            throw new IllegalArgumentException("outputs must have the length of inputs (" + inputs.length + "). Provided: " + outputs.length);
        }
        sampleRange(inputs, outputs, 0, inputs.length, random);
    }

    /**
     * One release per statistic, written into the caller's rows: {@code outputs[i]} is filled in place (a release has the
     * statistic's length), never replaced, so preallocated rows are reused. Every length is checked before anything is drawn.
     *
     * @throws IllegalArgumentException when the arrays' lengths differ, or a row of {@code outputs} is null or not as long as
     *     its statistic (the message names the row)
     */
    default void sample(double[][] statistics, double[][] outputs, RandomSource random) {
        Objects.requireNonNull(statistics, "statistics");
        Objects.requireNonNull(outputs, "outputs");
        if (statistics.length != outputs.length) {
            throw new IllegalArgumentException("outputs must have the length of statistics (" + statistics.length + "). Provided: " + outputs.length);
        }
        checkRows(statistics, outputs, 0, statistics.length);
        sampleRange(statistics, outputs, 0, statistics.length, random);
    }

    /**
     * One release per input, written to {@code outputs}, sampled in parallel on the common fork-join pool: each chunk calls
     * {@code sources.get()} on the thread that samples it (pass {@code RandomSource::secure}). The outputs are the same law as
     * the sequential form's; which draw lands where depends on the scheduling, so a seeded supplier does not reproduce a run.
     *
     * @throws IllegalArgumentException when the arrays' lengths differ
     */
    default void sampleParallel(long[] inputs, long[] outputs, Supplier<? extends RandomSource> sources) {
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(outputs, "outputs");
        ParallelBatches.inChunks(inputs.length, outputs.length, "inputs", sources, (from, to, random) -> sampleRange(inputs, outputs, from, to, random));
    }

    /**
     * One release per statistic, in parallel as {@link #sampleParallel(long[], long[], Supplier)}, filling the caller's rows as
     * {@link #sample(double[][], double[][], RandomSource)} does.
     *
     * @throws IllegalArgumentException when the arrays' lengths differ, or a row of {@code outputs} is null or not as long as
     *     its statistic
     */
    default void sampleParallel(double[][] statistics, double[][] outputs, Supplier<? extends RandomSource> sources) {
        Objects.requireNonNull(statistics, "statistics");
        Objects.requireNonNull(outputs, "outputs");
        if (statistics.length == outputs.length) {
            checkRows(statistics, outputs, 0, statistics.length);
        }
        ParallelBatches.inChunks(statistics.length, outputs.length, "statistics", sources, (from, to, random) -> sampleRange(statistics, outputs, from, to, random));
    }

    /** Releases for {@code statistics[from..to)} copied into the same rows of {@code outputs} (their lengths already checked). */
    private void sampleRange(double[][] statistics, double[][] outputs, int from, int to, RandomSource random) {
        for (int i = from; i < to; i++) {
            double[] released = sample(statistics[i], random);
            System.arraycopy(released, 0, outputs[i], 0, released.length);
        }
    }

    /** Each output row exists and has its statistic's length (a release is as long as its statistic). */
    private static void checkRows(double[][] statistics, double[][] outputs, int from, int to) {
        for (int i = from; i < to; i++) {
            Objects.requireNonNull(statistics[i], "statistics[" + i + "]");
            if (outputs[i] == null || outputs[i].length != statistics[i].length) {
                throw new IllegalArgumentException("outputs[" + i + "] must be an array of the statistic's length (" + statistics[i].length
                        + "), filled in place. Provided: " + (outputs[i] == null ? "null" : "length " + outputs[i].length));
            }
        }
    }

    /** Releases for {@code inputs[from..to)} into the same places of {@code outputs}; what the batch forms run per chunk. */
    default void sampleRange(long[] inputs, long[] outputs, int from, int to, RandomSource random) {
        for (int i = from; i < to; i++) {
            outputs[i] = sample(inputs[i], random);
        }
    }
}
