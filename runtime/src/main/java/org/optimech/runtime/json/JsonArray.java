package org.optimech.runtime.json;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.RandomAccess;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.IntToLongFunction;

/** A JSON array; immutable. */
public final class JsonArray implements JsonValue {
    private final List<JsonValue> elements;

    private JsonArray(List<JsonValue> elements) {
        this.elements = elements;
    }

    public static JsonArray of(Collection<? extends JsonValue> elements) {
        List<JsonValue> copy = new ArrayList<>(elements.size());
        for (JsonValue v : elements) {
            copy.add(Objects.requireNonNull(v, "array element"));
        }
        return new JsonArray(List.copyOf(copy));
    }

    /** An array of a fresh list of non-null elements (the parser's; one copy instead of two). */
    static JsonArray adopt(List<JsonValue> elements) {
        return new JsonArray(List.copyOf(elements));
    }

    /**
     * An array of {@code size} elements made on demand by {@code element}, for data held compactly elsewhere (a weight
     * table of millions of entries is a few bytes per entry, its tree a hundred): the array costs nothing per element, and
     * writers and digests walk it like any other. {@code element} must be a pure function of the index over immutable
     * data, so the array is immutable; equality and hash code are those of the elements, as for any array.
     */
    public static JsonArray view(int size, IntFunction<? extends JsonValue> element) {
        if (size < 0) {
            throw new IllegalArgumentException("size must be >= 0. Provided value: " + size);
        }
        Objects.requireNonNull(element, "element");
        return new JsonArray(new View(size, element, null, null));
    }

    /**
     * A {@link #view} whose element i is the integer {@code integer.applyAsLong(i)} where {@code isInteger.test(i)}, and
     * {@code other.apply(i)} elsewhere. The writers and digests print such an integer straight from the long, with no
     * element object or string made for it: a remap of millions of rows is formatted at the cost of its digits. The same
     * purity rules as {@link #view} apply; {@link #get} makes the {@link JsonNumber#of(long)} of an integer element.
     */
    public static JsonArray viewOfIntegers(int size, IntPredicate isInteger, IntToLongFunction integer, IntFunction<? extends JsonValue> other) {
        Objects.requireNonNull(isInteger, "isInteger");
        Objects.requireNonNull(integer, "integer");
        Objects.requireNonNull(other, "other");
        if (size < 0) {
            throw new IllegalArgumentException("size must be >= 0. Provided value: " + size);
        }
        return new JsonArray(new View(size, i -> isInteger.test(i) ? JsonNumber.of(integer.applyAsLong(i)) : other.apply(i), isInteger, integer));
    }

    public static JsonArray of(JsonValue... elements) {
        return of(List.of(elements));
    }

    /** An array of the given items, each mapped to a JSON value. */
    public static <T> JsonArray map(Collection<T> items, Function<? super T, ? extends JsonValue> f) {
        List<JsonValue> out = new ArrayList<>(items.size());
        for (T t : items) {
            out.add(f.apply(t));
        }
        return new JsonArray(List.copyOf(out));
    }

    /** An array of integers, held packed (8 bytes an element; writers print each straight from its long). */
    public static JsonArray ofLongs(long... values) {
        long[] copy = values.clone();
        return viewOfIntegers(copy.length, i -> true, i -> copy[i], i -> {
            throw new AssertionError("every element is an integer");
        });
    }

    /**
     * An array of finite doubles, held packed: 8 bytes an element instead of a tree node and its text; each element is made
     * on demand as {@link JsonNumber#of(double)}, so the array equals and writes as the array of those numbers.
     *
     * @throws IllegalArgumentException for a NaN or an infinity, as {@link JsonNumber#of(double)}
     */
    public static JsonArray ofDoubles(double... values) {
        double[] copy = values.clone();
        requireFinite(copy, 0, copy.length);
        return packed(copy, 0, copy.length);
    }

    /**
     * An array of rows of finite doubles, all of one length ≥ 1, held packed in one flat array (8 bytes a number): a table of
     * millions of points costs what its doubles do. Equal to, and written as, the array of {@link #ofDoubles} rows.
     *
     * @throws IllegalArgumentException for a NaN or an infinity, or rows of different lengths
     */
    public static JsonArray ofDoubleRows(double[][] rows) {
        if (rows.length == 0) {
            return new JsonArray(List.of());
        }
        int cols = rows[0].length;
        if (cols == 0) {
            return map(List.of(rows), r -> ofDoubles(r));
        }
        double[] flat = new double[Math.multiplyExact(rows.length, cols)];
        for (int i = 0; i < rows.length; i++) {
            if (rows[i].length != cols) {
                throw new IllegalArgumentException("row " + i + " has " + rows[i].length + " numbers, row 0 has " + cols);
            }
            System.arraycopy(rows[i], 0, flat, i * cols, cols);
        }
        requireFinite(flat, 0, flat.length);
        return packedRows(flat, rows.length, cols);
    }

