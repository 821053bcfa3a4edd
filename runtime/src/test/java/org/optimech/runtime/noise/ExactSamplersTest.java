package org.optimech.runtime.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.ScriptedBits;
import org.optimech.runtime.random.CountingRandomSource;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * The bit-frugal exact samplers checked exactly: every bit string of a fixed length K is fed to a sampler, and the strings
 * that end a draw within K bits must reach each outcome exactly ⌊p·2^K⌋ times (the first K binary places of its probability
 * p), with p computed independently here in 400-digit decimal arithmetic (a probability within 10^-200 of 1 must still
 * truncate below 2^K). A sampler that is off by any amount larger than
 * 2^-K in some probability fails.
 */
class ExactSamplersTest {
    static final MathContext MC = new MathContext(400, RoundingMode.HALF_EVEN);
    static final int K = 14;

    /** e^{x} in decimal arithmetic (Taylor series to 120 digits): independent of {@code ExpBounds}. */
    static BigDecimal exp(BigDecimal x) {
        if (x.signum() < 0) {
            return BigDecimal.ONE.divide(exp(x.negate()), MC);
        }
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal term = BigDecimal.ONE;
        for (int k = 1; k < 2000; k++) {
            term = term.multiply(x, MC).divide(BigDecimal.valueOf(k), MC);
            sum = sum.add(term, MC);
            if (term.compareTo(new BigDecimal("1e-395").multiply(sum)) < 0 && k > 2 * x.doubleValue()) {
                break;
            }
        }
        return sum;
    }

    static long floorScaled(BigDecimal p, int bits) {
        return p.multiply(new BigDecimal(BigInteger.ONE.shiftLeft(bits))).setScale(0, RoundingMode.FLOOR).longValueExact();
    }

    /** Counts of outcomes over all 2^K strings; strings that do not end a draw within K bits count in the last slot. */
    static long[] exhaust(int outcomes, java.util.function.ToLongFunction<ScriptedBits> draw) {
        long[] counts = new long[outcomes + 1];
        for (long u = 0; u < 1L << K; u++) {
            ScriptedBits s = new ScriptedBits(u, K);
            try {
                long m = draw.applyAsLong(s);
                counts[(int) Math.min(m, outcomes - 1)]++; // outcomes beyond the window have p < 2^-K: never reached
            } catch (IllegalStateException unfinished) {
                counts[outcomes]++;
            }
        }
        return counts;
    }

    @Property(tries = 40)
    void fastDiceRollerIsUniformOverEveryBitString(@ForAll @LongRange(min = 1, max = 3000) long bound) {
        long[] counts = exhaust((int) bound, s -> ExactBernoulli.uniformBelow(bound, s));
        for (int c = 1; c < bound; c++) {
            assertEquals(counts[0], counts[c], "value " + c + " of " + bound);
        }
        // each value has probability 1/bound: the strings ending within K bits reach it at most 2^K/bound times
        assertTrue(counts[0] <= (1L << K) / bound && counts[0] >= ((1L << K) - counts[(int) bound]) / bound);
    }

    @Property(tries = 60)
    void rationalBernoulliReachesTrueForTheTruncationOfPOverQ(@ForAll @LongRange(min = 1, max = 1_000_000_000L) long q, @ForAll long seed) {
        long p = Math.floorMod(seed, q + 1);
        long[] counts = exhaust(2, s -> ExactBernoulli.bernoulli(p, q, s) ? 0 : 1);
        long expected = BigInteger.valueOf(p).shiftLeft(K).divide(BigInteger.valueOf(q)).longValueExact();
        assertEquals(expected, counts[0], p + "/" + q);
    }

    /** The double-enclosure comparison: U < e^{-num/den} is reached exactly ⌊e^{-x}·2^K⌋ times. */
    @Property(tries = 60)
    void expBernoulliReachesTrueForTheTruncationOfExp(@ForAll @LongRange(min = 0, max = 5_000) long num, @ForAll @LongRange(min = 1, max = 1000) long den) {
        long[] counts = exhaust(2, s -> ExactBernoulli.bernoulliExpMinus(num, den, s) ? 0 : 1);
        BigDecimal p = exp(new BigDecimal(num).divide(new BigDecimal(den), MC).negate());
        assertEquals(floorScaled(p, K), counts[0], "e^-(" + num + "/" + den + ")");
    }

