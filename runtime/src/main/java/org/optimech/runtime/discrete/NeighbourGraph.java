package org.optimech.runtime.discrete;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which inputs of a discrete mechanism are neighbours: the output distributions of neighbours must
 * be within the privacy bound of each other, in both directions.
 *
 * <ul>
 *   <li>{@link Kind#PATH}: i ~ i+1, the counting-query graph;
 *   <li>{@link Kind#COMPLETE}: every pair, local DP (randomized response);
 *   <li>{@link Kind#EDGES}: an explicit undirected edge list.
 * </ul>
 */
public final class NeighbourGraph {
    /** The three ways a graph is given. */
    public enum Kind implements org.optimech.runtime.json.JsonName {
        PATH, COMPLETE, EDGES;

        /** {@code path}, {@code complete} or {@code edges} (an explicit edge list). */
        @Override
        public String json() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final Kind kind;
    private final int size;
    private final int[][] edges; // undirected, i < j, sorted, no duplicates; null for PATH and COMPLETE (generated when asked)

    private NeighbourGraph(Kind kind, int size, int[][] edges) {
        this.kind = kind;
        this.size = size;
        this.edges = edges;
    }

    /** i ~ i+1 on {@code size} inputs. */
    public static NeighbourGraph path(int size) {
        checkSize(size);
        return new NeighbourGraph(Kind.PATH, size, null); // not stored: ten million inputs would hold 320 MB of pairs
    }

    /** Every pair of the {@code size} inputs. */
    public static NeighbourGraph complete(int size) {
        checkSize(size);
        return new NeighbourGraph(Kind.COMPLETE, size, null);
    }

    /**
     * An explicit edge list over input indices. Edges are undirected; a repeated edge (in either
     * orientation) is kept once.
     *
     * @throws IllegalArgumentException naming the edge, for an index out of range or a self-loop
     */
    public static NeighbourGraph edges(int size, List<int[]> edgeList) {
        checkSize(size);
        Set<Long> seen = new LinkedHashSet<>();
        List<int[]> out = new ArrayList<>();
        for (int k = 0; k < edgeList.size(); k++) {
            int[] e = edgeList.get(k);
            if (e.length != 2) {
                throw new IllegalArgumentException("edge " + k + " must have two endpoints. Provided value: " + Arrays.toString(e));
            }
            for (int v : e) {
                if (v < 0 || v >= size) {
                    throw new IllegalArgumentException("edge " + k + " has endpoint " + v + " outside the input indices 0.." + (size - 1));
                }
            }
            if (e[0] == e[1]) {
                throw new IllegalArgumentException("edge " + k + " joins input " + e[0] + " to itself");
            }
            int a = Math.min(e[0], e[1]);
            int b = Math.max(e[0], e[1]);
            if (seen.add(((long) a << 32) | b)) {
                out.add(new int[] {a, b});
            }
        }
        out.sort((x, y) -> x[0] != y[0] ? Integer.compare(x[0], y[0]) : Integer.compare(x[1], y[1]));
        return new NeighbourGraph(Kind.EDGES, size, out.toArray(new int[0][]));
    }

    private static void checkSize(int size) {
        if (size < 1 || size > DiscreteDomain.MAX_SIZE) {
            throw new IllegalArgumentException("graph size must be in 1.." + DiscreteDomain.MAX_SIZE + ". Provided value: " + size);
        }
    }

    public Kind kind() {
        return kind;
    }

    public int size() {
        return size;
    }

    /** Number of undirected edges. */
    public long edgeCount() {
        return switch (kind) {
            case COMPLETE -> (long) size * (size - 1) / 2;
            case PATH -> size - 1;
            case EDGES -> edges.length;
        };
    }

    /**
     * The undirected edges (i &lt; j) as a fresh array; for the path and the complete graph they are generated,
     * so callers that scale should test {@link #kind()} first.
     */
    public int[][] edges() {
        if (kind == Kind.COMPLETE) {
            if (edgeCount() > 50_000_000L) {
                throw new IllegalStateException("complete graph on " + size + " inputs has too many edges to list");
            }
            int[][] e = new int[(int) edgeCount()][];
            int k = 0;
            for (int i = 0; i < size; i++) {
                for (int j = i + 1; j < size; j++) {
                    e[k++] = new int[] {i, j};
                }
            }
            return e;
        }
        if (kind == Kind.PATH) {
            int[][] e = new int[size - 1][];
            for (int i = 0; i + 1 < size; i++) {
                e[i] = new int[] {i, i + 1};
            }
            return e;
        }
        int[][] copy = new int[edges.length][];
        for (int i = 0; i < edges.length; i++) {
            copy[i] = edges[i].clone();
        }
        return copy;
    }

    /** Adjacency lists (fresh arrays). */
    public int[][] adjacency() {
        int[][] e = edges();
        int[] deg = new int[size];
        for (int[] x : e) {
            deg[x[0]]++;
            deg[x[1]]++;
        }
        int[][] adj = new int[size][];
        for (int i = 0; i < size; i++) {
            adj[i] = new int[deg[i]];
        }
        int[] fill = new int[size];
        for (int[] x : e) {
            adj[x[0]][fill[x[0]]++] = x[1];
            adj[x[1]][fill[x[1]]++] = x[0];
        }
        return adj;
    }

    /** Hop distances from {@code source}; {@code -1} where unreachable. */
    public int[] distancesFrom(int source) {
        int[] dist = new int[size];
        Arrays.fill(dist, -1);
        dist[source] = 0;
        if (kind == Kind.COMPLETE) {
            Arrays.fill(dist, 1);
            dist[source] = 0;
            return dist;
        }
        int[][] adj = adjacency();
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(source);
        while (!queue.isEmpty()) {
            int u = queue.poll();
            for (int v : adj[u]) {
                if (dist[v] < 0) {
                    dist[v] = dist[u] + 1;
                    queue.add(v);
                }
            }
        }
        return dist;
    }

    /** The inputs not reachable from input 0 (empty iff the graph is connected). */
    public List<Integer> unreachableFromFirst() {
        if (kind != Kind.EDGES) {
            return List.of(); // the path and the complete graph connect every input
        }
        int[] d = distancesFrom(0);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            if (d[i] < 0) {
                out.add(i);
            }
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NeighbourGraph g && g.kind == kind && g.size == size && Arrays.deepEquals(g.edges, edges);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * kind.hashCode() + size) + Arrays.deepHashCode(edges);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case PATH -> "path on " + size + " inputs";
            case COMPLETE -> "complete graph on " + size + " inputs";
            case EDGES -> edges.length + " edges on " + size + " inputs";
        };
    }
}
