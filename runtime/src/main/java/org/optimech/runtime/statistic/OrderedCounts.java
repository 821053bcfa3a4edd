package org.optimech.runtime.statistic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Counts of d yes/no answers that are ordered by implications (JSON
 * {@code {"ordered_counts": {"dimension": d, "implies": [[i, j], …]}}}, indices from 0): a record answering 1 at i must answer
 * 1 at j. A record's answers form an up-set of the implication order, and these span its order polytope O; the adjacent
 * outputs' hull is O − O under substitution and conv(O ∪ −O) under add/remove (Joseph–Ribero–Yu 2025).
 *
 * @param dimension d
 * @param implies pairs [i, j] with i ≠ j in [0, d) (copied), no pair twice
 */
public record OrderedCounts(int dimension, int[][] implies) implements StructuredStatistic {
    public OrderedCounts {
        StructuredStatistic.checkDimension("dimension", dimension, 1);
        Objects.requireNonNull(implies, "implies");
        int[][] c = new int[implies.length][];
        Set<Long> seen = new HashSet<>();
        for (int p = 0; p < implies.length; p++) {
            int[] pair = Objects.requireNonNull(implies[p], "implies pair");
            if (pair.length != 2 || pair[0] == pair[1] || pair[0] < 0 || pair[1] < 0 || pair[0] >= dimension || pair[1] >= dimension) {
                throw new IllegalArgumentException("implies[" + p + "] must be a pair [i, j] of distinct indices in [0, " + (dimension - 1) + "]. Provided value: "
                        + Arrays.toString(pair));
            }
            if (!seen.add((long) pair[0] * dimension + pair[1])) {
                throw new IllegalArgumentException("implies[" + p + "] is listed twice. Provided value: " + Arrays.toString(pair));
            }
            c[p] = pair.clone();
        }
        implies = c;
    }

    @Override
    public int[][] implies() {
        int[][] c = new int[implies.length][];
        for (int p = 0; p < c.length; p++) {
            c[p] = implies[p].clone();
        }
        return c;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public String form() {
        return "ordered_counts";
    }

    @Override
    public List<String> names() {
        return StructuredStatistic.defaultNames(dimension);
    }

    /** Whether the 0/1 vector x respects every implication (x_i = 1 ⇒ x_j = 1). */
    public boolean admits(double[] x) {
        for (int[] p : implies) {
            if (x[p[0]] > x[p[1]]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether every two answers are comparable (one implies the other, possibly through others): then the admissible answer
     * vectors are nested up-sets, and every difference of two of them is one-signed. Strongly connected components
     * (Kosaraju, iterative) collapse answers that imply each other; the order is total exactly when the condensed DAG has a
     * unique topological order, i.e. Kahn's algorithm finds exactly one source at every step. O(d + pairs).
     */
    public boolean totallyOrdered() {
        int d = dimension;
        int[][] out = adjacency(false);
        int[][] in = adjacency(true);
        // pass 1: finishing order of an iterative depth-first search
        int[] order = new int[d];
        int done = 0;
        boolean[] seen = new boolean[d];
        int[] stack = new int[d];
        int[] next = new int[d];
        for (int s = 0; s < d; s++) {
            if (seen[s]) {
                continue;
            }
            int top = 0;
            stack[top++] = s;
            seen[s] = true;
            next[s] = 0;
            while (top > 0) {
                int v = stack[top - 1];
                if (next[v] < out[v].length) {
                    int w = out[v][next[v]++];
                    if (!seen[w]) {
                        seen[w] = true;
                        next[w] = 0;
                        stack[top++] = w;
                    }
                } else {
                    order[done++] = v;
                    top--;
                }
            }
        }
        // pass 2: components on the reversed graph, in reverse finishing order
        int[] comp = new int[d];
        Arrays.fill(comp, -1);
        int components = 0;
        for (int i = d - 1; i >= 0; i--) {
            int s = order[i];
            if (comp[s] >= 0) {
                continue;
            }
            int top = 0;
            stack[top++] = s;
            comp[s] = components;
            while (top > 0) {
                int v = stack[--top];
                for (int w : in[v]) {
                    if (comp[w] < 0) {
                        comp[w] = components;
                        stack[top++] = w;
                    }
                }
            }
            components++;
        }
        // Kahn on the condensation: a unique source at every step
        int[] indegree = new int[components];
        List<Set<Integer>> edges = new ArrayList<>();
        for (int c = 0; c < components; c++) {
            edges.add(new HashSet<>());
        }
        for (int[] p : implies) {
            int a = comp[p[0]];
            int b = comp[p[1]];
            if (a != b && edges.get(a).add(b)) {
                indegree[b]++;
            }
        }
        List<Integer> sources = new ArrayList<>();
        for (int c = 0; c < components; c++) {
            if (indegree[c] == 0) {
                sources.add(c);
            }
        }
        while (!sources.isEmpty()) {
            if (sources.size() > 1) {
                return false;
            }
            int c = sources.remove(0);
            for (int b : edges.get(c)) {
                if (--indegree[b] == 0) {
                    sources.add(b);
                }
            }
        }
        return true;
    }

    /** Successor (or, reversed, predecessor) lists of the implication graph. */
    private int[][] adjacency(boolean reversed) {
        int[] count = new int[dimension];
        for (int[] p : implies) {
            count[p[reversed ? 1 : 0]]++;
        }
        int[][] adj = new int[dimension][];
        for (int v = 0; v < dimension; v++) {
            adj[v] = new int[count[v]];
        }
        int[] fill = new int[dimension];
        for (int[] p : implies) {
            int from = p[reversed ? 1 : 0];
            adj[from][fill[from]++] = p[reversed ? 0 : 1];
        }
        return adj;
    }

    /** Every admissible 0/1 answer vector (the up-sets of the implication order), or null when there are more than {@code limit}. */
    @Override
    public double[][] records(int limit) {
        List<double[]> out = new ArrayList<>();
        return upSets(new double[dimension], 0, out, limit) ? out.toArray(new double[0][]) : null;
    }

    /** Depth-first over coordinates in order: x_i = 1 only if consistent so far; a full assignment is kept if it respects every implication. */
    private boolean upSets(double[] x, int i, List<double[]> out, int limit) {
        if (i == dimension) {
            if (admits(x)) {
                if (out.size() >= limit) {
                    return false;
                }
                out.add(x.clone());
            }
            return true;
        }
        for (int v = 0; v <= 1; v++) {
            x[i] = v;
            boolean ok = true;
            // prune: an implication between two assigned coordinates that fails now fails for every completion
            for (int[] p : implies) {
                if (p[0] <= i && p[1] <= i && x[p[0]] > x[p[1]]) {
                    ok = false;
                    break;
                }
            }
            if (ok && !upSets(x, i + 1, out, limit)) {
                return false;
            }
        }
        x[i] = 0;
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OrderedCounts r && r.dimension == dimension && Arrays.deepEquals(r.implies, implies);
    }

    @Override
    public int hashCode() {
        return 31 * dimension + Arrays.deepHashCode(implies);
    }

    @Override
    public String toString() {
        return "OrderedCounts[dimension=" + dimension + ", implies=" + Arrays.deepToString(implies) + "]";
    }
}
