package org.optimech.designer.knorm;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.geometry.adjacent.AdjacentOutputSpace;
import org.optimech.runtime.spec.Relation;
import org.optimech.geometry.support.CurvedOutputSpace;
import org.optimech.geometry.support.PolynomialMap;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;

/**
 * Reads the {@code "kind": "knorm"} problem:
 *
 * <pre>{@code
 * { "kind": "knorm", "epsilon": 1.0, "neighbours": "substitution",
 *   "statistic": { "variables": {"x": [-1, 1], "y": [0, 1]},
 *                  "features": [ {"name": "sum_xy", "terms": [{"coef": 1, "powers": {"x": 1, "y": 1}}]} ] },
 *   "candidates": ["l1", "l2", "linf", "hull"], "criterion": "trace" }
 * }</pre>
 *
 * The statistic is one of: {@code variables} + {@code features} (polynomial features of box variables:
 * multilinear ones, every power 0 or 1, map the box into the hull of the box vertices' images, so S_T's
 * hull is exact; higher powers make S_T curved, handled through certified support bounds), {@code records} (t(x) for every possible
 * record: a public domain, never a dataset) with optional {@code names}, or {@code differences}
 * (S_T itself, closed under negation here). Unknown keys are errors.
 */
public final class KNormProblemParser {
    private static final Set<String> KEYS = Set.of("kind", "name", "description", "epsilon", "neighbours", "rows_per_unit", "statistic", "candidates", "criterion");
    /** Largest number of rows one privacy unit may contribute ({@code rows_per_unit}). */
    public static final long MAX_ROWS_PER_UNIT = 1_000_000;
    /** Box variables of multilinear features: 2^k vertices are enumerated. */
    public static final int MAX_VARIABLES = 16;
    /** Largest power of a variable in a term. */
    public static final int MAX_POWER = 8;
    /** Relative gap of each certified support bound for curved S_T. */
    static final double CURVED_TOLERANCE = 1e-7;
    /** Box budget per branch and bound. */
    static final long CURVED_MAX_BOXES = 2_000_000;

    private KNormProblemParser() {
    }

    /** Whether a parsed document is of this kind. */
    public static boolean isKNorm(JsonValue doc) {
        return doc instanceof JsonObject o && o.get("kind").filter(k -> k instanceof JsonString s && s.value().equals("knorm")).isPresent();
    }

