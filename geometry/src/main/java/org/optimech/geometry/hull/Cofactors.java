package org.optimech.geometry.hull;

import java.math.BigInteger;

/**
 * Laplace expansion of a d × d determinant along its last row, with the minors of the first d − 1 rows shared: the
 * minor on column set S of the last |S| of those rows is Σ_i (−1)^i E[d − 1 − |S|][S_i] · minor(S without S_i), S_i
 * increasing, from the single entries of row d − 2 up to the sets of size d − 1. The cofactor of column j is
 * C_j = (−1)^(d−1+j) · minor(all but j), so det[E; y] = Σ_j C_j y_j. For the rows E = (a_k − a_0), C is a normal of the
 * hyperplane through a_0..a_{d−1}. About 2^d·d/2 products for all d cofactors, against d separate eliminations.
 */
final class Cofactors {
    private static final Cofactors[] BY_DIMENSION = new Cofactors[32];

    final int d;
    /** The column sets of size 2..d − 1, in increasing size. */
    final int[] masks;
    /** The terms of masks[i] are termStart[i] .. termStart[i + 1] − 1: column termCol[t], sub-minor termSub[t]. */
    final int[] termStart;
    final int[] termCol;
    final int[] termSub;

    private Cofactors(int d) {
        this.d = d;
        int full = 1 << d;
        int[] order = new int[full];
        int count = 0;
        for (int size = 2; size < d; size++) {
            for (int m = 0; m < full; m++) {
                if (Integer.bitCount(m) == size) {
                    order[count++] = m;
                }
            }
        }
        masks = java.util.Arrays.copyOf(order, count);
        termStart = new int[count + 1];
        int terms = 0;
        for (int i = 0; i < count; i++) {
            terms += Integer.bitCount(masks[i]);
        }
        termCol = new int[terms];
        termSub = new int[terms];
        int t = 0;
        for (int i = 0; i < count; i++) {
            termStart[i] = t;
            for (int c = 0; c < d; c++) {
                if ((masks[i] & (1 << c)) != 0) {
                    termCol[t] = c;
                    termSub[t] = masks[i] & ~(1 << c);
                    t++;
                }
            }
        }
        termStart[count] = t;
    }

    /** The tables for dimension d (2 ≤ d ≤ 31). */
    static synchronized Cofactors of(int d) {
        if (d < 2 || d >= BY_DIMENSION.length) {
            throw new IllegalArgumentException("dimension must be in 2.." + (BY_DIMENSION.length - 1) + ". Provided value: " + d);
        }
        if (BY_DIMENSION[d] == null) {
            BY_DIMENSION[d] = new Cofactors(d);
        }
        return BY_DIMENSION[d];
    }

    /** The row of a minor on a column set of this size (rows d − 1 − size .. d − 2). */
    int row(int size) {
        return d - 1 - size;
    }

    /** C_j exactly, for the d − 1 rows e (each of length d). */
    BigInteger[] exact(BigInteger[][] e) {
        BigInteger[] m = new BigInteger[1 << d];
        for (int col = 0; col < d; col++) {
            m[1 << col] = e[d - 2][col];
        }
        for (int i = 0; i < masks.length; i++) {
            BigInteger[] row = e[row(Integer.bitCount(masks[i]))];
            BigInteger s = BigInteger.ZERO;
            boolean plus = true;
            for (int t = termStart[i]; t < termStart[i + 1]; t++) {
                BigInteger v = row[termCol[t]];
                BigInteger sub = m[termSub[t]];
                if (v.signum() != 0 && sub.signum() != 0) {
                    BigInteger p = v.multiply(sub);
                    s = plus ? s.add(p) : s.subtract(p);
                }
                plus = !plus;
            }
            m[masks[i]] = s;
        }
        int full = (1 << d) - 1;
        BigInteger[] c = new BigInteger[d];
        for (int j = 0; j < d; j++) {
            BigInteger v = m[full ^ (1 << j)];
            c[j] = ((d - 1 + j) & 1) == 0 ? v : v.negate();
        }
        return c;
    }
}
