package org.optimech.runtime.knorm;

import java.util.Arrays;
import org.optimech.runtime.noise.ExactBernoulli;
import org.optimech.runtime.random.RandomSource;

/**
 * The centred permutohedron Π = conv{permutations of b}, b = (−(d−1)/2, …, (d−1)/2) (Borda scores minus their mean), in the
 * hyperplane Σx = 0, optionally times a segment [−h, h]·1 across it (a prism, full-dimensional). Its gauge is
 * max over 1 ≤ m &lt; d of 2·(the sum of the m largest x_i)/(m(d − m)) in the hyperplane (the facets are the subsets' sums, and the m
 * largest entries of b sum to m(d − m)/2), and for the prism the larger of that at x − mean(x) and |mean(x)|/h.
 *
 * <p>A uniform point: Π(0, …, d − 1) is the zonotope Σ_{a&lt;b} [e_a, e_b] = (d − 1 − a)_a + Σ_{a&lt;b} [0, e_b − e_a], tiled by
 * one unit parallelepiped per spanning tree T of the complete graph (its generators are a unimodular system, so every tile has
 * the same volume, and Cayley's d^{d−2} tiles make up the volume). The tiling is the regular one of lexicographic heights:
 * lifting each generator e_b − e_a to height δ^{rank(a,b)} (lexicographic rank of the pair, δ → 0), the lower facets of the
 * lifted zonotope project to the tiles Σ_{e∈T} [0, g_e] + Σ_{e∉T, φ_e&lt;0} g_e, where φ_e is decided by the lowest-ranked
 * pair on e's fundamental cycle: e itself (then e is not added) or the lowest-ranked tree edge f on the tree path, added when
 * that path from e's smaller to its larger endpoint crosses f from f's smaller endpoint. So: a uniform tree (Prüfer code,
 * exact uniform integers), the translation by a Kruskal pass over the tree edges in decreasing rank that visits every pair
 * once as the components it joins meet (O(d²)), and uniform weights on the tree's generators. <b>O(d²) per draw</b> (the
 * translation touches every pair); the prism adds one uniform coordinate along 1 (orthogonal to the hyperplane).
 */
public final class PermutohedronBody implements UnitBody {
    private final int d;
    private final double halfHeight;

    private PermutohedronBody(int d, double halfHeight) {
        this.d = d;
        this.halfHeight = halfHeight;
    }

    /**
     * @param dimension d ≥ 2
     * @param prismHalfHeight h &gt; 0 for the prism Π + [−h, h]·1, or 0 for Π itself in the hyperplane Σx = 0
     */
    public static PermutohedronBody of(int dimension, double prismHalfHeight) {
        if (dimension < 2) {
            throw new IllegalArgumentException("dimension must be >= 2. Provided value: " + dimension);
        }
        if (!(prismHalfHeight >= 0) || Double.isInfinite(prismHalfHeight)) {
            throw new IllegalArgumentException("prism half-height must be >= 0 and finite. Provided value: " + prismHalfHeight);
        }
        return new PermutohedronBody(dimension, prismHalfHeight);
    }

    @Override
    public int dimension() {
        return d;
    }

    /** d − 1 for Π in its hyperplane, d for the prism. */
    @Override
    public int spanDimension() {
        return halfHeight > 0 ? d : d - 1;
    }

    /** h, or 0 for no prism. */
    public double prismHalfHeight() {
        return halfHeight;
    }

    @Override
    public String name() {
        return "permutohedron";
    }

    @Override
    public double[] uniformPoint(RandomSource bits) {
        int[][] tree = randomTree(d, bits);
        double[] x = translation(d, tree);
        for (int a = 0; a < d; a++) {
            x[a] += (d - 1) / 2.0 - a; // the zonotope's base point (d − 1 − a)_a, centred
        }
        for (int[] e : tree) {
            double u = Continuous.openUniform(bits);
            x[e[1]] += u;
            x[e[0]] -= u;
        }
        if (halfHeight > 0) {
            double t = halfHeight * Continuous.symmetricUniform(bits);
            for (int a = 0; a < d; a++) {
                x[a] += t;
            }
        }
        return x;
    }

