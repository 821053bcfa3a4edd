package org.optimech.runtime.spec;

import org.optimech.runtime.testing.TestMechanisms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.optimech.runtime.ChiSquare;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.testing.JsonEdit;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.knorm.KNormSampler;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * K-norm specs: the golden files load and seal as the independent implementation did, every body is
 * checked exactly (tampered and re-sealed documents are refused, naming the field), the caller must opt
 * in to idealized numerics, and the loaded samplers follow the K-norm laws. Statistical checks: three
 * KS tests at 1e-7 (DKW bound) and one χ² at 1e-7; false-failure probability below 1e-6 for the file.
 */
class KNormSpecTest {
    private static final double ALPHA = 1e-7;

    private static KNormSpec load(String name) throws Exception {
        return (KNormSpec) TestMechanisms.read(GoldenFilesTest.golden(name));
    }

    static InvalidSpecException refusedAfterResealing(String golden, String pointer, JsonValue value) throws Exception {
        JsonObject doc = (JsonObject) JsonEdit.set(GoldenFilesTest.golden(golden), pointer, value);
        return assertThrows(InvalidSpecException.class, () -> TestMechanisms.read(SpecDigest.seal(doc)));
    }

    private static void assertRefused(String golden, String pointer, JsonValue value, String wantPointer, String messagePart) throws Exception {
        InvalidSpecException e = refusedAfterResealing(golden, pointer, value);
        assertEquals(wantPointer, e.pointer(), e.getMessage());
        assertTrue(e.detail().contains(messagePart), e.getMessage());
    }

    private static JsonValue json(String text) throws Exception {
        return JsonParser.parse(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"knorm-hexagon.json", "knorm-halfspaces.json", "knorm-histogram-subspace.json"})
    void goldenFilesLoadAndRewriteToTheSameDigest(String name) throws Exception {
        JsonObject doc = GoldenFilesTest.golden(name);
        MechanismSpec spec = TestMechanisms.read(doc);
        String stored = doc.get("digest").orElseThrow().asObject().get("value").orElseThrow().asString();
        assertEquals(stored, SpecDigest.compute(doc));
        assertEquals(stored, SpecCodec.write(spec).get("digest").orElseThrow().asObject().get("value").orElseThrow().asString());
        assertEquals(Numerics.IDEALIZED, spec.numerics());
        assertEquals("knorm", spec.kind());
    }

    /** The exact coverage test agrees with hand-computed gauges, on and just beyond the boundary, for three body types. */
    @Test
    void withinSensitivityDecidesExactlyOnTheBoundary() throws Exception {
        BigInteger one = BigInteger.ONE;
        // hexagon, Δ = 1: (2, 0) and (1, 1) are vertices; (2 + 1e-30, 0) is outside; 10·(0.1, 0.1) scaled by 1/10 is inside
        KNormSpec hex = load("knorm-hexagon.json");
        assertTrue(hex.withinSensitivity(points(new long[][] {{2, 0}, {1, 1}, {-1, -1}}), one));
        BigInteger big = BigInteger.TEN.pow(30);
        assertTrue(!hex.withinSensitivity(new BigInteger[][] {{big.multiply(BigInteger.TWO).add(one), BigInteger.ZERO}}, big));
        assertTrue(hex.withinSensitivity(points(new long[][] {{1, 1}}), BigInteger.TEN));
        assertTrue(hex.withinSensitivity(points(new long[][] {{3, 0}}), BigInteger.TWO)); // (1.5, 0): gauge 0.75
        assertTrue(!hex.withinSensitivity(points(new long[][] {{5, 0}}), BigInteger.TWO)); // (2.5, 0): gauge 1.25
        // l1 ball (dimension 3), Δ = 1: (1/3, 1/3, 1/3) is on the sphere, (1/3, 1/3, 1/3 + 1/300) is not
        KNormSpec l1 = load("knorm-l1-lattice.json");
        assertTrue(l1.withinSensitivity(points(new long[][] {{1, 1, 1}}), BigInteger.valueOf(3)));
        assertTrue(!l1.withinSensitivity(points(new long[][] {{100, 100, 101}}), BigInteger.valueOf(300)));
        // a subspace spec refuses the question
        assertThrows(UnsupportedOperationException.class, () -> load("knorm-histogram-subspace.json").withinSensitivity(points(new long[][] {{1, 0, 0}}), one));
        assertThrows(IllegalArgumentException.class, () -> hex.withinSensitivity(points(new long[][] {{1, 0, 0}}), one));
    }

