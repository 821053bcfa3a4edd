package org.optimech.runtime.random;

import java.util.Objects;

/**
 * A sampler driven by a lookup of the next few bits: the walk of an exact bit-by-bit sampler (a Knuth–Yao tree, a remap
 * after noise) tabulated over every string of its first {@code width} bits. A draw looks ahead {@code width} bits
 * ({@link RandomSource#peekBits}), reads the entry of that string and, when the walk ends within them, takes exactly the
 * bits the walk used and returns its outcome; otherwise (or when the source cannot look ahead) it runs the walk itself.
 *
 * <p><b>Bit-exact.</b> The table is made by running the walk on each string, so for every stream a draw returns what the
 * walk returns from it and consumes the same bits: the output law is the walk's law exactly (for a Knuth–Yao walk, the
 * stored integers over 2^K), the bits per draw are the walk's, and bits looked at but not used remain the next bits of the
 * stream, used once. The walk must be a function of the bits it reads (a prefix code): every sampler of this runtime is.
 *
 * <p>Building runs the walk once per outcome reached within {@code width} bits and once per longer prefix: a walk that ends
 * after {@code u ≤ width} bits fills all 2^(width−u) strings that share its prefix at once.
 *
 * <p>Immutable and thread-safe; each call takes its own {@link RandomSource}.
 */
public final class PrefixTable {
    /** Widest look-ahead (entries per row: 2^width). */
    public static final int MAX_WIDTH = 16;

    /** A walk of row {@code row}: an exact sampler that reads its bits from {@code random} one call at a time. */
    @FunctionalInterface
    public interface Walk {
        long sample(int row, RandomSource random);
    }

    private final int width;
    private final int rows;
    /** Entry of row r and string x at {@code (r << width) | x}: {@code outcome << 5 | bits used}, or 0 when the walk is longer. */
    private final long[] entries;
    private final Walk walk;

    private PrefixTable(int width, int rows, long[] entries, Walk walk) {
        this.width = width;
        this.rows = rows;
        this.entries = entries;
        this.walk = walk;
    }

    /**
     * The table of {@code walk} for rows {@code 0 … rows−1} over strings of {@code width} bits; outcomes must lie in
     * {@code [−2^58, 2^58)}.
     *
     * @throws IllegalArgumentException when {@code rows < 1}, {@code width} is outside 1..{@value #MAX_WIDTH}, the table
     *     would exceed 2^28 entries, or an outcome lies outside the range
     */
    public static PrefixTable of(int rows, int width, Walk walk) {
        Objects.requireNonNull(walk, "walk");
        if (width < 1 || width > MAX_WIDTH) {
            throw new IllegalArgumentException("width must be in 1.." + MAX_WIDTH + ". Provided value: " + width);
        }
        if (rows < 1 || (long) rows << width > 1L << 28) {
            throw new IllegalArgumentException("rows must be >= 1 and rows * 2^width at most 2^28. Provided value: " + rows + " rows, width " + width);
        }
        long[] entries = new long[rows << width];
        Script script = new Script(width);
        int size = 1 << width;
        for (int r = 0; r < rows; r++) {
            int x = 0;
            while (x < size) {
                script.start(x);
                long outcome;
                try {
                    outcome = walk.sample(r, script);
                } catch (Script.Beyond longer) {
                    x++; // entry 0: the walk reads more than width bits from this string
                    continue;
                }
                if (outcome < -(1L << 58) || outcome >= 1L << 58) {
                    throw new IllegalArgumentException("outcomes must lie in [-2^58, 2^58). Provided value: " + outcome + " (row " + r + ")");
                }
                int used = script.used();
                if (used == 0) {
                    // a row that reads no bits: keep the walk (it is as fast, and the entry could not mark "0 bits")
                    x += size;
                    continue;
                }
                // every string that shares the used prefix ends the same way; x is the first of them (prefix-free walk)
                int block = 1 << (width - used);
                if ((x & (block - 1)) != 0) {
                    throw new IllegalStateException("the walk of row " + r + " is not a function of the bits it reads: string " + x + " ends after " + used
                            + " bits but an earlier string with the same prefix did not");
                }
                int at = r << width; // the row's first entry
                java.util.Arrays.fill(entries, at + x, at + x + block, outcome << 5 | used);
                x += block;
            }
        }
        return new PrefixTable(width, rows, entries, walk);
    }

    /** The largest width ≤ {@code maxWidth} (down to {@code minWidth}) whose table for {@code rows} rows fits {@code maxEntries}, or 0. */
    public static int widthFor(int rows, int minWidth, int maxWidth, long maxEntries) {
        for (int w = Math.min(maxWidth, MAX_WIDTH); w >= Math.max(1, minWidth); w--) {
            if ((long) rows << w <= maxEntries) {
                return w;
            }
        }
        return 0;
    }

    /**
     * One draw from row {@code row}: exactly what {@code walk.sample(row, random)} returns, with the same bits consumed.
     *
     * @throws IndexOutOfBoundsException for a row outside [0, rows) (checked: a shifted index would wrap to another row)
     */
    public long sample(int row, RandomSource random) {
        java.util.Objects.checkIndex(row, rows);
        long x = random.peekBits(width);
        if (x >= 0) {
            long e = entries[(row << width) | (int) x];
            if (e != 0) {
                random.nextBits((int) e & 31);
                return e >> 5;
            }
        }
        return walk.sample(row, random);
    }

    /** Look-ahead width in bits. */
    public int width() {
        return width;
    }

    public int rows() {
        return rows;
    }

    /** The probability, over uniform strings, that a draw from {@code row} ends within the look-ahead (a table hit). */
    public double hitProbability(int row) {
        java.util.Objects.checkIndex(row, rows);
        long hits = 0;
        for (int x = 0; x < 1 << width; x++) {
            if (entries[(row << width) | x] != 0) {
                hits++;
            }
        }
        return hits / (double) (1 << width);
    }

    /** The bits of one string, most significant first, and a refusal past its end (used to tabulate a walk). */
    private static final class Script implements RandomSource {
        /** Thrown when the walk asks for more bits than the string has; no stack trace (it is the common case of a miss). */
        static final class Beyond extends RuntimeException {
            private static final long serialVersionUID = 1L;

            Beyond() {
                super("walk longer than the look-ahead", null, false, false);
            }
        }

        private static final Beyond BEYOND = new Beyond();
        private final int width;
        private long bits;
        private int used;

        Script(int width) {
            this.width = width;
        }

        void start(long x) {
            bits = x;
            used = 0;
        }

        int used() {
            return used;
        }

        @Override
        public long nextLong() {
            return nextBits(64);
        }

        @Override
        public long nextBits(int k) {
            if (k < 0 || k > 64) {
                throw new IllegalArgumentException("k must be in 0..64. Provided value: " + k);
            }
            if (k == 0) {
                return 0;
            }
            if (used + k > width) {
                throw BEYOND;
            }
            long r = (bits >>> (width - used - k)) & ((1L << k) - 1);
            used += k;
            return r;
        }
    }
}
