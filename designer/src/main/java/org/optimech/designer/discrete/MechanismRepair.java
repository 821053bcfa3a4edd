package org.optimech.designer.discrete;

import java.util.Arrays;
import java.util.PriorityQueue;
import org.optimech.runtime.discrete.NeighbourGraph;

/**
 * Turns a solver's matrix into one that is private before rounding (docs/DESIGN.md §4, "A repair that
 * works"). Solvers return exact zeros next to positive entries (an infinite ratio) and small
 * violations everywhere; the repair works in log space, so entries far below the double range
 * (e^−ε·n once ε·n passes ~700) are represented too.
 */
final class MechanismRepair {
    private MechanismRepair() {
    }

    /**
     * Pure ε-DP: clamp negatives, replace each output column by its smallest log-Lipschitz majorant
     * {@code L[θ] = max_θ′ q[θ′]·e^{−ε_s·dist(θ, θ′)}}, then normalise each row. Returns log
     * probabilities ({@code −∞} for an output no input uses).
     *
     * <p>Before normalisation {@code L[a] ≤ e^{ε_s} L[b]} holds for neighbours exactly; dividing by
     * the row sums moves each ratio by the ratio of two row sums, which the margin ε − ε_s absorbs
     * (and the exact certificate checks).
     */
    static double[][] logMajorant(double[][] q, NeighbourGraph g, double epsS) {
        int m = q.length;
        int k = q[0].length;
        double[][] l = new double[m][k];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < k; j++) {
                l[i][j] = q[i][j] > 0 ? Math.log(q[i][j]) : Double.NEGATIVE_INFINITY;
            }
        }
        int[][] adj = g.kind() == NeighbourGraph.Kind.EDGES ? g.adjacency() : null;
        double[] col = new double[m];
        for (int j = 0; j < k; j++) {
            for (int i = 0; i < m; i++) {
                col[i] = l[i][j];
            }
            switch (g.kind()) {
                case PATH -> {
                    for (int i = 1; i < m; i++) {
                        col[i] = Math.max(col[i], col[i - 1] - epsS);
                    }
                    for (int i = m - 2; i >= 0; i--) {
                        col[i] = Math.max(col[i], col[i + 1] - epsS);
                    }
                }
                case COMPLETE -> {
                    double max = Double.NEGATIVE_INFINITY;
                    for (double v : col) {
                        max = Math.max(max, v);
                    }
                    for (int i = 0; i < m; i++) {
                        col[i] = Math.max(col[i], max - epsS);
                    }
                }
                case EDGES -> maxPlusDijkstra(col, adj, epsS);
            }
            for (int i = 0; i < m; i++) {
                l[i][j] = col[i];
            }
        }
        for (double[] row : l) {
            double lse = logSumExp(row);
            for (int j = 0; j < k; j++) {
                row[j] -= lse;
            }
        }
        return l;
    }

    /** (ε, δ): clamp negatives and normalise each row; zeros stay (δ pays for them). */
    static double[][] clampAndNormalize(double[][] q) {
        double[][] p = new double[q.length][];
        for (int i = 0; i < q.length; i++) {
            p[i] = new double[q[i].length];
            double sum = 0;
            for (int j = 0; j < q[i].length; j++) {
                p[i][j] = Math.max(0, q[i][j]);
                sum += p[i][j];
            }
            if (!(sum > 0)) {
                throw new IllegalStateException("solver returned an all-zero row " + i);
            }
            for (int j = 0; j < p[i].length; j++) {
                p[i][j] /= sum;
            }
        }
        return p;
    }

    /** In place: col[v] = max_u col[u] − ε·dist(u, v) over the graph, by a max-first Dijkstra. */
    private static void maxPlusDijkstra(double[] col, int[][] adj, double eps) {
        int m = col.length;
        boolean[] done = new boolean[m];
        PriorityQueue<double[]> queue = new PriorityQueue<>((a, b) -> Double.compare(b[0], a[0]));
        for (int i = 0; i < m; i++) {
            if (col[i] > Double.NEGATIVE_INFINITY) {
                queue.add(new double[] {col[i], i});
            }
        }
        while (!queue.isEmpty()) {
            double[] top = queue.poll();
            int u = (int) top[1];
            if (done[u] || top[0] < col[u]) {
                continue;
            }
            done[u] = true;
            for (int v : adj[u]) {
                double c = col[u] - eps;
                if (c > col[v]) {
                    col[v] = c;
                    queue.add(new double[] {c, v});
                }
            }
        }
    }

    static double logSumExp(double[] v) {
        double max = Arrays.stream(v).max().orElse(Double.NEGATIVE_INFINITY);
        if (max == Double.NEGATIVE_INFINITY) {
            throw new IllegalStateException("all-zero row");
        }
        double s = 0;
        for (double x : v) {
            s += Math.exp(x - max);
        }
        return max + Math.log(s);
    }
}
