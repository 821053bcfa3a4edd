package org.optimech.runtime.knorm;

import java.util.Objects;
import org.optimech.runtime.random.RandomSource;

/**
 * Gaussian noise with a permutation-invariant covariance Σ = v⊥·(I − 11ᵀ/d) + v₁·11ᵀ/d (Joseph–Yu's elliptic Gaussian for
 * structured statistics): with z standard normal in ℝ^d and z̄ its mean, V = √v⊥·(z − z̄·1) + √v₁·z̄·1, whose two parts are
 * independent with covariances v⊥·P and v₁·11ᵀ/d. O(d) per draw, d standard normals by Box–Muller in floating point
 * (idealized numerics). v₁ = 0 puts the noise in the hyperplane Σx = 0. Immutable and thread-safe; each call takes its own
 * randomness source.
 */
public final class EllipticGaussianSampler {
    private final int dimension;
    private final double across;
    private final double along;

    private final double hyperplaneSum; // NaN, or σ when the noise lies in the hyperplane Σx = 0

    private EllipticGaussianSampler(int dimension, double across, double along) {
        this(dimension, across, along, Double.NaN);
    }

    private EllipticGaussianSampler(int dimension, double across, double along, double hyperplaneSum) {
        this.hyperplaneSum = hyperplaneSum;
        this.dimension = dimension;
        this.across = across;
        this.along = along;
    }

    /**
     * @param dimension d ≥ 1
     * @param varianceAcross v⊥ &gt; 0, the variance in every direction orthogonal to 1
     * @param varianceAlong v₁ ≥ 0, the variance along 1/√d
     * @throws IllegalArgumentException for a dimension below 1 or a variance out of range or not finite
     */
    public static EllipticGaussianSampler of(int dimension, double varianceAcross, double varianceAlong) {
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be >= 1. Provided value: " + dimension);
        }
        if (!(varianceAcross > 0) || Double.isInfinite(varianceAcross)) {
            throw new IllegalArgumentException("varianceAcross must be > 0 and finite. Provided value: " + varianceAcross);
        }
        if (!(varianceAlong >= 0) || Double.isInfinite(varianceAlong)) {
            throw new IllegalArgumentException("varianceAlong must be >= 0 and finite. Provided value: " + varianceAlong);
        }
        return new EllipticGaussianSampler(dimension, Math.sqrt(varianceAcross), Math.sqrt(varianceAlong));
    }

    public int dimension() {
        return dimension;
    }

    /** One noise vector. */
    public double[] noise(RandomSource bits) {
        Objects.requireNonNull(bits, "bits");
        double[] v = new double[dimension];
        double sum = 0;
        for (int j = 0; j < dimension; j++) {
            v[j] = Continuous.normal(bits);
            sum += v[j];
        }
        double mean = sum / dimension;
        double shift = along * mean - across * mean;
        for (int j = 0; j < dimension; j++) {
            v[j] = across * v[j] + shift;
        }
        return v;
    }

    /** Whether a release needs the public record count n: noise in the hyperplane Σx = 0 with a nonzero record sum σ. */
    public boolean needsRecordCount() {
        return !Double.isNaN(hyperplaneSum) && hyperplaneSum != 0;
    }

    /**
     * The statistic plus one noise draw (in the hyperplane Σx = 0 with σ = 0: the last coordinate minus the others).
     *
     * @throws IllegalArgumentException for a statistic of the wrong length or with a non-finite coordinate
     * @throws IllegalStateException when the release {@link #needsRecordCount() needs the record count}, or for noise with no
     *     variance along 1 and no record sum ({@link #onHyperplane}): adding it to the caller's statistic would publish Σ t
     */
    public double[] release(double[] statistic, RandomSource bits) {
        if (needsRecordCount()) {
            throw new IllegalStateException("this statistic's sum n·σ is public and gets no noise (substitution): give the public record count n, "
                    + "release(statistic, n, bits); it is never estimated from the statistic's sum, whose rounding depends on the data");
        }
        return release(statistic, 0, bits);
    }

    /**
     * The release for a statistic over {@code records} records (public under substitution; ignored unless the release
     * {@link #needsRecordCount() needs it}).
     *
     * @throws IllegalArgumentException for a statistic of the wrong length or with a non-finite coordinate, or a negative
     *     record count
     * @throws IllegalStateException for noise with no variance along 1 and no record sum ({@link #onHyperplane})
     */
    public double[] release(double[] statistic, long records, RandomSource bits) {
        Objects.requireNonNull(statistic, "statistic");
        if (statistic.length != dimension) {
            throw new IllegalArgumentException("the statistic must have " + dimension + " coordinates. Provided: " + statistic.length);
        }
        for (int j = 0; j < dimension; j++) {
            if (!Double.isFinite(statistic[j])) {
                throw new IllegalArgumentException("statistic coordinate " + j + " must be finite. Provided value: " + statistic[j]);
            }
        }
        if (records < 0) {
            throw new IllegalArgumentException("records must be >= 0. Provided value: " + records);
        }
        if (along == 0 && Double.isNaN(hyperplaneSum)) {
            throw new IllegalStateException("this noise has no variance along 1: it draws noise only; a release needs the record sum (onHyperplane), so "
                    + "that the caller's Σ t is not published");
        }
        double[] v = noise(bits);
        if (!Double.isNaN(hyperplaneSum)) {
            return HyperplaneRelease.release(statistic, v, records, hyperplaneSum);
        }
        for (int j = 0; j < dimension; j++) {
            v[j] += statistic[j];
        }
        return v;
    }

    /**
     * The release of the same noise with no variance along 1 for a statistic whose records each contribute the public sum
     * σ = {@code recordSum} ({@link HyperplaneRelease}): the caller's Σ t is not published, only the record count.
     *
     * @throws IllegalArgumentException when the noise has variance along 1, or σ is not finite
     */
    public EllipticGaussianSampler onHyperplane(double recordSum) {
        if (along != 0) {
            throw new IllegalArgumentException("a hyperplane release needs noise with no variance along 1");
        }
        return new EllipticGaussianSampler(dimension, across, along, HyperplaneRelease.checkedRecordSum(recordSum));
    }
}
