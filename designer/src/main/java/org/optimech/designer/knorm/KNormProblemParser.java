package org.optimech.designer.knorm;

import java.math.BigDecimal;
import java.util.ArrayList;
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
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.statistic.DifferenceStatistic;
import org.optimech.runtime.statistic.PolynomialStatistic;
import org.optimech.runtime.statistic.RecordStatistic;
import org.optimech.runtime.statistic.Statistic;
import org.optimech.runtime.statistic.StatisticReader;

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
        Statistic statistic = StatisticReader.read(st, "/statistic");
        List<String> names = new ArrayList<>(statistic.names());
        AdjacentOutputSpace space = null;
        CurvedOutputSpace curved = null;
        String provenance;
        if (statistic instanceof PolynomialStatistic poly0) {
            PolynomialStatistic poly;
            try {
                poly = poly0.scaled(rowsPerUnit);
            } catch (IllegalArgumentException e) {
                throw new FieldException("/rows_per_unit", e.getMessage() + ". Provided value: " + rowsPerUnit);
            }
            if (poly.isMultilinear()) {
                double[][] records;
                try {
                    records = poly.domainImages();
                } catch (IllegalArgumentException e) {
                    throw new FieldException(poly.domainPointCount() > PolynomialStatistic.MAX_DOMAIN_POINTS ? "/statistic/variables" : "/statistic/features",
                            e.getMessage());
                }
                space = build(() -> AdjacentOutputSpace.finiteDomain(records, relation), "/statistic");
                provenance = "multilinear features of " + poly.variables().size() + " box variables" + (poly.categoricals().isEmpty() ? ""
                        : " and " + poly.categoricals().size() + " categorical (one-hot)") + ": S_T's hull is exactly the hull of the differences of t at the "
                        + records.length + " box vertices" + (poly.categoricals().isEmpty() ? "" : " x category levels")
                        + " (t is affine along every box coordinate); box bounds and coefficients as given by the user";
            } else {
                curved = CurvedOutputSpace.of(polynomialMap(poly), relation, CURVED_TOLERANCE, CURVED_MAX_BOXES);
                provenance = "polynomial features of degree " + poly.degree() + " on a box of " + poly.variables().size() + " variables: S_T is curved, known "
                        + "through certified support bounds (interval branch and bound with outward rounding, relative gap " + CURVED_TOLERANCE
                        + "); box bounds and coefficients as given by the user";
            }
        } else if (statistic instanceof RecordStatistic r) {
            double[][] records = r.records();
            space = build(() -> AdjacentOutputSpace.finiteDomain(records, relation), "/statistic/records");
            provenance = "t(x) listed for " + records.length + " possible records (the user asserts this is the whole record domain); S_T exact";
        } else {
            double[][] diffs = ((DifferenceStatistic) statistic).differences();
            space = build(() -> AdjacentOutputSpace.differences(diffs, relation), "/statistic/differences");
            provenance = diffs.length + " difference vectors given by the user (asserted to be all of S_T), closed under negation";
        }
        if (rowsPerUnit > 1) {
            provenance += "; one privacy unit contributes up to " + rowsPerUnit + " rows, so every coefficient is multiplied by " + rowsPerUnit;
        }
        return new KNormProblem(name, epsilon, space, curved, relation, names, candidates, criterion, provenance, !st.has("features") && !st.has("variables"), o);
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

    /** The curved statistic as a polynomial map on its box (coefficients are exact doubles: the reader checked them). */
    private static PolynomialMap polynomialMap(PolynomialStatistic poly) {
        List<String> names = poly.variableNames();
        double[][] box = new double[names.size()][];
        for (int v = 0; v < names.size(); v++) {
            box[v] = new double[] {poly.variables().get(v).lower(), poly.variables().get(v).upper()};
        }
        List<List<PolynomialMap.Term>> fs = new ArrayList<>();
        for (PolynomialStatistic.Feature f : poly.features()) {
            List<PolynomialMap.Term> ts = new ArrayList<>();
            for (PolynomialStatistic.Term t : f.terms()) {
                int[] powers = new int[names.size()];
                for (Map.Entry<String, Integer> e : t.powers().entrySet()) {
                    powers[names.indexOf(e.getKey())] = e.getValue();
                }
                ts.add(new PolynomialMap.Term(t.coefficient().doubleValue(), powers));
            }
            fs.add(ts);
        }
        return PolynomialMap.of(box, fs);
    }
}
