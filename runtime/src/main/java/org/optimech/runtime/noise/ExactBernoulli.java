package org.optimech.runtime.noise;

import java.math.BigInteger;
import org.optimech.runtime.random.RandomSource;

/**
 * Exact Bernoulli draws from uniform bits: Bernoulli(p/q) for integers 0 ≤ p ≤ q, and
 * Bernoulli(e^{-n/d}) for a non-negative rational n/d (Canonne, Kamath, Steinke 2020, Algorithm 1).
 * Every comparison is between integers; the only loops are rejection loops whose iteration counts
 * are random (see issue "constant-time mode" for what that leaks).
 */
public final class ExactBernoulli {
    private ExactBernoulli() {
    }

    /** A uniform integer in {@code [0, bound)}, {@code bound ≥ 1}, by rejection on the next power of two. */
    public static long uniformBelow(long bound, RandomSource random) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be >= 1. Provided value: " + bound);
        }
        if (bound == 1) {
            return 0;
        }
        int bits = 64 - Long.numberOfLeadingZeros(bound - 1);
        while (true) {
            long u = random.nextBits(bits);
            if (Long.compareUnsigned(u, bound) < 0) {
                return u;
            }
        }
    }

    /** A uniform integer in {@code [0, bound)} for a big bound. */
    public static BigInteger uniformBelow(BigInteger bound, RandomSource random) {
        if (bound.signum() <= 0) {
            throw new IllegalArgumentException("bound must be >= 1. Provided value: " + bound);
        }
        if (bound.bitLength() < 63) {
            return BigInteger.valueOf(uniformBelow(bound.longValue(), random));
        }
        int bits = bound.subtract(BigInteger.ONE).bitLength();
        while (true) {
            BigInteger u = random.nextBigBits(bits);
            if (u.compareTo(bound) < 0) {
                return u;
            }
        }
    }

    /** Bernoulli(p/q): true with probability exactly p/q, {@code 0 ≤ p ≤ q}, {@code q ≥ 1}. */
    public static boolean bernoulli(long p, long q, RandomSource random) {
        if (q < 1 || p < 0 || p > q) {
            throw new IllegalArgumentException("need 0 <= p <= q and q >= 1. Provided values: p = " + p + ", q = " + q);
        }
        return uniformBelow(q, random) < p;
    }

    /**
     * Bernoulli(e^{-num/den}) for {@code num ≥ 0}, {@code den ≥ 1}: exact.
     *
     * <p>For γ = num/den ≤ 1, counts K with A_k ~ Bernoulli(γ/k) all true for k &lt; K and returns
     * whether K is odd: P(K odd) = e^{-γ}. For γ &gt; 1, ⌊γ⌋ independent Bernoulli(e^{-1}) and one
     * Bernoulli(e^{-(γ − ⌊γ⌋)}) must all succeed.
     */
    public static boolean bernoulliExpMinus(long num, long den, RandomSource random) {
        if (num < 0 || den < 1) {
            throw new IllegalArgumentException("need num >= 0 and den >= 1. Provided values: num = " + num + ", den = " + den);
        }
        long whole = num / den;
        for (long i = 0; i < whole; i++) {
            if (!expMinusAtMostOne(1, 1, random)) {
                return false;
            }
        }
        return expMinusAtMostOne(num - whole * den, den, random);
    }

    /** Bernoulli(e^{-num/den}) for 0 ≤ num ≤ den. */
    private static boolean expMinusAtMostOne(long num, long den, RandomSource random) {
        long k = 1;
        while (true) {
            // A_k ~ Bernoulli(num / (den·k)); den·k overflows only for absurd k (k ~ Poisson), then BigInteger.
            boolean a = k <= Long.MAX_VALUE / den ? uniformBelow(den * k, random) < num
                    : uniformBelow(BigInteger.valueOf(den).multiply(BigInteger.valueOf(k)), random).compareTo(BigInteger.valueOf(num)) < 0;
            if (!a) {
                return (k & 1) == 1;
            }
            k++;
        }
    }

    /** Bernoulli(e^{-num/den}) for big integers {@code num ≥ 0}, {@code den ≥ 1}: exact (the same algorithm). */
    public static boolean bernoulliExpMinus(BigInteger num, BigInteger den, RandomSource random) {
        if (num.signum() < 0 || den.signum() < 1) {
            throw new IllegalArgumentException("need num >= 0 and den >= 1. Provided values: num = " + num + ", den = " + den);
        }
        BigInteger[] qr = num.divideAndRemainder(den);
        for (BigInteger i = BigInteger.ZERO; i.compareTo(qr[0]) < 0; i = i.add(BigInteger.ONE)) {
            if (!expMinusAtMostOne(1, 1, random)) {
                return false;
            }
        }
        BigInteger rest = qr[1];
        long k = 1;
        while (true) {
            boolean a = uniformBelow(den.multiply(BigInteger.valueOf(k)), random).compareTo(rest) < 0;
            if (!a) {
                return (k & 1) == 1;
            }
            k++;
        }
    }
}
