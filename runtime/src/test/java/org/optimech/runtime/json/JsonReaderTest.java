package org.optimech.runtime.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.optimech.runtime.json.JsonReader.Token;

class JsonReaderTest {

    /** Text the reader refuses: the input, the line and column of the error, and a part of its message. */
    static Stream<Arguments> refusedText() {
        return Stream.of(
                refused("{\"a\": 1,\n \"a\": 2}", 2, 2, "Duplicate field 'a'"),
                refused("{\"a\": 1, \"\\u0061\": 2}", 1, 10, "Duplicate field 'a'"),
                refused("{\"x\": {\"a\": 1, \"b\": {}, \"a\": 2}}", 1, 25, "Duplicate field 'a'"),
                refused("{\"\\n" + "x".repeat(70) + "\": 1, \"\\n" + "x".repeat(70) + "\": 2}", 1, 81, "Duplicate field '\\n" + "x".repeat(59) + "...'"),
                refused("{\"e\": NaN}", 1, 7, "unrecognized token 'NaN'"),
                refused("[Infinity]", 1, 2, "unrecognized token 'Infinity'"),
                refused("[-Infinity]", 1, 3, "expected a digit after '-', found 'I'"),
                refused("[01]", 1, 3, "leading zeros are not allowed"),
                refused("[-01]", 1, 4, "leading zeros are not allowed"),
                refused("[00]", 1, 3, "leading zeros are not allowed"),
                refused("[+1]", 1, 2, "may not start with '+'"),
                refused("[.5]", 1, 2, "unrecognized token '.5'"),
                refused("[1.]", 1, 4, "expected a digit after the decimal point, found ']'"),
                refused("[1.e5]", 1, 4, "expected a digit after the decimal point, found 'e'"),
                refused("[0, 1e10001]", 1, 5, "number exponent out of range (at most 10000 in magnitude): 1e10001"),
                refused("[-2.5E-0000000000010001]", 1, 2, "number exponent out of range"),
                refused("[1e99999999999999999999]", 1, 2, "number exponent out of range"),
                refused("[1e]", 1, 4, "expected a digit in the exponent"),
                refused("[1e+]", 1, 5, "expected a digit in the exponent"),
                refused("[-]", 1, 3, "expected a digit after '-'"),
                refused("-", 1, 2, "unexpected end of input; expected a digit after '-'"),
                refused("[0x10]", 1, 3, "unexpected 'x' after the number 0"),
                refused("[1.5.2]", 1, 5, "unexpected '.' after the number 1.5"),
                refused("{'a': 1}", 1, 2, "expected a member name in double quotes, found '''"),
                refused("['a']", 1, 2, "expected a value, found '''"),
                refused("[1] // c", 1, 5, "unexpected content after the end of the document"),
                refused("[/* c */ 1]", 1, 2, "expected a value, found '/'"),
                refused("# c\n[1]", 1, 1, "expected a value, found '#'"),
                refused("{\"a\": 1,}", 1, 9, "trailing comma"),
                refused("[1,]", 1, 4, "trailing comma"),
                refused("[1,,2]", 1, 4, "expected a value, found ','"),
                refused("{\"a\":1,,\"b\":2}", 1, 8, "expected a member name in double quotes, found ','"),
                refused("{} {}", 1, 4, "unexpected content after the end of the document"),
                refused("[1]]", 1, 4, "unexpected content after the end of the document"),
                refused("]", 1, 1, "expected a value, found ']'"),
                refused("", 1, 1, "empty document"),
                refused(" \n  ", 2, 3, "empty document"),
                refused("[\"a\tb\"]", 1, 4, "control character U+0009 must be escaped"),
                refused("[\"a\nb\"]", 1, 4, "control character U+000A must be escaped"),
                refused("[\"\u0000\"]", 1, 3, "control character U+0000 must be escaped"),
                refused("[\"\\x\"]", 1, 4, "invalid escape: '\\' followed by 'x'"),
                refused("[\"\\'\"]", 1, 4, "invalid escape"),
                refused("[\"\\u12G4\"]", 1, 7, "invalid \\u escape: expected four hex digits, found 'G'"),
                refused("[\"\\u12\"]", 1, 7, "invalid \\u escape"),
                refused("[\"\\ud800\"]", 1, 3, "unpaired UTF-16 surrogate \\uD800"),
                refused("[\"\\udc00\"]", 1, 3, "unpaired UTF-16 surrogate \\uDC00"),
                refused("[\"ab\\ud800\\u0041\"]", 1, 5, "unpaired UTF-16 surrogate \\uD800"),
                refused("[\"\\ude00\\ud83d\"]", 1, 3, "unpaired UTF-16 surrogate \\uDE00"),
                refused("{\"\\udc00x\": 1}", 1, 3, "unpaired UTF-16 surrogate \\uDC00"),
                refused("[\"\ud800\"]", 1, 3, "unpaired UTF-16 surrogate U+D800"),
                refused("[1, \udc00]", 1, 5, "unpaired UTF-16 surrogate U+DC00"),
                refused("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'"),
                refused("{\"a\":1 \"b\":2}", 1, 8, "expected ',' or '}' after an object member, found '\"'"),
                refused("{\"a\" 1}", 1, 6, "expected ':' after the member name, found '1'"),
                refused("{\"a\":}", 1, 6, "expected a value, found '}'"),
                refused("{\"a\":]", 1, 6, "expected a value, found ']'"),
                refused("{1:2}", 1, 2, "expected a member name in double quotes, found '1'"),
                refused("[", 1, 2, "unexpected end of input; expected a value"),
                refused("[1", 1, 3, "unexpected end of input; expected ',' or ']'"),
                refused("{\"a\":1", 1, 7, "unexpected end of input; expected ',' or '}'"),
                refused("{\"a\"", 1, 5, "unexpected end of input; expected ':'"),
                refused("{", 1, 2, "unexpected end of input; expected a member name"),
                refused("[\"abc", 1, 6, "unexpected end of input inside a string"),
                refused("[\"abc\\", 1, 6, "unexpected end of input inside a string"),
                refused("[\"\\u00", 1, 7, "unexpected end of input inside a \\u escape"),
                refused("tru", 1, 1, "unrecognized token 'tru'"),
                refused("[truex]", 1, 2, "unrecognized token 'truex'"),
                refused("[True]", 1, 2, "unrecognized token 'True'"),
                refused("[" + "x".repeat(40) + "]", 1, 2, "unrecognized token '" + "x".repeat(32) + "...'"),
                refused("[\u00a0]", 1, 2, "expected a value, found (U+00A0)"),
                refused("\ufeff[1]", 1, 1, "expected a value, found (U+FEFF)"),
                refused("[\u202e]", 1, 2, "found (U+202E)"),
                refused("[\u00e9]", 1, 2, "expected a value, found '\u00e9' (U+00E9)"),
                refused("[1]\u0000", 1, 4, "unexpected content after the end of the document"),
                refused("[\u000c1]", 1, 2, "expected a value, found U+000C"),
                // columns count characters, whatever their UTF-8 or UTF-16 length
                refused("[\"\u00e9\", x]", 1, 7, "unrecognized token 'x'"),
                refused("[\"\ud83d\ude00\", x]", 1, 7, "unrecognized token 'x'"),
                refused("[\"\u20ac\u20ac\", \"\\q\"]", 1, 10, "invalid escape"),
                // CR, LF and CRLF each end a line
                refused("[1,\r\n2,\r\n x]", 3, 2, "unrecognized token 'x'"),
                refused("[1,\r x]", 2, 2, "unrecognized token 'x'"),
                refused("[1,\n\r x]", 3, 2, "unrecognized token 'x'"),
                refused("[1,\r\r\n\n x]", 4, 2, "unrecognized token 'x'"),
                refused("[".repeat(JsonReader.MAX_DEPTH + 1), 1, JsonReader.MAX_DEPTH + 1, "nesting depth exceeds the maximum of 64"),
                refused("{\"a\":".repeat(JsonReader.MAX_DEPTH + 1), 1, 5 * JsonReader.MAX_DEPTH + 1, "nesting depth"),
                refused("[" + "1".repeat(JsonReader.MAX_NUMBER_CHARS + 1) + "]", 1, 2, "number literal is longer than the maximum of 1000"),
                refused("[-" + "1".repeat(JsonReader.MAX_NUMBER_CHARS) + "]", 1, 2, "number literal is longer"),
                refused("[1." + "0".repeat(JsonReader.MAX_NUMBER_CHARS) + "]", 1, 2, "number literal is longer"));
    }

