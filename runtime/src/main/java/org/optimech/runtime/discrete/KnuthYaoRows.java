package org.optimech.runtime.discrete;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;
import org.optimech.runtime.random.RandomSource;

/**
 * Entropy-optimal exact sampling of rows of non-negative integers that each sum to {@code 2^K}: the Knuth–Yao
 * discrete distribution generating tree, which is what the Fast Loaded Dice Roller (Saad, Freer, Rinard, Mansinghka,
 * AISTATS 2020) becomes when the row total is a power of two. Level c of the tree (c = 0, 1, …) holds a leaf for every
 * entry whose weight has bit {@code K−1−c} set; a draw reads one random bit per level, walking an offset d through the
 * level's leaves and internal nodes, and stops at the first leaf it lands on. So {@code P(j) = w_j / 2^K} exactly, and the
 * expected number of bits is below {@code H + 2} (H the row's entropy in bits; Knuth and Yao 1976), against K bits for an
 * inversion of a uniform K-bit integer.
 *
 * <p>The first {@code min(K, }{@value #MAX_LEVELS}{@code )} levels are stored as flat arrays (the leaves of every level in
 * entry order); leading levels without leaves are read as one multi-bit draw. A walk that goes deeper, which happens with
 * probability below (entries)·2^−{@value #MAX_LEVELS}, continues from the weights themselves. A row holding one entry of
 * weight {@code 2^K} is deterministic and reads no bits.
 *
 * <p>Immutable and thread-safe; each call takes its own {@link RandomSource}.
 */
public final class KnuthYaoRows {
    /** Levels stored as arrays; deeper levels are read from the weights. */
    public static final int MAX_LEVELS = 64;
    /** Most leaves stored for all rows together; beyond it fewer levels are stored. */
    static final long MAX_LEAVES = 1L << 27;

    private final int bits;
    private final int levels;
    /** starts[r·(levels+1) + c]: where level c of row r starts in {@link #leaves}; the next entry is its end. */
    private final int[] starts;
    private final int[] leaves;
    /** Leading levels of each row without leaves, or −1 − j for a row deterministic at entry j. */
    private final int[] skip;
    /** The weights, kept only when levels are left to read from them. */
    private final WeightRows deep;

    /** Read access to the weights of the rows for levels beyond the stored ones. */
    interface WeightRows {
        int rows();

        int width(int row);

        /** Bit {@code b} of the weight of entry {@code j} of row {@code row}. */
        boolean testBit(int row, int j, int b);
    }

    private KnuthYaoRows(int bits, int levels, int[] starts, int[] leaves, int[] skip, WeightRows deep) {
        this.bits = bits;
        this.levels = levels;
        this.starts = starts;
        this.leaves = leaves;
        this.skip = skip;
        this.deep = deep;
    }

    /** The sampler of every row of a weight table. */
    public static KnuthYaoRows of(WeightTable table) {
        Objects.requireNonNull(table, "table");
        int k = table.denominatorBits();
        boolean longs = table.fitsInLong(); // read in place: a table of millions of entries is not copied
        return build(k, new WeightRows() {
            @Override
            public int rows() {
                return table.rows();
            }

            @Override
            public int width(int row) {
                return table.cols();
            }

            @Override
            public boolean testBit(int row, int j, int b) {
                return longs ? (table.longWeight(row, j) >>> b & 1) != 0 : table.weight(row, j).testBit(b);
            }
        }, MAX_LEVELS);
    }

    /**
     * The sampler of rows of {@code long} weights, each row summing to {@code 2^bits} ({@code bits ≤ 63}); rows may differ
     * in length. The caller has checked the sums (a {@link WeightTable} or a {@link Remap} does).
     */
    static KnuthYaoRows ofLongs(int bits, long[][] rows) {
        return ofLongs(bits, rows, MAX_LEVELS);
    }

    /** As {@link #ofLongs(int, long[][])}, storing at most {@code maxLevels} levels (tests exercise the deep walk). */
    static KnuthYaoRows ofLongs(int bits, long[][] rows, int maxLevels) {
        if (bits < 0 || bits > 63) {
            throw new IllegalArgumentException("bits must be in 0..63. Provided value: " + bits);
        }
        long[][] copy = rows.clone();
        return build(bits, new WeightRows() {
            @Override
            public int rows() {
                return copy.length;
            }

            @Override
            public int width(int row) {
                return copy[row].length;
            }

            @Override
            public boolean testBit(int row, int j, int b) {
                return (copy[row][j] >>> b & 1) != 0;
            }
        }, maxLevels);
    }

