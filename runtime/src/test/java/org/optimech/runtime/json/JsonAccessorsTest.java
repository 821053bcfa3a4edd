package org.optimech.runtime.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The typed accessors that code outside this package reads values with (it may not test or cast their kinds): on every
 * value, the optional view ({@code object()}), the accessor naming a pointer ({@code asObject(pointer)}) and the plain
 * accessor ({@code asObject()}) agree with the value's kind, checked here against {@code instanceof}; a mismatch names the
 * pointer, the expected type and the provided value.
 */
class JsonAccessorsTest {
    private static final String POINTER = "/design/problem/x~1y";

    @Provide
    Arbitrary<JsonValue> values() {
        return new JsonPropertiesTest().trees();
    }

    @Property(tries = 300)
    void theAccessorsAgreeWithTheKind(@ForAll("values") JsonValue v) throws FieldException {
        check(v, v instanceof JsonObject, v.object(), () -> v.asObject(POINTER), v::asObject, "an object");
        check(v, v instanceof JsonArray, v.array(), () -> v.asArray(POINTER), v::asArray, "an array");
        check(v, v instanceof JsonString, v.string(), () -> v.asString(POINTER), v::asString, "a string");
        check(v, v instanceof JsonNumber, v.number(), () -> v.asNumber(POINTER), v::asNumber, "a number");
        check(v, v instanceof JsonBoolean, v.bool(), () -> v.asBoolean(POINTER), v::asBoolean, "true or false");
        if (v instanceof JsonString s) {
            assertEquals(s.value(), v.asString(POINTER));
        }
        if (v instanceof JsonBoolean b) {
            assertEquals(b == JsonBoolean.TRUE, v.asBoolean(POINTER));
        }
    }

    /** {@link Fields}' typed reads are the accessors: same value, same error. */
    @Property(tries = 100)
    void fieldsReadsThroughTheAccessors(@ForAll("values") JsonValue v) {
        assertEquals(outcome(() -> v.asObject(POINTER)), outcome(() -> Fields.object(v, POINTER)));
        assertEquals(outcome(() -> v.asArray(POINTER)), outcome(() -> Fields.array(v, POINTER)));
        assertEquals(outcome(() -> v.asString(POINTER)), outcome(() -> Fields.string(v, POINTER)));
        assertEquals(outcome(() -> v.asNumber(POINTER)), outcome(() -> Fields.number(v, POINTER)));
    }

    @Test
    void aMismatchNamesTheFieldAndTheValue() {
        FieldException e = assertThrows(FieldException.class, () -> JsonNumber.of(3).asObject("/mechanism/body"));
        assertEquals("/mechanism/body: must be an object. Provided value: number 3", e.getMessage());
        e = assertThrows(FieldException.class, () -> new JsonString("yes").asBoolean("/x"));
        assertEquals("/x: must be true or false. Provided value: string \"yes\"", e.getMessage());
        e = assertThrows(FieldException.class, () -> JsonNull.INSTANCE.asString(""));
        assertEquals("/: must be a string. Provided value: null null", e.getMessage());
    }

    private interface Read {
        Object get() throws FieldException;
    }

    private static void check(JsonValue v, boolean is, Optional<?> view, Read named, Read plain, String expected) throws FieldException {
        assertEquals(is, view.isPresent(), v.describe());
        if (is) {
            Object viewed = view.get();
            assertEquals(viewed, named.get());
            assertEquals(viewed, plain.get());
            if (v instanceof JsonObject || v instanceof JsonArray || v instanceof JsonNumber) {
                assertSame(v, viewed);
            }
            return;
        }
        FieldException e = assertThrows(FieldException.class, named::get);
        assertEquals(POINTER, e.pointer());
        assertEquals("must be " + expected + ". Provided value: " + v.describe(), e.detail());
        assertTrue(e.getMessage().startsWith(POINTER + ": "), e.getMessage());
        assertThrows(JsonTypeException.class, plain::get);
        assertFalse(view.isPresent());
    }

    /** The value read, or the message of the error. */
    private static Object outcome(Read read) {
        try {
            return read.get();
        } catch (FieldException e) {
            return e.getMessage();
        }
    }
}