    private static Arguments refused(String text, long line, long column, String message) {
        return Arguments.of(text, line, column, message);
    }

    @ParameterizedTest
    @MethodSource("refusedText")
    void refusesWithLineAndColumn(String text, long line, long column, String message) {
        for (JsonSyntaxException e : errors(text)) {
            assertTrue(e.getMessage().contains(message), e.getMessage());
            assertEquals(line, e.line(), e.getMessage());
            assertEquals(column, e.column(), e.getMessage());
            assertTrue(e.getMessage().startsWith("malformed JSON at line " + line + ", column " + column + ": "), e.getMessage());
        }
    }

    /** Bytes the reader refuses (written as hex, with ASCII between angle brackets as text). */
    static Stream<Arguments> refusedBytes() {
        return Stream.of(
                refused("<[\"> c0 80 <\"]>", 1, 3, "invalid UTF-8: the byte 0xC0 starts an overlong encoding"),
                refused("<[\"> c1 bf <\"]>", 1, 3, "overlong"),
                refused("<[\"> e0 80 af <\"]>", 1, 3, "invalid UTF-8: an overlong encoding of U+002F"),
                refused("<[\"> f0 80 80 af <\"]>", 1, 3, "invalid UTF-8: an overlong encoding of U+002F"),
                refused("<[\"> ed a0 80 <\"]>", 1, 3, "invalid UTF-8: an encoded surrogate U+D800"),
                refused("<[\"> ed a0 bd ed b8 80 <\"]>", 1, 3, "encoded surrogate U+D83D"),
                refused("<[\"> f4 90 80 80 <\"]>", 1, 3, "invalid UTF-8: U+110000 is beyond U+10FFFF"),
                refused("<[\"> f5 80 80 80 <\"]>", 1, 3, "the byte 0xF5 never appears in UTF-8"),
                refused("<[\"> ff <\"]>", 1, 3, "the byte 0xFF never appears in UTF-8"),
                refused("<[\"> 80 <\"]>", 1, 3, "a continuation byte 0x80 does not follow a lead byte"),
                refused("<[\"> e2 82 <\"]>", 1, 3, "the lead byte 0xE2 is followed by 0x22"),
                refused("<[\"a> c3 a9 e2 82", 1, 5, "unexpected end of input inside a string"),
                refused("<[\"> c3 a9 <\", \"\\x\"]>", 1, 9, "invalid escape"),
                refused("<[> c3 a9 <]>", 1, 2, "expected a value, found '\u00e9' (U+00E9)"),
                refused("<[> ff <]>", 1, 2, "expected a value, found the byte 0xFF (not valid UTF-8 here)"),
                refused("<{\"a\":1}> ef bb bf", 1, 8, "unexpected content after the end of the document"),
                refused("ef bb bf ef bb bf <[1]>", 1, 1, "expected a value, found (U+FEFF)"),
                refused("ef bb bf", 1, 1, "empty document"),
                refused("ef bb bf <[1 2]>", 1, 4, "expected ',' or ']'"),
                refused("ef bb <[1]>", 1, 1, "the byte 0xEF"),
                // UTF-16 and UTF-32 only with a byte order mark
                refused("00 <[> 00 <1> 00 <]>", 1, 1, "looks like UTF-16 or UTF-32 without a byte order mark"),
                refused("<[> 00 <1> 00 <]> 00", 1, 1, "looks like UTF-16 or UTF-32 without a byte order mark"),
                refused("00 00 00 <[> 00 00 00 <1> 00 00 00 <]>", 1, 1, "without a byte order mark"),
                refused("fe ff 00 <[> 00 <\"> d8 00 00 <\"> 00 <]>", 1, 3, "invalid UTF-16BE: unpaired surrogate U+D800"),
                refused("ff fe <[> 00 <\"> 00 00 dc <\"> 00 <]> 00", 1, 3, "invalid UTF-16LE: unpaired surrogate U+DC00"),
                refused("fe ff 00 <[> 00 <1> 00", 1, 3, "invalid UTF-16BE: the input ends inside a code unit"),
                refused("fe ff 00 <[> 00 <1> 00 <,> 00 <x> 00 <]>", 1, 4, "unrecognized token 'x'"),
                refused("00 00 fe ff 00 00 00 <[> 00 11 00 00 00 00 00 <]>", 1, 2, "invalid UTF-32BE: 0x00110000 is not a Unicode scalar value"),
                refused("ff fe 00 00 <[> 00 00 00 00 d8 00 00", 1, 2, "invalid UTF-32LE: 0x0000D800 is not a Unicode scalar value"));
    }

