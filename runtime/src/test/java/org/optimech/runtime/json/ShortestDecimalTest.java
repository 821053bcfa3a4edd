package org.optimech.runtime.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The fast formatter ({@link ShortestDecimal}, behind {@link Es6NumberFormat#format}) against the exact BigDecimal path
 * ({@link Es6NumberFormat#formatExact}) and against an independent check of the definition: the output reads back, no
 * decimal with one digit fewer does, and no other decimal of its length that reads back is closer.
 */
class ShortestDecimalTest {

    @Test
    void powerOfTenTableMatchesItsDefinition() {
        for (int k = ShortestDecimal.minK(); k <= ShortestDecimal.maxK(); k++) {
            int e = -k;
            int r = ShortestDecimal.floorLog2Pow10(e) - 125; // g - 1 <= 10^e 2^-r < g
            BigInteger g = ShortestDecimal.g(k);
            assertEquals(126, g.bitLength(), "k " + k);
            BigInteger lo = g.subtract(BigInteger.ONE);
            // Multiplied out to integers: 10^max(e,0) 2^max(-r,0) against g 10^max(-e,0) 2^max(r,0).
            BigInteger tenPow = BigInteger.TEN.pow(Math.abs(e));
            BigInteger exact = (e >= 0 ? tenPow : BigInteger.ONE).shiftLeft(Math.max(-r, 0));
            BigInteger scale = (e < 0 ? tenPow : BigInteger.ONE).shiftLeft(Math.max(r, 0));
            assertTrue(lo.multiply(scale).compareTo(exact) <= 0, "k " + k);
            assertTrue(g.multiply(scale).compareTo(exact) > 0, "k " + k);
        }
    }

    @Test
    void floorLogarithmsAreExactOverTheDoubleRange() {
        for (int q = -1100; q <= 1100; q++) {
            BigDecimal twoPow = q >= 0 ? new BigDecimal(BigInteger.ONE.shiftLeft(q)) : BigDecimal.ONE.divide(new BigDecimal(BigInteger.ONE.shiftLeft(-q)));
            assertEquals(floorLog10(twoPow), ShortestDecimal.floorLog10Pow2(q), "log10 2^" + q);
            assertEquals(floorLog10(twoPow.multiply(new BigDecimal("0.75"))), ShortestDecimal.floorLog10ThreeQuartersPow2(q), "log10 3/4 2^" + q);
        }
        for (int e = -400; e <= 400; e++) {
            BigInteger p = BigInteger.TEN.pow(Math.abs(e));
            int expected = e >= 0 ? p.bitLength() - 1 : -p.subtract(BigInteger.ONE).bitLength();
            assertEquals(expected, ShortestDecimal.floorLog2Pow10(e), "log2 10^" + e);
        }
    }

    private static int floorLog10(BigDecimal positive) {
        return positive.precision() - positive.scale() - 1;
    }

    @Test
    void agreesWithTheExactPathOnBoundaryValues() {
        List<Double> values = new ArrayList<>();
        for (long c = 1; c <= 4096; c++) { // the tiniest subnormals, where the interval is widest relative to the value
            values.add(Double.longBitsToDouble(c));
        }
        for (long c : new long[] {(1L << 52) - 1, (1L << 52) - 2, 1L << 51, 123_456_789L}) {
            values.add(Double.longBitsToDouble(c));
        }
        for (int e = -1074; e <= 1023; e++) { // powers of two: the asymmetric interval of a normal one, and neighbours
            aroundInUlps(values, Math.scalb(1.0, e), 3);
        }
        for (int e = -323; e <= 308; e++) { // powers of ten and their neighbours
            aroundInUlps(values, Double.parseDouble("1e" + e), 3);
            aroundInUlps(values, Double.parseDouble("5e" + e), 1);
        }
        for (long i = -2000; i <= 2000; i++) { // integers near 2^53, 2^54 and 2^63
            values.add((double) ((1L << 53) + i));
            values.add((double) ((1L << 54) + 2 * i));
            values.add(Math.scalb((double) ((1L << 52) + Math.abs(i)), 11));
        }
        for (String s : new String[] {"1e21", "999999999999999900000", "1e-6", "1e-7", "9.999999999999999e20", "1e23", "4.35e-7"}) {
            aroundInUlps(values, Double.parseDouble(s), 20); // the switch to exponent form on both sides
        }
        aroundInUlps(values, Double.MAX_VALUE, 3);
        aroundInUlps(values, Double.MIN_NORMAL, 3);
        for (double v : values) {
            if (Double.isFinite(v) && v != 0) {
                assertEquals(Es6NumberFormat.formatExact(v), Es6NumberFormat.format(v), "bits " + Long.toHexString(Double.doubleToRawLongBits(v)));
                assertEquals(Es6NumberFormat.formatExact(-v), Es6NumberFormat.format(-v), "bits " + Long.toHexString(Double.doubleToRawLongBits(-v)));
            }
        }
        assertTrue(values.size() > 25_000, "values: " + values.size());
    }

    private static void aroundInUlps(List<Double> values, double v, int ulps) {
        long bits = Double.doubleToRawLongBits(v);
        for (int i = -ulps; i <= ulps; i++) {
            values.add(Double.longBitsToDouble(bits + i));
        }
    }

    @Test
    void zeroAndTheSignsAreTheCodecs() {
        assertEquals("0", Es6NumberFormat.format(0.0));
        assertEquals("0", Es6NumberFormat.format(-0.0)); // RFC 8785: minus zero is written 0
        assertEquals("5e-324", Es6NumberFormat.format(Double.MIN_VALUE));
        assertEquals("-5e-324", Es6NumberFormat.format(-Double.MIN_VALUE));
        assertEquals("1e-323", Es6NumberFormat.format(2 * Double.MIN_VALUE)); // Java 19 would say 9.9E-324
        assertEquals("1.7976931348623157e+308", Es6NumberFormat.format(Double.MAX_VALUE));
        assertEquals("2e-323", Es6NumberFormat.format(4 * Double.MIN_VALUE));
    }

    @Property(tries = 20_000)
    void agreesWithTheExactPathOnRawBitPatterns(@ForAll long bits) {
        double v = Double.longBitsToDouble(bits);
        if (Double.isFinite(v)) {
            assertEquals(Es6NumberFormat.formatExact(v), Es6NumberFormat.format(v), "bits " + Long.toHexString(bits));
        }
    }

    /** Every biased exponent equally often (raw bit patterns rarely reach the subnormals or a power of two). */
    @Property(tries = 10_000)
    void agreesWithTheExactPathOnEveryExponent(@ForAll @IntRange(min = 0, max = 2046) int biased,
            @ForAll @LongRange(min = 0, max = (1L << 52) - 1) long fraction, @ForAll @IntRange(min = 0, max = 2) int fewBits) {
        // a fraction with few bits set gives short decimals and powers of two; a full one gives 17-digit outputs
        long f = fewBits == 0 ? fraction : fewBits == 1 ? fraction & 0xF_0000_0000_0000L : fraction & 0x1;
        double v = Double.longBitsToDouble((long) biased << 52 | f);
        assertEquals(Es6NumberFormat.formatExact(v), Es6NumberFormat.format(v), "bits " + Long.toHexString(Double.doubleToRawLongBits(v)));
    }

    @Test
    void agreesWithTheExactPathOnRandomDoubles() {
        SplittableRandom random = new SplittableRandom(8785);
        for (int i = 0; i < 45_000; i++) {
            double v = randomDouble(random, i);
            assertEquals(Es6NumberFormat.formatExact(v), Es6NumberFormat.format(v), "bits " + Long.toHexString(Double.doubleToRawLongBits(v)));
        }
    }

    /**
     * Millions of doubles checked against the definition directly, which is cheaper than the exact path (whose BigDecimal
     * search takes 4 to 20 µs a number): coordinates as the designer writes them and doubles of moderate magnitude.
     */
    @Test
    void millionsOfRandomDoublesAreTheShortestClosestDecimals() {
        SplittableRandom random = new SplittableRandom(19);
        for (int i = 0; i < 2_000_000; i++) {
            double v = i % 2 == 0 ? random.nextDouble(-1, 1) : (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-20, 21));
            if (v != 0) {
                assertShortestAndClosest(v, Es6NumberFormat.format(v));
            }
        }
    }

    /** A coordinate as the designer writes them, a raw bit pattern, or a double of any decimal magnitude. */
    private static double randomDouble(SplittableRandom random, int i) {
        double v;
        do {
            v = switch (i % 3) {
                case 0 -> random.nextDouble(-1, 1);
                case 1 -> Double.longBitsToDouble(random.nextLong());
                default -> random.nextDouble() * Math.pow(10, random.nextInt(-320, 309));
            };
        } while (!Double.isFinite(v) || v == 0);
        return v;
    }

    /**
     * The definition, checked without the exact path's search: s reads back as v; neither p - 1 digit neighbour of s reads
     * back (any shorter decimal reading back would put one of them in the rounding interval); and each p-digit neighbour of s
     * that reads back is farther from v, or as far and odd.
     */
    static void assertShortestAndClosest(double v, String s) {
        String where = s + " for bits " + Long.toHexString(Double.doubleToRawLongBits(v));
        assertEquals(v, Double.parseDouble(s), where);
        long digits = 0; // |s| = digits 10^exponent
        int exponent = 0;
        boolean fraction = false;
        for (int i = s.charAt(0) == '-' ? 1 : 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '.') {
                fraction = true;
            } else if (ch == 'e') {
                exponent += Integer.parseInt(s.substring(i + 1));
                break;
            } else {
                digits = digits * 10 + (ch - '0');
                exponent -= fraction ? 1 : 0;
            }
        }
        while (digits % 10 == 0) {
            digits /= 10;
            exponent++;
        }
        double abs = Math.abs(v);
        if (digits >= 10) {
            assertNotEquals(abs, Double.parseDouble(digits / 10 + "e" + (exponent + 1)), "one digit fewer, below: " + where);
            assertNotEquals(abs, Double.parseDouble((digits / 10 + 1) + "e" + (exponent + 1)), "one digit fewer, above: " + where);
        }
        String below = digits == 1 ? "9e" + (exponent - 1) : (digits - 1) + "e" + exponent;
        String above = (digits + 1) + "e" + exponent;
        for (String other : new String[] {below, above}) {
            if (Double.parseDouble(other) == abs) {
                BigDecimal exact = new BigDecimal(abs);
                int cmp = BigDecimal.valueOf(digits, -exponent).subtract(exact).abs().compareTo(new BigDecimal(other).subtract(exact).abs());
                assertTrue(cmp < 0 || cmp == 0 && digits % 2 == 0, "closer or even than " + other + ": " + where);
            }
        }
    }

    /** The independent check rejects what it should: a longer, a farther, and a non-reading-back decimal. */
    @Test
    void theIndependentCheckCanFail() {
        assertShortestAndClosest(0.1, "0.1");
        assertThrowsAssertion(() -> assertShortestAndClosest(0.1, "0.10000000000000001")); // reads back, not shortest
        assertThrowsAssertion(() -> assertShortestAndClosest(Double.MIN_VALUE, "4e-324")); // reads back, 5e-324 is closer
        assertThrowsAssertion(() -> assertShortestAndClosest(0.3, "0.30000000000000004")); // another double
    }

    private static void assertThrowsAssertion(Runnable r) {
        org.junit.jupiter.api.Assertions.assertThrows(org.opentest4j.AssertionFailedError.class, r::run);
    }
}
