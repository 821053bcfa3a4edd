package org.optimech.runtime.json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Number literals and the digest. RFC 8785 canonicalizes every number as its nearest double, so two literals with the same
 * double ({@code 1} and {@code 1.00000000000000000001}) hash alike although a reader of exact decimals tells them apart. A
 * spec may therefore hold only numbers that {@link JsonNumber#roundTrips() round-trip}; exact decimals that do not are
 * written as decimal strings.
 */
public final class ExactNumbers {
    private ExactNumbers() {
    }

    /**
     * Fails on the first number literal that does not round-trip through its double.
     *
     * @param ptr the pointer of {@code root}
     */
    public static void requireRoundTrip(JsonValue root, String ptr) throws FieldException {
        if (root instanceof JsonNumber n) {
            if (!n.roundTrips()) {
                throw new FieldException(ptr, "is a number literal that the digest does not cover exactly (RFC 8785 hashes its double, "
                        + (Double.isFinite(n.doubleValue()) ? Es6NumberFormat.format(n.doubleValue()) : "which is not finite")
                        + "); a number read exactly must be written as a decimal string. Provided value: " + abbreviate(n.literal()));
            }
        } else if (root instanceof JsonObject o) {
            for (Map.Entry<String, JsonValue> e : o.members().entrySet()) {
                requireRoundTrip(e.getValue(), JsonPointer.child(ptr, e.getKey()));
            }
        } else if (root instanceof JsonArray a) {
            for (int i = 0; i < a.size(); i++) {
                JsonValue v = a.get(i);
                if (!(v instanceof JsonNumber n) || !n.roundTrips()) { // a number that passes needs no pointer (a matrix has many)
                    requireRoundTrip(v, JsonPointer.child(ptr, i));
                }
            }
        }
    }

    /** A copy of {@code root} in which every number literal that does not round-trip is replaced by its decimal string. */
    public static JsonValue asStringsWhereInexact(JsonValue root) {
        if (root instanceof JsonNumber n) {
            return n.roundTrips() ? n : new JsonString(n.literal());
        }
        if (root instanceof JsonObject o) {
            Map<String, JsonValue> m = new LinkedHashMap<>();
            o.members().forEach((k, v) -> m.put(k, asStringsWhereInexact(v)));
            return JsonObject.of(m);
        }
        if (root instanceof JsonArray a) {
            List<JsonValue> l = new ArrayList<>(a.size());
            for (JsonValue v : a.elements()) {
                l.add(asStringsWhereInexact(v));
            }
            return JsonArray.of(l);
        }
        return root;
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
