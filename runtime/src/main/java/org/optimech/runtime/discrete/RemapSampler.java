package org.optimech.runtime.discrete;

import java.util.Arrays;
import java.util.Objects;
import org.optimech.runtime.random.RandomSource;

/**
 * Draws from a {@link Remap}: a row with one output is deterministic and reads no random bits; the randomized rows are
 * sampled with {@link KnuthYaoRows} (fewer than their entropy + 2 bits per draw on average). Immutable and thread-safe;
 * randomness per call.
 */
public final class RemapSampler {
    private final Remap remap;
    /** Index of row z among the randomized rows, or −1; null when no row is randomized. */
    private final int[] randomized;
    private final KnuthYaoRows rows;

    private RemapSampler(Remap remap, int[] randomized, KnuthYaoRows rows) {
        this.remap = remap;
        this.randomized = randomized;
        this.rows = rows;
    }

    /** The sampler of a remap (its randomized rows' Knuth–Yao tables built once). */
    public static RemapSampler of(Remap remap) {
        Objects.requireNonNull(remap, "remap");
        if (remap.isDeterministic()) {
            return new RemapSampler(remap, null, null);
        }
        int n = remap.rows();
        int[] index = new int[n];
        Arrays.fill(index, -1);
        int count = 0;
        for (int z = 0; z < n; z++) {
            if (remap.width(z) > 1) {
                index[z] = count++;
            }
        }
        long[][] weights = new long[count][];
        for (int z = 0; z < n; z++) {
            if (index[z] >= 0) {
                weights[index[z]] = remap.weights(z);
            }
        }
        return new RemapSampler(remap, index, KnuthYaoRows.ofLongs(remap.bits(), weights));
    }

    /** One output index for intermediate value z. */
    public int sample(int z, RandomSource random) {
        if (randomized == null || randomized[z] < 0) {
            return remap.outputAt(z, 0);
        }
        return remap.outputAt(z, rows.sample(randomized[z], random));
    }

    /** The expected number of random bits one draw from row z reads (0 for a deterministic row). */
    public double expectedBits(int z) {
        return randomized == null || randomized[z] < 0 ? 0 : rows.expectedBits(randomized[z]);
    }
}
