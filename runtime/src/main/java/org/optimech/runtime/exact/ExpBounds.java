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

    private static void checkArgument(BigDecimal x) {
        if (x.signum() < 0 || x.compareTo(MAX_X) > 0) {
            throw new IllegalArgumentException("exponent must be in [0, " + MAX_X + "]. Provided value: " + x.toPlainString());
        }
    }
}
