package org.optimech.designer.problem;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.spec.Relation;
import org.optimech.runtime.statistic.PolynomialStatistic;
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
 * (S_T itself, closed under negation here). Unknown keys are errors. The parser only parses (the statistic through the
 * shared {@link StatisticReader}); the adjacent output space is built when the problem is designed.
 */
public final class KNormProblemParser {
    private static final Set<String> KEYS = Set.of("kind", "name", "description", "epsilon", "neighbours", "rows_per_unit", "statistic", "candidates", "criterion",
            "delta");
    /** Largest number of rows one privacy unit may contribute ({@code rows_per_unit}). */
    public static final long MAX_ROWS_PER_UNIT = 1_000_000;

    private KNormProblemParser() {
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
        Relation relation = o.has("neighbours") ? Fields.enumValue(o.get("neighbours").orElseThrow(), "/neighbours", Relation.class) : Relation.SUBSTITUTION;
        BigDecimal delta = BigDecimal.ZERO;
        if (o.has("delta")) {
            delta = Fields.exactNumber(o.get("delta").orElseThrow(), "/delta");
            if (delta.signum() < 0 || delta.compareTo(BigDecimal.ONE) >= 0) {
                throw new FieldException("/delta", "must be in [0, 1). Provided value: " + delta.toPlainString());
            }
            if (delta.signum() > 0 && delta.compareTo(FunctionProblem.MIN_ANALYTIC_DELTA) < 0) {
                // the Gaussian candidates' profile is certified to an absolute 1e-300, so a smaller delta could never be met
                throw new FieldException("/delta", "must be 0 or at least " + FunctionProblem.MIN_ANALYTIC_DELTA + " for the Gaussian candidates' analytic "
                        + "calibration (the privacy profile is certified to an absolute 1e-300). Provided value: " + delta);
            }
        }
        List<String> candidates = new ArrayList<>(KNormProblem.DEFAULT_CANDIDATES);
        if (delta.signum() > 0 && !o.has("candidates")) {
            candidates.addAll(KNormProblem.GAUSSIAN_CANDIDATES);
        }
        if (o.has("candidates")) {
            JsonArray a = Fields.array(o.get("candidates").orElseThrow(), "/candidates");
            if (a.size() == 0) {
                throw new FieldException("/candidates", "must not be empty");
            }
            candidates.clear();
            for (int i = 0; i < a.size(); i++) {
                String c = Fields.oneOf(a.get(i), "/candidates/" + i, java.util.stream.Stream.concat(KNormProblem.CANDIDATES.stream(),
                        KNormProblem.GAUSSIAN_CANDIDATES.stream()).toArray(String[]::new));
                if (candidates.contains(c)) {
                    throw new FieldException("/candidates/" + i, "is listed twice. Provided value: " + Fields.quote(c));
                }
                if (KNormProblem.GAUSSIAN_CANDIDATES.contains(c) && delta.signum() == 0) {
                    throw new FieldException("/candidates/" + i, "is an (epsilon, delta) mechanism and needs \"delta\" > 0 in the problem. Provided value: "
                            + Fields.quote(c));
                }
                candidates.add(c);
            }
        }
        Criterion criterion = o.has("criterion") ? Fields.enumValue(o.get("criterion").orElseThrow(), "/criterion", Criterion.class) : Criterion.TRACE;

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
        if (delta.signum() > 0 && statistic.structured().isEmpty()) {
            throw new FieldException("/delta", "applies to structured statistics (bounded_contribution, counts, ranking, ordered_counts) only, whose "
                    + "Gaussian candidates are designed in closed form; other K-norm problems are pure epsilon-DP. Provided value: " + delta.toPlainString());
        }
        if (statistic.polynomial().isPresent()) {
            PolynomialStatistic poly;
            try {
                poly = statistic.polynomial().get().scaled(rowsPerUnit);
            } catch (IllegalArgumentException e) {
                throw new FieldException("/rows_per_unit", e.getMessage() + ". Provided value: " + rowsPerUnit);
            }
            if (poly.isMultilinear()) {
                // the statistic's values at the box vertices must be exact doubles (every reader computes with them)
                try {
                    poly.domainImages();
                } catch (IllegalArgumentException e) {
                    throw new FieldException(poly.domainPointCount() > PolynomialStatistic.MAX_DOMAIN_POINTS ? "/statistic/variables" : "/statistic/features",
                            e.getMessage());
                }
            }
            statistic = poly;
        }
        return new KNormProblem(name, epsilon, relation, statistic, null, rowsPerUnit, statistic.names(), candidates, criterion, o, delta);
    }
}
