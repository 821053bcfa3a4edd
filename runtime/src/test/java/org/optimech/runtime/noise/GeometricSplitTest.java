package org.optimech.runtime.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.ChiSquare;
import org.optimech.runtime.random.CountingRandomSource;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * The geometric law drawn by a period (Y = n·A + B from two walks, {@link Geometric}): the law by χ² on small forced cases
 * and at the rates where the split runs by itself (the ℓ1 lattice noise at d = 6 and 8), the truncated walker exactly over
 * every bit string, and the bits per draw. Eight χ² fits at a false-failure probability of 1e-7 each ({@link ChiSquare}):
 * below 1e-6 for the class; the seeds are fixed.
 */
class GeometricSplitTest {
    /** P(Y = y) = (1 − α)α^y one-sided, (1 − α)/(1 + α)·α^|y| two-sided, α = e^{−r}, for the outcomes −w..w (two-sided) or 0..w, tails pooled in the last cell. */
    private static double[] law(double r, boolean twoSided, int w) {
        double a = Math.exp(-r);
        int cells = twoSided ? 2 * w + 2 : w + 2;
        double[] p = new double[cells];
        double c = twoSided ? (1 - a) / (1 + a) : 1 - a;
        double inside = 0;
        for (int k = 0; k < cells - 1; k++) {
            int y = twoSided ? k - w : k;
            p[k] = c * Math.pow(a, Math.abs(y));
            inside += p[k];
        }
        p[cells - 1] = 1 - inside;
        return p;
    }

    private static void checkForced(long num, long den, int t, boolean twoSided, long seed) {
        Geometric g = Geometric.withPeriodBits(BigInteger.valueOf(num), BigInteger.valueOf(den), twoSided, t);
        assertEquals(1L << t, g.period(), "the split runs");
        double r = num / (double) den;
        int w = (int) Math.ceil(12 / r);
        double[] p = law(r, twoSided, w);
        long[] counts = new long[p.length];
        int n = 200_000;
        SeededRandomBits bits = new SeededRandomBits(seed);
        for (int i = 0; i < n; i++) {
            long y = g.sample(bits);
            assertTrue(twoSided || y >= 0, "one-sided draw " + y);
            long k = twoSided ? y + w : y;
            counts[(int) (k >= 0 && k < p.length - 1 ? k : p.length - 1)]++;
        }
        ChiSquare.assertFits(counts, p, n, (twoSided ? "two" : "one") + "-sided geometric at rate " + num + "/" + den + " split by 2^" + t);
    }

    /** Periods below, near and above 1/r: the law is the geometric's for every n (the split is a bijection, docs). */
    @Test
    void aForcedSplitDrawsTheGeometricLaw() {
        checkForced(1, 5, 2, false, 31);
        checkForced(1, 5, 2, true, 32);
        checkForced(2, 7, 3, true, 33);
        checkForced(1, 40, 3, false, 34);
        checkForced(3, 10, 1, true, 35);
    }

    /**
     * The ℓ1 lattice rates of d = 6 and 8 at the automatic spacing (1/12294, 1/8200: tables too large for one walker) split
     * by themselves; their law checked in cells of n/16 over the first 32 periods, so both A = ⌊Y/n⌋ and the shape of
     * B = Y mod n within a period are seen (B's weights fall by e^{−n·r}, 0.88–0.99, across it).
     */
    @Test
    void theAutomaticSplitAtTheLatticeRatesDrawsTheGeometricLaw() {
        long seed = 41;
        for (long den : new long[] {12294, 8200, 100_000}) {
            boolean twoSided = den != 100_000;
            Geometric g = twoSided ? Geometric.twoSided(BigInteger.ONE, BigInteger.valueOf(den)) : Geometric.oneSided(BigInteger.ONE, BigInteger.valueOf(den));
            assertEquals(1024, g.period(), "rate 1/" + den + " splits by 2^10");
            assertTrue(g.usesTable());
            double a = Math.exp(-1.0 / den);
            long width = g.period() / 16;
            int cells = 32 * 16; // the first 32 periods; the rest, e^{−32·1024·r} = 0.02–0.72 of the mass, in one cell
            // cell k: |Y| in [k·width, (k+1)·width), P = c·(α^{kw} − α^{(k+1)w})/(1 − α) with the two-sided 0 counted once
            double[] p = new double[(twoSided ? 2 : 1) * cells + 1];
            double inside = 0;
            for (int k = 0; k < cells; k++) {
                double mass = (Math.pow(a, k * width) - Math.pow(a, (k + 1) * width)); // one-sided: (1 − α)Σα^y over the cell
                if (twoSided) {
                    double c = 1 / (1 + a); // (1 − α)/(1 + α) over (1 − α)
                    p[cells + k] = c * mass - (k == 0 ? c * (1 - a) : 0); // y ≥ 1 side of the cell, 0 apart
                    p[cells - 1 - k] = c * mass; // y ≤ 0 side, including 0
                    inside += p[cells + k] + p[cells - 1 - k];
                } else {
                    p[k] = mass;
                    inside += mass;
                }
            }
            p[p.length - 1] = 1 - inside;
            long[] counts = new long[p.length];
            int n = 400_000;
            SeededRandomBits bits = new SeededRandomBits(seed++);
            for (int i = 0; i < n; i++) {
                long y = g.sample(bits);
                long k = Math.abs(y) / width;
                if (k >= cells) {
                    counts[p.length - 1]++;
                } else if (!twoSided) {
                    counts[(int) k]++;
                } else {
                    counts[(int) (y > 0 ? cells + k : cells - 1 - k)]++;
                }
            }
            ChiSquare.assertFits(counts, p, n, (twoSided ? "two" : "one") + "-sided geometric at rate 1/" + den + " in cells of " + width);
        }
    }

