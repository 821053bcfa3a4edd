package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.knorm.CountBallBody;
import org.optimech.runtime.knorm.CountJoinBody;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.knorm.PermutohedronBody;
import org.optimech.runtime.knorm.SumBallBody;
import org.optimech.runtime.knorm.UnitBody;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.statistic.BoundedContribution;
import org.optimech.runtime.statistic.Counts;
import org.optimech.runtime.statistic.OrderedCounts;
import org.optimech.runtime.statistic.Ranking;
import org.optimech.runtime.statistic.StatisticReader;
import org.optimech.runtime.statistic.StructuredStatistic;

/**
 * Specs with structured bodies: the closed-form sensitivities agree with brute force over every adjacent output for every
 * small case (d ≤ 5, every k, both relations, every body), the loader re-derives Δ from the recorded problem at d = 1000 and
 * refuses a Δ one ulp of a decimal too small, the codec round-trips, and malformed bodies are refused naming the field.
 */
class StructuredSpecTest {
    static JsonObject design(String statistic, String neighbours) throws Exception {
        return (JsonObject) JsonParser.parse("{\"method\": \"knorm\", \"problem\": {\"kind\": \"knorm\", \"epsilon\": 1, \"neighbours\": \"" + neighbours
                + "\", \"statistic\": " + statistic + "}}");
    }

    static KNormSpec spec(int d, Body body, String delta, String statistic, Relation relation) throws Exception {
        KNormBlock block = new KNormBlock(d, null, body, new BigDecimal(delta), BigDecimal.ONE, null, null);
        return KNormSpec.of(block, relation, BigDecimal.ONE, BigDecimal.ONE, design(statistic, relation.json()), JsonObject.builder().build());
    }

    static List<Body> bodies(int d) {
        List<Body> out = new ArrayList<>(List.of(new Body.Ball(LpNorm.L1), new Body.Ball(LpNorm.L2), new Body.Ball(LpNorm.LINF)));
        for (int k = 1; k <= d; k++) {
            out.add(new StructuredBody.SumBall(k));
            out.add(new StructuredBody.CountBall(k));
            out.add(new StructuredBody.CountJoin(k));
        }
        if (d >= 2) {
            out.add(new StructuredBody.Permutohedron(null));
            out.add(new StructuredBody.Permutohedron(new BigDecimal("0.75")));
        }
        return out;
    }

    static UnitBody unit(Body b, int d) {
        if (b instanceof Body.Ball ball) {
            return new UnitBody() {
                public int dimension() {
                    return d;
                }

                public double[] uniformPoint(org.optimech.runtime.random.RandomSource bits) {
                    throw new UnsupportedOperationException();
                }

                public double norm(double[] x) {
                    return ball.norm().of(x);
                }

                public String name() {
                    return ball.norm().json();
                }
            };
        }
        if (b instanceof StructuredBody.SumBall s) {
            return SumBallBody.of(d, s.k());
        }
        if (b instanceof StructuredBody.CountBall s) {
            return CountBallBody.of(d, s.k());
        }
        if (b instanceof StructuredBody.CountJoin s) {
            return CountJoinBody.of(d, s.k());
        }
        StructuredBody.Permutohedron p = (StructuredBody.Permutohedron) b;
        return PermutohedronBody.of(d, p.prismHalfHeight() == null ? 0 : p.prismHalfHeight().doubleValue());
    }

    static List<StructuredStatistic> statistics(int d) {
        List<StructuredStatistic> out = new ArrayList<>();
        for (int k = 1; k <= d; k++) {
            out.add(new BoundedContribution(d, new BigDecimal("0.5"), k, false));
            out.add(new BoundedContribution(d, new BigDecimal("1.5"), k, true));
            out.add(new Counts(d, k));
        }
        if (d >= 2) {
            out.add(Ranking.borda(d));
            BigDecimal[] s = new BigDecimal[d];
            for (int i = 0; i < d; i++) {
                s[i] = BigDecimal.valueOf((long) (i + 1) * (i + 1)).multiply(new BigDecimal("0.25")); // 0.25, 1, 2.25, …: not symmetric
            }
            out.add(new Ranking(d, s, false));
        }
        out.add(new OrderedCounts(d, new int[][] {}));
        if (d >= 3) {
            out.add(new OrderedCounts(d, new int[][] {{0, 1}, {1, 2}}));
            out.add(new OrderedCounts(d, new int[][] {{0, 2}, {1, 2}}));
        }
        return out;
    }

