package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple4;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.testing.TestMechanisms;

/**
 * The factories ({@code of(...)}) and the loader are two ways to a spec; they must accept the same specs. Whatever a factory
 * builds reloads from its own text as an equal spec, and each case a review found the factories accepting and the loader
 * refusing is a named regression test.
 */
class SpecFactoriesTest {

    /** Privacy statements as people would write them: a few digits, sometimes certified above the request, sometimes δ > 0. */
    @Provide
    Arbitrary<Tuple4<BigDecimal, BigDecimal, BigDecimal, BigDecimal>> statements() {
        Arbitrary<BigDecimal> eps = Arbitraries.bigDecimals().between(new BigDecimal("0.001"), new BigDecimal("750")).ofScale(3);
        Arbitrary<BigDecimal> delta = Arbitraries.oneOf(Arbitraries.just(BigDecimal.ZERO),
                Arbitraries.bigDecimals().between(BigDecimal.ZERO, new BigDecimal("0.5")).ofScale(6));
        return Arbitraries.oneOf(
                // consistent: certified at or below the request
                eps.flatMap(e -> delta.flatMap(d -> Arbitraries.bigDecimals().between(BigDecimal.ZERO, BigDecimal.ONE).ofScale(4)
                        .flatMap(f -> Arbitraries.bigDecimals().between(BigDecimal.ZERO, BigDecimal.ONE).ofScale(4)
                                .map(g -> Tuple.of(e, d, e.multiply(f), d.multiply(g)))))),
                // anything
                Arbitraries.just(0).flatMap(x -> eps.flatMap(e -> delta.flatMap(d -> eps.flatMap(ce -> delta.map(cd -> Tuple.of(e, d, ce, cd)))))));
    }

    @Property(tries = 200)
    void aGaussianProcessSpecBuiltByTheFactoryReloadsAsTheSameSpec(@ForAll("statements") Tuple4<BigDecimal, BigDecimal, BigDecimal, BigDecimal> s)
            throws Exception {
        GaussianProcessSpec golden = (GaussianProcessSpec) TestMechanisms.read(GoldenFilesTest.golden("gaussian-process.json"));
        GaussianProcessSpec built;
        try {
            built = GaussianProcessSpec.of(golden.block(), golden.relation(), s.get1(), s.get2(), s.get3(), s.get4(), golden.design(), golden.provenance());
        } catch (InvalidSpecException refused) {
            Statistics.label("gaussian").collect("refused");
            return; // refusing is allowed; accepting what the loader refuses is not
        }
        Statistics.label("gaussian").collect("built");
        assertEquals(built, TestMechanisms.read(JsonParser.parse(SpecLoader.toText(built))));
    }

    @Property(tries = 200)
    void aDiscreteSpecBuiltByTheFactoryReloadsAsTheSameSpec(@ForAll("statements") Tuple4<BigDecimal, BigDecimal, BigDecimal, BigDecimal> s,
            @ForAll("discreteGoldens") String name) throws Exception {
        DiscreteMechanismSpec golden = (DiscreteMechanismSpec) TestMechanisms.read(GoldenFilesTest.golden(name));
        PrivacyGuarantee p = golden.privacy();
        DiscreteMechanismSpec built;
        try {
            PrivacyGuarantee changed = new PrivacyGuarantee(p.relation(), p.neighbours(), s.get1(), s.get2(), s.get3(), s.get4(), p.numerics(),
                    p.inputPolicy(), p.defaultInput());
            built = DiscreteMechanismSpec.of(golden.inputs(), golden.outputs(), golden.weights(), changed, golden.design(), golden.provenance());
        } catch (IllegalArgumentException | InvalidSpecException refused) {
            Statistics.label("discrete").collect("refused");
            return;
        }
        Statistics.label("discrete").collect("built");
        assertEquals(built, TestMechanisms.read(JsonParser.parse(SpecLoader.toText(built))));
    }

    @Provide
    Arbitrary<String> discreteGoldens() {
        return Arbitraries.of("count-path.json", "randomized-response.json", "approximate-dp.json");
    }

