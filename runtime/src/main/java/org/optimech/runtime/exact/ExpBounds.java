package org.optimech.runtime.exact;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Certified rational bounds on {@code e^x} for decimal {@code x ≥ 0}, as numerators over the fixed
 * denominator {@code 2^}{@value #FRACTION_BITS}.
 *
 * <p>The Taylor series of {@code e^x} has positive terms, so a partial sum computed with every
 * operation rounded down is a lower bound; rounded up, plus the bound {@code 2·t_k} on the tail once
 * {@code k + 1 ≥ 2x}, an upper bound. 60 significant digits are carried, far more than the 128 bits
 * of the result need.
 */
public final class ExpBounds {
    /** The bounds are multiples of {@code 2^-FRACTION_BITS}. */
    public static final int FRACTION_BITS = 128;
    /** Largest exponent accepted: {@code e^700} is near the top of the double range. */
    public static final BigDecimal MAX_X = BigDecimal.valueOf(700);

    private static final MathContext DOWN = new MathContext(60, RoundingMode.FLOOR);
    private static final MathContext UP = new MathContext(60, RoundingMode.CEILING);
    private static final BigDecimal TWO_POW = new BigDecimal(BigInteger.ONE.shiftLeft(FRACTION_BITS));

    private ExpBounds() {
    }

    /** The largest multiple {@code N / 2^128} that is provably at most {@code e^x}; returns N. */
    public static BigInteger lowerNumerator(BigDecimal x) {
        checkArgument(x);
        BigDecimal sum = series(x, DOWN, false);
        return sum.multiply(TWO_POW).setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
    }

    /** A multiple {@code N / 2^128} that is provably at least {@code e^x}; returns N. */
    public static BigInteger upperNumerator(BigDecimal x) {
        checkArgument(x);
        BigDecimal sum = series(x, UP, true);
        return sum.multiply(TWO_POW).setScale(0, RoundingMode.CEILING).toBigIntegerExact();
    }

    /** {@link #lowerNumerator} as a double (rounded, for messages only). */
    public static double lowerAsDouble(BigDecimal x) {
        return new BigDecimal(lowerNumerator(x)).divide(TWO_POW, MathContext.DECIMAL64).doubleValue();
    }

    private static BigDecimal series(BigDecimal x, MathContext mc, boolean addTail) {
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal term = BigDecimal.ONE;
        BigDecimal threshold = new BigDecimal("1e-70");
        double xd = x.doubleValue();
        for (int k = 1; ; k++) {
            term = term.multiply(x, mc).divide(BigDecimal.valueOf(k), mc);
            boolean tailShrinks = k + 1 >= 2 * xd;
            if (tailShrinks && term.compareTo(sum.multiply(threshold, mc)) < 0) {
                // Every later term is at most half the one before, so the tail is ≤ 2·term.
                return addTail ? sum.add(term.multiply(BigDecimal.valueOf(2), mc), mc) : sum;
            }
            sum = sum.add(term, mc);
        }
    }

    /**
     * An enclosure of {@code e^{-num/den}} to {@code bits} fractional bits, for a rational exponent {@code num/den ≥ 0} of any
     * size: {@code {lo, hi}} with {@code lo ≤ 2^bits·e^{-num/den} ≤ hi} and {@code hi − lo ≤ 2}. Fixed-point integer
     * arithmetic rounded toward each bound: the Taylor series of {@code e^f} for the fractional part f (positive terms, tail
     * bounded by the last term since every later term is at most half the one before), inverted, times {@code e^{-1}} to the
     * integer part by repeated squaring. Exact samplers use it where a double enclosure cannot decide a comparison.
     *
     * @throws IllegalArgumentException for {@code num < 0}, {@code den < 1} or {@code bits} outside 1..100000
     */
    public static BigInteger[] expMinus(BigInteger num, BigInteger den, int bits) {
        if (num.signum() < 0 || den.signum() < 1) {
            throw new IllegalArgumentException("need num >= 0 and den >= 1. Provided values: num = " + num + ", den = " + den);
        }
        if (bits < 1 || bits > 100_000) {
            throw new IllegalArgumentException("bits must be in 1..100000. Provided value: " + bits);
        }
        BigInteger one = BigInteger.ONE.shiftLeft(bits);
        if (num.signum() == 0) {
            return new BigInteger[] {one, one};
        }
        BigInteger[] qr = num.divideAndRemainder(den);
        if (qr[0].compareTo(BigInteger.valueOf(bits + 1L)) >= 0) {
            return new BigInteger[] {BigInteger.ZERO, BigInteger.ONE}; // e^{-x} ≤ e^{-(bits+1)} < 2^{-bits}
        }
        int whole = qr[0].intValueExact();
        int g = bits + 40 + 2 * (32 - Integer.numberOfLeadingZeros(whole + 1));
        BigInteger unit = BigInteger.ONE.shiftLeft(g);
        BigInteger[] ef = expAtMostOne(qr[1], den, g);
        // e^{-f} = 1 / e^{f}: floor of 2^{2g}/hi is a lower bound, ceiling of 2^{2g}/lo an upper bound
        BigInteger lo = BigInteger.ONE.shiftLeft(2 * g).divide(ef[1]);
        BigInteger hi = ceilDiv(BigInteger.ONE.shiftLeft(2 * g), ef[0]);
        if (whole > 0) {
            BigInteger[] e1 = expAtMostOne(BigInteger.ONE, BigInteger.ONE, g);
            BigInteger invLo = BigInteger.ONE.shiftLeft(2 * g).divide(e1[1]);
            BigInteger invHi = ceilDiv(BigInteger.ONE.shiftLeft(2 * g), e1[0]);
            // (e^{-1})^whole by squaring, each product rounded toward its bound
            BigInteger pLo = unit;
            BigInteger pHi = unit;
            BigInteger bLo = invLo;
            BigInteger bHi = invHi;
            for (int e = whole; e > 0; e >>= 1) {
                if ((e & 1) != 0) {
                    pLo = pLo.multiply(bLo).shiftRight(g);
                    pHi = ceilShift(pHi.multiply(bHi), g);
                }
                if (e > 1) {
                    bLo = bLo.multiply(bLo).shiftRight(g);
                    bHi = ceilShift(bHi.multiply(bHi), g);
                }
            }
            lo = lo.multiply(pLo).shiftRight(g);
            hi = ceilShift(hi.multiply(pHi), g);
        }
        return new BigInteger[] {lo.shiftRight(g - bits), ceilShift(hi, g - bits)};
    }

    /** {lo, hi} with lo ≤ 2^g·e^{p/q} ≤ hi for 0 ≤ p/q ≤ 1. */
    private static BigInteger[] expAtMostOne(BigInteger p, BigInteger q, int g) {
        BigInteger unit = BigInteger.ONE.shiftLeft(g);
        BigInteger sumLo = unit;
        BigInteger sumHi = unit;
        BigInteger tLo = unit;
        BigInteger tHi = unit;
        if (p.signum() == 0) {
            return new BigInteger[] {unit, unit};
        }
        for (long i = 1; ; i++) {
            BigInteger d = q.multiply(BigInteger.valueOf(i));
            tLo = tLo.multiply(p).divide(d);
            tHi = ceilDiv(tHi.multiply(p), d);
            sumLo = sumLo.add(tLo);
            sumHi = sumHi.add(tHi);
            if (tHi.compareTo(BigInteger.ONE) <= 0) {
                // every later term is at most half the one before (p/q ≤ 1, i ≥ 1): the tail is at most this term
                return new BigInteger[] {sumLo, sumHi.add(tHi)};
            }
        }
    }

    /** ⌈a/b⌉ for a ≥ 0 and b > 0 (fixed-point bounds rounded up). */
    public static BigInteger ceilDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
    }

    /** ⌈a/2^s⌉ for a ≥ 0 (fixed-point bounds rounded up). */
    public static BigInteger ceilShift(BigInteger a, int s) {
        BigInteger q = a.shiftRight(s);
        // a is a multiple of 2^s exactly when its lowest set bit is at s or above (or a = 0); no shifted copy to compare
        return a.signum() == 0 || a.getLowestSetBit() >= s ? q : q.add(BigInteger.ONE);
    }

    private static void checkArgument(BigDecimal x) {
        if (x.signum() < 0 || x.compareTo(MAX_X) > 0) {
            throw new IllegalArgumentException("exponent must be in [0, " + MAX_X + "]. Provided value: " + x.toPlainString());
        }
    }
}
