package org.optimech.runtime.json;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Writes one JSON document incrementally, so a codec can write millions of entries without building a tree. The
 * output is character for character what {@link JsonWriter#compact} or {@link JsonWriter#pretty} gives for the same
 * tree (the pretty form ends with a newline).
 *
 * <p>In the pretty form an array that holds only scalars stays on one line, so the writer holds an array back until
 * its first object or array element (then it streams, one element per line) or its end: arrays of arrays or objects
 * stream, but a flat array of scalars is buffered whole, as its text. The compact form buffers nothing beyond a block.
 *
 * <p>Refused with {@link IllegalStateException}: a call out of order (a value where a name is due, closing what is not
 * open, a second top-level value); with {@link IllegalArgumentException}: a repeated member name and a string with an
 * unpaired UTF-16 surrogate (no reader could read either back), and a non-finite double. A refused call writes
 * nothing. Not thread-safe.
 */
public final class JsonStreamWriter implements Closeable, Flushable {
    private static final int BLOCK_CHARS = 8192;
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private final Writer out;
    private final boolean pretty;
    private final StringBuilder buffer = new StringBuilder(BLOCK_CHARS + 256);
    private final char[] block = new char[BLOCK_CHARS];

    private boolean[] objectAt = new boolean[16];
    private int[] countAt = new int[16];
    private final List<HashSet<String>> namesAt = new ArrayList<>();
    private int depth;
    private boolean nameWritten;
    private boolean complete;
    private boolean closed;

    /** The depth of an array known to hold only scalars, written on one line as it comes (pretty form), or -1. */
    private int flatDepth = -1;
    /** The depth of the array held back in the pretty form (only scalars so far), or -1. */
    private int pendingDepth = -1;
    private StringBuilder pending = new StringBuilder();
    private int[] pendingStarts = new int[16];
    private int pendingCount;

    private JsonStreamWriter(Writer out, boolean pretty) {
        this.out = Objects.requireNonNull(out, "out");
        this.pretty = pretty;
        namesAt.add(null);
    }

    /** A writer of the compact form ({@link JsonWriter#compact}). */
    public static JsonStreamWriter compact(Writer out) {
        return new JsonStreamWriter(out, false);
    }

    /** A writer of the pretty form ({@link JsonWriter#pretty}). */
    public static JsonStreamWriter pretty(Writer out) {
        return new JsonStreamWriter(out, true);
    }

    /** A writer of the compact form, in UTF-8. */
    public static JsonStreamWriter compact(OutputStream out) {
        return new JsonStreamWriter(new OutputStreamWriter(Objects.requireNonNull(out, "out"), StandardCharsets.UTF_8), false);
    }

    /** A writer of the pretty form, in UTF-8. */
    public static JsonStreamWriter pretty(OutputStream out) {
        return new JsonStreamWriter(new OutputStreamWriter(Objects.requireNonNull(out, "out"), StandardCharsets.UTF_8), true);
    }

    public JsonStreamWriter beginObject() throws IOException {
        beforeValue(true);
        buffer.append('{');
        push(true);
        return this;
    }

    public JsonStreamWriter endObject() throws IOException {
        if (depth == 0 || !objectAt[depth]) {
            throw new IllegalStateException("no object is open");
        }
        if (nameWritten) {
            throw new IllegalStateException("the last member name has no value");
        }
        int count = countAt[depth];
        HashSet<String> names = namesAt.get(depth);
        if (names.size() > 256) {
            namesAt.set(depth, new HashSet<>()); // a large set is dropped rather than kept at its capacity
        } else {
            names.clear();
        }
        depth--;
        if (pretty && count > 0) {
            buffer.append('\n');
            indent(depth);
        }
        buffer.append('}');
        afterValue();
        return this;
    }

    public JsonStreamWriter beginArray() throws IOException {
        beforeValue(true);
        push(false);
        if (pretty) {
            pendingDepth = depth; // '[' is written once the layout is known
            pendingCount = 0;
        } else {
            buffer.append('[');
        }
        return this;
    }

    public JsonStreamWriter endArray() throws IOException {
        if (depth == 0 || objectAt[depth]) {
            throw new IllegalStateException("no array is open");
        }
        if (flatDepth == depth) {
            buffer.append(']');
            flatDepth = -1;
        } else if (pendingDepth == depth) {
            buffer.append('[').append(pending).append(']');
            clearPending();
        } else if (pretty) {
            buffer.append('\n');
            indent(depth - 1);
            buffer.append(']');
        } else {
            buffer.append(']');
        }
        depth--;
        afterValue();
        return this;
    }

    /** The name of the next object member. */
    public JsonStreamWriter name(String name) throws IOException {
        Objects.requireNonNull(name, "name");
        if (depth == 0 || !objectAt[depth]) {
            throw new IllegalStateException("a member name outside an object");
        }
        if (nameWritten) {
            throw new IllegalStateException("the last member name has no value");
        }
        requireUtf8(name);
        if (!namesAt.get(depth).add(name)) {
            throw new IllegalArgumentException("duplicate member name " + Fields.quote(name));
        }
        if (countAt[depth]++ > 0) {
            buffer.append(',');
        }
        if (pretty) {
            buffer.append('\n');
            indent(depth);
        }
        writeString(name, buffer);
        buffer.append(pretty ? ": " : ":");
        nameWritten = true;
        return this;
    }

    public JsonStreamWriter value(String s) throws IOException {
        Objects.requireNonNull(s, "s");
        requireUtf8(s);
        beforeValue(false);
        writeString(s, target());
        afterValue();
        return this;
    }

    public JsonStreamWriter value(long v) throws IOException {
        beforeValue(false);
        target().append(v);
        afterValue();
        return this;
    }

    /** A finite double, written as {@link JsonNumber#of(double)} writes it (its shortest round-tripping form). */
    public JsonStreamWriter value(double v) throws IOException {
        String s = Es6NumberFormat.format(v); // refuses NaN and the infinities first
        beforeValue(false);
        target().append(s);
        afterValue();
        return this;
    }

    public JsonStreamWriter value(boolean v) throws IOException {
        beforeValue(false);
        target().append(v ? "true" : "false");
        afterValue();
        return this;
    }

    public JsonStreamWriter nullValue() throws IOException {
        beforeValue(false);
        target().append("null");
        afterValue();
        return this;
    }

    /** A whole tree; numbers as their literals. */
    public JsonStreamWriter value(JsonValue v) throws IOException {
        Objects.requireNonNull(v, "v");
        if (v instanceof JsonObject o) {
            beginObject();
            for (Map.Entry<String, JsonValue> e : o.members().entrySet()) {
                name(e.getKey());
                value(e.getValue());
            }
            return endObject();
        }
        if (v instanceof JsonArray a) {
            if (pretty && a.size() > 0 && JsonWriter.onlyScalars(a)) {
                // the layout is known: stream the one line instead of holding the array back (a remap of millions of rows)
                beforeValue(true);
                push(false);
                buffer.append('[');
                flatDepth = depth;
            } else {
                beginArray();
            }
            boolean integers = a.hasIntegerView();
            for (int i = 0; i < a.size(); i++) {
                if (integers && a.isIntegerAt(i)) {
                    value(a.integerAt(i)); // no element object (a remap of millions of rows)
                } else {
                    value(a.get(i));
                }
            }
            return endArray();
        }
        if (v instanceof JsonString s) {
            return value(s.value());
        }
        if (v instanceof JsonNumber n) {
            beforeValue(false);
            target().append(n.literal());
            afterValue();
            return this;
        }
        if (v instanceof JsonBoolean b) {
            return value(b == JsonBoolean.TRUE);
        }
        return nullValue();
    }

    /** Whether the one top-level value has been written. */
    public boolean isComplete() {
        return complete;
    }

    /** Writes out what is not held back and flushes the sink. */
    @Override
    public void flush() throws IOException {
        writeBuffer();
        out.flush();
    }

    /**
     * Writes out what is not held back and closes the sink.
     *
     * @throws IllegalStateException after closing, if the document is incomplete
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            writeBuffer();
        } finally {
            out.close();
        }
        if (!complete) {
            throw new IllegalStateException("the JSON document is incomplete");
        }
    }

    private void push(boolean object) {
        depth++;
        if (depth == objectAt.length) {
            objectAt = Arrays.copyOf(objectAt, depth * 2);
            countAt = Arrays.copyOf(countAt, depth * 2);
        }
        objectAt[depth] = object;
        countAt[depth] = 0;
        if (object && namesAt.size() <= depth) {
            while (namesAt.size() <= depth) {
                namesAt.add(null);
            }
        }
        if (object && namesAt.get(depth) == null) {
            namesAt.set(depth, new HashSet<>());
        }
    }

    /** Separators and indentation before a value; checks that a value may come here. */
    private void beforeValue(boolean container) {
        if (closed) {
            throw new IllegalStateException("the writer is closed");
        }
        if (complete) {
            throw new IllegalStateException("the JSON document is complete; it has one top-level value");
        }
        if (depth == 0) {
            return;
        }
        if (objectAt[depth]) {
            if (!nameWritten) {
                throw new IllegalStateException("an object member needs a name first");
            }
            nameWritten = false;
            return;
        }
        int index = countAt[depth]++;
        if (!pretty) {
            if (index > 0) {
                buffer.append(',');
            }
            return;
        }
        if (flatDepth == depth) {
            if (container) {
                throw new IllegalStateException("an array of scalars got a container element"); // value(JsonValue) checked it has none
            }
            if (index > 0) {
                buffer.append(", ");
            }
            return;
        }
        if (pendingDepth == depth) {
            if (!container) {
                if (index > 0) {
                    pending.append(", ");
                }
                if (pendingCount == pendingStarts.length) {
                    pendingStarts = Arrays.copyOf(pendingStarts, pendingCount * 2);
                }
                pendingStarts[pendingCount++] = pending.length();
                return;
            }
            // An object or array element: the array goes one element per line, its held-back scalars first.
            buffer.append('[');
            for (int k = 0; k < pendingCount; k++) {
                int end = k + 1 < pendingCount ? pendingStarts[k + 1] - 2 : pending.length();
                if (k > 0) {
                    buffer.append(',');
                }
                buffer.append('\n');
                indent(depth);
                buffer.append(pending, pendingStarts[k], end);
            }
            clearPending();
        }
        if (index > 0) {
            buffer.append(',');
        }
        buffer.append('\n');
        indent(depth);
    }

    private void afterValue() throws IOException {
        if (depth == 0) {
            complete = true;
            if (pretty) {
                buffer.append('\n');
            }
        }
        if (buffer.length() >= BLOCK_CHARS) {
            writeBuffer();
        }
    }

    /** Where a scalar goes: the held-back array's text, or the output. */
    private StringBuilder target() {
        return pendingDepth == depth ? pending : buffer;
    }

    private void clearPending() {
        pendingDepth = -1;
        pendingCount = 0;
        if (pending.capacity() > 1 << 16) {
            pending = new StringBuilder();
        } else {
            pending.setLength(0);
        }
    }

    private void writeBuffer() throws IOException {
        int n = buffer.length();
        for (int off = 0; off < n; off += BLOCK_CHARS) {
            int len = Math.min(BLOCK_CHARS, n - off);
            buffer.getChars(off, off + len, block, 0);
            out.write(block, 0, len);
        }
        buffer.setLength(0);
    }

    private void indent(int level) {
        for (int i = 0; i < level; i++) {
            buffer.append("  ");
        }
    }

    private static void requireUtf8(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    throw new IllegalArgumentException(String.format("a string has an unpaired UTF-16 surrogate U+%04X at index %d; it has no UTF-8 form", (int) c, i));
                }
            }
        }
    }

    /** The same escapes as {@link JsonWriter} (RFC 8785 §3.2.2.2). */
    private static void writeString(String s, StringBuilder sb) {
        sb.append('"');
        int from = 0;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') {
                continue;
            }
            sb.append(s, from, i);
            from = i + 1;
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> sb.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        sb.append(s, from, n).append('"');
    }
}
