package org.optimech.runtime.json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Strict RFC 8259 parser into the {@link JsonValue} tree, built on {@link JsonReader}.
 *
 * <p>Rejects, with line and column: duplicate member names, trailing content after the document,
 * non-standard tokens (NaN, comments, single quotes, leading zeros or {@code +}), strings with
 * unpaired UTF-16 surrogates (they have no UTF-8 form to digest), malformed UTF-8, nesting deeper than
 * {@value #MAX_DEPTH} and documents larger than {@value #MAX_DOCUMENT_CHARS} bytes. Numbers keep
 * their literal text. See {@link JsonReader} for the whole list.
 */
public final class JsonParser {
    /** Deepest nesting accepted; specs and problems need fewer than ten levels. */
    public static final int MAX_DEPTH = JsonReader.MAX_DEPTH;
    /** Longest number literal accepted, in characters (a weight is a string, never a number). */
    public static final int MAX_NUMBER_CHARS = JsonReader.MAX_NUMBER_CHARS;
    /** Largest document accepted, in bytes of its UTF-8 form (its characters, for ASCII text). */
    public static final long MAX_DOCUMENT_CHARS = JsonReader.MAX_DOCUMENT_BYTES;

    private JsonParser() {
    }

    /** Parses a whole document. */
    public static JsonValue parse(String text) throws JsonSyntaxException {
        return parseDocument(JsonReader.of(text));
    }

    /**
     * Parses a whole document from UTF-8 (or UTF-16/32 with a byte order mark) bytes, reading the stream to its end
     * and closing it. I/O errors are thrown as {@link UncheckedIOException}.
     */
    public static JsonValue parse(InputStream in) throws JsonSyntaxException {
        try (JsonReader reader = JsonReader.of(in)) {
            return parseDocument(reader);
        }
    }

    /** Parses a file; I/O errors are thrown as {@link IOException}. */
    public static JsonValue parse(Path file) throws IOException, JsonSyntaxException {
        try (InputStream in = Files.newInputStream(file)) {
            return parse(in);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static JsonValue parseDocument(JsonReader reader) throws JsonSyntaxException {
        reader.next();
        JsonValue value = reader.readValue();
        if (reader.next() != JsonReader.Token.END_DOCUMENT) {
            throw new AssertionError("the reader ends a document or refuses what follows it");
        }
        return value;
    }
}
