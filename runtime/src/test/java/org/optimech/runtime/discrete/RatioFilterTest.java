package org.optimech.runtime.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.exact.ExpBounds;

/**
 * The floating-point pre-test of the exact privacy checks decides exactly as the BigInteger comparison does, above all at
 * ratios a few units from the bound, on integers of every width up to beyond a double's range.
 */
class RatioFilterTest {
    private static final int FB = ExpBounds.FRACTION_BITS;

    private static boolean exact(BigInteger wa, BigInteger wb, BigInteger r) {
        if (wa.signum() == 0) {
            return false;
        }
        if (wb.signum() == 0) {
            return true;
        }
        return wa.shiftLeft(FB).compareTo(r.multiply(wb)) > 0;
    }

    /** A positive integer of about {@code bits} bits. */
    private static BigInteger random(SplittableRandom rng, int bits) {
        BigInteger x = BigInteger.ZERO;
        for (int b = 0; b < bits; b += 62) {
            x = x.shiftLeft(62).or(BigInteger.valueOf(rng.nextLong(1L << 62)));
        }
        x = x.shiftRight(Math.max(0, x.bitLength() - bits));
        return x.signum() == 0 ? BigInteger.ONE : x;
    }

    /** wb and a wa within a few units of wb·R/2^128 (the boundary), or anywhere. */
    private static BigInteger[] pair(SplittableRandom rng, BigInteger r) {
        int bits = 1 + rng.nextInt(rng.nextBoolean() ? 64 : 1100);
        BigInteger wb = rng.nextInt(20) == 0 ? BigInteger.ZERO : random(rng, bits);
        BigInteger wa;
        switch (rng.nextInt(4)) {
            case 0 -> wa = random(rng, 1 + rng.nextInt(1100));
            case 1 -> wa = BigInteger.ZERO;
            default -> wa = wb.multiply(r).shiftRight(FB).add(BigInteger.valueOf(rng.nextInt(-3, 4))).max(BigInteger.ZERO);
        }
        return new BigInteger[] {wa, wb};
    }

    @Property(tries = 3000)
    void agreesWithTheExactComparison(@ForAll long seed, @ForAll @IntRange(min = 0, max = 700000) int epsMilli) {
        SplittableRandom rng = new SplittableRandom(seed);
        BigInteger r = ExpBounds.lowerNumerator(BigDecimal.valueOf(epsMilli, 3)); // ε up to 700, the most ExpBounds takes: R beyond the filter's range too
        PrivacyChecks.RatioFilter f = new PrivacyChecks.RatioFilter(r);
        for (int i = 0; i < 20; i++) {
            BigInteger[] p = pair(rng, r);
            boolean want = exact(p[0], p[1], r);
            assertEquals(want, f.violates(p[0], p[1]), () -> "w_a = " + p[0] + ", w_b = " + p[1] + ", R = " + r);
            if (p[0].bitLength() < 63 && p[1].bitLength() < 63) {
                assertEquals(want, f.violates(p[0].longValue(), p[1].longValue()), () -> "longs w_a = " + p[0] + ", w_b = " + p[1] + ", R = " + r);
            }
        }
    }

    /** maxRatio with its pre-test finds the exact maximum among near-ties, on tables beyond 64 bits. */
    @Property(tries = 300)
    void maxRatioOfWideTablesMatchesBruteForce(@ForAll long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int rows = 2 + rng.nextInt(4);
        int cols = 1 + rng.nextInt(4);
        int bits = 63 + rng.nextInt(1100);
        BigInteger[][] w = new BigInteger[rows][cols];
        BigInteger base = random(rng, bits - 2);
        for (int i = 0; i < rows; i++) {
            BigInteger left = BigInteger.ONE.shiftLeft(bits);
            for (int j = 0; j < cols - 1; j++) {
                // near-equal entries make near-tied ratios, a few units apart
                BigInteger x = rng.nextInt(5) == 0 ? BigInteger.ZERO
                        : rng.nextBoolean() ? base.add(BigInteger.valueOf(rng.nextInt(-2, 3))) : random(rng, bits - 3);
                w[i][j] = x.min(left);
                left = left.subtract(w[i][j]);
            }
            w[i][cols - 1] = left;
        }
        WeightTable t = WeightTable.of(bits, w);
        NeighbourGraph g = NeighbourGraph.path(rows);
        BigDecimal best = BigDecimal.ONE;
        boolean infinite = false;
        MathContext mc = new MathContext(400);
        for (int[] e : g.edges()) {
            for (int d = 0; d < 2; d++) {
                for (int c = 0; c < cols; c++) {
                    BigInteger a = t.weight(e[d], c);
                    BigInteger b = t.weight(e[1 - d], c);
                    if (a.signum() > 0 && b.signum() == 0) {
                        infinite = true;
                    } else if (a.signum() > 0) {
                        best = best.max(new BigDecimal(a).divide(new BigDecimal(b), mc));
                    }
                }
            }
        }
        PrivacyChecks.MaxRatio m = PrivacyChecks.maxRatio(t, g);
        assertEquals(infinite, m.isInfinite());
        if (!infinite) {
            assertEquals(0, best.compareTo(new BigDecimal(m.numerator()).divide(new BigDecimal(m.denominator()), mc)));
        }
    }

    /** Named case: entries one unit either side of the bound, at 244 bits (the n = 200 counting query's table width). */
    @Test
    void oneUnitEitherSideOfTheBoundAt244Bits() {
        BigInteger r = ExpBounds.lowerNumerator(new BigDecimal("0.5"));
        PrivacyChecks.RatioFilter f = new PrivacyChecks.RatioFilter(r);
        BigInteger wb = BigInteger.ONE.shiftLeft(243).add(BigInteger.valueOf(12345));
        BigInteger edge = wb.multiply(r).shiftRight(FB); // floor(wb·R/2^128): passes; one more fails
        assertEquals(false, f.violates(edge, wb));
        assertEquals(true, f.violates(edge.add(BigInteger.ONE), wb));
    }
}
