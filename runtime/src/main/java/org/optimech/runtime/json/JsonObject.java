package org.optimech.runtime.json;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** A JSON object: member names in insertion order, no duplicates, immutable. */
public final class JsonObject implements JsonValue {
    private final Map<String, JsonValue> members;

    private JsonObject(Map<String, JsonValue> members) {
        this.members = members;
    }

    /** An object with the given members, in the map's iteration order. */
    public static JsonObject of(Map<String, ? extends JsonValue> members) {
        Map<String, JsonValue> copy = new LinkedHashMap<>();
        members.forEach((k, v) -> copy.put(Objects.requireNonNull(k, "member name"), Objects.requireNonNull(v, k)));
        return new JsonObject(Collections.unmodifiableMap(copy));
    }

    /** An object that takes over a fresh map of non-null names and values (the parser's; no copy). */
    static JsonObject adopt(Map<String, JsonValue> members) {
        return new JsonObject(Collections.unmodifiableMap(members));
    }

    /** A builder that keeps insertion order and rejects duplicate names. */
    public static Builder builder() {
        return new Builder();
    }

    /** The members, in order; unmodifiable. */
    public Map<String, JsonValue> members() {
        return members;
    }

    public Set<String> names() {
        return members.keySet();
    }

    public boolean has(String name) {
        return members.containsKey(name);
    }

    /** The member, or empty when it is absent. */
    public Optional<JsonValue> get(String name) {
        return Optional.ofNullable(members.get(name));
    }

    public int size() {
        return members.size();
    }

    /** A copy of this object without the named member. */
    public JsonObject without(String name) {
        Map<String, JsonValue> copy = new LinkedHashMap<>(members);
        copy.remove(name);
        return new JsonObject(Collections.unmodifiableMap(copy));
    }

    /** A copy of this object with the named member replaced (or appended). */
    public JsonObject with(String name, JsonValue value) {
        Map<String, JsonValue> copy = new LinkedHashMap<>(members);
        copy.put(Objects.requireNonNull(name), Objects.requireNonNull(value));
        return new JsonObject(Collections.unmodifiableMap(copy));
    }

    @Override
    public String typeName() {
        return "object";
    }

    @Override
    public JsonObject asObject() {
        return this;
    }

    @Override
    public Optional<JsonObject> object() {
        return Optional.of(this);
    }

    @Override
    public JsonObject asObject(String pointer) {
        return this;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JsonObject other && members.equals(other.members);
    }

    @Override
    public int hashCode() {
        return members.hashCode();
    }

    @Override
    public String toString() {
        return JsonWriter.compact(this);
    }

    /** Builds a {@link JsonObject}; rejects a second member of the same name. */
    public static final class Builder {
        private final Map<String, JsonValue> members = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder put(String name, JsonValue value) {
            Objects.requireNonNull(name, "member name");
            Objects.requireNonNull(value, name);
            if (members.putIfAbsent(name, value) != null) {
                throw new IllegalArgumentException("duplicate member name: " + name);
            }
            return this;
        }

        public Builder put(String name, String value) {
            return put(name, new JsonString(value));
        }

        public Builder put(String name, long value) {
            return put(name, JsonNumber.of(value));
        }

        public Builder put(String name, double value) {
            return put(name, JsonNumber.of(value));
        }

        public Builder put(String name, boolean value) {
            return put(name, JsonBoolean.of(value));
        }

        public JsonObject build() {
            return new JsonObject(Collections.unmodifiableMap(new LinkedHashMap<>(members)));
        }
    }
}
