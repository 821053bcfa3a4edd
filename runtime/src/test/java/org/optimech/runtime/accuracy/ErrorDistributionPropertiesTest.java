package org.optimech.runtime.accuracy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every answer of {@link ErrorDistribution} against a brute force over all integers in the support's span, computed with big
 * integers and the slack taken at its worst: the interval ends are the farthest-in integers whose tails provably stay within
 * β/2, the ±a is the smallest integer whose two tails provably stay within β, and the quantiles are the CDF's (lower CDF at
 * q ≥ 1/2, upper below).
 */
class ErrorDistributionPropertiesTest {
    record Case(ErrorDistribution d, long[] errors, long[] masses, int bits, long slack, double beta, double q) {
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<Integer> support = Arbitraries.integers().between(1, 12);
        return Combinators.combine(support, Arbitraries.integers().between(4, 62), Arbitraries.longs().between(0, Long.MAX_VALUE),
                Arbitraries.of(0.5, 0.2, 0.1, 0.05, 0.01, 0.3333, 1e-6), Arbitraries.of(0.1, 0.25, 0.5, 0.75, 0.9, 0.999), Arbitraries.integers().between(0, 3))
                .as((k, bits, seed, beta, q, slackKind) -> build(k, bits, seed, beta, q, slackKind));
    }

    private static Case build(int k, int bits, long seed, double beta, double q, int slackKind) {
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        long total = 1L << bits;
        long slack = slackKind == 0 ? 0 : Math.min(total - k, r.nextLong(1 + total / (slackKind == 1 ? 1_000_000 : 20)));
        long[] errors = new long[k];
        long e = r.nextLong(-20, 5);
        for (int i = 0; i < k; i++) {
            errors[i] = e;
            e += 1 + r.nextLong(3);
        }
        // random positive masses summing to total - slack
        long rest = total - slack;
        long[] masses = new long[k];
        long[] cuts = new long[k - 1];
        for (int i = 0; i < k - 1; i++) {
            cuts[i] = 1 + r.nextLong(Math.max(1, rest - 1));
        }
        java.util.Arrays.sort(cuts);
        long prev = 0;
        for (int i = 0; i < k; i++) {
            long next = i < k - 1 ? cuts[i] : rest;
            masses[i] = next - prev;
            prev = next;
        }
        for (int i = 0; i < k; i++) {
            if (masses[i] <= 0) { // duplicate cuts: move a unit from the largest
                int big = 0;
                for (int j = 1; j < k; j++) {
                    big = masses[j] > masses[big] ? j : big;
                }
                masses[big] -= 1 - masses[i];
                masses[i] = 1;
            }
        }
        return new Case(new ErrorDistribution("x", errors, masses, bits, slack), errors, masses, bits, slack, beta, q);
    }

    /** P(E) at its largest: the stored mass of E plus all the slack, over 2^bits, exactly. */
    private static BigDecimal upper(Case c, java.util.function.LongPredicate event) {
        long s = c.slack;
        for (int i = 0; i < c.errors.length; i++) {
            if (event.test(c.errors[i])) {
                s += c.masses[i];
            }
        }
        return new BigDecimal(BigInteger.valueOf(s)).divide(new BigDecimal(BigInteger.ONE.shiftLeft(c.bits)));
    }

    @Property(tries = 400)
    void intervalEndsAreTheFarthestInThatHold(@ForAll("cases") Case c) {
        BigDecimal half = new BigDecimal(c.beta).divide(BigDecimal.valueOf(2));
        long from = c.errors[0] - 2;
        long to = c.errors[c.errors.length - 1] + 2;
        long lo = Long.MIN_VALUE;
        for (long x = from; x <= to; x++) {
            long l = x;
            if (upper(c, e -> e < l).compareTo(half) <= 0) {
                lo = x;
            }
        }
        long hi = Long.MAX_VALUE;
        for (long x = to; x >= from; x--) {
            long h = x;
            if (upper(c, e -> e > h).compareTo(half) <= 0) {
                hi = x;
            }
        }
        long[] got = c.d.interval(c.beta);
        assertEquals(lo, got[0], "lower end");
        assertEquals(hi, got[1], "upper end");
    }

    @Property(tries = 400)
    void absoluteErrorIsTheSmallestThatHolds(@ForAll("cases") Case c) {
        BigDecimal beta = new BigDecimal(c.beta);
        long want = -1;
        long max = Math.max(Math.abs(c.errors[0]), Math.abs(c.errors[c.errors.length - 1]));
        for (long a = 0; a <= max; a++) {
            long x = a;
            if (upper(c, e -> Math.abs(e) > x).compareTo(beta) <= 0) {
                want = a;
                break;
            }
        }
        if (want < 0) {
            want = Long.MAX_VALUE; // the slack alone exceeds beta: nothing is certified
        }
        assertEquals(want, c.d.absoluteError(c.beta));
    }

    @Property(tries = 400)
    void quantilesAreTheCdfs(@ForAll("cases") Case c) {
        BigDecimal q = new BigDecimal(c.q);
        BigDecimal denominator = new BigDecimal(BigInteger.ONE.shiftLeft(c.bits));
        long want = c.errors[c.errors.length - 1];
        long cum = c.q < 0.5 ? c.slack : 0;
        for (int i = 0; i < c.errors.length; i++) {
            cum += c.masses[i];
            if (new BigDecimal(BigInteger.valueOf(cum)).divide(denominator).compareTo(q) >= 0) {
                want = c.errors[i];
                break;
            }
        }
        assertEquals(want, c.d.quantile(c.q));
    }
}
