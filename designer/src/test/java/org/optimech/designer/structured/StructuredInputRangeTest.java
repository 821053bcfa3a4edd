package org.optimech.designer.structured;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.optimech.designer.Design;
import org.optimech.designer.Designers;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.Problems;
import org.optimech.designer.spec.KNormSpecs;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.spec.RuntimePolicy;
import org.optimech.runtime.spec.SpecLoader;

/**
 * Structured problems at the edges of their inputs (issue 22's outside-review audit): every problem either designs a spec
 * that re-loads and releases finite outputs, or is refused with an {@link InvalidProblemException} naming a field and its
 * value, never another exception. The named cases are the failures the audit found (each was an "internal error" before).
 */
class StructuredInputRangeTest {
    private static Design design(String json, boolean exact) throws Exception {
        Designers.Options o = Designers.Options.defaults();
        return Designers.design(Problems.parse(json), exact ? o.withLattice(KNormSpecs.Lattice.auto()) : o);
    }

    private static String bounded(String maxAbs, String epsilon, String delta) {
        return "{\"kind\": \"knorm\", \"epsilon\": " + epsilon + (delta == null ? "" : ", \"delta\": " + delta) + ", \"neighbours\": \"add-remove\", "
                + "\"statistic\": {\"bounded_contribution\": {\"dimension\": 5, \"max_abs\": " + maxAbs + ", \"max_nonzero\": 2, \"nonnegative\": false}}}";
    }

    private static void assertRefused(String json, String pointer, String value) {
        InvalidProblemException e = assertThrows(InvalidProblemException.class, () -> design(json, false), json);
        assertEquals(pointer, e.pointer(), e.getMessage());
        assertTrue(e.detail().contains("Provided value: " + value), e.getMessage());
    }

    /** Loads the spec the way a runtime does and releases once at T = 0: every output finite. */
    private static void assertLoadsAndReleases(Design d, int dimension) throws Exception {
        RuntimePolicy policy = RuntimePolicy.builder().numerics(NumericsPolicy.ALLOW_IDEALIZED).build();
        MechanismSpec spec = SpecLoader.parse(SpecLoader.toText(d.spec()), policy);
        Mechanism m = Mechanisms.of(spec, policy);
        double[] out = m.accept(new Mechanism.Visitor<double[]>() {
            @Override
            public double[] visit(org.optimech.runtime.DiscreteMechanism x) {
                throw new AssertionError("a structured design is not a table");
            }

            @Override
            public double[] visit(KNormMechanism k) {
                return k.needsRecordCount() ? k.sample(new double[dimension], 3, new SeededRandomBits(7)) : k.sample(new double[dimension], new SeededRandomBits(7));
            }

            @Override
            public double[] visit(org.optimech.runtime.FunctionMechanism g) {
                throw new AssertionError("not a function release");
            }

            @Override
            public double[] visit(org.optimech.runtime.EllipticGaussianMechanism g) {
                return g.needsRecordCount() ? g.sample(new double[dimension], 3, new SeededRandomBits(7)) : g.sample(new double[dimension], new SeededRandomBits(7));
            }
        });
        assertEquals(dimension, out.length);
        for (double x : out) {
            assertTrue(Double.isFinite(x), java.util.Arrays.toString(out));
        }
    }

    /**
     * Regression: a max_abs whose noise moments under- or overflow the doubles was an internal error ("JSON cannot represent NaN"
     * at 1e-200, "Infinity" at 1e200, "zero denominator" with δ); it is refused naming max_abs. Inside the range it designs.
     */
    @Test
    void aMaxAbsWhoseMomentsLeaveTheDoublesIsRefusedNamingIt() throws Exception {
        for (String c : new String[] {"5e-324", "1e-200", "1e-160", "1e150", "1e200", "1.7976931348623157e308"}) {
            assertRefused(bounded(c, "1", null), "/statistic/bounded_contribution/max_abs", new java.math.BigDecimal(c).toString());
            assertRefused(bounded(c, "1", "1e-6"), "/statistic/bounded_contribution/max_abs", new java.math.BigDecimal(c).toString());
        }
        for (String c : new String[] {"1e-140", "1e140"}) {
            assertLoadsAndReleases(design(bounded(c, "1", "1e-6"), false), 5);
        }
    }

