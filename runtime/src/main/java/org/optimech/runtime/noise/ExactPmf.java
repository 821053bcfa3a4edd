package org.optimech.runtime.noise;

import java.math.BigInteger;

/**
 * Exact enclosures of a distribution's probabilities q_0, q_1, … on the non-negative integers: what the entropy-optimal
 * Knuth–Yao walker ({@link TabulatedLaw}) is built from. The walker's law is exactly q as long as every enclosure holds and
 * {@link #support} is a true bound.
 */
public interface ExactPmf {
    /**
     * Enclosures of q_0 … q_{count−1}, scaled by 2^bits: {@code lo[m] ≤ q_m·2^bits ≤ hi[m]}, with widths small against
     * 2^bits (a few units for bits below a thousand).
     */
    void enclose(int count, int bits, BigInteger[] lo, BigInteger[] hi);

    /** A count past which every q_m is below 2^-(level+1) (so it has no 1 in the places ≤ level + 1). */
    long support(int level);
}
