package org.optimech.runtime.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.optimech.runtime.exact.Decimals;

/**
 * Typed reads of JSON fields that fail with a {@link FieldException} naming the field's pointer and
 * the provided value. Shared by the spec loader and the problem parser so both speak alike.
 */
public final class Fields {
    private Fields() {
    }

    public static JsonObject object(JsonValue v, String ptr) throws FieldException {
        return v.asObject(ptr);
    }

    public static JsonArray array(JsonValue v, String ptr) throws FieldException {
        return v.asArray(ptr);
    }

    public static String string(JsonValue v, String ptr) throws FieldException {
        return v.asString(ptr);
    }

    public static JsonNumber number(JsonValue v, String ptr) throws FieldException {
        return v.asNumber(ptr);
    }

    /** A required member. */
    public static JsonValue member(JsonObject o, String name, String ptr) throws FieldException {
        Optional<JsonValue> v = o.get(name);
        if (v.isEmpty()) {
            throw new FieldException(JsonPointer.child(ptr, name), "is required but missing");
        }
        return v.get();
    }

    /** Fails on the first member whose name is not allowed, listing the allowed names. */
    public static void allowedKeys(JsonObject o, String ptr, Collection<String> allowed) throws FieldException {
        for (String name : o.names()) {
            if (!allowed.contains(name)) {
                throw new FieldException(JsonPointer.child(ptr, name), "unknown key \"" + name + "\"; allowed keys here: " + String.join(", ", new TreeSet<>(allowed)));
            }
        }
    }

    /** A string that must be one of the options. */
    public static String oneOf(JsonValue v, String ptr, String... options) throws FieldException {
        String s = string(v, ptr);
        if (!Arrays.asList(options).contains(s)) {
            throw new FieldException(ptr, "must be one of " + quoteAll(List.of(options)) + ". Provided value: " + quote(s));
        }
        return s;
    }

    /** A string naming one of an enum's constants by its {@link JsonName#json() JSON name}. */
    public static <E extends Enum<E> & JsonName> E enumValue(JsonValue v, String ptr, Class<E> type) throws FieldException {
        return JsonName.parse(type, oneOf(v, ptr, JsonName.names(type).toArray(new String[0])));
    }

    /** An integer-valued number within [min, max]. */
    public static long integer(JsonValue v, String ptr, long min, long max) throws FieldException {
        JsonNumber n = number(v, ptr);
        if (!n.isIntegral()) {
            throw new FieldException(ptr, "must be an integer. Provided value: " + n.literal());
        }
        BigInteger b = n.bigIntegerValueExact();
        if (b.compareTo(BigInteger.valueOf(min)) < 0 || b.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new FieldException(ptr, "must be an integer in [" + min + ", " + max + "]. Provided value: " + n.literal());
        }
        return b.longValueExact();
    }

    /** A finite number read as a double (its nearest double). */
    public static double finiteDouble(JsonValue v, String ptr) throws FieldException {
        JsonNumber n = number(v, ptr);
        double d = n.doubleValue();
        if (!Double.isFinite(d)) {
            throw new FieldException(ptr, "must be a finite number. Provided value: " + n.literal());
        }
        return d;
    }

    /**
     * An exact decimal given either as a JSON number (its literal, exactly) or as a decimal string such as
     * {@code "0.33333333333333333333"} (which keeps digits a double would lose wherever the document is re-hashed).
     */
    public static BigDecimal exactNumber(JsonValue v, String ptr) throws FieldException {
        if (v instanceof JsonNumber n) {
            return n.decimal();
        }
        if (v instanceof JsonString) {
            return decimalString(v, ptr);
        }
        throw typeError("a number (or a decimal string)", v, ptr);
    }

    /**
     * A number that must be exactly a double (a binary fraction such as 0.5 or 0.375, not 0.1), read exactly: what a
     * consumer computing in exact decimals and one computing in doubles then agree on.
     */
    public static double exactDouble(JsonValue v, String ptr) throws FieldException {
        BigDecimal d = exactNumber(v, ptr);
        double x = Double.parseDouble(d.toString()); // correctly rounded (BigDecimal.doubleValue need not be on Java 17)
        if (!Double.isFinite(x) || new BigDecimal(x).compareTo(d) != 0) {
            throw new FieldException(ptr, "must be exactly a double (a binary fraction such as 0.5 or 0.375, not 0.1), so that every reader of the "
                    + "spec computes with the same number. Provided value: " + d.toString());
        }
        return x;
    }

    /** A decimal written as a string in JSON number grammar, e.g. {@code "0.5"} or {@code "1e-6"}. */
    public static BigDecimal decimalString(JsonValue v, String ptr) throws FieldException {
        String s = string(v, ptr);
        return Decimals.parse(s).orElseThrow(() -> new FieldException(ptr, "must be a decimal number written as a string, such as \"0.5\" or \"1e-6\". Provided value: " + quote(s)));
    }

    /** A non-negative integer written in decimal digits in a string, with no sign or leading zeros. */
    public static BigInteger naturalString(JsonValue v, String ptr, int maxDigits) throws FieldException {
        String s = string(v, ptr);
        int len = s.length();
        boolean ok = len > 0 && len <= maxDigits && (len == 1 || s.charAt(0) != '0');
        for (int i = 0; ok && i < len; i++) {
            char c = s.charAt(i);
            ok = c >= '0' && c <= '9';
        }
        if (!ok) {
            String shown = len > 40 ? s.substring(0, 37) + "..." : s;
            throw new FieldException(ptr, "must be a non-negative integer in decimal digits (no sign, no leading zeros, at most " + maxDigits + " digits) written as a string. Provided value: " + quote(shown));
        }
        return new BigInteger(s);
    }

    public static FieldException typeError(String expected, JsonValue v, String ptr) {
        return new FieldException(ptr, "must be " + expected + ". Provided value: " + v.describe());
    }

    public static String quote(String s) {
        return JsonWriter.compact(new JsonString(s));
    }

    /** {@code "a", "b" or "c"}: a list of allowed names in messages. */
    static String quoteAll(List<String> options) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < options.size(); i++) {
            if (i > 0) {
                sb.append(i == options.size() - 1 ? " or " : ", ");
            }
            sb.append(quote(options.get(i)));
        }
        return sb.toString();
    }
}
