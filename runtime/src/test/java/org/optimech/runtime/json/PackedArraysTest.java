package org.optimech.runtime.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/**
 * Arrays of numbers are held packed as doubles by the reader and by {@link JsonArray#ofDoubles}/{@link JsonArray#ofDoubleRows}
 * (a spec of millions of stored points must not be a tree of them), and packing is invisible: a parsed array equals, writes
 * (every literal as read) and canonicalizes exactly as the tree of its literals, which is built here independently with
 * {@link JsonNumber#ofLiteral} and never passes through the reader.
 */
class PackedArraysTest {

    @Property(tries = 400)
    void aParsedArrayIsTheTreeOfItsLiterals(@ForAll("arrays") List<List<String>> rows) throws Exception {
        String text = text(rows);
        List<JsonValue> expectedRows = new ArrayList<>();
        for (List<String> row : rows) {
            List<JsonValue> e = new ArrayList<>();
            for (String lit : row) {
                e.add(JsonNumber.ofLiteral(lit));
            }
            expectedRows.add(JsonArray.of(e));
        }
        JsonArray expected = JsonArray.of(expectedRows);
        JsonValue parsed = parse(text);
        assertEquals(expected, parsed);
        assertEquals(JsonWriter.compact(expected), JsonWriter.compact(parsed), "every literal is written back as read");
        assertEquals(JsonWriter.canonical(expected), JsonWriter.canonical(parsed));
        assertEquals(JsonWriter.pretty(expected), JsonWriter.pretty(parsed));
        for (int i = 0; i < rows.size(); i++) {
            JsonValue row = parsed.asArray().get(i);
            for (int j = 0; j < rows.get(i).size(); j++) {
                JsonNumber n = row.asArray().get(j).asNumber();
                assertEquals(rows.get(i).get(j), n.literal());
                assertEquals(Double.parseDouble(rows.get(i).get(j)), n.doubleValue());
            }
        }
    }

    @Property(tries = 200)
    void rowsOfCanonicalNumbersAreHeldPacked(@ForAll("canonicalRows") List<List<String>> rows) throws Exception {
        JsonArray parsed = parse(text(rows)).asArray();
        assertTrue(parsed.isPacked(), "rows of one length, every literal canonical: " + text(rows));
        for (JsonValue row : parsed.elements()) {
            assertTrue(row.asArray().isPacked());
        }
    }

    @Test
    void aNonCanonicalLiteralAnywhereUnpacksItsArrayOnly() throws Exception {
        for (String odd : new String[] {"1.0", "-0", "1e2", "1E2", "0.10", "100000000000000000000000", "5.6843418860808015e-14", "1e400"}) {
            JsonArray first = parse("[[" + odd + ", 2], [3, 4]]").asArray();
            JsonArray middle = parse("[[1, 2], [3, " + odd + "], [5, 6]]").asArray();
            JsonArray flat = parse("[1, 2, " + odd + ", 4]").asArray();
            assertFalse(first.isPacked(), odd);
            assertFalse(middle.isPacked(), odd);
            assertFalse(flat.isPacked(), odd);
            assertTrue(middle.get(0).asArray().isPacked(), "a row before the odd one stays packed");
            assertTrue(middle.get(2).asArray().isPacked(), "a row after the odd one is read packed again");
            assertEquals("[[1,2],[3," + odd + "],[5,6]]", JsonWriter.compact(middle));
            assertEquals("[1,2," + odd + ",4]", JsonWriter.compact(flat));
        }
    }

    @Test
    void rowsOfDifferentLengthsOrShapesAreReadAsTheyAre() throws Exception {
        for (String text : new String[] {"[[1, 2], [3]]", "[[1], [2, 3]]", "[[1, 2], []]", "[[], [1]]", "[[1, 2], 3]", "[[1, 2], [3, \"x\"]]",
            "[[1, [2]], [3, 4]]", "[[1, 2], [3, 4], {\"a\": 5}]", "[1, [2]]", "[1, \"a\", 2]", "[[[1, 2]], [[3, 4]]]", "[]", "[[]]"}) {
            JsonValue parsed = parse(text);
            assertEquals(text.replace(" ", ""), JsonWriter.compact(parsed), text);
        }
    }

