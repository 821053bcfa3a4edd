package org.optimech.runtime.exact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** {@link Rational#doubleValue()} is the nearest double, ties to even, checked in exact rational arithmetic. */
class RationalTest {
    /** r is a nearest double to q: neither neighbour is strictly nearer, and on a tie r's last mantissa bit is 0. */
    static void assertNearest(Rational q, double r) {
        Rational error = Rational.of(r).subtract(q).abs();
        for (double neighbour : new double[] {Math.nextUp(r), Math.nextDown(r)}) {
            if (Double.isInfinite(neighbour)) {
                continue;
            }
            int c = error.compareTo(Rational.of(neighbour).subtract(q).abs());
            assertTrue(c < 0 || c == 0 && (Double.doubleToRawLongBits(Math.abs(r)) & 1) == 0, q + " -> " + r + ", but " + neighbour + " is nearer or the even tie");
        }
    }

    @Property(tries = 2000)
    void isTheNearestDoubleOfAnyQuotient(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int numeratorBits,
            @ForAll @IntRange(min = 1, max = 300) int denominatorBits, @ForAll boolean negative) {
        Random random = new Random(seed);
        BigInteger n = new BigInteger(numeratorBits, random).add(BigInteger.ONE);
        BigInteger d = new BigInteger(denominatorBits, random).add(BigInteger.ONE);
        Rational q = new Rational(negative ? n.negate() : n, d);
        assertNearest(q, q.doubleValue());
    }

    /** Midpoints of adjacent doubles, normal and subnormal, and the points just beside them. */
    @Property(tries = 2000)
    void tiesGoToEvenAndNearTiesToTheNearer(@ForAll double signedZeroOrAny, @ForAll @IntRange(min = -1, max = 1) int side) {
        double x = signedZeroOrAny + 0.0; // -0.0 as 0.0
        if (Double.isNaN(x) || Double.isInfinite(x) || Double.isInfinite(Math.nextUp(x))) {
            return;
        }
        Rational mid = Rational.of(x).add(Rational.of(Math.nextUp(x))).divide(Rational.of(2));
        Rational tiny = new Rational(BigInteger.ONE, BigInteger.ONE.shiftLeft(1200));
        Rational q = side == 0 ? mid : side > 0 ? mid.add(tiny) : mid.subtract(tiny);
        double r = q.doubleValue();
        assertNearest(q, r);
        assertEquals(side == 0 ? ((Double.doubleToRawLongBits(Math.abs(x)) & 1) == 0 ? x : Math.nextUp(x)) : side > 0 ? Math.nextUp(x) : x, r, q.toString());
    }

    /** Found by ExactSpanAgreementTest: the former 34-digit decimal quotient rounded this exact tie away from even. */
    @Test
    void theSumOfTwoDoublesAtATieRoundsToEven() {
        double a = 134.71982957309652;
        Rational mid = Rational.of(a).add(Rational.of(Math.nextUp(a))).divide(Rational.of(2));
        double even = (Double.doubleToRawLongBits(a) & 1) == 0 ? a : Math.nextUp(a);
        assertEquals(even, mid.doubleValue());
    }

    @Test
    void extremesAndIntegers() {
        assertEquals(Double.MIN_VALUE, new Rational(BigInteger.ONE, BigInteger.ONE.shiftLeft(1074)).doubleValue());
        assertEquals(0.0, new Rational(BigInteger.ONE, BigInteger.ONE.shiftLeft(1075)).doubleValue(), "half the least subnormal ties to 0");
        assertEquals(Double.MIN_VALUE, new Rational(BigInteger.valueOf(3), BigInteger.ONE.shiftLeft(1076)).doubleValue());
        assertEquals(Double.MAX_VALUE, Rational.of(Double.MAX_VALUE).doubleValue());
        assertEquals(Double.POSITIVE_INFINITY, Rational.of(BigInteger.ONE.shiftLeft(1024)).doubleValue());
        assertEquals(-1.0 / 3, new Rational(BigInteger.valueOf(-1), BigInteger.valueOf(3)).doubleValue());
        assertEquals(0.0, Rational.ZERO.doubleValue());
        assertEquals(Rational.of(BigInteger.valueOf(-7)), Rational.of(-7L));
        assertEquals(Rational.of(BigInteger.ONE), Rational.ONE);
        assertEquals((double) Long.MAX_VALUE, Rational.of(Long.MAX_VALUE).doubleValue());
        assertEquals(BigInteger.valueOf(Long.MAX_VALUE), Rational.of(Long.MAX_VALUE).numerator(), "longs are exact, not rounded through double");
    }
}
