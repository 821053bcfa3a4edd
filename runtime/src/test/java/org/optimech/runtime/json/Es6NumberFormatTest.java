package org.optimech.runtime.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class Es6NumberFormatTest {

    /** RFC 8785 Appendix B test vectors (bits, expected). */
    @Test
    void rfc8785AppendixB() {
        String[][] vectors = {
            {"0000000000000000", "0"},
            {"8000000000000000", "0"},
            {"0000000000000001", "5e-324"},
            {"8000000000000001", "-5e-324"},
            {"7fefffffffffffff", "1.7976931348623157e+308"},
            {"ffefffffffffffff", "-1.7976931348623157e+308"},
            {"4340000000000000", "9007199254740992"},
            {"c340000000000000", "-9007199254740992"},
            {"4430000000000000", "295147905179352830000"},
            {"44b52d02c7e14af5", "9.999999999999997e+22"},
            {"44b52d02c7e14af6", "1e+23"},
            {"44b52d02c7e14af7", "1.0000000000000001e+23"},
            {"444b1ae4d6e2ef4e", "999999999999999700000"},
            {"444b1ae4d6e2ef4f", "999999999999999900000"},
            {"444b1ae4d6e2ef50", "1e+21"},
            {"3eb0c6f7a0b5ed8c", "9.999999999999997e-7"},
            {"3eb0c6f7a0b5ed8d", "0.000001"},
            {"41b3de4355555553", "333333333.3333332"},
            {"41b3de4355555554", "333333333.33333325"},
            {"41b3de4355555555", "333333333.3333333"},
            {"41b3de4355555556", "333333333.3333334"},
            {"41b3de4355555557", "333333333.33333343"},
            {"becbf647612f3696", "-0.0000033333333333333333"},
            {"43143ff3c1cb0959", "1424953923781206.2"},
        };
        for (String[] v : vectors) {
            double d = Double.longBitsToDouble(Long.parseUnsignedLong(v[0], 16));
            assertEquals(v[1], Es6NumberFormat.format(d), "bits " + v[0]);
        }
    }

    /**
     * 2,858 doubles (random bit patterns, short decimals, powers of two and ten) formatted by node's
     * String(x), an independent ECMAScript implementation, when the fixture was generated.
     */
    @Test
    void agreesWithNodeOnFixture() throws IOException {
        int checked = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                Objects.requireNonNull(getClass().getResourceAsStream("/json/es6-numbers.tsv")), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] parts = line.split("\t");
                double d = Double.longBitsToDouble(Long.parseUnsignedLong(parts[0], 16));
                assertEquals(parts[1], Es6NumberFormat.format(d), "bits " + parts[0]);
                checked++;
            }
        }
        assertTrue(checked > 2800, "fixture read: " + checked);
    }

    @Test
    void everyFormatReadsBackAsTheSameDouble() {
        java.util.SplittableRandom rng = new java.util.SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            double d = Double.longBitsToDouble(rng.nextLong());
            if (!Double.isFinite(d)) {
                continue;
            }
            assertEquals(d == 0 ? 0.0 : d, Double.parseDouble(Es6NumberFormat.format(d)));
        }
    }

    /**
     * The search that starts from Double.toString's length finds the same digits as trying every length from one up (the
     * definition it replaced), on random bit patterns, dyadics of few bits and short decimals.
     */
    @net.jqwik.api.Property(tries = 2000)
    void startingFromDoubleToStringGivesTheShortestDigits(@net.jqwik.api.ForAll long bits, @net.jqwik.api.ForAll @net.jqwik.api.constraints.IntRange(min = -2000, max = 2000) int k,
            @net.jqwik.api.ForAll @net.jqwik.api.constraints.IntRange(min = -40, max = 40) int e) {
        for (double d : new double[] {Double.longBitsToDouble(bits), Math.scalb((double) k, e), k / 1000.0, Math.scalb(1.0, e * 25)}) {
            if (Double.isFinite(d) && d > 0) {
                assertEquals(fromOneDigit(d), Es6NumberFormat.format(d), "digits of " + d);
            }
        }
    }

    /** The first length from one up at which the floor or ceiling reads back; the closer (then the even) of those that do. */
    private static String fromOneDigit(double value) {
        java.math.BigDecimal exact = new java.math.BigDecimal(value);
        for (int p = 1; p <= 17; p++) {
            java.math.BigDecimal down = exact.round(new java.math.MathContext(p, java.math.RoundingMode.FLOOR));
            java.math.BigDecimal up = exact.round(new java.math.MathContext(p, java.math.RoundingMode.CEILING));
            boolean downOk = Double.parseDouble(down.toString()) == value;
            boolean upOk = Double.parseDouble(up.toString()) == value;
            if (downOk || upOk) {
                java.math.BigDecimal pick = downOk && upOk ? (exact.subtract(down).compareTo(up.subtract(exact)) < 0 ? down
                        : exact.subtract(down).compareTo(up.subtract(exact)) > 0 ? up : down.unscaledValue().testBit(0) ? up : down) : downOk ? down : up;
                pick = pick.stripTrailingZeros();
                // the same layout as the formatter: compare digit strings and the decimal exponent
                return Es6NumberFormat.format(Double.parseDouble(pick.toString())).equals(Es6NumberFormat.format(value)) && new java.math.BigDecimal(
                        Es6NumberFormat.format(value)).compareTo(pick) == 0 ? Es6NumberFormat.format(value) : "expected " + pick.toPlainString();
            }
        }
        throw new AssertionError("no decimal of at most 17 digits reads back as " + value);
    }

    /** A short literal's own digits, laid out, are the canonical form of its nearest double (the writer's fast path). */
    @net.jqwik.api.Property(tries = 3000)
    void aShortLiteralIsTheCanonicalFormOfItsDouble(@net.jqwik.api.ForAll @net.jqwik.api.constraints.LongRange(min = -999_999_999_999_999L, max = 999_999_999_999_999L) long unscaled,
            @net.jqwik.api.ForAll @net.jqwik.api.constraints.IntRange(min = -320, max = 320) int scale, @net.jqwik.api.ForAll boolean exponentForm) {
        java.math.BigDecimal b = java.math.BigDecimal.valueOf(unscaled, scale);
        String literal = exponentForm ? b.toString().replace("E", "e") : b.toPlainString();
        if (!literal.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?")) {
            literal = b.toPlainString();
        }
        String fast = Es6NumberFormat.canonicalOfShortLiteral(literal);
        double d = Double.parseDouble(literal);
        if (fast != null) {
            assertEquals(Es6NumberFormat.format(d), fast, literal);
            assertTrue(JsonNumber.ofLiteral(literal).roundTrips(), literal);
        }
    }
}
