package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomSource;

/**
 * The K-norm mechanism: releases t + V with V = r·U, r ~ Gamma(d+1, scale Δ/ε) drawn once per release
 * and U uniform in the unit body (ERRATA K1: a Gamma(d) radius with U inside K, or Gamma(d+1) with U on
 * the boundary, is the common bug). Density ∝ exp(−ε‖v‖_K/Δ): ε-DP for every pair of neighbours whose
 * statistics differ by a vector of K-norm at most Δ. Floating point: {@link #numerics()} is
 * {@code idealized}. Thread-safe; each call takes its own randomness source.
 */
public final class KNormSampler {
    private final UnitBody body;
    private final double sensitivity;
    private final double epsilon;
    private final double scale;
    private final double[][] embedding; // null, or ambient × body dimension (ERRATA K12)
    private final int[] pivots; // null (noise only), or the coordinates whose embedding rows are the identity
    private final double[] recordOffset; // null: the statistic lies in the subspace itself; else q0, zero on the pivots
    private final double hyperplaneSum; // NaN, or σ for a body in the hyperplane Σx = 0 ({@link HyperplaneRelease})

    private KNormSampler(UnitBody body, double sensitivity, double epsilon, double[][] embedding, int[] pivots, double[] recordOffset) {
        this(body, sensitivity, epsilon, embedding, pivots, recordOffset, Double.NaN);
    }

    private KNormSampler(UnitBody body, double sensitivity, double epsilon, double[][] embedding, int[] pivots, double[] recordOffset, double hyperplaneSum) {
        this.hyperplaneSum = hyperplaneSum;
        this.body = body;
        this.sensitivity = sensitivity;
        this.epsilon = epsilon;
        this.scale = sensitivity / epsilon;
        this.embedding = embedding;
        this.pivots = pivots;
        this.recordOffset = recordOffset;
    }

