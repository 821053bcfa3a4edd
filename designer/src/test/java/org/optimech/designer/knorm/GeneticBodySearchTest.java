package org.optimech.designer.knorm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.optimech.designer.common.Deadline;
import org.optimech.designer.common.Progress;
import org.optimech.designer.problem.Criterion;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.KNormProblemParser;
import org.optimech.designer.spec.KNormSpecs;
import org.optimech.runtime.certificate.Gauge;
import org.optimech.runtime.certificate.PairObjective;
import org.optimech.runtime.certificate.StatisticPolynomials;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.RuntimePolicy;
import org.optimech.runtime.spec.SpecCodec;
import org.optimech.runtime.spec.SpecDigest;
import org.optimech.runtime.statistic.PolynomialStatistic;

/**
 * Issue 21 (4): the genetic body search over linear images of the ℓ1 and ℓ∞ balls. Its pick is certified by the same branch
 * and bound as every other body (never by the witnesses that ranked it), stored as a linear image whose certificate the
 * runtime re-checks, and it can only improve the design's pick.
 */
class GeneticBodySearchTest {
    private static final List<String> CLOSED_FORMS = List.of("l1", "l2", "linf", "weighted-box");

    /**
     * (x, x + y²/8), x, y in [-1, 1]: S_T is a thin sheared body that no axis-aligned body fits; curved (y²), so it takes the
     * branch-and-bound path where the genetic search runs.
     */
    static String correlated(String criterion, String neighbours) {
        return "{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"" + neighbours + "\",\"criterion\":\"" + criterion + "\",\"statistic\":{\"variables\":"
                + "{\"x\":[-1,1],\"y\":[-1,1]},\"features\":[{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]},{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}},"
                + "{\"coef\":0.125,\"powers\":{\"y\":2}}]}]},\"candidates\":[\"l1\",\"l2\",\"linf\",\"weighted-box\",\"search\"]}";
    }

    static KNormComparison.Result compare(KNormProblem p, long seed) throws Exception {
        return KNormDesigner.compare(p, Progress.silent(), Deadline.none(), false, null, GeneticBodySearch.Settings.seeded(seed));
    }

    static CandidateReport candidate(KNormComparison.Result r, String name) {
        return r.candidates().stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }

    static double bestClosedForm(KNormComparison.Result r, Criterion criterion) {
        return r.candidates().stream().filter(c -> CLOSED_FORMS.contains(c.name())).mapToDouble(c -> c.score(criterion)).min().orElseThrow();
    }

    @Test
    void onACorrelatedStatisticTheSearchedBodyBeatsEveryClosedFormAndIsPicked() throws Exception {
        for (String criterion : List.of("trace", "volume", "max-variance")) {
            for (String neighbours : List.of("substitution", "add-remove")) {
                KNormProblem p = KNormProblemParser.parse(JsonParser.parse(correlated(criterion, neighbours)));
                KNormComparison.Result r = compare(p, 1);
                CandidateReport search = candidate(r, "search");
                assertNotNull(search, criterion + " " + neighbours + ": " + r.skipped() + r.failed());
                double best = bestClosedForm(r, p.criterion());
                assertTrue(search.score(p.criterion()) < best, criterion + " " + neighbours + ": searched " + search.score(p.criterion()) + " vs " + best);
                assertEquals("search", r.selected().name(), criterion + " " + neighbours);
                assertNotNull(search.certificate(), "the pick carries its certificate");
                assertTrue(search.note().startsWith("HEURISTIC"), search.note());
            }
        }
    }

