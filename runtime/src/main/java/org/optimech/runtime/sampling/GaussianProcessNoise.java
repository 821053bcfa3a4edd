package org.optimech.runtime.sampling;

import java.util.Objects;
import org.optimech.runtime.random.RandomSource;

/**
 * Gaussian-process noise on a grid: s·L·z with L the lower-triangular Cholesky factor of the covariance and z standard normal
 * (Box–Muller pairs). Floating point (numerics idealized). Immutable and thread-safe; randomness per call.
 */
public final class GaussianProcessNoise {
    private final double[][] factor;
    private final double scale;

    private GaussianProcessNoise(double[][] factor, double scale) {
        this.factor = factor;
        this.scale = scale;
    }

    /**
     * @param factor lower-triangular rows (row i has i + 1 entries), owned from now on: {@link Samplers} passes the spec's copy
     * @param scale s
     * @throws IllegalArgumentException for a ragged factor, a non-finite entry or a scale that is not positive and finite
     */
    static GaussianProcessNoise of(double[][] factor, double scale) {
        Objects.requireNonNull(factor, "factor");
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("scale must be > 0 and finite. Provided value: " + scale);
        }
        double[][] f = factor;
        for (int i = 0; i < f.length; i++) {
            if (factor[i].length != i + 1) {
                throw new IllegalArgumentException("factor row " + i + " must have " + (i + 1) + " entries (lower triangular). Provided: " + factor[i].length);
            }
            for (double v : f[i]) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("factor entries must be finite. Provided value: " + v + " in row " + i);
                }
            }
        }
        return new GaussianProcessNoise(f, scale);
    }

    /** The number of grid points. */
    public int dimension() {
        return factor.length;
    }

    /** One noise vector on the grid. */
    public double[] noise(RandomSource bits) {
        int m = factor.length;
        double[] z = new double[m];
        for (int i = 0; i < m; i += 2) {
            // Box–Muller pairs
            double u1 = ((bits.nextLong() >>> 11) + 0.5) * 0x1.0p-53;
            double u2 = ((bits.nextLong() >>> 11) + 0.5) * 0x1.0p-53;
            double r = Math.sqrt(-2 * Math.log(u1));
            z[i] = r * Math.cos(2 * Math.PI * u2);
            if (i + 1 < m) {
                z[i + 1] = r * Math.sin(2 * Math.PI * u2);
            }
        }
        double[] v = new double[m];
        for (int i = 0; i < m; i++) {
            double s = 0;
            double[] row = factor[i];
            for (int k = 0; k <= i; k++) {
                s += row[k] * z[k];
            }
            v[i] = scale * s;
        }
        return v;
    }
}
