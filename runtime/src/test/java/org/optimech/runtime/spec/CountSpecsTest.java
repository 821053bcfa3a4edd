package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.testing.JsonEdit;

/** Which discrete specs may release a count of records: against a brute force over pairs of counts, and named specs. */
class CountSpecsTest {

    /** Every two counts at most k apart are neighbours: the definition, pair by pair. */
    private static boolean bruteForce(int size, List<int[]> edges, int k) {
        boolean[][] nb = new boolean[size][size];
        for (int[] e : edges) {
            nb[e[0]][e[1]] = true;
            nb[e[1]][e[0]] = true;
        }
        for (int i = 0; i < size; i++) {
            for (int j = i + 1; j < size && j - i <= k; j++) {
                if (!nb[i][j]) {
                    return false;
                }
            }
        }
        return true;
    }

    @Property(tries = 300, seed = "20261128")
    void edgeGraphsJoinStepsExactlyWhenEveryClosePairIsAnEdge(@ForAll @IntRange(min = 1, max = 9) int size, @ForAll @IntRange(min = 1, max = 4) int k,
            @ForAll long bits) {
        List<int[]> edges = new ArrayList<>();
        int bit = 0;
        for (int i = 0; i < size; i++) {
            for (int j = i + 1; j < size; j++) {
                // close pairs present with high probability so that both answers occur
                boolean keep = j - i <= k ? ((bits >>> (bit++ % 64)) & 7) != 0 : ((bits >>> (bit++ % 64)) & 1) != 0;
                if (keep) {
                    edges.add(new int[] {i, j});
                }
            }
        }
        NeighbourGraph g = NeighbourGraph.edges(size, edges);
        assertEquals(bruteForce(size, edges, k), CountSpecs.joinsSteps(g, k));
    }

    @Property(tries = 60, seed = "20261128")
    void pathAndCompleteGraphsAgreeWithTheBruteForce(@ForAll @IntRange(min = 1, max = 9) int size, @ForAll @IntRange(min = 1, max = 4) int k) {
        List<int[]> path = new ArrayList<>();
        List<int[]> complete = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            for (int j = i + 1; j < size; j++) {
                complete.add(new int[] {i, j});
                if (j == i + 1) {
                    path.add(new int[] {i, j});
                }
            }
        }
        assertEquals(bruteForce(size, path, k), CountSpecs.joinsSteps(NeighbourGraph.path(size), k));
        assertEquals(bruteForce(size, complete, k), CountSpecs.joinsSteps(NeighbourGraph.complete(size), k));
    }

    @Test
    void theGoldenCountSpecProtectsCountsOfOneRowAndNotOfTwo() throws Exception {
        DiscreteSpec spec = DiscreteSpec.of(SpecCodec.read(GoldenFilesTest.golden("count-path.json"))).orElseThrow();
        IntegerRange r = CountSpecs.requireCounts(spec, 1);
        assertEquals(0, r.from());
        assertEquals(2, r.to());
        FieldException two = assertThrows(FieldException.class, () -> CountSpecs.requireCounts(spec, 2));
        assertEquals("/privacy/neighbours", two.pointer());
    }

    /**
     * The reviewer's spec: the golden count table with its inputs relabelled "0", "2", "1" and the digest recomputed loads (a
     * table over labels is valid), but it is not a count spec: on the path graph the counts 0 and 1 are not neighbours and
     * their rows differ by 4x, twice the certified e^ε = 2.
     */
    @Test
    void relabelledInputsAreRefusedAtTheirField() throws Exception {
        JsonObject doc = GoldenFilesTest.golden("count-path.json");
        JsonValue labels = GoldenFilesTest.parse("{\"labels\": [\"0\", \"2\", \"1\"]}");
        JsonObject edited = (JsonObject) JsonEdit.set(doc, "/mechanism/inputs", labels);
        edited = (JsonObject) JsonEdit.set(edited, "/privacy/input_policy", GoldenFilesTest.parse("\"default\""));
        JsonObject relabelled = SpecDigest.seal((JsonObject) JsonEdit.set(edited, "/privacy/default_input", GoldenFilesTest.parse("\"0\"")));
        DiscreteSpec spec = DiscreteSpec.of(SpecCodec.read(relabelled)).orElseThrow();
        FieldException e = assertThrows(FieldException.class, () -> CountSpecs.requireCounts(spec, 1));
        assertEquals("/mechanism/inputs", e.pointer());
        assertTrue(e.getMessage().contains("consecutive integer inputs"), e.getMessage());
    }
}
