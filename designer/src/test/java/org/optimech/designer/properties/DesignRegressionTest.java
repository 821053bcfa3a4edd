package org.optimech.designer.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.optimech.designer.Design;
import org.optimech.designer.DesignMethod;
import org.optimech.designer.Designers;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.lp.LpBackends;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.Problems;
import org.optimech.designer.spec.KNormSpecs;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * Every failure the properties of {@link DesignPropertiesTest} (and the issue that asked for them) found, as a named test:
 * the case as it was generated, run through all five properties, plus the specific fact that was wrong.
 */
class DesignRegressionTest {

    private static DesignCase discrete(String json, String method) throws Exception {
        DesignOptions solving = DesignOptions.defaults(LpBackends.byName("auto")).withTimeLimit(Duration.ofSeconds(120));
        return new DesignCase(json, Designers.Options.of(solving).withMethod(DesignMethod.parse(method)), "--method " + method, false, 1);
    }

    private static DesignCase defaults(String json) {
        return new DesignCase(json, Designers.Options.defaults(), "(defaults)", false, 1);
    }

    private static MechanismSpec specOf(DesignCase c) throws Exception {
        return Designers.design(Problems.parse(c.json()), c.options()).spec();
    }

    /** Issue 20: ln 2 as Python prints it ended in "epsilon has too many digits for the exact sampler" on the structural path. */
    @Test
    void lnTwoAsPythonPrintsItDesignsOnTheStructuralPath() throws Exception {
        DesignCase c = discrete("{\"kind\":\"discrete\",\"epsilon\":0.6931471805599453,\"inputs\":{\"range\":[0,20]}}", "auto");
        DesignPropertiesTest.holdsForEveryProperty(c);
        GeometricRemapSpec s = (GeometricRemapSpec) specOf(c);
        assertEquals(new BigDecimal("0.693147180559"), s.noiseEpsilon(), "rounded down to 12 places, the fraction the exact sampler takes");
        assertEquals(s.noiseEpsilon(), s.certifiedEpsilon());
        assertEquals(new BigDecimal("0.6931471805599453"), s.epsilon());
    }

    /**
     * Found by the properties at fresh seeds (s10 sweep, seed 3214692605172976999, shrunk): differences under substitution
     * spanning a line. The hull won on volume and was written in its 1-dimensional subspace, but differences alone do not
     * give the statistic's public part off that line, so the runtime refused every release ("records no statistic"). The
     * designer now leaves such candidates out, saying why, and selects among the full-dimensional ones.
     */
    @Test
    void differencesUnderSubstitutionOnALineDesignAReleasableSpec() throws Exception {
        DesignCase c = defaults("{\"kind\":\"knorm\",\"epsilon\":7,\"neighbours\":\"substitution\",\"statistic\":{\"differences\":[[-0.75,1.25,0.5]]},"
                + "\"candidates\":[\"search\",\"hull\",\"l1\"],\"criterion\":\"volume\"}");
        DesignPropertiesTest.holdsForEveryProperty(c); // property 2 samples the loaded spec (threw "records no statistic" before)
        Design.KNorm d = (Design.KNorm) Designers.design(Problems.parse(c.json()), c.options());
        assertEquals("l1", d.comparison().selected().name());
        assertTrue(d.comparison().skipped().stream().anyMatch(w -> w.startsWith("hull: ") && w.contains("the runtime could not release it")),
                d.comparison().skipped().toString());
        // under add-remove the same differences keep the hull in its subspace (q0 = 0 there)
        DesignCase addRemove = defaults(c.json().replace("substitution", "add-remove"));
        DesignPropertiesTest.holdsForEveryProperty(addRemove);
    }

    /** Issue 20: ln 3 and a truncated 1/3, and a minimax design under the relative loss (which stopped after five rounds). */
    @Test
    void lnThreeAndAThirdDesignMinimaxUnderTheRelativeLoss() throws Exception {
        for (String eps : new String[] {"1.0986122886681098", "0.3333333333333", "12.345678901234567"}) {
            DesignPropertiesTest.holdsForEveryProperty(discrete("{\"kind\":\"discrete\",\"epsilon\":" + eps
                    + ",\"inputs\":{\"range\":[0,20]},\"loss\":\"relative\",\"objective\":\"minimax\"}", "auto"));
        }
    }

