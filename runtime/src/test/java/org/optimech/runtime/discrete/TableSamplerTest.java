package org.optimech.runtime.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.RandomBitsStub;
import org.optimech.runtime.random.SeededRandomBits;

class TableSamplerTest {

    /** Every K-bit draw u maps to one output; over all 2^K draws each output appears weight times. */
    @Test
    void exactOverEveryDrawWhenWeightsFitInALong() {
        WeightTable t = WeightTable.ofLongs(4, new long[][] {{3, 0, 5, 8}, {0, 16, 0, 0}, {1, 1, 1, 13}});
        TableSampler s = TableSampler.of(t);
        for (int row = 0; row < 3; row++) {
            int[] counts = new int[4];
            for (long u = 0; u < 16; u++) {
                RandomBitsStub bits = new RandomBitsStub().push(u << 60);
                counts[s.sample(row, bits)]++;
                assertEquals(1, bits.drawn());
            }
            for (int j = 0; j < 4; j++) {
                assertEquals(t.weight(row, j).intValueExact(), counts[j], "row " + row + " output " + j);
            }
        }
    }

    /**
     * With K = 100 the sampler reads 62 leading bits and draws the other 38 only on a tie. Against a
     * brute-force scan of u < C_j over draws aimed at the cumulative boundaries (u = C_j − 1, C_j, C_j + 1,
     * and random), it picks the same output every time.
     */
    @Test
    void bigIntegerRowsMatchBruteForceAtEveryBoundary() {
        SplittableRandom rng = new SplittableRandom(17);
        int k = 100;
        int lowBits = k - WeightTable.LONG_BITS;
        for (int trial = 0; trial < 30; trial++) {
            BigInteger total = BigInteger.ONE.shiftLeft(k);
            int cols = 2 + rng.nextInt(6);
            BigInteger[] row = new BigInteger[cols];
            BigInteger left = total;
            for (int j = 0; j < cols - 1; j++) {
                BigInteger x = rng.nextInt(5) == 0 ? BigInteger.valueOf(rng.nextInt(3)) // tiny weights share prefixes
                        : randomBits(rng, k - 2).mod(left.add(BigInteger.ONE));
                row[j] = x;
                left = left.subtract(x);
            }
            row[cols - 1] = left;
            WeightTable t = WeightTable.of(k, new BigInteger[][] {row});
            TableSampler s = TableSampler.of(t);
            BigInteger[] cumulative = new BigInteger[cols];
            BigInteger c = BigInteger.ZERO;
            for (int j = 0; j < cols; j++) {
                c = c.add(row[j]);
                cumulative[j] = c;
            }
            java.util.List<BigInteger> draws = new java.util.ArrayList<>();
            for (BigInteger b : cumulative) {
                for (int d = -1; d <= 1; d++) {
                    BigInteger u = b.add(BigInteger.valueOf(d));
                    if (u.signum() >= 0 && u.compareTo(total) < 0) {
                        draws.add(u);
                    }
                }
            }
            for (int i = 0; i < 20; i++) {
                draws.add(randomBits(rng, k));
            }
            for (BigInteger u : draws) {
                int expected = 0;
                while (u.compareTo(cumulative[expected]) >= 0) {
                    expected++;
                }
                long high = u.shiftRight(lowBits).longValueExact();
                long low = u.and(BigInteger.ONE.shiftLeft(lowBits).subtract(BigInteger.ONE)).longValueExact();
                RandomBitsStub bits = new RandomBitsStub().push(high << (64 - WeightTable.LONG_BITS), low << (64 - lowBits));
                assertEquals(expected, s.sample(0, bits), "u = " + u);
            }
        }
    }

    /** A uniform integer in [0, 2^bits) from a seeded test generator. */
    static BigInteger randomBits(SplittableRandom rng, int bits) {
        BigInteger r = BigInteger.ZERO;
        for (int left = bits; left > 0; left -= 32) {
            int take = Math.min(32, left);
            r = r.shiftLeft(take).or(BigInteger.valueOf(rng.nextLong() >>> (64 - take)));
        }
        return r;
    }

    /**
     * χ² goodness of fit of 200,000 draws per row against the stored probabilities, for a 64-bit and
     * a 200-bit table. Each test rejects at the 1 − 1e-7 quantile: false-failure probability 1e-7
     * per row tested (fixed seed in CI, so a failure is reproducible, not random).
     */
    @Test
    void chiSquaredGoodnessOfFit() {
        SplittableRandom rng = new SplittableRandom(23);
        WeightTable small = PrivacyChecksTest.randomTable(rng, 3, 7, 62);
        BigInteger[][] big = new BigInteger[3][];
        for (int i = 0; i < 3; i++) {
            big[i] = small.row(i);
            for (int j = 0; j < big[i].length; j++) {
                big[i][j] = big[i][j].shiftLeft(138);
            }
        }
        // perturb the big table's low bits so it is not a mere shift of the small one
        for (BigInteger[] r : big) {
            int a = 0;
            int b = r.length - 1;
            while (r[a].signum() == 0) {
                a++;
            }
            while (r[b].signum() == 0 || b == a) {
                b--;
            }
            if (a != b) {
                r[a] = r[a].subtract(BigInteger.ONE);
                r[b] = r[b].add(BigInteger.ONE);
            }
        }
        for (WeightTable t : new WeightTable[] {small, WeightTable.of(200, big)}) {
            TableSampler s = TableSampler.of(t);
            SeededRandomBits bits = new SeededRandomBits(99);
            for (int row = 0; row < t.rows(); row++) {
                int n = 200_000;
                long[] counts = new long[t.cols()];
                for (int i = 0; i < n; i++) {
                    counts[s.sample(row, bits)]++;
                }
                double chi2 = 0;
                int df = -1;
                for (int j = 0; j < t.cols(); j++) {
                    double p = t.probability(row, j);
                    if (p == 0) {
                        assertEquals(0, counts[j], "zero-probability output drawn");
                        continue;
                    }
                    double e = n * p;
                    chi2 += (counts[j] - e) * (counts[j] - e) / e;
                    df++;
                }
                if (df > 0) {
                    double critical = new ChiSquaredDistribution(df).inverseCumulativeProbability(1 - 1e-7);
                    assertTrue(chi2 < critical, "chi2 " + chi2 + " >= " + critical + " (df " + df + ", false-failure probability 1e-7)");
                }
            }
        }
    }
}