    /** The exact finish alone (what runs when 52 bits land inside the double enclosure), from no bits of U at all. */
    @Property(tries = 8)
    void exactFinishReachesTrueForTheTruncationOfExp(@ForAll @LongRange(min = 0, max = 2_000) long num, @ForAll @LongRange(min = 1, max = 300) long den) {
        long[] counts = exhaust(2, s -> ExactBernoulli.exactBelow(BigInteger.ZERO, 0, BigInteger.valueOf(num), BigInteger.valueOf(den), s) ? 0 : 1);
        BigDecimal p = exp(new BigDecimal(num).divide(new BigDecimal(den), MC).negate());
        assertEquals(floorScaled(p, K), counts[0], "e^-(" + num + "/" + den + ")");
    }

    /** The enclosure form with a useless double enclosure falls through to the exact comparison and stays exact. */
    @Test
    void aWideEnclosureFallsBackToTheExactExponent() {
        SeededRandomBits bits = new SeededRandomBits(4);
        int hits = 0;
        int n = 4_000;
        for (int i = 0; i < n; i++) {
            hits += ExactBernoulli.bernoulliExpMinus(0, 50, () -> new BigInteger[] {BigInteger.ONE, BigInteger.TWO}, bits) ? 1 : 0;
        }
        double p = Math.exp(-0.5);
        // binomial sd ≈ 0.0077: 6 sd (false-failure probability below 1e-8)
        assertEquals(p, hits / (double) n, 0.047);
    }

    /** q_m of the two-sided geometric's magnitude, the one-sided geometric, or the discrete Gaussian's magnitude, in decimals. */
    static BigDecimal[] probabilities(String law, BigDecimal parameter, int count) {
        BigDecimal[] q = new BigDecimal[count];
        if (law.equals("gaussian")) {
            BigDecimal s = BigDecimal.ONE;
            for (int m = 1; m < 4000; m++) {
                BigDecimal g = exp(BigDecimal.valueOf((long) m * m).divide(parameter.multiply(BigDecimal.valueOf(2)), MC).negate());
                s = s.add(g.multiply(BigDecimal.valueOf(2)), MC);
                if (g.compareTo(new BigDecimal("1e-300")) < 0) {
                    break;
                }
            }
            for (int m = 0; m < count; m++) {
                BigDecimal g = exp(BigDecimal.valueOf((long) m * m).divide(parameter.multiply(BigDecimal.valueOf(2)), MC).negate());
                q[m] = g.multiply(BigDecimal.valueOf(m == 0 ? 1 : 2)).divide(s, MC);
            }
            return q;
        }
        BigDecimal a = exp(parameter.negate());
        BigDecimal c = law.equals("magnitude") ? BigDecimal.ONE.subtract(a).divide(BigDecimal.ONE.add(a), MC) : BigDecimal.ONE.subtract(a);
        for (int m = 0; m < count; m++) {
            q[m] = c.multiply(a.pow(m, MC), MC).multiply(BigDecimal.valueOf(law.equals("magnitude") && m > 0 ? 2 : 1));
        }
        return q;
    }

    /**
     * The exact Knuth–Yao walker reaches m exactly ⌊q_m·2^K⌋ times over all K-bit strings, whether its levels are stored
     * (62), read from enclosures level by level (4 stored: the deep walk from the fifth level on), or read from the levels
     * built at load below the 4 stored ({@link DeepLevels}, asked to pass with probability below 2^-6, so that a walk goes on
     * to levels computed on demand within K bits when the law has few outcomes).
     */
    @Property(tries = 12)
    void exactWalkerReachesEachOutcomeForTheTruncationOfItsProbability(@ForAll @IntRange(min = 0, max = 2) int lawIndex,
            @ForAll @IntRange(min = 1, max = 400) int numeratorDrawn, @ForAll @IntRange(min = 1, max = 100) int denominatorDrawn,
            @ForAll @IntRange(min = 0, max = 2) int depth) {
        boolean deep = depth > 0;
        int numerator = numeratorDrawn;
        int denominator = denominatorDrawn;
        String law = new String[] {"magnitude", "one-sided", "gaussian"}[lawIndex];
        if (law.equals("gaussian")) {
            // σ in [0.1, 40]: the reference sums stay short, and e^{-1/(2σ²)} ≥ e^{-50} stays within the reference's 400 digits
            numerator = 1 + numerator % 40;
            denominator = 1 + denominator % 10;
        }
        BigDecimal parameter = new BigDecimal(numerator).divide(new BigDecimal(denominator), MC);
        if (law.equals("gaussian")) {
            parameter = parameter.multiply(parameter, MC); // σ² from σ = numerator/denominator
        }
        ExactPmf pmf = law.equals("gaussian") ? new GaussianPmf(BigInteger.valueOf((long) numerator * numerator), BigInteger.valueOf((long) denominator * denominator))
                : new GeometricPmf(BigInteger.valueOf(numerator), BigInteger.valueOf(denominator), law.equals("magnitude"));
        ExactDdg walker = ExactDdg.of(pmf, deep ? 4 : 40, deep ? 4 : 62, depth == 2 ? 6 : 0).orElseThrow();
        assertEquals(depth == 2, walker.below().isPresent(), "levels built below the stored ones");
        int window = (int) Math.min(3000, pmf.support(K));
        long[] counts = exhaust(window + 1, s -> walker.sample(s));
        BigDecimal[] q = probabilities(law, parameter, window);
        long reached = 0;
        for (int m = 0; m < window; m++) {
            assertEquals(floorScaled(q[m], K), counts[m], law + " " + parameter + ": outcome " + m);
            reached += counts[m];
        }
        assertEquals(0, counts[window], "nothing past the support bound");
        assertEquals((1L << K) - reached, counts[window + 1], "strings that need more than K bits");
    }