    private static void requireFinite(double[] values, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException("JSON cannot represent " + values[i]);
            }
        }
    }

    /** Elements {@code [from, from + size)} of {@code values} (finite, never changed afterwards), packed. */
    static JsonArray packed(double[] values, int from, int size) {
        return new JsonArray(new PackedNumbers(values, from, size));
    }

    /** {@code rows} rows of {@code cols} ≥ 1 numbers, row-major in {@code values} (finite, never changed afterwards), packed. */
    static JsonArray packedRows(double[] values, int rows, int cols) {
        return new JsonArray(new PackedRows(values, rows, cols));
    }

    /**
     * An array of strings, held packed: their characters in one string (a byte each when they are Latin-1) and the end of
     * each, instead of a tree node and a string object each; element i is made on demand as a {@link JsonString}, so the
     * array equals and writes as the array of those.
     */
    public static JsonArray ofStrings(Collection<String> values) {
        StringBuilder text = new StringBuilder();
        int[] ends = new int[values.size()];
        int n = 0;
        for (String v : values) {
            text.append(Objects.requireNonNull(v, "array element"));
            ends[n++] = text.length();
        }
        return packedStrings(text.toString(), ends, 0, n);
    }

    /** Strings {@code [from, from + size)} of the strings ending at {@code ends} in {@code text} (never changed afterwards), packed. */
    static JsonArray packedStrings(String text, int[] ends, int from, int size) {
        return new JsonArray(new PackedStrings(text, ends, from, size));
    }

    /** {@code rows} rows of {@code cols} ≥ 1 strings, row-major as in {@link #packedStrings}, packed. */
    static JsonArray packedStringRows(String text, int[] ends, int rows, int cols) {
        return new JsonArray(new PackedStringRows(text, ends, rows, cols));
    }

    /** The elements; unmodifiable. */
    public List<JsonValue> elements() {
        return elements;
    }

    public JsonValue get(int index) {
        return elements.get(index);
    }

    public int size() {
        return elements.size();
    }

    @Override
    public String typeName() {
        return "array";
    }

    @Override
    public JsonArray asArray() {
        return this;
    }

    @Override
    public Optional<JsonArray> array() {
        return Optional.of(this);
    }

    @Override
    public JsonArray asArray(String pointer) {
        return this;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JsonArray other && elements.equals(other.elements);
    }

    @Override
    public int hashCode() {
        return elements.hashCode();
    }

    @Override
    public String toString() {
        return JsonWriter.compact(this);
    }

    /** Whether element {@code i} is an integer of a {@link #viewOfIntegers} (then {@link #integerAt} gives it without an element object). */
    boolean isIntegerAt(int i) {
        return elements instanceof View v && v.isInteger != null && v.isInteger.test(i);
    }

    /** Element {@code i} of a {@link #viewOfIntegers} where {@link #isIntegerAt} holds. */
    long integerAt(int i) {
        return ((View) elements).integer.applyAsLong(i);
    }

    /** Whether the numbers (or rows of numbers) are held packed as doubles. */
    boolean isPacked() {
        return elements instanceof PackedNumbers || elements instanceof PackedRows;
    }

    /** Whether the strings (or rows of strings) are held packed in one text. */
    boolean isPackedStrings() {
        return elements instanceof PackedStrings || elements instanceof PackedStringRows;
    }

    /** Whether this is a {@link #viewOfIntegers}. */
    boolean hasIntegerView() {
        return elements instanceof View v && v.isInteger != null;
    }

    /** Numbers held as doubles, each made into a {@link JsonNumber} when asked for. */
    private static final class PackedNumbers extends AbstractList<JsonValue> implements RandomAccess {
        private final double[] values;
        private final int from;
        private final int size;

        PackedNumbers(double[] values, int from, int size) {
            this.values = values;
            this.from = from;
            this.size = size;
        }

        @Override
        public JsonValue get(int index) {
            return JsonNumber.of(values[from + Objects.checkIndex(index, size)]);
        }

        @Override
        public int size() {
            return size;
        }
    }

    /** Rows of numbers in one flat array, each row made into a packed array when asked for. */
    private static final class PackedRows extends AbstractList<JsonValue> implements RandomAccess {
        private final double[] values;
        private final int rows;
        private final int cols;

        PackedRows(double[] values, int rows, int cols) {
            this.values = values;
            this.rows = rows;
            this.cols = cols;
        }

        @Override
        public JsonValue get(int index) {
            return packed(values, Objects.checkIndex(index, rows) * cols, cols);
        }

        @Override
        public int size() {
            return rows;
        }
    }

    /** Strings held as one text and the end of each, each made into a {@link JsonString} when asked for. */
    private static final class PackedStrings extends AbstractList<JsonValue> implements RandomAccess {
        private final String text;
        private final int[] ends;
        private final int from;
        private final int size;

        PackedStrings(String text, int[] ends, int from, int size) {
            this.text = text;
            this.ends = ends;
            this.from = from;
            this.size = size;
        }

        @Override
        public JsonValue get(int index) {
            int i = from + Objects.checkIndex(index, size);
            return new JsonString(text.substring(i == 0 ? 0 : ends[i - 1], ends[i]));
        }

        @Override
        public int size() {
            return size;
        }
    }

    /** Rows of strings in one text, each row made into a packed array when asked for. */
    private static final class PackedStringRows extends AbstractList<JsonValue> implements RandomAccess {
        private final String text;
        private final int[] ends;
        private final int rows;
        private final int cols;

        PackedStringRows(String text, int[] ends, int rows, int cols) {
            this.text = text;
            this.ends = ends;
            this.rows = rows;
            this.cols = cols;
        }

        @Override
        public JsonValue get(int index) {
            return packedStrings(text, ends, Objects.checkIndex(index, rows) * cols, cols);
        }

        @Override
        public int size() {
            return rows;
        }
    }

    /** The element list of a {@link #view}. */
    private static final class View extends AbstractList<JsonValue> implements RandomAccess {
        private final int size;
        private final IntFunction<? extends JsonValue> element;
        private final IntPredicate isInteger;
        private final IntToLongFunction integer;

        View(int size, IntFunction<? extends JsonValue> element, IntPredicate isInteger, IntToLongFunction integer) {
            this.size = size;
            this.element = element;
            this.isInteger = isInteger;
            this.integer = integer;
        }

        @Override
        public JsonValue get(int index) {
            Objects.checkIndex(index, size);
            return Objects.requireNonNull(element.apply(index), "array element");
        }

        @Override
        public int size() {
            return size;
        }
    }
}
