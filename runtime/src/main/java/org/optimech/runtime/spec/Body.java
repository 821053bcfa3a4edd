package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.knorm.LpNorm;

/**
 * The unit body K of a K-norm spec, as stored: one of four general forms, or a {@link StructuredBody} given by its parameters. A body record only holds numbers of the right shape;
 * that they describe a convex body around the origin, tiled by the stored simplices, with an invertible matrix or a certified
 * acceptance rate, is checked exactly by {@link KNormSpec#of} (the only way to obtain a spec).
 */
public sealed interface Body permits Body.Ball, Body.Polytope, Body.LinearImage, Body.Halfspaces, StructuredBody {
    /** The body's {@code type} in JSON. */
    String type();

    /** Dispatches on the body's form: code outside this package reads a body through this (or {@link #match}), never by testing its kind. */
    <R> R accept(Visitor<R> visitor);

    /**
     * The body's form as an expression, for code that handles the closed forms and treats the three general forms given by
     * stored numbers (polytope, linear image, half-spaces) alike.
     *
     * @param ball for an ℓp ball
     * @param structured for a structured body (dispatch further with {@link StructuredBody#match})
     * @param stored for a polytope, a linear image or half-spaces
     */
    default <R> R match(Function<? super Ball, ? extends R> ball, Function<? super StructuredBody, ? extends R> structured,
            Function<? super Body, ? extends R> stored) {
        return accept(new Visitor<R>() {
            @Override
            public R visit(Ball b) {
                return ball.apply(b);
            }

            @Override
            public R visit(Polytope p) {
                return stored.apply(p);
            }

            @Override
            public R visit(LinearImage l) {
                return stored.apply(l);
            }

            @Override
            public R visit(Halfspaces h) {
                return stored.apply(h);
            }

            @Override
            public R visit(StructuredBody s) {
                return structured.apply(s);
            }
        });
    }

    /** One method per form of {@link Body}. */
    interface Visitor<R> {
        R visit(Ball ball);

        R visit(Polytope polytope);

        R visit(LinearImage image);

        R visit(Halfspaces halfspaces);

        R visit(StructuredBody structured);
    }

    /** The unit ball of an ℓp norm. */
    record Ball(LpNorm norm) implements Body {
        public Ball {
            Objects.requireNonNull(norm, "norm");
        }

