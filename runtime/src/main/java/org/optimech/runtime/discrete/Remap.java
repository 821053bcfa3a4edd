package org.optimech.runtime.discrete;

import java.util.Arrays;
import java.util.Objects;

/**
 * A post-processing map from intermediate values {@code 0..rows−1} to output indices: row z sends z to output
 * {@code outputs[z][k]} with probability {@code weights[z][k] / 2^bits} exactly. Data only: {@link RemapSampler} draws from it.
 * Stored flat (one array of outputs and one of weights, with row offsets; a deterministic remap is one array of targets), so
 * a remap of millions of rows costs a few bytes per row. Immutable.
 */
public final class Remap {
    /** Largest denominator exponent: weights and their sums are longs. */
    public static final int MAX_BITS = 62;

    private final int bits;
    private final int outputCount;
    /** Row z's entries are {@code [start[z], start[z+1])}; null for a deterministic remap (one entry per row). */
    private final int[] start;
    private final int[] outputs;
    /** Weights per entry; null for a deterministic remap. */
    private final long[] weights;
    /** Whether some row has more than one output. */
    private final boolean randomized;

    private Remap(int bits, int outputCount, int[] start, int[] outputs, long[] weights) {
        this.bits = bits;
        this.outputCount = outputCount;
        this.start = start;
        this.outputs = outputs;
        this.weights = weights;
        boolean any = false;
        if (start != null) {
            for (int z = 0; z + 1 < start.length && !any; z++) {
                any = start[z + 1] - start[z] > 1;
            }
        }
        this.randomized = any;
    }

    /**
     * A remap with rows of positive weights over {@code 2^bits}.
     *
     * @throws IllegalArgumentException naming the row, if a row is empty, has an output index outside
     *     {@code [0, outputCount)} or not strictly increasing, a weight that is not positive, or weights
     *     that do not sum to exactly {@code 2^bits}
     */
    public static Remap of(int bits, int outputCount, int[][] outputs, long[][] weights) {
        Objects.requireNonNull(outputs, "outputs");
        Objects.requireNonNull(weights, "weights");
        if (outputs.length != weights.length || outputs.length == 0) {
            throw new IllegalArgumentException("need one weight row per output row and at least one row. Provided: " + outputs.length + " and " + weights.length);
        }
        int[] start = new int[outputs.length + 1];
        long entries = 0;
        for (int z = 0; z < outputs.length; z++) {
            if (outputs[z].length == 0 || weights[z].length != outputs[z].length) {
                throw new IllegalArgumentException("remap row " + z + " must list at least one output and one weight per output");
            }
            entries += outputs[z].length;
            if (entries > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("a remap holds at most " + (Integer.MAX_VALUE - 8) + " entries");
            }
            start[z + 1] = (int) entries;
        }
        int[] o = new int[(int) entries];
        long[] w = new long[(int) entries];
        for (int z = 0; z < outputs.length; z++) {
            System.arraycopy(outputs[z], 0, o, start[z], outputs[z].length);
            System.arraycopy(weights[z], 0, w, start[z], weights[z].length);
        }
        return ofFlat(bits, outputCount, start, o, w);
    }

