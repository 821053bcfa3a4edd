package org.optimech.runtime.exact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class ExpBoundsTest {
    private static final BigInteger ONE_128 = BigInteger.ONE.shiftLeft(ExpBounds.FRACTION_BITS);

    /** e to 50 decimals (OEIS A001113), an independent value: the bounds must bracket it. */
    @Test
    void bracketsKnownDigitsOfE() {
        BigDecimal eLow = new BigDecimal("2.71828182845904523536028747135266249775724709369995");
        BigDecimal eHigh = new BigDecimal("2.71828182845904523536028747135266249775724709369996");
        BigDecimal scale = new BigDecimal(ONE_128);
        BigDecimal lower = new BigDecimal(ExpBounds.lowerNumerator(BigDecimal.ONE)).divide(scale);
        BigDecimal upper = new BigDecimal(ExpBounds.upperNumerator(BigDecimal.ONE)).divide(scale);
        assertTrue(lower.compareTo(eHigh) <= 0, "lower " + lower);
        assertTrue(upper.compareTo(eLow) >= 0, "upper " + upper);
        // and they are tight: within 2^-120 of e
        assertTrue(upper.subtract(lower).compareTo(new BigDecimal("1e-36")) < 0);
    }

    @Test
    void agreesWithMathExpAndIsTight() {
        for (String s : new String[] {"0", "1e-9", "0.001", "0.1", "0.5", "0.693147181", "1.0", "2.5", "10", "37.3", "100", "700"}) {
            BigDecimal x = new BigDecimal(s);
            BigInteger lo = ExpBounds.lowerNumerator(x);
            BigInteger hi = ExpBounds.upperNumerator(x);
            assertTrue(lo.compareTo(hi) <= 0, s);
            double exp = Math.exp(x.doubleValue());
            double loD = new BigDecimal(lo).divide(new BigDecimal(ONE_128), java.math.MathContext.DECIMAL64).doubleValue();
            assertEquals(exp, loD, exp * 1e-14, s);
            // relative width below 2^-100
            assertTrue(hi.subtract(lo).shiftLeft(100).compareTo(lo) <= 0 || lo.bitLength() < 100, "width at " + s);
        }
        assertEquals(ONE_128, ExpBounds.lowerNumerator(BigDecimal.ZERO));
    }

    /** e^(a+b) = e^a · e^b: each side's bounds must overlap the other's. */
    @Test
    void consistentWithTheAdditionLaw() {
        java.util.SplittableRandom rng = new java.util.SplittableRandom(3);
        for (int i = 0; i < 200; i++) {
            BigDecimal a = BigDecimal.valueOf(rng.nextInt(0, 5_000_000), 6);
            BigDecimal b = BigDecimal.valueOf(rng.nextInt(0, 5_000_000), 6);
            BigInteger loProduct = ExpBounds.lowerNumerator(a).multiply(ExpBounds.lowerNumerator(b));
            BigInteger hiProduct = ExpBounds.upperNumerator(a).multiply(ExpBounds.upperNumerator(b));
            BigInteger loSum = ExpBounds.lowerNumerator(a.add(b)).shiftLeft(ExpBounds.FRACTION_BITS);
            BigInteger hiSum = ExpBounds.upperNumerator(a.add(b)).shiftLeft(ExpBounds.FRACTION_BITS);
            assertTrue(loProduct.compareTo(hiSum) <= 0, a + "+" + b);
            assertTrue(loSum.compareTo(hiProduct) <= 0, a + "+" + b);
        }
    }

    @Test
    void monotone() {
        BigInteger prev = BigInteger.ZERO;
        for (int k = 0; k <= 100; k++) {
            BigInteger lo = ExpBounds.lowerNumerator(BigDecimal.valueOf(k, 2));
            assertTrue(lo.compareTo(prev) > 0);
            prev = lo;
        }
    }

    @Test
    void rejectsNegativeAndHugeArguments() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ExpBounds.lowerNumerator(new BigDecimal("-0.1")));
        assertEquals("exponent must be in [0, 700]. Provided value: -0.1", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ExpBounds.upperNumerator(new BigDecimal("700.5")));
    }

    @Test
    void decimalsAreStrict() {
        assertTrue(Decimals.parse("0.5").isPresent());
        assertTrue(Decimals.parse("1e-6").isPresent());
        for (String bad : new String[] {"+1", ".5", "1.", "01", "NaN", "Infinity", "1e99999", " 1", "0x10", "", "1e-500"}) {
            assertTrue(Decimals.parse(bad).isEmpty(), bad);
        }
        assertEquals("0.123457", Decimals.plain(Decimals.ceilToDigits(new BigDecimal("0.1234561"), 6)));
        assertEquals("2", Decimals.plain(Decimals.ceilToDigits(new BigDecimal("1.9999999999"), 6)));
    }

    /**
     * e^{-num/den} to {@code bits} places brackets the value computed independently in 300-digit decimals (Taylor series of
     * e^{x}, then its inverse) and is at most 2 units wide; tiny values give {0, 1}.
     */
    @Property(tries = 200)
    void expMinusBracketsTheDecimalValue(@ForAll @LongRange(min = 0, max = 200_000) long num, @ForAll @LongRange(min = 1, max = 1000) long den,
            @ForAll @IntRange(min = 1, max = 400) int bits) {
        java.math.MathContext mc = new java.math.MathContext(300);
        BigDecimal x = new BigDecimal(num).divide(new BigDecimal(den), mc);
        BigInteger[] e = ExpBounds.expMinus(BigInteger.valueOf(num), BigInteger.valueOf(den), bits);
        if (x.compareTo(BigDecimal.valueOf(bits + 1)) >= 0) {
            assertEquals(BigInteger.ZERO, e[0]);
            assertEquals(BigInteger.ONE, e[1]);
            return;
        }
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal term = BigDecimal.ONE;
        for (int k = 1; k < 5000; k++) {
            term = term.multiply(x, mc).divide(BigDecimal.valueOf(k), mc);
            sum = sum.add(term, mc);
            if (k > 2 * x.doubleValue() && term.compareTo(sum.movePointLeft(290)) < 0) {
                break;
            }
        }
        BigDecimal scaled = new BigDecimal(BigInteger.ONE.shiftLeft(bits)).divide(sum, mc);
        assertTrue(new BigDecimal(e[0]).compareTo(scaled) <= 0, "lo " + e[0] + " > " + scaled);
        assertTrue(new BigDecimal(e[1]).compareTo(scaled) >= 0, "hi " + e[1] + " < " + scaled);
        assertTrue(e[1].subtract(e[0]).compareTo(BigInteger.TWO) <= 0, "width " + e[1].subtract(e[0]));
    }
}
