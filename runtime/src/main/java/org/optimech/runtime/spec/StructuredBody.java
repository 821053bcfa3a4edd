package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.function.Function;

/**
 * A unit body in closed form for a structured statistic (Joseph–Yu 2023), stored by its parameters alone and sampled
 * without any table in the spec, at any dimension up to {@link org.optimech.runtime.statistic.StructuredStatistic#MAX_DIMENSION}.
 * Q below is [0, 1]^d ∩ {Σx ≤ k}. All have idealized (floating-point) samplers; the sum ball and count ball also have an exact
 * lattice sampler (docs/LATTICE_KNORM.md, "Structured bodies").
 */
public sealed interface StructuredBody extends Body permits StructuredBody.SumBall, StructuredBody.CountBall, StructuredBody.CountJoin,
        StructuredBody.Permutohedron {
    @Override
    default <R> R accept(Body.Visitor<R> visitor) {
        return visitor.visit(this);
    }

    /** Dispatches on the structured body's kind: code outside this package reads one through this (or {@link #match}), never by testing its kind. */
    <R> R accept(Visitor<R> visitor);

    /** The structured body's kind as an expression: one function per kind. */
    default <R> R match(Function<? super SumBall, ? extends R> sumBall, Function<? super CountBall, ? extends R> countBall,
            Function<? super CountJoin, ? extends R> countJoin, Function<? super Permutohedron, ? extends R> permutohedron) {
        return accept(new Visitor<R>() {
            @Override
            public R visit(SumBall b) {
                return sumBall.apply(b);
            }

            @Override
            public R visit(CountBall b) {
                return countBall.apply(b);
            }

            @Override
            public R visit(CountJoin b) {
                return countJoin.apply(b);
            }

            @Override
            public R visit(Permutohedron b) {
                return permutohedron.apply(b);
            }
        });
    }

    /** One method per kind of {@link StructuredBody}. */
    interface Visitor<R> {
        R visit(SumBall sumBall);

        R visit(CountBall countBall);

        R visit(CountJoin countJoin);

        R visit(Permutohedron permutohedron);
    }

    /** The dimension of the body's linear span for a statistic of dimension d (the Gamma shape is this plus one). */
    default int spanDimension(int d) {
        return d;
    }

    /**
     * B∞ ∩ k·B1 = {|x_j| ≤ 1, Σ|x_j| ≤ k}: the hull of vectors with at most k non-zero entries in [−1, 1].
     *
     * @param k in [1, d]
     */
    record SumBall(int k) implements StructuredBody {
        @Override
        public String type() {
            return "sum-ball";
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /**
     * Q − Q = {|x_j| ≤ 1, Σx₊ ≤ k, Σx₋ ≤ k}: the hull of differences of two records that each add at most 1 to at most k counts.
     *
     * @param k in [1, d]
     */
    record CountBall(int k) implements StructuredBody {
        @Override
        public String type() {
            return "count-ball";
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /**
     * conv(Q ∪ −Q), gauge g(x₊) + g(x₋) with g(y) = max(max y, Σy/k): the hull of ±t(x) for such records.
     *
     * @param k in [1, d]
     */
    record CountJoin(int k) implements StructuredBody {
        @Override
        public String type() {
            return "count-join";
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /**
     * The centred permutohedron conv{permutations of (−(d−1)/2, …, (d−1)/2)} in the hyperplane Σx = 0, or with a prism half-height
     * h the full-dimensional prism Π + [−h, h]·1.
     *
     * @param prismHalfHeight h &gt; 0, exact; null for Π in its hyperplane
     */
    record Permutohedron(BigDecimal prismHalfHeight) implements StructuredBody {
        public Permutohedron {
            if (prismHalfHeight != null && prismHalfHeight.signum() <= 0) {
                throw new IllegalArgumentException("prism_half_height must be > 0. Provided value: " + prismHalfHeight.toPlainString());
            }
        }

        @Override
        public String type() {
            return "permutohedron";
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }

        @Override
        public int spanDimension(int d) {
            return prismHalfHeight == null ? d - 1 : d;
        }
    }

    /** The k of a sum ball, count ball or count join; 0 for the permutohedron. */
    static int kOf(StructuredBody b) {
        Objects.requireNonNull(b, "body");
        if (b instanceof SumBall s) {
            return s.k();
        }
        if (b instanceof CountBall c) {
            return c.k();
        }
        return b instanceof CountJoin j ? j.k() : 0;
    }
}