    @Test
    void theSearchedBodyIsStoredAsALinearImageTheRuntimeRechecksAndTamperingIsRefused() throws Exception {
        KNormProblem p = KNormProblemParser.parse(JsonParser.parse(correlated("trace", "substitution")));
        KNormSpec spec = KNormSpecs.toSpec(p, compare(p, 1), "search", KNormSpecs.BodyForm.TRIANGULATION, Instant.EPOCH);
        assertTrue(spec.block().body() instanceof Body.LinearImage, spec.block().body().type());
        assertTrue(spec.sensitivityRechecked(), spec.sensitivityCheck());
        assertTrue(spec.sensitivityCheck().contains("certificate"), spec.sensitivityCheck());
        RuntimePolicy.standard().check(SpecCodec.read(SpecCodec.write(spec)));
        JsonObject doc = SpecCodec.write(spec);
        JsonObject m = doc.get("mechanism").orElseThrow().asObject();
        JsonObject lowered = SpecDigest.seal(doc.with("mechanism", m.with("sensitivity", new JsonString(spec.sensitivity().multiply(new BigDecimal("0.9"))
                .toPlainString()))));
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> SpecCodec.read(lowered));
        assertEquals("/mechanism/sensitivity_certificate/trees", e.pointer(), e.getMessage());
    }

    @Test
    void progressGoesThroughTheToolsTaskAndTheTimeLimitCutsTheSearchShortButItsPickIsStillCertified() throws Exception {
        KNormProblem p = KNormProblemParser.parse(JsonParser.parse(correlated("trace", "substitution")));
        List<String> lines = new java.util.ArrayList<>();
        Progress recording = lines::add;
        KNormComparison.Result full = KNormDesigner.compare(p, recording, Deadline.none(), false, null, GeneticBodySearch.Settings.seeded(1));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("body search: ") && l.contains("best witnessed")), lines.toString());
        GeneticBodySearch.Settings settings = GeneticBodySearch.Settings.seeded(1);
        BodySearch.Found all = full.search();
        // every family runs its generations in full without a limit (more when witnesses were added)
        assertTrue(all.evaluations() >= all.starts() * settings.population() * settings.generations(), all.method());
        // a limit that has run out before the search: the body to be stored still runs, one generation per family at most
        Deadline gone = Deadline.after(java.time.Duration.ofNanos(1));
        Thread.sleep(1);
        KNormComparison.Result cut = KNormDesigner.compare(p, Progress.silent(), gone, true, "search", settings);
        BodySearch.Found f = cut.search();
        assertNotNull(f, cut.skipped().toString());
        assertTrue(f.evaluations() <= settings.population(), f.method());
        CandidateReport c = candidate(cut, "search");
        assertNotNull(c.certificate(), c.note());
    }

    @Test
    void theSameSeedFindsTheSameBody() throws Exception {
        KNormProblem p = KNormProblemParser.parse(JsonParser.parse(correlated("trace", "substitution")));
        BodySearch.Found a = compare(p, 7).search();
        BodySearch.Found b = compare(p, 7).search();
        assertEquals(a.base(), b.base());
        for (int i = 0; i < a.a().length; i++) {
            assertArrayEquals(a.a()[i], b.a()[i]);
        }
    }

    @Test
    void offByDefaultTheSearchNeedsTheSandwichAndSaysHowToTurnItOn() throws Exception {
        KNormProblem p = KNormProblemParser.parse(JsonParser.parse(correlated("trace", "add-remove")));
        KNormComparison.Result r = KNormDesigner.compare(p, Progress.silent(), Deadline.none(), false, null);
        assertEquals(null, candidate(r, "search"));
        assertTrue(r.skipped().stream().anyMatch(s -> s.startsWith("search:") && s.contains("genetic body search")), r.skipped().toString());
    }

    /**
     * Random small statistics (1–2 variables, 2–3 features of degree ≤ 2 with small integer coefficients): the searched body's
     * certified Δ is at least its gauge at every sampled pair (a certified lower value there), and the design's pick scores no
     * worse than the best closed-form candidate.
     */
    @Property(tries = 15)
    void theCertifiedSensitivityOfTheSearchedBodyCoversEverySampledPair(@ForAll("statistics") String json) throws Exception {
        KNormProblem p = KNormProblemParser.parse(JsonParser.parse(json));
        if (constant((PolynomialStatistic) p.statistic())) {
            // the generator can cancel every feature (2x − 3x + x): such a statistic has nothing to protect and is refused
            assertRefusedAsDataIndependent(p);
            return;
        }
        KNormComparison.Result r = compare(p, 3);
        assertTrue(r.selected().score(p.criterion()) <= bestClosedForm(r, p.criterion()), "the search can only improve the pick");
        CandidateReport search = candidate(r, "search");
        if (search == null) {
            return; // a dependent or constant feature: no invertible image fits (reported as skipped)
        }
        PolynomialStatistic statistic = (PolynomialStatistic) p.statistic();
        boolean pairs = p.relation() == org.optimech.runtime.spec.Relation.SUBSTITUTION;
        StatisticPolynomials sp = StatisticPolynomials.of(statistic);
        BodySearch.Found f = r.search();
        Gauge g = Gauge.ofLinearImage(f.base(), f.a());
        PairObjective o = new PairObjective(sp.rows(g), pairs);
        double[] lo = sp.searchLower(pairs);
        double[] hi = sp.searchUpper(pairs);
        SplittableRandom rnd = new SplittableRandom(json.hashCode());
        for (int i = 0; i < 400; i++) {
            double[] x = new double[lo.length];
            for (int z = 0; z < x.length; z++) {
                double u = rnd.nextDouble();
                x[z] = u < 0.25 ? lo[z] : u < 0.5 ? hi[z] : lo[z] + (hi[z] - lo[z]) * rnd.nextDouble();
            }
            double gauge = gaugeLowerAt(o, g, x);
            assertTrue(gauge <= search.sensitivity(), "pair " + java.util.Arrays.toString(x) + ": gauge " + gauge + " > certified " + search.sensitivity());
        }
    }

    /** Found by the property (seed -7297849978175765177): features that cancel to constants are refused, not designed. */
    @Test
    void aStatisticWhoseFeaturesCancelIsRefusedAsDataIndependent() throws Exception {
        String json = "{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"substitution\",\"criterion\":\"trace\",\"statistic\":{\"variables\":"
                + "{\"x\":[-1,1]},\"features\":[{\"terms\":[{\"coef\":2,\"powers\":{\"x\":1}},{\"coef\":-3,\"powers\":{\"x\":1}},"
                + "{\"coef\":1,\"powers\":{\"x\":1}}]},{\"terms\":[{\"coef\":1,\"powers\":{}}]}]},"
                + "\"candidates\":[\"l1\",\"l2\",\"linf\",\"weighted-box\",\"search\"]}";
        KNormProblem p = KNormProblemParser.parse(JsonParser.parse(json));
        assertTrue(constant((PolynomialStatistic) p.statistic()));
        assertRefusedAsDataIndependent(p);
    }

    static void assertRefusedAsDataIndependent(KNormProblem p) {
        org.optimech.designer.problem.InvalidProblemException e = assertThrows(org.optimech.designer.problem.InvalidProblemException.class, () -> compare(p, 3));
        assertTrue(e.getMessage().contains("does not depend on the data"), e.getMessage());
    }

    /** Whether every feature is constant once like monomials are collected (exact decimal sums; independent of the designer). */
    static boolean constant(PolynomialStatistic s) {
        for (PolynomialStatistic.Feature f : s.features()) {
            java.util.Map<java.util.Map<String, Integer>, BigDecimal> sums = new java.util.HashMap<>();
            for (PolynomialStatistic.Term t : f.terms()) {
                java.util.Map<String, Integer> monomial = new java.util.TreeMap<>();
                t.powers().forEach((v, e) -> {
                    if (e > 0) {
                        monomial.put(v, e);
                    }
                });
                sums.merge(monomial, t.coefficient(), BigDecimal::add);
            }
            for (java.util.Map.Entry<java.util.Map<String, Integer>, BigDecimal> m : sums.entrySet()) {
                if (!m.getKey().isEmpty() && m.getValue().signum() != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** A certified lower value of the gauge at a point of the search box. */
    static double gaugeLowerAt(PairObjective o, Gauge g, double[] x) {
        if (g.kind() == Gauge.Kind.SUM) {
            return o.sumLowerAt(x);
        }
        double[][] d = o.differences(x, x);
        double best = 0;
        for (int r = 0; r < d.length; r++) {
            double abs = d[r][0] >= 0 ? d[r][0] : d[r][1] <= 0 ? -d[r][1] : 0;
            // |n_r·u| ≤ Δ·b_r, so the gauge there is at least |n_r·u|/b_r (divided rounding down: b_r rounded up)
            double b = Math.nextUp(g.bounds()[r].doubleValue());
            best = Math.max(best, Math.nextDown(abs / b));
        }
        return best;
    }

    @Provide
    Arbitrary<String> statistics() {
        Arbitrary<Integer> coef = Arbitraries.integers().between(-3, 3);
        return Arbitraries.integers().between(1, 2).flatMap(k -> Arbitraries.integers().between(2, 3).flatMap(d -> coef.list().ofSize(d * 3)
                .flatMap(cs -> Arbitraries.integers().between(0, 2).list().ofSize(d * 3 * 2).flatMap(pw -> Arbitraries.of("substitution", "add-remove")
                        .flatMap(rel -> Arbitraries.of("trace", "volume", "max-variance").map(crit -> build(k, d, cs, pw, rel, crit)))))));
    }

    /** d features, each up to three monomials with coefficients {@code cs} and powers {@code pw} (variables beyond k dropped). */
    static String build(int k, int d, List<Integer> cs, List<Integer> pw, String relation, String criterion) {
        String[] names = {"x", "y"};
        StringBuilder vars = new StringBuilder();
        for (int v = 0; v < k; v++) {
            vars.append(v == 0 ? "" : ",").append("\"").append(names[v]).append("\":[-1,1]");
        }
        StringBuilder features = new StringBuilder();
        for (int j = 0; j < d; j++) {
            StringBuilder terms = new StringBuilder();
            for (int t = 0; t < 3; t++) {
                int c = cs.get(j * 3 + t);
                if (c == 0 && !(t == 0)) {
                    continue;
                }
                StringBuilder powers = new StringBuilder();
                for (int v = 0; v < k; v++) {
                    int e = pw.get((j * 3 + t) * 2 + v);
                    if (e > 0) {
                        powers.append(powers.length() == 0 ? "" : ",").append("\"").append(names[v]).append("\":").append(e);
                    }
                }
                if (powers.length() == 0) {
                    // a constant term: keep every feature non-constant by giving it x
                    powers.append("\"x\":1");
                }
                terms.append(terms.length() == 0 ? "" : ",").append("{\"coef\":").append(c == 0 ? 1 : c).append(",\"powers\":{").append(powers).append("}}");
            }
            features.append(j == 0 ? "" : ",").append("{\"terms\":[").append(terms).append("]}");
        }
        return "{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"" + relation + "\",\"criterion\":\"" + criterion + "\",\"statistic\":{\"variables\":{" + vars
                + "},\"features\":[" + features + "]},\"candidates\":[\"l1\",\"l2\",\"linf\",\"weighted-box\",\"search\"]}";
    }
}
