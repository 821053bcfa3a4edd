package org.optimech.runtime.json;

/** A JSON value was read as a type it does not have. */
public final class JsonTypeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String expected;
    private final transient JsonValue actual;

    JsonTypeException(String expected, JsonValue actual) {
        super("must be a JSON " + expected + "; found " + actual.describe());
        this.expected = expected;
        this.actual = actual;
    }

    /** The type that was expected. */
    public String expected() {
        return expected;
    }

    /** The value that was found. */
    public JsonValue actual() {
        return actual;
    }
}
