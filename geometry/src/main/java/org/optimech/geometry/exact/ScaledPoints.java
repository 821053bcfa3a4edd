package org.optimech.geometry.exact;

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
        int d = points[0].length;
        BigInteger[][] c = new BigInteger[points.length][d];
        for (int i = 0; i < points.length; i++) {
            for (int j = 0; j < d; j++) {
                c[i][j] = toScaled(points[i][j], shift);
            }
        }
        return new ScaledPoints(c, shift, d);
    }

    /**
     * The shift {@link #of} would use, without converting any coordinate: the largest number of fractional
     * bits among the coordinates (0 if all are integers).
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
        int shift = 0;
        for (int i = 0; i < points.length; i++) {
            double[] p = points[i];
            if (p == null || p.length != d) {
                throw new IllegalArgumentException("every point must have " + d + " coordinates; point " + i + " has "
                        + (p == null ? "none" : p.length));
            }
            for (int j = 0; j < d; j++) {
                double x = p[j];
                if (!Double.isFinite(x)) {
                    throw new IllegalArgumentException("point " + i + " coordinate " + j + " must be finite. Provided value: " + x);
                }
                if (x != 0) {
                    shift = Math.max(shift, -binaryExponent(x));
                }
            }
        }
        return shift;
    }

    /** {@code x · 2^shift} as an integer; exact when x has at most {@code shift} fractional bits (as with {@link #commonShift}). */
    public static BigInteger scale(double x, int shift) {
        return toScaled(x, shift);
    }

    /** x = mantissa·2^exponent exactly, the mantissa an odd integer carrying x's sign (x finite and non-zero). */
    private record Binary(long mantissa, int exponent) {
        static Binary of(double x) {
            long bits = Double.doubleToRawLongBits(x);
            int biased = (int) ((bits >>> 52) & 0x7ff);
            long m = bits & ((1L << 52) - 1);
            int e = -1074;
            if (biased != 0) {
                m |= 1L << 52;
                e = biased - 1075;
            }
            int tz = Long.numberOfTrailingZeros(m);
            return new Binary(x < 0 ? -(m >>> tz) : m >>> tz, e + tz);
        }
    }

    /** The exponent e of x = m·2^e with m an odd integer (x finite and non-zero). */
    static int binaryExponent(double x) {
        long bits = Double.doubleToRawLongBits(x);
        int biased = (int) ((bits >>> 52) & 0x7ff);
        long m = bits & ((1L << 52) - 1);
        if (biased == 0) {
            return -1074 + Long.numberOfTrailingZeros(m);
        }
        return biased - 1075 + Long.numberOfTrailingZeros(m | (1L << 52));
    }

    /** x · 2^shift as an integer; exact when shift ≥ −binaryExponent(x). */
    static BigInteger toScaled(double x, int shift) {
        if (x == 0) {
            return BigInteger.ZERO;
        }
        Binary b = Binary.of(x);
        BigInteger m = BigInteger.valueOf(b.mantissa());
        int s = b.exponent() + shift;
        return s >= 0 ? m.shiftLeft(s) : m.shiftRight(-s);
    }

    public int size() {
        return coordinates.length;
    }

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