    @ParameterizedTest
    @MethodSource("refusedBytes")
    void refusesBytesWithLineAndColumn(String hex, long line, long column, String message) {
        byte[] bytes = bytes(hex);
        for (JsonSyntaxException e : List.of(error(new ByteArrayInputStream(bytes)), error(new TrickleInputStream(bytes, 1)),
                error(new TrickleInputStream(bytes, 3)))) {
            assertTrue(e.getMessage().contains(message), e.getMessage());
            assertEquals(line, e.line(), e.getMessage());
            assertEquals(column, e.column(), e.getMessage());
        }
    }

    @Test
    void tokensAndTheirText() throws Exception {
        String doc = "{\"a\": [1, -0.50e+3, \"x\\ty\"], \"b\": {\"c\": true, \"d\": false, \"e\": null}, \"\": []}";
        JsonReader r = JsonReader.of(doc);
        List<String> seen = new ArrayList<>();
        for (Token t = r.next(); t != Token.END_DOCUMENT; t = r.next()) {
            seen.add(t == Token.NAME || t == Token.STRING || t == Token.NUMBER ? t + ":" + r.text() + "@" + r.depth() : t + "@" + r.depth());
        }
        assertEquals(List.of("START_OBJECT@1", "NAME:a@1", "START_ARRAY@2", "NUMBER:1@2", "NUMBER:-0.50e+3@2", "STRING:x\ty@2", "END_ARRAY@1",
                "NAME:b@1", "START_OBJECT@2", "NAME:c@2", "TRUE@2", "NAME:d@2", "FALSE@2", "NAME:e@2", "NULL@2", "END_OBJECT@1", "NAME:@1",
                "START_ARRAY@2", "END_ARRAY@1", "END_OBJECT@0"), seen);
        assertSame(Token.END_DOCUMENT, r.next());
        assertSame(Token.END_DOCUMENT, r.token());
        assertThrows(IllegalStateException.class, r::text);
    }

