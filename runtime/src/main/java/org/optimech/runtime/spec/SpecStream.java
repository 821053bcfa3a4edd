package org.optimech.runtime.spec;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonReader;
import org.optimech.runtime.json.JsonReader.Token;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonSyntaxException;
import org.optimech.runtime.json.JsonValue;

/**
 * Reads a spec document from a {@link JsonReader} without building the tree of its one large member: the weight table of
 * a {@code discrete-table} or the remap rows of a {@code geometric-remap} are read token by token into flat arrays (8 bytes
 * a weight, 16 a remap row, against about a hundred in a tree), and the document holds them as {@link JsonArray#view
 * views}. Everything else is read as a tree, in which the reader holds every array of numbers (or of rows of numbers)
 * packed as doubles: a K-norm spec's stored points and vertices, a Gaussian process's grid, a recorded problem's records
 * cost 8 bytes a number, not a tree node and its text ({@link JsonReader#readValue}).
 *
 * <p>Faithful by construction: an element is stored flat only when the view gives back a value equal to the one read (a
 * weight is a string of decimal digits without a leading zero, a remap row an integer literal in its shortest form or an
 * object of two such arrays of length ≥ 2); an array with any other element is read as a tree whole, so the codec checks and
 * reports it exactly as it would from a parsed tree. Hence the digest and a signature, which {@link SpecDigest} and
 * {@link SpecSignature} take over the canonical form of the document, cover exactly the values read.
 */
final class SpecStream {
    /** Weights with more digits are left to the tree (and refused there). */
    private static final int MAX_WEIGHT_DIGITS = 31_000;

    private SpecStream() {
    }

    /** A document, and the flat storage behind its large member when it was read flat (else null). */
    record Document(JsonValue document, Weights weights, RemapRows remap) {
    }

    /** Reads one document (the reader must be at its start); the caller checks that nothing follows it. */
    static Document read(JsonReader r) throws JsonSyntaxException {
        if (r.next() != Token.START_OBJECT) {
            return new Document(r.readValue(), null, null);
        }
        Map<String, JsonValue> top = new LinkedHashMap<>();
        Weights weights = null;
        RemapRows remap = null;
        while (r.next() != Token.END_OBJECT) {
            String name = r.text();
            if (name.equals("mechanism") && r.next() == Token.START_OBJECT) {
                Map<String, JsonValue> mech = new LinkedHashMap<>();
                while (r.next() != Token.END_OBJECT) {
                    String m = r.text();
                    Token t = r.next();
                    if (m.equals("weights") && t == Token.START_ARRAY) {
                        Object v = readWeights(r);
                        if (v instanceof Weights w) {
                            weights = w;
                            mech.put(m, w.json());
                        } else {
                            mech.put(m, (JsonValue) v);
                        }
                    } else if (m.equals("remap") && t == Token.START_ARRAY) {
                        Object v = readRemap(r);
                        if (v instanceof RemapRows rr) {
                            remap = rr;
                            mech.put(m, rr.json());
                        } else {
                            mech.put(m, (JsonValue) v);
                        }
                    } else {
                        mech.put(m, r.readValue());
                    }
                }
                top.put(name, JsonObject.of(mech));
            } else {
                if (!name.equals("mechanism")) {
                    r.next();
                }
                top.put(name, r.readValue());
            }
        }
        return new Document(JsonObject.of(top), weights, remap);
    }

    /**
     * A table of natural numbers in row-major order: longs, with any entry beyond 63 bits kept as its text (canonical
     * decimal, as read), parsed when asked for: the digest reads the text back, and converting a 200-bit BigInteger to
     * decimal again was most of a reload's time (issue 23).
     */
    static final class Weights {
        final int rows;
        final int cols;
        final long[] values;
        /** Entries beyond 63 bits (index → value), or null. */
        final Map<Integer, String> big;

        Weights(int rows, int cols, long[] values, Map<Integer, String> big) {
            this.rows = rows;
            this.cols = cols;
            this.values = values;
            this.big = big;
        }

        BigInteger get(int i, int j) {
            int k = i * cols + j;
            String text = big == null ? null : big.get(k);
            return text != null ? new BigInteger(text) : BigInteger.valueOf(values[k]);
        }

        String text(int i, int j) {
            int k = i * cols + j;
            String text = big == null ? null : big.get(k);
            return text != null ? text : Long.toString(values[k]);
        }

