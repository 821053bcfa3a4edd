package org.optimech.runtime.discrete;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * A discrete mechanism as integers: {@code P(output j | input i) = weight(i, j) / 2^K}. Every row is
 * non-negative and sums to exactly {@code 2^K}, so the probabilities are exact dyadic rationals and
 * a sampler that draws K uniform bits realises them exactly.
 *
 * <p>A table with {@code K ≤ 62} (every table the LP designer writes) is stored as one flat {@code long} array, 8 bytes
 * per entry; a larger K keeps {@code BigInteger}s.
 */
public final class WeightTable {
    /** Largest denominator exponent accepted (a weight of this many bits is ~30,000 digits). */
    public static final int MAX_DENOMINATOR_BITS = 100_000;
    /** Tables up to this exponent are sampled with 64-bit arithmetic only. */
    public static final int LONG_BITS = 62;

    private final int denominatorBits;
    private final int rows;
    private final int cols;
    /** Row-major entries when {@code K ≤ 62}, else null. */
    private final long[] flat;
    /** The entries when {@code K > 62}, else null. */
    private final BigInteger[][] weights;

    private WeightTable(int denominatorBits, int rows, int cols, long[] flat, BigInteger[][] weights) {
        this.denominatorBits = denominatorBits;
        this.rows = rows;
        this.cols = cols;
        this.flat = flat;
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
        if (denominatorBits <= LONG_BITS) {
            long[] flat = new long[Math.multiplyExact(rows.length, cols)];
            for (int i = 0; i < rows.length; i++) {
                for (int j = 0; j < cols; j++) {
                    flat[i * cols + j] = copy[i][j].longValueExact(); // each entry is at most its row's sum, 2^K
                }
            }
            return new WeightTable(denominatorBits, rows.length, cols, flat, null);
        }
        return new WeightTable(denominatorBits, rows.length, cols, null, copy);
    }

    /** A table from rows of {@code long} weights (copied). */
    public static WeightTable ofLongs(int denominatorBits, long[][] rows) {
        if (denominatorBits > LONG_BITS || rows.length == 0) {
            BigInteger[][] b = new BigInteger[rows.length][];
            for (int i = 0; i < rows.length; i++) {
                b[i] = new BigInteger[rows[i].length];
                for (int j = 0; j < rows[i].length; j++) {
                    b[i][j] = BigInteger.valueOf(rows[i][j]);
                }
            }
            return of(denominatorBits, b);
        }
        Builder b = builder(denominatorBits);
        for (long[] row : rows) {
            for (long w : row) {
                b.add(w);
            }
            b.endRow();
        }
        return b.build();
    }

    /**
     * A builder that takes a table entry by entry, row by row, and stores it as compactly as {@link WeightTable} does:
     * a loader can read millions of entries without a second copy.
     *
     * @throws IllegalArgumentException if {@code denominatorBits} is outside {@code 0..}{@value #MAX_DENOMINATOR_BITS}
     */
    public static Builder builder(int denominatorBits) {
        if (denominatorBits < 0 || denominatorBits > MAX_DENOMINATOR_BITS) {
            throw new IllegalArgumentException("denominator_bits must be in 0.." + MAX_DENOMINATOR_BITS + ". Provided value: " + denominatorBits);
        }
        return new Builder(denominatorBits);
    }

    /** Entries in row-major order; {@link #build} checks what {@link WeightTable#of} checks. Not thread-safe; build once. */
    public static final class Builder {
        private final int bits;
        private long[] flat = new long[1024];
        private BigInteger[] big;
        private int size;
        private int rows;
        private int cols = -1;
        private int rowStart;
        private long rowSum;
        private BigInteger bigRowSum = BigInteger.ZERO;

        private Builder(int bits) {
            this.bits = bits;
        }

        /** The next entry of the current row. */
        public Builder add(long w) {
            if (w < 0) {
                throw new IllegalArgumentException("weight [" + rows + "][" + (size - rowStart) + "] must be a non-negative integer. Provided value: " + w);
            }
            grow();
            if (big != null) {
                big[size] = BigInteger.valueOf(w);
            } else {
                flat[size] = w;
            }
            size++;
            if (bits <= LONG_BITS) {
                rowSum += w;
                if (rowSum < 0 || rowSum > 1L << bits) {
                    rowSum = -1; // over 2^K already: reported at the end of the row
                }
            } else {
                bigRowSum = bigRowSum.add(BigInteger.valueOf(w));
            }
            return this;
        }