    /** q_m = (1 − α)α^m/(1 − α^n) on 0 ≤ m &lt; n, α = e^{−num/den}, in 400-digit decimals (independent of ExpBounds). */
    private static BigDecimal[] truncated(long num, long den, int n) {
        BigDecimal a = ExactSamplersTest.exp(new BigDecimal(num).divide(new BigDecimal(den), ExactSamplersTest.MC).negate());
        BigDecimal c = BigDecimal.ONE.subtract(a).divide(BigDecimal.ONE.subtract(a.pow(n, ExactSamplersTest.MC)), ExactSamplersTest.MC);
        BigDecimal[] q = new BigDecimal[n];
        for (int m = 0; m < n; m++) {
            q[m] = c.multiply(a.pow(m, ExactSamplersTest.MC), ExactSamplersTest.MC);
        }
        return q;
    }

    /**
     * B's walker (the geometric truncated to a period) reaches each m exactly ⌊q_m·2^K⌋ times over all K-bit strings, with
     * all its levels stored or only 4 (the deep walk computing each further level from the enclosures).
     */
    @Property(tries = 12)
    void theTruncatedWalkerReachesEachOutcomeForTheTruncationOfItsProbability(@ForAll @IntRange(min = 1, max = 300) int num,
            @ForAll @IntRange(min = 1, max = 300) int den, @ForAll @IntRange(min = 1, max = 9) int periodBits, @ForAll boolean deep) {
        int n = 1 << periodBits;
        ExactPmf pmf = GeometricPmf.truncated(BigInteger.valueOf(num), BigInteger.valueOf(den), n);
        ExactDdg walker = ExactDdg.of(pmf, deep ? 4 : 40, deep ? 4 : 62).orElseThrow();
        long[] counts = ExactSamplersTest.exhaust(n + 1, s -> walker.sample(s));
        BigDecimal[] q = truncated(num, den, n);
        long reached = 0;
        for (int m = 0; m < n; m++) {
            assertEquals(ExactSamplersTest.floorScaled(q[m], ExactSamplersTest.K), counts[m], "rate " + num + "/" + den + ", period " + n + ": outcome " + m);
            reached += counts[m];
        }
        assertEquals(0, counts[n], "nothing at or past the period");
        assertEquals((1L << ExactSamplersTest.K) - reached, counts[n + 1], "strings that need more than K bits");
    }

    /** H(Y) of the one-sided geometric in bits: (−(1 − α)log2(1 − α) − α·log2 α)/(1 − α). */
    private static double entropy(double r) {
        double a = Math.exp(-r);
        double oneMinus = -Math.expm1(-r);
        return (-oneMinus * Math.log(oneMinus) + a * r) / oneMinus / Math.log(2);
    }

    /** Two walks of fewer than H + 2 bits each, and H(Y) = H(A) + H(B) (A and B independent, Y ↔ (A, B)): below H(Y) + 4. */
    @Test
    void aSplitDrawReadsFewerThanItsEntropyPlusFourBits() {
        for (long den : new long[] {8200, 12294, 100_000, 10_000_000}) {
            Geometric g = Geometric.oneSided(BigInteger.ONE, BigInteger.valueOf(den));
            assertTrue(g.period() > 0, "1/" + den + " splits");
            CountingRandomSource c = CountingRandomSource.of(new SeededRandomBits(den));
            int n = 100_000;
            for (int i = 0; i < n; i++) {
                g.sample(c);
            }
            double mean = c.bits() / (double) n;
            double h = entropy(1.0 / den);
            // the sd of one draw's bits is below 4 (two walks): the mean's sd below 0.013, so 0.1 is over 7 sd
            assertTrue(mean < h + 4 + 0.1, "1/" + den + ": " + mean + " bits per draw, entropy " + h);
            assertTrue(mean > h - 0.1, "1/" + den + ": fewer bits than the entropy is impossible: " + mean + " vs " + h);
        }
    }

