package org.optimech.runtime.knorm;

import java.math.BigInteger;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Eulerian numbers A(n, j), the number of permutations of n elements with j descents, in exact big integers (at n = 1000
 * they have thousands of digits). They count the unit-volume slices of the cube: the slice {j ≤ Σx &lt; j + 1} of [0, 1]^n
 * has volume A(n, j)/n! (Stanley 1977), so vol([0, 1]^n ∩ {Σx ≤ k}) = Σ_{j&lt;k} A(n, j)/n!. Rows are produced by the recurrence
 * A(n, j) = (j + 1)·A(n − 1, j) + (n − j)·A(n − 1, j − 1), truncated to the first k columns, with O(k) memory.
 */
public final class EulerianNumbers {
    /** Sampling tables already built, by (n, k): built once per spec load and shared by every sampler and thread. */
    private static final Map<Long, CubeSlices> SLICES = new ConcurrentHashMap<>();
    /** Most tables kept; beyond it the cache is cleared (a table is rebuilt on demand, never wrong). */
    private static final int MAX_CACHED = 16;

    private EulerianNumbers() {
    }

    /** Receives one row. */
    @FunctionalInterface
    public interface RowConsumer {
        /**
         * @param n the row
         * @param row A(n, 0), …, A(n, m − 1) with m = min(max(n, 1), columns) (A(0, 0) = 1); not to be modified or kept
         */
        void accept(int n, BigInteger[] row);
    }

    /**
     * Streams rows 0 … {@code maxRow}, each truncated to {@code columns} entries: O(maxRow·columns) big-integer
     * multiply-adds.
     *
     * @throws IllegalArgumentException for maxRow &lt; 0 or columns &lt; 1
     */
    public static void rows(int maxRow, int columns, RowConsumer consumer) {
        if (maxRow < 0 || columns < 1) {
            throw new IllegalArgumentException("need maxRow >= 0 and columns >= 1. Provided values: " + maxRow + ", " + columns);
        }
        BigInteger[] prev = {BigInteger.ONE};
        consumer.accept(0, prev);
        for (int n = 1; n <= maxRow; n++) {
            int m = Math.min(n, columns);
            BigInteger[] row = new BigInteger[m];
            for (int j = 0; j < m; j++) {
                // entries beyond the previous row are zero (j ≥ n − 1 there, as j < columns); A(0, 0) = 1 starts the recurrence
                BigInteger a = j < prev.length ? prev[j].multiply(BigInteger.valueOf(j + 1L)) : BigInteger.ZERO;
                if (j >= 1) {
                    a = a.add(prev[j - 1].multiply(BigInteger.valueOf(n - j)));
                }
                row[j] = a;
            }
            consumer.accept(n, row);
            prev = row;
        }
    }

    /** The Eulerian numbers A(n, 0), …, A(n, n − 1) of one row (test and report helper; O(n²)). */
    public static BigInteger[] row(int n) {
        BigInteger[][] out = new BigInteger[1][];
        rows(n, Math.max(n, 1), (i, r) -> {
            if (i == n) {
                out[0] = r.clone();
            }
        });
        return out[0];
    }

    /** Whole rows A(n, 0), …, A(n, n − 1), by n: built once per spec load and shared (the lattice count join's level law). */
    private static final Map<Integer, SharedRow> ROWS = new ConcurrentHashMap<>();

    /** One cached row, built by the first thread that asks; the others wait for it rather than build it again (up to seconds at n = 1000). */
    private static final class SharedRow {
        private final int n;
        private java.util.List<BigInteger> row;

        SharedRow(int n) {
            this.n = n;
        }

        synchronized java.util.List<BigInteger> get() {
            if (row == null) {
                row = java.util.List.of(row(n));
            }
            return row;
        }
    }

    /**
     * The whole row A(n, 0), …, A(n, n − 1) (A(0, 0) = 1), immutable and shared: built on first use (O(n²) big-integer
     * multiply-adds, about {@link #tableCost}(n, n)) and then reused by every sampler and thread; concurrent first uses build
     * it once. At most 16 rows are kept: a new row evicts one other, not the whole cache.
     *
     * @throws IllegalArgumentException for n &lt; 0
     */
    public static java.util.List<BigInteger> sharedRow(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0. Provided value: " + n);
        }
        SharedRow held = ROWS.get(n);
        if (held == null) {
            if (ROWS.size() >= MAX_CACHED) {
                ROWS.keySet().stream().filter(key -> key != n).findAny().ifPresent(ROWS::remove);
            }
            held = ROWS.computeIfAbsent(n, SharedRow::new); // cheap: the row itself is built outside the map's lock
        }
        return held.get();
    }

    /** The largest {@link #tableCost} a spec may need at load (about a second); the designer leaves out bodies beyond it. */
    public static final double MAX_LOAD_TABLE_COST = 5e8;

    /**
     * Big-integer multiply-adds (in 64-bit words) to build the tables of {@link #slices}: about n·k entries of n·log2(k + 1)
     * bits each.
     */
    public static double tableCost(int n, int k) {
        double bits = n * (Math.log(k + 1.0) / Math.log(2)) + 64;
        return (double) n * Math.min(n, k) * (bits / 64);
    }

    /** The shared tables for uniform points of [0, 1]^m ∩ {Σx ≤ k}, m ≤ n: built on first use, then reused. */
    static CubeSlices slices(int n, int k) {
        long key = ((long) n << 32) | k;
        CubeSlices s = SLICES.get(key);
        if (s == null) {
            s = new CubeSlices(n, k);
            if (SLICES.size() >= MAX_CACHED) {
                SLICES.clear();
            }
            SLICES.putIfAbsent(key, s);
        }
        return s;
    }

    /** a/b as a double, for positive big integers of any size (both scaled to their top 62 bits first). */
    static double ratio(BigInteger a, BigInteger b) {
        if (a.signum() == 0) {
            return 0;
        }
        int shift = Math.max(0, Math.max(a.bitLength(), b.bitLength()) - 62);
        double x = a.shiftRight(shift).doubleValue();
        double y = b.shiftRight(shift).doubleValue();
        if (y == 0 || x == 0) {
            // one of them is below 2^shift: the quotient is far outside the range the callers use; fall back to logarithms
            return Math.exp(log(a) - log(b));
        }
        return x / y;
    }

    /** The natural logarithm of a positive big integer. */
    static double log(BigInteger a) {
        int shift = Math.max(0, a.bitLength() - 62);
        return Math.log(a.shiftRight(shift).doubleValue()) + shift * Math.log(2);
    }
}
