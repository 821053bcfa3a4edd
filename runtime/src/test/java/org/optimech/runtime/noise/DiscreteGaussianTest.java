package org.optimech.runtime.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.ChiSquare;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * The exact discrete Gaussian against its pmf (χ² at false-failure probability 1e-7 each, four σ²), and the big-integer Bernoulli(e^{−x})
 * (a 6σ binomial check, about 2e-9 each).
 */
class DiscreteGaussianTest {
    @Test
    void matchesItsPmf() {
        for (String s2 : new String[] {"0.5", "2", "10.5", "0.3333"}) {
            double sigma2 = Double.parseDouble(s2);
            int k = (int) Math.ceil(6 * Math.sqrt(sigma2)) + 1;
            double[] p = new double[2 * k + 3];
            double z = 0;
            for (int y = -200; y <= 200; y++) {
                z += Math.exp(-y * (double) y / (2 * sigma2));
            }
            for (int y = -200; y <= 200; y++) {
                double q = Math.exp(-y * (double) y / (2 * sigma2)) / z;
                p[y < -k ? 0 : y > k ? 2 * k + 2 : y + k + 1] += q;
            }
            DiscreteGaussian g = DiscreteGaussian.of(new BigDecimal(s2));
            SeededRandomBits bits = new SeededRandomBits(s2.hashCode());
            int n = 200_000;
            long[] counts = new long[p.length];
            for (int i = 0; i < n; i++) {
                long y = g.sample(bits);
                counts[y < -k ? 0 : y > k ? 2 * k + 2 : (int) y + k + 1]++;
            }
            ChiSquare.assertFits(counts, p, n, "discrete Gaussian sigma^2 = " + s2);
        }
        assertThrows(IllegalArgumentException.class, () -> DiscreteGaussian.of(BigDecimal.ZERO));
    }

    @Test
    void bigIntegerBernoulliExpMinus() {
        SeededRandomBits bits = new SeededRandomBits(3);
        for (long[] x : new long[][] {{1, 3}, {7, 2}, {0, 5}}) {
            int n = 200_000;
            int hits = 0;
            for (int i = 0; i < n; i++) {
                hits += ExactBernoulli.bernoulliExpMinus(BigInteger.valueOf(x[0]), BigInteger.valueOf(x[1]), bits) ? 1 : 0;
            }
            double p = Math.exp(-(double) x[0] / x[1]);
            assertEquals(n * p, hits, 6 * Math.sqrt(n * p * (1 - p)) + 1e-9, x[0] + "/" + x[1]);
        }
    }
}