    /** Issue 20: randomized response at epsilon 1e-6 certified 0.000001001 > the request (an internal error). */
    @Test
    void randomizedResponseAtOneMillionthStaysWithinTheRequest() throws Exception {
        DesignCase c = discrete("{\"kind\":\"discrete\",\"epsilon\":1e-6,\"inputs\":{\"range\":[0,20]}}", "randomized-response");
        DesignPropertiesTest.holdsForEveryProperty(c);
        assertTrue(specOf(c).certifiedEpsilon().compareTo(new BigDecimal("1e-6")) <= 0);
    }

    /** Issue 20: every LP backend failed (ABNORMAL, or OPTIMAL with rows violated by 0.5) at epsilon 30 to 50. */
    @Test
    void epsilonFiftyDesignsOnTheLpPath() throws Exception {
        DesignPropertiesTest.holdsForEveryProperty(discrete("{\"kind\":\"discrete\",\"epsilon\":50,\"inputs\":{\"range\":[0,8]},\"neighbours\":\"complete\"}",
                "auto"));
        DesignPropertiesTest.holdsForEveryProperty(discrete("{\"kind\":\"discrete\",\"epsilon\":50,\"inputs\":{\"histograms\":{\"cells\":3,\"records\":2}},"
                + "\"objective\":\"minimax\"}", "auto"));
    }

    /**
     * Found by the properties: at epsilon 1e-6 and delta 1e-7 on the complete graph the LP backend's absolute tolerance (about
     * 1e-7) is delta itself, the certified delta came out twice the request, and the retry margin left nothing to solve at.
     * Now a pure epsilon-DP design meets the request, and its lower bound is still taken from an LP of the requested problem
     * (the duals of the pure LP had the wrong shape: an ArrayIndexOutOfBoundsException in the Lagrangian bound).
     */
    @Test
    void deltaAtTheBackendsToleranceIsMetByAPureDesign() throws Exception {
        DesignCase c = discrete("{\"kind\":\"discrete\",\"epsilon\":1.0000000000000004E-6,\"delta\":0.0000001,\"inputs\":{\"labels\":[\"雪\",\"x y271\","
                + "\"no380\",\"x y331\"]},\"neighbours\":\"complete\",\"loss\":\"zero-one\",\"prior\":\"uniform\",\"objective\":\"bayes\","
                + "\"relation\":\"add-remove\",\"default_input\":\"x y271\"}", "lp");
        DesignPropertiesTest.holdsForEveryProperty(c);
        Design d = Designers.design(Problems.parse(c.json()), c.options());
        assertEquals(0, d.spec().certifiedDelta().signum());
        assertTrue(((Design.Lp) d).design().certificate().lowerBound() != null, "a lower bound for the requested (epsilon, delta)");
    }

    /**
     * Found by the properties: at epsilon 30 and delta 1e-15 (a pure design, since delta is below what the LP resolves) HiGHS
     * stops at once with NOT_SOLVED, which MPSolver shares with a time limit; the design ended in "LIMIT_REACHED after 0.0 s
     * (raise the time limit)". A stop well before the limit is now a numerical failure: the next backend or a lower epsilon
     * ceiling designs it.
     */
    @Test
    void anImmediateNotSolvedIsANumericalFailureNotATimeLimit() throws Exception {
        DesignCase c = discrete("{\"kind\":\"discrete\",\"epsilon\":30,\"delta\":1.0000000000008467E-15,\"inputs\":{\"range\":[0,7]},"
                + "\"neighbours\":{\"edges\":[[1,7],[0,4],[0,2],[1,2],[5,6],[2,3],[0,3],[0,1],[0,5]]},\"loss\":\"squared\",\"objective\":\"bayes\"}", "auto");
        DesignPropertiesTest.holdsForEveryProperty(c);
        MechanismSpec spec = specOf(c);
        assertTrue(spec.certifiedEpsilon().compareTo(BigDecimal.valueOf(30)) <= 0);
    }

