package org.optimech.designer.knorm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonParser;
import org.optimech.designer.problem.Criterion;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.KNormProblemParser;

class KNormProblemParserTest {
    static KNormProblem parse(String json) throws Exception {
        return KNormProblemParser.parse(JsonParser.parse(json));
    }

    /** Multilinear features: t(x, y) = (x, xy) on the box; the hull comes from the 4 vertices, checked against hand values. */
    @Test
    void multilinearFeaturesUseTheBoxVertices() throws Exception {
        KNormProblem p = parse("{\"kind\":\"knorm\",\"epsilon\":0.5,\"neighbours\":\"add-remove\",\"statistic\":{\"variables\":{\"x\":[-1,1],\"y\":[0,2]},"
                + "\"features\":[{\"name\":\"sx\",\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]},{\"name\":\"sxy\",\"terms\":[{\"coef\":0.5,\"powers\":{\"x\":1,\"y\":1}}]}]}}");
        assertEquals(java.util.List.of("sx", "sxy"), p.featureNames());
        // t at the vertices: (−1, 0), (1, 0), (−1, −1), (1, 1); closed under negation already: 4 points
        KNormComparison.Result r = KNormDesigner.compare(p);
        assertEquals(4, r.space().size());
        assertEquals(2.0, r.candidates().stream().filter(c -> c.name().equals("l1")).findFirst().orElseThrow().sensitivity(), 0.0);
        assertEquals(Criterion.TRACE, p.criterion());
    }

    /** A privacy unit with up to 3 rows: every candidate's noise covariance is 9 times the one-row design's. */
    @Test
    void rowsPerUnitScalesTheAdjacentOutputSpace() throws Exception {
        String body = "\"neighbours\":\"add-remove\",\"statistic\":{\"variables\":{\"x\":[-1,1],\"y\":[0,2]},"
                + "\"features\":[{\"name\":\"sx\",\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]},{\"name\":\"sxy\",\"terms\":[{\"coef\":0.5,\"powers\":{\"x\":1,\"y\":1}}]}]}}";
        KNormComparison.Result one = KNormDesigner.compare(parse("{\"kind\":\"knorm\",\"epsilon\":0.5," + body));
        KNormComparison.Result three = KNormDesigner.compare(parse("{\"kind\":\"knorm\",\"epsilon\":0.5,\"rows_per_unit\":3," + body));
        for (String c : java.util.List.of("l1", "linf", "hull")) {
            CandidateReport c1 = one.candidates().stream().filter(x -> x.name().equals(c)).findFirst().orElseThrow();
            CandidateReport c3 = three.candidates().stream().filter(x -> x.name().equals(c)).findFirst().orElseThrow();
            // the hull body itself grows (Δ = 1 by construction); either way the noise's covariance grows by 3² = 9
            assertEquals(c.equals("hull") ? c1.sensitivity() : 3 * c1.sensitivity(), c3.sensitivity(), 0.0, c);
            assertEquals(9 * c1.covarianceTrace(), c3.covarianceTrace(), 1e-9 * c3.covarianceTrace(), c);
        }
    }

