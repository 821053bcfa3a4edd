package org.optimech.runtime.spec;

import org.optimech.runtime.testing.TestMechanisms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.testing.JsonEdit;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.lattice.LatticeGauge;
import org.optimech.runtime.lattice.LatticeSampler;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * Lattice K-norm specs: the golden files load as exact, the runtime re-derives Δ_L and refuses every inconsistency,
 * and the privacy loss of neighbouring inputs, enumerated exactly on a window of outputs, never exceeds ε, while the
 * same enumeration with the rounding term left out of Δ_L finds a violation (so the check can fail).
 */
class LatticeSpecTest {
    private static KNormSpec load(String name) throws Exception {
        return (KNormSpec) TestMechanisms.read(GoldenFilesTest.golden(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"knorm-hexagon-lattice.json", "knorm-l1-lattice.json"})
    void goldenLatticeFilesLoadAsExactAndRewriteToTheSameDigest(String name) throws Exception {
        JsonObject doc = GoldenFilesTest.golden(name);
        KNormSpec spec = (KNormSpec) TestMechanisms.read(doc);
        String stored = doc.get("digest").orElseThrow().asObject().get("value").orElseThrow().asString();
        assertEquals(stored, SpecCodec.write(spec).get("digest").orElseThrow().asObject().get("value").orElseThrow().asString());
        assertEquals(Numerics.EXACT, spec.numerics());
        KNormMechanism m = org.optimech.runtime.testing.TestMechanisms.knorm(spec, NumericsPolicy.EXACT_ONLY);
        assertEquals(Numerics.EXACT, m.numerics());
        LatticeSampler s = org.optimech.runtime.sampling.Samplers.lattice(spec).orElseThrow();
        double spacing = Math.scalb(1.0, s.exponent());
        SeededRandomBits bits = new SeededRandomBits(3);
        double[] t = new double[spec.dimension()];
        java.util.Arrays.fill(t, 0.3);
        for (int i = 0; i < 200; i++) {
            for (double v : m.sample(t, bits)) {
                assertEquals(v, Math.rint(v / spacing) * spacing, "a lattice point");
            }
        }
    }

    @Test
    void theRateIsEpsilonOverTheLatticeSensitivity() throws Exception {
        LatticeSampler hex = org.optimech.runtime.sampling.Samplers.lattice(load("knorm-hexagon-lattice.json")).orElseThrow();
        assertEquals(new Rational(BigInteger.ONE, BigInteger.valueOf(17)), hex.rate());
        LatticeSampler l1 = org.optimech.runtime.sampling.Samplers.lattice(load("knorm-l1-lattice.json")).orElseThrow();
        assertEquals(new Rational(BigInteger.ONE, BigInteger.valueOf(8)), l1.rate());
        // the idealized hexagon still refuses an exact-only policy
        assertEquals("/privacy/numerics", assertThrows(InvalidSpecException.class, () -> org.optimech.runtime.Mechanisms.of(load("knorm-hexagon.json"),
                RuntimePolicy.builder().numerics(NumericsPolicy.EXACT_ONLY).allowUncheckedSensitivity().build())).pointer());
    }

    @Test
    void inconsistentLatticeSpecsAreRefusedAtTheField() throws Exception {
        String hex = "knorm-hexagon-lattice.json";
        InvalidSpecException e = KNormSpecTest.refusedAfterResealing(hex, "/mechanism/lattice/lattice_sensitivity", new JsonString("16"));
        assertEquals("/mechanism/lattice/lattice_sensitivity", e.pointer());
        assertTrue(e.detail().contains("17"), e.getMessage());
        // a smaller Δ with the old Δ_L: the re-derivation catches it (and the adjacent points catch Δ itself)
        e = KNormSpecTest.refusedAfterResealing(hex, "/mechanism/sensitivity", new JsonString("0.5"));
        assertTrue(e.pointer().startsWith("/mechanism/"), e.getMessage());
        e = KNormSpecTest.refusedAfterResealing(hex, "/privacy/numerics", new JsonString("idealized"));
        assertEquals("/privacy/numerics", e.pointer());
        e = KNormSpecTest.refusedAfterResealing("knorm-hexagon.json", "/privacy/numerics", new JsonString("exact"));
        assertEquals("/privacy/numerics", e.pointer());
        e = KNormSpecTest.refusedAfterResealing(hex, "/mechanism/lattice/spacing_exponent", JsonParser.parse("61"));
        assertEquals("/mechanism/lattice/spacing_exponent", e.pointer());
        e = KNormSpecTest.refusedAfterResealing("knorm-l1-lattice.json", "/mechanism/body/norm", new JsonString("l2"));
        assertEquals("/mechanism/lattice", e.pointer(), e.getMessage());
        // a lattice on a subspace spec
        JsonObject sub = (JsonObject) JsonEdit.set(GoldenFilesTest.golden("knorm-histogram-subspace.json"), "/mechanism/lattice",
                JsonParser.parse("{\"spacing_exponent\": 0, \"lattice_sensitivity\": \"3\"}"));
        sub = (JsonObject) JsonEdit.set(sub, "/privacy/numerics", new JsonString("exact"));
        JsonObject sealed = SpecDigest.seal(sub);
        e = assertThrows(InvalidSpecException.class, () -> TestMechanisms.read(sealed));
        assertEquals("/mechanism/lattice", e.pointer(), e.getMessage());
        assertTrue(e.detail().contains("subspace"), e.getMessage());
    }

    /**
     * Exact enumeration: neighbouring statistics T, T' = T + v with ‖v‖_K ≤ Δ, all dyadic so every value is exact, placed
     * so that rounding can push them apart. For every pair the lattice shift w = y' − y has r·‖±w‖_K ≤ ε exactly (the
     * largest privacy loss over all outputs, attained at z = y); for the pairs with the largest shifts every output z
     * of a window is enumerated and log P(z|T) − log P(z|T') = r·(‖z − y'‖_K − ‖z − y‖_K) compared with ε as
     * rationals (the normalizing constants are equal: lattice noise is translation invariant). With the rounding term
     * left out of Δ_L the same enumeration finds a loss above ε, so the check can fail.
     */
    @Test
    void privacyLossOfNeighboursNeverExceedsEpsilonAndFailsWithoutTheRoundingTerm() throws Exception {
        KNormSpec spec = load("knorm-hexagon-lattice.json");
        LatticeSampler s = org.optimech.runtime.sampling.Samplers.lattice(spec).orElseThrow();
        LatticeGauge g = s.gauge();
        Rational eps = Rational.of(spec.certifiedEpsilon());
        Rational mutantRate = eps.divide(Rational.of(BigInteger.valueOf(16))); // ε/(Δ/γ): the rounding term left out
        // v in units of 2^-10 with gauge ≤ 2^10·Δ: the vertices, one adversarial point, and random points of the hexagon
        java.util.List<long[]> vs = new java.util.ArrayList<>();
        for (long[] v : new long[][] {{2048, 0}, {1024, 1024}, {-1024, 1024}, {-2048, 0}, {-1024, -1024}, {1024, -1024}, {1473, 513}}) {
            vs.add(v);
        }
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(21);
        Rational limit = Rational.of(BigInteger.valueOf(1024)).multiply(Rational.of(spec.sensitivity()));
        while (vs.size() < 400) {
            long[] v = {rnd.nextLong(-2048, 2049), rnd.nextLong(-1024, 1025)};
            if (g.of(v).compareTo(limit) <= 0) {
                vs.add(v);
            }
        }
        double[] offsets = {0, 0.25, 0.4921875, 0.5, 0.5078125, 0.75, -0.4921875, 1.5};
        Rational worst = Rational.ZERO;
        Rational worstMutant = Rational.ZERO;
        long[] worstY = null;
        long[] worstY2 = null;
        for (long[] v : vs) {
            for (double ox : offsets) {
                for (double oy : offsets) {
                    double[] t = {ox / 16, oy / 16};
                    double[] t2 = {t[0] + Math.scalb((double) v[0], -10), t[1] + Math.scalb((double) v[1], -10)}; // exact: dyadics of few bits
                    long[] y = longs(s.round(t));
                    long[] y2 = longs(s.round(t2));
                    long[] w = {y2[0] - y[0], y2[1] - y[1]};
                    Rational shift = g.of(w).compareTo(g.of(new long[] {-w[0], -w[1]})) >= 0 ? g.of(w) : g.of(new long[] {-w[0], -w[1]});
                    if (s.rate().multiply(shift).compareTo(worst) > 0) {
                        worst = s.rate().multiply(shift);
                        worstY = y;
                        worstY2 = y2;
                    }
                    Rational m = mutantRate.multiply(shift);
                    worstMutant = m.compareTo(worstMutant) > 0 ? m : worstMutant;
                }
            }
        }
        assertTrue(worst.compareTo(eps) <= 0, "privacy loss " + worst + " exceeds epsilon " + eps);
        assertTrue(worstMutant.compareTo(eps) > 0, "without the rounding term some pair must lose more than epsilon; the largest was " + worstMutant);
        // the full window for the worst pair, both directions
        Rational windowWorst = Rational.ZERO;
        for (long a = -60; a <= 60; a++) {
            for (long b = -60; b <= 60; b++) {
                Rational diff = g.of(new long[] {a - worstY2[0], b - worstY2[1]}).subtract(g.of(new long[] {a - worstY[0], b - worstY[1]}));
                Rational loss = s.rate().multiply(diff).abs();
                windowWorst = loss.compareTo(windowWorst) > 0 ? loss : windowWorst;
            }
        }
        assertTrue(windowWorst.compareTo(eps) <= 0, "window loss " + windowWorst);
        assertEquals(worst, windowWorst, "the window attains the largest loss at z = y");
    }

    private static long[] longs(java.math.BigInteger[] z) {
        long[] v = new long[z.length];
        for (int j = 0; j < z.length; j++) {
            v[j] = z[j].longValueExact();
        }
        return v;
    }
}
