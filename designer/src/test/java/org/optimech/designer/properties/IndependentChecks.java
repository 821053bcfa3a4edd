package org.optimech.designer.properties;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;

/**
 * A second implementation of the privacy checks, written here from the definitions and reading the spec's JSON directly (the
 * stored integers and decimals), so that a bug in the runtime's own checks cannot hide itself. Each check returns null when the
 * stored numbers provably meet the spec's stated guarantee, else why not; {@link #SKIPPED} when it does not apply.
 *
 * <ul>
 *   <li>discrete tables: rows sum to 2^K, and for every ordered neighbour pair and output w[a][ω] ≤ L·w[b][ω] (δ = 0), or
 *       Σ_ω max(0, w[a][ω] − L·w[b][ω]) ≤ δ·2^K, with L a rigorous lower bound of e^certified_epsilon (Taylor terms rounded
 *       down), in exact decimal arithmetic;</li>
 *   <li>geometric remaps: the path graph, noise_epsilon ≤ certified_epsilon ≤ epsilon, remap rows summing to 2^K, and the
 *       composed table's neighbour ratios evaluated to 50 digits;</li>
 *   <li>K-norm specs of finite statistics: every adjacent output, re-derived here from the recorded problem, has gauge ≤ Δ in the
 *       stored body (balls, polytope and half-space facets), exactly.</li>
 * </ul>
 */
final class IndependentChecks {
    /** Returned when a check does not apply (a curved statistic, a subspace body, a searched linear image, a function release). */
    static final String SKIPPED = "skipped";

    private static final MathContext MC = new MathContext(80, RoundingMode.FLOOR);

    private IndependentChecks() {
    }

    /** Checks the stored numbers of a spec document against its own stated guarantee. */
    static String check(JsonObject spec) {
        JsonObject mech = spec.get("mechanism").orElseThrow().asObject();
        JsonObject privacy = spec.get("privacy").orElseThrow().asObject();
        BigDecimal epsilon = decimal(privacy.get("epsilon").orElseThrow());
        BigDecimal certified = decimal(privacy.get("certified_epsilon").orElseThrow());
        BigDecimal delta = decimal(privacy.get("delta").orElseThrow());
        BigDecimal certifiedDelta = decimal(privacy.get("certified_delta").orElseThrow());
        if (certified.compareTo(epsilon) > 0 || certifiedDelta.compareTo(delta) > 0 || certified.signum() < 0 || certifiedDelta.signum() < 0) {
            return "certified (" + certified + ", " + certifiedDelta + ") is not within the request (" + epsilon + ", " + delta + ")";
        }
        String kind = mech.get("kind").orElseThrow().asString();
        return switch (kind) {
            case "discrete-table" -> table(mech, privacy, certified, certifiedDelta);
            case "geometric-remap" -> geometricRemap(mech, privacy, certified);
            case "knorm" -> knorm(mech, spec.get("design").orElseThrow().asObject(), certified);
            default -> SKIPPED;
        };
    }

    // ---- discrete tables ----

