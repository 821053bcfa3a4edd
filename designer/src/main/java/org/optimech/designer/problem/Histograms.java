package org.optimech.designer.problem;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.optimech.runtime.discrete.LabelSet;
import org.optimech.runtime.discrete.NeighbourGraph;

/**
 * Histograms of n records over p cells as a discrete input domain: the C(n+p−1, p−1) vectors of
 * non-negative counts summing to n, labelled {@code "c1,c2,…,cp"}, with the substitution neighbour
 * graph (one record changes cell: h ~ h − e_i + e_j).
 *
 * <p>The count is checked in exact integer arithmetic before anything is enumerated, so a request
 * for 10^12 histograms is refused at once with its size instead of exhausting memory.
 */
public record Histograms(int cells, int records) {
    /** Most histograms enumerated: the loss alone is a states² matrix (72 MB at 3,000). */
    public static final int MAX_STATES = 3_000;

    public Histograms {
        if (cells < 2) {
            throw new IllegalArgumentException("cells must be >= 2. Provided value: " + cells);
        }
        if (records < 1) {
            throw new IllegalArgumentException("records must be >= 1. Provided value: " + records);
        }
        BigInteger count = count(cells, records);
        if (count.compareTo(BigInteger.valueOf(MAX_STATES)) > 0) {
            throw new IllegalArgumentException(cells + " cells and " + records + " records give C(" + (records + cells - 1) + ", " + (cells - 1) + ") = "
                    + count + " histograms; at most " + MAX_STATES + " are supported (the LP over them would have " + count.multiply(count)
                    + " variables)");
        }
    }

    /** C(n + p − 1, p − 1), exactly. */
    public static BigInteger count(int cells, int records) {
        BigInteger c = BigInteger.ONE;
        int top = records + cells - 1;
        for (int k = 1; k <= cells - 1; k++) {
            c = c.multiply(BigInteger.valueOf(top - (cells - 1) + k)).divide(BigInteger.valueOf(k));
        }
        return c;
    }

    /**
     * The histograms whose {@link #domain()} this is, if it is one: labels {@code "c1,…,cp"} of non-negative counts with one sum,
     * every such histogram once, in {@link #states()} order. A problem recorded in a spec lists its inputs as labels; this is how
     * it is read back as histograms (with their losses and substitution graph).
     */
    public static java.util.Optional<Histograms> recognise(org.optimech.runtime.discrete.DiscreteDomain domain) {
        if (!(domain instanceof LabelSet labels) || labels.size() < 2) {
            return java.util.Optional.empty();
        }
        int[] first = counts(labels.valueAt(0));
        if (first == null || first.length < 2) {
            return java.util.Optional.empty();
        }
        int records = 0;
        for (int c : first) {
            records += c;
        }
        if (records < 1 || !count(first.length, records).equals(BigInteger.valueOf(labels.size()))) {
            return java.util.Optional.empty();
        }
        Histograms h = new Histograms(first.length, records);
        return h.domain().equals(labels) ? java.util.Optional.of(h) : java.util.Optional.empty();
    }

    /** "3,0,1" as {3, 0, 1}, or null when the label is not a list of small non-negative integers. */
    private static int[] counts(String label) {
        String[] parts = label.split(",", -1);
        int[] c = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            if (!parts[i].matches("0|[1-9][0-9]{0,6}")) {
                return null;
            }
            c[i] = Integer.parseInt(parts[i]);
        }
        return c;
    }

    /** The histograms in lexicographically decreasing order, (n, 0, …, 0) first. */
    public List<int[]> states() {
        List<int[]> out = new ArrayList<>();
        fill(new int[cells], 0, records, out);
        return out;
    }

    private void fill(int[] h, int cell, int left, List<int[]> out) {
        if (cell == cells - 1) {
            h[cell] = left;
            out.add(h.clone());
            return;
        }
        for (int c = left; c >= 0; c--) {
            h[cell] = c;
            fill(h, cell + 1, left - c, out);
        }
    }

    /** The label of a histogram: its counts joined by commas. */
    public static String label(int[] h) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < h.length; i++) {
            sb.append(i == 0 ? "" : ",").append(h[i]);
        }
        return sb.toString();
    }

    /** The domain of labels, in {@link #states()} order. */
    public LabelSet domain() {
        return new LabelSet(states().stream().map(Histograms::label).toList());
    }

    /** Substitution neighbours: histograms that differ by one record moved from one cell to another. */
    public NeighbourGraph substitutionGraph() {
        List<int[]> states = states();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < states.size(); i++) {
            index.put(label(states.get(i)), i);
        }
        List<int[]> edges = new ArrayList<>();
        for (int s = 0; s < states.size(); s++) {
            int[] h = states.get(s);
            for (int from = 0; from < cells; from++) {
                if (h[from] == 0) {
                    continue;
                }
                for (int to = 0; to < cells; to++) {
                    if (to == from) {
                        continue;
                    }
                    int[] g = h.clone();
                    g[from]--;
                    g[to]++;
                    int t = index.get(label(g));
                    if (s < t) {
                        edges.add(new int[] {s, t});
                    }
                }
            }
        }
        return NeighbourGraph.edges(states.size(), edges);
    }

    /**
     * A loss between histograms: {@code l1} Σ|h_i − ĥ_i| (twice the records misplaced),
     * {@code squared} Σ(h_i − ĥ_i)², or {@code zero-one}.
     *
     * @throws IllegalArgumentException for another name
     */
    public Loss loss(String name) {
        List<int[]> states = states();
        int s = states.size();
        double[][] m = new double[s][s];
        for (int i = 0; i < s; i++) {
            for (int j = 0; j < s; j++) {
                int[] a = states.get(i);
                int[] b = states.get(j);
                double v = 0;
                for (int c = 0; c < cells; c++) {
                    int d = Math.abs(a[c] - b[c]);
                    v += switch (name) {
                        case "l1" -> d;
                        case "squared" -> (double) d * d;
                        case "zero-one" -> d == 0 ? 0 : 1;
                        default -> throw new IllegalArgumentException("for histogram inputs, loss must be \"l1\", \"squared\", \"zero-one\" or a matrix");
                    };
                }
                m[i][j] = name.equals("zero-one") ? Math.min(v, 1) : v;
            }
        }
        return Loss.ofMatrix(name, m);
    }
}
