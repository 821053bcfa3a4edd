package org.optimech.runtime.noise;

import java.math.BigInteger;
import java.util.Objects;
import org.optimech.runtime.random.RandomSource;

/**
 * The one-sided geometric distribution P(Y = y) = (1 − e^{-r})·e^{-r·y} on y = 0, 1, 2, … for a
 * positive rational rate r = p/q, sampled exactly (Canonne, Kamath, Steinke 2020, Algorithm 2 without
 * the sign): U uniform on [0, q) kept with probability e^{-U/q}, V counting successes of
 * Bernoulli(e^{-1}), X = U + q·V has P(X = x) ∝ e^{-x/q}, and Y = ⌊X/p⌋ has P(Y = y) ∝ e^{-y·p/q}.
 */
public final class Geometric {
    private Geometric() {
    }

    /** One draw with rate s/t for longs (the products must fit a long; {@link DiscreteLaplace} keeps s, t below 2^40). */
    static long sample(long s, long t, RandomSource random) {
        while (true) {
            long u = ExactBernoulli.uniformBelow(t, random);
            if (!ExactBernoulli.bernoulliExpMinus(u, t, random)) {
                continue;
            }
            long v = 0;
            while (ExactBernoulli.bernoulliExpMinus(1, 1, random)) {
                v++;
            }
            return Math.addExact(u, Math.multiplyExact(t, v)) / s;
        }
    }

    /**
     * One draw with rate p/q for big integers p, q ≥ 1.
     *
     * @throws IllegalArgumentException when p or q is below 1
     */
    public static BigInteger sample(BigInteger p, BigInteger q, RandomSource random) {
        Objects.requireNonNull(random, "random");
        if (p.signum() <= 0 || q.signum() <= 0) {
            throw new IllegalArgumentException("the rate p/q needs p >= 1 and q >= 1. Provided values: p = " + p + ", q = " + q);
        }
        while (true) {
            BigInteger u = ExactBernoulli.uniformBelow(q, random);
            if (!ExactBernoulli.bernoulliExpMinus(u, q, random)) {
                continue;
            }
            long v = 0;
            while (ExactBernoulli.bernoulliExpMinus(1, 1, random)) {
                v++;
            }
            return u.add(q.multiply(BigInteger.valueOf(v))).divide(p);
        }
    }

    /**
     * One draw of the two-sided geometric P(Z = z) ∝ e^{-(p/q)|z|} on all integers (a one-sided draw with a
     * uniform sign, −0 rejected so that 0 is not counted twice).
     */
    public static BigInteger twoSided(BigInteger p, BigInteger q, RandomSource random) {
        while (true) {
            BigInteger y = sample(p, q, random);
            boolean negative = random.nextBits(1) == 1;
            if (negative && y.signum() == 0) {
                continue;
            }
            return negative ? y.negate() : y;
        }
    }
}
