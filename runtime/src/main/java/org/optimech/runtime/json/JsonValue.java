package org.optimech.runtime.json;

/**
 * An immutable JSON value.
 *
 * <p>The accessors {@code asObject()}, {@code asString()} and so on throw {@link JsonTypeException}
 * with the expected and the actual type when the value is of another type; callers that know the
 * value's pointer catch it and re-throw with the pointer attached.
 */
public sealed interface JsonValue permits JsonObject, JsonArray, JsonString, JsonNumber, JsonBoolean, JsonNull {

    /** The JSON type name of this value, as used in error messages ("object", "string", ...). */
    String typeName();

    default JsonObject asObject() {
        throw new JsonTypeException("object", this);
    }

    default JsonArray asArray() {
        throw new JsonTypeException("array", this);
    }

    default String asString() {
        throw new JsonTypeException("string", this);
    }

    default JsonNumber asNumber() {
        throw new JsonTypeException("number", this);
    }

    default boolean asBoolean() {
        throw new JsonTypeException("boolean", this);
    }

    /** A short description of this value for error messages: its type, and a prefix of its text. */
    default String describe() {
        String text = JsonWriter.compact(this);
        if (text.length() > 40) {
            text = text.substring(0, 37) + "...";
        }
        return typeName() + " " + text;
    }
}
