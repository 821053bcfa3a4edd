package org.optimech.runtime.json;

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
}
