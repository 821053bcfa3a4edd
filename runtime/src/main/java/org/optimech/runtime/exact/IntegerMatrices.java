package org.optimech.runtime.exact;

import java.math.BigInteger;

/**
 * Exact determinants, ranks and hyperplanes of integer vectors (fraction-free Bareiss elimination): the one place both the
 * runtime's body checks and the geometry module's hulls compute them.
 */
public final class IntegerMatrices {
    private IntegerMatrices() {
    }

    /**
     * The determinant of a square matrix (rows are not modified).
     *
     * @throws IllegalArgumentException for a matrix that is not square
     */
    public static BigInteger determinant(BigInteger[][] m) {
        int n = m.length;
        if (n == 0) {
            return BigInteger.ONE;
        }
        for (BigInteger[] row : m) {
            if (row.length != n) {
                throw new IllegalArgumentException("matrix must be square (" + n + " rows). Provided: a row of " + row.length);
            }
        }
        BigInteger[][] a = copy(m);
        BigInteger prev = BigInteger.ONE;
        int sign = 1;
        for (int k = 0; k < n - 1; k++) {
            if (a[k][k].signum() == 0) {
                int swap = -1;
                for (int i = k + 1; i < n; i++) {
                    if (a[i][k].signum() != 0) {
                        swap = i;
                        break;
                    }
                }
                if (swap < 0) {
                    return BigInteger.ZERO;
                }
                BigInteger[] t = a[k];
                a[k] = a[swap];
                a[swap] = t;
                sign = -sign;
            }
            for (int i = k + 1; i < n; i++) {
                for (int j = k + 1; j < n; j++) {
                    // Bareiss: the division is exact
                    a[i][j] = a[i][j].multiply(a[k][k]).subtract(a[i][k].multiply(a[k][j])).divide(prev);
                }
            }
            prev = a[k][k];
        }
        BigInteger det = a[n - 1][n - 1];
        return sign < 0 ? det.negate() : det;
    }

    /** The rank of a matrix with any number of rows and columns. */
    public static int rank(BigInteger[][] m) {
        return pivotColumns(m).length;
    }

    /**
     * The pivot columns of the row echelon form, in increasing order: a set of columns on which the
     * row space projects injectively.
     */
    public static int[] pivotColumns(BigInteger[][] m) {
        int rows = m.length;
        if (rows == 0) {
            return new int[0];
        }
        int cols = m[0].length;
        BigInteger[][] a = copy(m);
        BigInteger prev = BigInteger.ONE;
        int r = 0;
        int[] pivots = new int[Math.min(rows, cols)];
        for (int c = 0; c < cols && r < rows; c++) {
            int p = -1;
            for (int i = r; i < rows; i++) {
                if (a[i][c].signum() != 0) {
                    p = i;
                    break;
                }
            }
            if (p < 0) {
                continue;
            }
            BigInteger[] t = a[r];
            a[r] = a[p];
            a[p] = t;
            for (int i = r + 1; i < rows; i++) {
                for (int j = c + 1; j < cols; j++) {
                    a[i][j] = a[i][j].multiply(a[r][c]).subtract(a[i][c].multiply(a[r][j])).divide(prev);
                }
                a[i][c] = BigInteger.ZERO;
            }
            prev = a[r][c];
            pivots[r++] = c;
        }
        return java.util.Arrays.copyOf(pivots, r);
    }

    /**
     * A normal of the hyperplane through d affinely independent points in d dimensions: the
     * generalised cross product of the edges p_k − p_0, divided by the gcd of its entries. Zero if the
     * points are affinely dependent.
     */
    public static BigInteger[] normalThrough(BigInteger[][] points) {
        int d = points.length;
        if (d == 0 || points[0].length != d) {
            throw new IllegalArgumentException("a hyperplane in " + (d == 0 ? "?" : points[0].length) + " dimensions needs that many points; got " + d);
        }
        BigInteger[][] edges = new BigInteger[d - 1][d];
        for (int k = 1; k < d; k++) {
            for (int j = 0; j < d; j++) {
                edges[k - 1][j] = points[k][j].subtract(points[0][j]);
            }
        }
        BigInteger[] n = new BigInteger[d];
        BigInteger[][] minor = new BigInteger[d - 1][d - 1];
        for (int j = 0; j < d; j++) {
            for (int r = 0; r < d - 1; r++) {
                for (int c = 0, cc = 0; c < d; c++) {
                    if (c != j) {
                        minor[r][cc++] = edges[r][c];
                    }
                }
            }
            BigInteger det = determinant(minor);
            n[j] = (j % 2 == 0) ? det : det.negate();
        }
        BigInteger g = BigInteger.ZERO;
        for (BigInteger v : n) {
            g = g.gcd(v);
        }
        if (g.signum() != 0 && !g.equals(BigInteger.ONE)) {
            for (int j = 0; j < d; j++) {
                n[j] = n[j].divide(g);
            }
        }
        return n;
    }