    /**
     * The issue's example form as written (Example 3.1 with x ∈ [−1, 1]): certified sensitivities bracket the paper's
     * values (ERRATA K5), and the sandwich hull's covariance trace is within 0.5% of K₂'s exact 25.748571 (K₂'s second
     * moments integrated independently: area 40/3, M = diag(0.98, 1.165714)).
     */
    @Test
    void curvedExample31AsWrittenInTheIssue() throws Exception {
        KNormProblem p = parse("{\"kind\":\"knorm\",\"epsilon\":1.0,\"neighbours\":\"substitution\",\"statistic\":{\"variables\":{\"x\":[-1,1]},"
                + "\"features\":[{\"name\":\"sum_x\",\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]},{\"name\":\"sum_2x2\",\"terms\":[{\"coef\":2,\"powers\":{\"x\":2}}]}]},"
                + "\"candidates\":[\"l1\",\"l2\",\"linf\",\"hull\"],\"criterion\":\"trace\"}");
        KNormComparison.Result r = KNormDesigner.compare(p);
        CandidateReport l1 = r.candidates().get(0);
        CandidateReport l2 = r.candidates().get(1);
        CandidateReport linf = r.candidates().get(2);
        CandidateReport hull = r.candidates().get(3);
        assertTrue(l1.sensitivity() >= 3.125 && l1.sensitivity() <= 3.125 * (1 + 1e-6), "l1 " + l1.sensitivity());
        double d2 = 0.25 * Math.sqrt(71 + 8 * Math.sqrt(2));
        assertTrue(l2.sensitivity() >= d2 && l2.sensitivity() <= d2 * (1 + 1e-6), "l2 " + l2.sensitivity());
        assertTrue(linf.sensitivity() >= 2 && linf.sensitivity() <= 2 * (1 + 1e-6), "linf " + linf.sensitivity());
        assertTrue(hull.sensitivity() >= 1 && hull.sensitivity() <= 1 + KNormComparison.SANDWICH_TOLERANCE, "hull " + hull.sensitivity());
        assertEquals(25.748571, hull.covarianceTrace(), 0.005 * 25.748571);
        assertEquals("hull", r.selected().name());
    }

    /**
     * The search on a curved S_T: t(x) = (x, x²/128) under add/remove has the flat rectangle [−1,1]×[−1/128,1/128] as its
     * hull, so a containing rhombus beats the hull on trace. Its Δ is certified through the sandwich: every point of
     * S_T on a fine grid of x has gauge at most Δ in the sampler's own body.
     */
    @Test
    void searchOnACurvedSpaceIsCertifiedThroughTheSandwich() throws Exception {
        KNormProblem p = parse("{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"add-remove\",\"statistic\":{\"variables\":{\"x\":[-1,1]},"
                + "\"features\":[{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]},{\"terms\":[{\"coef\":0.0078125,\"powers\":{\"x\":2}}]}]}}");
        KNormComparison.Result r = KNormDesigner.compare(p);
        CandidateReport search = r.candidates().stream().filter(c -> c.name().equals("search")).findFirst().orElseThrow();
        CandidateReport hull = r.candidates().stream().filter(c -> c.name().equals("hull")).findFirst().orElseThrow();
        assertTrue(search.covarianceTrace() < 0.6 * hull.covarianceTrace(), search.covarianceTrace() + " vs " + hull.covarianceTrace());
        org.optimech.runtime.knorm.KNormSampler s = KNormComparison.sampler(r, "search");
        for (int i = 0; i <= 2000; i++) {
            double x = -1 + i / 1000.0;
            for (double sign : new double[] {1, -1}) {
                double[] u = {sign * x, sign * x * x / 128};
                assertTrue(s.body().norm(u) <= search.sensitivity() * (1 + 1e-12), "x = " + x);
            }
        }
    }

    /**
     * Categorical variables are one-hot: per-group sums x·1[c=a], x·1[c=b] with x ∈ [0, 1] under add/remove give
     * S_T = {±(x, 0), ±(0, x)}, so Δ₁ = 1. Treating the indicators as free box variables would allow (1, 1) and Δ₁ = 2.
     */
    @Test
    void categoricalVariablesAreOneHot() throws Exception {
        KNormProblem p = parse("{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"add-remove\",\"statistic\":{\"variables\":{\"x\":[0,1],"
                + "\"c\":{\"categories\":[\"a\",\"b\"]}},\"features\":[{\"name\":\"sum_x_a\",\"terms\":[{\"coef\":1,\"powers\":{\"x\":1,\"c=a\":1}}]},"
                + "{\"name\":\"sum_x_b\",\"terms\":[{\"coef\":1,\"powers\":{\"x\":1,\"c=b\":1}}]}]}}");
        KNormComparison.Result r = KNormDesigner.compare(p);
        assertEquals(1.0, r.candidates().get(0).sensitivity(), 0.0, "l1");
        assertEquals(1.0, r.candidates().stream().filter(c -> c.name().equals("hull")).findFirst().orElseThrow().sensitivity(), 0.0);
        assertTrue(p.provenance().contains("categorical (one-hot)"), p.provenance());
        FieldException e = assertThrows(FieldException.class, () -> parse("{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"variables\":{"
                + "\"c\":{\"categories\":[\"a\",\"b\"]}},\"features\":[{\"terms\":[{\"coef\":1,\"powers\":{\"c=z\":1}}]}]}}"));
        assertEquals("/statistic/features/0/terms/0/powers/c=z", e.pointer());
        assertTrue(e.getMessage().contains("names no level of c; its levels are a, b"), e.getMessage());
    }

