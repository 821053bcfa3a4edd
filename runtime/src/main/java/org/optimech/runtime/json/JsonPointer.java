package org.optimech.runtime.json;

/** Builds RFC 6901 JSON Pointers, the field names of every validation error. */
public final class JsonPointer {
    private JsonPointer() {
    }

    /** The root pointer, {@code ""} (errors print it as {@code /}). */
    public static final String ROOT = "";

    /** {@code parent} extended by a member name, escaping {@code ~} and {@code /}. */
    public static String child(String parent, String name) {
        return parent + "/" + name.replace("~", "~0").replace("/", "~1");
    }

    /** {@code parent} extended by an array index. */
    public static String child(String parent, int index) {
        return parent + "/" + index;
    }

    /** How a pointer is shown to people: the root as {@code /}. */
    public static String display(String pointer) {
        return pointer.isEmpty() ? "/" : pointer;
    }
}
