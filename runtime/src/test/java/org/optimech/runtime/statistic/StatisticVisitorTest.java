package org.optimech.runtime.statistic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.json.JsonParser;

/**
 * Statistics are read outside this package through {@link Statistic#match}, its views {@link Statistic#polynomial()} and
 * {@link Statistic#structured()}, and {@link StructuredStatistic#matchStructure} (an architecture rule forbids testing their kinds):
 * every kind, read by the one strict reader, reaches its own branch, checked against {@code instanceof} here.
 */
class StatisticVisitorTest {
    @Test
    void everyStatisticReachesItsOwnBranch() throws Exception {
        List<Statistic> all = List.of(read("{\"variables\": {\"x\": [0, 1]}, \"features\": [{\"name\": \"x\", \"terms\": [{\"coef\": 1, \"powers\": {\"x\": 1}}]}]}"),
                read("{\"records\": [[0, 1], [1, 0]]}"), read("{\"differences\": [[1, 0], [-1, 0]]}"),
                new BoundedContribution(3, BigDecimal.ONE, 2, false), new Counts(3, 2), Ranking.borda(3), new OrderedCounts(2, new int[0][]));
        List<String> forms = all.stream().map(s -> s.match(p -> "polynomial", r -> "records", d -> "differences",
                st -> st.matchStructure(b -> "bounded", c -> "counts", rk -> "ranking", o -> "ordered"))).toList();
        assertEquals(List.of("polynomial", "records", "differences", "bounded", "counts", "ranking", "ordered"), forms);
        for (Statistic s : all) {
            assertEquals(s instanceof PolynomialStatistic ? Optional.of(s) : Optional.empty(), s.polynomial());
            assertEquals(s instanceof StructuredStatistic ? Optional.of(s) : Optional.empty(), s.structured());
        }
    }

    private static Statistic read(String json) throws Exception {
        return StatisticReader.read(JsonParser.parse(json), "/statistic");
    }
}
