package org.optimech.runtime.noise;

import java.math.BigInteger;
import org.optimech.runtime.exact.ExpBounds;
import org.optimech.runtime.random.RandomSource;

/**
 * Exact Bernoulli and uniform draws from uniform bits, spending few of them.
 *
 * <ul>
 *   <li>{@link #uniformBelow(long, RandomSource)}: the Fast Dice Roller (Lumbroso 2013), below log2(bound) + 2 bits on
 *       average, against up to twice log2(bound) for rejection on the next power of two;</li>
 *   <li>{@link #bernoulli(long, long, RandomSource)}: Bernoulli(p/q) by comparing the bits of a lazily drawn uniform with
 *       the binary expansion of p/q (long division), 2 bits on average;</li>
 *   <li>{@link #bernoulliExpMinus(long, long, RandomSource)}: Bernoulli(e^{-num/den}) the same way, against a certified
 *       double enclosure of e^{-num/den}: a draw reads bits of U until U's interval leaves the enclosure, 2 bits on average
 *       and no big integer; only when 52 bits of U land inside the enclosure (probability about 2^-48) is the comparison
 *       finished exactly, with {@link ExpBounds#expMinus} at growing precision.</li>
 * </ul>
 * Every outcome has exactly the stated probability. The loops' iteration counts are random (docs/THREAT_MODEL.md, Timing).
 */
public final class ExactBernoulli {
    /**
     * Relative margin around a double e^{-x}: an error δ relative in x moves e^{-x} by x·δ relative, at most 2^10·2^-50 for
     * the x where e^{-x} is a normal double, and {@code Math.exp} is within 1 ulp (its specification): 2^-38 covers both.
     */
    private static final double MARGIN = 0x1p-38;
    /** Bits of U compared in double arithmetic before the exact comparison takes over. */
    private static final int DOUBLE_BITS = 52;

    private ExactBernoulli() {
    }

