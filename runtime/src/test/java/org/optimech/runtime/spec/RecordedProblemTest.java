package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;

/** The one reader of the problem a K-norm spec records ({@code design.problem}): defaults, errors naming the field, the oracle. */
class RecordedProblemTest {
    private static final String STATISTIC = "{\"variables\": {\"x\": [0, 4]}, \"features\": [{\"name\": \"count\", \"terms\": [{\"coef\": 1}]}, "
            + "{\"name\": \"sum_x\", \"terms\": [{\"coef\": 1, \"powers\": {\"x\": 1}}]}]}";

    private static JsonObject design(String problem) throws Exception {
        return JsonParser.parse("{\"problem\": " + problem + "}").asObject();
    }

    @Test
    void aDesignWithoutAProblemOrAStatisticRecordsNone() throws Exception {
        assertTrue(RecordedProblem.read(JsonParser.parse("{}").asObject()).isEmpty());
        assertTrue(RecordedProblem.read(design("[]")).isEmpty());
        assertTrue(RecordedProblem.read(design("{\"kind\": \"knorm\"}")).isEmpty());
    }

    @Test
    void absentFieldsTakeTheDesignersDefaults() throws Exception {
        RecordedProblem p = RecordedProblem.read(design("{\"statistic\": " + STATISTIC + "}")).orElseThrow();
        assertEquals(Relation.SUBSTITUTION, p.relation());
        assertEquals(1, p.rowsPerUnit());
        assertTrue(p.supportOracle().isEmpty());
        assertEquals(2, p.statistic().dimension());
    }

    @Test
    void statedFieldsAreRead() throws Exception {
        RecordedProblem p = RecordedProblem.read(design("{\"statistic\": " + STATISTIC + ", \"neighbours\": \"add-remove\", \"rows_per_unit\": 5}"))
                .orElseThrow();
        assertEquals(Relation.ADD_REMOVE, p.relation());
        assertEquals(5, p.rowsPerUnit());
    }

    @Test
    void malformedFieldsAreNamed() throws Exception {
        FieldException rows = assertThrows(FieldException.class,
                () -> RecordedProblem.read(design("{\"statistic\": " + STATISTIC + ", \"rows_per_unit\": 0}")));
        assertEquals("/design/problem/rows_per_unit", rows.pointer());
        FieldException neighbours = assertThrows(FieldException.class,
                () -> RecordedProblem.read(design("{\"statistic\": " + STATISTIC + ", \"neighbours\": \"sideways\"}")));
        assertEquals("/design/problem/neighbours", neighbours.pointer());
        FieldException statistic = assertThrows(FieldException.class,
                () -> RecordedProblem.read(design("{\"statistic\": {\"features\": 3}}")).orElseThrow().statistic());
        assertTrue(statistic.pointer().startsWith("/design/problem/statistic"), statistic.pointer());
    }

    @Test
    void aSupportOracleIsReported() throws Exception {
        RecordedProblem p = RecordedProblem.read(design("{\"statistic\": {\"support_oracle\": \"my.Oracle\", \"dimension\": 2}}")).orElseThrow();
        assertEquals("\"my.Oracle\"", p.supportOracle().orElseThrow().toString());
    }
}