    public static KNormSampler of(UnitBody body, double sensitivity, double epsilon) {
        if (!(sensitivity > 0) || Double.isInfinite(sensitivity)) {
            throw new IllegalArgumentException("sensitivity must be > 0 and finite. Provided value: " + sensitivity);
        }
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be > 0 and finite. Provided value: " + epsilon);
        }
        return new KNormSampler(body, sensitivity, epsilon, null, null, null);
    }

    /**
     * The noise of the same mechanism for a statistic whose adjacent output space spans a proper subspace (ERRATA K12):
     * drawn in the subspace's coordinates (Gamma shape = its dimension + 1) and mapped by {@code embedding} (ambient
     * dimension × subspace dimension, columns spanning the subspace). For {@link #noise} only: its {@link #release} refuses,
     * since without pivots it could only add the noise to the caller's statistic, whose part off the subspace (zero in
     * exact arithmetic, a rounding residue in floating point) would then be published with no noise at all.
     */
    public KNormSampler inSubspace(double[][] embedding) {
        return new KNormSampler(body, sensitivity, epsilon, checkedEmbedding(embedding), null, null);
    }

    /**
     * The release of the same mechanism in a subspace x = B·x[pivots] (B = {@code embedding}, whose pivot rows are the
     * identity) for a statistic T = Σ t(x_i) whose records satisfy t(x) − B·t(x)[pivots] = q0 for every record x
     * ({@code recordOffset} = q0, null when q0 = 0, as under add/remove). The release is n·q0 + B·(T[pivots] + Z): it reads
     * the caller's statistic only at the pivots, never the rest, so a coordinate that is zero or dependent in exact
     * arithmetic but carries a rounding residue in the caller's floating-point evaluation publishes nothing of it. With
     * q0 ≠ 0 (substitution) the public record count n is a parameter of the release ({@link #release(double[], long,
     * RandomSource)}), never estimated from the statistic: an estimate would read the very coordinates whose residue depends
     * on the data.
     *
     * @throws IllegalArgumentException unless the embedding has one finite row per statistic coordinate, one column per
     *     subspace dimension and identity rows at the pivots, and the offset is finite, zero on the pivots and of the
     *     statistic's length
     */
    public KNormSampler inSubspace(int[] pivots, double[][] embedding, double[] recordOffset) {
        double[][] e = checkedEmbedding(embedding);
        int[] p = pivots.clone();
        if (p.length != body.dimension()) {
            throw new IllegalArgumentException("pivots must number " + body.dimension() + " (the body's dimension). Provided length: " + p.length);
        }
        for (int i = 0; i < p.length; i++) {
            if (p[i] < 0 || p[i] >= e.length) {
                throw new IllegalArgumentException("pivots must lie in [0, " + e.length + "). Provided value: " + p[i]);
            }
            for (int c = 0; c < p.length; c++) {
                if (e[p[i]][c] != (i == c ? 1.0 : 0.0)) {
                    throw new IllegalArgumentException("the embedding's pivot rows must form the identity; row " + p[i] + " does not");
                }
            }
        }
        double[] q = null;
        if (recordOffset != null) {
            if (recordOffset.length != e.length) {
                throw new IllegalArgumentException("recordOffset must have " + e.length + " entries. Provided length: " + recordOffset.length);
            }
            q = recordOffset.clone();
            boolean nonzero = false;
            for (double v : q) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("recordOffset entries must be finite. Provided value: " + v);
                }
                nonzero |= v != 0;
            }
            for (int i : p) {
                if (q[i] != 0) {
                    throw new IllegalArgumentException("recordOffset must be zero on the pivots. Provided value at " + i + ": " + q[i]);
                }
            }
            q = nonzero ? q : null;
        }
        return new KNormSampler(body, sensitivity, epsilon, e, p, q);
    }

    /**
     * The release of the same mechanism for a body in the hyperplane Σx = 0 (its {@link UnitBody#spanDimension} is d − 1)
     * whose records each contribute the public sum σ = {@code recordSum}: see {@link HyperplaneRelease}, which publishes
     * nothing of the caller's Σ t (with σ ≠ 0 the record count n is a parameter of the release).
     *
     * @throws IllegalArgumentException unless the body spans a hyperplane, has no embedding, and σ is finite
     */
    public KNormSampler onHyperplane(double recordSum) {
        if (embedding != null || body.spanDimension() != body.dimension() - 1) {
            throw new IllegalArgumentException("a hyperplane release needs a body spanning the hyperplane Σx = 0 in the statistic's own coordinates; "
                    + body.name() + " spans " + body.spanDimension() + " of " + dimension() + " dimensions");
        }
        return new KNormSampler(body, sensitivity, epsilon, null, null, null, HyperplaneRelease.checkedRecordSum(recordSum));
    }

    private double[][] checkedEmbedding(double[][] embedding) {
        int r = body.dimension();
        if (embedding.length == 0) {
            throw new IllegalArgumentException("embedding must have at least one row");
        }
        double[][] e = new double[embedding.length][];
        for (int i = 0; i < embedding.length; i++) {
            if (embedding[i].length != r) {
                throw new IllegalArgumentException("embedding rows must have " + r + " entries (the body's dimension). Row " + i + " has "
                        + embedding[i].length);
            }
            for (double v : embedding[i]) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("embedding entries must be finite");
                }
            }
            e[i] = embedding[i].clone();
        }
        return e;
    }

    /** The dimension of the statistic (the ambient one when embedded). */
    public int dimension() {
        return embedding == null ? body.dimension() : embedding.length;
    }

    public UnitBody body() {
        return body;
    }

    public double sensitivity() {
        return sensitivity;
    }

    public double epsilon() {
        return epsilon;
    }

    /** Always {@code idealized}: floating-point sampling (see the package documentation). */
    public String numerics() {
        return "idealized";
    }

    /** One noise vector. */
    public double[] noise(RandomSource bits) {
        double[] u = bodyNoise(bits);
        return embedding == null ? u : embed(u);
    }

    /** r·U in the body's own coordinates. */
    private double[] bodyNoise(RandomSource bits) {
        int d = body.dimension();
        // shape = the span's dimension + 1: a body in a hyperplane (the permutohedron) has one dimension less than its points
        double r = Continuous.gamma(body.spanDimension() + 1, scale, bits);
        double[] u = body.uniformPoint(bits);
        for (int j = 0; j < d; j++) {
            u[j] *= r;
        }
        return u;
    }

    private double[] embed(double[] u) {
        double[] x = new double[embedding.length];
        for (int i = 0; i < x.length; i++) {
            double s = 0;
            for (int j = 0; j < u.length; j++) {
                s += embedding[i][j] * u[j];
            }
            x[i] = s;
        }
        return x;
    }

    /**
     * Whether a release needs the public record count n ({@link #release(double[], long, RandomSource)}): a statistic with a
     * public part n·q0 off the noise's subspace or hyperplane (substitution).
     */
    public boolean needsRecordCount() {
        return recordOffset != null || (!Double.isNaN(hyperplaneSum) && hyperplaneSum != 0);
    }

    /**
     * t plus one noise vector; in a subspace, B·(t[pivots] + z) (see {@link #inSubspace(int[], double[][], double[])}); on
     * the hyperplane Σx = 0 with σ = 0, the same with the last coordinate minus the others.
     *
     * @throws IllegalArgumentException for a statistic of the wrong length or with a non-finite coordinate
     * @throws IllegalStateException when the release {@link #needsRecordCount() needs the record count}, or for a noise-only
     *     sampler (a subspace without pivots, a hyperplane body without its record sum)
     */
    public double[] release(double[] statistic, RandomSource bits) {
        if (needsRecordCount()) {
            throw new IllegalStateException("this statistic has a public part n·q0 off the noise's subspace or hyperplane (substitution): give the public record count "
                    + "n, release(statistic, n, bits); it is never estimated from the statistic, whose coordinates there carry a data-dependent rounding "
                    + "residue");
        }
        return release(statistic, 0, bits);
    }

    /**
     * The release for a statistic over {@code records} records (public under substitution; ignored when the release does
     * not {@link #needsRecordCount() need it}).
     *
     * @throws IllegalArgumentException for a statistic of the wrong length or with a non-finite coordinate, or a negative
     *     record count, or one whose public part n·q0 is beyond the double range
     * @throws IllegalStateException for a noise-only sampler (a subspace without pivots, a hyperplane body without its record
     *     sum)
     */
    public double[] release(double[] statistic, long records, RandomSource bits) {
        if (statistic.length != dimension()) {
            throw new IllegalArgumentException("statistic must have " + dimension() + " coordinates. Provided length: " + statistic.length);
        }
        for (int j = 0; j < statistic.length; j++) {
            if (!Double.isFinite(statistic[j])) {
                throw new IllegalArgumentException("statistic coordinate " + j + " must be finite. Provided value: " + statistic[j]);
            }
        }
        if (records < 0) {
            throw new IllegalArgumentException("records must be >= 0. Provided value: " + records);
        }
        if (!Double.isNaN(hyperplaneSum)) {
            return HyperplaneRelease.release(statistic, noise(bits), records, hyperplaneSum);
        }
        if (embedding == null) {
            if (body.spanDimension() < body.dimension()) {
                throw new IllegalStateException("this sampler's body spans the hyperplane Σx = 0 only: it draws noise; a release needs the record sum "
                        + "(onHyperplane), so that the caller's Σ t is not published");
            }
            double[] v = noise(bits);
            for (int j = 0; j < v.length; j++) {
                v[j] += statistic[j];
            }
            return v;
        }
        if (pivots == null) {
            throw new IllegalStateException("this sampler maps noise into a subspace without its pivots: it draws noise only; a release needs the spec's "
                    + "sampler, which publishes nothing of the statistic off the subspace");
        }
        double[] w = bodyNoise(bits);
        for (int i = 0; i < w.length; i++) {
            w[i] += statistic[pivots[i]];
        }
        double[] x = embed(w);
        if (recordOffset != null) {
            for (int j = 0; j < x.length; j++) {
                if (recordOffset[j] != 0) {
                    double shift = records * recordOffset[j];
                    if (!Double.isFinite(shift)) {
                        throw new IllegalArgumentException("records · q0 is beyond the double range at coordinate " + j + ". Provided value: " + records);
                    }
                    x[j] += shift;
                }
            }
        }
        return x;
    }
}
