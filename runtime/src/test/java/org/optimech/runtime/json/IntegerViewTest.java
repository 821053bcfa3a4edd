package org.optimech.runtime.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * An array of {@link JsonArray#viewOfIntegers} is written by every writer exactly as the same array built from element
 * objects: the writers print its integers straight from the longs, so only the bytes can tell them apart.
 */
class IntegerViewTest {

    @Property(tries = 200)
    void everyWriterPrintsTheViewAsTheTree(@ForAll @IntRange(min = 0, max = 300) int size, @ForAll long seed) throws IOException {
        SplittableRandom rnd = new SplittableRandom(seed);
        long[] values = new long[size];
        boolean[] integer = new boolean[size];
        List<JsonValue> elements = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            integer[i] = rnd.nextInt(5) != 0;
            // small and large integers: beyond 15 digits the canonical form must take the general path
            values[i] = switch (rnd.nextInt(4)) {
                case 0 -> rnd.nextLong();
                case 1 -> rnd.nextLong(-1_000_000_000_000_001L, 1_000_000_000_000_001L);
                default -> rnd.nextInt(-1000, 1_000_000);
            };
            elements.add(integer[i] ? JsonNumber.of(values[i]) : other(i));
        }
        JsonArray view = JsonArray.viewOfIntegers(size, i -> integer[i], i -> values[i], IntegerViewTest::other);
        JsonArray tree = JsonArray.of(elements);
        JsonObject viewDoc = JsonObject.builder().put("b", 1).put("a", view).build();
        JsonObject treeDoc = JsonObject.builder().put("b", 1).put("a", tree).build();
        assertEquals(tree, view);
        assertEquals(JsonWriter.canonical(treeDoc), JsonWriter.canonical(viewDoc));
        ByteArrayOutputStream streamed = new ByteArrayOutputStream();
        JsonWriter.canonical(viewDoc, streamed);
        assertEquals(JsonWriter.canonical(treeDoc), streamed.toString(StandardCharsets.UTF_8));
        assertEquals(JsonWriter.pretty(treeDoc), JsonWriter.pretty(viewDoc));
        assertEquals(JsonWriter.compact(treeDoc), JsonWriter.compact(viewDoc));
        StringWriter pretty = new StringWriter();
        JsonStreamWriter w = JsonStreamWriter.pretty(pretty);
        w.value(viewDoc);
        w.flush();
        assertEquals(JsonWriter.pretty(treeDoc), pretty.toString());
    }

    @Property(tries = 20)
    void negativeSizeIsRefused(@ForAll @IntRange(min = Integer.MIN_VALUE, max = -1) int size) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JsonArray.viewOfIntegers(size, i -> true, i -> i, IntegerViewTest::other));
        assertEquals("size must be >= 0. Provided value: " + size, e.getMessage());
    }

    private static JsonValue other(int i) {
        return i % 3 == 0 ? new JsonString("s" + i) : i % 3 == 1 ? JsonObject.builder().put("k", i).build() : JsonNumber.of(i + 0.5);
    }
}
