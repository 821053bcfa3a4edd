package org.optimech.runtime.json;

import java.util.Optional;

/** A JSON {@code true} or {@code false}. */
public enum JsonBoolean implements JsonValue {
    TRUE, FALSE;

    public static JsonBoolean of(boolean b) {
        return b ? TRUE : FALSE;
    }

    @Override
    public String typeName() {
        return "boolean";
    }

    @Override
    public boolean asBoolean() {
        return this == TRUE;
    }

    @Override
    public Optional<Boolean> bool() {
        return Optional.of(this == TRUE);
    }

    @Override
    public boolean asBoolean(String pointer) {
        return this == TRUE;
    }
}