        @Override
        public String type() {
            return "ball";
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /**
     * A facet {x : normal·x ≤ offset}: an integer normal and an exact offset &gt; 0 (the origin strictly inside).
     *
     * @param normal integers, not all zero (copied)
     * @param offset exact, &gt; 0
     */
    record Facet(BigInteger[] normal, BigDecimal offset) {
        public Facet {
            normal = Objects.requireNonNull(normal, "normal").clone();
            Objects.requireNonNull(offset, "offset");
            boolean zero = true;
            for (BigInteger n : normal) {
                zero &= Objects.requireNonNull(n, "normal entry").signum() == 0;
            }
            if (zero || normal.length == 0) {
                throw new IllegalArgumentException("a facet normal must not be the zero vector");
            }
            if (offset.signum() <= 0) {
                throw new IllegalArgumentException("a facet offset must be > 0 (the origin strictly inside). Provided value: " + offset);
            }
        }

        @Override
        public BigInteger[] normal() {
            return normal.clone();
        }

        /** Equal when every component is, arrays compared by content. */
        @Override
        public boolean equals(Object other) {
            return other instanceof Facet o && java.util.Objects.deepEquals(normal, o.normal) && java.util.Objects.deepEquals(offset, o.offset);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.deepHashCode(new Object[] {normal, offset});
        }
    }

    /** An axis-parallel box [lower, upper] (copied in and out). */
    record Box(double[] lower, double[] upper) {
        public Box {
            lower = Objects.requireNonNull(lower, "lower").clone();
            upper = Objects.requireNonNull(upper, "upper").clone();
            if (lower.length != upper.length || lower.length == 0) {
                throw new IllegalArgumentException("box corners must have the same dimension >= 1. Provided lengths: " + lower.length + ", " + upper.length);
            }
        }

        @Override
        public double[] lower() {
            return lower.clone();
        }

        @Override
        public double[] upper() {
            return upper.clone();
        }

        public int dimension() {
            return lower.length;
        }

        /**
         * vol(inner) / vol(this), exactly from the stored doubles: the acceptance a box inscribed in a body certifies for
         * rejection from this box (the designer states it, the loader re-checks it).
         *
         * @throws IllegalArgumentException for boxes of different dimensions
         */
        public Rational shareOf(Box inner) {
            if (inner.lower.length != lower.length) {
                throw new IllegalArgumentException("the inner box must have dimension " + lower.length + ". Provided: " + inner.lower.length);
            }
            Rational r = Rational.of(java.math.BigInteger.ONE);
            for (int j = 0; j < lower.length; j++) {
                r = r.multiply(Rational.of(inner.upper[j]).subtract(Rational.of(inner.lower[j]))).divide(Rational.of(upper[j]).subtract(Rational.of(lower[j])));
            }
            return r;
        }

        /** Equal when every component is, arrays compared by content. */
        @Override
        public boolean equals(Object other) {
            return other instanceof Box o && java.util.Objects.deepEquals(lower, o.lower) && java.util.Objects.deepEquals(upper, o.upper);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.deepHashCode(new Object[] {lower, upper});
        }
    }

    /**
     * A polytope given both ways: its vertices and facets, and a triangulation of its boundary (each simplex with the facet it
     * lies on) whose cones from the origin tile it, for the alias sampler.
     *
     * @param vertices k coordinates each (copied)
     * @param facets its facets
     * @param simplices k vertex indices each (copied)
     * @param simplexFacets the facet of each simplex (copied)
     */
    record Polytope(double[][] vertices, List<Facet> facets, int[][] simplices, int[] simplexFacets) implements Body {
        public Polytope {
            vertices = copy(vertices);
            facets = List.copyOf(facets);
            simplices = copy(simplices);
            simplexFacets = Objects.requireNonNull(simplexFacets, "simplexFacets").clone();
        }

        @Override
        public double[][] vertices() {
            return copy(vertices);
        }

        @Override
        public int[][] simplices() {
            return copy(simplices);
        }

        @Override
        public int[] simplexFacets() {
            return simplexFacets.clone();
        }

        @Override
        public String type() {
            return "polytope";
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }

        /** Equal when every component is, arrays compared by content. */
        @Override
        public boolean equals(Object other) {
            return other instanceof Polytope o && java.util.Objects.deepEquals(vertices, o.vertices) && java.util.Objects.deepEquals(facets, o.facets)
                    && java.util.Objects.deepEquals(simplices, o.simplices) && java.util.Objects.deepEquals(simplexFacets, o.simplexFacets);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.deepHashCode(new Object[] {vertices, facets, simplices, simplexFacets});
        }
    }

    /**
     * The image A·B of the ℓ1 or ℓ∞ ball B under an invertible matrix A (checked exactly at load).
     *
     * @param base l1 or linf
     * @param matrix k × k (copied)
     */
    record LinearImage(LpNorm base, double[][] matrix) implements Body {
        public LinearImage {
            Objects.requireNonNull(base, "base");
            if (base == LpNorm.L2) {
                throw new IllegalArgumentException("a linear-image body's base must be l1 or linf. Provided value: l2");
            }
            matrix = copy(matrix);
        }

        @Override
        public double[][] matrix() {
            return copy(matrix);
        }

        @Override
        public String type() {
            return "linear-image";
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }

        /** Equal when every component is, arrays compared by content. */
        @Override
        public boolean equals(Object other) {
            return other instanceof LinearImage o && java.util.Objects.deepEquals(base, o.base) && java.util.Objects.deepEquals(matrix, o.matrix);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.deepHashCode(new Object[] {base, matrix});
        }
    }

    /**
     * Half-spaces intersected with a box, sampled by rejection from the box.
     *
     * @param facets the half-spaces
     * @param box the box, which contains the origin strictly
     * @param inscribedBox a box inside the body that certifies the acceptance rate (null in specs written before it existed)
     * @param acceptanceRate the stated acceptance rate, in (0, 1]
     * @param maxAttempts proposals one release may use
     */
    record Halfspaces(List<Facet> facets, Box box, Box inscribedBox, BigDecimal acceptanceRate, int maxAttempts) implements Body {
        public Halfspaces {
            facets = List.copyOf(facets);
            Objects.requireNonNull(box, "box");
            Objects.requireNonNull(acceptanceRate, "acceptanceRate");
        }

        @Override
        public String type() {
            return "halfspaces";
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    private static double[][] copy(double[][] m) {
        Objects.requireNonNull(m, "matrix");
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = Objects.requireNonNull(m[i], "row").clone();
        }
        return c;
    }

    private static int[][] copy(int[][] m) {
        Objects.requireNonNull(m, "matrix");
        int[][] c = new int[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = Objects.requireNonNull(m[i], "row").clone();
        }
        return c;
    }
}
