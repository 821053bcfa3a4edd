package org.optimech.runtime.discrete;

import java.math.BigInteger;
import java.util.Objects;
import org.optimech.runtime.random.RandomSource;

/**
 * Exact sampler of a {@link WeightTable}: draws a uniform integer {@code u ∈ [0, 2^K)} and returns the
 * output whose cumulative interval contains it, so {@code P(j | i) = w[i][j] / 2^K} exactly.
 *
 * <p>One 64-bit draw per sample. For {@code K ≤ 62} the cumulative weights are longs and the draw is
 * K bits. For larger K only the 62 leading bits of u are drawn first; the remaining K − 62 bits are
 * drawn (once) only if they are needed to decide a comparison, which happens with probability at
 * most {@code outputs · 2^-62}, so big-integer rows cost about as much as 64-bit ones.
 *
 * <p>Thread-safe: the tables are immutable and each call takes its own {@link RandomSource}.
 */
public final class TableSampler {
    private final int rows;
    private final int cols;
    private final int bits;
    // K ≤ 62: cumulative upper bounds. K > 62: their top 62 bits and, separately, the low K−62 bits.
    private final long[][] cumulative;
    private final BigInteger[][] low;
    private final int lowBits;

    private TableSampler(WeightTable table) {
        this.rows = table.rows();
        this.cols = table.cols();
        this.bits = table.denominatorBits();
        this.cumulative = new long[rows][cols];
        if (bits <= WeightTable.LONG_BITS) {
            this.low = null;
            this.lowBits = 0;
            for (int i = 0; i < rows; i++) {
                long c = 0;
                for (int j = 0; j < cols; j++) {
                    c += table.weight(i, j).longValueExact();
                    cumulative[i][j] = c;
                }
            }
        } else {
            this.lowBits = bits - WeightTable.LONG_BITS;
            this.low = new BigInteger[rows][cols];
            BigInteger mask = BigInteger.ONE.shiftLeft(lowBits).subtract(BigInteger.ONE);
            for (int i = 0; i < rows; i++) {
                BigInteger c = BigInteger.ZERO;
                for (int j = 0; j < cols; j++) {
                    c = c.add(table.weight(i, j));
                    cumulative[i][j] = c.shiftRight(lowBits).longValueExact();
                    low[i][j] = c.and(mask);
                }
            }
        }
    }

    /** A sampler for every row of the table. */
    public static TableSampler of(WeightTable table) {
        return new TableSampler(Objects.requireNonNull(table, "table"));
    }

    /** The output index drawn for input row {@code row}. */
    public int sample(int row, RandomSource random) {
        Objects.checkIndex(row, rows);
        long[] c = cumulative[row];
        if (low == null) {
            long u = random.nextBits(bits);
            // First j with u < c[j]; zero-weight outputs have c[j] == c[j-1] and are never chosen.
            int lo = 0;
            int hi = cols - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (u < c[mid]) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            return lo;
        }
        long uHigh = random.nextBits(WeightTable.LONG_BITS);
        BigInteger uLow = null;
        BigInteger[] l = low[row];
        int lo = 0;
        int hi = cols - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            boolean below;
            if (uHigh != c[mid]) {
                below = uHigh < c[mid];
            } else {
                if (uLow == null) {
                    uLow = random.nextBigBits(lowBits);
                }
                below = uLow.compareTo(l[mid]) < 0;
            }
            if (below) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }
}
