package org.optimech.designer.properties;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.optimech.designer.DesignMethod;
import org.optimech.designer.Designers;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.lp.LpBackends;
import org.optimech.designer.lp.LpException;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.json.JsonWriter;

/**
 * Discrete problems of every shape the problem format allows: integer ranges (at offsets up to 2^52), labels (any Unicode),
 * histograms; outputs equal to, wider than or disjoint from the inputs; the path, the complete graph or random connected edge
 * lists; every named loss the domain takes and random matrices; uniform, explicit and degenerate priors; both objectives, both
 * relations, every input policy; and every method, with ε and δ from {@link Epsilons}. Sizes stay where an LP solves in well
 * under a second (structural designs go larger).
 */
final class DiscreteCases {
    private static final String[] LABEL_PARTS = {"a", "b", "yes", "no", "Zürich", "雪", "x y", "\"q\"", "-1", "0", "comma,label", "é", "∞", "tab\t"};

    private DiscreteCases() {
    }

    static Arbitrary<DesignCase> cases() {
        Arbitrary<String> method = Arbitraries.of("auto", "auto", "auto", "lp", "structural", "exponential", "randomized-response");
        return Combinators.combine(Epsilons.epsilon(), Epsilons.delta(), method, Arbitraries.integers().between(2, 8), Arbitraries.longs(),
                Arbitraries.longs()).as(DiscreteCases::build);
    }

    /** The problem from its drawn parts; the seed fills in the rest (edges, matrices, priors, labels), always validly. */
    static DesignCase build(String epsilon, String delta, String method, int size, long seed, long tamperSeed) {
        Random r = new Random(seed);
        JsonObject.Builder b = JsonObject.builder().put("kind", "discrete");
        b.put("epsilon", literal(epsilon));
        int domain = r.nextInt(10); // 0-5 range, 6-7 labels, 8-9 histograms
        boolean structural = method.equals("structural");
        if (structural) {
            domain = 0;
        }
        boolean pureOnly = method.equals("exponential") || method.equals("randomized-response") || structural;
        if (!delta.equals("0") && !pureOnly) {
            b.put("delta", literal(delta));
        } else if (r.nextInt(4) == 0) {
            b.put("delta", JsonNumber.of(0));
        }
        int n;
        List<String> inputLabels = null;
        boolean range = domain <= 5;
        boolean histograms = domain >= 8;
        long offset = 0;
        if (range) {
            n = structural || r.nextInt(3) == 0 ? size + r.nextInt(structural ? 50 : 6) : size;
            long[] offsets = {0, 0, 0, -3, 7, 1_000_000_007L, -(1L << 40), (1L << 52) - 100};
            offset = offsets[r.nextInt(offsets.length)];
            b.put("inputs", JsonObject.builder().put("range", JsonArray.of(JsonNumber.of(offset), JsonNumber.of(offset + n - 1))).build());
        } else if (histograms) {
            int cells = 2 + r.nextInt(2);
            int records = 1 + r.nextInt(cells == 2 ? 5 : 3);
            b.put("inputs", JsonObject.builder().put("histograms", JsonObject.builder().put("cells", cells).put("records", records).build()).build());
            n = (int) org.optimech.designer.problem.Histograms.count(cells, records).longValueExact();
        } else {
            n = size;
            inputLabels = labels(n, r);
            b.put("inputs", JsonObject.builder().put("labels", JsonArray.ofStrings(inputLabels)).build());
        }
        // outputs
        int m = n;
        boolean outputsDiffer = false;
        if (!histograms && r.nextInt(4) == 0) {
            outputsDiffer = true;
            if (range) {
                m = Math.max(2, n + r.nextInt(5) - 2);
                long from = offset + r.nextInt(5) - 2;
                b.put("outputs", JsonObject.builder().put("range", JsonArray.of(JsonNumber.of(from), JsonNumber.of(from + m - 1))).build());
            } else {
                m = 2 + r.nextInt(6);
                List<String> out = labels(m, r);
                if (r.nextBoolean()) {
                    out.set(0, inputLabels.get(0)); // some overlap
                }
                b.put("outputs", JsonObject.builder().put("labels", JsonArray.ofStrings(distinct(out))).build());
                m = distinct(out).size();
            }
        }
        // neighbours
        String graph = structural ? "path" : pick(r, "default", "path", "complete", "edges");
        if (histograms && (graph.equals("path") || graph.equals("edges"))) {
            graph = "default"; // the substitution graph (an explicit path over histogram labels is legal but rarely meant)
        }
        boolean complete = graph.equals("complete");
        switch (graph) {
            case "path" -> b.put("neighbours", "path");
            case "complete" -> b.put("neighbours", "complete");
            case "edges" -> b.put("neighbours", JsonObject.builder().put("edges", edges(n, r)).build());
            default -> { }
        }
        // loss
        boolean rangeOut = range && !(outputsDiffer && !range);
        String loss;
        if (histograms) {
            loss = pick(r, "default", "l1", "squared", "zero-one", "matrix");
        } else if (range && rangeOut) {
            loss = pick(r, "default", "absolute", "squared", "relative", "zero-one", "matrix");
        } else {
            loss = pick(r, "default", "zero-one", "matrix");
        }
        if (structural && (loss.equals("zero-one") || loss.equals("matrix"))) {
            loss = "relative";
        }
        if (loss.equals("matrix")) {
            b.put("loss", JsonObject.builder().put("matrix", matrix(n, m, r)).build());
        } else if (!loss.equals("default")) {
            b.put("loss", loss);
        }
        // prior
        int prior = r.nextInt(4);
        if (prior == 1) {
            b.put("prior", "uniform");
        } else if (prior >= 2) {
            b.put("prior", prior(n, r, prior == 3));
        }
        b.put("objective", r.nextBoolean() ? "bayes" : "minimax");
        if (!histograms && r.nextInt(4) == 0) {
            b.put("relation", "add-remove");
        }
        // input policy
        if (range && complete && r.nextInt(3) == 0) {
            b.put("input_policy", "default");
            b.put("default_input", JsonNumber.of(offset + r.nextInt(n)));
        } else if (range && r.nextInt(4) == 0) {
            b.put("input_policy", "clamp");
        } else if (inputLabels != null && r.nextBoolean()) {
            b.put("default_input", inputLabels.get(r.nextInt(n)));
        }
        if (r.nextInt(5) == 0) {
            b.put("name", "generated " + Long.toHexString(seed));
        }
        DesignOptions solving;
        try {
            solving = DesignOptions.defaults(LpBackends.byName("auto")).withTimeLimit(Duration.ofSeconds(120));
        } catch (LpException e) {
            throw new IllegalStateException(e);
        }
        if (structural && !(graph.equals("path") || graph.equals("default"))) {
            method = "auto";
        }
        Designers.Options options = Designers.Options.of(solving).withMethod(DesignMethod.parse(method));
        return new DesignCase(JsonWriter.compact(b.build()), options, "--method " + method, false, tamperSeed);
    }

