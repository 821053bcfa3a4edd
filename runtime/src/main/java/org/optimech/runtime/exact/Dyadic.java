package org.optimech.runtime.exact;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Doubles as exact integers: a set of finite doubles scaled by one power of two becomes a set of
 * integers, on which determinants and dot products are exact. Used by the runtime to re-check
 * geometry stored as doubles without trusting floating-point arithmetic.
 */
public final class Dyadic {
    private Dyadic() {
    }

    /**
     * The smallest {@code s ≥ 0} such that every entry times {@code 2^s} is an integer.
     *
     * @throws IllegalArgumentException for a non-finite entry
     */
    public static int shift(double[][] rows) {
        int s = 0;
        for (double[] row : rows) {
            for (double x : row) {
                if (!Double.isFinite(x)) {
                    throw new IllegalArgumentException("entries must be finite. Provided value: " + x);
                }
                if (x != 0) {
                    s = Math.max(s, -Binary.of(x).exponent());
                }
            }
        }
        return s;
    }

    /**
     * Every entry times {@code 2^shift}, exactly.
     *
     * @throws IllegalArgumentException for a non-finite entry, or one that is not an integer at this shift
     */
    public static BigInteger[][] scale(double[][] rows, int shift) {
        BigInteger[][] out = new BigInteger[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            out[i] = new BigInteger[rows[i].length];
            for (int j = 0; j < rows[i].length; j++) {
                out[i][j] = scale(rows[i][j], shift);
            }
        }
        return out;
    }

    /**
     * {@code x · 2^shift} exactly.
     *
     * @throws IllegalArgumentException for a non-finite x, or one that is not an integer at this shift
     */
    public static BigInteger scale(double x, int shift) {
        if (!Double.isFinite(x)) {
            throw new IllegalArgumentException("entries must be finite. Provided value: " + x);
        }
        if (x == 0) {
            return BigInteger.ZERO;
        }
        Binary b = Binary.of(x);
        int s = b.exponent() + shift;
        if (s < 0) {
            throw new IllegalArgumentException(x + " times 2^" + shift + " is not an integer");
        }
        return BigInteger.valueOf(b.mantissa()).shiftLeft(s);
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

    /** {@code 2^e} exactly, for any integer e. */
    public static BigDecimal powerOfTwo(int e) {
        BigDecimal p = new BigDecimal(BigInteger.ONE.shiftLeft(Math.abs(e)));
        return e >= 0 ? p : BigDecimal.ONE.divide(p);
    }

    /** The smallest double ≥ x (+∞ above the double range, −Double.MAX_VALUE below it). */
    public static double doubleAtLeast(BigDecimal x) {
        double d = Double.parseDouble(x.toString());
        if (Double.isInfinite(d)) {
            return d > 0 ? d : -Double.MAX_VALUE; // x beyond the range: parsing rounded it to an infinity
        }
        return new BigDecimal(d).compareTo(x) < 0 ? Math.nextUp(d) : d;
    }

    /** The largest double ≤ x (Double.MAX_VALUE above the double range, −∞ below it). */
    public static double doubleAtMost(BigDecimal x) {
        double d = Double.parseDouble(x.toString());
        if (Double.isInfinite(d)) {
            return d > 0 ? Double.MAX_VALUE : d; // x beyond the range: parsing rounded it to an infinity
        }
        return new BigDecimal(d).compareTo(x) > 0 ? Math.nextDown(d) : d;
    }
}