        /** The next entry of the current row, of any size. */
        public Builder add(BigInteger w) {
            if (w.signum() >= 0 && w.bitLength() < Long.SIZE) {
                return add(w.longValue());
            }
            if (w.signum() < 0) {
                throw new IllegalArgumentException("weight [" + rows + "][" + (size - rowStart) + "] must be a non-negative integer. Provided value: " + w);
            }
            if (bits <= LONG_BITS) {
                throw new IllegalArgumentException("row " + rows + " must sum to 2^" + bits + "; its entry " + (size - rowStart) + " alone is " + w);
            }
            grow();
            if (big == null) {
                big = new BigInteger[flat.length];
                for (int k = 0; k < size; k++) {
                    big[k] = BigInteger.valueOf(flat[k]);
                }
                flat = null;
            }
            big[size++] = w;
            bigRowSum = bigRowSum.add(w);
            return this;
        }

        /** The number of entries of the current row so far. */
        public int rowLength() {
            return size - rowStart;
        }

        /**
         * Ends the current row.
         *
         * @throws IllegalArgumentException if it is empty, its length differs from the first row's or it does not sum to 2^K
         */
        public Builder endRow() {
            int length = size - rowStart;
            if (length == 0) {
                throw new IllegalArgumentException("a weight table needs at least one column");
            }
            if (cols >= 0 && length != cols) {
                throw new IllegalArgumentException("row " + rows + " has " + length + " entries; row 0 has " + cols);
            }
            boolean exact = bits <= LONG_BITS ? rowSum == 1L << bits : bigRowSum.equals(BigInteger.ONE.shiftLeft(bits));
            if (!exact) {
                throw new IllegalArgumentException("row " + rows + " must sum to 2^" + bits + "; it sums to " + rowSum());
            }
            cols = length;
            rows++;
            rowStart = size;
            rowSum = 0;
            bigRowSum = BigInteger.ZERO;
            return this;
        }

        private BigInteger rowSum() {
            BigInteger sum = BigInteger.ZERO;
            for (int k = rowStart; k < size; k++) {
                sum = sum.add(big != null ? big[k] : BigInteger.valueOf(flat[k]));
            }
            return sum;
        }

        /**
         * The table.
         *
         * @throws IllegalArgumentException if no row was ended or a row is unfinished
         */
        public WeightTable build() {
            if (rows == 0) {
                throw new IllegalArgumentException("a weight table needs at least one row");
            }
            if (size != rowStart) {
                throw new IllegalArgumentException("row " + rows + " was not ended");
            }
            if (big == null) {
                long[] exact = flat.length == size ? flat : Arrays.copyOf(flat, size);
                flat = null;
                if (bits <= LONG_BITS) {
                    return new WeightTable(bits, rows, cols, exact, null);
                }
                big = new BigInteger[size];
                for (int k = 0; k < size; k++) {
                    big[k] = BigInteger.valueOf(exact[k]);
                }
            }
            BigInteger[][] w = new BigInteger[rows][];
            for (int i = 0; i < rows; i++) {
                w[i] = Arrays.copyOfRange(big, i * cols, (i + 1) * cols);
            }
            big = null;
            return new WeightTable(bits, rows, cols, null, w);
        }

        private void grow() {
            int capacity = big != null ? big.length : flat.length;
            if (size == capacity) {
                int next = (int) Math.min(Integer.MAX_VALUE - 8, capacity + (capacity >> 1) + 16L);
                if (next <= size) {
                    throw new IllegalArgumentException("a weight table holds at most " + capacity + " entries");
                }
                if (big != null) {
                    big = Arrays.copyOf(big, next);
                } else {
                    flat = Arrays.copyOf(flat, next);
                }
            }
        }
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    /** K, where every row sums to {@code 2^K}. */
    public int denominatorBits() {
        return denominatorBits;
    }

    public BigInteger weight(int row, int col) {
        if (flat != null) {
            return BigInteger.valueOf(flat[index(row, col)]);
        }
        return weights[row][col];
    }

    /**
     * An entry as a {@code long}, without allocation.
     *
     * @throws IllegalStateException if the table does not {@link #fitsInLong() fit in longs}
     */
    public long longWeight(int row, int col) {
        if (flat == null) {
            throw new IllegalStateException("a table over 2^" + denominatorBits + " has entries beyond 64 bits; use weight(row, col)");
        }
        return flat[index(row, col)];
    }

    private int index(int row, int col) {
        java.util.Objects.checkIndex(row, rows);
        java.util.Objects.checkIndex(col, cols);
        return row * cols + col;
    }

    /** A copy of one row. */
    public BigInteger[] row(int row) {
        BigInteger[] r = new BigInteger[cols];
        for (int j = 0; j < cols; j++) {
            r[j] = weight(row, j);
        }
        return r;
    }

    /** Whether every weight (and the row total) fits the 64-bit sampler: {@code K ≤ 62}. */
    public boolean fitsInLong() {
        return denominatorBits <= LONG_BITS;
    }

    /** The probability of an entry as the nearest double (for reports; never for privacy). */
    public double probability(int row, int col) {
        if (flat != null) {
            return Math.scalb((double) flat[index(row, col)], -denominatorBits);
        }
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
