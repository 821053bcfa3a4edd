package org.optimech.runtime.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Strict RFC 8259 parser into the {@link JsonValue} tree.
 *
 * <p>Rejects, with line and column: duplicate member names, trailing content after the document,
 * non-standard tokens (NaN, comments, single quotes, leading zeros or {@code +}), strings with
 * unpaired UTF-16 surrogates (they have no UTF-8 form to digest), nesting deeper than
 * {@value #MAX_DEPTH} and documents larger than {@value #MAX_DOCUMENT_CHARS} characters. Numbers keep
 * their literal text.
 */
public final class JsonParser {
    /** Deepest nesting accepted; specs and problems need fewer than ten levels. */
    public static final int MAX_DEPTH = 64;
    /** Longest number literal accepted (a weight is a string, never a number). */
    public static final int MAX_NUMBER_CHARS = 1000;
    /** Largest document accepted, in characters. */
    public static final long MAX_DOCUMENT_CHARS = 1L << 30;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_DEPTH)
                    .maxNumberLength(MAX_NUMBER_CHARS)
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxDocumentLength(MAX_DOCUMENT_CHARS)
                    .build())
            .build();

    private JsonParser() {
    }

    /** Parses a whole document. */
    public static JsonValue parse(String text) throws JsonSyntaxException {
        try (com.fasterxml.jackson.core.JsonParser p = FACTORY.createParser(text)) {
            return parseDocument(p);
        } catch (IOException e) {
            throw syntaxError(e);
        }
    }

    /** Parses a whole document from UTF-8 (or UTF-16/32 with a BOM) bytes. */
    public static JsonValue parse(InputStream in) throws JsonSyntaxException {
        try (com.fasterxml.jackson.core.JsonParser p = FACTORY.createParser(in)) {
            return parseDocument(p);
        } catch (IOException e) {
            if (e instanceof JsonProcessingException) {
                throw syntaxError(e);
            }
            throw new UncheckedIOException(e);
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

    private static JsonValue parseDocument(com.fasterxml.jackson.core.JsonParser p) throws IOException, JsonSyntaxException {
        JsonToken first = p.nextToken();
        if (first == null) {
            throw error(p, "empty document");
        }
        JsonValue value = parseValue(p, first);
        JsonToken trailing = p.nextToken();
        if (trailing != null) {
            throw error(p, "unexpected content after the end of the document");
        }
        return value;
    }

    private static JsonValue parseValue(com.fasterxml.jackson.core.JsonParser p, JsonToken t) throws IOException, JsonSyntaxException {
        switch (t) {
            case START_OBJECT: {
                Map<String, JsonValue> members = new LinkedHashMap<>();
                for (JsonToken n = p.nextToken(); n != JsonToken.END_OBJECT; n = p.nextToken()) {
                    String name = checkedString(p, p.currentName());
                    JsonValue v = parseValue(p, p.nextToken());
                    members.put(name, v); // duplicates were rejected by the parser
                }
                return JsonObject.of(members);
            }
            case START_ARRAY: {
                List<JsonValue> elements = new ArrayList<>();
                for (JsonToken n = p.nextToken(); n != JsonToken.END_ARRAY; n = p.nextToken()) {
                    elements.add(parseValue(p, n));
                }
                return JsonArray.of(elements);
            }
            case VALUE_STRING:
                return new JsonString(checkedString(p, p.getText()));
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                try {
                    return JsonNumber.ofLiteral(p.getText());
                } catch (IllegalArgumentException e) {
                    throw error(p, e.getMessage());
                }
            case VALUE_TRUE:
                return JsonBoolean.TRUE;
            case VALUE_FALSE:
                return JsonBoolean.FALSE;
            case VALUE_NULL:
                return JsonNull.INSTANCE;
            default:
                throw error(p, "unexpected token " + t);
        }
    }

    private static String checkedString(com.fasterxml.jackson.core.JsonParser p, String s) throws JsonSyntaxException {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                    continue;
                }
                throw error(p, "string contains an unpaired UTF-16 surrogate");
            }
            if (Character.isLowSurrogate(c)) {
                throw error(p, "string contains an unpaired UTF-16 surrogate");
            }
        }
        return s;
    }

    private static JsonSyntaxException error(com.fasterxml.jackson.core.JsonParser p, String message) {
        JsonLocation loc = p.currentLocation();
        return new JsonSyntaxException(message, loc.getLineNr(), loc.getColumnNr());
    }

    private static JsonSyntaxException syntaxError(IOException e) {
        if (e instanceof JsonProcessingException jpe) {
            JsonLocation loc = jpe.getLocation();
            String msg = jpe.getOriginalMessage();
            // Jackson's messages carry a second line of advice about its own features; keep the first.
            int nl = msg.indexOf('\n');
            if (nl >= 0) {
                msg = msg.substring(0, nl);
            }
            return new JsonSyntaxException(msg, loc == null ? 0 : loc.getLineNr(), loc == null ? 0 : loc.getColumnNr());
        }
        return new JsonSyntaxException(e.toString(), 0, 0);
    }
}
