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
                    s = Math.max(s, new BigDecimal(x).stripTrailingZeros().scale());
                }
            }
        }
        // a double with k decimal places after stripping is m/2^k (its decimal scale equals its binary scale)
        return s;
    }

    /** Every entry times {@code 2^shift}, exactly. */
    public static BigInteger[][] scale(double[][] rows, int shift) {
        BigDecimal f = new BigDecimal(BigInteger.ONE.shiftLeft(shift));
        BigInteger[][] out = new BigInteger[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            out[i] = new BigInteger[rows[i].length];
            for (int j = 0; j < rows[i].length; j++) {
                out[i][j] = new BigDecimal(rows[i][j]).multiply(f).toBigIntegerExact();
            }
        }
        return out;
    }

    /** {@code 2^e} exactly, for any integer e. */
    public static BigDecimal powerOfTwo(int e) {
        BigDecimal p = new BigDecimal(BigInteger.ONE.shiftLeft(Math.abs(e)));
        return e >= 0 ? p : BigDecimal.ONE.divide(p);
    }

    /** The determinant of a square integer matrix (Bareiss fraction-free elimination). */
    public static BigInteger determinant(BigInteger[][] m) {
        int n = m.length;
        if (n == 0) {
            return BigInteger.ONE;
        }
        BigInteger[][] a = new BigInteger[n][];
        for (int i = 0; i < n; i++) {
            if (m[i].length != n) {
                throw new IllegalArgumentException("matrix must be square");
            }
            a[i] = m[i].clone();
        }
        int sign = 1;
        BigInteger prev = BigInteger.ONE;
        for (int k = 0; k < n - 1; k++) {
            if (a[k][k].signum() == 0) {
                int p = k + 1;
                while (p < n && a[p][k].signum() == 0) {
                    p++;
                }
                if (p == n) {
                    return BigInteger.ZERO;
                }
                BigInteger[] t = a[k];
                a[k] = a[p];
                a[p] = t;
                sign = -sign;
            }
            for (int i = k + 1; i < n; i++) {
                for (int j = k + 1; j < n; j++) {
                    a[i][j] = a[i][j].multiply(a[k][k]).subtract(a[i][k].multiply(a[k][j])).divide(prev);
                }
            }
            prev = a[k][k];
        }
        return sign > 0 ? a[n - 1][n - 1] : a[n - 1][n - 1].negate();
    }

    /** The smallest double ≥ x. */
    public static double doubleAtLeast(BigDecimal x) {
        double d = Double.parseDouble(x.toString());
        return new BigDecimal(d).compareTo(x) < 0 ? Math.nextUp(d) : d;
    }

    /** The largest double ≤ x. */
    public static double doubleAtMost(BigDecimal x) {
        double d = Double.parseDouble(x.toString());
        return new BigDecimal(d).compareTo(x) > 0 ? Math.nextDown(d) : d;
    }
}
