package org.optimech.runtime.discrete;

import java.math.BigInteger;
import java.util.Objects;
import org.optimech.runtime.random.RandomSource;

/**
 * A table sampler with a data- and noise-independent operation count: P(j | i) = w[i][j]/2^K exactly, with
 * every row padded to the same width. A sample draws exactly K random bits as u (in 62-bit limbs) and counts,
 * without branches, the cumulative bounds c_j ≤ u over the whole row: that count is the output index. Each
 * comparison runs over every limb. What remains observable is the address of the row read (which input),
 * visible to an attacker who shares the machine's caches; see docs/THREAT_MODEL.md.
 *
 * <p>Immutable and thread-safe; each call takes its own {@link RandomSource}.
 */
public final class ConstantTimeTable {
    private static final int LIMB = 62;
    private final int bits;
    private final int limbs;
    private final int width;
    // cumulative[row][j*limbs + l]: limb l (most significant first) of c_j = w_0 + … + w_j
    private final long[][] cumulative;

    private ConstantTimeTable(int bits, long[][] cumulative, int width) {
        this.bits = bits;
        this.limbs = Math.max(1, (bits + LIMB - 1) / LIMB);
        this.cumulative = cumulative;
        this.width = width;
    }

    /** A constant-time sampler for a weight table (rows summing to 2^K). */
    public static ConstantTimeTable of(WeightTable table) {
        Objects.requireNonNull(table, "table");
        BigInteger[][] rows = new BigInteger[table.rows()][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = table.row(i);
        }
        return of(table.denominatorBits(), rows);
    }

    /**
     * A constant-time sampler for rows of non-negative weights, each summing to exactly 2^bits; shorter rows are padded
     * with zero weights to the longest (never drawn).
     *
     * @throws IllegalArgumentException for a negative weight or a row that does not sum to 2^bits
     */
    public static ConstantTimeTable of(int bits, BigInteger[][] rows) {
        if (bits < 0 || bits > WeightTable.MAX_DENOMINATOR_BITS) {
            throw new IllegalArgumentException("bits must be in [0, " + WeightTable.MAX_DENOMINATOR_BITS + "]. Provided value: " + bits);
        }
        int limbs = Math.max(1, (bits + LIMB - 1) / LIMB);
        int width = 0;
        for (BigInteger[] r : rows) {
            width = Math.max(width, r.length);
        }
        BigInteger total = BigInteger.ONE.shiftLeft(bits);
        long[][] c = new long[rows.length][width * limbs];
        for (int i = 0; i < rows.length; i++) {
            BigInteger s = BigInteger.ZERO;
            for (int j = 0; j < width; j++) {
                if (j < rows[i].length) {
                    if (rows[i][j].signum() < 0) {
                        throw new IllegalArgumentException("weight (" + i + ", " + j + ") must be >= 0. Provided value: " + rows[i][j]);
                    }
                    s = s.add(rows[i][j]);
                }
                // c_j = 2^bits never lies at or below a draw; it gets the sentinel 2^62 in the top limb (above any limb
                // of u, even when bits is a multiple of 62 and 2^bits itself would not fit the limbs)
                boolean full = s.equals(total);
                for (int l = 0; l < limbs; l++) {
                    c[i][j * limbs + l] = full ? (l == 0 ? 1L << LIMB : 0) : s.shiftRight(LIMB * (limbs - 1 - l)).longValue() & ((1L << LIMB) - 1);
                }
            }
            if (!s.equals(total)) {
                throw new IllegalArgumentException("row " + i + " sums to " + s + ", not 2^" + bits);
            }
        }
        return new ConstantTimeTable(bits, c, width);
    }

    public int rows() {
        return cumulative.length;
    }

    /** The padded row width: every sample compares this many bounds. */
    public int width() {
        return width;
    }

    /** The output index for input row {@code row}: the number of cumulative bounds at or below a uniform K-bit u. */
    public int sample(int row, RandomSource random) {
        Objects.checkIndex(row, cumulative.length);
        long[] u = new long[limbs];
        int top = bits - LIMB * (limbs - 1);
        for (int l = 0; l < limbs; l++) {
            u[l] = random.nextBits(l == 0 ? Math.max(0, Math.min(top, LIMB)) : LIMB);
        }
        long[] c = cumulative[row];
        long index = 0;
        for (int j = 0; j < width; j++) {
            long less = 0; // 1 when u < c_j
            long equal = 1; // 1 while the limbs so far are equal
            for (int l = 0; l < limbs; l++) {
                long a = u[l];
                long b = c[j * limbs + l];
                // both in [0, 2^62]: a − b does not overflow, and its sign bit is 1 exactly when a < b
                long lt = (a - b) >>> 63;
                long eq = ((a ^ b) - 1) >>> 63;
                less |= equal & lt;
                equal &= eq;
            }
            index += 1 - less;
        }
        return (int) index;
    }
}
