package org.optimech.runtime.json;

/**
 * A JSON document is well-formed but a field is wrong: missing, of the wrong type, out of range,
 * inconsistent with another field. Carries the field's JSON Pointer and a message that names the
 * provided value.
 */
public class FieldException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String pointer;
    private final String detail;

    public FieldException(String pointer, String detail) {
        super(JsonPointer.display(pointer) + ": " + detail);
        this.pointer = pointer;
        this.detail = detail;
    }

    /** The JSON Pointer of the offending field ({@code ""} for the document). */
    public String pointer() {
        return pointer;
    }

    /** The message without the pointer. */
    public String detail() {
        return detail;
    }
}