    @Test
    void packedElementsKeepTheirKindAndSign() throws Exception {
        JsonArray a = parse("[0, 3, -2.5, 1e-7, 123456789012345680000]").asArray();
        assertTrue(a.isPacked());
        assertEquals("0", a.get(0).asNumber().literal());
        assertEquals(0.0, a.get(0).asNumber().doubleValue());
        assertTrue(a.get(1).asNumber().isIntegral());
        assertEquals(3, a.get(1).asNumber().bigIntegerValueExact().intValueExact());
        assertEquals("1e-7", a.get(3).asNumber().literal());
        assertEquals("123456789012345680000", a.get(4).asNumber().literal());
    }

    @Test
    void negativeZeroFromADoubleIsPositiveZero() {
        // written "0", so the number made from -0.0 must read as +0.0 too (as it did when the literal was formatted at once)
        JsonNumber n = JsonNumber.of(-0.0);
        assertEquals("0", n.literal());
        assertEquals(0, Double.compare(0.0, n.doubleValue()));
        assertEquals(JsonNumber.of(0.0), n);
        assertEquals(JsonNumber.ofLiteral("0"), n);
    }

    @Test
    void factoriesPackAndRefuseWhatJsonCannotHold() {
        JsonArray rows = JsonArray.ofDoubleRows(new double[][] {{1, 0.1}, {-0.0, 2.5e300}});
        assertTrue(rows.isPacked());
        assertEquals("[[1,0.1],[0,2.5e+300]]", JsonWriter.compact(rows));
        assertEquals(JsonArray.of(JsonArray.ofDoubles(1, 0.1), JsonArray.ofDoubles(0, 2.5e300)), rows);
        double[] values = {1, 2};
        JsonArray a = JsonArray.ofDoubles(values);
        values[0] = 7;
        assertEquals("[1,2]", JsonWriter.compact(a), "the array holds a copy");
        assertThrows(IllegalArgumentException.class, () -> JsonArray.ofDoubles(1, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> JsonArray.ofDoubleRows(new double[][] {{1}, {Double.POSITIVE_INFINITY}}));
        assertThrows(IllegalArgumentException.class, () -> JsonArray.ofDoubleRows(new double[][] {{1}, {2, 3}}));
    }

    private static JsonValue parse(String text) throws JsonSyntaxException {
        try (JsonReader r = JsonReader.of(text)) {
            r.next();
            return r.readValue();
        }
    }

    private static String text(List<List<String>> rows) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < rows.size(); i++) {
            sb.append(i > 0 ? ", " : "").append('[').append(String.join(", ", rows.get(i))).append(']');
        }
        return sb.append(']').toString();
    }

    /** Rows of literals, mostly of one length, mixing canonical forms of doubles with other spellings of numbers. */
    @Provide
    Arbitrary<List<List<String>>> arrays() {
        Arbitrary<String> literal = Arbitraries.frequencyOf(
                Tuple.of(6, canonical()),
                Tuple.of(1, Arbitraries.of("1.0", "-0", "1e2", "0.50", "1E-7", "5.6843418860808015e-14", "12345678901234567890", "-0.0", "1e+2")),
                Tuple.of(1, Arbitraries.doubles().map(d -> Double.toString(d).replace("E", "e"))));
        Arbitrary<Integer> width = Arbitraries.integers().between(0, 4);
        return width.flatMap(w -> Arbitraries.frequencyOf(Tuple.of(5, Arbitraries.just(w)), Tuple.of(1, Arbitraries.integers().between(0, 5)))
                .flatMap(n -> literal.list().ofSize(n)).list().ofMaxSize(6));
    }

    @Provide
    Arbitrary<List<List<String>>> canonicalRows() {
        return Arbitraries.integers().between(1, 4).flatMap(w -> canonical().list().ofSize(w).list().ofMinSize(1).ofMaxSize(6));
    }

    private static Arbitrary<String> canonical() {
        return Arbitraries.oneOf(Arbitraries.doubles(), Arbitraries.integers().between(-1000, 1000).map(i -> (double) i),
                Arbitraries.doubles().between(-1, 1), Arbitraries.of(Double.MIN_VALUE, Double.MAX_VALUE, -Double.MIN_NORMAL, 1e21, 1e-7, 0.1))
                .map(Es6NumberFormat::format);
    }
}