    /** Brute force: the largest floating-point gauge over the enumerated adjacent outputs (±records, or their differences). */
    static double bruteForce(StructuredStatistic s, Relation r, UnitBody body) {
        double[][] rec = s.records(1_000_000);
        double best = 0;
        for (double[] a : rec) {
            if (r == Relation.ADD_REMOVE) {
                best = Math.max(best, Math.max(body.norm(a), body.norm(negate(a))));
                continue;
            }
            for (double[] b : rec) {
                double[] u = new double[a.length];
                for (int j = 0; j < u.length; j++) {
                    u[j] = a[j] - b[j];
                }
                best = Math.max(best, body.norm(u));
            }
        }
        return best;
    }

    private static double[] negate(double[] a) {
        double[] b = new double[a.length];
        for (int j = 0; j < a.length; j++) {
            b[j] = -a[j];
        }
        return b;
    }

    /** Every closed form (d ≤ 5, every k, both relations) against brute force over the enumerated outputs. */
    @Test
    void closedFormsAgreeWithBruteForce() {
        int compared = 0;
        for (int d = 1; d <= 5; d++) {
            for (StructuredStatistic s : statistics(d)) {
                for (Relation r : Relation.values()) {
                    for (Body b : bodies(d)) {
                        var sup = StructuredSensitivity.sup(s, r, b);
                        if (sup.isEmpty()) {
                            continue;
                        }
                        double brute = bruteForce(s, r, unit(b, d));
                        double closed = sup.get().doubleValue();
                        String what = s + " " + r.json() + " " + b;
                        if (Double.isInfinite(brute) || Double.isInfinite(closed)) {
                            assertEquals(brute, closed, what);
                        } else {
                            assertEquals(brute, closed, 1e-12 * (1 + brute), what);
                        }
                        compared++;
                    }
                }
            }
        }
        assertTrue(compared > 1000, "compared " + compared);
    }

