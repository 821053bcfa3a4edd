package org.optimech.runtime.json;

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
        writeCanonical(value, sb);
        return sb.toString();
    }

    /** The UTF-8 bytes of {@link #canonical}. */
    public static byte[] canonicalBytes(JsonValue value) {
        return canonical(value).getBytes(StandardCharsets.UTF_8);
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
                writeCompact(a.get(i), sb);
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
            boolean scalars = a.elements().stream().noneMatch(v -> v instanceof JsonObject || v instanceof JsonArray);
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
            writeScalar(a.get(i), sb, false);
        }
        sb.append(']');
    }

    private static void writeCanonical(JsonValue value, StringBuilder sb) {
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
                writeCanonical(o.members().get(names.get(i)), sb);
            }
            sb.append('}');
        } else if (value instanceof JsonArray a) {
            sb.append('[');
            for (int i = 0; i < a.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                writeCanonical(a.get(i), sb);
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
            if (canonical) {
                double d = n.doubleValue();
                if (!Double.isFinite(d)) {
                    throw new IllegalArgumentException("number " + n.literal() + " is outside the double range; RFC 8785 cannot canonicalize it");
                }
                sb.append(Es6NumberFormat.format(d));
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
