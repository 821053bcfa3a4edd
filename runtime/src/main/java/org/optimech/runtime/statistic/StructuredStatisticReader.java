package org.optimech.runtime.statistic;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.Set;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonPointer;
import org.optimech.runtime.json.JsonValue;

/**
 * Reads the four structured statistic forms strictly, for {@link StatisticReader}:
 *
 * <pre>{@code
 * {"bounded_contribution": {"dimension": 50, "max_abs": 1, "max_nonzero": 20, "nonnegative": false}}
 * {"counts": {"dimension": 1000, "max_nonzero": 5}}
 * {"ranking": {"candidates": 10, "scores": "borda"}}            (or "scores": [5, 3, 2, 1, 0, …], one per place)
 * {"ordered_counts": {"dimension": 4, "implies": [[0, 1], [1, 2]]}}   (an answer 1 at i requires 1 at j; indices from 0)
 * }</pre>
 */
final class StructuredStatisticReader {
    static final Set<String> FORMS = Set.of("bounded_contribution", "counts", "ranking", "ordered_counts");

    private StructuredStatisticReader() {
    }

    /** Whether the statistic object is one of the structured forms. */
    static boolean isStructured(JsonObject st) {
        for (String f : FORMS) {
            if (st.has(f)) {
                return true;
            }
        }
        return false;
    }

    static StructuredStatistic read(JsonObject st, String ptr) throws FieldException {
        if (st.size() != 1) {
            throw new FieldException(ptr, "a structured statistic has exactly one key (" + String.join(", ", new java.util.TreeSet<>(FORMS)) + "). Provided keys: "
                    + String.join(", ", st.names()));
        }
        String form = st.names().iterator().next();
        String p = JsonPointer.child(ptr, form);
        JsonObject o = Fields.object(st.get(form).orElseThrow(), p);
        try {
            switch (form) {
                case "bounded_contribution": {
                    Fields.allowedKeys(o, p, Set.of("dimension", "max_abs", "max_nonzero", "nonnegative"));
                    int d = dimension(o, p, "dimension", 1);
                    BigDecimal c = Fields.exactNumber(Fields.member(o, "max_abs", p), p + "/max_abs");
                    if (c.signum() <= 0) {
                        throw new FieldException(p + "/max_abs", "must be > 0. Provided value: " + c.toPlainString());
                    }
                    int k = (int) Fields.integer(Fields.member(o, "max_nonzero", p), p + "/max_nonzero", 1, d);
                    boolean nonneg = o.has("nonnegative") && bool(o.get("nonnegative").orElseThrow(), p + "/nonnegative");
                    return new BoundedContribution(d, c, k, nonneg);
                }
                case "counts": {
                    Fields.allowedKeys(o, p, Set.of("dimension", "max_nonzero"));
                    int d = dimension(o, p, "dimension", 1);
                    return new Counts(d, (int) Fields.integer(Fields.member(o, "max_nonzero", p), p + "/max_nonzero", 1, d));
                }
                case "ranking": {
                    Fields.allowedKeys(o, p, Set.of("candidates", "scores"));
                    int d = dimension(o, p, "candidates", 2);
                    JsonValue s = Fields.member(o, "scores", p);
                    Optional<String> named = s.string();
                    if (named.isPresent()) {
                        if (!named.get().equals("borda")) {
                            throw new FieldException(p + "/scores", "must be \"borda\" or an array of " + d + " numbers (the score of each place, first place first). "
                                    + "Provided value: " + Fields.quote(named.get()));
                        }
                        return Ranking.borda(d);
                    }
                    JsonArray a = Fields.array(s, p + "/scores");
                    if (a.size() != d) {
                        throw new FieldException(p + "/scores", "must list one score per place (" + d + " candidates). Provided: " + a.size() + " numbers");
                    }
                    BigDecimal[] scores = new BigDecimal[d];
                    boolean constant = true;
                    for (int i = 0; i < d; i++) {
                        scores[i] = Fields.exactNumber(a.get(i), JsonPointer.child(p + "/scores", i));
                        constant &= scores[i].compareTo(scores[0]) == 0;
                    }
                    if (constant) {
                        throw new FieldException(p + "/scores", "must not all be equal: the totals would not depend on the votes. Provided value: " + scores[0].toPlainString()
                                + " for every place");
                    }
                    return new Ranking(d, scores, false);
                }
                default: {
                    Fields.allowedKeys(o, p, Set.of("dimension", "implies"));
                    int d = dimension(o, p, "dimension", 1);
                    JsonArray a = Fields.array(Fields.member(o, "implies", p), p + "/implies");
                    int[][] implies = new int[a.size()][];
                    java.util.Set<Long> seen = new java.util.HashSet<>();
                    for (int i = 0; i < a.size(); i++) {
                        String ip = JsonPointer.child(p + "/implies", i);
                        JsonArray pair = Fields.array(a.get(i), ip);
                        if (pair.size() != 2) {
                            throw new FieldException(ip, "must be a pair [i, j] (an answer 1 at i requires 1 at j). Provided: " + pair.size() + " numbers");
                        }
                        int from = (int) Fields.integer(pair.get(0), ip + "/0", 0, d - 1);
                        int to = (int) Fields.integer(pair.get(1), ip + "/1", 0, d - 1);
                        if (from == to) {
                            throw new FieldException(ip, "must join two different answers. Provided value: [" + from + ", " + to + "]");
                        }
                        if (!seen.add((long) from * d + to)) {
                            throw new FieldException(ip, "is listed twice. Provided value: [" + from + ", " + to + "]");
                        }
                        implies[i] = new int[] {from, to};
                    }
                    return new OrderedCounts(d, implies);
                }
            }
        } catch (IllegalArgumentException e) {
            throw new FieldException(p, e.getMessage());
        }
    }

    private static int dimension(JsonObject o, String p, String name, int min) throws FieldException {
        return (int) Fields.integer(Fields.member(o, name, p), p + "/" + name, min, StructuredStatistic.MAX_DIMENSION);
    }

    private static boolean bool(JsonValue v, String ptr) throws FieldException {
        return v.asBoolean(ptr);
    }
}
