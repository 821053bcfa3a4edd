package org.optimech.runtime.noise;

import java.math.BigInteger;

/**
 * The Knuth–Yao levels just below a walker's stored table, built at load so that a draw computes a level only with a
 * stated tiny probability (review 9, low 1: a walk past the stored levels used to compute the next level inside the
 * release, hundreds of milliseconds once per level and process). Level c ∈ [from, to) has a leaf for each m whose
 * ⌊q_m·2^to⌋ has a 1 in bit to − 1 − c; only those low to − from bits are kept, one {@code long} per outcome, so the
 * levels cost 8 bytes per outcome instead of a leaf list each. A walk reaches level {@code to} with probability exactly
 * {@code residual}·2^−to (every outcome's first {@code to} bits end within the levels above; {@link #passBits}).
 *
 * <p>A level's leaves are found by a scan of the outcomes (O(outcomes)): a walk reaches the first of these levels with
 * probability about outcomes·2^−from, so the scan's cost does not matter. Immutable.
 */
final class DeepLevels {
    private final int from;
    private final int to;
    /** ⌊q_m·2^to⌋ mod 2^(to − from) for each m below the support at level to − 1. */
    private final long[] bits;
    /** Leaves per level, for c = from … to − 1. */
    private final int[] counts;
    /** 2^to − Σ_m ⌊q_m·2^to⌋: the walk passes level to − 1 with probability residual·2^−to. */
    private final BigInteger residual;

    private DeepLevels(int from, int to, long[] bits, int[] counts, BigInteger residual) {
        this.from = from;
        this.to = to;
        this.bits = bits;
        this.counts = counts;
        this.residual = residual;
    }

    /**
     * The levels from {@code from} down to {@code to}, from the exact floors ⌊q_m·2^to⌋ of every outcome below the support
     * at level to − 1 (later outcomes have floor 0) and their sum.
     */
    static DeepLevels of(int from, int to, BigInteger[] floors) {
        if (to - from > 63 || to <= from) {
            throw new IllegalArgumentException("deep levels must span 1 to 63 levels. Provided: " + from + " to " + to);
        }
        long[] bits = new long[floors.length];
        int[] counts = new int[to - from];
        BigInteger sum = BigInteger.ZERO;
        BigInteger mask = BigInteger.ONE.shiftLeft(to - from).subtract(BigInteger.ONE);
        for (int m = 0; m < floors.length; m++) {
            bits[m] = floors[m].and(mask).longValueExact();
            sum = sum.add(floors[m]);
            for (int c = from; c < to; c++) {
                if ((bits[m] >>> (to - 1 - c) & 1) != 0) {
                    counts[c - from]++;
                }
            }
        }
        return new DeepLevels(from, to, bits, counts, BigInteger.ONE.shiftLeft(to).subtract(sum));
    }

    /** The first level held. */
    int from() {
        return from;
    }

    /** The level past the last one held: a walk reaches it with probability {@code residual}·2^−to. */
    int to() {
        return to;
    }

    /** Leaves at level c (from ≤ c &lt; to). */
    int count(int c) {
        return counts[c - from];
    }

    /** The n-th leaf (in increasing m) of level c, n &lt; {@link #count}. */
    long leaf(int c, long n) {
        int shift = to - 1 - c;
        long seen = 0;
        for (int m = 0; m < bits.length; m++) {
            if ((bits[m] >>> shift & 1) != 0 && seen++ == n) {
                return m;
            }
        }
        throw new IllegalStateException("level " + c + " has no leaf " + n);
    }

    /**
     * −log2 of the probability that a walk passes every level held: at least the target asked of the builder when the levels
     * it needs are at most 63 past the stored ones (always so for the 48-level radius table; 2^-60.7 with 4 stored levels).
     */
    double passBits() {
        return to - Math.log(residual.doubleValue()) / Math.log(2);
    }
}