    /**
     * The Java API with a user-supplied support function: S_T = the unit disk, h(a) = ‖a‖₂ (bounds one ulp either side,
     * witness a/‖a‖). Closed forms: Δ∞ = 1, Δ₁ = √2, Δ₂ = 1; the disk's K-norm covariance at ε = 1 has trace
     * (d+1)(d+2)·tr(I/4) = 6, which the ℓ2 ball attains and the sandwich polygon approaches.
     */
    @Test
    void userSuppliedSupportFunction() throws Exception {
        org.optimech.geometry.support.SupportOracle disk = new org.optimech.geometry.support.SupportOracle() {
            @Override
            public int dimension() {
                return 2;
            }

            @Override
            public Value supportValue(double[] a) {
                double n = Math.hypot(a[0], a[1]);
                return new Value(Math.nextUp(Math.nextUp(n)), Math.nextDown(Math.nextDown(n)), new double[] {a[0] / n, a[1] / n});
            }
        };
        KNormProblem p = KNormProblem.ofOracle("disk", new java.math.BigDecimal("1"), disk, org.optimech.runtime.spec.Relation.SUBSTITUTION,
                java.util.List.of("u1", "u2"), java.util.List.of("l1", "l2", "linf", "hull"), Criterion.TRACE);
        KNormComparison.Result r = KNormDesigner.compare(p);
        assertEquals(Math.sqrt(2), r.candidates().get(0).sensitivity(), 1e-12);
        assertTrue(r.candidates().get(1).sensitivity() >= 1 && r.candidates().get(1).sensitivity() <= 1 + 2e-3, "l2 " + r.candidates().get(1).sensitivity());
        assertEquals(1.0, r.candidates().get(2).sensitivity(), 1e-12);
        CandidateReport hull = r.candidates().get(3);
        assertTrue(hull.sensitivity() >= 1 && hull.sensitivity() <= 1 + KNormComparison.SANDWICH_TOLERANCE);
        assertEquals(6.0, hull.covarianceTrace(), 0.01 * 6.0);
        // the same problem as a spec: the sandwich polygon with the oracle-certified Delta; no points to re-check at load
        org.optimech.runtime.spec.KNormSpec spec;
        try {
            spec = org.optimech.designer.spec.KNormSpecs.toSpec(p, r, null, org.optimech.designer.spec.KNormSpecs.BodyForm.TRIANGULATION, java.time.Instant.EPOCH);
        } catch (org.optimech.runtime.spec.InvalidSpecException e) {
            throw new AssertionError(e);
        }
        assertEquals("polytope", spec.bodyType());
        assertTrue(spec.pointSource().isEmpty());
        assertFalse(spec.sensitivityRechecked(), spec.sensitivityCheck()); // issue 18 (5): refused by the standard runtime policy unless signed or allowed
        assertTrue(spec.sensitivity().doubleValue() >= hull.sensitivity());
        assertTrue(spec.design().get("sensitivity_check").orElseThrow().asString().contains("not re-derivable at load"));
    }

