package org.optimech.runtime.json;

import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A strict, streaming RFC 8259 JSON tokenizer: {@link #next()} returns one {@link Token} at a time, so a consumer can
 * read a huge array element by element without building a tree ({@link #readValue()} builds the tree of one value,
 * {@link #skipValue()} skips one).
 *
 * <p>Refused, as a {@link JsonSyntaxException} with the 1-based line and column of the offending character (columns
 * count Unicode characters; CR, LF and CRLF end a line): anything outside the RFC 8259 grammar (comments, single
 * quotes, {@code NaN} and {@code Infinity}, leading zeros or {@code +} in numbers, trailing commas, content after the
 * document, control characters unescaped in strings, invalid escapes), unpaired UTF-16 surrogates whether escaped or
 * raw (they have no UTF-8 form to digest), malformed UTF-8 (including overlong forms and encoded surrogates), a member
 * name repeated in one object (two readers could otherwise disagree on what a spec says), nesting deeper than
 * {@value #MAX_DEPTH}, number literals longer than {@value #MAX_NUMBER_CHARS} characters or with an exponent beyond
 * ±{@value JsonNumber#MAX_ABS_EXPONENT} (which {@code BigDecimal} may not hold), strings longer than
 * {@value #MAX_STRING_CHARS} UTF-16 code units and documents longer than {@value #MAX_DOCUMENT_BYTES} bytes of UTF-8.
 * After an error the reader throws the same exception again.
 *
 * <p>Byte input is UTF-8, optionally after a byte order mark, or UTF-16 or UTF-32 after their byte order mark. Strings
 * are returned fully unescaped; number tokens keep their literal text exactly. Remembering member names costs memory
 * in proportion to the members of the open objects; arrays cost nothing per element. Not thread-safe.
 */
public final class JsonReader implements Closeable {

    /** What {@link #next()} read. */
    public enum Token {
        START_OBJECT, END_OBJECT, START_ARRAY, END_ARRAY,
        /** A member name; {@link #text()} holds it. */
        NAME,
        /** A string value; {@link #text()} holds it, unescaped. */
        STRING,
        /** A number; {@link #text()} holds its literal. */
        NUMBER,
        TRUE, FALSE, NULL,
        /** The end of the document, after its one value. */
        END_DOCUMENT
    }

    /** Deepest nesting accepted; specs and problems need fewer than ten levels. */
    public static final int MAX_DEPTH = 64;
    /** Longest number literal accepted, in characters (a weight is a string, never a number). */
    public static final int MAX_NUMBER_CHARS = 1000;
    /** Longest string (or member name) accepted, in UTF-16 code units: bounds the memory one token can take. */
    public static final int MAX_STRING_CHARS = 1 << 24;
    /** Largest document accepted, in bytes of its UTF-8 form (its characters, for ASCII text). */
    public static final long MAX_DOCUMENT_BYTES = 1L << 30;

    private static final int BUFFER_BYTES = 1 << 16;
    private static final int MIN_BUFFER_BYTES = 512;
    /** A name set this large is dropped rather than cleared, so clearing stays cheap. */
    private static final int NAME_SET_REUSE = 256;
    /** Characters of a bad token shown in its error message. */
    private static final int WORD_SHOWN = 32;

    // what next() expects
    private static final byte DOC_START = 0;
    private static final byte VALUE = 1;
    private static final byte ARRAY_FIRST = 2;
    private static final byte OBJECT_FIRST = 3;
    private static final byte MEMBER_NAME = 4;
    private static final byte COLON = 5;
    private static final byte AFTER_VALUE = 6;
    private static final byte DONE = 7;

    private final int maxDepth;
    private final int maxNumberChars;
    private final int maxStringChars;
    private final long maxDocumentBytes;

    private InputStream in;
    /** Raw bytes whose encoding is still to be detected from a byte order mark. */
    private boolean detectEncoding;
    private byte[] buf;
    private int pos;
    private int limit;
    /** Document offset of {@code buf[0]}. */
    private long base;
    /** Index in {@code buf} from which {@link #fill} keeps bytes (the token being read), or -1 to keep from {@code pos}. */
    private int mark = -1;
    private boolean eof;
    /** The input beyond {@link #maxDocumentBytes} was cut off. */
    private boolean tooLarge;

    private long line = 1;
    private long lineStart;
    /** UTF-8 continuation bytes consumed on this line: columns count characters, not bytes. */
    private long continuationBytes;
    private long lastCr = -2;

    private byte state = DOC_START;
    private int depth;
    private final boolean[] objectAt;
    private final HashSet<?>[] namesAt;
    private char[] chars = new char[256];

    private Token token;
    private String text;
    private long tokenLine;
    private long tokenColumn;
    private JsonSyntaxException failure;

    private JsonReader(InputStream in, int bufferBytes, boolean detectEncoding, int maxDepth, int maxNumberChars, int maxStringChars,
            long maxDocumentBytes) {
        this.in = in;
        this.buf = new byte[bufferBytes];
        this.detectEncoding = detectEncoding;
        this.maxDepth = maxDepth;
        this.maxNumberChars = maxNumberChars;
        this.maxStringChars = maxStringChars;
        this.maxDocumentBytes = maxDocumentBytes;
        this.objectAt = new boolean[maxDepth + 1];
        this.namesAt = new HashSet<?>[maxDepth + 1];
    }

    /**
     * A reader of bytes: UTF-8, with or without a byte order mark, or UTF-16 or UTF-32 with one. The stream is read in
     * blocks as tokens are asked for, and closed by {@link #close()}.
     */
    public static JsonReader of(InputStream in) {
        return new JsonReader(Objects.requireNonNull(in, "in"), BUFFER_BYTES, true, MAX_DEPTH, MAX_NUMBER_CHARS, MAX_STRING_CHARS,
                MAX_DOCUMENT_BYTES);
    }

    /** A reader of text; a byte order mark is not expected (U+FEFF is refused like any stray character). */
    public static JsonReader of(String text) {
        Objects.requireNonNull(text, "text");
        return new JsonReader(new Utf8Transcoder.OfChars(text), bufferFor(text.length()), false, MAX_DEPTH, MAX_NUMBER_CHARS,
                MAX_STRING_CHARS, MAX_DOCUMENT_BYTES);
    }

    /** A reader of {@code length} characters of {@code text} from {@code offset}; the array must not change while read. */
    public static JsonReader of(char[] text, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, text.length);
        return new JsonReader(new Utf8Transcoder.OfChars(text, offset, length), bufferFor(length), false, MAX_DEPTH, MAX_NUMBER_CHARS,
                MAX_STRING_CHARS, MAX_DOCUMENT_BYTES);
    }

    /** A reader of bytes with other limits (tests exercise the limits on small inputs). */
    static JsonReader withLimits(InputStream in, int maxDepth, int maxNumberChars, int maxStringChars, long maxDocumentBytes) {
        return new JsonReader(in, MIN_BUFFER_BYTES, true, maxDepth, maxNumberChars, maxStringChars, maxDocumentBytes);
    }

    private static int bufferFor(int chars) {
        return (int) Math.max(MIN_BUFFER_BYTES, Math.min(BUFFER_BYTES, chars + 1L));
    }

    /** Reads the next token; after {@link Token#END_DOCUMENT} it returns {@code END_DOCUMENT} again. */
    public Token next() throws JsonSyntaxException {
        if (failure != null) {
            throw failure;
        }
        try {
            return advance();
        } catch (JsonSyntaxException e) {
            failure = e;
            throw e;
        }
    }

    /** The token last read by {@link #next()}, or {@code null} before the first. */
    public Token token() {
        return token;
    }

    /**
     * The text of the current {@link Token#NAME}, {@link Token#STRING} (unescaped) or {@link Token#NUMBER} (its literal).
     *
     * @throws IllegalStateException at any other token
     */
    public String text() {
        if (text == null) {
            throw new IllegalStateException("the current token " + token + " has no text");
        }
        return text;
    }

    /** The number of objects and arrays open after the current token (a start token counts its own). */
    public int depth() {
        return depth;
    }

    /** The 1-based line of the current token's first character. */
    public long line() {
        return tokenLine;
    }

    /** The 1-based column of the current token's first character, in characters. */
    public long column() {
        return tokenColumn;
    }

    /**
     * Reads the value that starts at the current token into a tree; afterwards the current token is the value's last
     * ({@code END_OBJECT}, {@code END_ARRAY} or the scalar itself). Arrays of numbers or strings, and arrays of rows of
     * them, are held packed where that gives the same text back (see {@link #readArray}).
     *
     * @throws IllegalStateException if the current token does not start a value
     */
    public JsonValue readValue() throws JsonSyntaxException {
        switch (requireValueStart()) {
            case START_OBJECT: {
                Map<String, JsonValue> members = new LinkedHashMap<>();
                while (next() != Token.END_OBJECT) {
                    String name = text;
                    next();
                    members.put(name, readValue()); // the reader refused duplicate names
                }
                return JsonObject.adopt(members);
            }
            case START_ARRAY:
                return readArray();
            case STRING:
                return new JsonString(text);
            case NUMBER:
                return JsonNumber.ofCheckedLiteral(text);
            case TRUE:
                return JsonBoolean.TRUE;
            case FALSE:
                return JsonBoolean.FALSE;
            default:
                return JsonNull.INSTANCE;
        }
    }

    /**
     * The array at the current {@code START_ARRAY}. An array of numbers or of strings, or of rows of them all of one length,
     * is held packed ({@link PackedNumbers}, {@link PackedStrings}); at the first element that cannot be, the array so far
     * is unpacked and the rest read as a tree, so the result equals, writes and hashes as the tree would.
     */
    private JsonArray readArray() throws JsonSyntaxException {
        Token t = next();
        if (t == Token.NUMBER) {
            return readPacked(new PackedNumbers());
        }
        if (t == Token.STRING) {
            return readPacked(new PackedStrings());
        }
        if (t == Token.START_ARRAY) {
            return next() == Token.STRING ? readRows(new PackedStrings()) : readRows(new PackedNumbers());
        }
        List<JsonValue> elements = new ArrayList<>();
        while (t != Token.END_ARRAY) {
            elements.add(readValue());
            t = next();
        }
        return JsonArray.adopt(elements);
    }

    /** An array whose first element is the current token: packed while {@code packed} takes its elements, then a tree. */
    private JsonArray readPacked(Packed packed) throws JsonSyntaxException {
        Token t = token;
        while (packed.take(t)) {
            t = next();
        }
        if (t == Token.END_ARRAY) {
            return packed.row(0, packed.count());
        }
        return finishArray(packed.elements(0, packed.count()));
    }

    /**
     * An array whose first element starts an array, and whose current token is that row's first element (or its end): rows
     * all of one length packed while {@code packed} takes their elements; from the first row unlike them (a different
     * length, an element it does not take), the rows so far stay packed and the rest is read as a tree.
     */
    private JsonArray readRows(Packed packed) throws JsonSyntaxException {
        int rows = 0;
        int cols = -1;
        Token t = Token.START_ARRAY;
        while (t == Token.START_ARRAY) {
            int length = 0;
            Token u = rows == 0 ? token : next();
            while ((cols < 0 || length < cols) && packed.take(u)) {
                length++;
                u = next();
            }
            if (u != Token.END_ARRAY || length == 0 || cols >= 0 && length != cols) {
                // this row is not like the others: the rows so far packed, its elements so far and the rest as a tree
                List<JsonValue> elements = packed.rowList(rows, cols);
                List<JsonValue> row = packed.elements(packed.count() - length, length);
                elements.add(u == Token.END_ARRAY ? JsonArray.adopt(row) : finishArray(row));
                next();
                return finishArray(elements);
            }
            cols = length;
            rows++;
            t = next();
        }
        if (t == Token.END_ARRAY) {
            return packed.packedRows(rows, cols);
        }
        return finishArray(packed.rowList(rows, cols));
    }

    /** The elements of an array (or of its rows) read so far, held packed. */
    private abstract static class Packed {
        /** Takes the element at token {@code t} (the reader's current one), or returns false when it cannot hold it. */
        abstract boolean take(Token t);

        /** Elements taken so far. */
        int n;

        final int count() {
            return n;
        }

        /** Element i as a tree element. */
        abstract JsonValue element(int i);

        /** Elements [from, from + size) as tree elements, in a list the caller may add to. */
        final List<JsonValue> elements(int from, int size) {
            List<JsonValue> out = new ArrayList<>(size + 8);
            for (int i = from; i < from + size; i++) {
                out.add(element(i));
            }
            return out;
        }

        /** Elements [from, from + size) as a packed array (none is taken afterwards). */
        abstract JsonArray row(int from, int size);

        /** The first {@code rows} rows of {@code cols} as one packed array (none is taken afterwards). */
        abstract JsonArray packedRows(int rows, int cols);

        /** The first {@code rows} rows of {@code cols}, each packed, in a list the caller may add to. */
        final List<JsonValue> rowList(int rows, int cols) {
            List<JsonValue> out = new ArrayList<>(rows + 8);
            for (int r = 0; r < rows; r++) {
                out.add(row(r * cols, cols));
            }
            return out;
        }
    }

    /**
     * Numbers as doubles ({@link JsonArray#ofDoubles}, {@link JsonArray#ofDoubleRows}: 8 bytes a number instead of about a
     * hundred as a tree), so a spec of millions of stored points is never a tree of them. Faithful by construction: a number
     * is taken only when its literal is exactly RFC 8785's form of its double ({@link #packable}), which is the literal the
     * packed element gives back; the first that is not ends the packing, so the array equals, writes and hashes as the tree.
     */
    private final class PackedNumbers extends Packed {
        private double[] values = new double[16];

        @Override
        boolean take(Token t) {
            double d;
            if (t != Token.NUMBER || Double.isNaN(d = packable(text))) {
                return false;
            }
            if (n == values.length) {
                values = Arrays.copyOf(values, grow(n));
            }
            values[n++] = d;
            return true;
        }

        @Override
        JsonValue element(int i) {
            return JsonNumber.of(values[i]);
        }

        @Override
        JsonArray row(int from, int size) {
            return JsonArray.packed(Arrays.copyOfRange(values, from, from + size), 0, size);
        }

        @Override
        JsonArray packedRows(int rows, int cols) {
            return JsonArray.packedRows(Arrays.copyOf(values, n), rows, cols);
        }
    }

    /**
     * Strings in one text and the end of each ({@link JsonArray#ofStrings}: a facet's normal, a basis), up to a total that
     * one string can hold; the first element that is not a string ends the packing.
     */
    private final class PackedStrings extends Packed {
        private static final int MAX_CHARS = 1 << 30;
        private final StringBuilder builder = new StringBuilder();
        private int[] ends = new int[16];
        private String text; // the builder's text once nothing more is taken

        @Override
        boolean take(Token t) {
            if (t != Token.STRING || builder.length() + (long) JsonReader.this.text.length() > MAX_CHARS) {
                return false;
            }
            if (n == ends.length) {
                ends = Arrays.copyOf(ends, grow(n));
            }
            builder.append(JsonReader.this.text);
            ends[n++] = builder.length();
            return true;
        }

        @Override
        JsonValue element(int i) {
            return new JsonString(builder.substring(i == 0 ? 0 : ends[i - 1], ends[i]));
        }

        @Override
        JsonArray row(int from, int size) {
            return JsonArray.packedStrings(text(), ends, from, size);
        }

        @Override
        JsonArray packedRows(int rows, int cols) {
            return JsonArray.packedStringRows(text(), ends, rows, cols);
        }

        private String text() {
            if (text == null) {
                text = builder.toString();
                ends = Arrays.copyOf(ends, n);
            }
            return text;
        }
    }

    /** The elements read so far, then the value at the current token and the rest of the array, read as a tree. */
    private JsonArray finishArray(List<JsonValue> elements) throws JsonSyntaxException {
        Token t = token;
        while (t != Token.END_ARRAY) {
            elements.add(readValue());
            t = next();
        }
        return JsonArray.adopt(elements);
    }

    /**
     * The double of a number literal when the literal is exactly RFC 8785's (ECMAScript's) form of it, so a packed element
     * gives the same text back; NaN otherwise ({@code 1.0}, {@code -0}, {@code 1e2}, 17 digits where 16 suffice...).
     */
    static double packable(String literal) {
        String shortForm = Es6NumberFormat.canonicalOfShortLiteral(literal);
        if (shortForm != null) {
            return shortForm.equals(literal) ? Double.parseDouble(literal) : Double.NaN;
        }
        double d = Double.parseDouble(literal);
        return Double.isFinite(d) && Es6NumberFormat.format(d).equals(literal) ? d : Double.NaN;
    }

    private static int grow(int n) {
        long next = n + (n >> 1) + 16L;
        if (next > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("more than " + n + " numbers in one array");
        }
        return (int) next;
    }

    /**
     * Skips the value that starts at the current token, still checking it; afterwards the current token is the value's
     * last.
     *
     * @throws IllegalStateException if the current token does not start a value
     */
    public void skipValue() throws JsonSyntaxException {
        Token t = requireValueStart();
        if (t == Token.START_OBJECT || t == Token.START_ARRAY) {
            int d = depth;
            do {
                next();
            } while (depth >= d);
        }
    }

    /** Closes the input. */
    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Token requireValueStart() {
        if (token == null || token == Token.NAME || token == Token.END_OBJECT || token == Token.END_ARRAY || token == Token.END_DOCUMENT) {
            throw new IllegalStateException("the current token " + token + " does not start a value");
        }
        return token;
    }

    private Token advance() throws JsonSyntaxException {
        if (detectEncoding) {
            detectEncoding = false;
            detectEncoding();
        }
        text = null;
        mark = -1;
        for (;;) {
            int c = skipWhitespace();
            switch (state) {
                case AFTER_VALUE:
                    if (depth == 0) {
                        startToken();
                        if (c < 0) {
                            state = DONE;
                            return token = Token.END_DOCUMENT;
                        }
                        throw tokenError("unexpected content after the end of the document");
                    }
                    if (c == ',') {
                        pos++;
                        state = objectAt[depth] ? MEMBER_NAME : VALUE;
                        continue;
                    }
                    if (objectAt[depth]) {
                        if (c == '}') {
                            return endContainer(Token.END_OBJECT);
                        }
                        throw expected("',' or '}' after an object member", c);
                    }
                    if (c == ']') {
                        return endContainer(Token.END_ARRAY);
                    }
                    throw expected("',' or ']' after an array element", c);
                case COLON:
                    if (c == ':') {
                        pos++;
                        state = VALUE;
                        continue;
                    }
                    throw expected("':' after the member name", c);
                case OBJECT_FIRST:
                    if (c == '}') {
                        return endContainer(Token.END_OBJECT);
                    }
                    return memberName(c);
                case MEMBER_NAME:
                    if (c == '}') {
                        throw error("expected a member name after ',' (a trailing comma is not allowed)");
                    }
                    return memberName(c);
                case ARRAY_FIRST:
                    if (c == ']') {
                        return endContainer(Token.END_ARRAY);
                    }
                    return value(c);
                case VALUE:
                    if (c == ']' && !objectAt[depth]) {
                        throw error("expected a value after ',' (a trailing comma is not allowed)");
                    }
                    return value(c);
                case DOC_START:
                    if (c < 0) {
                        startToken();
                        throw tokenError("empty document");
                    }
                    return value(c);
                default: // DONE
                    return token = Token.END_DOCUMENT;
            }
        }
    }

    private Token value(int c) throws JsonSyntaxException {
        startToken();
        switch (c) {
            case '{':
                openContainer(true);
                state = OBJECT_FIRST;
                return token = Token.START_OBJECT;
            case '[':
                openContainer(false);
                state = ARRAY_FIRST;
                return token = Token.START_ARRAY;
            case '"':
                text = readString();
                state = AFTER_VALUE;
                return token = Token.STRING;
            case '-': case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
                text = readNumber();
                state = AFTER_VALUE;
                return token = Token.NUMBER;
            default:
                break;
        }
        if (c == '+') {
            throw error("a number may not start with '+'");
        }
        if (isWordByte(c)) {
            String word = readWord();
            Token literal = word.equals("true") ? Token.TRUE : word.equals("false") ? Token.FALSE : word.equals("null") ? Token.NULL : null;
            if (literal == null) {
                throw tokenError("unrecognized token '" + word + "'; expected a value (a string, number, object, array, true, false or null)");
            }
            state = AFTER_VALUE;
            return token = literal;
        }
        throw expected("a value", c);
    }

    private Token memberName(int c) throws JsonSyntaxException {
        if (c != '"') {
            throw expected("a member name in double quotes", c);
        }
        startToken();
        String name = readString();
        @SuppressWarnings("unchecked")
        HashSet<String> names = (HashSet<String>) namesAt[depth];
        if (!names.add(name)) {
            throw tokenError("Duplicate field '" + forMessage(name) + "'");
        }
        text = name;
        state = COLON;
        return token = Token.NAME;
    }

    private void openContainer(boolean object) throws JsonSyntaxException {
        if (depth == maxDepth) {
            throw tokenError("nesting depth exceeds the maximum of " + maxDepth);
        }
        pos++;
        depth++;
        objectAt[depth] = object;
        if (object) {
            HashSet<?> names = namesAt[depth];
            if (names == null) {
                namesAt[depth] = new HashSet<String>();
            } else {
                names.clear();
            }
        }
    }

    private Token endContainer(Token end) {
        startToken();
        pos++;
        HashSet<?> names = namesAt[depth];
        if (names != null && names.size() > NAME_SET_REUSE) {
            namesAt[depth] = null; // a large set is freed now rather than cleared (at its full capacity) later
        }
        depth--;
        state = AFTER_VALUE;
        return token = end;
    }

    /** Reads the next byte's encoding from its byte order mark; the four first bytes decide. */
    private void detectEncoding() throws JsonSyntaxException {
        while (limit < 4 && fill()) {
            // read at least four bytes, unless the input is shorter
        }
        int b0 = limit > 0 ? buf[0] & 0xFF : -1;
        int b1 = limit > 1 ? buf[1] & 0xFF : -1;
        int b2 = limit > 2 ? buf[2] & 0xFF : -1;
        int b3 = limit > 3 ? buf[3] & 0xFF : -1;
        if (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) {
            pos = 3; // RFC 8259 §8.1: a parser may ignore a UTF-8 byte order mark
            lineStart = 3;
            return;
        }
        int bom = 0;
        int unit = 0;
        boolean bigEndian = false;
        if (b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF) {
            bom = 4;
            unit = 4;
            bigEndian = true;
        } else if (b0 == 0xFF && b1 == 0xFE && b2 == 0 && b3 == 0) {
            bom = 4; // not UTF-16LE: no JSON text starts with U+0000
            unit = 4;
        } else if (b0 == 0xFE && b1 == 0xFF) {
            bom = 2;
            unit = 2;
            bigEndian = true;
        } else if (b0 == 0xFF && b1 == 0xFE) {
            bom = 2;
            unit = 2;
        }
        if (bom > 0) {
            InputStream rest = new SequenceInputStream(new ByteArrayInputStream(Arrays.copyOfRange(buf, bom, limit)), in);
            in = new Utf8Transcoder.OfUnicodeBytes(rest, unit, bigEndian);
            pos = 0;
            limit = 0;
            eof = false;
            tooLarge = false; // the limit counts the UTF-8 form, from here
            return;
        }
        if (b0 == 0 || b1 == 0) {
            throw error("the input looks like UTF-16 or UTF-32 without a byte order mark; JSON text must be UTF-8 (or carry a byte order mark)");
        }
    }

    /**
     * Makes more input available after {@code limit}, keeping the bytes from {@code mark} (or from {@code pos}) and
     * moving them to the start of the buffer.
     *
     * @return false at the end of the input
     */
    private boolean fill() throws JsonSyntaxException {
        if (eof) {
            return false;
        }
        if (tooLarge) {
            throw error("the document is longer than the maximum of " + maxDocumentBytes + " bytes");
        }
        int keep = mark >= 0 ? mark : pos;
        if (keep > 0) {
            System.arraycopy(buf, keep, buf, 0, limit - keep);
            base += keep;
            pos -= keep;
            limit -= keep;
            if (mark >= 0) {
                mark = 0;
            }
        }
        if (limit == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2); // a kept token fills the buffer
        }
        // Reads at most one byte beyond the maximum, to know whether the document goes on.
        int want = (int) Math.min(buf.length - limit, maxDocumentBytes + 1 - (base + limit));
        int n;
        try {
            do {
                n = in.read(buf, limit, want);
            } while (n == 0);
        } catch (Utf8Transcoder.MalformedTextException e) {
            throw error(e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (n < 0) {
            eof = true;
            return false;
        }
        limit += n;
        if (base + limit > maxDocumentBytes) {
            limit--;
            tooLarge = true;
            if (pos == limit) {
                throw error("the document is longer than the maximum of " + maxDocumentBytes + " bytes");
            }
        }
        return true;
    }

    /** Makes {@code k} bytes from {@code pos} available if the input has them; returns whether it does. */
    private boolean ensure(int k) throws JsonSyntaxException {
        while (limit - pos < k) {
            mark = pos;
            boolean more = fill();
            mark = -1;
            if (!more) {
                return false;
            }
        }
        return true;
    }

    /** Skips white space and returns the next byte (not consumed), or -1 at the end of the input. */
    private int skipWhitespace() throws JsonSyntaxException {
        for (;;) {
            if (pos == limit && !fill()) {
                return -1;
            }
            int c = buf[pos] & 0xFF;
            if (c > ' ') {
                return c;
            }
            if (c == ' ' || c == '\t') {
                pos++;
            } else if (c == '\n') {
                long at = base + pos;
                if (at != lastCr + 1) {
                    line++; // CRLF is one line break, counted at the CR
                }
                lineStart = at + 1;
                continuationBytes = 0;
                pos++;
            } else if (c == '\r') {
                long at = base + pos;
                line++;
                lastCr = at;
                lineStart = at + 1;
                continuationBytes = 0;
                pos++;
            } else {
                return c; // another control character, which the caller refuses
            }
        }
    }

    private void startToken() {
        tokenLine = line;
        tokenColumn = scanColumn();
    }

    /** The column of the byte at {@code pos}. */
    private long scanColumn() {
        return base + pos - lineStart - continuationBytes + 1;
    }

    private static boolean isWordByte(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '+' || c == '-';
    }

    /** Reads a run of letters, digits and {@code _.+-}: a literal, or the bad token an error shows. */
    private String readWord() throws JsonSyntaxException {
        mark = pos;
        int n = 0;
        while (n <= WORD_SHOWN) {
            if (pos == limit && !fill()) {
                break;
            }
            if (!isWordByte(buf[pos] & 0xFF)) {
                break;
            }
            pos++;
            n++;
        }
        String word = new String(buf, mark, Math.min(n, WORD_SHOWN), StandardCharsets.ISO_8859_1);
        mark = -1;
        return n > WORD_SHOWN ? word + "..." : word;
    }

    private int peekInNumber() throws JsonSyntaxException {
        if (pos - mark > maxNumberChars) {
            throw tokenError("a number literal is longer than the maximum of " + maxNumberChars + " characters");
        }
        if (pos == limit && !fill()) {
            return -1;
        }
        return buf[pos] & 0xFF;
    }

    private int digits() throws JsonSyntaxException {
        int c;
        while ((c = peekInNumber()) >= '0' && c <= '9') {
            pos++;
        }
        return c;
    }

    /** Reads a number by the RFC 8259 grammar {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?} and returns its literal. */
    private String readNumber() throws JsonSyntaxException {
        mark = pos;
        int c = buf[pos] & 0xFF;
        if (c == '-') {
            pos++;
            c = peekInNumber();
            if (c < '0' || c > '9') {
                throw expected("a digit after '-'", c);
            }
        }
        if (c == '0') {
            pos++;
            c = peekInNumber();
        } else {
            c = digits();
        }
        if (c == '.') {
            pos++;
            c = peekInNumber();
            if (c < '0' || c > '9') {
                throw expected("a digit after the decimal point", c);
            }
            c = digits();
        }
        if (c == 'e' || c == 'E') {
            pos++;
            c = peekInNumber();
            if (c == '+' || c == '-') {
                pos++;
                c = peekInNumber();
            }
            if (c < '0' || c > '9') {
                throw expected("a digit in the exponent", c);
            }
            c = digits();
        }
        String literal = new String(buf, mark, pos - mark, StandardCharsets.ISO_8859_1);
        mark = -1;
        if (exponentOutOfRange(literal)) {
            throw tokenError("number exponent out of range (at most " + JsonNumber.MAX_ABS_EXPONENT + " in magnitude): "
                    + (literal.length() > WORD_SHOWN ? literal.substring(0, WORD_SHOWN) + "..." : literal));
        }
        if (c >= '0' && c <= '9') {
            throw error("leading zeros are not allowed in a number");
        }
        if (isWordByte(c)) {
            throw error("unexpected " + describe(c) + " after the number " + (literal.length() > WORD_SHOWN ? literal.substring(0, WORD_SHOWN) + "..." : literal));
        }
        return literal;
    }

    /** Whether a literal's exponent is beyond {@link JsonNumber#MAX_ABS_EXPONENT} (which {@code BigDecimal} may not hold). */
    private static boolean exponentOutOfRange(String literal) {
        int e = literal.indexOf('e');
        if (e < 0) {
            e = literal.indexOf('E');
            if (e < 0) {
                return false;
            }
        }
        int i = e + 1;
        if (literal.charAt(i) == '+' || literal.charAt(i) == '-') {
            i++;
        }
        while (i < literal.length() - 1 && literal.charAt(i) == '0') {
            i++; // leading zeros
        }
        return literal.length() - i > 5 || Integer.parseInt(literal, i, literal.length(), 10) > JsonNumber.MAX_ABS_EXPONENT;
    }

    /** Reads a string from its opening quote at {@code pos}. */
    private String readString() throws JsonSyntaxException {
        pos++;
        byte[] b = buf;
        int start = pos;
        int p = pos;
        int lim = limit;
        // Fast path: printable ASCII without escapes, within the buffer (bytes are signed: non-ASCII is negative).
        while (p < lim) {
            byte c = b[p];
            if (c == '"') {
                int n = p - start;
                if (n > maxStringChars) {
                    throw tooLongString();
                }
                pos = p + 1;
                return new String(b, start, n, StandardCharsets.ISO_8859_1);
            }
            if (c == '\\' || c < 0x20) {
                break;
            }
            p++;
        }
        int n = p - start;
        if (n > maxStringChars) {
            throw tooLongString();
        }
        char[] s = n + 2 <= chars.length ? chars : growChars(n + 2);
        for (int i = 0; i < n; i++) {
            s[i] = (char) b[start + i];
        }
        pos = p;
        return readStringRest(n);
    }

    /** The rest of a string whose first {@code n} characters are in {@link #chars}. */
    private String readStringRest(int n) throws JsonSyntaxException {
        for (;;) {
            if (pos == limit && !fill()) {
                throw error("unexpected end of input inside a string");
            }
            int c = buf[pos] & 0xFF;
            if (c == '"') {
                pos++;
                String s = new String(chars, 0, n);
                if (chars.length > BUFFER_BYTES) {
                    chars = new char[256]; // a long string's buffer is not kept
                }
                return s;
            }
            if (n + 2 > chars.length) {
                growChars(n + 2);
            }
            if (c == '\\') {
                n = readEscape(n);
            } else if (c < 0x20) {
                throw error(String.format("control character U+%04X must be escaped in a string", c));
            } else if (c < 0x80) {
                // a run of plain ASCII, as far as the buffer and the char array go
                byte[] b = buf;
                char[] s = chars;
                int p = pos;
                int end = Math.min(limit, p + s.length - n);
                byte d;
                while (p < end && (d = b[p]) >= 0x20 && d != '"' && d != '\\') {
                    s[n++] = (char) d;
                    p++;
                }
                pos = p;
            } else {
                n = readUtf8(c, n);
            }
            if (n > maxStringChars) {
                throw tooLongString();
            }
        }
    }

    private char[] growChars(int needed) throws JsonSyntaxException {
        if (needed > maxStringChars + 2) {
            throw tooLongString();
        }
        int size = (int) Math.min(Math.max(needed, 2L * chars.length), maxStringChars + 2L);
        chars = Arrays.copyOf(chars, size);
        return chars;
    }

    private JsonSyntaxException tooLongString() {
        return tokenError("a string is longer than the maximum of " + maxStringChars + " characters");
    }

    /** Reads the escape at {@code pos} into {@link #chars} at {@code n} (room for two chars is there). */
    private int readEscape(int n) throws JsonSyntaxException {
        if (!ensure(2)) {
            throw error("unexpected end of input inside a string");
        }
        char[] s = chars;
        int e = buf[pos + 1] & 0xFF;
        char c;
        switch (e) {
            case '"': c = '"'; break;
            case '\\': c = '\\'; break;
            case '/': c = '/'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'n': c = '\n'; break;
            case 'r': c = '\r'; break;
            case 't': c = '\t'; break;
            case 'u': {
                int u = hex4(pos + 2);
                if (Character.isHighSurrogate((char) u) && ensure(12) && buf[pos + 6] == '\\' && buf[pos + 7] == 'u') {
                    int low = hex4(pos + 8);
                    if (Character.isLowSurrogate((char) low)) {
                        s[n] = (char) u;
                        s[n + 1] = (char) low;
                        pos += 12;
                        return n + 2;
                    }
                }
                if (Character.isSurrogate((char) u)) {
                    throw error(String.format("a string contains an unpaired UTF-16 surrogate \\u%04X", u));
                }
                s[n] = (char) u;
                pos += 6;
                return n + 1;
            }
            default:
                pos++; // at the escaped character
                throw error("invalid escape: '\\' followed by " + describe(e) + " (allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
        }
        s[n] = c;
        pos += 2;
        return n + 1;
    }

    /** The four hex digits at {@code at} (the {@code \\u} before them starts at {@code at - 2}). */
    private int hex4(int at) throws JsonSyntaxException {
        int offset = at - pos;
        ensure(offset + 4); // may move the buffer
        at = pos + offset;
        int u = 0;
        for (int i = 0; i < 4; i++) {
            if (at + i >= limit) {
                pos = at + i;
                throw error("unexpected end of input inside a \\u escape");
            }
            int d = Character.digit(buf[at + i] & 0xFF, 16);
            if (d < 0 || (buf[at + i] & 0x80) != 0) {
                pos = at + i;
                throw error("invalid \\u escape: expected four hex digits, found " + describe(buf[at + i] & 0xFF));
            }
            u = u << 4 | d;
        }
        return u;
    }

    /** Decodes the UTF-8 sequence that starts with byte {@code c} at {@code pos} into {@link #chars} at {@code n}. */
    private int readUtf8(int c, int n) throws JsonSyntaxException {
        int len;
        if (c < 0xC0) {
            throw error(String.format("invalid UTF-8: a continuation byte 0x%02X does not follow a lead byte", c));
        } else if (c < 0xC2) {
            throw error(String.format("invalid UTF-8: the byte 0x%02X starts an overlong encoding", c));
        } else if (c < 0xE0) {
            len = 2;
        } else if (c < 0xF0) {
            len = 3;
        } else if (c < 0xF5) {
            len = 4;
        } else {
            throw error(String.format("invalid UTF-8: the byte 0x%02X never appears in UTF-8", c));
        }
        ensure(len);
        int cp = c & 0x7F >> len;
        for (int i = 1; i < len; i++) {
            if (pos + i >= limit) {
                throw error("unexpected end of input inside a string (in a UTF-8 sequence)");
            }
            int b = buf[pos + i] & 0xFF;
            if ((b & 0xC0) != 0x80) {
                throw error(String.format("invalid UTF-8: the lead byte 0x%02X is followed by 0x%02X, not a continuation byte", c, b));
            }
            cp = cp << 6 | b & 0x3F;
        }
        if (len == 3 && cp < 0x800 || len == 4 && cp < 0x10000) {
            throw error(String.format("invalid UTF-8: an overlong encoding of U+%04X", cp));
        }
        if (cp >= 0xD800 && cp <= 0xDFFF) {
            throw error(String.format("invalid UTF-8: an encoded surrogate U+%04X (not a character)", cp));
        }
        if (cp > Character.MAX_CODE_POINT) {
            throw error(String.format("invalid UTF-8: U+%X is beyond U+10FFFF", cp));
        }
        if (cp < 0x10000) {
            chars[n++] = (char) cp;
        } else {
            chars[n++] = Character.highSurrogate(cp);
            chars[n++] = Character.lowSurrogate(cp);
        }
        pos += len;
        continuationBytes += len - 1;
        return n;
    }

    /** How a byte at {@code pos} is shown in an error: the character it starts, or the byte. */
    private String describe(int c) {
        if (c < 0) {
            return "the end of the input";
        }
        if (c > ' ' && c < 0x7F) {
            return "'" + (char) c + "'";
        }
        if (c < 0x80) {
            return String.format("U+%04X", c);
        }
        int cp = -1;
        try {
            ensure(4);
            String s = new String(buf, pos, Math.min(4, limit - pos), StandardCharsets.UTF_8);
            cp = s.codePointAt(0);
            if (cp == 0xFFFD && !(c == 0xEF && limit - pos >= 3 && (buf[pos + 1] & 0xFF) == 0xBF && (buf[pos + 2] & 0xFF) == 0xBD)) {
                cp = -1; // the decoder's replacement: not valid UTF-8
            }
        } catch (JsonSyntaxException | IndexOutOfBoundsException e) {
            cp = -1;
        }
        if (cp < 0) {
            return String.format("the byte 0x%02X (not valid UTF-8 here)", c);
        }
        return (isVisible(cp) ? "'" + new String(Character.toChars(cp)) + "' " : "") + String.format("(U+%04X)", cp);
    }

    /** Whether a message may show the character itself (not a control, format such as a bidi override, or blank). */
    private static boolean isVisible(int cp) {
        switch (Character.getType(cp)) {
            case Character.CONTROL: case Character.FORMAT: case Character.SURROGATE: case Character.PRIVATE_USE: case Character.UNASSIGNED:
            case Character.LINE_SEPARATOR: case Character.PARAGRAPH_SEPARATOR: case Character.SPACE_SEPARATOR:
                return false;
            default:
                return true;
        }
    }

    private JsonSyntaxException expected(String what, int c) {
        return c < 0 ? error("unexpected end of input; expected " + what) : error("expected " + what + ", found " + describe(c));
    }

    /** An error at {@code pos}. */
    private JsonSyntaxException error(String message) {
        return new JsonSyntaxException(message, line, scanColumn());
    }

    /** An error at the current token's start. */
    private JsonSyntaxException tokenError(String message) {
        return new JsonSyntaxException(message, tokenLine, tokenColumn);
    }

    /** A name as an error message shows it: JSON-escaped, and cut after 60 characters (not inside a surrogate pair). */
    private static String forMessage(String s) {
        int cut = s.length() <= 60 ? s.length() : Character.isHighSurrogate(s.charAt(59)) ? 59 : 60;
        String q = JsonWriter.compact(new JsonString(s.substring(0, cut)));
        return q.substring(1, q.length() - 1) + (cut < s.length() ? "..." : "");
    }
}