    private static BigInteger[][] points(long[][] p) {
        BigInteger[][] out = new BigInteger[p.length][];
        for (int i = 0; i < p.length; i++) {
            out[i] = new BigInteger[p[i].length];
            for (int j = 0; j < p[i].length; j++) {
                out[i][j] = BigInteger.valueOf(p[i][j]);
            }
        }
        return out;
    }

    @Test
    void whatTheGoldenFilesSay() throws Exception {
        KNormSpec hex = load("knorm-hexagon.json");
        assertEquals(2, hex.dimension());
        assertEquals(2, hex.noiseDimension());
        assertEquals("polytope", hex.bodyType());
        assertEquals(KNormBlock.PointSource.EXACT, hex.pointSource().orElseThrow());
        assertEquals(6, hex.pointCount());
        assertEquals(1.0, hex.largestPointGauge().orElseThrow(), 1e-15);
        assertEquals(new BigDecimal("1"), hex.sensitivity());
        KNormSpec hist = load("knorm-histogram-subspace.json");
        assertEquals(3, hist.dimension());
        assertEquals(2, hist.noiseDimension());
        assertEquals(KNormBlock.PointSource.ASSERTED, hist.pointSource().orElseThrow());
        assertEquals(new BigDecimal("0.5"), hist.noiseEpsilon());
        assertEquals("halfspaces", load("knorm-halfspaces.json").bodyType());
    }

