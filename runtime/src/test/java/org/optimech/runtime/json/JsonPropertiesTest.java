package org.optimech.runtime.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * Properties of the reader and writers over random trees: what is written reads back as the same tree with the same
 * number literals; the streaming writer writes what the tree writer writes; and a valid document with random byte
 * mutations ends in a tree or a {@link JsonSyntaxException}, never another exception.
 */
class JsonPropertiesTest {

    /** Byte sequences that mutations insert: structure, escapes, bad and good UTF-8, byte order marks. */
    private static final byte[][] SPLICES = {
        bytes(","), bytes("]"), bytes("}"), bytes("["), bytes("{"), bytes("\""), bytes("\\"), bytes("\\u"), bytes("\\ud800"), bytes("\\udc00"),
        bytes(":"), bytes("0"), bytes("-"), bytes("."), bytes("e"), bytes("+"), bytes("\n"), bytes("\r"), bytes("\t"), bytes(" "), bytes("true"),
        bytes("nul"), bytes("1e400"), bytes("NaN"), bytes("/*"), bytes("'"), {(byte) 0xC3, (byte) 0xA9}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
        {(byte) 0xC0, (byte) 0x80}, {(byte) 0xE0, (byte) 0x80, (byte) 0xAF}, {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80},
        {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, {(byte) 0xFE, (byte) 0xFF}, {(byte) 0xFF, (byte) 0xFE},
        {0}, {0, 0}, {(byte) 0x80}, {(byte) 0xFF}};

    @Provide
    Arbitrary<JsonValue> trees() {
        return value(4).withoutEdgeCases(); // combining the edge cases of nested trees costs more than the tries
    }

    private Arbitrary<JsonValue> value(int depth) {
        Arbitrary<JsonValue> scalar = Arbitraries.frequencyOf(
                Tuple.of(3, text().map(JsonString::new)),
                Tuple.of(3, numberLiterals().map(JsonNumber::ofLiteral)),
                Tuple.of(1, Arbitraries.of(JsonBoolean.TRUE, JsonBoolean.FALSE, JsonNull.INSTANCE)));
        if (depth == 0) {
            return scalar;
        }
        Arbitrary<JsonValue> array = value(depth - 1).list().ofMaxSize(5).map(JsonArray::of);
        Arbitrary<JsonValue> object = Arbitraries.maps(text(), value(depth - 1)).ofMaxSize(5).map(JsonObject::of);
        return Arbitraries.frequencyOf(Tuple.of(3, scalar), Tuple.of(2, array), Tuple.of(2, object));
    }

    /** Strings of any Unicode scalar values, leaning on ASCII and on the characters that need escapes. */
    private static Arbitrary<String> text() {
        Arbitrary<Integer> codePoint = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.integers().between(0x20, 0x7E)),
                Tuple.of(2, Arbitraries.of((int) '"', (int) '\\', (int) '/', 0, 0x1F, 0x7F, 0x2028, 0xFEFF, 0xFFFD, 0x1F600)),
                Tuple.of(1, Arbitraries.integers().between(0, 0x1F)),
                Tuple.of(2, Arbitraries.integers().between(0x80, Character.MAX_CODE_POINT).filter(cp -> cp < 0xD800 || cp > 0xDFFF)));
        return codePoint.list().ofMaxSize(12).map(cps -> {
            StringBuilder sb = new StringBuilder();
            cps.forEach(sb::appendCodePoint);
            return sb.toString();
        });
    }

    /** Literals of the RFC 8259 number grammar, in every form it allows. */
    private static Arbitrary<String> numberLiterals() {
        Arbitrary<String> digits = Arbitraries.strings().withCharRange('0', '9').ofMinLength(1).ofMaxLength(25);
        Arbitrary<String> integer = Arbitraries.oneOf(Arbitraries.just("0"),
                Combinators.combine(Arbitraries.strings().withCharRange('1', '9').ofLength(1), Arbitraries.strings().withCharRange('0', '9').ofMaxLength(25))
                        .as(String::concat));
        Arbitrary<String> fraction = Arbitraries.oneOf(Arbitraries.just(""), digits.map(d -> "." + d));
        Arbitrary<String> exponent = Arbitraries.oneOf(Arbitraries.just(""),
                Combinators.combine(Arbitraries.of("e", "E"), Arbitraries.of("", "+", "-"), digits.map(d -> d.substring(0, Math.min(d.length(), 4))))
                        .as((e, s, d) -> e + s + d));
        return Combinators.combine(Arbitraries.of("", "-"), integer, fraction, exponent).as((a, b, c, d) -> a + b + c + d);
    }

    @Property(tries = 500)
    void writtenTreesReadBackWithTheirLiterals(@ForAll("trees") JsonValue tree, @ForAll @IntRange(min = 1, max = 70_000) int chunk) throws Exception {
        for (String text : List.of(JsonWriter.compact(tree), JsonWriter.pretty(tree))) {
            JsonValue fromText = JsonParser.parse(text);
            assertEquals(tree, fromText);
            assertEquals(JsonWriter.compact(tree), JsonWriter.compact(fromText)); // the same literals, not just equal numbers
            JsonValue fromBytes = JsonParser.parse(new JsonReaderTest.TrickleInputStream(text.getBytes(StandardCharsets.UTF_8), chunk));
            assertEquals(JsonWriter.compact(tree), JsonWriter.compact(fromBytes));
        }
    }

    @Property(tries = 500)
    void theStreamWriterWritesWhatTheTreeWriterWrites(@ForAll("trees") JsonValue tree) throws Exception {
        JsonStreamWriterTest.assertSameAsJsonWriter(tree);
    }

    /** One edit of a document's bytes. */
    record Mutation(int kind, int where, int what) {
        byte[] apply(byte[] d) {
            int at = d.length == 0 ? 0 : Math.floorMod(where, d.length + 1);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            switch (kind) {
                case 0: // replace a byte
                    if (d.length == 0) {
                        return d;
                    }
                    byte[] c = d.clone();
                    c[Math.min(at, d.length - 1)] = (byte) what;
                    return c;
                case 1: // insert a byte
                    out.write(d, 0, at);
                    out.write(what);
                    out.write(d, at, d.length - at);
                    return out.toByteArray();
                case 2: // delete up to eight bytes
                    int n = Math.min(d.length - at, 1 + Math.floorMod(what, 8));
                    out.write(d, 0, at);
                    out.write(d, at + n, d.length - at - n);
                    return out.toByteArray();
                case 3: // splice in a telling sequence
                    byte[] s = SPLICES[Math.floorMod(what, SPLICES.length)];
                    out.write(d, 0, at);
                    out.write(s, 0, s.length);
                    out.write(d, at, d.length - at);
                    return out.toByteArray();
                case 4: // truncate
                    return java.util.Arrays.copyOf(d, at);
                default: // repeat a slice of up to 32 bytes
                    int len = Math.min(d.length - at, Math.floorMod(what, 33));
                    out.write(d, 0, at + len);
                    out.write(d, at, d.length - at);
                    return out.toByteArray();
            }
        }
    }

    @Provide
    Arbitrary<List<Mutation>> mutations() {
        return Combinators.combine(Arbitraries.integers().between(0, 5), Arbitraries.integers(), Arbitraries.integers().between(0, 255))
                .as(Mutation::new).list().ofMinSize(1).ofMaxSize(6);
    }

    @Property(tries = 2000)
    void mutatedDocumentsEndInATreeOrASyntaxError(@ForAll("trees") JsonValue tree, @ForAll boolean pretty, @ForAll("mutations") List<Mutation> mutations,
            @ForAll @IntRange(min = 1, max = 64) int chunk) throws Exception {
        byte[] d = (pretty ? JsonWriter.pretty(tree) : JsonWriter.compact(tree)).getBytes(StandardCharsets.UTF_8);
        for (Mutation m : mutations) {
            d = m.apply(d);
        }
        JsonValue fromBytes = parseOrNull(d, chunk);
        JsonValue whole = parseOrNull(d, Integer.MAX_VALUE);
        assertEquals(whole == null ? null : JsonWriter.compact(whole), fromBytes == null ? null : JsonWriter.compact(fromBytes), "the blocks do not matter");
        if (fromBytes != null) {
            assertEquals(fromBytes, JsonParser.parse(JsonWriter.compact(fromBytes)));
        }
        try {
            JsonParser.parse(new String(d, StandardCharsets.UTF_8));
        } catch (JsonSyntaxException e) {
            // refused: fine
        }
    }

    private static JsonValue parseOrNull(byte[] d, int chunk) {
        try {
            return JsonParser.parse(chunk == Integer.MAX_VALUE ? new ByteArrayInputStream(d) : new JsonReaderTest.TrickleInputStream(d, chunk));
        } catch (JsonSyntaxException e) {
            return null;
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