    private static String table(JsonObject mech, JsonObject privacy, BigDecimal epsilon, BigDecimal delta) {
        int bits = (int) mech.get("denominator_bits").orElseThrow().asNumber().doubleValue();
        JsonArray rowsJson = mech.get("weights").orElseThrow().asArray();
        int n = rowsJson.size();
        BigInteger[][] w = new BigInteger[n][];
        BigInteger total = BigInteger.ONE.shiftLeft(bits);
        for (int i = 0; i < n; i++) {
            JsonArray row = rowsJson.get(i).asArray();
            w[i] = new BigInteger[row.size()];
            BigInteger sum = BigInteger.ZERO;
            for (int j = 0; j < row.size(); j++) {
                w[i][j] = new BigInteger(row.get(j).asString());
                if (w[i][j].signum() < 0) {
                    return "weight [" + i + "][" + j + "] is negative";
                }
                sum = sum.add(w[i][j]);
            }
            if (!sum.equals(total)) {
                return "row " + i + " sums to " + sum + ", not 2^" + bits;
            }
        }
        BigDecimal lower = expLower(epsilon);
        BigDecimal budget = delta.multiply(new BigDecimal(total));
        for (int[] e : edges(privacy.get("neighbours").orElseThrow(), n)) {
            for (int dir = 0; dir < 2; dir++) {
                int a = dir == 0 ? e[0] : e[1];
                int b = dir == 0 ? e[1] : e[0];
                BigDecimal excess = BigDecimal.ZERO;
                for (int j = 0; j < w[a].length; j++) {
                    BigDecimal over = new BigDecimal(w[a][j]).subtract(lower.multiply(new BigDecimal(w[b][j])));
                    if (over.signum() > 0) {
                        if (delta.signum() == 0) {
                            return "inputs " + a + " -> " + b + " at output " + j + ": " + w[a][j] + " > e^" + epsilon + " x " + w[b][j];
                        }
                        excess = excess.add(over);
                    }
                }
                if (excess.compareTo(budget) > 0) {
                    return "inputs " + a + " -> " + b + ": hockey-stick mass " + excess + " > delta x 2^" + bits;
                }
            }
        }
        return null;
    }