    public static KNormProblem parse(JsonValue document) throws FieldException {
        JsonObject o = Fields.object(document, "");
        String kind = Fields.string(Fields.member(o, "kind", ""), "/kind");
        if (!kind.equals("knorm")) {
            throw new FieldException("/kind", "must be \"knorm\". Provided value: " + Fields.quote(kind));
        }
        Fields.allowedKeys(o, "", KEYS);
        String name = o.has("name") ? Fields.string(o.get("name").orElseThrow(), "/name") : "";
        if (o.has("description")) {
            Fields.string(o.get("description").orElseThrow(), "/description");
        }
        BigDecimal epsilon = Fields.exactNumber(Fields.member(o, "epsilon", ""), "/epsilon");
        if (epsilon.signum() <= 0) {
            throw new FieldException("/epsilon", "must be > 0 and finite. Provided value: " + epsilon);
        }
        if (epsilon.compareTo(DiscreteProblem.MAX_EPSILON) > 0) {
            throw new FieldException("/epsilon", "must be at most " + DiscreteProblem.MAX_EPSILON + ". Provided value: " + epsilon);
        }
        Relation relation = o.has("neighbours")
                ? Relation.fromJson(Fields.oneOf(o.get("neighbours").orElseThrow(), "/neighbours", "substitution", "add-remove"))
                : Relation.SUBSTITUTION;
        List<String> candidates = new ArrayList<>(KNormComparison.CANDIDATES);
        if (o.has("candidates")) {
            JsonArray a = Fields.array(o.get("candidates").orElseThrow(), "/candidates");
            if (a.size() == 0) {
                throw new FieldException("/candidates", "must not be empty");
            }
            candidates.clear();
            for (int i = 0; i < a.size(); i++) {
                String c = Fields.oneOf(a.get(i), "/candidates/" + i, KNormComparison.CANDIDATES.toArray(new String[0]));
                if (candidates.contains(c)) {
                    throw new FieldException("/candidates/" + i, "is listed twice. Provided value: " + Fields.quote(c));
                }
                candidates.add(c);
            }
        }
        Criterion criterion = o.has("criterion") ? Criterion.parse(Fields.oneOf(o.get("criterion").orElseThrow(), "/criterion", "trace", "max-variance", "volume"))
                : Criterion.TRACE;

        JsonObject st = Fields.object(Fields.member(o, "statistic", ""), "/statistic");
        // A privacy unit with up to k rows changes T by a sum of k per-row terms, whose set's hull is k times the one-row hull
        // (it contains 0): scaling every coefficient by k, exactly in decimals, designs for k rows.
        long rowsPerUnit = o.has("rows_per_unit") ? Fields.integer(o.get("rows_per_unit").orElseThrow(), "/rows_per_unit", 1, MAX_ROWS_PER_UNIT) : 1;
        if (rowsPerUnit > 1 && relation == Relation.SUBSTITUTION) {
            // k times the one-row space covers a unit whose k rows all change; a unit of up to k rows can also change how many
            // rows it has, and the row count (and every sum) then moves in a way substitution does not bound
            throw new FieldException("/rows_per_unit", "needs \"neighbours\": \"add-remove\": under substitution the guarantee would cover exactly "
                    + rowsPerUnit + " rows changed, not a unit of up to " + rowsPerUnit + " rows, whose row count is then unprotected. Provided value: "
                    + rowsPerUnit + " with substitution");
        }
        if (rowsPerUnit > 1 && !st.has("features")) {
            throw new FieldException("/rows_per_unit", "needs a statistic given by \"variables\" and \"features\" (records and differences describe one "
                    + "row's change only). Provided value: " + rowsPerUnit);
        }
        List<String> names = new ArrayList<>();
        AdjacentOutputSpace space = null;
        CurvedOutputSpace curved = null;
        String provenance;
        if (st.has("features") || st.has("variables")) {
            Fields.allowedKeys(st, "/statistic", Set.of("variables", "features"));
            JsonObject varsJson = Fields.object(Fields.member(st, "variables", "/statistic"), "/statistic/variables");
            Map<String, List<String>> categories = categories(varsJson);
            Map<String, double[]> vars = variables(varsJson, categories.keySet());
            List<Feature> features = scaled(features(Fields.array(Fields.member(st, "features", "/statistic"), "/statistic/features"), vars, categories),
                    rowsPerUnit);
            for (Feature f : features) {
                names.add(f.name);
            }
            int degree = features.stream().flatMap(f -> f.terms.stream()).flatMap(t -> t.powers.values().stream()).mapToInt(Integer::intValue).max().orElse(0);
            if (degree <= 1) {
                double[][] records = boxVertexImages(vars, categories, features);
                space = build(() -> AdjacentOutputSpace.finiteDomain(records, relation), "/statistic");
                provenance = "multilinear features of " + vars.size() + " box variables" + (categories.isEmpty() ? "" : " and " + categories.size()
                        + " categorical (one-hot)") + ": S_T's hull is exactly the hull of the differences of t at the " + records.length
                        + " box vertices" + (categories.isEmpty() ? "" : " x category levels") + " (t is affine along every box coordinate); box bounds and "
                        + "coefficients as given by the user";
            } else if (!categories.isEmpty()) {
                throw new FieldException("/statistic/variables", "categorical variables combine with multilinear features only (every power 0 or 1); "
                        + "powers above 1 with categories are not supported yet");
            } else {
                PolynomialMap map = polynomialMap(vars, features);
                curved = CurvedOutputSpace.of(map, relation, CURVED_TOLERANCE, CURVED_MAX_BOXES);
                provenance = "polynomial features of degree " + degree + " on a box of " + vars.size() + " variables: S_T is curved, known through certified "
                        + "support bounds (interval branch and bound with outward rounding, relative gap " + CURVED_TOLERANCE + "); box bounds and "
                        + "coefficients as given by the user";
            }
        } else if (st.has("records")) {
            Fields.allowedKeys(st, "/statistic", Set.of("records", "names"));
            double[][] records = matrix(Fields.array(st.get("records").orElseThrow(), "/statistic/records"), "/statistic/records");
            names.addAll(names(st, records[0].length));
            space = build(() -> AdjacentOutputSpace.finiteDomain(records, relation), "/statistic/records");
            provenance = "t(x) listed for " + records.length + " possible records (the user asserts this is the whole record domain); S_T exact";
        } else if (st.has("differences")) {
            Fields.allowedKeys(st, "/statistic", Set.of("differences", "names"));
            double[][] diffs = matrix(Fields.array(st.get("differences").orElseThrow(), "/statistic/differences"), "/statistic/differences");
            names.addAll(names(st, diffs[0].length));
            space = build(() -> AdjacentOutputSpace.differences(diffs, relation), "/statistic/differences");
            provenance = diffs.length + " difference vectors given by the user (asserted to be all of S_T), closed under negation";
        } else {
            throw new FieldException("/statistic", "must have \"variables\" and \"features\", \"records\", or \"differences\"");
        }
        if (rowsPerUnit > 1) {
            provenance += "; one privacy unit contributes up to " + rowsPerUnit + " rows, so every coefficient is multiplied by " + rowsPerUnit;
        }
        return new KNormProblem(name, epsilon, space, curved, relation, names, candidates, criterion, provenance, !st.has("features") && !st.has("variables"), o);
    }

