package org.optimech.runtime.statistic;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonPointer;
import org.optimech.runtime.json.JsonValue;

/**
 * Reads a statistic object strictly: unknown keys, malformed shapes and numbers that are not exact doubles are refused
 * with a {@link FieldException} naming the field and the value. The one reader of the format, for problem files (the
 * designer), spec files ({@code design.problem.statistic}: the runtime's re-check, the Spark jobs) alike.
 *
 * <pre>{@code
 * { "variables": {"x": [-1, 1], "c": {"categories": ["a", "b"]}},
 *   "features": [ {"name": "sum_xc", "terms": [{"coef": 1, "powers": {"x": 1, "c=a": 1}}]} ] }
 * { "records": [[1, 0], [0, 1]], "names": ["t1", "t2"] }
 * { "differences": [[1, 0], [0, 1]] }
 * { "bounded_contribution": {"dimension": 50, "max_abs": 1, "max_nonzero": 20, "nonnegative": false} }   (and "counts", "ranking",
 *   "ordered_counts": see StructuredStatisticReader)
 * }</pre>
 */
public final class StatisticReader {
    private StatisticReader() {
    }

    /**
     * @param statistic the statistic object
     * @param ptr its JSON Pointer, for messages
     */
    public static Statistic read(JsonValue statistic, String ptr) throws FieldException {
        JsonObject st = Fields.object(statistic, ptr);
        if (StructuredStatisticReader.isStructured(st)) {
            return StructuredStatisticReader.read(st, ptr);
        }
        if (st.has("features") || st.has("variables")) {
            Fields.allowedKeys(st, ptr, Set.of("variables", "features"));
            return polynomial(st, ptr);
        }
        if (st.has("records")) {
            Fields.allowedKeys(st, ptr, Set.of("records", "names"));
            double[][] records = matrix(Fields.array(st.get("records").orElseThrow(), ptr + "/records"), ptr + "/records");
            return new RecordStatistic(records, names(st, ptr, records[0].length));
        }
        if (st.has("differences")) {
            Fields.allowedKeys(st, ptr, Set.of("differences", "names"));
            double[][] diffs = matrix(Fields.array(st.get("differences").orElseThrow(), ptr + "/differences"), ptr + "/differences");
            return new DifferenceStatistic(diffs, names(st, ptr, diffs[0].length));
        }
        throw new FieldException(ptr, "must have \"variables\" and \"features\", \"records\", \"differences\", or one of the structured forms "
                + "\"bounded_contribution\", \"counts\", \"ranking\", \"ordered_counts\"");
    }

