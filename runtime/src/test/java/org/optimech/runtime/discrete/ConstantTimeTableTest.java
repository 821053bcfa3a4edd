package org.optimech.runtime.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.random.RandomSource;

/**
 * Constant-time table sampling: the same output as the fast binary search for the same random bits (so the same
 * exact distribution), a fixed number of random bits per sample whatever the row and outcome, and the compiled
 * geometric table's exact certification and closeness to the geometric mechanism.
 */
class ConstantTimeTableTest {
    /** Random bits handed out most significant first from a seeded stream, counting how many were requested. */
    static final class BitStream implements RandomSource {
        private final SplittableRandom rnd;
        long requested;

        BitStream(long seed) {
            rnd = new SplittableRandom(seed);
        }

        @Override
        public long nextLong() {
            requested += 64;
            return rnd.nextLong();
        }

        @Override
        public long nextBits(int k) {
            requested += k;
            return k == 0 ? 0 : rnd.nextLong() >>> (64 - k);
        }
    }

    /** A uniform integer below 2^bits from the seeded stream. */
    static BigInteger randomBits(SplittableRandom rnd, int bits) {
        byte[] b = new byte[(bits + 7) / 8];
        rnd.nextBytes(b);
        return new BigInteger(1, b).shiftRight(b.length * 8 - bits);
    }

    static BigInteger[][] randomTable(SplittableRandom rnd, int rows, int cols, int bits) {
        BigInteger total = BigInteger.ONE.shiftLeft(bits);
        BigInteger[][] w = new BigInteger[rows][cols];
        for (int i = 0; i < rows; i++) {
            BigInteger left = total;
            for (int j = 0; j < cols - 1; j++) {
                // some zero weights, some tiny, some large
                int kind = rnd.nextInt(4);
                BigInteger x = kind == 0 ? BigInteger.ZERO : kind == 1 ? BigInteger.ONE : randomBits(rnd, Math.max(1, bits));
                w[i][j] = x.min(left);
                left = left.subtract(w[i][j]);
            }
            w[i][cols - 1] = left;
        }
        return w;
    }

    @Test
    void agreesWithTheFastSamplerDrawForDrawUpTo62Bits() {
        SplittableRandom rnd = new SplittableRandom(1);
        for (int bits : new int[] {0, 1, 7, 31, 61, 62}) {
            WeightTable t = WeightTable.of(bits, randomTable(rnd, 4, 9, bits));
            TableSampler fast = TableSampler.of(t);
            ConstantTimeTable ct = ConstantTimeTable.of(t);
            for (int s = 0; s < 20_000; s++) {
                int row = s % 4;
                BitStream a = new BitStream(s);
                BitStream b = new BitStream(s);
                assertEquals(fast.sample(row, a), ct.sample(row, b), "bits " + bits + ", draw " + s);
                assertEquals(bits, b.requested, "a constant-time sample draws exactly K bits");
            }
        }
    }

    @Test
    void wideTablesPickTheIntervalThatContainsTheDraw() {
        // for K > 62 the draw is u = (limbs, most significant first); check the index against BigInteger arithmetic
        SplittableRandom rnd = new SplittableRandom(2);
        for (int bits : new int[] {63, 124, 200}) {
            BigInteger[][] w = randomTable(rnd, 3, 7, bits);
            ConstantTimeTable ct = ConstantTimeTable.of(bits, w);
            for (int s = 0; s < 5_000; s++) {
                int row = s % 3;
                BitStream b = new BitStream(1000 + s);
                int got = ct.sample(row, b);
                assertEquals(bits, b.requested);
                BitStream replay = new BitStream(1000 + s);
                int limbs = (bits + 61) / 62;
                BigInteger u = BigInteger.ZERO;
                for (int l = 0; l < limbs; l++) {
                    int k = l == 0 ? bits - 62 * (limbs - 1) : 62;
                    u = u.shiftLeft(k).or(BigInteger.valueOf(replay.nextBits(k)));
                }
                BigInteger c = BigInteger.ZERO;
                int want = -1;
                for (int j = 0; j < w[row].length && want < 0; j++) {
                    c = c.add(w[row][j]);
                    if (u.compareTo(c) < 0) {
                        want = j;
                    }
                }
                assertEquals(want, got, "bits " + bits + ", u = " + u);
            }
        }
    }

    @Test
    void paddedRowsNeverDrawThePadding() {
        ConstantTimeTable ct = ConstantTimeTable.of(2, new BigInteger[][] {{BigInteger.valueOf(4)}, {BigInteger.ONE, BigInteger.valueOf(3)}});
        assertEquals(2, ct.width());
        BitStream b = new BitStream(3);
        for (int s = 0; s < 1000; s++) {
            assertEquals(0, ct.sample(0, b));
            assertTrue(ct.sample(1, b) <= 1);
        }
        assertThrows(IllegalArgumentException.class, () -> ConstantTimeTable.of(2, new BigInteger[][] {{BigInteger.valueOf(3)}}));
    }

    @Test
    void geometricTableIsCertifiedAndCloseToTheGeometricMechanism() {
        for (int n : new int[] {1, 2, 11, 60}) {
            for (String e : new String[] {"0.1", "1", "2.5"}) {
                WeightTable t = GeometricTable.of(n, new BigDecimal(e), new BigDecimal(e)); // certified inside, or it throws
                double eps = Double.parseDouble(e);
                double a = Math.exp(-eps);
                for (int i = 0; i < n; i++) {
                    for (int k = 0; k < n; k++) {
                        double want = n == 1 ? 1 : k == 0 ? Math.pow(a, i) / (1 + a) : k == n - 1 ? Math.pow(a, n - 1 - i) / (1 + a)
                                : (1 - a) / (1 + a) * Math.pow(a, Math.abs(k - i));
                        double got = new BigDecimal(t.weight(i, k)).divide(new BigDecimal(BigInteger.ONE.shiftLeft(t.denominatorBits())), java.math.MathContext.DECIMAL64)
                                .doubleValue();
                        // built at ε' = ε − max(1e-9·ε, 1e-10): P moves by about (|k−i| + 2/(1−α))·(ε − ε') relatively
                        double shift = Math.max(1e-9 * eps, 1e-10);
                        assertEquals(want, got, want * ((Math.abs(k - i) + 2 / (1 - a)) * 2 * shift + 1e-12), "n " + n + ", eps " + e + ", P(" + k + " | " + i + ")");
                    }
                }
                assertTrue(PrivacyChecks.maxRatio(t, NeighbourGraph.path(n)).ln() <= eps, "max ratio within e^eps");
            }
        }
        IllegalArgumentException big = assertThrows(IllegalArgumentException.class, () -> GeometricTable.of(5000, BigDecimal.ONE, BigDecimal.ONE));
        assertTrue(big.getMessage().contains("MB"), big.getMessage());
    }
}
