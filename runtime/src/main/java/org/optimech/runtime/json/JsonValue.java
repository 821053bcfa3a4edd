package org.optimech.runtime.json;

import java.util.Optional;

/**
 * An immutable JSON value.
 *
 * <p>Code outside this package reads values through their accessors, never with {@code instanceof} or a cast (an
 * architecture rule holds it to that), in one of three ways:
 * <ul>
 * <li>{@code asObject(pointer)}, {@code asNumber(pointer)} and so on, for a member that must have a type: a
 * {@link FieldException} naming the field's pointer and the provided value when it has another;</li>
 * <li>{@code object()}, {@code string()} and so on, for a member that may have several types or is read loosely (the
 * {@code design} block): the value, or empty when it is of another type;</li>
 * <li>{@code asObject()}, {@code asString()} and so on, where the type is already known: a {@link JsonTypeException}
 * (a bug, not bad input) when it is not.</li>
 * </ul>
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

    /** This value as an object, or empty when it is of another type. */
    default Optional<JsonObject> object() {
        return Optional.empty();
    }

    /** This value as an array, or empty when it is of another type. */
    default Optional<JsonArray> array() {
        return Optional.empty();
    }

    /** This value's text when it is a string, or empty when it is of another type. */
    default Optional<String> string() {
        return Optional.empty();
    }

    /** This value as a number, or empty when it is of another type. */
    default Optional<JsonNumber> number() {
        return Optional.empty();
    }

    /** This value when it is {@code true} or {@code false}, or empty when it is of another type. */
    default Optional<Boolean> bool() {
        return Optional.empty();
    }

    /**
     * This value as an object.
     *
     * @param pointer the value's JSON Pointer, for the error
     * @throws FieldException naming the pointer and the provided value when it is of another type
     */
    default JsonObject asObject(String pointer) throws FieldException {
        throw Fields.typeError("an object", this, pointer);
    }

    /**
     * This value as an array.
     *
     * @param pointer the value's JSON Pointer, for the error
     * @throws FieldException naming the pointer and the provided value when it is of another type
     */
    default JsonArray asArray(String pointer) throws FieldException {
        throw Fields.typeError("an array", this, pointer);
    }

    /**
     * This value's text.
     *
     * @param pointer the value's JSON Pointer, for the error
     * @throws FieldException naming the pointer and the provided value when it is not a string
     */
    default String asString(String pointer) throws FieldException {
        throw Fields.typeError("a string", this, pointer);
    }

    /**
     * This value as a number.
     *
     * @param pointer the value's JSON Pointer, for the error
     * @throws FieldException naming the pointer and the provided value when it is of another type
     */
    default JsonNumber asNumber(String pointer) throws FieldException {
        throw Fields.typeError("a number", this, pointer);
    }

    /**
     * This value as {@code true} or {@code false}.
     *
     * @param pointer the value's JSON Pointer, for the error
     * @throws FieldException naming the pointer and the provided value when it is of another type
     */
    default boolean asBoolean(String pointer) throws FieldException {
        throw Fields.typeError("true or false", this, pointer);
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