    @Test
    void aGaussianProcessSpecCannotStateLessThanItCertifies() throws Exception {
        GaussianProcessSpec g = (GaussianProcessSpec) TestMechanisms.read(GoldenFilesTest.golden("gaussian-process.json"));
        // (0.5, 0)-DP stated, (1, 0.001) certified: the review's probe
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> GaussianProcessSpec.of(g.block(), g.relation(), new BigDecimal("0.5"),
                BigDecimal.ZERO, BigDecimal.ONE, new BigDecimal("0.001"), g.design(), g.provenance()));
        assertEquals("/privacy/certified_epsilon", e.pointer(), e.getMessage());
    }

    @Test
    void aDiscreteSpecMustBeDesignedForTheRelationItStates() throws Exception {
        DiscreteMechanismSpec d = (DiscreteMechanismSpec) TestMechanisms.read(GoldenFilesTest.golden("count-path.json"));
        JsonObject design = d.design().with("problem", JsonObject.builder().put("relation", new JsonString("add-remove")).build());
        InvalidSpecException e = assertThrows(InvalidSpecException.class,
                () -> DiscreteMechanismSpec.of(d.inputs(), d.outputs(), d.weights(), d.privacy(), design, d.provenance()));
        assertEquals("/design/problem/relation", e.pointer(), e.getMessage());
    }

    @Test
    void numberLiteralsTheDigestDoesNotCoverExactlyAreRefused() throws Exception {
        DiscreteMechanismSpec d = (DiscreteMechanismSpec) TestMechanisms.read(GoldenFilesTest.golden("count-path.json"));
        JsonObject design = d.design().with("x", JsonNumber.ofLiteral("0.10000000000000000000001"));
        InvalidSpecException e = assertThrows(InvalidSpecException.class,
                () -> DiscreteMechanismSpec.of(d.inputs(), d.outputs(), d.weights(), d.privacy(), design, d.provenance()));
        assertEquals("/design/x", e.pointer(), e.getMessage());
    }

    @Test
    void epsilonBeyondTheExactBoundsIsAClearError() throws Exception {
        DiscreteMechanismSpec d = (DiscreteMechanismSpec) TestMechanisms.read(GoldenFilesTest.golden("count-path.json"));
        PrivacyGuarantee p = d.privacy();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PrivacyGuarantee(p.relation(), p.neighbours(),
                new BigDecimal("800"), BigDecimal.ZERO, new BigDecimal("800"), BigDecimal.ZERO, p.numerics(), p.inputPolicy()));
        assertEquals("epsilon must be > 0 and at most 700. Provided value: 800", e.getMessage());
    }

    @Test
    void aSubspaceMustHaveOneBasisRowPerCoordinateAndIdentityPivotRows() {
        Rational one = Rational.of(java.math.BigInteger.ONE);
        Rational zero = Rational.ZERO;
        Rational minus = Rational.of(java.math.BigInteger.ONE.negate());
        // the stored basis of the golden histogram subspace is valid
        new KNormBlock.Subspace(new int[] {0, 1}, new Rational[][] {{one, zero}, {zero, one}, {minus, minus}});
        // a pivot row that is not the identity
        assertThrows(IllegalArgumentException.class, () -> new KNormBlock.Subspace(new int[] {0, 1},
                new Rational[][] {{one, one}, {zero, one}, {minus, minus}}));
        // a pivot out of range
        assertThrows(IllegalArgumentException.class, () -> new KNormBlock.Subspace(new int[] {0, 3},
                new Rational[][] {{one, zero}, {zero, one}, {minus, minus}}));
        // one basis row in d = 3: the review's probe re-checked coordinate 0 only
        assertThrows(IllegalArgumentException.class, () -> new KNormBlock.Subspace(new int[] {0}, new Rational[][] {{one}}));
        // a "subspace" as large as the space
        assertThrows(IllegalArgumentException.class, () -> new KNormBlock.Subspace(new int[] {0, 1},
                new Rational[][] {{one, zero}, {zero, one}}));
    }

    @Test
    void adjacentPointsAreNeverEmpty() {
        assertThrows(IllegalArgumentException.class, () -> new KNormBlock.AdjacentPoints(KNormBlock.PointSource.ASSERTED, new double[0][]));
    }
}