    /**
     * A remap from flat arrays (adopted, not copied: the caller hands them over): row z's outputs and weights are the
     * entries {@code [start[z], start[z+1])}. Checked as {@link #of} checks.
     *
     * @throws IllegalArgumentException as {@link #of}
     */
    public static Remap ofFlat(int bits, int outputCount, int[] start, int[] outputs, long[] weights) {
        if (bits < 0 || bits > MAX_BITS) {
            throw new IllegalArgumentException("denominator bits must be in 0.." + MAX_BITS + ". Provided value: " + bits);
        }
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(outputs, "outputs");
        Objects.requireNonNull(weights, "weights");
        int rows = start.length - 1;
        if (rows < 1 || start[0] != 0 || start[rows] != outputs.length || weights.length != outputs.length) {
            throw new IllegalArgumentException("need at least one row, and row offsets that cover the entries. Provided: " + rows + " rows, " + outputs.length
                    + " outputs, " + weights.length + " weights");
        }
        long total = 1L << bits;
        boolean deterministic = true;
        for (int z = 0; z < rows; z++) {
            int from = start[z];
            int to = start[z + 1];
            if (to <= from) {
                throw new IllegalArgumentException("remap row " + z + " must list at least one output and one weight per output");
            }
            deterministic &= to - from == 1;
            long sum = 0;
            for (int k = from; k < to; k++) {
                if (outputs[k] < 0 || outputs[k] >= outputCount || k > from && outputs[k] <= outputs[k - 1]) {
                    throw new IllegalArgumentException("remap row " + z + ": output indices must be increasing and in [0, " + outputCount + "). Provided value: "
                            + Arrays.toString(Arrays.copyOfRange(outputs, from, to)));
                }
                long wk = weights[k];
                if (wk <= 0 || wk > total) {
                    throw new IllegalArgumentException("remap row " + z + ": weights must be in [1, 2^" + bits + "]. Provided value: " + wk);
                }
                if (wk > total - sum) { // sum + w > total, decided without overflowing a long (both are at most 2^62)
                    throw new IllegalArgumentException("remap row " + z + ": weights must sum to exactly 2^" + bits + " = " + total + "; they sum to more");
                }
                sum += wk;
            }
            if (sum != total) {
                throw new IllegalArgumentException("remap row " + z + ": weights must sum to exactly 2^" + bits + " = " + total + "; they sum to " + sum);
            }
        }
        if (deterministic && bits == 0) {
            return new Remap(0, outputCount, null, outputs, null);
        }
        return new Remap(bits, outputCount, start, outputs, weights);
    }

    /** A deterministic remap: z goes to {@code target[z]} (copied). */
    public static Remap deterministic(int outputCount, int[] target) {
        Objects.requireNonNull(target, "target");
        if (target.length == 0) {
            throw new IllegalArgumentException("need one weight row per output row and at least one row. Provided: 0 and 0");
        }
        for (int z = 0; z < target.length; z++) {
            if (target[z] < 0 || target[z] >= outputCount) {
                throw new IllegalArgumentException("remap row " + z + ": output indices must be increasing and in [0, " + outputCount + "). Provided value: ["
                        + target[z] + "]");
            }
        }
        return new Remap(0, outputCount, null, target.clone(), null);
    }

    public int bits() {
        return bits;
    }

    public int rows() {
        return start == null ? outputs.length : start.length - 1;
    }

    public int outputCount() {
        return outputCount;
    }

    /** Whether every row has a single output (no random bits are read). */
    public boolean isDeterministic() {
        return !randomized;
    }

    /** The output indices of row z (a copy). */
    public int[] outputs(int z) {
        return start == null ? new int[] {outputs[z]} : Arrays.copyOfRange(outputs, start[z], start[z + 1]);
    }

    /** The weights of row z over 2^bits (a copy). */
    public long[] weights(int z) {
        return start == null ? new long[] {1L << bits} : Arrays.copyOfRange(weights, start[z], start[z + 1]);
    }

    /** Number of outputs row z can send to. */
    public int width(int z) {
        return start == null ? 1 : start[z + 1] - start[z];
    }

    /** The k-th output index of row z, without copying. */
    public int outputAt(int z, int k) {
        Objects.checkIndex(k, width(z));
        return start == null ? outputs[z] : outputs[start[z] + k];
    }

    /** The weight of the k-th output of row z over 2^bits, without copying. */
    public long weightAt(int z, int k) {
        Objects.checkIndex(k, width(z));
        return start == null ? 1L << bits : weights[start[z] + k];
    }

    /** The probability of the k-th output of row z, as the double nearest to weight / 2^bits. */
    public double probabilityAt(int z, int k) {
        return Math.scalb((double) weightAt(z, k), -bits);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Remap r) || r.bits != bits || r.outputCount != outputCount || r.rows() != rows()) {
            return false;
        }
        for (int z = 0; z < rows(); z++) {
            if (r.width(z) != width(z)) {
                return false;
            }
            for (int k = 0; k < width(z); k++) {
                if (r.outputAt(z, k) != outputAt(z, k) || r.weightAt(z, k) != weightAt(z, k)) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = Objects.hash(bits, outputCount, rows());
        for (int z = 0; z < rows(); z++) {
            for (int k = 0; k < width(z); k++) {
                h = 31 * h + outputAt(z, k);
                h = 31 * h + Long.hashCode(weightAt(z, k));
            }
        }
        return h;
    }
}
