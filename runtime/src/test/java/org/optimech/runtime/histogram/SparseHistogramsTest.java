package org.optimech.runtime.histogram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * Sparse histogram releases. Statistical checks: a binomial count of released empty cells against its exact probability
 * (6σ, false-failure probability about 2e-9) and the thesis's risk bound (which holds with a wide margin).
 */
class SparseHistogramsTest {
    /** An empty cell is released exactly when Z > τ: P = a^(floor(τ)+1)/(1 + a), a = e^(−ε/2). */
    @Test
    void emptyCellsAreReleasedWithTheirExactProbability() {
        int p = 64;
        BigDecimal eps = new BigDecimal("1");
        long[] counts = new long[p];
        double tau = SparseHistograms.threshold(p, eps);
        double a = Math.exp(-0.5);
        double prob = Math.pow(a, Math.floor(tau) + 1) / (1 + a);
        SeededRandomBits bits = new SeededRandomBits(1);
        int trials = 20_000;
        long released = 0;
        for (int t = 0; t < trials; t++) {
            released += SparseHistograms.thresholded(counts, eps, bits).released();
        }
        double n = (double) trials * p;
        double sd = Math.sqrt(n * prob * (1 - prob));
        assertEquals(n * prob, released, 6 * sd, "released empty cells");
        assertTrue(prob <= 1.0 / p, "P(Z > tau) <= 1/p, as in the thesis's proof");
    }

    /** Prop. 2.4.3's bound (2q+1)(ln p + 1)/ε holds for the mean error, and thresholding beats plain noise on a sparse histogram. */
    @Test
    void thresholdingMeetsTheBoundAndBeatsPlainNoiseWhenSparse() {
        int p = 1024;
        int q = 10;
        long[] counts = new long[p];
        for (int j = 0; j < q; j++) {
            counts[j * 97 % p] = 5 + 20L * j;
        }
        BigDecimal eps = new BigDecimal("0.5");
        SeededRandomBits bits = new SeededRandomBits(2);
        double thr = 0;
        double lap = 0;
        int trials = 400;
        for (int t = 0; t < trials; t++) {
            thr += l1(counts, SparseHistograms.thresholded(counts, eps, bits).counts());
            lap += l1(counts, SparseHistograms.laplace(counts, eps, bits).counts());
        }
        thr /= trials;
        lap /= trials;
        assertTrue(thr <= SparseHistograms.riskBound(p, q, 0.5), thr + " vs bound " + SparseHistograms.riskBound(p, q, 0.5));
        assertTrue(thr < lap / 5, "thresholded " + thr + " vs plain " + lap);
    }

    static double l1(long[] a, long[] b) {
        double s = 0;
        for (int j = 0; j < a.length; j++) {
            s += Math.abs(a[j] - b[j]);
        }
        return s;
    }

    /** ERRATA O4: 2p ≤ γn is decided exactly; 0.29 * 200 is 57.99999999999999 in doubles, but exactly 58 = 2 * 29. */
    @Test
    void randomDpPreconditionIsExactAndTheGuaranteeIsNotDp() {
        assertTrue(0.29 * 200 < 58, "the double product falls below");
        assertTrue(SparseHistograms.emptyCellsMayBeExact(29, 200, new BigDecimal("0.29")));
        assertFalse(SparseHistograms.emptyCellsMayBeExact(30, 200, new BigDecimal("0.29")));
        long[] counts = new long[29];
        counts[0] = 150;
        counts[3] = 50;
        SparseHistograms.Release r = SparseHistograms.randomDp(counts, BigDecimal.ONE, new BigDecimal("0.29"), new SeededRandomBits(3));
        assertTrue(r.guarantee().startsWith("random-dp") && r.guarantee().contains("NOT differential privacy"), r.guarantee());
        for (int j = 0; j < 29; j++) {
            if (counts[j] == 0) {
                assertEquals(0, r.counts()[j], "empty cells are released exactly when 2p <= gamma n");
            }
        }
        assertThrows(IllegalArgumentException.class, () -> SparseHistograms.randomDp(counts, BigDecimal.ONE, BigDecimal.ONE, new SeededRandomBits(3)));
        assertThrows(IllegalArgumentException.class, () -> SparseHistograms.laplace(new long[] {1, -1}, BigDecimal.ONE, new SeededRandomBits(3)));
    }
}