    /**
     * The exact inverse of an integer matrix, row by row: {@code A⁻¹[i] = numerators[i] / denominators[i]}, each row in
     * lowest terms over a positive denominator.
     *
     * @param numerators the integer rows
     * @param denominators one positive integer per row
     */
    public record InverseRows(BigInteger[][] numerators, BigInteger[] denominators) {
        /** Copies the arrays. */
        public InverseRows {
            numerators = copy(numerators);
            denominators = denominators.clone();
        }

        @Override
        public BigInteger[][] numerators() {
            return copy(numerators);
        }

        @Override
        public BigInteger[] denominators() {
            return denominators.clone();
        }

        /** Entry {@code (i, j)} as a rational. */
        public Rational entry(int i, int j) {
            return new Rational(numerators[i][j], denominators[i]);
        }

        /** The whole inverse as rationals. */
        public Rational[][] toRationals() {
            Rational[][] out = new Rational[numerators.length][];
            for (int i = 0; i < out.length; i++) {
                out[i] = new Rational[numerators[i].length];
                for (int j = 0; j < out[i].length; j++) {
                    out[i][j] = entry(i, j);
                }
            }
            return out;
        }
    }

    /**
     * The exact inverse of a square integer matrix by fraction-free Gauss–Jordan elimination (every intermediate entry is a
     * minor of {@code [A | I]}, so every division is exact and no fraction is formed until the end): {@code [A | I]} becomes
     * {@code [d·I | d·A⁻¹]} with {@code d = ±det A}.
     *
     * @throws IllegalArgumentException for a matrix that is not square, or one that is singular
     */
    public static InverseRows inverseRows(BigInteger[][] a) {
        int n = a.length;
        for (BigInteger[] row : a) {
            if (row.length != n) {
                throw new IllegalArgumentException("matrix must be square (" + n + " rows). Provided: a row of " + row.length);
            }
        }
        BigInteger[][] m = new BigInteger[n][2 * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], 0, m[i], 0, n);
            for (int j = 0; j < n; j++) {
                m[i][n + j] = i == j ? BigInteger.ONE : BigInteger.ZERO;
            }
        }
        BigInteger prev = BigInteger.ONE;
        for (int k = 0; k < n; k++) {
            int p = k;
            while (p < n && m[p][k].signum() == 0) {
                p++;
            }
            if (p == n) {
                throw new IllegalArgumentException("the matrix is singular (its determinant is exactly 0)");
            }
            BigInteger[] t = m[k];
            m[k] = m[p];
            m[p] = t;
            BigInteger pivot = m[k][k];
            for (int i = 0; i < n; i++) {
                if (i == k) {
                    continue;
                }
                BigInteger f = m[i][k];
                for (int j = 0; j < 2 * n; j++) {
                    // integer-preserving Gauss–Jordan: (pivot·m_ij − m_ik·m_kj) / previous pivot is exact
                    m[i][j] = pivot.multiply(m[i][j]).subtract(f.multiply(m[k][j])).divide(prev);
                }
            }
            prev = pivot;
        }
        BigInteger[][] numerators = new BigInteger[n][n];
        BigInteger[] denominators = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            BigInteger d = m[i][i]; // the same ±det A on every row
            BigInteger g = d;
            for (int j = 0; j < n; j++) {
                g = g.gcd(m[i][n + j]);
            }
            if (d.signum() < 0) {
                g = g.negate();
            }
            for (int j = 0; j < n; j++) {
                numerators[i][j] = m[i][n + j].divide(g);
            }
            denominators[i] = d.divide(g);
        }
        return new InverseRows(numerators, denominators);
    }

    /**
     * The exact inverse of a matrix of doubles (each read as the dyadic rational it is), through {@link #inverseRows}:
     * {@code A = Â/2^s} with {@code Â} integer, so {@code A⁻¹ = 2^s·Â⁻¹}.
     *
     * @throws IllegalArgumentException for a matrix that is not square, has a non-finite entry, or is singular
     */
    public static Rational[][] inverse(double[][] a) {
        int s = Dyadic.shift(a);
        Rational[][] inv = inverseRows(Dyadic.scale(a, s)).toRationals();
        Rational twoS = new Rational(BigInteger.ONE.shiftLeft(s), BigInteger.ONE);
        for (Rational[] row : inv) {
            for (int j = 0; j < row.length; j++) {
                row[j] = row[j].multiply(twoS);
            }
        }
        return inv;
    }

    /** The exact dot product. */
    public static BigInteger dot(BigInteger[] a, BigInteger[] b) {
        BigInteger s = BigInteger.ZERO;
        for (int j = 0; j < a.length; j++) {
            if (a[j].signum() != 0 && b[j].signum() != 0) {
                s = s.add(a[j].multiply(b[j]));
            }
        }
        return s;
    }

    /** Whether every entry is zero. */
    public static boolean isZero(BigInteger[] v) {
        for (BigInteger x : v) {
            if (x.signum() != 0) {
                return false;
            }
        }
        return true;
    }

    private static BigInteger[][] copy(BigInteger[][] m) {
        BigInteger[][] a = new BigInteger[m.length][];
        for (int i = 0; i < m.length; i++) {
            a[i] = m[i].clone();
        }
        return a;
    }
}
