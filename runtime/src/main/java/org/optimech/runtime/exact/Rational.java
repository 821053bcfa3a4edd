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

    public Rational add(Rational o) {
        return new Rational(numerator.multiply(o.denominator).add(o.numerator.multiply(denominator)), denominator.multiply(o.denominator));
    }

    public Rational multiply(Rational o) {
        return new Rational(numerator.multiply(o.numerator), denominator.multiply(o.denominator));
    }

    public Rational subtract(Rational o) {
        return add(o.negate());
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

    /** The nearest double (ties to even). */
    public double doubleValue() {
        return new BigDecimal(numerator).divide(new BigDecimal(denominator), java.math.MathContext.DECIMAL128).doubleValue();
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