    /** Regression: the same for ε (counts have no scale of their own) and for explicit ranking scores. */
    @Test
    void anEpsilonOrRankingScoresWhoseMomentsLeaveTheDoublesAreRefusedNamingThem() {
        assertRefused("{\"kind\": \"knorm\", \"epsilon\": 1e-300, \"neighbours\": \"add-remove\", \"statistic\": {\"counts\": {\"dimension\": 5, "
                + "\"max_nonzero\": 2}}}", "/epsilon", "1E-300");
        assertRefused("{\"kind\": \"knorm\", \"epsilon\": 1, \"neighbours\": \"substitution\", \"statistic\": {\"ranking\": {\"candidates\": 3, "
                + "\"scores\": [1e200, 0, -1e200]}}}", "/statistic/ranking/scores", "[1E+200, 0, -1E+200]");
    }

    /**
     * Regression: δ below what the Gaussian profile certifies (an absolute 1e-300) was an internal error ("the Gaussian calibration
     * did not meet delta after rounding: a designer bug"); it is refused naming δ, and the smallest δ taken designs at every ε.
     */
    @Test
    void aDeltaBelowTheCertifiedProfileFloorIsRefusedNamingIt() throws Exception {
        String counts = "{\"kind\": \"knorm\", \"epsilon\": %s, \"delta\": %s, \"neighbours\": \"add-remove\", \"statistic\": {\"counts\": "
                + "{\"dimension\": 5, \"max_nonzero\": 2}}, \"candidates\": [\"gaussian\", \"elliptic-gaussian\"]}";
        assertRefused(String.format(counts, "1", "1e-300"), "/delta", "1E-300");
        assertRefused(String.format(counts, "50", "1e-291"), "/delta", "1E-291");
        for (String eps : new String[] {"1e-9", "1", "50"}) {
            assertLoadsAndReleases(design(String.format(counts, eps, "1e-290"), false), 5);
        }
    }

    /**
     * Regression: an elliptic Gaussian spec whose covariance was lowered was refused with "u'Sigma^-1 u = 0.056…, above the square
     * of mahalanobis_sensitivity = 0.2367…", comparing a square with an unsquared number; the refusal now states both squares.
     */
    @Test
    void aLoweredCovarianceIsRefusedComparingLikeWithLike() throws Exception {
        Design d = design("{\"kind\": \"knorm\", \"epsilon\": 1, \"delta\": 1e-6, \"neighbours\": \"add-remove\", \"statistic\": {\"counts\": "
                + "{\"dimension\": 20, \"max_nonzero\": 4}}, \"candidates\": [\"elliptic-gaussian\"]}", false);
        org.optimech.runtime.json.JsonObject doc = org.optimech.runtime.spec.SpecCodec.write(d.spec());
        org.optimech.runtime.json.JsonObject mech = doc.get("mechanism").orElseThrow().asObject();
        java.math.BigDecimal across = new java.math.BigDecimal(mech.get("covariance").orElseThrow().asObject().get("across").orElseThrow().asString());
        java.math.BigDecimal delta = new java.math.BigDecimal(mech.get("mahalanobis_sensitivity").orElseThrow().asString());
        org.optimech.runtime.json.JsonObject lowered = org.optimech.runtime.spec.SpecDigest.seal(org.optimech.runtime.testing.JsonEdit.set(doc,
                "/mechanism/covariance/across", new org.optimech.runtime.json.JsonString(across.multiply(new java.math.BigDecimal("0.99")).toPlainString())).asObject());
        org.optimech.runtime.spec.InvalidSpecException e = assertThrows(org.optimech.runtime.spec.InvalidSpecException.class,
                () -> org.optimech.runtime.spec.SpecCodec.read(lowered, RuntimePolicy.builder().numerics(NumericsPolicy.ALLOW_IDEALIZED).build()));
        assertEquals("/mechanism/mahalanobis_sensitivity", e.pointer(), e.getMessage());
        assertTrue(e.detail().contains("above mahalanobis_sensitivity^2 = " + delta.multiply(delta).doubleValue()), e.getMessage());
        assertTrue(e.detail().contains("Provided value: " + delta.toPlainString()), e.getMessage());
    }

