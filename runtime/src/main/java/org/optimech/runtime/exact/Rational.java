package org.optimech.runtime.exact;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An exact rational number in lowest terms with a positive denominator; enough arithmetic for the
 * runtime's exact spec checks (the JDK has no rational type).
 */
public record Rational(BigInteger numerator, BigInteger denominator) implements Comparable<Rational> {
    private static final Pattern FRACTION = Pattern.compile("(-?(?:0|[1-9][0-9]*))/([1-9][0-9]*)");
    /** Zero. */
    public static final Rational ZERO = new Rational(BigInteger.ZERO, BigInteger.ONE);
    /** One. */
    public static final Rational ONE = new Rational(BigInteger.ONE, BigInteger.ONE);

    public Rational {
        if (denominator.signum() == 0) {
            throw new ArithmeticException("zero denominator");
        }
        if (denominator.signum() < 0) {
            numerator = numerator.negate();
            denominator = denominator.negate();
        }
        BigInteger g = numerator.gcd(denominator);
        if (!g.equals(BigInteger.ONE) && g.signum() != 0) {
            numerator = numerator.divide(g);
            denominator = denominator.divide(g);
        }
        if (numerator.signum() == 0) {
            denominator = BigInteger.ONE;
        }
    }

    /** The exact value of a finite double (every double is a dyadic rational). */
    public static Rational of(double x) {
        return of(new BigDecimal(x));
    }

    public static Rational of(BigDecimal x) {
        return x.scale() <= 0 ? new Rational(x.toBigIntegerExact(), BigInteger.ONE)
                : new Rational(x.unscaledValue(), BigInteger.TEN.pow(x.scale()));
    }

    /** {@code "p/q"} or a decimal in the JSON number grammar, or empty. */
    public static Optional<Rational> parse(String text) {
        if (text == null || text.length() > 1000) {
            return Optional.empty();
        }
        var m = FRACTION.matcher(text);
        if (m.matches()) {
            return Optional.of(new Rational(new BigInteger(m.group(1)), new BigInteger(m.group(2))));
        }
        return Decimals.parse(text).map(Rational::of);
    }

    // the shortcuts below (a zero operand, a common denominator) only skip work: every result is reduced by the constructor

    public Rational add(Rational o) {
        if (o.numerator.signum() == 0) {
            return this;
        }
        if (numerator.signum() == 0) {
            return o;
        }
        if (denominator.equals(o.denominator)) {
            return new Rational(numerator.add(o.numerator), denominator);
        }
        return new Rational(numerator.multiply(o.denominator).add(o.numerator.multiply(denominator)), denominator.multiply(o.denominator));
    }

    public Rational multiply(Rational o) {
        if (numerator.signum() == 0 || o.numerator.signum() == 0) {
            return ZERO;
        }
        return new Rational(numerator.multiply(o.numerator), denominator.multiply(o.denominator));
    }

    public Rational subtract(Rational o) {
        if (o.numerator.signum() == 0) {
            return this;
        }
        if (denominator.equals(o.denominator)) {
            return new Rational(numerator.subtract(o.numerator), denominator);
        }
        return new Rational(numerator.multiply(o.denominator).subtract(o.numerator.multiply(denominator)), denominator.multiply(o.denominator));
    }

    public Rational abs() {
        return signum() < 0 ? negate() : this;
    }

    public Rational negate() {
        return new Rational(numerator.negate(), denominator);
    }

    /** {@code this / o}; throws {@link ArithmeticException} when {@code o} is zero. */
    public Rational divide(Rational o) {
        return new Rational(numerator.multiply(o.denominator), denominator.multiply(o.numerator));
    }

    /** The integer n/1. */
    public static Rational of(BigInteger n) {
        return new Rational(n, BigInteger.ONE);
    }

    /** The integer n/1. */
    public static Rational of(long n) {
        return of(BigInteger.valueOf(n));
    }

    public int signum() {
        return numerator.signum();
    }

    /**
     * The nearest double (ties to even), rounded once from the exact quotient: the 53 leading bits of the quotient plus a
     * sticky bit for the remainder (a 34-digit decimal quotient, rounded again to binary, missed exact ties such as the
     * sum of two doubles).
     */
    public double doubleValue() {
        if (numerator.bitLength() <= 53 && denominator.bitLength() <= 53) {
            return numerator.doubleValue() / denominator.doubleValue(); // both exact: one IEEE division rounds once
        }
        BigInteger n = numerator.abs();
        int e = n.bitLength() - denominator.bitLength(); // |this| in [2^(e-1), 2^(e+1))
        double magnitude;
        if (e <= -1022) {
            // below 2^-1021 the spacing of doubles is 2^-1074: round the quotient times 2^1074 to an integer (< 2^53, exact)
            BigInteger[] qr = n.shiftLeft(1074).divideAndRemainder(denominator);
            int half = qr[1].shiftLeft(1).compareTo(denominator);
            BigInteger q = half > 0 || half == 0 && qr[0].testBit(0) ? qr[0].add(BigInteger.ONE) : qr[0];
            magnitude = Math.scalb(q.doubleValue(), -1074);
        } else {
            // a normal result: a 55- or 56-bit integer quotient whose last bit also records a nonzero remainder rounds to
            // 53 bits as the exact quotient does (BigInteger.doubleValue rounds to nearest even), and the scaling is exact
            int shift = 55 - e;
            BigInteger[] qr = shift >= 0 ? n.shiftLeft(shift).divideAndRemainder(denominator) : n.divideAndRemainder(denominator.shiftLeft(-shift));
            BigInteger q = qr[1].signum() == 0 ? qr[0] : qr[0].setBit(0);
            magnitude = Math.scalb(q.doubleValue(), -shift);
        }
        return numerator.signum() < 0 ? -magnitude : magnitude;
    }

    @Override
    public int compareTo(Rational o) {
        return numerator.multiply(o.denominator).compareTo(o.numerator.multiply(denominator));
    }

    @Override
    public String toString() {
        return denominator.equals(BigInteger.ONE) ? numerator.toString() : numerator + "/" + denominator;
    }
}
