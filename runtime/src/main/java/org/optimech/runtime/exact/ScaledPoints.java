package org.optimech.runtime.exact;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * A finite point set as integer vectors: point i is {@code coordinates(i) · 2^-shift} exactly, with
 * one shift for the whole set (the largest number of fractional bits among its coordinates).
 */
public final class ScaledPoints {
    private final BigInteger[][] coordinates;
    private final int shift;
    private final int dimension;

    private ScaledPoints(BigInteger[][] coordinates, int shift, int dimension) {
        this.coordinates = coordinates;
        this.shift = shift;
        this.dimension = dimension;
    }

    /**
     * Converts points given as rows of doubles.
     *
     * @throws IllegalArgumentException for no points, rows of different lengths, zero-length rows, or a
     *     non-finite coordinate (naming the point and coordinate)
     */
    public static ScaledPoints of(double[][] points) {
        int shift = commonShift(points);
        return new ScaledPoints(Dyadic.scale(points, shift), shift, points[0].length);
    }

    /**
     * The shift {@link #of} would use, without converting any coordinate: the largest number of fractional bits among the
     * coordinates (0 if all are integers).
     *
     * @throws IllegalArgumentException as {@link #of}
     */
    public static int commonShift(double[][] points) {
        if (points == null || points.length == 0) {
            throw new IllegalArgumentException("points must not be empty");
        }
        int d = points[0] == null ? 0 : points[0].length;
        if (d == 0) {
            throw new IllegalArgumentException("points must have at least one coordinate");
        }
        for (int i = 0; i < points.length; i++) {
            double[] p = points[i];
            if (p == null || p.length != d) {
                throw new IllegalArgumentException("every point must have " + d + " coordinates; point " + i + " has " + (p == null ? "none" : p.length));
            }
            for (int j = 0; j < d; j++) {
                if (!Double.isFinite(p[j])) {
                    throw new IllegalArgumentException("point " + i + " coordinate " + j + " must be finite. Provided value: " + p[j]);
                }
            }
        }
        return Dyadic.shift(points);
    }

    /**
     * {@code x · 2^shift} as an integer, exactly.
     *
     * @throws IllegalArgumentException when x has more than {@code shift} fractional bits (not with {@link #commonShift})
     */
    public static BigInteger scale(double x, int shift) {
        return Dyadic.scale(x, shift);
    }

    /** The number of points. */
    public int size() {
        return coordinates.length;
    }

    /** The number of coordinates of each point. */
    public int dimension() {
        return dimension;
    }

    /** Point i's coordinates are {@code coordinates(i)[j] · 2^-shift}. */
    public int shift() {
        return shift;
    }

    /** Point i as integers (a copy). */
    public BigInteger[] point(int i) {
        return coordinates[i].clone();
    }

    /** Point i restricted to the given coordinates, as integers (a copy). */
    public BigInteger[] project(int i, int[] columns) {
        BigInteger[] out = new BigInteger[columns.length];
        for (int k = 0; k < columns.length; k++) {
            out[k] = coordinates[i][columns[k]];
        }
        return out;
    }

    @Override
    public String toString() {
        return "ScaledPoints[" + coordinates.length + " points in " + dimension + " dimensions, shift " + shift + ", first " + Arrays.toString(coordinates[0]) + "]";
    }
}