    /** The split only replaces the decomposition: a law whose single walker fits keeps it, and t = 0 never splits. */
    @Test
    void theSplitRunsOnlyWhereTheSingleWalkerDoesNotFit() {
        assertEquals(0, Geometric.twoSided(BigInteger.ONE, BigInteger.valueOf(1000)).period());
        assertEquals(0, Geometric.withPeriodBits(BigInteger.ONE, BigInteger.valueOf(12294), true, 0).period());
        assertTrue(!Geometric.withPeriodBits(BigInteger.ONE, BigInteger.valueOf(12294), true, 0).usesTable(), "the decomposition at 1/12294");
        // a rate so small that A must split again: still two walks deep, in longs
        Geometric tiny = Geometric.twoSided(BigInteger.ONE, BigInteger.valueOf(1L << 36));
        assertEquals(1024, tiny.period());
        assertTrue(tiny.usesTable());
    }

    /**
     * Regression (found reading the split): without a floor on the rate, 1/2^60 (p and q longs) would split and its long
     * draws (about 2^60 on average) overflow in n·A + B with probability about e^{-8} each. Rates below about 2^-40 keep the
     * decomposition, and its big integers.
     */
    @Test
    void aRateWhoseDrawsApproachTheLongRangeKeepsTheDecomposition() {
        for (int bits : new int[] {42, 50}) {
            Geometric g = Geometric.twoSided(BigInteger.ONE, BigInteger.ONE.shiftLeft(bits));
            assertEquals(0, g.period(), "rate 2^-" + bits);
            assertTrue(!g.usesTable(), "rate 2^-" + bits + " keeps the decomposition");
            SeededRandomBits random = new SeededRandomBits(bits);
            for (int i = 0; i < 200; i++) {
                assertTrue(g.sampleBig(random).bitLength() < bits + 20);
            }
        }
        assertEquals(1024, Geometric.twoSided(BigInteger.ONE, BigInteger.ONE.shiftLeft(40)).period(), "2^-40 still splits");
    }

    /**
     * Regression (pre-existing, found reviewing the split's fallback): the decomposition in longs computed U + q·V with
     * {@code multiplyExact}, which threw once V ≥ 2^63/q (V ≥ 8 at q = 2^60: about e^{-8} per draw). Big q now takes the
     * big-integer decomposition: 20,000 draws at rate 2^-60 (on the old code one throws with probability 1 − e^{-6.7}).
     */
    @Test
    void theDecompositionIsTotalWhenQIsNearTheLongRange() {
        Geometric g = Geometric.oneSided(BigInteger.ONE, BigInteger.ONE.shiftLeft(60));
        SeededRandomBits random = new SeededRandomBits(61);
        for (int i = 0; i < 20_000; i++) {
            assertTrue(g.sampleBig(random).signum() >= 0);
        }
    }

    /**
     * Review 10: a split's {@code sampleBig} is its long draw in big integers, the same bits in the same order (so the same law),
     * and total: it no longer goes through the long draw, whose n·A + B throws beyond the long range.
     */
    @Test
    void aSplitsBigDrawIsItsLongDrawFromTheSameBits() {
        for (long den : new long[] {12294, 100_000, 1L << 40}) {
            for (boolean twoSided : new boolean[] {false, true}) {
                Geometric g = twoSided ? Geometric.twoSided(BigInteger.ONE, BigInteger.valueOf(den)) : Geometric.oneSided(BigInteger.ONE, BigInteger.valueOf(den));
                assertTrue(g.period() > 0, "1/" + den + " splits");
                SeededRandomBits a = new SeededRandomBits(den + (twoSided ? 1 : 0));
                SeededRandomBits b = new SeededRandomBits(den + (twoSided ? 1 : 0));
                for (int i = 0; i < 2000; i++) {
                    assertEquals(BigInteger.valueOf(g.sample(a)), g.sampleBig(b), "1/" + den + " draw " + i);
                }
                assertEquals(a.nextBits(64), b.nextBits(64), "the same bits were read");
            }
        }
    }
}
