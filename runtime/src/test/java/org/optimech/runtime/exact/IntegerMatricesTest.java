package org.optimech.runtime.exact;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IntegerMatricesTest {
    static BigInteger[][] of(long[][] m) {
        BigInteger[][] a = new BigInteger[m.length][];
        for (int i = 0; i < m.length; i++) {
            a[i] = new BigInteger[m[i].length];
            for (int j = 0; j < m[i].length; j++) {
                a[i][j] = BigInteger.valueOf(m[i][j]);
            }
        }
        return a;
    }

    /** Vandermonde determinants against their product formula Π_{i<j}(x_j − x_i). */
    @Test
    void determinantMatchesVandermonde() {
        long[] x = {3, -1, 4, 10, -7, 2};
        for (int n = 1; n <= x.length; n++) {
            long[][] m = new long[n][n];
            BigInteger expected = BigInteger.ONE;
            for (int i = 0; i < n; i++) {
                long p = 1;
                for (int j = 0; j < n; j++) {
                    m[i][j] = p;
                    p *= x[i];
                }
                for (int j = i + 1; j < n; j++) {
                    expected = expected.multiply(BigInteger.valueOf(x[j] - x[i]));
                }
            }
            assertEquals(expected, IntegerMatrices.determinant(of(m)), "n = " + n);
        }
    }

    /** Random integer matrices: the determinant against cofactor expansion, an independent method. */
    @Test
    void determinantMatchesCofactorExpansion() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + rnd.nextInt(5);
            long[][] m = new long[n][n];
            for (long[] row : m) {
                for (int j = 0; j < n; j++) {
                    row[j] = rnd.nextInt(7) - 3; // small entries: many singular matrices
                }
            }
            assertEquals(cofactor(of(m)), IntegerMatrices.determinant(of(m)));
        }
    }

    static BigInteger cofactor(BigInteger[][] m) {
        int n = m.length;
        if (n == 1) {
            return m[0][0];
        }
        BigInteger s = BigInteger.ZERO;
        for (int c = 0; c < n; c++) {
            BigInteger[][] minor = new BigInteger[n - 1][n - 1];
            for (int r = 1; r < n; r++) {
                for (int j = 0, k = 0; j < n; j++) {
                    if (j != c) {
                        minor[r - 1][k++] = m[r][j];
                    }
                }
            }
            BigInteger t = m[0][c].multiply(cofactor(minor));
            s = c % 2 == 0 ? s.add(t) : s.subtract(t);
        }
        return s;
    }

    @Test
    void rankAndPivotsOfDegenerateMatrices() {
        assertEquals(0, IntegerMatrices.rank(of(new long[][] {{0, 0, 0}})));
        assertArrayEquals(new int[] {0, 2}, IntegerMatrices.pivotColumns(of(new long[][] {{1, 2, 3}, {2, 4, 7}, {3, 6, 10}})));
        // histogram differences e_i − e_j in 4 cells: rank 3, and the last cell is determined by the others
        assertArrayEquals(new int[] {0, 1, 2}, IntegerMatrices.pivotColumns(of(new long[][] {{1, -1, 0, 0}, {0, 1, -1, 0}, {0, 0, 1, -1}, {1, 0, 0, -1}})));
    }

    @Test
    void normalIsOrthogonalToTheEdgesAndPrimitive() {
        BigInteger[] n = IntegerMatrices.normalThrough(of(new long[][] {{2, 0, 0}, {0, 2, 0}, {0, 0, 2}}));
        assertEquals(BigInteger.ZERO, IntegerMatrices.dot(n, of(new long[][] {{2, -2, 0}})[0]));
        assertEquals(BigInteger.ZERO, IntegerMatrices.dot(n, of(new long[][] {{2, 0, -2}})[0]));
        assertEquals(BigInteger.ONE, n[0].abs().gcd(n[1]).gcd(n[2]));
        assertTrue(IntegerMatrices.isZero(IntegerMatrices.normalThrough(of(new long[][] {{1, 1}, {1, 1}}))));
    }

    @Test
    void scaledPointsAreExact() {
        double[][] pts = {{0.1, -3.0}, {1e-300, 2.5}, {Double.MIN_VALUE, -0.0}};
        ScaledPoints s = ScaledPoints.of(pts);
        for (int i = 0; i < pts.length; i++) {
            for (int j = 0; j < 2; j++) {
                BigDecimal back = new BigDecimal(s.point(i)[j]).divide(new BigDecimal(BigInteger.ONE.shiftLeft(s.shift())));
                assertEquals(0, back.compareTo(new BigDecimal(pts[i][j])), "point " + i + " coordinate " + j);
            }
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ScaledPoints.of(new double[][] {{1, 2}, {Double.NaN, 0}}));
        assertEquals("point 1 coordinate 0 must be finite. Provided value: NaN", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ScaledPoints.of(new double[][] {{1, 2}, {3}}));
        assertThrows(IllegalArgumentException.class, () -> ScaledPoints.of(new double[0][]));
    }
}
