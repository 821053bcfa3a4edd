package org.optimech.runtime.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class JsonStreamWriterTest {

    /** The stream writer's four outputs for a tree, each compared with {@link JsonWriter}'s. */
    static void assertSameAsJsonWriter(JsonValue tree) throws IOException {
        assertEquals(JsonWriter.compact(tree), write(tree, false), "compact");
        assertEquals(JsonWriter.pretty(tree), write(tree, true), "pretty");
        assertArrayEquals(JsonWriter.compact(tree).getBytes(StandardCharsets.UTF_8), writeBytes(tree, false), "compact UTF-8");
        assertArrayEquals(JsonWriter.pretty(tree).getBytes(StandardCharsets.UTF_8), writeBytes(tree, true), "pretty UTF-8");
    }

    static String write(JsonValue tree, boolean pretty) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonStreamWriter w = pretty ? JsonStreamWriter.pretty(out) : JsonStreamWriter.compact(out)) {
            w.value(tree);
        }
        return out.toString();
    }

    static byte[] writeBytes(JsonValue tree, boolean pretty) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonStreamWriter w = pretty ? JsonStreamWriter.pretty(out) : JsonStreamWriter.compact(out)) {
            w.value(tree);
        }
        return out.toByteArray();
    }

    @Test
    void writesWhatJsonWriterWrites() throws Exception {
        for (String doc : List.of("1", "\"s\"", "null", "true", "{}", "[]", "[[]]", "[{}]", "[[], {}]", "{\"a\": {}}", "{\"a\": []}", "{\"a\": [[]]}",
                "[1, 2, 3]", "[1, [2], 3]", "[1, {\"x\": 1}, 3, \"4\"]", "[[1, 2], [3, 4]]", "[{\"a\": [1, 2]}, [[\"x\"], []], null]",
                "{\"w\": [[\"1\", \"2\"], [\"3\", \"4\"]], \"e\": {}, \"n\": [1.50e-3, -0, 1E5]}",
                "{\"\": \"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000\\u0001\\u001f\\u007f\\u00e9\\u20ac\\ud83d\\ude00\\u2028\"}",
                "[" + "[".repeat(30) + "1, 2" + "]".repeat(30) + "]")) {
            assertSameAsJsonWriter(JsonParser.parse(doc));
        }
    }

    @Test
    void writesTheGoldenSpecsAsJsonWriterDoes() throws Exception {
        Path dir = Path.of(Objects.requireNonNull(getClass().getResource("/golden/v1")).toURI());
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".json")).collect(Collectors.toList());
        }
        assertFalse(files.isEmpty());
        for (Path f : files) {
            JsonValue tree = JsonParser.parse(f);
            assertSameAsJsonWriter(tree);
            assertEquals(tree, JsonParser.parse(write(tree, true)));
        }
    }

    @Test
    void incrementalCallsWriteTheTreesText() throws Exception {
        StringWriter out = new StringWriter();
        try (JsonStreamWriter w = JsonStreamWriter.pretty(out)) {
            w.beginObject().name("format").value("optimech-spec").name("version").value(1).name("epsilon").value(0.1)
                    .name("flags").beginArray().value(true).value(false).nullValue().endArray()
                    .name("weights").beginArray();
            for (int row = 0; row < 3; row++) {
                w.beginArray();
                for (int col = 0; col < 3; col++) {
                    w.value(Integer.toString(row * 3 + col));
                }
                w.endArray();
            }
            w.endArray().name("tree").value(JsonParser.parse("{\"a\": [1, {\"b\": 2.50}]}")).endObject();
            assertTrue(w.isComplete());
        }
        JsonObject expected = JsonObject.builder().put("format", "optimech-spec").put("version", 1).put("epsilon", 0.1)
                .put("flags", JsonArray.of(JsonBoolean.TRUE, JsonBoolean.FALSE, JsonNull.INSTANCE))
                .put("weights", JsonParser.parse("[[\"0\",\"1\",\"2\"],[\"3\",\"4\",\"5\"],[\"6\",\"7\",\"8\"]]"))
                .put("tree", JsonParser.parse("{\"a\": [1, {\"b\": 2.50}]}")).build();
        assertEquals(JsonWriter.pretty(expected), out.toString());
    }

    @Test
    void refusesCallsOutOfOrder() throws Exception {
        JsonStreamWriter w = JsonStreamWriter.compact(new StringWriter());
        assertThrows(IllegalStateException.class, w::endObject);
        assertThrows(IllegalStateException.class, w::endArray);
        assertThrows(IllegalStateException.class, () -> w.name("a"));
        w.beginObject();
        assertThrows(IllegalStateException.class, () -> w.value(1));
        assertThrows(IllegalStateException.class, w::endArray);
        w.name("a");
        assertThrows(IllegalStateException.class, () -> w.name("b"));
        assertThrows(IllegalStateException.class, w::endObject);
        w.beginArray();
        assertThrows(IllegalStateException.class, () -> w.name("c"));
        assertThrows(IllegalStateException.class, w::endObject);
        w.endArray().endObject();
        assertThrows(IllegalStateException.class, () -> w.value(2));
        assertThrows(IllegalStateException.class, w::beginArray);
        w.close();
        JsonStreamWriter incomplete = JsonStreamWriter.compact(new StringWriter());
        incomplete.beginArray();
        assertThrows(IllegalStateException.class, incomplete::close);
    }

    /** What no reader could read back is refused, and the refused call writes nothing. */
    @Test
    void refusesDuplicateNamesUnpairedSurrogatesAndNonFiniteNumbers() throws Exception {
        StringWriter out = new StringWriter();
        try (JsonStreamWriter w = JsonStreamWriter.pretty(out)) {
            w.beginObject().name("a").value(1);
            assertThrows(IllegalArgumentException.class, () -> w.name("a"));
            assertThrows(IllegalArgumentException.class, () -> w.name("x\ud800"));
            w.name("b").beginArray();
            assertThrows(IllegalArgumentException.class, () -> w.value("\udc00"));
            assertThrows(IllegalArgumentException.class, () -> w.value(Double.NaN));
            assertThrows(IllegalArgumentException.class, () -> w.value(Double.POSITIVE_INFINITY));
            w.value("\ud83d\ude00").endArray().name("c").beginObject().name("a").value(2).endObject().endObject();
        }
        assertEquals("{\n  \"a\": 1,\n  \"b\": [\"\ud83d\ude00\"],\n  \"c\": {\n    \"a\": 2\n  }\n}\n", out.toString());
    }

    /**
     * A codec writes a million-row weight table: rows stream out as they are written (the pretty form holds back one
     * row at a time), so the heap stays within a few megabytes of where it started.
     */
    @Test
    void streamsAMillionRowsInBoundedMemory() throws Exception {
        // the layout, checked on a small table against the tree writer
        ByteArrayOutputStream small = new ByteArrayOutputStream();
        writeTable(1000, small, new long[1]);
        List<JsonValue> rowsOfSmall = new java.util.ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            rowsOfSmall.add(JsonArray.ofStrings(List.of("1", Integer.toString(i), "255")));
        }
        JsonObject tree = JsonObject.builder().put("weights", JsonArray.of(rowsOfSmall)).build();
        assertArrayEquals(JsonWriter.pretty(tree).getBytes(StandardCharsets.UTF_8), small.toByteArray());

        int rows = 1_000_000;
        CountingOutputStream out = new CountingOutputStream();
        long[] peak = new long[1];
        writeTable(rows, out, peak);
        long digits = 0;
        for (int i = 0; i < rows; i++) {
            digits += Integer.toString(i).length();
        }
        // "{\n  \"weights\": [" + per row ",\n    [\"1\", \"i\", \"255\"]" (no comma first) + "\n  ]\n}\n"
        assertEquals(16 + rows * 21L + digits + (rows - 1) + 7, out.count);
        assertTrue(peak[0] < 16L << 20, "heap grew by " + peak[0] + " bytes while writing");
    }

    private static void writeTable(int rows, OutputStream out, long[] peak) throws IOException {
        long baseline = JsonReaderTest.usedHeapAfterGc();
        try (JsonStreamWriter w = JsonStreamWriter.pretty(out)) {
            w.beginObject().name("weights").beginArray();
            for (int i = 0; i < rows; i++) {
                w.beginArray().value("1").value(Integer.toString(i)).value("255").endArray();
                if ((i + 1) % 250_000 == 0) {
                    peak[0] = Math.max(peak[0], JsonReaderTest.usedHeapAfterGc() - baseline);
                }
            }
            w.endArray().endObject();
        }
    }

    private static final class CountingOutputStream extends OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