    /** Problems that parse but whose adjacent output space cannot be built: refused when designed, naming the field. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"records\":[[1],[1e-30]]}}|/statistic/records|is not exactly representable",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"differences\":[[0,0]]}}|/statistic/differences|only the origin",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"records\":[[3,4]]}}|/statistic/records|only the origin",
    })
    void unbuildableSpacesNameTheFieldWhenDesigned(String json, String pointer, String message) throws Exception {
        KNormProblem p = parse(json);
        org.optimech.designer.problem.InvalidProblemException e = assertThrows(org.optimech.designer.problem.InvalidProblemException.class,
                () -> KNormDesigner.compare(p));
        assertEquals(pointer, e.pointer(), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"kind\":\"knorm\",\"epsilon\":-1,\"statistic\":{\"records\":[[1]]}}|/epsilon|must be > 0 and finite. Provided value: -1",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"records\":[[1],[2,3]]}}|/statistic/records/1|must have 1 numbers. Provided value: 2 numbers",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"variables\":{\"x\":[-1,1]},\"features\":[{\"terms\":[{\"coef\":2,\"powers\":{\"x\":9}}]}]}}|/statistic/features/0/terms/0/powers/x|",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"variables\":{\"x\":[-1,1]},\"features\":[{\"terms\":[{\"coef\":0.1,\"powers\":{\"x\":2}}]}]}}|/statistic/features/0/terms/0/coef|must be exactly a double",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"variables\":{\"x\":[1,-1]},\"features\":[{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]}]}}|/statistic/variables/x|lower must be <= upper",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"variables\":{\"x\":[-1,1]},\"features\":[{\"terms\":[{\"coef\":1,\"powers\":{\"z\":1}}]}]}}|/statistic/features/0/terms/0/powers/z|names no variable; the variables are x",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"variables\":{\"x\":[-1,1]},\"features\":[{\"terms\":[{\"coef\":0.1,\"powers\":{\"x\":1}}]}]}}|/statistic/features/0/terms/0/coef|must be exactly a double",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"variables\":{\"x\":[0,0.1]},\"features\":[{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]}]}}|/statistic/variables/x/1|must be exactly a double",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"variables\":{\"x\":[1,1.000000000931322574615478515625],\"y\":[1,1.000000000931322574615478515625]},\"features\":[{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1,\"y\":1}}]}]}}|/statistic/features|is not exactly a double",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"records\":[[1]]},\"candidates\":[\"l3\"]}|/candidates/0|must be one of",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"records\":[[1]]},\"criterion\":\"det\"}|/criterion|must be one of",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"swap\",\"statistic\":{\"records\":[[1]]}}|/neighbours|must be one of",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{}}|/statistic|must have \"variables\" and \"features\", \"records\", \"differences\", or one of the structured forms",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"counts\":{\"dimension\":3,\"max_nonzero\":4}}}|/statistic/counts/max_nonzero|",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"ranking\":{\"candidates\":3,\"scores\":[2,1]}}}|/statistic/ranking/scores|must list one score per place",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"ordered_counts\":{\"dimension\":3,\"implies\":[[0,3]]}}}|/statistic/ordered_counts/implies/0/1|must be an integer in [0, 2]. Provided value: 3",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"bounded_contribution\":{\"dimension\":3,\"max_abs\":0,\"max_nonzero\":1}}}|/statistic/bounded_contribution/max_abs|",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"add-remove\",\"rows_per_unit\":2,\"statistic\":{\"counts\":{\"dimension\":3,\"max_nonzero\":1}}}|/rows_per_unit|needs a statistic given by",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"statistic\":{\"records\":[[1]]},\"epsilom\":2}|/epsilom|",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"add-remove\",\"rows_per_unit\":2,\"statistic\":{\"records\":[[1]]}}|/rows_per_unit|needs a statistic given by",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"rows_per_unit\":2,\"statistic\":{\"variables\":{\"x\":[0,1]},\"features\":[{\"terms\":[{\"coef\":1}]}]}}|/rows_per_unit|needs \"neighbours\": \"add-remove\"",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"rows_per_unit\":0,\"statistic\":{\"records\":[[1]]}}|/rows_per_unit|",
    })
    void badProblemsNameTheField(String json, String pointer, String message) {
        FieldException e = assertThrows(FieldException.class, () -> parse(json));
        assertEquals(pointer, e.pointer(), e.getMessage());
        assertTrue(e.getMessage().contains(message == null ? "" : message), e.getMessage());
    }
}