    /**
     * Every structured problem drawn from wide ranges (scales 10^-330 … 10^330, k outside [1, d], ε and δ as people type them,
     * both relations, both numerics, every criterion) designs a spec that re-loads and releases finite outputs, or is refused
     * naming a field; an exact design may also be refused as an option (no exact sampler certifies at this d and k).
     */
    @Property(tries = 60)
    void everyStructuredProblemDesignsOrIsRefusedNamingAField(@ForAll("problems") Case c) throws Exception {
        Design d;
        try {
            d = design(c.json(), c.exact());
        } catch (InvalidProblemException e) {
            assertTrue(e.pointer().startsWith("/") && e.detail().contains("Provided"), c + ": " + e.getMessage());
            return;
        } catch (Designers.OptionException e) {
            assertTrue(c.exact() && e.getMessage().contains("lattice"), c + ": " + e.getMessage());
            return;
        }
        assertLoadsAndReleases(d, c.dimension());
    }

    record Case(String json, boolean exact, int dimension) {
        @Override
        public String toString() {
            return (exact ? "exact " : "idealized ") + json;
        }
    }

    @Provide
    Arbitrary<Case> problems() {
        Arbitrary<Integer> dims = Arbitraries.integers().between(1, 40);
        Arbitrary<String> scale = Combinators.combine(Arbitraries.integers().between(1, 9), Arbitraries.integers().between(-330, 330))
                .as((m, e) -> m + "e" + e);
        Arbitrary<String> eps = Arbitraries.of("0.1", "1e-3", "0.6931471805599453", "\"1\"", "3.00000000000000000001", "50", "1e-9", "2.5");
        Arbitrary<String> delta = Arbitraries.of("", ", \"delta\": 1e-6", ", \"delta\": 1e-290", ", \"delta\": 0.5");
        Arbitrary<String> relation = Arbitraries.of("add-remove", "substitution");
        Arbitrary<String> criterion = Arbitraries.of("trace", "max-variance", "volume");
        return Combinators.combine(dims, Arbitraries.integers().between(-1, 42), Arbitraries.integers().between(0, 3), scale, eps, delta, relation,
                Combinators.combine(criterion, Arbitraries.of(false, true), Arbitraries.longs()).as((cr, ex, seed) -> new Object[] {cr, ex, seed}))
                .as((dd, k, form, c, e, de, rel, rest) -> {
                    java.util.Random r = new java.util.Random((Long) rest[2]);
                    int kk = Math.min(k, dd + 1);
                    String statistic;
                    int dim = dd;
                    switch (form) {
                        case 0 -> statistic = "{\"bounded_contribution\": {\"dimension\": " + dd + ", \"max_abs\": " + c + ", \"max_nonzero\": " + kk
                                + ", \"nonnegative\": " + r.nextBoolean() + "}}";
                        case 1 -> statistic = "{\"counts\": {\"dimension\": " + dd + ", \"max_nonzero\": " + kk + "}}";
                        case 2 -> {
                            dim = Math.max(dd, 2);
                            List<String> s = new ArrayList<>();
                            for (int i = 0; i < dim; i++) {
                                s.add(r.nextInt(4) == 0 ? c : Integer.toString(r.nextInt(7) - 3));
                            }
                            statistic = "{\"ranking\": {\"candidates\": " + dim + ", \"scores\": " + (r.nextBoolean() ? "\"borda\"" : s.toString()) + "}}";
                        }
                        default -> {
                            List<String> pairs = new ArrayList<>();
                            int m = r.nextInt(2 * dd + 1);
                            for (int i = 0; i < m; i++) {
                                pairs.add("[" + r.nextInt(dd) + ", " + r.nextInt(dd) + "]");
                            }
                            statistic = "{\"ordered_counts\": {\"dimension\": " + dd + ", \"implies\": " + pairs + "}}";
                        }
                    }
                    boolean exact = (Boolean) rest[1] && dd <= 12;
                    return new Case("{\"kind\": \"knorm\", \"epsilon\": " + e + de + ", \"neighbours\": \"" + rel + "\", \"statistic\": " + statistic
                            + ", \"criterion\": \"" + rest[0] + "\"}", exact, dim);
                });
    }
}
