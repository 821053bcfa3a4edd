package org.optimech.designer.common;

/** CSV fields as RFC 4180 writes them: the one quoting rule the designer's reports share. */
public final class Csv {
    private Csv() {
    }

    /** {@code s} as one quoted field: inner quotes doubled, line breaks flattened to spaces (one record per line). */
    public static String quote(String s) {
        return "\"" + s.replace("\"", "\"\"").replace('\r', ' ').replace('\n', ' ') + "\"";
    }
}