    /** An ε or δ literal as a JSON value: a number with exactly that text, or a decimal string. */
    static JsonValue literal(String text) {
        return text.startsWith("\"") ? new JsonString(text.substring(1, text.length() - 1)) : JsonNumber.ofLiteral(text);
    }

    private static String pick(Random r, String... options) {
        return options[r.nextInt(options.length)];
    }

    private static List<String> labels(int n, Random r) {
        List<String> out = new ArrayList<>();
        int k = 0;
        while (out.size() < n) {
            String l = LABEL_PARTS[r.nextInt(LABEL_PARTS.length)] + (k++ == 0 ? "" : Integer.toString(r.nextInt(1000)));
            if (!out.contains(l)) {
                out.add(l);
            }
        }
        return out;
    }

    private static List<String> distinct(List<String> l) {
        return new ArrayList<>(new java.util.LinkedHashSet<>(l));
    }

    /** A random connected graph: a random spanning tree plus a few extra edges. */
    private static JsonArray edges(int n, Random r) {
        List<JsonValue> e = new ArrayList<>();
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (int i = 1; i < n; i++) {
            int j = r.nextInt(i);
            e.add(JsonArray.of(JsonNumber.of(j), JsonNumber.of(i)));
            seen.add((long) j * n + i);
        }
        int extra = r.nextInt(n);
        for (int k = 0; k < extra; k++) {
            int a = r.nextInt(n);
            int c = r.nextInt(n);
            if (a != c && seen.add((long) Math.min(a, c) * n + Math.max(a, c))) {
                e.add(JsonArray.of(JsonNumber.of(a), JsonNumber.of(c)));
            }
        }
        java.util.Collections.shuffle(e, r);
        return JsonArray.of(e);
    }

    /** Losses: small multiples of 1/4, long expansions, zeros and (rarely) negative entries. */
    private static JsonArray matrix(int n, int m, Random r) {
        int style = r.nextInt(4);
        List<JsonValue> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] row = new double[m];
            for (int j = 0; j < m; j++) {
                row[j] = switch (style) {
                    case 0 -> r.nextInt(41) / 4.0;
                    case 1 -> r.nextDouble() * 10;
                    case 2 -> Math.abs(i - j) * (1 + r.nextInt(3)) + (r.nextInt(5) == 0 ? r.nextDouble() : 0);
                    default -> r.nextInt(9) - 2;
                };
            }
            rows.add(JsonArray.ofDoubles(row));
        }
        return JsonArray.of(rows);
    }

    /** A prior from random integer weights (some zero when {@code sparse}), written as doubles summing to 1 within 1e-15. */
    private static JsonArray prior(int n, Random r, boolean sparse) {
        int[] w = new int[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            w[i] = sparse && r.nextInt(3) == 0 ? 0 : 1 + r.nextInt(20);
            total += w[i];
        }
        if (total == 0) {
            w[r.nextInt(n)] = 1;
            total = 1;
        }
        double[] p = new double[n];
        for (int i = 0; i < n; i++) {
            p[i] = w[i] / (double) total;
        }
        return JsonArray.ofDoubles(p);
    }
}