    /**
     * The levels built below the stored ones (review 9, low 1): the walk passes them with probability R·2^-T, R = 2^T − Σ
     * ⌊q_m·2^T⌋, as asked (below 2^-64 with 16 stored levels: the 63 levels the builder may add suffice); R recomputed from
     * the 400-digit probabilities agrees exactly; and every K-bit string reaches each outcome ⌊q_m·2^K⌋ times with 4 stored
     * levels (asked for 2^-40), so that levels 4 to K − 1 come from the levels built below.
     */
    @Test
    void theLevelsBuiltBelowTheTablePassWithTheStatedProbabilityAndKeepTheLaw() {
        for (int[] rate : new int[][] {{1, 2}, {3, 7}, {1, 40}}) {
            BigDecimal parameter = new BigDecimal(rate[0]).divide(new BigDecimal(rate[1]), MC);
            GeometricPmf pmf = new GeometricPmf(BigInteger.valueOf(rate[0]), BigInteger.valueOf(rate[1]), true);
            DeepLevels below = ExactDdg.of(pmf, 16, 16, 64).orElseThrow().below().orElseThrow();
            String where = "magnitude law at rate " + rate[0] + "/" + rate[1];
            assertEquals(16, below.from(), where);
            assertTrue(below.passBits() >= 64, where + ": passes with probability 2^-" + below.passBits());
            int t = below.to();
            BigDecimal[] q = probabilities("magnitude", parameter, (int) pmf.support(t - 1) + 50);
            BigInteger reached = BigInteger.ZERO;
            for (BigDecimal p : q) {
                reached = reached.add(p.multiply(new BigDecimal(BigInteger.ONE.shiftLeft(t))).setScale(0, RoundingMode.FLOOR).toBigIntegerExact());
            }
            double independent = t - Math.log(BigInteger.ONE.shiftLeft(t).subtract(reached).doubleValue()) / Math.log(2);
            assertEquals(independent, below.passBits(), 1e-9, where + ": probability of passing level " + t);
            ExactDdg walker = ExactDdg.of(pmf, 4, 4, 40).orElseThrow();
            assertTrue(walker.below().orElseThrow().to() > K, where);
            long[] counts = exhaust(q.length + 1, walker::sample);
            for (int m = 0; m < q.length; m++) {
                assertEquals(floorScaled(q[m], K), counts[m], where + ": outcome " + m);
            }
        }
    }

    /** Fewer than H + 2 random bits per draw (Knuth–Yao), from the tree and counted over 100,000 draws. */
    @Test
    void noiseDrawsReadFewerThanTheirEntropyPlusTwoBits() {
        for (String eps : new String[] {"0.05", "0.5", "1", "2.5"}) {
            checkBits(DiscreteLaplace.of(new BigDecimal(eps))::sample, DiscreteLaplace.of(new BigDecimal(eps)).entropyBits(), "discrete Laplace " + eps);
        }
        for (String s2 : new String[] {"0.5", "4", "100"}) {
            DiscreteGaussian g = DiscreteGaussian.of(new BigDecimal(s2));
            assertTrue(g.usesTable());
            checkBits(g::sample, g.entropyBits(), "discrete Gaussian sigma^2 " + s2);
        }
    }

    private static void checkBits(java.util.function.ToLongFunction<org.optimech.runtime.random.RandomSource> sampler, double entropy, String what) {
        CountingRandomSource c = CountingRandomSource.of(new SeededRandomBits(11));
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            sampler.applyAsLong(c);
        }
        double mean = c.bits() / (double) n;
        // the sd of one draw's bits is below 4: the mean's sd is below 0.013, so 0.1 is over 7 sd
        assertTrue(mean < entropy + 2 + 0.1, what + ": " + mean + " bits per draw, entropy " + entropy);
        assertTrue(mean > entropy - 0.1, what + ": fewer bits than the entropy is impossible: " + mean + " vs " + entropy);
    }
}
