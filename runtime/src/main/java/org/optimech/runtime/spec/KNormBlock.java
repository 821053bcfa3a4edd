package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.JsonName;

/**
 * The {@code mechanism} block of a K-norm spec, typed: the release T + B·(r·U), r ~ Gamma(k+1, Δ/noiseEpsilon), U uniform in
 * the unit body (ERRATA K1), B the subspace's basis (ERRATA K12). Shapes only; {@link KNormSpec#of} checks the numbers.
 *
 * @param dimension d, the statistic's dimension
 * @param subspace the span of the adjacent outputs when it is proper (null: all of ℝ^d)
 * @param body the unit body, in the subspace's coordinates
 * @param sensitivity Δ_K, exact
 * @param noiseEpsilon the ε the noise is calibrated to
 * @param adjacentPoints points whose hull contains the adjacent output space (null when none are stored)
 * @param lattice the exact lattice release (null: floating-point noise)
 * @param certificate the proof that Δ bounds the gauge over the recorded polynomial statistic's adjacent outputs (null: none)
 */
public record KNormBlock(int dimension, Subspace subspace, Body body, BigDecimal sensitivity, BigDecimal noiseEpsilon, AdjacentPoints adjacentPoints,
        Lattice lattice, SensitivityCertificate certificate) {
    /** The mechanism kind name in JSON. */
    public static final String KIND = "knorm";

    public KNormBlock {
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(sensitivity, "sensitivity");
        Objects.requireNonNull(noiseEpsilon, "noiseEpsilon");
    }

    /** A block without a sensitivity certificate. */
    public KNormBlock(int dimension, Subspace subspace, Body body, BigDecimal sensitivity, BigDecimal noiseEpsilon, AdjacentPoints adjacentPoints,
            Lattice lattice) {
        this(dimension, subspace, body, sensitivity, noiseEpsilon, adjacentPoints, lattice, null);
    }

    /** The same block with a sensitivity certificate. */
    public KNormBlock withCertificate(SensitivityCertificate c) {
        return new KNormBlock(dimension, subspace, body, sensitivity, noiseEpsilon, adjacentPoints, lattice, c);
    }

    /**
     * A proof-carrying sensitivity: bisection trees over the box of one record (add/remove) or of a record pair
     * (substitution) whose leaves, bounded by the runtime's own interval evaluator
     * ({@link org.optimech.runtime.certificate.CertificateCheck}), prove that every adjacent output of the statistic recorded in
     * {@code design.problem} has K-norm at most Δ. The trees are stored deflated and base64-encoded.
     *
     * @param format {@value #FORMAT}
     * @param trees the encoded trees
     * @param relativeGap the gap the designer's search reached between its certified bound and its witness (information only)
     */
    public record SensitivityCertificate(String format, String trees, BigDecimal relativeGap) {
        /** The only certificate format. */
        public static final String FORMAT = "interval-bisection-v1";

        public SensitivityCertificate {
            Objects.requireNonNull(format, "format");
            Objects.requireNonNull(trees, "trees");
        }
    }

    /** The dimension k of the noise: the subspace's when there is one, a structured body's span (d − 1 for a permutohedron in Σx = 0), else d. */
    public int noiseDimension() {
        if (subspace != null) {
            return subspace.pivots().length;
        }
        return body instanceof StructuredBody s ? s.spanDimension(dimension) : dimension;
    }

    /**
     * x = basis · x[pivots], exactly: the pivot rows of the basis form the identity (checked at load).
     *
     * @param pivots increasing coordinate indices (copied)
     * @param basis d rows of k exact rationals (copied)
     */
    public record Subspace(int[] pivots, Rational[][] basis) {
        /**
         * @throws IllegalArgumentException unless the basis has one row per statistic coordinate and one column per pivot,
         *     the pivots increase within [0, d) and number between 1 and d − 1, and the pivot rows form the identity
         */
        public Subspace {
            pivots = Objects.requireNonNull(pivots, "pivots").clone();
            Rational[][] b = new Rational[Objects.requireNonNull(basis, "basis").length][];
            for (int j = 0; j < b.length; j++) {
                b[j] = Objects.requireNonNull(basis[j], "basis row").clone();
            }
            basis = b;
            int d = b.length;
            int k = pivots.length;
            if (k < 1 || k >= d) {
                throw new IllegalArgumentException("a subspace must have between 1 and " + (d - 1) + " pivots (a proper subspace of dimension " + d
                        + "). Provided: " + k);
            }
            for (int i = 0; i < k; i++) {
                if (pivots[i] < (i == 0 ? 0 : pivots[i - 1] + 1) || pivots[i] >= d) {
                    throw new IllegalArgumentException("pivots must increase within [0, " + d + "). Provided value: " + java.util.Arrays.toString(pivots));
                }
            }
            for (int j = 0; j < d; j++) {
                if (b[j].length != k) {
                    throw new IllegalArgumentException("basis row " + j + " must have one entry per pivot (" + k + "); found " + b[j].length);
                }
            }
            for (int i = 0; i < k; i++) {
                for (int c = 0; c < k; c++) {
                    if (b[pivots[i]][c].compareTo(i == c ? Rational.of(java.math.BigInteger.ONE) : Rational.ZERO) != 0) {
                        throw new IllegalArgumentException("the pivot rows of the basis must form the identity; row " + pivots[i] + " entry " + c + " is "
                                + b[pivots[i]][c]);
                    }
                }
            }
        }

        @Override
        public int[] pivots() {
            return pivots.clone();
        }

        @Override
        public Rational[][] basis() {
            Rational[][] b = new Rational[basis.length][];
            for (int j = 0; j < b.length; j++) {
                b[j] = basis[j].clone();
            }
            return b;
        }

        /** The basis rounded to doubles (d × k): how floating-point noise drawn in the subspace is mapped to the statistic's coordinates. */
        public double[][] embedding() {
            double[][] e = new double[basis.length][pivots.length];
            for (int j = 0; j < basis.length; j++) {
                for (int i = 0; i < pivots.length; i++) {
                    e[j][i] = basis[j][i].doubleValue();
                }
            }
            return e;
        }

        /** Equal when every component is, arrays compared by content. */
        @Override
        public boolean equals(Object other) {
            return other instanceof Subspace o && java.util.Objects.deepEquals(pivots, o.pivots) && java.util.Objects.deepEquals(basis, o.basis);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.deepHashCode(new Object[] {pivots, basis});
        }
    }

    /** Where stored adjacent points come from. */
    public enum PointSource implements JsonName {
        /** Computed exactly from the problem's statistic (e.g. the vertices of a multilinear map on a box). */
        EXACT("exact"),
        /** Taken from records or differences the user declared complete. */
        ASSERTED("asserted");

        private final String json;

        PointSource(String json) {
            this.json = json;
        }

        @Override
        public String json() {
            return json;
        }
    }

    /**
     * Points whose hull contains the adjacent output space; Δ is re-checked against each and its negative.
     *
     * @param source how they were obtained
     * @param points d coordinates each (copied)
     */
    public record AdjacentPoints(PointSource source, double[][] points) {
        /** @throws IllegalArgumentException for no points or rows of different lengths */
        public AdjacentPoints {
            Objects.requireNonNull(source, "source");
            double[][] c = new double[Objects.requireNonNull(points, "points").length][];
            if (c.length == 0) {
                throw new IllegalArgumentException("adjacent points must not be empty");
            }
            for (int i = 0; i < c.length; i++) {
                c[i] = points[i].clone();
                if (c[i].length != c[0].length) {
                    throw new IllegalArgumentException("every adjacent point must have " + c[0].length + " coordinates; point " + i + " has " + c[i].length);
                }
            }
            points = c;
        }

        @Override
        public double[][] points() {
            double[][] c = new double[points.length][];
            for (int i = 0; i < c.length; i++) {
                c[i] = points[i].clone();
            }
            return c;
        }

        /** Equal when every component is, arrays compared by content. */
        @Override
        public boolean equals(Object other) {
            return other instanceof AdjacentPoints o && java.util.Objects.deepEquals(source, o.source)
                    && java.util.Objects.deepEquals(points, o.points);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.deepHashCode(new Object[] {source, points});
        }
    }

    /**
     * The exact lattice release on 2^e·ℤ^d: lattice_sensitivity = Δ/2^e + ρ (re-derived at load; docs/LATTICE_KNORM.md).
     *
     * @param spacingExponent e, in [−60, 60]
     * @param latticeSensitivity Δ_L as an exact rational
     */
    public record Lattice(int spacingExponent, Rational latticeSensitivity) {
        public Lattice {
            Objects.requireNonNull(latticeSensitivity, "latticeSensitivity");
        }
    }
}
