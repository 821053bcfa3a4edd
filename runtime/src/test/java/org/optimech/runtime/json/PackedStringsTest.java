package org.optimech.runtime.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Arrays of strings, and of rows of strings, are held packed in one text by the reader and by {@link JsonArray#ofStrings}
 * (facet normals and bases written as rationals), and packing is invisible: a parsed array equals, hashes, writes and
 * canonicalizes exactly as the tree of its strings, built here from {@link JsonString} nodes without the reader.
 */
class PackedStringsTest {
    private static final String[] PIECES = {"", "0", "1", "-1", "1/3", "-22/7", "a\"b", "\\", "é", "😀", "\u0001", "x y", "/"};

    @Property(tries = 400)
    void aParsedArrayIsTheTreeOfItsStrings(@ForAll("rows") List<List<Object>> rows) throws Exception {
        JsonArray expected = tree(rows);
        String text = JsonWriter.compact(expected);
        JsonValue parsed = parse(text);
        assertEquals(expected, parsed);
        assertEquals(parsed, expected);
        assertEquals(expected.hashCode(), parsed.hashCode());
        assertEquals(text, JsonWriter.compact(parsed));
        assertEquals(JsonWriter.canonical(expected), JsonWriter.canonical(parsed));
        assertEquals(JsonWriter.pretty(expected), JsonWriter.pretty(parsed));
        for (int i = 0; i < rows.size(); i++) {
            for (int j = 0; j < rows.get(i).size(); j++) {
                assertEquals(expected.get(i).asArray().get(j), parsed.asArray().get(i).asArray().get(j), "element " + i + ", " + j);
            }
        }
    }

    @Property(tries = 200)
    void rowsOfStringsAreHeldPacked(@ForAll("stringRows") List<List<Object>> rows) throws Exception {
        JsonArray parsed = parse(JsonWriter.compact(tree(rows))).asArray();
        assertTrue(parsed.isPackedStrings(), "rows of one length, every element a string: " + rows);
        for (JsonValue row : parsed.elements()) {
            assertTrue(row.asArray().isPackedStrings());
        }
        JsonArray flat = parse(JsonWriter.compact(tree(rows).get(0))).asArray();
        assertTrue(flat.isPackedStrings());
    }

    @Test
    void aNonStringAnywhereUnpacksItsArrayOnly() throws Exception {
        for (String odd : new String[] {"1", "null", "[\"a\"]", "{\"a\": \"b\"}", "true"}) {
            JsonArray first = parse("[[" + odd + ", \"2\"], [\"3\", \"4\"]]").asArray();
            JsonArray middle = parse("[[\"1\", \"2\"], [\"3\", " + odd + "], [\"5\", \"6\"]]").asArray();
            JsonArray flat = parse("[\"1\", \"2\", " + odd + ", \"4\"]").asArray();
            assertFalse(first.isPackedStrings(), odd);
            assertFalse(middle.isPackedStrings(), odd);
            assertFalse(flat.isPackedStrings(), odd);
            assertTrue(middle.get(2).asArray().isPackedStrings(), "a row after the odd one is read packed again");
            String compactOdd = JsonWriter.compact(parse(odd));
            assertEquals("[[\"1\",\"2\"],[\"3\"," + compactOdd + "],[\"5\",\"6\"]]", JsonWriter.compact(middle));
            assertEquals("[\"1\",\"2\"," + compactOdd + ",\"4\"]", JsonWriter.compact(flat));
        }
    }

    @Test
    void rowsOfDifferentLengthsOrShapesAreReadAsTheyAre() throws Exception {
        for (String text : new String[] {"[[\"a\", \"b\"], [\"c\"]]", "[[\"a\"], [\"b\", \"c\"]]", "[[\"a\"], []]", "[[\"a\"], \"b\"]", "[[\"a\"], [1]]",
            "[[\"a\", [\"b\"]], [\"c\", \"d\"]]", "[\"a\", [\"b\"]]", "[[[\"a\"]], [[\"b\"]]]", "[[\"a\", \"b\"], [\"c\", \"d\", \"e\"]]", "[\"\"]", "[[\"\"]]"}) {
            JsonValue parsed = parse(text);
            assertEquals(text.replace(" ", ""), JsonWriter.compact(parsed), text);
        }
    }

    @Test
    void ofStringsPacksACopyAndRefusesNull() {
        List<String> values = new ArrayList<>(List.of("1/3", "", "-2"));
        JsonArray a = JsonArray.ofStrings(values);
        values.set(0, "7");
        assertTrue(a.isPackedStrings());
        assertEquals("[\"1/3\",\"\",\"-2\"]", JsonWriter.compact(a), "the array holds a copy");
        assertEquals(JsonArray.of(new JsonString("1/3"), new JsonString(""), new JsonString("-2")), a);
        assertEquals(JsonArray.of(new JsonString("1/3"), new JsonString(""), new JsonString("-2")).hashCode(), a.hashCode());
        assertEquals("-2", a.get(2).asString());
        assertThrows(IndexOutOfBoundsException.class, () -> a.get(3));
        assertThrows(NullPointerException.class, () -> JsonArray.ofStrings(Arrays.asList("a", null)));
    }

    private static JsonArray tree(List<List<Object>> rows) {
        List<JsonValue> out = new ArrayList<>();
        for (List<Object> row : rows) {
            List<JsonValue> r = new ArrayList<>();
            for (Object o : row) {
                r.add(o instanceof String s ? new JsonString(s) : JsonNumber.of((Integer) o));
            }
            out.add(JsonArray.of(r));
        }
        return JsonArray.of(out);
    }

    private static JsonValue parse(String text) throws JsonSyntaxException {
        try (JsonReader r = JsonReader.of(text)) {
            r.next();
            return r.readValue();
        }
    }

    private static Arbitrary<String> string() {
        return Arbitraries.of(PIECES).list().ofMaxSize(3).map(l -> String.join("", l));
    }

    /** Rows of strings, mostly of one length, with a number now and then. */
    @Provide
    Arbitrary<List<List<Object>>> rows() {
        Arbitrary<Object> element = Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(20, string().map(s -> (Object) s)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(-5, 5).map(i -> (Object) i)));
        return Arbitraries.integers().between(1, 4).flatMap(cols -> element.list().ofSize(cols).list().ofMinSize(1).ofMaxSize(6)
                .flatMap(rows -> Arbitraries.integers().between(0, 9).map(odd -> {
                    List<List<Object>> out = new ArrayList<>(rows);
                    if (odd == 0) {
                        out.set(out.size() - 1, new ArrayList<>(out.get(out.size() - 1)).subList(0, Math.max(0, cols - 1)));
                    }
                    return out;
                })));
    }

    /** Rows of strings, all of one length. */
    @Provide
    Arbitrary<List<List<Object>>> stringRows() {
        return Arbitraries.integers().between(1, 4).flatMap(cols -> string().map(s -> (Object) s).list().ofSize(cols).list().ofMinSize(1).ofMaxSize(6));
    }
}
