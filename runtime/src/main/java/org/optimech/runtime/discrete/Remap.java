package org.optimech.runtime.discrete;

import java.util.Arrays;
import java.util.Objects;
import org.optimech.runtime.random.RandomSource;

/**
 * A post-processing map from intermediate values {@code 0..rows−1} to output indices: row z sends z
 * to output {@code outputs[z][k]} with probability {@code weights[z][k] / 2^bits} exactly. A row with
 * one output is deterministic. Immutable; {@link #sample} is thread-safe.
 */
public final class Remap {
    /** Largest denominator exponent: weights and their sums are longs. */
    public static final int MAX_BITS = 62;

    private final int bits;
    private final int outputCount;
    private final int[][] outputs;
    private final long[][] cumulative;

    private Remap(int bits, int outputCount, int[][] outputs, long[][] cumulative) {
        this.bits = bits;
        this.outputCount = outputCount;
        this.outputs = outputs;
        this.cumulative = cumulative;
    }

    /**
     * A remap with rows of positive weights over {@code 2^bits}.
     *
     * @throws IllegalArgumentException naming the row, if a row is empty, has an output index outside
     *     {@code [0, outputCount)} or not strictly increasing, a weight that is not positive, or weights
     *     that do not sum to exactly {@code 2^bits}
     */
    public static Remap of(int bits, int outputCount, int[][] outputs, long[][] weights) {
        if (bits < 0 || bits > MAX_BITS) {
            throw new IllegalArgumentException("denominator bits must be in 0.." + MAX_BITS + ". Provided value: " + bits);
        }
        Objects.requireNonNull(outputs, "outputs");
        Objects.requireNonNull(weights, "weights");
        if (outputs.length != weights.length || outputs.length == 0) {
            throw new IllegalArgumentException("need one weight row per output row and at least one row. Provided: " + outputs.length + " and " + weights.length);
        }
        long total = 1L << bits;
        int[][] o = new int[outputs.length][];
        long[][] c = new long[outputs.length][];
        for (int z = 0; z < outputs.length; z++) {
            o[z] = outputs[z].clone();
            long[] w = weights[z];
            if (o[z].length == 0 || w.length != o[z].length) {
                throw new IllegalArgumentException("remap row " + z + " must list at least one output and one weight per output");
            }
            c[z] = new long[w.length];
            long sum = 0;
            for (int k = 0; k < w.length; k++) {
                if (o[z][k] < 0 || o[z][k] >= outputCount || k > 0 && o[z][k] <= o[z][k - 1]) {
                    throw new IllegalArgumentException("remap row " + z + ": output indices must be increasing and in [0, " + outputCount + "). Provided value: " + Arrays.toString(o[z]));
                }
                if (w[k] <= 0 || w[k] > total) {
                    throw new IllegalArgumentException("remap row " + z + ": weights must be in [1, 2^" + bits + "]. Provided value: " + w[k]);
                }
                if (w[k] > total - sum) { // sum + w[k] > total, decided without overflowing a long (both are at most 2^62)
                    throw new IllegalArgumentException("remap row " + z + ": weights must sum to exactly 2^" + bits + " = " + total + "; they sum to more");
                }
                sum += w[k];
                c[z][k] = sum;
            }
            if (sum != total) {
                throw new IllegalArgumentException("remap row " + z + ": weights must sum to exactly 2^" + bits + " = " + total + "; they sum to " + sum);
            }
        }
        return new Remap(bits, outputCount, o, c);
    }

    /** A deterministic remap: z goes to {@code target[z]}. */
    public static Remap deterministic(int outputCount, int[] target) {
        int[][] o = new int[target.length][];
        long[][] w = new long[target.length][];
        for (int z = 0; z < target.length; z++) {
            o[z] = new int[] {target[z]};
            w[z] = new long[] {1};
        }
        return of(0, outputCount, o, w);
    }

    /** One output index for intermediate value z. */
    public int sample(int z, RandomSource random) {
        int[] o = outputs[z];
        if (o.length == 1) {
            return o[0];
        }
        long u = random.nextBits(bits);
        long[] c = cumulative[z];
        int k = 0;
        while (u >= c[k]) {
            k++;
        }
        return o[k];
    }

    public int bits() {
        return bits;
    }

    public int rows() {
        return outputs.length;
    }

    public int outputCount() {
        return outputCount;
    }

    /** The output indices of row z (a copy). */
    public int[] outputs(int z) {
        return outputs[z].clone();
    }

    /** The weights of row z over 2^bits (a copy). */
    public long[] weights(int z) {
        long[] c = cumulative[z];
        long[] w = new long[c.length];
        for (int k = 0; k < c.length; k++) {
            w[k] = c[k] - (k == 0 ? 0 : c[k - 1]);
        }
        return w;
    }

    /** Number of outputs row z can send to. */
    public int width(int z) {
        return outputs[z].length;
    }

    /** The k-th output index of row z, without copying. */
    public int outputAt(int z, int k) {
        return outputs[z][k];
    }

    /** The probability of the k-th output of row z, as the double nearest to weight / 2^bits. */
    public double probabilityAt(int z, int k) {
        long w = cumulative[z][k] - (k == 0 ? 0 : cumulative[z][k - 1]);
        return Math.scalb((double) w, -bits);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Remap r && r.bits == bits && r.outputCount == outputCount && Arrays.deepEquals(r.outputs, outputs) && Arrays.deepEquals(r.cumulative, cumulative);
    }

    @Override
    public int hashCode() {
        return Objects.hash(bits, outputCount, Arrays.deepHashCode(outputs), Arrays.deepHashCode(cumulative));
    }
}
