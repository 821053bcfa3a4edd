package org.optimech.runtime.discrete;

import java.math.BigInteger;

/**
 * A discrete mechanism as integers: {@code P(output j | input i) = weight(i, j) / 2^K}. Every row is
 * non-negative and sums to exactly {@code 2^K}, so the probabilities are exact dyadic rationals and
 * a sampler that draws K uniform bits realises them exactly.
 */
public final class WeightTable {
    /** Largest denominator exponent accepted (a weight of this many bits is ~30,000 digits). */
    public static final int MAX_DENOMINATOR_BITS = 100_000;
    /** Tables up to this exponent are sampled with 64-bit arithmetic only. */
    public static final int LONG_BITS = 62;

    private final int denominatorBits;
    private final BigInteger[][] weights;

    private WeightTable(int denominatorBits, BigInteger[][] weights) {
        this.denominatorBits = denominatorBits;
        this.weights = weights;
    }

    /**
     * A table from rows of weights (copied).
     *
     * @throws IllegalArgumentException naming the row or entry: ragged rows, a negative entry, a
     *     row whose sum is not {@code 2^denominatorBits}
     */
    public static WeightTable of(int denominatorBits, BigInteger[][] rows) {
        if (denominatorBits < 0 || denominatorBits > MAX_DENOMINATOR_BITS) {
            throw new IllegalArgumentException("denominator_bits must be in 0.." + MAX_DENOMINATOR_BITS + ". Provided value: " + denominatorBits);
        }
        if (rows.length == 0) {
            throw new IllegalArgumentException("a weight table needs at least one row");
        }
        int cols = rows[0].length;
        if (cols == 0) {
            throw new IllegalArgumentException("a weight table needs at least one column");
        }
        BigInteger denominator = BigInteger.ONE.shiftLeft(denominatorBits);
        BigInteger[][] copy = new BigInteger[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            if (rows[i].length != cols) {
                throw new IllegalArgumentException("row " + i + " has " + rows[i].length + " entries; row 0 has " + cols);
            }
            copy[i] = rows[i].clone();
            BigInteger sum = BigInteger.ZERO;
            for (int j = 0; j < cols; j++) {
                if (copy[i][j] == null || copy[i][j].signum() < 0) {
                    throw new IllegalArgumentException("weight [" + i + "][" + j + "] must be a non-negative integer. Provided value: " + copy[i][j]);
                }
                sum = sum.add(copy[i][j]);
            }
            if (!sum.equals(denominator)) {
                throw new IllegalArgumentException("row " + i + " must sum to 2^" + denominatorBits + "; it sums to " + sum);
            }
        }
        return new WeightTable(denominatorBits, copy);
    }

    /** A table from rows of {@code long} weights (copied). */
    public static WeightTable ofLongs(int denominatorBits, long[][] rows) {
        BigInteger[][] b = new BigInteger[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            b[i] = new BigInteger[rows[i].length];
            for (int j = 0; j < rows[i].length; j++) {
                b[i][j] = BigInteger.valueOf(rows[i][j]);
            }
        }
        return of(denominatorBits, b);
    }

    public int rows() {
        return weights.length;
    }

    public int cols() {
        return weights[0].length;
    }

    /** K, where every row sums to {@code 2^K}. */
    public int denominatorBits() {
        return denominatorBits;
    }

    public BigInteger weight(int row, int col) {
        return weights[row][col];
    }

    /** A copy of one row. */
    public BigInteger[] row(int row) {
        return weights[row].clone();
    }

    /** Whether every weight (and the row total) fits the 64-bit sampler: {@code K ≤ 62}. */
    public boolean fitsInLong() {
        return denominatorBits <= LONG_BITS;
    }

    /** The probability of an entry as the nearest double (for reports; never for privacy). */
    public double probability(int row, int col) {
        BigInteger w = weights[row][col];
        if (w.signum() == 0) {
            return 0.0;
        }
        // Scale the 64 leading bits so that huge K neither overflows nor underflows early.
        int shift = Math.max(0, w.bitLength() - 64);
        return Math.scalb(w.shiftRight(shift).doubleValue(), shift - denominatorBits);
    }

    /** log2 of an entry's weight, accurate to ~1e-15 relative; −∞ for 0. For pre-screening only. */
    static double log2(BigInteger w) {
        if (w.signum() == 0) {
            return Double.NEGATIVE_INFINITY;
        }
        int shift = Math.max(0, w.bitLength() - 64);
        return shift + Math.log(w.shiftRight(shift).doubleValue()) / Math.log(2);
    }
}