    @Test
    void theCallerMustOptInToIdealizedNumerics() throws Exception {
        KNormSpec hex = load("knorm-hexagon.json");
        // through the front door, a policy that accepts exact numerics only refuses the idealized hexagon at its numerics
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> org.optimech.runtime.Mechanisms.of(hex, RuntimePolicy.builder()
                .numerics(NumericsPolicy.EXACT_ONLY).allowUncheckedSensitivity().build()));
        assertEquals("/privacy/numerics", e.pointer(), e.getMessage());
        // a policy that says nothing about numerics refuses too: idealized noise is sampled only after an explicit opt-in
        InvalidSpecException silent = assertThrows(InvalidSpecException.class, () -> org.optimech.runtime.Mechanisms.of(hex, RuntimePolicy.builder()
                .allowUncheckedSensitivity().build()));
        assertEquals("/privacy/numerics", silent.pointer(), silent.getMessage());
        assertEquals(NumericsPolicy.EXACT_ONLY, RuntimePolicy.standard().numerics());
        assertThrows(IllegalStateException.class, () -> org.optimech.runtime.sampling.Samplers.knorm(hex, NumericsPolicy.EXACT_ONLY));
        // a K-norm spec releases vectors, not values
        org.optimech.runtime.Mechanism m0 = org.optimech.runtime.Mechanisms.of(hex, org.optimech.runtime.testing.TestMechanisms.everything(NumericsPolicy.ALLOW_IDEALIZED));
        assertThrows(UnsupportedOperationException.class, () -> m0.sample(3L, new SeededRandomBits(1)));
        KNormMechanism m = org.optimech.runtime.testing.TestMechanisms.knorm(hex, NumericsPolicy.ALLOW_IDEALIZED);
        assertEquals(2, m.sample(new double[] {3, 4}, new SeededRandomBits(1)).length);
        assertThrows(IllegalArgumentException.class, () -> m.sample(new double[] {3}, new SeededRandomBits(1)));
    }

    // ---- tampering, each re-sealed so only the exact checks can see it ----

    @Test
    void aSensitivityBelowTheLargestAdjacentGaugeIsRefused() throws Exception {
        for (String g : new String[] {"knorm-hexagon.json", "knorm-halfspaces.json", "knorm-histogram-subspace.json"}) {
            InvalidSpecException e = refusedAfterResealing(g, "/mechanism/sensitivity", new JsonString("0.999999999"));
            assertTrue(e.pointer().startsWith("/mechanism/adjacent_points/points/"), e.getMessage());
            assertTrue(e.detail().contains("has K-norm above sensitivity = 0.999999999"), e.getMessage());
        }
        // a point moved just outside: (2, 0) to (2 + 2^-40, 0), written as the double's shortest form
        assertRefused("knorm-hexagon.json", "/mechanism/adjacent_points/points/0/0", JsonNumber.ofLiteral("2.0000000000009095"),
                "/mechanism/adjacent_points/points/0", "K-norm above sensitivity");
    }

    @Test
    void polytopeBodiesMustBeConvexAndTiledByTheirSimplices() throws Exception {
        String hex = "knorm-hexagon.json";
        // a vertex pushed out beyond its facets
        assertRefused(hex, "/mechanism/body/vertices/0", json("[2.5, 0]"), "/mechanism/body/vertices/0", "lies outside facet 0");
        // pulled in: a non-convex star body; its simplices leave the boundary
        assertRefused(hex, "/mechanism/body/vertices/0", json("[1.5, 0]"), "/mechanism/body/simplices/0/0", "is not on facet 0");
        // a simplex dropped: the boundary has a hole
        JsonArray s = GoldenFilesTest.golden(hex).get("mechanism").orElseThrow().asObject().get("body").orElseThrow().asObject().get("simplices")
                .orElseThrow().asArray();
        JsonObject doc = GoldenFilesTest.golden(hex);
        doc = (JsonObject) JsonEdit.set(doc, "/mechanism/body/simplices", JsonArray.of(s.elements().subList(0, 5)));
        doc = (JsonObject) JsonEdit.set(doc, "/mechanism/body/simplex_facets", json("[0, 1, 2, 3, 4]"));
        JsonObject sealed = SpecDigest.seal(doc);
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> TestMechanisms.read(sealed));
        assertEquals("/mechanism/body/simplices", e.pointer(), e.getMessage());
        assertTrue(e.detail().contains("every ridge must be in exactly two"), e.getMessage());
        // a simplex repeated (reversed): the ridges are covered three times
        doc = (JsonObject) JsonEdit.set(GoldenFilesTest.golden(hex), "/mechanism/body/simplices/5", json("[1, 0]"));
        doc = (JsonObject) JsonEdit.set(doc, "/mechanism/body/simplex_facets/5", JsonNumber.of(0));
        JsonObject sealed2 = SpecDigest.seal(doc);
        e = assertThrows(InvalidSpecException.class, () -> TestMechanisms.read(sealed2));
        assertTrue(e.detail().contains("do not tile"), e.getMessage());
        // a facet through the origin, and a simplex claimed on the wrong facet
        assertRefused(hex, "/mechanism/body/facets/1/offset", new JsonString("0"), "/mechanism/body/facets/1/offset", "origin must be strictly inside");
        assertRefused(hex, "/mechanism/body/simplex_facets/0", JsonNumber.of(1), "/mechanism/body/simplices/0/0", "is not on facet 1");
        assertRefused(hex, "/mechanism/body/facets/0/normal/0", new JsonString("1.5"), "/mechanism/body/facets/0/normal/0", "must be an integer");
    }

    @Test
    void subspacesAreCheckedExactly() throws Exception {
        String hist = "knorm-histogram-subspace.json";
        assertRefused(hist, "/mechanism/adjacent_points/points/0/2", JsonNumber.of(1), "/mechanism/adjacent_points/points/0", "is not in the stored subspace");
        assertRefused(hist, "/mechanism/subspace/basis/0/0", new JsonString("1/2"), "/mechanism/subspace/basis/0/0", "must form the identity");
        // a basis row that does not describe the span: the points are then outside it
        assertRefused(hist, "/mechanism/subspace/basis/2/1", new JsonString("-1/3"), "/mechanism/adjacent_points/points/0", "is not in the stored subspace");
        assertRefused(hist, "/mechanism/subspace/pivots", json("[0, 1, 2]"), "/mechanism/subspace/pivots", "a proper subspace");
    }

    /**
     * Regression (session 11 audit): a hand-written sensitivity of 1e308 loaded, and its releases were infinite in some
     * coordinates and finite in others, which near the largest double depends on the statistic. The noise scale Δ/ε is now
     * bounded by 2^900 either way; just inside the bound a spec loads and releases finite values.
     */
    @Test
    void aNoiseScaleNearTheEndsOfTheDoublesIsRefusedNamingTheSensitivity() throws Exception {
        String hex = "knorm-hexagon.json"; // noise_epsilon 1
        java.math.BigDecimal twoTo900 = new java.math.BigDecimal(BigInteger.ONE.shiftLeft(900));
        for (String delta : new String[] {"1e308", twoTo900.add(java.math.BigDecimal.ONE).toPlainString()}) {
            assertRefused(hex, "/mechanism/sensitivity", new JsonString(delta), "/mechanism/sensitivity", "must be within [2^-900, 2^900]");
        }
        JsonObject doc = SpecDigest.seal((JsonObject) JsonEdit.set(GoldenFilesTest.golden(hex), "/mechanism/sensitivity",
                new JsonString(new java.math.BigDecimal(BigInteger.ONE.shiftLeft(899)).toPlainString())));
        KNormSpec inside = (KNormSpec) TestMechanisms.read(doc);
        KNormSampler s = KNormSampler.of(inside.unitBody(), inside.sensitivity().doubleValue(), inside.noiseEpsilon().doubleValue());
        org.optimech.runtime.random.SeededRandomBits bits = new org.optimech.runtime.random.SeededRandomBits(5);
        for (int i = 0; i < 1000; i++) {
            for (double v : s.noise(bits)) {
                assertTrue(Double.isFinite(v), "noise " + v);
            }
        }
    }

    @Test
    void privacyBlockAndParametersAreChecked() throws Exception {
        String hex = "knorm-hexagon.json";
        assertRefused(hex, "/privacy/numerics", new JsonString("exact"), "/privacy/numerics", "must say \"idealized\"");
        assertRefused(hex, "/privacy/neighbours", new JsonString("path"), "/privacy/neighbours", "unknown key");
        assertRefused(hex, "/mechanism/noise_epsilon", new JsonString("1.5"), "/mechanism/noise_epsilon", "at most certified_epsilon = 1");
        assertRefused(hex, "/mechanism/sensitivity", new JsonString("-1"), "/mechanism/sensitivity", "must be > 0");
        assertRefused(hex, "/mechanism/dimension", JsonNumber.of(3), "/mechanism/body/vertices/0", "must have 3 coordinates");
        assertRefused(hex, "/mechanism/body/type", new JsonString("sphere"), "/mechanism/body/type", "must be one of");
        // the golden half-space spec predates inscribed boxes: its attempts are checked against the runtime's own certified rate
        // (the largest centred box, 4/9 of the box), not the stated 0.75
        assertRefused("knorm-halfspaces.json", "/mechanism/body/max_attempts", JsonNumber.of(20), "/mechanism/body/max_attempts",
                "too small for the certified acceptance rate 0.444");
        assertRefused("knorm-halfspaces.json", "/mechanism/body/box/lower/0", JsonNumber.of(0), "/mechanism/body/box/lower/0", "contain the origin strictly");
        JsonObject li = JsonParser.parse("{\"type\": \"linear-image\", \"base\": \"linf\", \"matrix\": [[1, 2], [2, 4]]}").asObject();
        assertRefused(hex, "/mechanism/body", li, "/mechanism/body/matrix", "must be invertible");
    }

    /**
     * Issue 18 (8): the stated acceptance rate of a half-space body is not trusted. An inscribed box is checked exactly against
     * every facet, its volume share bounds the rate from below, and a stated rate above it is refused; the attempt cap is
     * checked at the certified rate, so a release fails with probability at most 1e-9 whatever the spec says.
     */
    @Test
    void halfspaceAcceptanceRatesAreCertifiedByAnInscribedBox() throws Exception {
        // the hexagon |x| + |y| <= 2, |y| <= 1 in [-2, 2] x [-1, 1]: the box [-1, 1]^2 is inside, a share of 4/8
        JsonObject box = JsonParser.parse("{\"lower\": [-1, -1], \"upper\": [1, 1]}").asObject();
        JsonObject doc = GoldenFilesTest.golden("knorm-halfspaces.json");
        JsonObject body = doc.get("mechanism").orElseThrow().asObject().get("body").orElseThrow().asObject().with("inscribed_box", box);
        JsonObject ok = body.with("acceptance_rate", new JsonString("0.5"));
        assertEquals("halfspaces", ((KNormSpec) TestMechanisms.read(resealBody(doc, ok))).bodyType());
        // the stated 0.75 is the true share, but nothing stored proves more than 0.5
        InvalidSpecException high = assertThrows(InvalidSpecException.class, () -> TestMechanisms.read(resealBody(doc, body)));
        assertEquals("/mechanism/body/acceptance_rate", high.pointer(), high.getMessage());
        // a box with a corner outside the hexagon: (1.5, 1) has |x| + |y| = 2.5
        JsonObject outside = ok.with("inscribed_box", JsonParser.parse("{\"lower\": [-1.5, -1], \"upper\": [1.5, 1]}").asObject());
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> TestMechanisms.read(resealBody(doc, outside)));
        assertEquals("/mechanism/body/inscribed_box", e.pointer(), e.getMessage());
        // attempts are checked at the certified 0.5: 25 give a failure probability of 3e-8
        InvalidSpecException few = assertThrows(InvalidSpecException.class, () -> TestMechanisms.read(resealBody(doc, ok.with("max_attempts", JsonNumber.of(25)))));
        assertEquals("/mechanism/body/max_attempts", few.pointer(), few.getMessage());
    }

    private static JsonObject resealBody(JsonObject doc, JsonObject body) {
        return SpecDigest.seal(doc.with("mechanism", doc.get("mechanism").orElseThrow().asObject().with("body", body)));
    }

    @Test
    void linearImageBodiesRecheckTheSensitivityThroughTheExactInverse() throws Exception {
        // A = [[2, 1], [0, 1]] ·linf: A⁻¹(2, 0) = (1, 0), A⁻¹(1, 1) = (0, 1), A⁻¹(-1, 1) = (-1, 1): all gauges exactly 1
        JsonObject li = JsonParser.parse("{\"type\": \"linear-image\", \"base\": \"linf\", \"matrix\": [[2, 1], [0, 1]]}").asObject();
        JsonObject doc = SpecDigest.seal((JsonObject) JsonEdit.set(GoldenFilesTest.golden("knorm-hexagon.json"), "/mechanism/body", li));
        KNormSpec s = (KNormSpec) TestMechanisms.read(doc);
        assertEquals("linear-image", s.bodyType());
        assertEquals(1.0, s.largestPointGauge().orElseThrow(), 1e-12);
        JsonObject tight = SpecDigest.seal((JsonObject) JsonEdit.set(doc, "/mechanism/sensitivity", new JsonString("0.9999999999999")));
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> TestMechanisms.read(tight));
        assertTrue(e.pointer().startsWith("/mechanism/adjacent_points/points/"), e.getMessage());
        // l1 base: gauge of A⁻¹(-1, 1) = |-1| + |1| = 2 > 1
        JsonObject l1 = SpecDigest.seal((JsonObject) JsonEdit.set(doc, "/mechanism/body/base", new JsonString("l1")));
        e = assertThrows(InvalidSpecException.class, () -> TestMechanisms.read(l1));
        assertEquals("/mechanism/adjacent_points/points/2", e.pointer(), e.getMessage());
    }

    // ---- the loaded samplers ----

    private static double dkw(int n) {
        return Math.sqrt(Math.log(2 / ALPHA) / (2.0 * n));
    }

    /** ‖V‖_K ~ Gamma(k, Δ/ε) (ERRATA K1) for each golden body, measured in the body's own gauge in noise coordinates. */
    @ParameterizedTest
    @ValueSource(strings = {"knorm-hexagon.json", "knorm-halfspaces.json"})
    void theNoiseNormIsGammaOfTheDimension(String name) throws Exception {
        KNormSampler s = org.optimech.runtime.sampling.Samplers.knorm(load(name), NumericsPolicy.ALLOW_IDEALIZED);
        SeededRandomBits bits = new SeededRandomBits(7);
        int n = 20_000;
        double[] norms = new double[n];
        for (int i = 0; i < n; i++) {
            norms[i] = s.body().norm(s.noise(bits));
        }
        double d = new KolmogorovSmirnovTest().kolmogorovSmirnovStatistic(new GammaDistribution(2, 1.0), norms);
        assertTrue(d < dkw(n), name + ": KS " + d);
    }

    /** The histogram's noise stays in the plane x1 + x2 + x3 = 0 and its pivot part has linf norm ~ Gamma(2, Δ/ε = 2). */
    @Test
    void subspaceNoiseStaysInTheSubspace() throws Exception {
        KNormSpec spec = load("knorm-histogram-subspace.json");
        // the golden file records no statistic, so no release is built for it (the offset n·q0 is unknown); its noise is
        KNormSampler s = KNormSampler.of(spec.unitBody(), spec.sensitivity().doubleValue(), spec.noiseEpsilon().doubleValue())
                .inSubspace(spec.subspace().orElseThrow().embedding());
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> org.optimech.runtime.sampling.Samplers.knorm(spec, NumericsPolicy.ALLOW_IDEALIZED));
        assertTrue(refused.getMessage().contains("records no statistic"), refused.getMessage());
        assertThrows(IllegalStateException.class, () -> s.release(new double[] {1, 2, 3}, new SeededRandomBits(1)));
        SeededRandomBits bits = new SeededRandomBits(8);
        int n = 20_000;
        double[] norms = new double[n];
        for (int i = 0; i < n; i++) {
            double[] v = s.noise(bits);
            assertEquals(3, v.length);
            assertEquals(0, v[0] + v[1] + v[2], 1e-12 * (Math.abs(v[0]) + Math.abs(v[1])));
            norms[i] = Math.max(Math.abs(v[0]), Math.abs(v[1]));
        }
        double d = new KolmogorovSmirnovTest().kolmogorovSmirnovStatistic(new GammaDistribution(2, 2.0), norms);
        assertTrue(d < dkw(n), "KS " + d);
    }

    /** Rejection from the box gives the same law on the hexagon as the cone triangulation: χ² over the six cones (each 1/6). */
    @Test
    void rejectionSamplerIsUniformOverTheCones() throws Exception {
        KNormSampler s = org.optimech.runtime.sampling.Samplers.knorm(load("knorm-halfspaces.json"), NumericsPolicy.ALLOW_IDEALIZED);
        SeededRandomBits bits = new SeededRandomBits(9);
        int n = 60_000;
        long[] counts = new long[6];
        double[][] v = {{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}};
        for (int i = 0; i < n; i++) {
            double[] u = s.body().uniformPoint(bits);
            assertTrue(s.body().norm(u) <= 1 + 1e-12);
            double a = Math.atan2(u[1], u[0]);
            for (int c = 0; c < 6; c++) {
                double a0 = Math.atan2(v[c][1], v[c][0]);
                double a1 = Math.atan2(v[(c + 1) % 6][1], v[(c + 1) % 6][0]);
                double span = ((a1 - a0) % (2 * Math.PI) + 2 * Math.PI) % (2 * Math.PI);
                double off = ((a - a0) % (2 * Math.PI) + 2 * Math.PI) % (2 * Math.PI);
                if (off < span) {
                    counts[c]++;
                    break;
                }
            }
        }
        double[] p = {1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0};
        ChiSquare.assertFits(counts, p, n, "hexagon cones by rejection");
    }
}