    private static KnuthYaoRows build(int bits, WeightRows w, int maxLevels) {
        int rows = w.rows();
        int levels = Math.min(bits, maxLevels);
        // fewer stored levels if the leaves of all rows would not fit (never for the tables the designer writes)
        while (levels > 8 && countLeaves(w, bits, levels) > MAX_LEAVES) {
            levels -= 8;
        }
        int[] starts = new int[rows * (levels + 1)];
        int[] skip = new int[rows];
        int[] leaves = new int[(int) countLeaves(w, bits, levels)];
        int next = 0;
        for (int r = 0; r < rows; r++) {
            int width = w.width(r);
            int whole = -1;
            for (int j = 0; j < width && whole < 0; j++) {
                if (w.testBit(r, j, bits)) {
                    whole = j; // the one entry of weight 2^K
                }
            }
            int firstLeafLevel = -1;
            for (int c = 0; c < levels; c++) {
                starts[r * (levels + 1) + c] = next;
                int b = bits - 1 - c;
                for (int j = 0; j < width; j++) {
                    if (w.testBit(r, j, b)) {
                        leaves[next++] = j;
                        if (firstLeafLevel < 0) {
                            firstLeafLevel = c;
                        }
                    }
                }
            }
            starts[r * (levels + 1) + levels] = next;
            skip[r] = whole >= 0 ? -1 - whole : firstLeafLevel < 0 ? levels : firstLeafLevel;
        }
        return new KnuthYaoRows(bits, levels, starts, leaves, skip, levels < bits ? w : null);
    }

    private static long countLeaves(WeightRows w, int bits, int levels) {
        long n = 0;
        for (int r = 0; r < w.rows(); r++) {
            for (int j = 0; j < w.width(r); j++) {
                for (int c = 0; c < levels; c++) {
                    if (w.testBit(r, j, bits - 1 - c)) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    /** K, where every row sums to 2^K. */
    public int denominatorBits() {
        return bits;
    }

    public int rows() {
        return skip.length;
    }

    /** The entry drawn from row {@code row}: {@code j} with probability {@code w[row][j] / 2^K}. */
    public int sample(int row, RandomSource random) {
        int s = skip[row];
        if (s < 0) {
            return -1 - s;
        }
        int base = row * (levels + 1);
        // levels without leaves only double d: read them at once (s < 31: a row needs 2^s entries to start at level s)
        int d = s == 0 ? 0 : (int) random.nextBits(s);
        for (int c = s; c < levels; c++) {
            d = (d << 1) | random.nextBit();
            int from = starts[base + c];
            int h = starts[base + c + 1] - from;
            if (d < h) {
                return leaves[from + d];
            }
            d -= h;
        }
        return deepWalk(row, d, random);
    }

    /** The walk below the stored levels, reading each level's leaves from the weights (entry order, as stored levels are). */
    private int deepWalk(int row, int d, RandomSource random) {
        long offset = d;
        int width = deep.width(row);
        for (int c = levels; c < bits; c++) {
            offset = (offset << 1) | random.nextBit();
            int b = bits - 1 - c;
            for (int j = 0; j < width; j++) {
                if (deep.testBit(row, j, b)) {
                    if (offset == 0) {
                        return j;
                    }
                    offset--;
                }
            }
        }
        throw new IllegalStateException("row " + row + " does not sum to 2^" + bits + ": the Knuth-Yao walk ran past its last level");
    }

    /**
     * The expected number of random bits one draw from {@code row} reads, exactly as the tree gives it (Σ over leaves of
     * their depth·2^−depth), as a double.
     */
    public double expectedBits(int row) {
        int s = skip[row];
        if (s < 0) {
            return 0;
        }
        double e = 0;
        int base = row * (levels + 1);
        for (int c = 0; c < levels; c++) {
            int h = starts[base + c + 1] - starts[base + c];
            e += h * (c + 1) * Math.scalb(1.0, -(c + 1));
        }
        if (deep != null) {
            for (int c = levels; c < bits && c < 1100; c++) {
                int h = 0;
                for (int j = 0; j < deep.width(row); j++) {
                    if (deep.testBit(row, j, bits - 1 - c)) {
                        h++;
                    }
                }
                e += h * (c + 1) * Math.scalb(1.0, -(c + 1));
            }
        }
        return e;
    }

    /** The number of levels stored as arrays (the rest are read from the weights). */
    int storedLevels() {
        return levels;
    }

    @Override
    public String toString() {
        return "KnuthYaoRows[" + rows() + " rows over 2^" + bits + ", " + levels + " levels stored, " + leaves.length + " leaves, skips "
                + Arrays.stream(skip).filter(x -> x >= 0).min().orElse(0) + "+]";
    }
}