    private static List<Feature> scaled(List<Feature> features, long rowsPerUnit) throws FieldException {
        if (rowsPerUnit == 1) {
            return features;
        }
        BigDecimal k = BigDecimal.valueOf(rowsPerUnit);
        List<Feature> out = new ArrayList<>();
        for (Feature f : features) {
            List<Term> ts = new ArrayList<>();
            for (Term t : f.terms) {
                BigDecimal c = t.coef.multiply(k);
                if (new BigDecimal(c.doubleValue()).compareTo(c) != 0) {
                    throw new FieldException("/rows_per_unit", "makes the coefficient " + t.coef.toPlainString() + " of feature " + f.name
                            + " times " + rowsPerUnit + " inexact as a double; choose a smaller rows_per_unit. Provided value: " + rowsPerUnit);
                }
                ts.add(new Term(c, t.powers));
            }
            out.add(new Feature(f.name, ts));
        }
        return out;
    }

    private interface SpaceBuilder {
        AdjacentOutputSpace get();
    }

    private static AdjacentOutputSpace build(SpaceBuilder b, String ptr) throws FieldException {
        try {
            return b.get();
        } catch (IllegalArgumentException e) {
            throw new FieldException(ptr, e.getMessage());
        }
    }

    private static List<String> names(JsonObject st, int d) throws FieldException {
        List<String> out = new ArrayList<>();
        if (!st.has("names")) {
            for (int j = 0; j < d; j++) {
                out.add("t" + (j + 1));
            }
            return out;
        }
        JsonArray a = Fields.array(st.get("names").orElseThrow(), "/statistic/names");
        if (a.size() != d) {
            throw new FieldException("/statistic/names", "must have one name per coordinate (" + d + "). Provided value: " + a.size() + " names");
        }
        for (int j = 0; j < d; j++) {
            out.add(Fields.string(a.get(j), "/statistic/names/" + j));
        }
        return out;
    }

    private static double[][] matrix(JsonArray a, String ptr) throws FieldException {
        if (a.size() == 0) {
            throw new FieldException(ptr, "must not be empty");
        }
        double[][] m = new double[a.size()][];
        for (int i = 0; i < a.size(); i++) {
            JsonArray row = Fields.array(a.get(i), ptr + "/" + i);
            if (row.size() == 0 || (i > 0 && row.size() != m[0].length)) {
                throw new FieldException(ptr + "/" + i, "must have " + (i == 0 ? "at least one" : String.valueOf(m[0].length)) + " numbers. Provided value: "
                        + row.size() + " numbers");
            }
            m[i] = new double[row.size()];
            for (int j = 0; j < row.size(); j++) {
                m[i][j] = Fields.finiteDouble(row.get(j), ptr + "/" + i + "/" + j);
            }
        }
        return m;
    }