    /** The neighbour pairs of a recorded graph: "path", "complete" or {"edges": [[i, j], ...]}. */
    static List<int[]> edges(JsonValue graph, int n) {
        List<int[]> out = new ArrayList<>();
        if (graph instanceof JsonObject o) {
            for (JsonValue e : o.get("edges").orElseThrow().asArray().elements()) {
                JsonArray p = e.asArray();
                out.add(new int[] {(int) p.get(0).asNumber().doubleValue(), (int) p.get(1).asNumber().doubleValue()});
            }
        } else if (graph.asString().equals("path")) {
            for (int i = 0; i + 1 < n; i++) {
                out.add(new int[] {i, i + 1});
            }
        } else {
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    out.add(new int[] {i, j});
                }
            }
        }
        return out;
    }

    // ---- geometric remaps ----

    private static String geometricRemap(JsonObject mech, JsonObject privacy, BigDecimal certified) {
        if (!privacy.get("neighbours").orElseThrow().asString().equals("path")) {
            return "a geometric remap is private on the path graph only";
        }
        BigDecimal noise = decimal(mech.get("noise_epsilon").orElseThrow());
        if (noise.signum() <= 0 || noise.compareTo(certified) > 0) {
            return "noise_epsilon " + noise + " is not in (0, certified_epsilon = " + certified + "]";
        }
        JsonArray range = mech.get("inputs").orElseThrow().asObject().get("range").orElseThrow().asArray();
        int n = (int) (range.get(1).asNumber().bigIntegerValueExact().subtract(range.get(0).asNumber().bigIntegerValueExact()).longValueExact() + 1);
        int bits = (int) mech.get("denominator_bits").orElseThrow().asNumber().doubleValue();
        JsonArray remap = mech.get("remap").orElseThrow().asArray();
        if (remap.size() != n) {
            return "the remap has " + remap.size() + " rows for " + n + " inputs";
        }
        int outputs = outputCount(mech.get("outputs").orElseThrow().asObject());
        BigDecimal[][] r = new BigDecimal[n][outputs];
        BigDecimal scale = new BigDecimal(BigInteger.ONE.shiftLeft(bits));
        for (int z = 0; z < n; z++) {
            java.util.Arrays.fill(r[z], BigDecimal.ZERO);
            JsonValue row = remap.get(z);
            if (row instanceof JsonObject o) {
                JsonArray outs = o.get("outputs").orElseThrow().asArray();
                JsonArray ws = o.get("weights").orElseThrow().asArray();
                BigInteger sum = BigInteger.ZERO;
                for (int k = 0; k < outs.size(); k++) {
                    BigInteger wk = new BigInteger(ws.get(k).asString());
                    if (wk.signum() < 0) {
                        return "remap row " + z + " has a negative weight";
                    }
                    sum = sum.add(wk);
                    r[z][(int) outs.get(k).asNumber().doubleValue()] = new BigDecimal(wk).divide(scale);
                }
                if (!sum.equals(BigInteger.ONE.shiftLeft(bits))) {
                    return "remap row " + z + " sums to " + sum + ", not 2^" + bits;
                }
            } else {
                r[z][(int) row.asNumber().doubleValue()] = BigDecimal.ONE;
            }
        }
        if (n > 80) {
            return null; // the structure is checked; the 50-digit table below is for small n
        }
        MathContext mc = new MathContext(50);
        BigDecimal alpha = BigDecimal.ONE.divide(expLower(noise), mc); // ≥ e^-noise by a hair: fine for a 50-digit comparison
        BigDecimal[] kappa = new BigDecimal[n];
        for (int z = 0; z < n; z++) {
            kappa[z] = z == 0 || z == n - 1 ? BigDecimal.ONE.divide(BigDecimal.ONE.add(alpha), mc)
                    : BigDecimal.ONE.subtract(alpha).divide(BigDecimal.ONE.add(alpha), mc);
        }
        BigDecimal[][] p = new BigDecimal[n][outputs];
        for (int i = 0; i < n; i++) {
            java.util.Arrays.fill(p[i], BigDecimal.ZERO);
            for (int z = 0; z < n; z++) {
                BigDecimal g = kappa[z].multiply(alpha.pow(Math.abs(i - z), mc), mc);
                for (int k = 0; k < outputs; k++) {
                    if (r[z][k].signum() > 0) {
                        p[i][k] = p[i][k].add(g.multiply(r[z][k], mc), mc);
                    }
                }
            }
        }
        BigDecimal bound = expLower(certified).multiply(new BigDecimal("1.00000000000000000000000000000001"));
        for (int i = 0; i + 1 < n; i++) {
            for (int k = 0; k < outputs; k++) {
                if (p[i][k].compareTo(bound.multiply(p[i + 1][k])) > 0 || p[i + 1][k].compareTo(bound.multiply(p[i][k])) > 0) {
                    return "inputs " + i + " and " + (i + 1) + " at output " + k + ": probabilities " + p[i][k].round(MathContext.DECIMAL64) + " and "
                            + p[i + 1][k].round(MathContext.DECIMAL64) + " differ by more than e^" + certified;
                }
            }
        }
        return null;
    }

    private static int outputCount(JsonObject domain) {
        if (domain.has("range")) {
            JsonArray a = domain.get("range").orElseThrow().asArray();
            return (int) (a.get(1).asNumber().bigIntegerValueExact().subtract(a.get(0).asNumber().bigIntegerValueExact()).longValueExact() + 1);
        }
        return domain.get("labels").orElseThrow().asArray().size();
    }

    // ---- K-norm ----

    private static String knorm(JsonObject mech, JsonObject design, BigDecimal certified) {
        BigDecimal noise = decimal(mech.get("noise_epsilon").orElseThrow());
        if (noise.signum() <= 0 || noise.compareTo(certified) > 0) {
            return "noise_epsilon " + noise + " is not in (0, certified_epsilon = " + certified + "]";
        }
        if (mech.has("subspace") || !design.has("problem")) {
            return SKIPPED;
        }
        List<BigDecimal[]> points = adjacentOutputs(design.get("problem").orElseThrow().asObject());
        if (points == null) {
            return SKIPPED;
        }
        BigDecimal delta = decimal(mech.get("sensitivity").orElseThrow());
        JsonObject body = mech.get("body").orElseThrow().asObject();
        String type = body.get("type").orElseThrow().asString();
        for (BigDecimal[] u : points) {
            String why = switch (type) {
                case "ball" -> ball(body.get("norm").orElseThrow().asString(), u, delta);
                case "polytope", "halfspaces" -> facets(body.get("facets").orElseThrow().asArray(), u, delta);
                default -> SKIPPED;
            };
            if (why != null) {
                return why;
            }
        }
        if (mech.has("lattice")) {
            JsonObject l = mech.get("lattice").orElseThrow().asObject();
            int e = (int) l.get("spacing_exponent").orElseThrow().asNumber().doubleValue();
            BigDecimal[] deltaL = fraction(l.get("lattice_sensitivity").orElseThrow().asString());
            // Δ_L = Δ/2^e + ρ with ρ ≥ 0: Δ_L·2^e ≥ Δ
            BigDecimal scaled = e >= 0 ? deltaL[0].multiply(new BigDecimal(BigInteger.ONE.shiftLeft(e)))
                    : deltaL[0].divide(new BigDecimal(BigInteger.ONE.shiftLeft(-e)));
            if (scaled.compareTo(delta.multiply(deltaL[1])) < 0) {
                return "lattice_sensitivity " + l.get("lattice_sensitivity").orElseThrow() + " x 2^" + e + " is below the sensitivity " + delta;
            }
        }
        return null;
    }

    private static String ball(String norm, BigDecimal[] u, BigDecimal delta) {
        BigDecimal g = BigDecimal.ZERO;
        for (BigDecimal x : u) {
            g = switch (norm) {
                case "l1" -> g.add(x.abs());
                case "linf" -> g.max(x.abs());
                default -> g.add(x.multiply(x));
            };
        }
        BigDecimal limit = norm.equals("l2") ? delta.multiply(delta) : delta;
        return g.compareTo(limit) <= 0 ? null : "adjacent output " + java.util.Arrays.toString(u) + " has " + norm + " gauge above the sensitivity " + delta;
    }

    private static String facets(JsonArray facets, BigDecimal[] u, BigDecimal delta) {
        for (JsonValue f : facets.elements()) {
            JsonObject o = f.asObject();
            JsonArray normal = o.get("normal").orElseThrow().asArray();
            BigDecimal dot = BigDecimal.ZERO;
            for (int j = 0; j < normal.size(); j++) {
                dot = dot.add(new BigDecimal(new BigInteger(normal.get(j).asString())).multiply(u[j]));
            }
            BigDecimal[] offset = fraction(o.get("offset").orElseThrow().asString());
            // normal·u ≤ Δ·p/q  ⇔  q·normal·u ≤ Δ·p
            if (dot.multiply(offset[1]).compareTo(delta.multiply(offset[0])) > 0) {
                return "adjacent output " + java.util.Arrays.toString(u) + " violates facet " + o + " scaled by the sensitivity " + delta;
            }
        }
        return null;
    }

    /** "p/q" or a decimal, as {p, q}. */
    private static BigDecimal[] fraction(String s) {
        int slash = s.indexOf('/');
        return slash < 0 ? new BigDecimal[] {new BigDecimal(s), BigDecimal.ONE}
                : new BigDecimal[] {new BigDecimal(s.substring(0, slash)), new BigDecimal(s.substring(slash + 1))};
    }

    /**
     * S_T from a K-norm problem document, exactly: records (differences of pairs, or ± each record), differences (± each),
     * multilinear features of box variables (their values at the box's vertices, times rows_per_unit, then as records). Null for
     * what is not finite here (curved features, categorical variables).
     */
    static List<BigDecimal[]> adjacentOutputs(JsonObject problem) {
        JsonObject st = problem.get("statistic").orElseThrow().asObject();
        boolean addRemove = problem.get("neighbours").map(v -> v.asString().equals("add-remove")).orElse(false);
        List<BigDecimal[]> records = new ArrayList<>();
        if (st.has("differences")) {
            List<BigDecimal[]> out = new ArrayList<>();
            for (JsonValue v : st.get("differences").orElseThrow().asArray().elements()) {
                BigDecimal[] u = vector(v.asArray());
                out.add(u);
                out.add(negate(u));
            }
            return out;
        }
        if (st.has("records")) {
            for (JsonValue v : st.get("records").orElseThrow().asArray().elements()) {
                records.add(vector(v.asArray()));
            }
        } else {
            JsonObject vars = st.get("variables").orElseThrow().asObject();
            List<String> names = new ArrayList<>(vars.members().keySet());
            List<BigDecimal[]> bounds = new ArrayList<>();
            for (String name : names) {
                if (!(vars.get(name).orElseThrow() instanceof JsonArray a)) {
                    return null; // categorical
                }
                bounds.add(new BigDecimal[] {a.get(0).asNumber().decimal(), a.get(1).asNumber().decimal()});
            }
            BigDecimal k = problem.has("rows_per_unit") ? problem.get("rows_per_unit").orElseThrow().asNumber().decimal() : BigDecimal.ONE;
            JsonArray features = st.get("features").orElseThrow().asArray();
            for (long mask = 0; mask < (1L << names.size()); mask++) {
                BigDecimal[] t = new BigDecimal[features.size()];
                for (int j = 0; j < features.size(); j++) {
                    BigDecimal value = BigDecimal.ZERO;
                    for (JsonValue term : features.get(j).asObject().get("terms").orElseThrow().asArray().elements()) {
                        JsonObject to = term.asObject();
                        BigDecimal x = to.get("coef").orElseThrow().asNumber().decimal();
                        if (to.has("powers")) {
                            for (var pw : to.get("powers").orElseThrow().asObject().members().entrySet()) {
                                int power = (int) pw.getValue().asNumber().doubleValue();
                                int v = names.indexOf(pw.getKey());
                                if (power > 1 || v < 0) {
                                    return null; // curved (or an indicator): not finite here
                                }
                                if (power == 1) {
                                    x = x.multiply(bounds.get(v)[(int) ((mask >> v) & 1)]);
                                }
                            }
                        }
                        value = value.add(x);
                    }
                    t[j] = value.multiply(k);
                }
                records.add(t);
            }
        }
        List<BigDecimal[]> out = new ArrayList<>();
        if (addRemove) {
            for (BigDecimal[] t : records) {
                out.add(t);
                out.add(negate(t));
            }
        } else {
            for (BigDecimal[] a : records) {
                for (BigDecimal[] b : records) {
                    BigDecimal[] u = new BigDecimal[a.length];
                    for (int j = 0; j < a.length; j++) {
                        u[j] = a[j].subtract(b[j]);
                    }
                    out.add(u);
                }
            }
        }
        return out;
    }

    private static BigDecimal[] vector(JsonArray a) {
        BigDecimal[] u = new BigDecimal[a.size()];
        for (int j = 0; j < u.length; j++) {
            u[j] = a.get(j).asNumber().decimal();
        }
        return u;
    }

    private static BigDecimal[] negate(BigDecimal[] u) {
        BigDecimal[] v = new BigDecimal[u.length];
        for (int j = 0; j < u.length; j++) {
            v[j] = u[j].negate();
        }
        return v;
    }

    // ---- arithmetic ----

    /** A rigorous lower bound of e^x for a decimal 0 ≤ x ≤ 50: Σ_{k ≤ K} x^k/k! with every term rounded down (80 digits). */
    static BigDecimal expLower(BigDecimal x) {
        if (x.signum() < 0) {
            throw new IllegalArgumentException("x must be >= 0. Provided value: " + x);
        }
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal term = BigDecimal.ONE;
        BigDecimal tiny = BigDecimal.ONE.movePointLeft(75);
        for (int k = 1; k < 2000; k++) {
            term = term.multiply(x).divide(BigDecimal.valueOf(k), MC);
            sum = sum.add(term);
            if (k > x.doubleValue() + 2 && term.compareTo(tiny.multiply(sum)) < 0) {
                break;
            }
        }
        return sum.round(MC);
    }

    /** A spec's decimal field, written as a string (or a number). */
    static BigDecimal decimal(JsonValue v) {
        return v instanceof org.optimech.runtime.json.JsonString s ? new BigDecimal(s.value()) : v.asNumber().decimal();
    }
}
