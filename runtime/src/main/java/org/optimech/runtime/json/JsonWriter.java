package org.optimech.runtime.json;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes JSON trees: {@link #pretty} for files people read, {@link #compact} for one-line output
 * and {@link #canonical} for the RFC 8785 JSON Canonicalization Scheme that digests are taken over.
 */
public final class JsonWriter {
    private JsonWriter() {
    }

    /** One line, members in insertion order, numbers as their literals. */
    public static String compact(JsonValue value) {
        StringBuilder sb = new StringBuilder();
        writeCompact(value, sb);
        return sb.toString();
    }

    /**
     * Indented by two spaces, members in insertion order; arrays of scalars stay on one line (so a
     * weight table prints one row per line). Ends with a newline.
     */
    public static String pretty(JsonValue value) {
        StringBuilder sb = new StringBuilder();
        writePretty(value, sb, 0);
        sb.append('\n');
        return sb.toString();
    }

    /**
     * The RFC 8785 canonical form: no white space, members sorted by their UTF-16 code units,
     * numbers in ECMAScript form of their nearest double, strings with the minimal escapes.
     *
     * @throws IllegalArgumentException if a number is outside the double range (JCS cannot
     *     represent it)
     */
    public static String canonical(JsonValue value) {
        StringBuilder sb = new StringBuilder();
        writeCanonical(value, sb, null);
        return sb.toString();
    }

    /** The UTF-8 bytes of {@link #canonical}. */
    public static byte[] canonicalBytes(JsonValue value) {
        return canonical(value).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Writes the UTF-8 bytes of {@link #canonical} to {@code out} in blocks, holding at most a block and one scalar in
     * memory: a digest of a document of millions of entries needs no copy of its text.
     *
     * @throws IllegalArgumentException as {@link #canonical}
     */
    public static void canonical(JsonValue value, OutputStream out) throws IOException {
        StringBuilder sb = new StringBuilder(CANONICAL_BLOCK + 256);
        try {
            writeCanonical(value, sb, out);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        flush(sb, out);
    }

    private static final int CANONICAL_BLOCK = 1 << 13;

    /** Passes the text so far on as UTF-8 (called between values, so a surrogate pair is never split). */
    private static void flush(StringBuilder sb, OutputStream out) throws IOException {
        if (out != null && sb.length() > 0) {
            int n = sb.length();
            byte[] ascii = new byte[n];
            int i = 0;
            for (; i < n; i++) {
                char c = sb.charAt(i);
                if (c >= 0x80) {
                    break;
                }
                ascii[i] = (byte) c;
            }
            // a block of digits and punctuation (a remap, a table) is its own UTF-8: one pass instead of a String and its encoding
            out.write(i == n ? ascii : sb.toString().getBytes(StandardCharsets.UTF_8));
            sb.setLength(0);
        }
    }

    private static void writeCompact(JsonValue value, StringBuilder sb) {
        if (value instanceof JsonObject o) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<String, JsonValue> e : o.members().entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                writeString(e.getKey(), sb);
                sb.append(':');
                writeCompact(e.getValue(), sb);
            }
            sb.append('}');
        } else if (value instanceof JsonArray a) {
            sb.append('[');
            for (int i = 0; i < a.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                if (a.isIntegerAt(i)) {
                    sb.append(a.integerAt(i));
                } else {
                    writeCompact(a.get(i), sb);
                }
            }
            sb.append(']');
        } else {
            writeScalar(value, sb, false);
        }
    }

    private static void writePretty(JsonValue value, StringBuilder sb, int indent) {
        if (value instanceof JsonObject o) {
            if (o.size() == 0) {
                sb.append("{}");
                return;
            }
            sb.append("{\n");
            int i = 0;
            for (Map.Entry<String, JsonValue> e : o.members().entrySet()) {
                indent(sb, indent + 1);
                writeString(e.getKey(), sb);
                sb.append(": ");
                writePretty(e.getValue(), sb, indent + 1);
                if (++i < o.size()) {
                    sb.append(',');
                }
                sb.append('\n');
            }
            indent(sb, indent);
            sb.append('}');
        } else if (value instanceof JsonArray a) {
            boolean scalars = onlyScalars(a);
            if (scalars) {
                writeCompactArrayWithSpaces(a, sb);
                return;
            }
            sb.append("[\n");
            for (int i = 0; i < a.size(); i++) {
                indent(sb, indent + 1);
                writePretty(a.get(i), sb, indent + 1);
                if (i + 1 < a.size()) {
                    sb.append(',');
                }
                sb.append('\n');
            }
            indent(sb, indent);
            sb.append(']');
        } else {
            writeScalar(value, sb, false);
        }
    }

    private static void writeCompactArrayWithSpaces(JsonArray a, StringBuilder sb) {
        sb.append('[');
        for (int i = 0; i < a.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            if (a.isIntegerAt(i)) {
                sb.append(a.integerAt(i));
            } else {
                writeScalar(a.get(i), sb, false);
            }
        }
        sb.append(']');
    }

    /** Whether no element is an object or an array (the integers of a {@link JsonArray#viewOfIntegers} are not made to ask). */
    static boolean onlyScalars(JsonArray a) {
        boolean integers = a.hasIntegerView();
        for (int i = 0; i < a.size(); i++) {
            if (integers && a.isIntegerAt(i)) {
                continue;
            }
            JsonValue v = a.get(i);
            if (v instanceof JsonObject || v instanceof JsonArray) {
                return false;
            }
        }
        return true;
    }

    /** Canonical text into {@code sb}, passed on to {@code out} (when not null) block by block. */
    private static void writeCanonical(JsonValue value, StringBuilder sb, OutputStream out) {
        if (out != null && sb.length() >= CANONICAL_BLOCK) {
            try {
                flush(sb, out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (value instanceof JsonObject o) {
            List<String> names = new ArrayList<>(o.names());
            names.sort(String::compareTo); // UTF-16 code unit order, as RFC 8785 §3.2.3 requires
            sb.append('{');
            for (int i = 0; i < names.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                writeString(names.get(i), sb);
                sb.append(':');
                writeCanonical(o.members().get(names.get(i)), sb, out);
            }
            sb.append('}');
        } else if (value instanceof JsonArray a) {
            sb.append('[');
            boolean integers = a.hasIntegerView();
            for (int i = 0; i < a.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                if (integers && a.isIntegerAt(i) && isSmallInteger(a.integerAt(i))) {
                    sb.append(a.integerAt(i)); // as isSmallIntegerLiteral: ECMAScript prints its digits
                    if (out != null && sb.length() >= CANONICAL_BLOCK) {
                        try {
                            flush(sb, out);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                } else {
                    writeCanonical(a.get(i), sb, out);
                }
            }
            sb.append(']');
        } else {
            writeScalar(value, sb, true);
        }
    }

    private static void writeScalar(JsonValue value, StringBuilder sb, boolean canonical) {
        if (value instanceof JsonString s) {
            writeString(s.value(), sb);
        } else if (value instanceof JsonNumber n) {
            if (canonical && n.isCanonical()) {
                sb.append(n.literal()); // formatted from its double when made: the same digits again
            } else if (canonical && isSmallIntegerLiteral(n.literal())) {
                sb.append(n.literal()); // what ECMAScript prints for an integer below 2^53: its digits (a remap of millions of rows)
            } else if (canonical) {
                String shortLiteral = Es6NumberFormat.canonicalOfShortLiteral(n.literal());
                double d = shortLiteral != null ? 0 : n.doubleValue();
                if (!Double.isFinite(d)) {
                    throw new IllegalArgumentException("number " + n.literal() + " is outside the double range; RFC 8785 cannot canonicalize it");
                }
                sb.append(shortLiteral != null ? shortLiteral : Es6NumberFormat.format(d));
            } else {
                sb.append(n.literal());
            }
        } else if (value instanceof JsonBoolean b) {
            sb.append(b == JsonBoolean.TRUE ? "true" : "false");
        } else if (value instanceof JsonNull) {
            sb.append("null");
        } else {
            throw new IllegalStateException("not a scalar: " + value.typeName());
        }
    }

    /** An integer of at most 15 digits: its literal passes {@link #isSmallIntegerLiteral}. */
    static boolean isSmallInteger(long v) {
        return v > -1_000_000_000_000_000L && v < 1_000_000_000_000_000L;
    }

    /** An integer literal of at most 15 digits, no leading zero, not -0: exactly a double, which ECMAScript prints as these digits. */
    private static boolean isSmallIntegerLiteral(String s) {
        int start = s.startsWith("-") ? 1 : 0;
        int len = s.length() - start;
        if (len < 1 || len > 15 || s.charAt(start) == '0' && (len > 1 || start == 1)) {
            return false;
        }
        for (int i = start; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** RFC 8785 §3.2.2.2 string serialization (also valid RFC 8259 for the other writers). */
    private static void writeString(String s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    private static void indent(StringBuilder sb, int level) {
        sb.append("  ".repeat(level));
    }
}
