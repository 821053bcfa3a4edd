package org.optimech.runtime.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class JsonParserTest {

    @Test
    void keepsNumberLiteralsExactly() throws Exception {
        JsonObject o = JsonParser.parse("{\"e\": 0.1, \"big\": 123456789012345678901234567890, \"x\": 1.50e-3}").asObject();
        assertEquals("0.1", o.get("e").orElseThrow().asNumber().literal());
        assertEquals(new BigDecimal("123456789012345678901234567890"), o.get("big").orElseThrow().asNumber().decimal());
        assertEquals("1.50e-3", o.get("x").orElseThrow().asNumber().literal());
    }

    @Test
    void preservesMemberOrder() throws Exception {
        JsonObject o = JsonParser.parse("{\"b\":1,\"a\":2,\"c\":3}").asObject();
        assertEquals(java.util.List.of("b", "a", "c"), java.util.List.copyOf(o.names()));
    }

    @Test
    void rejectsDuplicateMemberNames() {
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> JsonParser.parse("{\"a\": 1,\n \"a\": 2}"));
        assertTrue(e.getMessage().contains("Duplicate field 'a'"), e.getMessage());
        assertEquals(2, e.line());
    }

    @Test
    void rejectsNonStandardTokens() {
        for (String bad : new String[] {"NaN", "{\"e\": NaN}", "{\"e\": Infinity}", "[01]", "[+1]", "[.5]", "[1.]", "{'a': 1}", "[1] // c", "{\"a\":1,}", "[1,]"}) {
            assertThrows(JsonSyntaxException.class, () -> JsonParser.parse(bad), bad);
        }
    }

    @Test
    void rejectsTrailingContentAndEmptyInput() {
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> JsonParser.parse("{} {}"));
        assertTrue(e.getMessage().contains("after the end"), e.getMessage());
        assertThrows(JsonSyntaxException.class, () -> JsonParser.parse(""));
        assertThrows(JsonSyntaxException.class, () -> JsonParser.parse("   "));
    }

    @Test
    void rejectsUnpairedSurrogates() {
        assertThrows(JsonSyntaxException.class, () -> JsonParser.parse("[\"\\ud800\"]"));
        assertThrows(JsonSyntaxException.class, () -> JsonParser.parse("{\"\\udc00x\": 1}"));
    }

    @Test
    void acceptsPairedSurrogates() throws Exception {
        assertEquals("\ud83d\ude00", JsonParser.parse("\"\\ud83d\\ude00\"").asString());
    }

    @Test
    void limitsNesting() {
        String deep = "[".repeat(JsonParser.MAX_DEPTH + 1) + "]".repeat(JsonParser.MAX_DEPTH + 1);
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> JsonParser.parse(deep));
        assertTrue(e.getMessage().toLowerCase().contains("nesting depth"), e.getMessage());
        String ok = "[".repeat(JsonParser.MAX_DEPTH) + "]".repeat(JsonParser.MAX_DEPTH);
        org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> JsonParser.parse(ok));
    }

    @Test
    void reportsLineAndColumn() {
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> JsonParser.parse("{\n  \"a\": 1,\n  \"b\": tru\n}"));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().startsWith("malformed JSON at line 3"), e.getMessage());
    }
}