        JsonArray json() {
            return JsonArray.view(rows, i -> JsonArray.view(cols, j -> new JsonString(text(i, j))));
        }
    }

    /** Remap rows, flat: row z is entries {@code [start[z], start[z+1])}; a weight of −1 marks a row written as one index. */
    static final class RemapRows {
        final int[] start;
        final int[] outputs;
        final long[] weights;

        RemapRows(int[] start, int[] outputs, long[] weights) {
            this.start = start;
            this.outputs = outputs;
            this.weights = weights;
        }

        int rows() {
            return start.length - 1;
        }

        JsonArray json() {
            // a row read as one index is printed straight from it by the writers and digests
            return JsonArray.viewOfIntegers(rows(), z -> weights[start[z]] < 0, z -> outputs[start[z]], z -> {
                int from = start[z];
                int to = start[z + 1];
                long[] o = new long[to - from];
                List<String> w = new ArrayList<>(to - from);
                for (int k = from; k < to; k++) {
                    o[k - from] = outputs[k];
                    w.add(Long.toString(weights[k]));
                }
                return JsonObject.builder().put("outputs", JsonArray.ofLongs(o)).put("weights", JsonArray.ofStrings(w)).build();
            });
        }
    }

    /** The weights array (at its START_ARRAY): flat {@link Weights}, or the tree when any element is not a plain weight row. */
    private static Object readWeights(JsonReader r) throws JsonSyntaxException {
        long[] values = new long[1 << 10];
        Map<Integer, String> big = null;
        int size = 0;
        int rows = 0;
        int cols = -1;
        Token t;
        while ((t = r.next()) != Token.END_ARRAY) {
            if (t != Token.START_ARRAY) {
                return finishTree(r, weightRowsSoFar(values, big, rows, cols), r.readValue());
            }
            int length = 0;
            while ((t = r.next()) != Token.END_ARRAY) {
                if (t != Token.STRING || !isNatural(r.text(), MAX_WEIGHT_DIGITS) || cols >= 0 && length >= cols) {
                    // fall back: rebuild this row as a tree from what was read, then read the rest as a tree
                    List<JsonValue> row = new ArrayList<>();
                    for (int k = size - length; k < size; k++) {
                        row.add(new JsonString(textAt(values, big, k)));
                    }
                    row.add(r.readValue());
                    while (r.next() != Token.END_ARRAY) {
                        row.add(r.readValue());
                    }
                    return finishTree(r, weightRowsSoFar(values, big, rows, cols), JsonArray.of(row));
                }
                if (size == values.length) {
                    values = Arrays.copyOf(values, grow(size));
                }
                String s = r.text();
                if (isLong(s)) {
                    values[size] = Long.parseLong(s);
                } else {
                    // a natural number that is not a long is beyond 63 bits: kept as its (canonical) text
                    if (big == null) {
                        big = new java.util.HashMap<>();
                    }
                    big.put(size, s);
                }
                size++;
                length++;
            }
            if (cols >= 0 && length != cols || length == 0) {
                List<JsonValue> row = new ArrayList<>();
                for (int k = size - length; k < size; k++) {
                    row.add(new JsonString(textAt(values, big, k)));
                }
                return finishTree(r, weightRowsSoFar(values, big, rows, cols), JsonArray.of(row));
            }
            cols = length;
            rows++;
        }
        if (rows == 0) {
            return JsonArray.of(List.of());
        }
        return new Weights(rows, cols, size == values.length ? values : Arrays.copyOf(values, size), big);
    }

    private static String textAt(long[] values, Map<Integer, String> big, int k) {
        String text = big == null ? null : big.get(k);
        return text != null ? text : Long.toString(values[k]);
    }

    private static List<JsonValue> weightRowsSoFar(long[] values, Map<Integer, String> big, int rows, int cols) {
        List<JsonValue> out = new ArrayList<>(rows + 1);
        for (int i = 0; i < rows; i++) {
            List<JsonValue> row = new ArrayList<>(cols);
            for (int j = 0; j < cols; j++) {
                row.add(new JsonString(textAt(values, big, i * cols + j)));
            }
            out.add(JsonArray.of(row));
        }
        return out;
    }

    /** The rest of an array read as a tree, after the elements already read and the current one. */
    private static JsonArray finishTree(JsonReader r, List<JsonValue> before, JsonValue current) throws JsonSyntaxException {
        List<JsonValue> all = new ArrayList<>(before);
        all.add(current);
        while (r.next() != Token.END_ARRAY) {
            all.add(r.readValue());
        }
        return JsonArray.of(all);
    }

