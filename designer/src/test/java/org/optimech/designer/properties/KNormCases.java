package org.optimech.designer.properties;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.optimech.designer.Designers;
import org.optimech.designer.spec.KNormSpecs;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.json.JsonWriter;

/**
 * K-norm problems of small dimension (1 to 3): record statistics and adjacent differences with dyadic coordinates, and
 * polynomial features of one or two box variables (multilinear, and now and then a square, which makes S_T curved); both
 * relations, rows per unit, every candidate subset and criterion; designed with idealized or exact (lattice) numerics, the
 * selected body or an explicitly chosen one, as a triangulation or half-spaces.
 */
final class KNormCases {
    private KNormCases() {
    }

    static Arbitrary<DesignCase> cases() {
        return Combinators.combine(Epsilons.epsilon(), Arbitraries.integers().between(1, 3), Arbitraries.longs(), Arbitraries.longs()).as(KNormCases::build);
    }

    static DesignCase build(String epsilon, int d, long seed, long tamperSeed) {
        Random r = new Random(seed);
        JsonObject.Builder b = JsonObject.builder().put("kind", "knorm");
        b.put("epsilon", DiscreteCases.literal(epsilon));
        boolean addRemove = r.nextBoolean();
        b.put("neighbours", addRemove ? "add-remove" : "substitution");
        int form = r.nextInt(4); // 0-1 records, 2 differences, 3 features
        if (form <= 1) {
            int m = 1 + r.nextInt(6);
            List<JsonValue> records = new ArrayList<>();
            for (int i = 0; i < m; i++) {
                records.add(dyadicVector(d, r));
            }
            b.put("statistic", JsonObject.builder().put("records", JsonArray.of(records)).build());
        } else if (form == 2) {
            int m = 1 + r.nextInt(4);
            List<JsonValue> diffs = new ArrayList<>();
            for (int i = 0; i < m; i++) {
                diffs.add(dyadicVector(d, r));
            }
            b.put("statistic", JsonObject.builder().put("differences", JsonArray.of(diffs)).build());
        } else {
            int vars = 1 + r.nextInt(2);
            JsonObject.Builder v = JsonObject.builder();
            String[] names = {"x", "y"};
            for (int k = 0; k < vars; k++) {
                int lo = r.nextInt(9) - 6;
                int hi = lo + 1 + r.nextInt(6);
                v.put(names[k], JsonArray.of(JsonNumber.of(lo / 2.0), JsonNumber.of(hi / 2.0)));
            }
            List<JsonValue> features = new ArrayList<>();
            for (int j = 0; j < d; j++) {
                List<JsonValue> terms = new ArrayList<>();
                int t = 1 + r.nextInt(2);
                for (int k = 0; k < t; k++) {
                    JsonObject.Builder powers = JsonObject.builder();
                    for (int q = 0; q < vars; q++) {
                        int p = r.nextInt(8) == 0 ? 2 : r.nextInt(2);
                        if (p > 0) {
                            powers.put(names[q], p);
                        }
                    }
                    int coef = r.nextInt(9) - 4;
                    terms.add(JsonObject.builder().put("coef", coef == 0 ? 1 : coef / 2.0).put("powers", powers.build()).build());
                }
                features.add(JsonObject.builder().put("name", "t" + j).put("terms", JsonArray.of(terms)).build());
            }
            b.put("statistic", JsonObject.builder().put("variables", v.build()).put("features", JsonArray.of(features)).build());
            if (addRemove && r.nextInt(4) == 0) {
                b.put("rows_per_unit", 2 + r.nextInt(2));
            }
        }
        List<String> candidates = new ArrayList<>(List.of("l1", "l2", "linf", "hull"));
        if (r.nextInt(5) == 0 && d >= 2) {
            candidates.add("search");
        }
        java.util.Collections.shuffle(candidates, r);
        candidates = candidates.subList(0, 1 + r.nextInt(candidates.size()));
        if (r.nextInt(3) > 0) {
            b.put("candidates", JsonArray.ofStrings(candidates));
        } else {
            candidates = List.of("l1", "l2", "linf", "hull");
        }
        if (r.nextBoolean()) {
            b.put("criterion", new String[] {"trace", "max-variance", "volume"}[r.nextInt(3)]);
        }
        Designers.Options options = Designers.Options.defaults();
        StringBuilder text = new StringBuilder();
        String body = null;
        if (r.nextInt(3) == 0) {
            body = candidates.get(r.nextInt(candidates.size()));
            options = options.withBody(body);
            text.append("--body ").append(body).append(' ');
        }
        if (r.nextInt(5) == 0) {
            options = options.withBodyForm(KNormSpecs.BodyForm.HALFSPACES);
            text.append("--body-form halfspaces ");
        }
        if (r.nextInt(5) < 2) {
            if (r.nextBoolean()) {
                options = options.withLattice(KNormSpecs.Lattice.auto());
                text.append("--numerics exact");
            } else {
                int e = -12 + r.nextInt(13);
                options = options.withLattice(KNormSpecs.Lattice.of(e));
                text.append("--lattice-exponent ").append(e);
            }
        }
        // an explicitly chosen body may have no exact lattice sampler (l2, a searched linear image, a hull in a proper subspace, or
        // one whose sampler cannot certify an acceptance rate); with none chosen, the l1 and linf balls always have one
        boolean mayRefuse = options.lattice() != null && (body != null ? body.equals("l2") || body.equals("search") || body.equals("hull")
                : !candidates.contains("l1") && !candidates.contains("linf"))
                // a hull stored as half-spaces is refused by name when no box it can certify fills enough of it for rejection sampling
                || options.bodyForm() == KNormSpecs.BodyForm.HALFSPACES;
        return new DesignCase(JsonWriter.compact(b.build()), options, text.toString().trim(), mayRefuse, tamperSeed);
    }

    /** Coordinates k/8 with k in [-16, 16]: exact doubles, so S_T is exact. */
    private static JsonArray dyadicVector(int d, Random r) {
        double[] x = new double[d];
        for (int j = 0; j < d; j++) {
            x[j] = (r.nextInt(33) - 16) / 8.0;
        }
        return JsonArray.ofDoubles(x);
    }
}
