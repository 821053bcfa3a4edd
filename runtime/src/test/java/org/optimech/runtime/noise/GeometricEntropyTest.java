package org.optimech.runtime.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * The geometric law's entropy (reported beside the bits a draw reads) in closed form, against a direct sum over the outcomes
 * at rates where the sum reaches the mass, and against the small-rate limit log2(e/r) (one-sided) where it cannot: the sum it
 * replaces stopped after 10^6 outcomes and reported 0.00 bits at 2^-40 (review of s10-23b).
 */
class GeometricEntropyTest {
    @Test
    void theClosedFormMatchesTheSumAndTheSmallRateLimit() {
        for (long[] pq : new long[][] {{1, 3}, {1, 1}, {5, 2}, {1, 100}, {1, 12294}}) {
            double r = (double) pq[0] / pq[1];
            for (boolean twoSided : new boolean[] {false, true}) {
                double sum = 0;
                double c = twoSided ? -Math.expm1(-r) / (1 + Math.exp(-r)) : -Math.expm1(-r);
                for (long z = twoSided ? -4_000_000 : 0; z <= 4_000_000; z++) {
                    double p = c * Math.exp(-r * Math.abs(z));
                    if (p > 0) {
                        sum -= p * Math.log(p) / Math.log(2);
                    }
                }
                double closed = new GeometricPmf(BigInteger.valueOf(pq[0]), BigInteger.valueOf(pq[1]), twoSided).entropyBits();
                assertEquals(sum, closed, 1e-6 * sum, "rate " + pq[0] + "/" + pq[1] + (twoSided ? " two-sided" : ""));
            }
        }
        for (int bits : new int[] {20, 40, 60}) {
            double r = Math.scalb(1.0, -bits);
            double limit = (bits + Math.log(Math.E) / Math.log(2)); // log2(e/r)
            assertEquals(limit, new GeometricPmf(BigInteger.ONE, BigInteger.ONE.shiftLeft(bits), false).entropyBits(), 1e-4, "one-sided 2^-" + bits);
            assertEquals(limit + 1, new GeometricPmf(BigInteger.ONE, BigInteger.ONE.shiftLeft(bits), true).entropyBits(), 1e-4, "two-sided 2^-" + bits);
        }
    }
}
