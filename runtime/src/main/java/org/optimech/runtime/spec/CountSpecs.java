package org.optimech.runtime.spec;

import java.util.HashSet;
import java.util.Set;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.json.FieldException;

/**
 * Whether a discrete spec may release a count of records. A privacy unit whose rows are added, removed or replaced changes
 * a count by at most its number of rows m, so the spec's certified ε covers the release only when its inputs are
 * consecutive integers in order (an {@link IntegerRange}) and its neighbour graph joins every two counts at most m apart.
 * A spec over the labels "0", "2", "1" on the path graph joins the counts 0 and 2 but not 0 and 1, so a count released
 * through it could be protected by no certified ε at all (review of the count command, named regression in the CLI).
 * The one check for every place that feeds a count to a discrete spec (the CLI's count, Spark's per-group counts).
 */
public final class CountSpecs {
    private CountSpecs() {
    }

    /**
     * The spec's input range when it protects counts for units of at most {@code rowsPerUnit} rows.
     *
     * @throws FieldException naming {@code /mechanism/inputs} (not an integer range) or {@code /privacy/neighbours} (two
     *     counts at most {@code rowsPerUnit} apart that are not neighbours)
     */
    public static IntegerRange requireCounts(DiscreteSpec spec, int rowsPerUnit) throws FieldException {
        if (rowsPerUnit < 1) {
            throw new IllegalArgumentException("rowsPerUnit must be >= 1. Provided value: " + rowsPerUnit);
        }
        if (!(spec.inputs() instanceof IntegerRange range)) {
            throw new FieldException("/mechanism/inputs", "a count needs consecutive integer inputs in order (from, to); the spec lists labels");
        }
        NeighbourGraph graph = spec.privacy().neighbours();
        if (!joinsSteps(graph, rowsPerUnit)) {
            throw new FieldException("/privacy/neighbours", "a unit of up to " + rowsPerUnit + (rowsPerUnit == 1 ? " row" : " rows")
                    + " changes the count by up to " + rowsPerUnit + ", but the spec's " + graph.kind().json()
                    + " graph does not join every two counts " + rowsPerUnit + " or fewer apart");
        }
        return range;
    }

    /** Whether every two inputs at most k apart (by index; the inputs are consecutive integers) are neighbours. */
    static boolean joinsSteps(NeighbourGraph graph, int k) {
        switch (graph.kind()) {
            case COMPLETE:
                return true;
            case PATH:
                return k == 1 || graph.size() <= 2; // inputs 2 or more apart exist only from 3 inputs
            default:
                int[][] adj = graph.adjacency();
                for (int i = 0; i < adj.length; i++) {
                    Set<Integer> nb = new HashSet<>();
                    for (int j : adj[i]) {
                        nb.add(j);
                    }
                    for (int j = i + 1; j <= Math.min(adj.length - 1, (long) i + k); j++) {
                        if (!nb.contains(j)) {
                            return false;
                        }
                    }
                }
                return true;
        }
    }
}