    /** A uniform spanning tree of the complete graph on d vertices, edges {a, b} with a &lt; b, from a uniform Prüfer code. */
    static int[][] randomTree(int d, RandomSource bits) {
        int[][] edges = new int[d - 1][];
        if (d == 2) {
            edges[0] = new int[] {0, 1};
            return edges;
        }
        int[] code = new int[d - 2];
        int[] degree = new int[d];
        Arrays.fill(degree, 1);
        for (int i = 0; i < code.length; i++) {
            code[i] = (int) ExactBernoulli.uniformBelow(d, bits);
            degree[code[i]]++;
        }
        // linear-time decoding: the smallest leaf, tracked by a pointer that only moves forward except for new leaves below it
        int ptr = 0;
        while (degree[ptr] != 1) {
            ptr++;
        }
        int leaf = ptr;
        for (int i = 0; i < code.length; i++) {
            int v = code[i];
            edges[i] = new int[] {Math.min(leaf, v), Math.max(leaf, v)};
            degree[leaf]--;
            degree[v]--;
            if (degree[v] == 1 && v < ptr) {
                leaf = v;
            } else {
                ptr++;
                while (degree[ptr] != 1) {
                    ptr++;
                }
                leaf = ptr;
            }
        }
        // the last edge joins the remaining leaf with d − 1
        edges[d - 2] = new int[] {Math.min(leaf, d - 1), Math.max(leaf, d - 1)};
        return edges;
    }

    /** The lexicographic rank of the pair a &lt; b among all pairs of 0 … d − 1. */
    private static long rank(int a, int b, int d) {
        return (long) a * d + b;
    }

    /** The tile's translation Σ_{e∉T, added} (e_b − e_a), by a Kruskal pass in decreasing rank (class documentation). O(d²). */
    static double[] translation(int d, int[][] tree) {
        int[][] sorted = tree.clone();
        Arrays.sort(sorted, (e, f) -> Long.compare(rank(f[0], f[1], d), rank(e[0], e[1], d)));
        int[] component = new int[d];
        int[][] members = new int[d][];
        int[] size = new int[d];
        for (int v = 0; v < d; v++) {
            component[v] = v;
            members[v] = new int[] {v};
            size[v] = 1;
        }
        long[] shift = new long[d];
        for (int[] f : sorted) {
            int ca = component[f[0]];
            int cb = component[f[1]];
            long rf = rank(f[0], f[1], d);
            for (int s = 0; s < size[ca]; s++) {
                int x = members[ca][s];
                for (int t = 0; t < size[cb]; t++) {
                    int y = members[cb][t];
                    int lo = Math.min(x, y);
                    int hi = Math.max(x, y);
                    // f itself is the only tree edge between the two components; a pair ranked below f decides itself (not added)
                    if (rank(lo, hi, d) > rf && lo == x) {
                        shift[hi]++;
                        shift[lo]--;
                    }
                }
            }
            // merge the smaller component into the larger
            int big = size[ca] >= size[cb] ? ca : cb;
            int small = big == ca ? cb : ca;
            if (members[big].length < size[big] + size[small]) {
                members[big] = Arrays.copyOf(members[big], Math.max(2 * members[big].length, size[big] + size[small]));
            }
            for (int s = 0; s < size[small]; s++) {
                int v = members[small][s];
                members[big][size[big]++] = v;
                component[v] = big;
            }
            members[small] = null;
            size[small] = 0;
        }
        double[] x = new double[d];
        for (int v = 0; v < d; v++) {
            x[v] = shift[v];
        }
        return x;
    }

    @Override
    public double norm(double[] x) {
        double mean = 0;
        double scale = 0;
        for (double v : x) {
            mean += v;
            scale += Math.abs(v);
        }
        mean /= d;
        if (halfHeight == 0 && Math.abs(mean) * d > 1e-12 * (1 + scale)) {
            return Double.POSITIVE_INFINITY; // off the hyperplane: outside every multiple of the body
        }
        double[] p = new double[d];
        for (int a = 0; a < d; a++) {
            p[a] = x[a] - mean;
        }
        double g = hyperplaneGauge(p);
        return halfHeight > 0 ? Math.max(g, Math.abs(mean) / halfHeight) : g;
    }

    /** max over 1 ≤ m &lt; d of 2·(sum of the m largest p_i)/(m(d − m)), for p with Σp = 0. */
    static double hyperplaneGauge(double[] p) {
        double[] s = p.clone();
        Arrays.sort(s);
        int d = s.length;
        double top = 0;
        double g = 0;
        for (int m = 1; m < d; m++) {
            top += s[d - m];
            g = Math.max(g, 2 * top / ((double) m * (d - m)));
        }
        return g;
    }
}