    @Test
    void tokenPositions() throws Exception {
        JsonReader r = JsonReader.of("{\n  \"\u00e9\": [10,\r\n   \"z\"]}");
        r.next();
        assertEquals(List.of(1L, 1L), List.of(r.line(), r.column()));
        r.next();
        assertEquals(List.of(2L, 3L), List.of(r.line(), r.column()));
        r.next();
        assertEquals(List.of(2L, 8L), List.of(r.line(), r.column()));
        r.next();
        assertEquals(List.of(2L, 9L), List.of(r.line(), r.column()));
        r.next();
        assertEquals(List.of(3L, 4L), List.of(r.line(), r.column()));
    }

    @Test
    void numberTokensKeepTheirLiteralsExactly() throws Exception {
        List<String> literals = List.of("0", "-0", "1", "-1", "0.1", "0.10", "1.50e-3", "1E5", "1e+5", "1E-05", "-0.0e-0", "123456789012345678901234567890",
                "4.9e-325", "1e400", "-1.7976931348623157e309", "1e10000", "-1E-10000", "2e+00000000010000", "0e0", "0." + "0".repeat(200) + "1", "9".repeat(JsonReader.MAX_NUMBER_CHARS));
        JsonReader r = JsonReader.of("[" + String.join(",", literals) + "]");
        r.next();
        for (String literal : literals) {
            assertSame(Token.NUMBER, r.next());
            assertEquals(literal, r.text());
        }
        assertSame(Token.END_ARRAY, r.next());
        JsonArray tree = JsonParser.parse("[" + String.join(" , ", literals) + "]").asArray();
        for (int i = 0; i < literals.size(); i++) {
            assertEquals(literals.get(i), tree.get(i).asNumber().literal());
        }
    }

