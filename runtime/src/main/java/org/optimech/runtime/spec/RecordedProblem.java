package org.optimech.runtime.spec;

import java.util.Objects;
import java.util.Optional;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.statistic.Statistic;
import org.optimech.runtime.statistic.StatisticReader;

/**
 * The problem a K-norm spec records about its design ({@code design.problem}, covered by the digest), read strictly in one
 * place: the loader re-derives Δ from it, Spark jobs and the CLI compute the per-row statistic from it.
 *
 * @param statisticJson the recorded {@code statistic}, as written
 * @param relation the neighbouring relation the problem was designed for ({@code neighbours}, substitution when absent)
 * @param rowsPerUnit the rows of one privacy unit ({@code rows_per_unit}, 1 when absent)
 */
public record RecordedProblem(JsonValue statisticJson, Relation relation, long rowsPerUnit) {
    /** Where the problem sits in a spec. */
    public static final String POINTER = "/design/problem";

    public RecordedProblem {
        Objects.requireNonNull(statisticJson, "statisticJson");
        Objects.requireNonNull(relation, "relation");
        if (rowsPerUnit < 1) {
            throw new IllegalArgumentException("rowsPerUnit must be >= 1. Provided value: " + rowsPerUnit);
        }
    }

    /**
     * The problem recorded in a spec's {@code design} object, or empty when it records none (no {@code problem} object, or
     * one without a {@code statistic}).
     *
     * @throws FieldException naming the field when {@code neighbours} or {@code rows_per_unit} is malformed
     */
    public static Optional<RecordedProblem> read(JsonObject design) throws FieldException {
        Optional<JsonObject> recorded = design.get("problem").flatMap(JsonValue::object).filter(p -> p.has("statistic"));
        if (recorded.isEmpty()) {
            return Optional.empty();
        }
        JsonObject problem = recorded.get();
        Relation relation = problem.has("neighbours")
                ? Fields.enumValue(problem.get("neighbours").orElseThrow(), POINTER + "/neighbours", Relation.class)
                : Relation.SUBSTITUTION;
        long rows = problem.has("rows_per_unit") ? Fields.integer(problem.get("rows_per_unit").orElseThrow(), POINTER + "/rows_per_unit", 1, 1_000_000) : 1;
        return Optional.of(new RecordedProblem(problem.get("statistic").orElseThrow(), relation, rows));
    }

    /** The user-supplied support function the statistic names ({@code support_oracle}), whose bounds the runtime cannot re-derive. */
    public Optional<JsonValue> supportOracle() {
        return statisticJson.object().flatMap(st -> st.get("support_oracle"));
    }

    /**
     * The statistic, through the one strict reader of the format (the designer parsed the same statistic with it).
     *
     * @throws FieldException naming the field when the statistic is malformed
     */
    public Statistic statistic() throws FieldException {
        return StatisticReader.read(statisticJson, POINTER + "/statistic");
    }
}
