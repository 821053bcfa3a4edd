package org.optimech.designer.knorm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonParser;

class KNormProblemParserTest {
    static KNormProblem parse(String json) throws Exception {
        return KNormProblemParser.parse(JsonParser.parse(json));
    }

    /** Multilinear features: t(x, y) = (x, xy) on the box; the hull comes from the 4 vertices, checked against hand values. */
    @Test
    void multilinearFeaturesUseTheBoxVertices() throws Exception {
        KNormProblem p = parse("{\"kind\":\"knorm\",\"epsilon\":0.5,\"neighbours\":\"add-remove\",\"statistic\":{\"variables\":{\"x\":[-1,1],\"y\":[0,2]},"
                + "\"features\":[{\"name\":\"sx\",\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]},{\"name\":\"sxy\",\"terms\":[{\"coef\":0.5,\"powers\":{\"x\":1,\"y\":1}}]}]}}");
        assertEquals(java.util.List.of("sx", "sxy"), p.featureNames());
        // t at the vertices: (−1, 0), (1, 0), (−1, −1), (1, 1); closed under negation already: 4 points
        assertEquals(4, p.space().size());
        KNormComparison.Result r = p.compare();
        assertEquals(2.0, r.candidates().stream().filter(c -> c.name().equals("l1")).findFirst().orElseThrow().sensitivity(), 0.0);
        assertEquals(Criterion.TRACE, p.criterion());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"kind\":\"knorm\",\"epsilon\":-1,\"statistic\":{\"records\":[[1]]}}|/epsilon|must be > 0 and finite. Provided value: -1",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"records\":[[1],[2,3]]}}|/statistic/records/1|must have 1 numbers. Provided value: 2 numbers",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"variables\":{\"x\":[-1,1]},\"features\":[{\"terms\":[{\"coef\":2,\"powers\":{\"x\":2}}]}]}}|/statistic/features/0/terms/0/powers/x|powers above 1 make S_T curved",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"variables\":{\"x\":[1,-1]},\"features\":[{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]}]}}|/statistic/variables/x|lower must be <= upper",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"variables\":{\"x\":[-1,1]},\"features\":[{\"terms\":[{\"coef\":1,\"powers\":{\"z\":1}}]}]}}|/statistic/features/0/terms/0/powers/z|names no variable; the variables are x",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"variables\":{\"x\":[-1,1]},\"features\":[{\"terms\":[{\"coef\":0.1,\"powers\":{\"x\":1}}]}]}}|/statistic/features/0|is not exactly a double",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"records\":[[1]]},\"candidates\":[\"l3\"]}|/candidates/0|must be one of",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"records\":[[1]]},\"criterion\":\"det\"}|/criterion|must be one of",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{}}|/statistic|must have \"variables\" and \"features\", \"records\", or \"differences\"",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"records\":[[1]]},\"epsilom\":2}|/epsilom|",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"records\":[[1],[1e-30]]}}|/statistic/records|is not exactly representable",
    })
    void badProblemsNameTheField(String json, String pointer, String message) {
        FieldException e = assertThrows(FieldException.class, () -> parse(json));
        assertEquals(pointer, e.pointer(), e.getMessage());
        assertTrue(e.getMessage().contains(message == null ? "" : message), e.getMessage());
    }
}