    /** The remap array (at its START_ARRAY): flat {@link RemapRows}, or the tree when any row is not in the writer's form. */
    private static Object readRemap(JsonReader r) throws JsonSyntaxException {
        int[] start = new int[1 << 10];
        int[] outputs = new int[1 << 10];
        long[] weights = new long[1 << 10];
        int rows = 0;
        int size = 0;
        Token t;
        while ((t = r.next()) != Token.END_ARRAY) {
            if (start.length <= rows + 1) {
                start = Arrays.copyOf(start, grow(start.length));
            }
            start[rows] = size;
            if (t == Token.NUMBER && isInt(r.text())) {
                if (size == outputs.length) {
                    outputs = Arrays.copyOf(outputs, grow(size));
                    weights = Arrays.copyOf(weights, outputs.length);
                }
                outputs[size] = Integer.parseInt(r.text());
                weights[size++] = -1;
                rows++;
                continue;
            }
            JsonValue row = r.readValue();
            int width = plainRowWidth(row);
            if (width < 2) {
                List<JsonValue> before = new ArrayList<>(rows + 1);
                JsonArray view = new RemapRows(withEnd(start, rows, size), outputs, weights).json();
                for (int z = 0; z < rows; z++) {
                    before.add(view.get(z));
                }
                return finishTree(r, before, row);
            }
            JsonArray o = row.asObject().get("outputs").orElseThrow().asArray();
            JsonArray w = row.asObject().get("weights").orElseThrow().asArray();
            while (outputs.length < size + width) {
                outputs = Arrays.copyOf(outputs, grow(outputs.length));
                weights = Arrays.copyOf(weights, outputs.length);
            }
            for (int k = 0; k < width; k++) {
                outputs[size] = Integer.parseInt(o.get(k).asNumber().literal());
                weights[size++] = Long.parseLong(w.get(k).asString()); // isLong checked it
            }
            rows++;
        }
        if (rows == 0) {
            return JsonArray.of(List.of());
        }
        return new RemapRows(withEnd(start, rows, size), Arrays.copyOf(outputs, size), Arrays.copyOf(weights, size));
    }

    private static int[] withEnd(int[] start, int rows, int size) {
        int[] s = Arrays.copyOf(start, rows + 1);
        s[rows] = size;
        return s;
    }

    /** The width of a randomized row in the writer's form ({"outputs": ints, "weights": naturals}, equal lengths), or −1. */
    private static int plainRowWidth(JsonValue row) {
        Optional<JsonObject> o = row.object().filter(x -> x.size() == 2);
        Optional<JsonArray> outputs = o.flatMap(x -> x.get("outputs")).flatMap(JsonValue::array);
        Optional<JsonArray> weights = o.flatMap(x -> x.get("weights")).flatMap(JsonValue::array);
        if (outputs.isEmpty() || weights.isEmpty() || outputs.get().size() != weights.get().size()) {
            return -1;
        }
        JsonArray out = outputs.get();
        JsonArray w = weights.get();
        for (int k = 0; k < out.size(); k++) {
            if (!out.get(k).number().map(n -> isInt(n.literal())).orElse(false) || !w.get(k).string().map(SpecStream::isLong).orElse(false)) {
                return -1;
            }
        }
        return out.size();
    }

    /** Decimal digits without a leading zero (or "0"): the text {@code BigInteger.toString} gives back. */
    static boolean isNatural(String s, int maxDigits) {
        int len = s.length();
        if (len == 0 || len > maxDigits || len > 1 && s.charAt(0) == '0') {
            return false;
        }
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** Natural digits that fit a long. */
    private static boolean isLong(String s) {
        return isNatural(s, 19) && (s.length() < 19 || s.compareTo(Long.toString(Long.MAX_VALUE)) <= 0);
    }

    /** A non-negative int literal in its shortest form (what {@code JsonNumber.of(int)} writes). */
    private static boolean isInt(String s) {
        return isNatural(s, 10) && (s.length() < 10 || Long.parseLong(s) <= Integer.MAX_VALUE);
    }

    private static int grow(int n) {
        long next = n + (n >> 1) + 16L;
        if (next > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("more than " + n + " elements in one array");
        }
        return (int) next;
    }
}