    /**
     * Found by the properties: a curved statistic with a constant and an identically zero coordinate (y - y) has a nearly flat
     * sandwich hull (thickness 1e-17); its lattice spec was written and every release rejected 10^6 proposals in a row. The
     * runtime now certifies the sampler's acceptance rate when it builds it, and the designer refuses (no other candidate) or
     * stores the best candidate whose sampler it accepts. Since the features are canonical, the hull lies in the plane t2 = 0
     * and is refused for a lattice by that reason.
     */
    @Test
    void aNearlyFlatHullIsNeverReleasedOnALatticeThatCannotSampleIt() throws Exception {
        String json = "{\"kind\":\"knorm\",\"epsilon\":0.7071067811865476,\"neighbours\":\"add-remove\",\"statistic\":{\"variables\":{\"x\":[0.5,1],"
                + "\"y\":[-0.5,1.5]},\"features\":[{\"name\":\"t0\",\"terms\":[{\"coef\":2,\"powers\":{}}]},{\"name\":\"t1\",\"terms\":[{\"coef\":1,"
                + "\"powers\":{\"x\":1}},{\"coef\":-1,\"powers\":{\"y\":2}}]},{\"name\":\"t2\",\"terms\":[{\"coef\":1,\"powers\":{\"y\":1}},"
                + "{\"coef\":-1,\"powers\":{\"y\":1}}]}]},\"candidates\":[\"hull\"],\"criterion\":\"max-variance\"}";
        for (KNormSpecs.Lattice lattice : new KNormSpecs.Lattice[] {KNormSpecs.Lattice.of(-1), KNormSpecs.Lattice.auto()}) {
            DesignCase c = new DesignCase(json, Designers.Options.defaults().withLattice(lattice), "lattice " + lattice, true, 1);
            DesignPropertiesTest.holdsForEveryProperty(c);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Designers.design(Problems.parse(json), c.options()));
            // since features are canonical (t2 = y - y is the zero polynomial) the hull is refined in its proper subspace, which has no lattice sampler
            assertTrue(e.getMessage().contains("hull") && e.getMessage().contains("proper subspace"), e.getMessage());
            // with the l1 ball also compared, the design falls back to it and every release of the spec ends
            String both = json.replace("[\"hull\"]", "[\"hull\",\"l1\"]");
            DesignCase withL1 = new DesignCase(both, c.options(), c.optionsText(), false, 1);
            DesignPropertiesTest.holdsForEveryProperty(withL1);
            Design.KNorm d = (Design.KNorm) Designers.design(Problems.parse(both), c.options());
            assertEquals("l1", d.spec().design().get("stored").orElseThrow().asString());
        }
    }

    /** Found by the properties: delta = 1e-300 is below the LP's delta margin, and the design stopped with "leaves nothing to solve at". */
    @Test
    void deltaBelowTheLpMarginIsMetByAPureDesign() throws Exception {
        DesignPropertiesTest.holdsForEveryProperty(discrete("{\"kind\":\"discrete\",\"epsilon\":7,\"delta\":1e-300,\"inputs\":{\"range\":[0,1]},"
                + "\"neighbours\":\"complete\",\"loss\":{\"matrix\":[[0,3],[3,0.9828195255872982]]},\"objective\":\"bayes\",\"relation\":\"add-remove\"}", "auto"));
    }

    /**
     * Found by the properties: at epsilon 1e-6 and delta 1e-15 the Gaussian privacy profile is so flat in the noise that its
     * floating-point bound wobbled past the calibration's margin, and the runtime refused the noise scale the designer chose.
     */
    @Test
    void aFlatPrivacyProfileGetsANoiseScaleTheRuntimeAccepts() throws Exception {
        DesignPropertiesTest.holdsForEveryProperty(defaults("{\"kind\":\"function\",\"estimator\":\"kde\",\"kernel\":\"gaussian\",\"bandwidth\":0.05,\"n\":1,"
                + "\"grid\":{\"from\":-7,\"to\":5.5,\"points\":8},\"epsilon\":1.000000000000871E-6,\"delta\":1.0000000589163734E-15,\"calibration\":\"analytic\"}"));
    }

    /**
     * Found by the properties (tampering): a Gaussian-process spec whose certified_delta was edited to 0.9E-324, a positive
     * decimal below the smallest double, made the loader throw "beta must be in (0, 1). Provided value: 0.0" from the
     * classical constant. It is now refused at the field.
     */
    @Test
    void aCertifiedDeltaBelowTheDoubleRangeIsRefusedAtItsField() throws Exception {
        String json = "{\"kind\":\"function\",\"estimator\":\"kde\",\"kernel\":\"exponential\",\"bandwidth\":0.1,\"n\":10,\"grid\":{\"from\":0.1,"
                + "\"to\":0.7999999999999999,\"points\":30},\"epsilon\":0.7,\"delta\":4.9e-324,\"calibration\":\"classical\"}";
        DesignPropertiesTest.holdsForEveryProperty(defaults(json));
        org.optimech.runtime.json.JsonObject doc = org.optimech.runtime.spec.SpecCodec.write(specOf(defaults(json)));
        org.optimech.runtime.json.JsonObject privacy = (org.optimech.runtime.json.JsonObject) doc.get("privacy").orElseThrow();
        org.optimech.runtime.json.JsonObject tampered = doc.without("digest").without("signature").with("privacy",
                privacy.with("certified_delta", org.optimech.runtime.json.JsonParser.parse("0.9E-324")));
        org.optimech.runtime.spec.InvalidSpecException e = assertThrows(org.optimech.runtime.spec.InvalidSpecException.class,
                () -> org.optimech.runtime.spec.SpecLoader.parse(org.optimech.runtime.json.JsonWriter.compact(org.optimech.runtime.spec.SpecDigest.seal(tampered)),
                        org.optimech.runtime.spec.RuntimePolicy.builder().allowUncheckedSensitivity()
                                .numerics(org.optimech.runtime.spec.NumericsPolicy.ALLOW_IDEALIZED).build()));
        assertEquals("/privacy/certified_delta", e.pointer(), e.getMessage());
    }

    /** Found by the properties: delta = 4.9e-324 made the analytic calibration infinite (a NumberFormatException); now a field error. */
    @Test
    void analyticDeltaBelowWhatCanBeCertifiedIsAFieldError() {
        InvalidProblemException e = assertThrows(InvalidProblemException.class, () -> Problems.parse("{\"kind\":\"function\",\"estimator\":\"kde\","
                + "\"kernel\":\"exponential\",\"bandwidth\":0.05,\"n\":2,\"grid\":{\"from\":0.3,\"to\":0.6,\"points\":17},\"epsilon\":7,\"delta\":4.9e-324}"));
        assertEquals("/delta", e.pointer());
        assertTrue(e.getMessage().contains("Provided value: 4.9E-324"), e.getMessage());
    }

    /**
     * Issue 20 and the properties: exact numerics on a problem whose criterion selects a body without a lattice sampler (l2
     * here, or a hull in a proper subspace) stored that body and refused it. Now the best lattice-capable candidate is stored.
     */
    @Test
    void exactNumericsStoreTheBestLatticeCapableBody() throws Exception {
        String json = "{\"kind\":\"knorm\",\"epsilon\":7,\"neighbours\":\"add-remove\",\"statistic\":{\"records\":[[1.75,0.5,-0.375],[0.125,1.125,-1.875]]},"
                + "\"criterion\":\"volume\"}";
        DesignCase c = new DesignCase(json, Designers.Options.defaults().withLattice(KNormSpecs.Lattice.auto()), "--numerics exact", false, 1);
        DesignPropertiesTest.holdsForEveryProperty(c);
        Design.KNorm d = (Design.KNorm) Designers.design(Problems.parse(json), c.options());
        String stored = d.spec().design().get("stored").orElseThrow().asString();
        assertTrue(stored.equals("l1") || stored.equals("linf"), "the hull spans a plane here; stored " + stored);
        assertTrue(d.spec().latticeNoise().isPresent());
        // an l2-only problem has no lattice-capable candidate: a clear refusal, naming what would do
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Designers.design(Problems.parse(json.replace("\"criterion\"",
                "\"candidates\":[\"l2\"],\"criterion\"")), c.options()));
        assertTrue(e.getMessage().contains("add l1 or linf"), e.getMessage());
    }

    /**
     * Issue 21 (found by the design properties' random seeds): a body named to be stored that the statistic cannot have (the
     * search over a segment-shaped S_T, which needs full dimension) ended in an option error without a field; it is now a
     * clear error at /candidates that says why.
     */
    @Test
    void aNamedBodyTheStatisticCannotHaveIsAFieldError() throws Exception {
        String json = "{\"kind\":\"knorm\",\"epsilon\":7,\"neighbours\":\"add-remove\",\"statistic\":{\"variables\":{\"x\":[-1,0]},\"features\":["
                + "{\"name\":\"t0\",\"terms\":[{\"coef\":-1.5,\"powers\":{}}]},{\"name\":\"t1\",\"terms\":[{\"coef\":2,\"powers\":{}}]}]},\"rows_per_unit\":3,"
                + "\"candidates\":[\"l2\",\"hull\",\"linf\",\"search\",\"l1\"]}";
        DesignCase c = new DesignCase(json, Designers.Options.defaults().withBody("search"), "--body search", false, 1);
        DesignPropertiesTest.holdsForEveryProperty(c);
        org.optimech.designer.problem.InvalidProblemException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.optimech.designer.problem.InvalidProblemException.class, () -> specOf(c));
        assertEquals("/candidates", e.pointer());
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("search: needs a full-dimensional S_T"), e.getMessage());
    }

    /**
     * Found by the design properties at fresh seeds (property sweep of stop 33; CI pins the seeds): a structural Bayes design
     * under the zero-one loss states the dual bound it computed (kind geometric-dual, certified), and since review 8b the
     * loader refused every certified Bayes claim with a named loss other than the three distance losses, so the design ended
     * in "the runtime refuses the spec built for this problem". The zero-one bound is the designer's statement, as a loss
     * matrix's is: the spec loads, says certified, and says the loader did not re-derive it. A misspelt distance loss is still
     * refused ({@code StructuralOptimalityRecheckTest.aCertifiedBayesClaimCannotOptOutOfTheRecheck}).
     */
    @Test
    void aCertifiedZeroOneBayesDesignOnTheStructuralPathLoads() throws Exception {
        for (String json : new String[] {
            // the sample as generated, and as shrunk
            "{\"kind\":\"discrete\",\"epsilon\":1.2345678901234567e-3,\"inputs\":{\"range\":[7,11]},\"loss\":\"zero-one\",\"objective\":\"bayes\"}",
            "{\"kind\":\"discrete\",\"epsilon\":7,\"delta\":0,\"inputs\":{\"range\":[7,13]},\"outputs\":{\"range\":[8,15]},\"neighbours\":\"path\","
                    + "\"loss\":\"zero-one\",\"prior\":[0,0.43902439024390244,0,0.24390243902439024,0,0.04878048780487805,0.2682926829268293],"
                    + "\"objective\":\"bayes\"}"}) {
            DesignCase c = discrete(json, "auto");
            DesignPropertiesTest.holdsForEveryProperty(c);
            GeometricRemapSpec s = (GeometricRemapSpec) specOf(c);
            org.optimech.runtime.json.JsonObject optimality = s.design().get("optimality").orElseThrow().asObject();
            assertEquals("geometric-dual", optimality.get("kind").orElseThrow().asString(), json);
            assertTrue(optimality.get("certified").flatMap(org.optimech.runtime.json.JsonValue::bool).orElseThrow(), json);
            assertTrue(!s.optimalityRechecked(), "the zero-one bound is not re-derived at load: " + json);
        }
    }
}