    /** {@code "c": {"categories": ["a", "b"]}}: a categorical variable, used in features as the indicators {@code "c=a"}. */
    private static Map<String, List<String>> categories(JsonObject v) throws FieldException {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> e : v.members().entrySet()) {
            if (!(e.getValue() instanceof JsonObject o)) {
                continue;
            }
            String ptr = "/statistic/variables/" + e.getKey();
            Fields.allowedKeys(o, ptr, Set.of("categories"));
            JsonArray levels = Fields.array(Fields.member(o, "categories", ptr), ptr + "/categories");
            if (levels.size() < 2) {
                throw new FieldException(ptr + "/categories", "must list at least 2 levels. Provided value: " + levels.size() + " levels");
            }
            List<String> ls = new ArrayList<>();
            for (int i = 0; i < levels.size(); i++) {
                String l = Fields.string(levels.get(i), ptr + "/categories/" + i);
                if (ls.contains(l)) {
                    throw new FieldException(ptr + "/categories/" + i, "is listed twice. Provided value: " + Fields.quote(l));
                }
                ls.add(l);
            }
            out.put(e.getKey(), ls);
        }
        return out;
    }

    private static Map<String, double[]> variables(JsonObject v, Set<String> categorical) throws FieldException {
        if (v.size() == 0) {
            throw new FieldException("/statistic/variables", "must not be empty");
        }
        if (v.size() > MAX_VARIABLES) {
            throw new FieldException("/statistic/variables", "at most " + MAX_VARIABLES + " box variables (2^k vertices are enumerated). Provided value: "
                    + v.size() + " variables");
        }
        Map<String, double[]> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> e : v.members().entrySet()) {
            if (categorical.contains(e.getKey())) {
                continue;
            }
            String ptr = "/statistic/variables/" + e.getKey();
            JsonArray box = Fields.array(e.getValue(), ptr);
            if (box.size() != 2) {
                throw new FieldException(ptr, "must be a box [lower, upper]. Provided value: " + box.size() + " numbers");
            }
            double lo = Fields.finiteDouble(box.get(0), ptr + "/0");
            double hi = Fields.finiteDouble(box.get(1), ptr + "/1");
            if (!(lo <= hi)) {
                throw new FieldException(ptr, "lower must be <= upper. Provided value: [" + lo + ", " + hi + "]");
            }
            out.put(e.getKey(), new double[] {lo, hi});
        }
        return out;
    }

    private record Term(BigDecimal coef, Map<String, Integer> powers) {
    }

    private record Feature(String name, List<Term> terms) {
    }

    private static List<Feature> features(JsonArray a, Map<String, double[]> vars, Map<String, List<String>> categories) throws FieldException {
        if (a.size() == 0) {
            throw new FieldException("/statistic/features", "must not be empty");
        }
        List<Feature> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            String ptr = "/statistic/features/" + i;
            JsonObject f = Fields.object(a.get(i), ptr);
            Fields.allowedKeys(f, ptr, Set.of("name", "terms"));
            String name = f.has("name") ? Fields.string(f.get("name").orElseThrow(), ptr + "/name") : "t" + (i + 1);
            JsonArray terms = Fields.array(Fields.member(f, "terms", ptr), ptr + "/terms");
            if (terms.size() == 0) {
                throw new FieldException(ptr + "/terms", "must not be empty");
            }
            List<Term> ts = new ArrayList<>();
            for (int k = 0; k < terms.size(); k++) {
                String tp = ptr + "/terms/" + k;
                JsonObject t = Fields.object(terms.get(k), tp);
                Fields.allowedKeys(t, tp, Set.of("coef", "powers"));
                JsonNumber c = Fields.number(Fields.member(t, "coef", tp), tp + "/coef");
                if (!Double.isFinite(c.doubleValue())) {
                    throw new FieldException(tp + "/coef", "must be finite. Provided value: " + c.literal());
                }
                Map<String, Integer> powers = new LinkedHashMap<>();
                if (t.has("powers")) {
                    JsonObject p = Fields.object(t.get("powers").orElseThrow(), tp + "/powers");
                    for (Map.Entry<String, JsonValue> e : p.members().entrySet()) {
                        String pp = tp + "/powers/" + e.getKey();
                        if (e.getKey().contains("=") && categories.containsKey(e.getKey().substring(0, e.getKey().indexOf('=')))) {
                            String cat = e.getKey().substring(0, e.getKey().indexOf('='));
                            String level = e.getKey().substring(e.getKey().indexOf('=') + 1);
                            if (!categories.get(cat).contains(level)) {
                                throw new FieldException(pp, "names no level of " + cat + "; its levels are " + String.join(", ", categories.get(cat)));
                            }
                            if ((int) Fields.integer(e.getValue(), pp, 0, MAX_POWER) > 0) {
                                powers.put(e.getKey(), 1); // an indicator: any positive power is itself
                            }
                            continue;
                        }
                        if (!vars.containsKey(e.getKey())) {
                            throw new FieldException(pp, "names no variable; the variables are " + String.join(", ", vars.keySet())
                                    + (categories.isEmpty() ? "" : ", and the indicators c=level of " + String.join(", ", categories.keySet())));
                        }
                        int power = (int) Fields.integer(e.getValue(), pp, 0, MAX_POWER);
                        if (power > 0) {
                            powers.put(e.getKey(), power);
                        }
                    }
                }
                ts.add(new Term(c.decimal(), powers));
            }
            out.add(new Feature(name, ts));
        }
        return out;
    }

    private static PolynomialMap polynomialMap(Map<String, double[]> vars, List<Feature> features) throws FieldException {
        List<String> names = new ArrayList<>(vars.keySet());
        double[][] box = new double[names.size()][];
        for (int v = 0; v < names.size(); v++) {
            box[v] = vars.get(names.get(v));
        }
        List<List<PolynomialMap.Term>> fs = new ArrayList<>();
        for (int f = 0; f < features.size(); f++) {
            List<PolynomialMap.Term> ts = new ArrayList<>();
            for (int k = 0; k < features.get(f).terms.size(); k++) {
                Term t = features.get(f).terms.get(k);
                double c = t.coef.doubleValue();
                if (new BigDecimal(c).compareTo(t.coef) != 0) {
                    throw new FieldException("/statistic/features/" + f + "/terms/" + k + "/coef", "must be exactly a double for a certified bound (e.g. 0.5, "
                            + "not 0.1). Provided value: " + t.coef.toPlainString());
                }
                int[] powers = new int[names.size()];
                for (Map.Entry<String, Integer> e : t.powers.entrySet()) {
                    powers[names.indexOf(e.getKey())] = e.getValue();
                }
                ts.add(new PolynomialMap.Term(c, powers));
            }
            fs.add(ts);
        }
        return PolynomialMap.of(box, fs);
    }

    /** Box vertices × category levels enumerated for multilinear features. */
    public static final int MAX_DOMAIN_POINTS = 1 << 16;

    /**
     * t at every vertex of the box combined with every choice of category levels (one-hot indicators: the chosen
     * level's is 1, the others 0), evaluated exactly and refused if a value is not a double.
     */
    private static double[][] boxVertexImages(Map<String, double[]> vars, Map<String, List<String>> categories, List<Feature> features)
            throws FieldException {
        List<String> names = new ArrayList<>(vars.keySet());
        List<String> cats = new ArrayList<>(categories.keySet());
        int k = names.size();
        long count = 1L << k;
        for (String c : cats) {
            count *= categories.get(c).size();
        }
        if (count > MAX_DOMAIN_POINTS) {
            throw new FieldException("/statistic/variables", "box vertices times category levels give " + count + " points; at most "
                    + MAX_DOMAIN_POINTS + " are enumerated");
        }
        double[][] out = new double[(int) count][features.size()];
        for (int idx = 0; idx < count; idx++) {
            Map<String, BigDecimal> x = new LinkedHashMap<>();
            int rest = idx;
            for (int v = 0; v < k; v++) {
                x.put(names.get(v), new BigDecimal(vars.get(names.get(v))[rest & 1]));
                rest >>= 1;
            }
            for (String c : cats) {
                List<String> levels = categories.get(c);
                int chosen = rest % levels.size();
                rest /= levels.size();
                for (int l = 0; l < levels.size(); l++) {
                    x.put(c + "=" + levels.get(l), l == chosen ? BigDecimal.ONE : BigDecimal.ZERO);
                }
            }
            for (int f = 0; f < features.size(); f++) {
                BigDecimal s = BigDecimal.ZERO;
                for (Term t : features.get(f).terms) {
                    BigDecimal p = t.coef;
                    for (String var : t.powers.keySet()) {
                        p = p.multiply(x.get(var));
                    }
                    s = s.add(p);
                }
                double dv = s.doubleValue();
                if (new BigDecimal(dv).compareTo(s) != 0) {
                    throw new FieldException("/statistic/features/" + f, "its value " + s.toPlainString() + " at a box vertex is not exactly a double; "
                            + "use coefficients and bounds that are binary fractions (e.g. 0.5, not 0.1)");
                }
                out[idx][f] = dv;
            }
        }
        return out;
    }
}
