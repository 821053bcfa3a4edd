package org.optimech.runtime.json;

import java.util.Objects;
import java.util.Optional;

/** A JSON string. */
public record JsonString(String value) implements JsonValue {
    public JsonString {
        Objects.requireNonNull(value, "value");
    }

    @Override
    public String typeName() {
        return "string";
    }

    @Override
    public String asString() {
        return value;
    }

    @Override
    public Optional<String> string() {
        return Optional.of(value);
    }

    @Override
    public String asString(String pointer) {
        return value;
    }

    @Override
    public String toString() {
        return JsonWriter.compact(this);
    }
}
