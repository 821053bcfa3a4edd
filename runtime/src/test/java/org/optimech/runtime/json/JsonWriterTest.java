package org.optimech.runtime.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class JsonWriterTest {

    /** RFC 8785 §3.2.3: members sorted by UTF-16 code units (the emoji's high surrogate sorts before U+FB33). */
    @Test
    void sortsMembersByUtf16CodeUnits() throws Exception {
        String input = "{\"\\u20ac\":\"Euro Sign\",\"\\r\":\"Carriage Return\",\"\\ufb33\":\"Hebrew Letter Dalet With Dagesh\","
                + "\"1\":\"One\",\"\\ud83d\\ude00\":\"Emoji: Grinning Face\",\"\\u0080\":\"Control\",\"\\u00f6\":\"Latin Small Letter O With Diaeresis\"}";
        String expected = "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":\"Control\",\"\u00f6\":\"Latin Small Letter O With Diaeresis\","
                + "\"\u20ac\":\"Euro Sign\",\"\ud83d\ude00\":\"Emoji: Grinning Face\",\"\ufb33\":\"Hebrew Letter Dalet With Dagesh\"}";
        assertEquals(expected, JsonWriter.canonical(JsonParser.parse(input)));
    }

    /** RFC 8785 §3.2.2 example of number and string serialization. */
    @Test
    void rfc8785Example() throws Exception {
        String input = "{\n  \"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n"
                + "  \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\",\n"
                + "  \"literals\": [null, true, false]\n}";
        String expected = "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
                + "\"string\":\"\u20ac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}";
        assertEquals(expected, JsonWriter.canonical(JsonParser.parse(input)));
    }

    @Test
    void numbersOutsideDoubleRangeCannotBeCanonicalized() throws Exception {
        JsonValue v = JsonParser.parse("[1e400]");
        assertThrows(IllegalArgumentException.class, () -> JsonWriter.canonical(v));
    }

    @Test
    void prettyPrintsScalarArraysOnOneLine() throws Exception {
        JsonValue v = JsonParser.parse("{\"w\":[[\"1\",\"2\"],[\"3\",\"4\"]],\"e\":{}}");
        assertEquals("{\n  \"w\": [\n    [\"1\", \"2\"],\n    [\"3\", \"4\"]\n  ],\n  \"e\": {}\n}\n", JsonWriter.pretty(v));
        assertEquals(v, JsonParser.parse(JsonWriter.pretty(v)));
    }
}