    @Test
    void stringsAreFullyUnescaped() throws Exception {
        String doc = "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\\u00e9\\u20AC\\ud83d\\ude00\u00e9\u20ac\ud83d\ude00\u007f\u2028\"]";
        assertEquals("\"\\/\b\f\n\r\t\u0000\u001f\u00e9\u20ac\ud83d\ude00\u00e9\u20ac\ud83d\ude00\u007f\u2028", JsonParser.parse(doc).asArray().get(0).asString());
        assertEquals(JsonParser.parse(doc), JsonParser.parse(new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8))));
        assertEquals(JsonParser.parse(doc), JsonParser.parse(new TrickleInputStream(doc.getBytes(StandardCharsets.UTF_8), 1)));
    }

    @Test
    void namesAreUniquePerObjectNotPerDocument() throws Exception {
        JsonValue v = JsonParser.parse("{\"a\": {\"a\": 1, \"b\": 2}, \"b\": [{\"a\": 1}, {\"a\": 2}], \"c\": {\"a\": {\"a\": {}}}}");
        assertEquals(3, v.asObject().size());
    }

    @Test
    void manyNamesInOneObjectThenManySmallObjects() throws Exception {
        StringBuilder sb = new StringBuilder("[{");
        for (int i = 0; i < 100_000; i++) {
            sb.append(i > 0 ? "," : "").append("\"k").append(i).append("\":").append(i);
        }
        sb.append("}");
        sb.append(",{\"k1\":1}".repeat(100_000)).append("]");
        JsonArray a = JsonParser.parse(sb.toString()).asArray();
        assertEquals(100_000, a.get(0).asObject().size());
        assertEquals(100_001, a.size());
        String duplicate = sb.substring(0, sb.indexOf("}")) + ",\"k7\":0}]";
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> JsonParser.parse(duplicate));
        assertTrue(e.getMessage().contains("Duplicate field 'k7'"), e.getMessage());
    }

    @Test
    void readsEveryEncodingWithAByteOrderMark() throws Exception {
        String doc = "{\"a\": [\"\u00e9\u20ac\ud83d\ude00\", 1.5e3, true, null]}";
        JsonValue expected = JsonParser.parse(doc);
        assertEquals(expected, JsonParser.parse(new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8))));
        assertEquals(expected, JsonParser.parse(new ByteArrayInputStream(concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, doc.getBytes(StandardCharsets.UTF_8)))));
        for (String charset : List.of("UTF-16BE", "UTF-16LE", "UTF-32BE", "UTF-32LE")) {
            byte[] bytes = ("\ufeff" + doc).getBytes(Charset.forName(charset));
            assertEquals(expected, JsonParser.parse(new ByteArrayInputStream(bytes)), charset);
            assertEquals(expected, JsonParser.parse(new TrickleInputStream(bytes, 1)), charset);
        }
    }

    @Test
    void textAndCharArraysReadAlike() throws Exception {
        String doc = "  {\"w\": [[\"1\", \"2\"], [\"3\", \"\u00e9\"]]}  ";
        char[] padded = ("xx" + doc + "yy").toCharArray();
        JsonReader r = JsonReader.of(padded, 2, doc.length());
        r.next();
        assertEquals(JsonParser.parse(doc), r.readValue());
        assertSame(Token.END_DOCUMENT, r.next());
    }

    @Test
    void tokensAcrossBufferBoundaries() throws Exception {
        // Each token kind straddles the reader's blocks when the stream hands out a few bytes at a time.
        String doc = "{\"name\\u00e9\": [123456789012345678901234567890, -1.25e-300, \"\\ud83d\\ude00\u00e9\u20ac\ud83d\ude00\", true, false, null],"
                + " \"" + "s".repeat(70_000) + "\": \"" + "\u00e9".repeat(40_000) + "\", \"n\": " + "7".repeat(JsonReader.MAX_NUMBER_CHARS) + "}";
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        JsonValue expected = JsonParser.parse(doc);
        for (int chunk : new int[] {1, 2, 3, 5, 7, 4096, 65_535, 65_537}) {
            assertEquals(expected, JsonParser.parse(new TrickleInputStream(bytes, chunk)), "chunk " + chunk);
        }
    }

    @Test
    void theFailureIsSticky() {
        JsonReader r = JsonReader.of("[1, x]");
        JsonSyntaxException first = assertThrows(JsonSyntaxException.class, () -> {
            while (r.next() != Token.END_DOCUMENT) {
                // read on
            }
        });
        assertSame(first, assertThrows(JsonSyntaxException.class, r::next));
    }

    @Test
    void readValueAndSkipValueLeaveTheReaderAfterTheValue() throws Exception {
        JsonReader r = JsonReader.of("[{\"a\": [1, {\"b\": []}]}, 2, [3, [4]], \"s\"]");
        r.next();
        r.next();
        r.skipValue();
        assertSame(Token.END_OBJECT, r.token());
        r.next();
        assertEquals(JsonNumber.of(2), r.readValue());
        r.next();
        assertEquals(JsonParser.parse("[3, [4]]"), r.readValue());
        assertSame(Token.END_ARRAY, r.token());
        assertEquals(1, r.depth());
        r.next();
        r.skipValue();
        assertSame(Token.END_ARRAY, r.next());
        assertSame(Token.END_DOCUMENT, r.next());
        assertThrows(IllegalStateException.class, r::readValue);
    }

    @Test
    void skipValueStillChecks() throws Exception {
        JsonReader r = JsonReader.of("[{\"a\": 1, \"a\": 2}]");
        r.next();
        r.next();
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, r::skipValue);
        assertTrue(e.getMessage().contains("Duplicate field 'a'"), e.getMessage());
    }

    @Test
    void limitsOnStringsAndDocuments() throws Exception {
        assertEquals("0123456789", read(limited("[\"0123456789\"]", 10, 100)).asArray().get(0).asString());
        for (String s : List.of("\"01234567890\"", "\"\\u0030123456789A\"", "\"\u00e9123456789A\"", "\"\ud83d\ude0012345678A\"")) {
            JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> read(limited("[1, " + s + "]", 10, 100)), s);
            assertTrue(e.getMessage().contains("a string is longer than the maximum of 10 characters"), e.getMessage());
            assertEquals(5, e.column());
        }
        assertEquals(JsonParser.parse("[1, 2]"), read(limited("[1, 2]", 10, 6)));
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> read(limited("[1, 2] ", 10, 6)));
        assertTrue(e.getMessage().contains("the document is longer than the maximum of 6 bytes"), e.getMessage());
        assertEquals(7, e.column());
        e = assertThrows(JsonSyntaxException.class, () -> read(limited("[\"\u00e9\u20ac\"]", 10, 6)));
        assertEquals(4, e.column()); // the euro sign takes bytes 4 to 6, and 6 is beyond the limit
    }

    @Test
    void theLongestStringAccepted() throws Exception {
        String longest = "a".repeat(JsonReader.MAX_STRING_CHARS - 1) + "\u00e9";
        assertEquals(JsonReader.MAX_STRING_CHARS, JsonParser.parse("\"" + longest + "\"").asString().length());
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> JsonParser.parse("\"" + longest + "x\""));
        assertTrue(e.getMessage().contains("a string is longer than the maximum of " + JsonReader.MAX_STRING_CHARS), e.getMessage());
    }

    @Test
    void theLargestDocumentAccepted() {
        // 2^30 bytes of white space and then a value: the value's first byte is one too many.
        InputStream in = new SpacesInputStream(JsonReader.MAX_DOCUMENT_BYTES, (byte) '1');
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> JsonParser.parse(in));
        assertTrue(e.getMessage().contains("the document is longer than the maximum of 1073741824 bytes"), e.getMessage());
        assertEquals(JsonReader.MAX_DOCUMENT_BYTES + 1, e.column());
    }

    /**
     * A consumer reads a million-element array element by element: the document (about 60 MB) is generated as it is
     * read, and the heap in use stays within a few megabytes of where it started.
     */
    @Test
    void streamsAHugeArrayElementByElementInBoundedMemory() throws Exception {
        int n = 1_000_000;
        InputStream in = new ElementsInputStream(n);
        long baseline = usedHeapAfterGc();
        long peak = 0;
        try (JsonReader r = JsonReader.of(in)) {
            assertSame(Token.START_ARRAY, r.next());
            int i = 0;
            while (r.next() != Token.END_ARRAY) {
                JsonObject e = r.readValue().asObject();
                assertEquals(i, e.get("id").orElseThrow().asNumber().bigIntegerValueExact().intValueExact());
                assertEquals("element-" + i, e.get("name").orElseThrow().asString());
                if (++i % 200_000 == 0) {
                    peak = Math.max(peak, usedHeapAfterGc() - baseline);
                }
            }
            assertEquals(n, i);
            assertSame(Token.END_DOCUMENT, r.next());
        }
        assertTrue(((ElementsInputStream) in).produced > 50_000_000L, "the document is large: " + ((ElementsInputStream) in).produced);
        assertTrue(peak < 16L << 20, "heap grew by " + peak + " bytes while streaming");
    }

    static long usedHeapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static JsonValue read(JsonReader r) throws JsonSyntaxException {
        r.next();
        JsonValue v = r.readValue();
        assertSame(Token.END_DOCUMENT, r.next());
        return v;
    }

    private static JsonReader limited(String doc, int maxString, long maxDocument) {
        return JsonReader.withLimits(new TrickleInputStream(doc.getBytes(StandardCharsets.UTF_8), 3), JsonReader.MAX_DEPTH, JsonReader.MAX_NUMBER_CHARS,
                maxString, maxDocument);
    }

    /** The errors for a text read as a string, as a char array, and as UTF-8 bytes handed out whole or a byte at a time. */
    private static List<JsonSyntaxException> errors(String text) {
        List<JsonSyntaxException> out = new ArrayList<>();
        out.add(assertThrows(JsonSyntaxException.class, () -> JsonParser.parse(text), text));
        out.add(assertThrows(JsonSyntaxException.class, () -> read(JsonReader.of(text.toCharArray(), 0, text.length())), text));
        if (!hasUnpairedSurrogate(text) && !text.startsWith("\ufeff")) { // in bytes, U+FEFF first is a byte order mark
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            out.add(error(new ByteArrayInputStream(bytes)));
            out.add(error(new TrickleInputStream(bytes, 1)));
        }
        return out;
    }

    private static JsonSyntaxException error(InputStream in) {
        return assertThrows(JsonSyntaxException.class, () -> JsonParser.parse(in));
    }

    private static boolean hasUnpairedSurrogate(String s) {
        return !s.equals(new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
    }

    /** {@code "<[\"> c0 80"}: text between angle brackets as its ASCII bytes, the rest as hex bytes. */
    static byte[] bytes(String spec) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        while (i < spec.length()) {
            char c = spec.charAt(i);
            if (c == ' ') {
                i++;
            } else if (c == '<') {
                int end = spec.indexOf('>', i);
                out.writeBytes(spec.substring(i + 1, end).getBytes(StandardCharsets.US_ASCII));
                i = end + 1;
            } else {
                out.write(Integer.parseInt(spec.substring(i, i + 2), 16));
                i += 2;
            }
        }
        return out.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** Hands out at most {@code chunk} bytes per read, so tokens straddle the reader's blocks. */
    static final class TrickleInputStream extends InputStream {
        private final byte[] bytes;
        private final int chunk;
        private int pos;

        TrickleInputStream(byte[] bytes, int chunk) {
            this.bytes = bytes;
            this.chunk = chunk;
        }

        @Override
        public int read() {
            return pos < bytes.length ? bytes[pos++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos == bytes.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, chunk), bytes.length - pos);
            System.arraycopy(bytes, pos, b, off, n);
            pos += n;
            return n;
        }
    }

    /** {@code spaces} spaces and then one byte. */
    static final class SpacesInputStream extends InputStream {
        private final long spaces;
        private final byte last;
        private long pos;

        SpacesInputStream(long spaces, byte last) {
            this.spaces = spaces;
            this.last = last;
        }

        @Override
        public int read() {
            if (pos > spaces) {
                return -1;
            }
            return pos++ < spaces ? ' ' : last & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos > spaces) {
                return -1;
            }
            if (pos == spaces) {
                b[off] = last;
                pos++;
                return 1;
            }
            int n = (int) Math.min(len, spaces - pos);
            Arrays.fill(b, off, off + n, (byte) ' ');
            pos += n;
            return n;
        }
    }

    /** {@code [{"id":0,"name":"element-0","w":["1","2","3"]}, ...]}, produced as it is read. */
    static final class ElementsInputStream extends InputStream {
        private final int count;
        private int next;
        private byte[] pending = "[".getBytes(StandardCharsets.US_ASCII);
        private int pendingPos;
        long produced;

        ElementsInputStream(int count) {
            this.count = count;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pendingPos == pending.length) {
                if (next > count) {
                    return -1;
                }
                String s = next == count ? "]" : (next > 0 ? ",\n  " : "\n  ") + "{\"id\": " + next + ", \"name\": \"element-" + next + "\", \"w\": [\"1\", \"2\", \"3\"]}";
                pending = s.getBytes(StandardCharsets.US_ASCII);
                pendingPos = 0;
                next++;
            }
            int n = Math.min(len, pending.length - pendingPos);
            System.arraycopy(pending, pendingPos, b, off, n);
            pendingPos += n;
            produced += n;
            return n;
        }
    }
}