    /** A uniform integer in {@code [0, bound)}, {@code bound ≥ 1}: the Fast Dice Roller (below log2(bound) + 2 bits on average). */
    public static long uniformBelow(long bound, RandomSource random) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be >= 1. Provided value: " + bound);
        }
        if ((bound & (bound - 1)) == 0) {
            return random.nextBits(63 - Long.numberOfLeadingZeros(bound)); // a power of two: its bits, no waste
        }
        if (bound > 1L << 62) {
            while (true) { // the roller's state would pass 2^63; rejection on 63 bits accepts with probability above 1/2
                long u = random.nextBits(63);
                if (u < bound) {
                    return u;
                }
            }
        }
        // v: the number of equally likely values c can take (v < 2·bound ≤ 2^63); once v ≥ bound, c < bound is the answer,
        // else c − bound, uniform among v − bound values, carries over. The roller doubles v one bit at a time and looks at
        // c only once v ≥ bound, so the t bits that first bring v to bound are read in one call: the same bits, in the same
        // order, and the same answer as bit by bit (v < bound at the top of every pass).
        long v = 1;
        long c = 0;
        int boundZeros = Long.numberOfLeadingZeros(bound);
        while (true) {
            int t = Long.numberOfLeadingZeros(v) - boundZeros; // v·2^t has bound's bit length
            if (v << t < bound) {
                t++;
            }
            v <<= t;
            c = (c << t) | random.nextBits(t);
            if (c < bound) {
                return c;
            }
            v -= bound;
            c -= bound;
        }
    }

    /** A uniform integer in {@code [0, bound)} for a big bound (long bounds take the Fast Dice Roller). */
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

    /** Bernoulli(p/q): true with probability exactly p/q, {@code 0 ≤ p ≤ q}, {@code q ≥ 1}; 2 random bits on average. */
    public static boolean bernoulli(long p, long q, RandomSource random) {
        if (q < 1 || p < 0 || p > q) {
            throw new IllegalArgumentException("need 0 <= p <= q and q >= 1. Provided values: p = " + p + ", q = " + q);
        }
        if (p == q) {
            return true;
        }
        // U < p/q is decided at the first bit where U's expansion and p/q's differ
        long r = p;
        while (true) {
            int bit;
            if (r >= q - r) { // 2r ≥ q, without overflow
                bit = 1;
                r = r - (q - r);
            } else {
                bit = 0;
                r = 2 * r;
            }
            int u = random.nextBit();
            if (u != bit) {
                return u < bit;
            }
            if (r == 0) {
                return false; // p/q's expansion ended: U, equal so far, is at least p/q unless all its further bits are 0
            }
        }
    }

    /**
     * Bernoulli(e^{-num/den}) for {@code num ≥ 0}, {@code den ≥ 1}: exact, about 2 random bits on average.
     */
    public static boolean bernoulliExpMinus(long num, long den, RandomSource random) {
        if (num < 0 || den < 1) {
            throw new IllegalArgumentException("need num >= 0 and den >= 1. Provided values: num = " + num + ", den = " + den);
        }
        if (num == 0) {
            return true;
        }
        double x = (double) num / (double) den; // relative error below 2^-52: each conversion and the division round once
        return expMinusBelow(x, () -> BigInteger.valueOf(num), () -> BigInteger.valueOf(den), random);
    }

    /** Bernoulli(e^{-num/den}) for big integers {@code num ≥ 0}, {@code den ≥ 1}: exact (the same comparison). */
    public static boolean bernoulliExpMinus(BigInteger num, BigInteger den, RandomSource random) {
        if (num.signum() < 0 || den.signum() < 1) {
            throw new IllegalArgumentException("need num >= 0 and den >= 1. Provided values: num = " + num + ", den = " + den);
        }
        if (num.signum() == 0) {
            return true;
        }
        if (num.bitLength() < 63 && den.bitLength() < 63) {
            return bernoulliExpMinus(num.longValue(), den.longValue(), random);
        }
        double x = ratio(num, den);
        return expMinusBelow(x, () -> num, () -> den, random);
    }

    /** The exact exponent x = num/den of e^{-x}, computed only when a double enclosure cannot decide. */
    public interface Exponent {
        /** {num, den} with num ≥ 0 and den ≥ 1. */
        BigInteger[] exact();
    }

    /**
     * Bernoulli(e^{-x}) for an exponent known to lie in {@code [xLo, xHi]} (doubles) and given exactly by {@code exact}: exact,
     * and the exponent is computed exactly only in the rare case that the enclosure cannot decide (then it must be ≥ 0).
     *
     * @throws IllegalArgumentException for an enclosure that is not one ({@code xLo > xHi} or NaN)
     */
    public static boolean bernoulliExpMinus(double xLo, double xHi, Exponent exact, RandomSource random) {
        if (!(xLo <= xHi)) {
            throw new IllegalArgumentException("need xLo <= xHi. Provided values: " + xLo + ", " + xHi);
        }
        double eLo = Math.exp(-xHi);
        double eHi = Math.exp(-xLo);
        double lo = Math.max(0, eLo * (1 - MARGIN) - 4 * Double.MIN_VALUE);
        double hi = Math.min(1, eHi * (1 + MARGIN) + 4 * Double.MIN_VALUE);
        return below(lo, hi, () -> exact.exact()[0], () -> exact.exact()[1], random);
    }

    /** num/den as a double with relative error below 2^-50 (both may be beyond the double range). */
    private static double ratio(BigInteger num, BigInteger den) {
        int shift = Math.max(num.bitLength(), den.bitLength()) - 60;
        if (shift <= 0) {
            return num.doubleValue() / den.doubleValue();
        }
        int sn = Math.max(0, num.bitLength() - 60);
        int sd = Math.max(0, den.bitLength() - 60);
        double n = num.shiftRight(sn).doubleValue();
        double d = den.shiftRight(sd).doubleValue();
        return Math.scalb(n / d, sn - sd); // truncating to 60 bits loses less than 2^-59 relative
    }

    private interface Part {
        BigInteger get();
    }

    /** U < e^{-x} for a uniform U read bit by bit; x is num/den within a relative 2^-50. */
    private static boolean expMinusBelow(double x, Part num, Part den, RandomSource random) {
        double e = Math.exp(-x);
        // ulps of subnormal results are absolute: widen by a few of the smallest doubles as well
        double lo = Math.max(0, e * (1 - MARGIN) - 4 * Double.MIN_VALUE);
        double hi = Math.min(1, e * (1 + MARGIN) + 4 * Double.MIN_VALUE);
        return below(lo, hi, num, den, random);
    }

    /** U < e^{-num/den} for a uniform U read bit by bit, given {@code lo ≤ e^{-num/den} ≤ hi}. */
    private static boolean below(double lo, double hi, Part num, Part den, RandomSource random) {
        long u = 0;
        double scale = 1;
        for (int k = 1; k <= DOUBLE_BITS; k++) {
            u = (u << 1) | random.nextBit();
            scale *= 0.5; // 2^-k
            double a = u * scale; // exact: u < 2^52 times a power of two (what Math.scalb((double) u, -k) gives, faster)
            double b = (u + 1) * scale;
            if (b <= lo) {
                return true;
            }
            if (a >= hi) {
                return false;
            }
        }
        return exactBelow(BigInteger.valueOf(u), DOUBLE_BITS, num.get(), den.get(), random);
    }

    /** Finishes U < e^{-num/den} exactly, given U's first k bits u. */
    static boolean exactBelow(BigInteger u, int k, BigInteger num, BigInteger den, RandomSource random) {
        int precision = k + 64;
        BigInteger[] e = ExpBounds.expMinus(num, den, precision);
        while (true) {
            BigInteger a = u.shiftLeft(precision - k);
            BigInteger b = u.add(BigInteger.ONE).shiftLeft(precision - k);
            if (b.compareTo(e[0]) <= 0) {
                return true;
            }
            if (a.compareTo(e[1]) >= 0) {
                return false;
            }
            if (precision - k >= 32) {
                u = u.shiftLeft(1).add(BigInteger.valueOf(random.nextBit()));
                k++;
            } else {
                precision *= 2;
                e = ExpBounds.expMinus(num, den, precision);
            }
        }
    }
}
