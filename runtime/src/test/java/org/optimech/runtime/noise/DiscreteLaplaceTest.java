package org.optimech.runtime.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.ChiSquare;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * Distribution tests of the exact samplers. Each goodness-of-fit test rejects beyond the
 * 1 − 1e-7 quantile of its reference distribution: false-failure probability 1e-7 per test (seeds
 * are fixed, so CI is deterministic; the bound says how unlucky a seed would have to be).
 */
class DiscreteLaplaceTest {
    @Test
    void bernoulliExpMinusHasProbabilityExpMinusGamma() {
        SeededRandomBits bits = new SeededRandomBits(5);
        long[][] gammas = {{0, 1}, {1, 3}, {1, 1}, {5, 2}, {7, 1000}};
        int n = 200_000;
        for (long[] g : gammas) {
            long hits = 0;
            for (int i = 0; i < n; i++) {
                if (ExactBernoulli.bernoulliExpMinus(g[0], g[1], bits)) {
                    hits++;
                }
            }
            double p = Math.exp(-(double) g[0] / g[1]);
            ChiSquare.assertFits(new long[] {hits, n - hits}, new double[] {p, 1 - p}, n, "Bernoulli(exp(-" + g[0] + "/" + g[1] + "))");
        }
    }

    @Test
    void uniformBelowIsUniform() {
        SeededRandomBits bits = new SeededRandomBits(6);
        for (long bound : new long[] {1, 3, 10, 17}) {
            long[] counts = new long[(int) bound];
            int n = 100_000;
            for (int i = 0; i < n; i++) {
                counts[(int) ExactBernoulli.uniformBelow(bound, bits)]++;
            }
            double[] p = new double[(int) bound];
            java.util.Arrays.fill(p, 1.0 / bound);
            ChiSquare.assertFits(counts, p, n, "uniform below " + bound);
        }
    }

    /** P(z) = (1−α)/(1+α)·α^|z|, α = e^{-ε}, for small, medium and large ε, and a non-terminating decimal ratio. */
    @Test
    void discreteLaplaceMatchesTheTwoSidedGeometric() {
        SeededRandomBits bits = new SeededRandomBits(7);
        for (String eps : new String[] {"0.1", "0.5", "1", "3", "0.7"}) {
            DiscreteLaplace d = DiscreteLaplace.of(new BigDecimal(eps));
            double a = Math.exp(-Double.parseDouble(eps));
            int half = 200;
            long[] counts = new long[2 * half + 1];
            double[] p = new double[2 * half + 1];
            for (int k = 0; k < p.length; k++) {
                p[k] = (1 - a) / (1 + a) * Math.pow(a, Math.abs(k - half));
            }
            int n = 200_000;
            long sum = 0;
            for (int i = 0; i < n; i++) {
                long z = d.sample(bits);
                sum += z;
                counts[(int) Math.max(0, Math.min(2 * half, z + half))]++;
            }
            ChiSquare.assertFits(counts, p, n, "DLap(" + eps + ")");
            // symmetric: the mean is 0 within 6 standard deviations (false failure ~2e-9)
            double sd = Math.sqrt(2 * a / ((1 - a) * (1 - a)) / n);
            assertTrue(Math.abs((double) sum / n) < 6 * sd, "mean " + (double) sum / n + " for eps " + eps);
        }
    }

    @Test
    void refusesNonPositiveOrOverlyPreciseEpsilon() {
        assertThrows(IllegalArgumentException.class, () -> DiscreteLaplace.of(BigDecimal.ZERO));
        assertThrows(IllegalArgumentException.class, () -> DiscreteLaplace.of(new BigDecimal("-1")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DiscreteLaplace.of(new BigDecimal("0.1234567890123456789")));
        assertTrue(e.getMessage().contains("too many digits"), e.getMessage());
        assertEquals(new BigDecimal("2.50"), DiscreteLaplace.of(new BigDecimal("2.50")).epsilon());
    }
}
