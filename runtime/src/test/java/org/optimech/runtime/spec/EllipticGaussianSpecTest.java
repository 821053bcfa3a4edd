package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.noise.GaussianProfile;
import org.optimech.runtime.statistic.Counts;
import org.optimech.runtime.statistic.Ranking;

/**
 * Elliptic Gaussian specs built by hand (the designer's fit is tested in the designer): the classes' supremum against a direct
 * evaluation on explicit outputs, the load-time checks refusing each broken field by name, the standard policy refusing a
 * spec without a recorded statistic, and the codec's round trip.
 */
class EllipticGaussianSpecTest {
    private static final BigDecimal EPS = BigDecimal.ONE;
    private static final BigDecimal DELTA = new BigDecimal("1e-6");

    /** Counts d = 4, k = 2, add/remove: outputs ±1_S, |S| ≤ 2; Σ = across·P + along·11ᵀ/4. */
    @Test
    void supremumOverTheClassesIsTheLargestQuadraticFormOfAnExplicitOutput() {
        MahalanobisSensitivity.Classes c = MahalanobisSensitivity.classes(new Counts(4, 2), Relation.ADD_REMOVE);
        Rational across = Rational.of(new BigDecimal("2"));
        Rational along = Rational.of(new BigDecimal("5"));
        // u = (1, 1, 0, 0): ‖Pu‖² = 2 − 4/4 = 1, (Σu)²/4 = 1 → 1/2 + 1/5 = 7/10; u = e₁: 3/4/2 + 1/4/5 = 3/8 + 1/20 = 17/40
        assertEquals(new Rational(BigInteger.valueOf(7), BigInteger.TEN), c.supremum(across, along));
        assertEquals(Rational.of(BigInteger.TWO), c.l2Squared());
        assertTrue(c.exact());
        assertFalse(c.sumZero());
        assertNull(c.supremum(across, Rational.ZERO), "no noise along 1 for outputs off the hyperplane");
        // a ranking under substitution: every output sums to 0
        assertTrue(MahalanobisSensitivity.classes(Ranking.borda(5), Relation.SUBSTITUTION).sumZero());
    }

    static JsonObject design(String statistic, String neighbours) throws Exception {
        return StructuredSpecTest.design(statistic, neighbours);
    }

    /** A spherical spec for counts d = 4, k = 2 (add/remove, Δ₂ = √2) at unit Mahalanobis sensitivity σ·Δ₂. */
    static EllipticGaussianSpec spherical(JsonObject design) throws Exception {
        double sigma = GaussianProfile.calibrate(1, 1, 1e-6) * 1.000001;
        BigDecimal v = new BigDecimal(sigma * sigma * 2).round(new java.math.MathContext(17, java.math.RoundingMode.CEILING));
        BigDecimal sens = new BigDecimal(Math.sqrt(2 / v.doubleValue()) * (1 + 1e-12)).round(new java.math.MathContext(17, java.math.RoundingMode.CEILING));
        return EllipticGaussianSpec.of(new EllipticGaussianBlock(4, v, v, sens), Relation.ADD_REMOVE, EPS, DELTA, EPS, DELTA, design,
                JsonObject.builder().build());
    }

    @Test
    void loadsRechecksAndRoundTrips() throws Exception {
        EllipticGaussianSpec s = spherical(design("{\"counts\": {\"dimension\": 4, \"max_nonzero\": 2}}", "add-remove"));
        assertTrue(s.sensitivityRechecked(), s.sensitivityCheck());
        assertTrue(s.block().spherical());
        assertEquals(s, SpecCodec.read(SpecCodec.write(s)));
        assertEquals(4 * s.varianceAcross(), s.trace(), 1e-9 * s.trace());
    }

    @Test
    void brokenFieldsAreRefusedByName() throws Exception {
        JsonObject good = design("{\"counts\": {\"dimension\": 4, \"max_nonzero\": 2}}", "add-remove");
        EllipticGaussianSpec s = spherical(good);
        // a larger k in the recorded statistic: the outputs outgrow the stored sensitivity
        assertRefused(() -> spherical(design("{\"counts\": {\"dimension\": 4, \"max_nonzero\": 3}}", "add-remove")), "/mechanism/mahalanobis_sensitivity");
        // a relation other than the recorded one
        assertRefused(() -> EllipticGaussianSpec.of(s.block(), Relation.SUBSTITUTION, EPS, DELTA, EPS, DELTA, good, JsonObject.builder().build()),
                "/design/problem/neighbours");
        // a smaller delta than the profile gives
        assertRefused(() -> EllipticGaussianSpec.of(s.block(), Relation.ADD_REMOVE, EPS, new BigDecimal("1e-7"), EPS, new BigDecimal("1e-7"), good,
                JsonObject.builder().build()), "/mechanism/mahalanobis_sensitivity");
        // pure DP is not on offer
        assertRefused(() -> EllipticGaussianSpec.of(s.block(), Relation.ADD_REMOVE, EPS, BigDecimal.ZERO, EPS, BigDecimal.ZERO, good,
                JsonObject.builder().build()), "/privacy/certified_delta");
        assertRefused(() -> EllipticGaussianSpec.of(new EllipticGaussianBlock(4, BigDecimal.ZERO, BigDecimal.ONE, s.sensitivity()), Relation.ADD_REMOVE,
                EPS, DELTA, EPS, DELTA, good, JsonObject.builder().build()), "/mechanism/covariance/across");
        // a document that says exact numerics
        JsonObject doc = s.document();
        JsonObject exact = SpecDigest.seal(doc.with("privacy", doc.get("privacy").orElseThrow().asObject().with("numerics", new JsonString("exact"))));
        assertRefused(() -> SpecCodec.read(exact), "/privacy/numerics");
    }

    @Test
    void withoutARecordedStatisticTheStandardPolicyRefuses() throws Exception {
        EllipticGaussianSpec s = spherical(JsonObject.builder().put("method", "by hand").build());
        assertFalse(s.sensitivityRechecked());
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> SpecCodec.read(SpecCodec.write(s)));
        assertTrue(e.getMessage().contains("/mechanism/sensitivity") && e.getMessage().contains("design.problem.statistic"), e.getMessage());
    }

    private interface Build {
        Object run() throws Exception;
    }

    private static void assertRefused(Build b, String pointer) {
        InvalidSpecException e = assertThrows(InvalidSpecException.class, b::run);
        assertTrue(e.getMessage().contains(pointer), pointer + ": " + e.getMessage());
    }
}
