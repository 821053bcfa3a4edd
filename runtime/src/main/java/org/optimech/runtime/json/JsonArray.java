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

    public static JsonArray ofLongs(long... values) {
        List<JsonValue> out = new ArrayList<>(values.length);
        for (long v : values) {
            out.add(JsonNumber.of(v));
        }
        return new JsonArray(List.copyOf(out));
    }

    public static JsonArray ofDoubles(double... values) {
        List<JsonValue> out = new ArrayList<>(values.length);
        for (double v : values) {
            out.add(JsonNumber.of(v));
        }
        return new JsonArray(List.copyOf(out));
    }

    public static JsonArray ofStrings(Collection<String> values) {
        return map(values, JsonString::new);
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

    /** Whether this is a {@link #viewOfIntegers}. */
    boolean hasIntegerView() {
        return elements instanceof View v && v.isInteger != null;
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
