package org.optimech.geometry.hull;

import java.math.BigInteger;
import java.util.Arrays;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.Rational;

/**
 * The affine span of a point set, parametrised by a subset of the ambient coordinates: a point x of
 * the span is determined by y = x[pivots], and x_j = origin_j + Σ_k (y_k − origin[pivots_k])·map[k][j]
 * exactly (map has the identity on the pivot columns). The hull is computed in the y coordinates,
 * which are copies of input coordinates, so no rounding enters the reduction.
 *
 * @param ambientDimension d of the input
 * @param pivots the coordinates kept, increasing; their number is the span's dimension
 * @param origin a point of the span (one of the inputs)
 * @param map the exact rational coefficients, one row per pivot, ambientDimension columns
 */
public record AffineSpan(int ambientDimension, int[] pivots, double[] origin, Rational[][] map) {
    public AffineSpan {
        pivots = pivots.clone();
        origin = origin.clone();
        Rational[][] m = new Rational[map.length][];
        for (int k = 0; k < map.length; k++) {
            if (map[k].length != ambientDimension) {
                throw new IllegalArgumentException("map rows must have " + ambientDimension + " entries");
            }
            m[k] = map[k].clone();
        }
        map = m;
        if (origin.length != ambientDimension) {
            throw new IllegalArgumentException("origin must have " + ambientDimension + " coordinates");
        }
    }

    /**
     * The span's linear map as a d × k matrix of exact rationals: x = basis·x[pivots] (the map transposed; for a linear span,
     * as S_T's is, the origin plays no part).
     */
    public Rational[][] basis() {
        int k = pivots.length;
        Rational[][] b = new Rational[ambientDimension][k];
        for (int j = 0; j < ambientDimension; j++) {
            for (int i = 0; i < k; i++) {
                b[j][i] = map[i][j];
            }
        }
        return b;
    }

    public static AffineSpan full(int d) {
        int[] p = new int[d];
        Rational[][] m = new Rational[d][d];
        for (int k = 0; k < d; k++) {
            p[k] = k;
            for (int j = 0; j < d; j++) {
                m[k][j] = k == j ? Rational.ONE : Rational.ZERO;
            }
        }
        return new AffineSpan(d, p, new double[d], m);
    }

    /**
     * The span through {@code origin} of the given independent difference rows (integer vectors, any common scale): its
     * pivots are the pivot columns of their echelon form and its map their reduced row echelon form, both determined by
     * the row space alone.
     */
    static AffineSpan of(int d, double[] origin, BigInteger[][] rows) {
        int[] pivots = IntegerMatrices.pivotColumns(rows);
        if (pivots.length != rows.length) {
            throw new IllegalArgumentException("difference rows must be independent; rank " + pivots.length + " of " + rows.length);
        }
        return new AffineSpan(d, pivots, origin, rref(rows, pivots, d));
    }

    /** Reduced row echelon form of the rows, normalised to the identity on the pivots. */
    static Rational[][] rref(BigInteger[][] rows, int[] pivots, int d) {
        int r = rows.length;
        Rational[][] m = new Rational[r][d];
        for (int i = 0; i < r; i++) {
            for (int j = 0; j < d; j++) {
                m[i][j] = Rational.of(rows[i][j]);
            }
        }
        for (int k = 0; k < r; k++) {
            int c = pivots[k];
            int p = k;
            while (m[p][c].signum() == 0) {
                p++;
            }
            Rational[] t = m[k];
            m[k] = m[p];
            m[p] = t;
            Rational inv = Rational.ONE.divide(m[k][c]);
            for (int j = 0; j < d; j++) {
                m[k][j] = m[k][j].multiply(inv);
            }
            for (int i = 0; i < r; i++) {
                if (i != k && m[i][c].signum() != 0) {
                    Rational f = m[i][c];
                    for (int j = 0; j < d; j++) {
                        m[i][j] = m[i][j].subtract(f.multiply(m[k][j]));
                    }
                }
            }
        }
        return m;
    }

    public int dimension() {
        return pivots.length;
    }

    public boolean isFull() {
        return pivots.length == ambientDimension;
    }

    @Override
    public int[] pivots() {
        return pivots.clone();
    }

    @Override
    public double[] origin() {
        return origin.clone();
    }

    @Override
    public Rational[][] map() {
        Rational[][] m = new Rational[map.length][];
        for (int k = 0; k < map.length; k++) {
            m[k] = map[k].clone();
        }
        return m;
    }

    /** The reduced coordinates of an ambient point (its pivot coordinates). */
    public double[] reduce(double[] x) {
        double[] y = new double[pivots.length];
        for (int k = 0; k < pivots.length; k++) {
            y[k] = x[pivots[k]];
        }
        return y;
    }

    /** The ambient point with reduced coordinates y, each coordinate rounded once from its exact value. */
    public double[] embed(double[] y) {
        double[] x = new double[ambientDimension];
        for (int j = 0; j < ambientDimension; j++) {
            Rational s = Rational.of(origin[j]);
            for (int k = 0; k < pivots.length; k++) {
                if (map[k][j].signum() != 0) {
                    s = s.add(Rational.of(y[k]).subtract(Rational.of(origin[pivots[k]])).multiply(map[k][j]));
                }
            }
            x[j] = s.doubleValue();
        }
        return x;
    }

    @Override
    public String toString() {
        return "AffineSpan[dimension " + pivots.length + " of " + ambientDimension + ", pivots " + Arrays.toString(pivots) + "]";
    }
}