    /** The loader re-derives Δ at d = 1000 in closed form, and refuses a Δ just below the supremum. */
    @Test
    void loaderRechecksTheSensitivityInClosedForm() throws Exception {
        String stat = "{\"bounded_contribution\": {\"dimension\": 1000, \"max_abs\": 0.5, \"max_nonzero\": 20, \"nonnegative\": false}}";
        KNormSpec ok = spec(1000, new StructuredBody.SumBall(20), "1", stat, Relation.SUBSTITUTION); // 2c = 1
        assertTrue(ok.sensitivityRechecked(), ok.sensitivityCheck());
        assertEquals(1000, ok.noiseDimension());
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> spec(1000, new StructuredBody.SumBall(20), "0.99999999999999999999", stat,
                Relation.SUBSTITUTION));
        assertEquals("/design/problem/statistic", e.pointer(), e.getMessage());
        // the l1 ball for the same statistic: Δ1 = 2·0.5·20 = 20
        assertTrue(spec(1000, new Body.Ball(LpNorm.L1), "20", stat, Relation.SUBSTITUTION).sensitivityRechecked());
        assertThrows(InvalidSpecException.class, () -> spec(1000, new Body.Ball(LpNorm.L1), "19.9", stat, Relation.SUBSTITUTION));
        // counts under add/remove with the count join: Δ = 1
        KNormSpec join = spec(500, new StructuredBody.CountJoin(5), "1", "{\"counts\": {\"dimension\": 500, \"max_nonzero\": 5}}", Relation.ADD_REMOVE);
        assertTrue(join.sensitivityRechecked(), join.sensitivityCheck());
        // Borda votes under substitution: Π(v) = 2Π(b), Δ = 2 for the permutohedron, noise in the hyperplane
        KNormSpec vote = spec(200, new StructuredBody.Permutohedron(null), "2", "{\"ranking\": {\"candidates\": 200, \"scores\": \"borda\"}}", Relation.SUBSTITUTION);
        assertTrue(vote.sensitivityRechecked(), vote.sensitivityCheck());
        assertEquals(199, vote.noiseDimension());
        assertThrows(InvalidSpecException.class, () -> spec(200, new StructuredBody.Permutohedron(null), "1.999", "{\"ranking\": {\"candidates\": 200, "
                + "\"scores\": \"borda\"}}", Relation.SUBSTITUTION));
        // add/remove Borda votes are off the hyperplane: no multiple of Π covers them
        InvalidSpecException off = assertThrows(InvalidSpecException.class, () -> spec(20, new StructuredBody.Permutohedron(null), "1000",
                "{\"ranking\": {\"candidates\": 20, \"scores\": \"borda\"}}", Relation.ADD_REMOVE));
        assertTrue(off.detail().contains("infinity"), off.getMessage());
    }

    /** A body with no closed form for the statistic falls back to the enumerated records when they are few (the generic exact path). */
    @Test
    void enumeratedFallbackForOtherPairs() throws Exception {
        // ordered counts under substitution with the count join: no closed form; 4 answers with a chain: 5 up-sets
        String stat = "{\"ordered_counts\": {\"dimension\": 4, \"implies\": [[0, 1], [1, 2], [2, 3]]}}";
        KNormSpec s = spec(4, new StructuredBody.CountJoin(2), "2", stat, Relation.SUBSTITUTION);
        assertTrue(s.sensitivityRechecked(), s.sensitivityCheck());
        assertTrue(s.sensitivityCheck().contains("differences"), s.sensitivityCheck());
        // up-sets of the chain are 0001, 0011, 0111, 1111 and 0: the difference 1111 − 0 has g = max(1, 4/2) = 2; 0011 − 0 … all ≤ 2
        assertThrows(InvalidSpecException.class, () -> spec(4, new StructuredBody.CountJoin(2), "1.9", stat, Relation.SUBSTITUTION));
    }

    @Test
    void codecRoundTripsAndMechanismSamples() throws Exception {
        for (Body b : List.of(new StructuredBody.SumBall(3), new StructuredBody.CountBall(2), new StructuredBody.CountJoin(4), new StructuredBody.Permutohedron(
                null), new StructuredBody.Permutohedron(new BigDecimal("2.5")))) {
            KNormSpec s = spec(6, b, "50", "{\"ranking\": {\"candidates\": 6, \"scores\": \"borda\"}}", Relation.SUBSTITUTION);
            MechanismSpec back = SpecCodec.read(SpecCodec.write(s));
            assertEquals(s, back);
            assertEquals(b, ((KNormSpec) back).body());
            KNormMechanism m = (KNormMechanism) Mechanisms.of(back, RuntimePolicy.builder().numerics(NumericsPolicy.ALLOW_IDEALIZED).allowUncheckedSensitivity().build());
            // the permutohedron without prism lies in Σx = 0: the ballot count is public and the caller's (Borda sum 15 per ballot)
            assertEquals(b instanceof StructuredBody.Permutohedron p && p.prismHalfHeight() == null, m.needsRecordCount(), b.toString());
            double[] out = m.needsRecordCount() ? m.sample(new double[] {5, 4, 3, 2, 1, 0}, 1, new SeededRandomBits(1)) : m.sample(new double[6], new SeededRandomBits(1));
            assertEquals(6, out.length);
            if (m.needsRecordCount()) {
                assertEquals(15, java.util.Arrays.stream(out).sum(), 1e-9);
            }
        }
    }

    @Test
    void malformedBodiesAreRefusedNamingTheField() throws Exception {
        String stat = "{\"counts\": {\"dimension\": 5, \"max_nonzero\": 2}}";
        assertEquals("/mechanism/body/k", assertThrows(InvalidSpecException.class, () -> spec(5, new StructuredBody.SumBall(6), "9", stat,
                Relation.SUBSTITUTION)).pointer());
        String borda = "{\"ranking\": {\"candidates\": 5, \"scores\": \"borda\"}}";
        KNormBlock lattice = new KNormBlock(5, null, new StructuredBody.Permutohedron(null), BigDecimal.TEN, BigDecimal.ONE, null,
                new KNormBlock.Lattice(0, org.optimech.runtime.exact.Rational.of(BigInteger.TEN)));
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> KNormSpec.of(lattice, Relation.SUBSTITUTION, BigDecimal.ONE, BigDecimal.ONE,
                design(borda, "substitution"), JsonObject.builder().build()));
        assertEquals("/mechanism/lattice", e.pointer());
        assertTrue(e.detail().contains("idealized"), e.getMessage());
        // the count join has an exact sampler (session 7): its lattice sensitivity must be Δ/2^e + ρ, ρ = (2 + 4)/2 = 3 at d = 5, k = 2
        // (one +1 and four −1 entries: max(1, 1/2) + max(1, 4/2)), not the all-ones corner's d/k = 5/2
        KNormBlock joinBlock = new KNormBlock(5, null, new StructuredBody.CountJoin(2), BigDecimal.TEN, BigDecimal.ONE, null,
                new KNormBlock.Lattice(0, new org.optimech.runtime.exact.Rational(new BigInteger("25"), BigInteger.TWO)));
        e = assertThrows(InvalidSpecException.class, () -> KNormSpec.of(joinBlock, Relation.SUBSTITUTION, BigDecimal.ONE, BigDecimal.ONE,
                design(stat, "substitution"), JsonObject.builder().build()));
        assertEquals("/mechanism/lattice/lattice_sensitivity", e.pointer());
        assertTrue(e.detail().contains("13"), e.getMessage());
        // the sum ball has an exact sampler: its lattice sensitivity must be Δ/2^e + d/k = 10 + 5/2
        KNormBlock sum = new KNormBlock(5, null, new StructuredBody.SumBall(2), BigDecimal.TEN, BigDecimal.ONE, null,
                new KNormBlock.Lattice(0, org.optimech.runtime.exact.Rational.of(BigInteger.TEN)));
        e = assertThrows(InvalidSpecException.class, () -> KNormSpec.of(sum, Relation.SUBSTITUTION, BigDecimal.ONE, BigDecimal.ONE,
                design(stat, "substitution"), JsonObject.builder().build()));
        assertEquals("/mechanism/lattice/lattice_sensitivity", e.pointer());
        assertTrue(e.detail().contains("25/2"), e.getMessage());
        JsonObject doc = SpecCodec.write(spec(5, new StructuredBody.Permutohedron(new BigDecimal("1")), "50", "{\"ranking\": {\"candidates\": 5, \"scores\": "
                + "\"borda\"}}", Relation.SUBSTITUTION));
        JsonObject bad = (JsonObject) org.optimech.runtime.testing.JsonEdit.set(doc, "/mechanism/body/prism_half_height", new org.optimech.runtime.json.JsonString(
                "0"));
        assertEquals("/mechanism/body/prism_half_height", assertThrows(InvalidSpecException.class, () -> SpecCodec.read(SpecDigest.seal(bad))).pointer());
        JsonObject unknown = (JsonObject) org.optimech.runtime.testing.JsonEdit.set(doc, "/mechanism/body/k", org.optimech.runtime.json.JsonNumber.of(3));
        assertTrue(assertThrows(InvalidSpecException.class, () -> SpecCodec.read(SpecDigest.seal(unknown))).detail().contains("unknown key"));
        // a polytope body still stops at 64 dimensions
        assertTrue(assertThrows(org.optimech.runtime.json.FieldException.class, () -> KNormJson.checkDimension(65, new Body.Halfspaces(List.of(), new Body.Box(
                new double[] {-1}, new double[] {1}), null, BigDecimal.ONE, 1))).getMessage().contains("64"));
    }

    /** The statistic reader refuses malformed structured forms naming the field. */
    @Test
    void readerRefusesMalformedForms() throws Exception {
        String[][] cases = {
            {"{\"counts\": {\"dimension\": 5, \"max_nonzero\": 6}}", "/statistic/counts/max_nonzero"},
            {"{\"counts\": {\"dimension\": 5}}", "/statistic/counts/max_nonzero"},
            {"{\"bounded_contribution\": {\"dimension\": 5, \"max_abs\": 0, \"max_nonzero\": 2}}", "/statistic/bounded_contribution/max_abs"},
            {"{\"bounded_contribution\": {\"dimension\": 5, \"max_abs\": 1, \"max_nonzero\": 2, \"nonnegative\": 1}}",
                "/statistic/bounded_contribution/nonnegative"},
            {"{\"ranking\": {\"candidates\": 3, \"scores\": \"plurality\"}}", "/statistic/ranking/scores"},
            {"{\"ranking\": {\"candidates\": 3, \"scores\": [1, 1, 1]}}", "/statistic/ranking/scores"},
            {"{\"ranking\": {\"candidates\": 3, \"scores\": [1, 2]}}", "/statistic/ranking/scores"},
            {"{\"ordered_counts\": {\"dimension\": 3, \"implies\": [[0, 3]]}}", "/statistic/ordered_counts/implies/0/1"},
            {"{\"ordered_counts\": {\"dimension\": 3, \"implies\": [[1, 1]]}}", "/statistic/ordered_counts/implies/0"},
            {"{\"ordered_counts\": {\"dimension\": 3, \"implies\": [[0, 1], [0, 1]]}}", "/statistic/ordered_counts/implies/1"},
            {"{\"counts\": {\"dimension\": 5, \"max_nonzero\": 2}, \"ranking\": {}}", "/statistic"},
            {"{\"counts\": {\"dimension\": 20000, \"max_nonzero\": 2}}", "/statistic/counts/dimension"},
        };
        for (String[] c : cases) {
            var e = assertThrows(org.optimech.runtime.json.FieldException.class, () -> StatisticReader.read(JsonParser.parse(c[0]), "/statistic"), c[0]);
            assertEquals(c[1], e.pointer(), c[0] + ": " + e.getMessage());
        }
        StructuredStatistic r = (StructuredStatistic) StatisticReader.read(JsonParser.parse("{\"ranking\": {\"candidates\": 3, \"scores\": [3, 1, 0]}}"), "/s");
        assertEquals(3, r.dimension());
    }
}