    private static PolynomialStatistic polynomial(JsonObject st, String ptr) throws FieldException {
        String vp = ptr + "/variables";
        JsonObject vars = Fields.object(Fields.member(st, "variables", ptr), vp);
        if (vars.size() == 0) {
            throw new FieldException(vp, "must not be empty");
        }
        List<PolynomialStatistic.BoxVariable> boxes = new ArrayList<>();
        List<PolynomialStatistic.CategoricalVariable> cats = new ArrayList<>();
        for (Map.Entry<String, JsonValue> e : vars.members().entrySet()) {
            String p = JsonPointer.child(vp, e.getKey());
            if (e.getKey().contains("=")) {
                throw new FieldException(p, "a variable name must not contain '=' (it names the indicators c=level). Provided value: " + Fields.quote(e.getKey()));
            }
            Optional<JsonObject> categorical = e.getValue().object();
            if (categorical.isPresent()) {
                JsonObject o = categorical.get();
                Fields.allowedKeys(o, p, Set.of("categories"));
                JsonArray levels = Fields.array(Fields.member(o, "categories", p), p + "/categories");
                if (levels.size() < 2) {
                    throw new FieldException(p + "/categories", "must list at least 2 levels. Provided value: " + levels.size() + " levels");
                }
                List<String> ls = new ArrayList<>();
                for (int i = 0; i < levels.size(); i++) {
                    String l = Fields.string(levels.get(i), JsonPointer.child(p + "/categories", i));
                    if (ls.contains(l)) {
                        throw new FieldException(JsonPointer.child(p + "/categories", i), "is listed twice. Provided value: " + Fields.quote(l));
                    }
                    ls.add(l);
                }
                cats.add(new PolynomialStatistic.CategoricalVariable(e.getKey(), ls));
                continue;
            }
            JsonArray box = Fields.array(e.getValue(), p);
            if (box.size() != 2) {
                throw new FieldException(p, "must be a box [lower, upper]. Provided value: " + box.size() + " numbers");
            }
            double lo = Fields.exactDouble(box.get(0), p + "/0");
            double hi = Fields.exactDouble(box.get(1), p + "/1");
            if (!(lo <= hi)) {
                throw new FieldException(p, "lower must be <= upper. Provided value: [" + lo + ", " + hi + "]");
            }
            boxes.add(new PolynomialStatistic.BoxVariable(e.getKey(), lo, hi));
        }
        if (boxes.size() > PolynomialStatistic.MAX_VARIABLES) {
            throw new FieldException(vp, "at most " + PolynomialStatistic.MAX_VARIABLES + " box variables (2^k vertices are enumerated). Provided value: "
                    + boxes.size() + " variables");
        }
        Map<String, PolynomialStatistic.CategoricalVariable> byName = new LinkedHashMap<>();
        for (PolynomialStatistic.CategoricalVariable c : cats) {
            byName.put(c.name(), c);
        }
        List<String> boxNames = new ArrayList<>();
        boxes.forEach(b -> boxNames.add(b.name()));

        String fp = ptr + "/features";
        JsonArray a = Fields.array(Fields.member(st, "features", ptr), fp);
        if (a.size() == 0) {
            throw new FieldException(fp, "must not be empty");
        }
        List<PolynomialStatistic.Feature> features = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            String p = JsonPointer.child(fp, i);
            JsonObject f = Fields.object(a.get(i), p);
            Fields.allowedKeys(f, p, Set.of("name", "terms"));
            String name = f.has("name") ? Fields.string(f.get("name").orElseThrow(), p + "/name") : "t" + (i + 1);
            JsonArray terms = Fields.array(Fields.member(f, "terms", p), p + "/terms");
            if (terms.size() == 0) {
                throw new FieldException(p + "/terms", "must not be empty");
            }
            List<PolynomialStatistic.Term> ts = new ArrayList<>();
            for (int k = 0; k < terms.size(); k++) {
                String tp = JsonPointer.child(p + "/terms", k);
                JsonObject t = Fields.object(terms.get(k), tp);
                Fields.allowedKeys(t, tp, Set.of("coef", "powers"));
                double c = Fields.exactDouble(Fields.member(t, "coef", tp), tp + "/coef");
                Map<String, Integer> powers = new LinkedHashMap<>();
                if (t.has("powers")) {
                    JsonObject po = Fields.object(t.get("powers").orElseThrow(), tp + "/powers");
                    for (Map.Entry<String, JsonValue> e : po.members().entrySet()) {
                        String pp = JsonPointer.child(tp + "/powers", e.getKey());
                        int eq = e.getKey().indexOf('=');
                        if (eq > 0 && byName.containsKey(e.getKey().substring(0, eq))) {
                            PolynomialStatistic.CategoricalVariable cat = byName.get(e.getKey().substring(0, eq));
                            String level = e.getKey().substring(eq + 1);
                            if (!cat.levels().contains(level)) {
                                throw new FieldException(pp, "names no level of " + cat.name() + "; its levels are " + String.join(", ", cat.levels()));
                            }
                            if (Fields.integer(e.getValue(), pp, 0, PolynomialStatistic.MAX_POWER) > 0) {
                                powers.put(e.getKey(), 1); // an indicator: any positive power is itself
                            }
                            continue;
                        }
                        if (!boxNames.contains(e.getKey())) {
                            throw new FieldException(pp, "names no variable; the variables are " + String.join(", ", boxNames)
                                    + (cats.isEmpty() ? "" : ", and the indicators c=level of " + String.join(", ", byName.keySet())));
                        }
                        int power = (int) Fields.integer(e.getValue(), pp, 0, PolynomialStatistic.MAX_POWER);
                        if (power > 0) {
                            powers.put(e.getKey(), power);
                        }
                    }
                }
                ts.add(new PolynomialStatistic.Term(new BigDecimal(c), powers));
            }
            features.add(new PolynomialStatistic.Feature(name, ts));
        }
        PolynomialStatistic s = new PolynomialStatistic(boxes, cats, features);
        if (!s.isMultilinear() && !cats.isEmpty()) {
            throw new FieldException(vp, "categorical variables combine with multilinear features only (every power 0 or 1); powers above 1 with categories "
                    + "are not supported yet");
        }
        return s;
    }

    private static List<String> names(JsonObject st, String ptr, int d) throws FieldException {
        List<String> out = new ArrayList<>();
        if (!st.has("names")) {
            for (int j = 0; j < d; j++) {
                out.add("t" + (j + 1));
            }
            return out;
        }
        JsonArray a = Fields.array(st.get("names").orElseThrow(), ptr + "/names");
        if (a.size() != d) {
            throw new FieldException(ptr + "/names", "must have one name per coordinate (" + d + "). Provided value: " + a.size() + " names");
        }
        for (int j = 0; j < d; j++) {
            out.add(Fields.string(a.get(j), JsonPointer.child(ptr + "/names", j)));
        }
        return out;
    }

    /** Rows of equal length of finite numbers, read as their nearest doubles (every reader of records and differences computes in doubles). */
    private static double[][] matrix(JsonArray a, String ptr) throws FieldException {
        if (a.size() == 0) {
            throw new FieldException(ptr, "must not be empty");
        }
        double[][] m = new double[a.size()][];
        for (int i = 0; i < a.size(); i++) {
            String rp = JsonPointer.child(ptr, i);
            JsonArray row = Fields.array(a.get(i), rp);
            if (row.size() == 0 || (i > 0 && row.size() != m[0].length)) {
                throw new FieldException(rp, "must have " + (i == 0 ? "at least one" : String.valueOf(m[0].length)) + " numbers. Provided value: " + row.size()
                        + " numbers");
            }
            m[i] = new double[row.size()];
            for (int j = 0; j < row.size(); j++) {
                m[i][j] = Fields.finiteDouble(row.get(j), JsonPointer.child(rp, j));
            }
        }
        return m;
    }

}
