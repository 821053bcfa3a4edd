package org.optimech.runtime.json;

/** Text that is not a valid JSON document, with the line and column where reading stopped. */
public final class JsonSyntaxException extends Exception {
    private static final long serialVersionUID = 1L;

    private final long line;
    private final long column;

    public JsonSyntaxException(String message, long line, long column) {
        super("malformed JSON at line " + line + ", column " + column + ": " + message);
        this.line = line;
        this.column = column;
    }

    public long line() {
        return line;
    }

    public long column() {
        return column;
    }
}
