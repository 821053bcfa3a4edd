package org.optimech.runtime.json;

/** The JSON {@code null}. */
public enum JsonNull implements JsonValue {
    INSTANCE;

    @Override
    public String typeName() {
        return "null";
    }
}
