package org.optimech.designer.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Locale;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.common.Progress;
import org.optimech.designer.lp.OrToolsLpSolver;
import org.optimech.designer.problem.ProblemParser;
import org.optimech.designer.structural.StructuralDesigner;
import org.optimech.runtime.json.JsonBoolean;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.json.JsonWriter;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.SpecDigest;
import org.optimech.runtime.spec.SpecLoader;
import org.optimech.runtime.testing.JsonEdit;

/**
 * Issue 23: the loader re-derives a structural Bayes design's optimality certificate from the spec's numbers (the recorded
 * problem's prior, loss and ε, and the stored remap), reproducing the designer's lower bound bit for bit, and refuses a
 * resealed copy whose certificate the numbers do not support.
 */
class StructuralOptimalityRecheckTest {

    @Test
    void aDesignedSpecReloadsWithItsCertificateRechecked() throws Exception {
        JsonObject doc = design("{\"kind\":\"discrete\",\"epsilon\":0.5,\"inputs\":{\"range\":[0,40]}}");
        GeometricRemapSpec loaded = load(doc);
        assertTrue(loaded.optimalityRechecked());
        assertTrue(at(doc, "/design/optimality/certified").asBoolean());
    }

    /** Designed specs of every named distance loss, random priors and ε, load with the certificate re-checked. */
    @Property(tries = 40)
    void everyNamedDistanceLossIsRechecked(@ForAll @IntRange(min = 1, max = 60) int n, @ForAll @IntRange(min = 5, max = 200) int eps100,
            @ForAll @IntRange(min = 0, max = 2) int lossIndex, @ForAll @IntRange(min = -5, max = 5) int from, @ForAll long seed) throws Exception {
        String loss = new String[] {"absolute", "squared", "relative"}[lossIndex];
        SplittableRandom r = new SplittableRandom(seed);
        StringBuilder prior = new StringBuilder("[");
        double[] p = new double[n + 1];
        double total = 0;
        for (int i = 0; i <= n; i++) {
            p[i] = 0.1 + r.nextDouble();
            total += p[i];
        }
        java.math.BigDecimal sum = java.math.BigDecimal.ZERO;
        for (int i = 0; i <= n; i++) {
            // exact decimals summing to 1 (the parser's tolerance), the last taking the rest
            java.math.BigDecimal v = i < n ? new java.math.BigDecimal(p[i] / total).setScale(12, java.math.RoundingMode.HALF_EVEN)
                    : java.math.BigDecimal.ONE.subtract(sum);
            sum = sum.add(v);
            prior.append(i > 0 ? "," : "").append(v.toPlainString());
        }
        prior.append(']');
        String json = String.format(Locale.ROOT, "{\"kind\":\"discrete\",\"epsilon\":%s,\"inputs\":{\"range\":[%d,%d]},\"loss\":\"%s\",\"prior\":%s}",
                java.math.BigDecimal.valueOf(eps100, 2).toPlainString(), from, from + n, loss, prior);
        JsonObject doc = design(json);
        assertTrue(load(doc).optimalityRechecked(), json);
        // strict: the stored bound raised by one ulp is refused
        double lb = number(doc, "/design/optimality/lower_bound");
        InvalidSpecException e = refused(edit(doc, "/design/optimality/lower_bound", JsonNumber.of(Math.nextUp(lb))));
        assertEquals("/design/optimality/lower_bound", e.pointer(), e.getMessage());
    }

    /**
     * Issue 23 (n = 10^6 in 3 s): the spec of a design just certified re-derives its bound from the very numbers the designer
     * derived it from, so {@code GeometricRemapSpec.of} finds the designer's derivation instead of verifying the same windows
     * again. Seen: the derivation found after {@code toSpec} is the designer's (no other was computed and kept), for a
     * uniform prior and an explicit one.
     */
    @Test
    void theSpecOfADesignReusesTheDesignersDerivation() throws Exception {
        for (String prior : new String[] {"\"uniform\"", "[0.1,0.2,0.3,0.15,0.25]"}) {
            String json = "{\"kind\":\"discrete\",\"epsilon\":0.5,\"inputs\":{\"range\":[0," + (prior.startsWith("[") ? 4 : 40) + "]},\"prior\":" + prior + "}";
            var p = ProblemParser.parse(json);
            var d = new StructuralDesigner(DesignOptions.defaults(OrToolsLpSolver.clp()), Progress.silent()).design(p);
            var f = p.loss().distanceForm().orElseThrow();
            var loss = new org.optimech.runtime.certificate.GeometricDual.Distance(f.inputs(), f.outputs(), f.power(), f.scale());
            var kept = org.optimech.runtime.certificate.GeometricDual.derive(p.prior(), loss, 0.5, d.remap());
            assertEquals(d.certificate().lowerBound(), kept.bound().lowerBound());
            GeometricRemapSpec spec = DesignSpecs.toSpec(d, Instant.EPOCH);
            assertTrue(spec.optimalityRechecked());
            assertTrue(kept == org.optimech.runtime.certificate.GeometricDual.derive(p.prior(), loss, 0.5, d.remap()), "the spec derived its bound again: " + json);
        }
    }

    @Test
    void aRaisedLowerBoundIsRefused() throws Exception {
        JsonObject doc = design("{\"kind\":\"discrete\",\"epsilon\":1,\"inputs\":{\"range\":[0,30]},\"loss\":\"squared\"}");
        double lb = number(doc, "/design/optimality/lower_bound");
        InvalidSpecException e = refused(edit(doc, "/design/optimality/lower_bound", JsonNumber.of(lb * (1 + 1e-6))));
        assertEquals("/design/optimality/lower_bound", e.pointer());
        assertTrue(e.getMessage().contains("re-derived"), e.getMessage());
    }

    @Test
    void anUnderstatedRiskIsRefused() throws Exception {
        JsonObject doc = design("{\"kind\":\"discrete\",\"epsilon\":0.5,\"inputs\":{\"range\":[0,30]}}");
        double v = number(doc, "/design/objective_value");
        InvalidSpecException e = refused(edit(doc, "/design/objective_value", JsonNumber.of(v * (1 - 1e-6))));
        assertEquals("/design/objective_value", e.pointer(), e.getMessage());
    }

    @Test
    void anUnderstatedGapIsRefused() throws Exception {
        // a relative prior makes the gap visible (not 0): understate it
        JsonObject doc = design("{\"kind\":\"discrete\",\"epsilon\":0.3,\"inputs\":{\"range\":[0,25]},\"loss\":\"relative\"}");
        double gap = number(doc, "/design/optimality/relative_gap");
        assertTrue(gap > 0, "gap " + gap);
        InvalidSpecException e = refused(edit(doc, "/design/optimality/relative_gap", JsonNumber.of(gap / 2)));
        assertEquals("/design/optimality/relative_gap", e.pointer(), e.getMessage());
    }

    @Test
    void certifiedWithAGapAboveItsToleranceIsRefused() throws Exception {
        JsonObject doc = design("{\"kind\":\"discrete\",\"epsilon\":0.3,\"inputs\":{\"range\":[0,25]},\"loss\":\"relative\"}");
        double gap = number(doc, "/design/optimality/relative_gap");
        InvalidSpecException e = refused(edit(doc, "/design/optimality/gap_tolerance", JsonNumber.of(gap / 2)));
        assertEquals("/design/optimality/certified", e.pointer(), e.getMessage());
    }

    /** A remap row sent far away is still private (post-processing) but no longer optimal: the certificate must fail. */
    @Test
    void aWorseRemapUnderAStaleCertificateIsRefused() throws Exception {
        JsonObject doc = design("{\"kind\":\"discrete\",\"epsilon\":0.5,\"inputs\":{\"range\":[0,30]}}");
        InvalidSpecException e = refused(edit(doc, "/mechanism/remap/15", JsonNumber.of(0)));
        assertTrue(e.pointer().startsWith("/design/"), e.pointer() + ": " + e.getMessage());
    }

    /** Another prior recorded under the same remap: the recorded problem is what the certificate is re-derived from. */
    @Test
    void aDifferentRecordedPriorIsRefused() throws Exception {
        JsonObject doc = design("{\"kind\":\"discrete\",\"epsilon\":0.5,\"inputs\":{\"range\":[0,4]},\"prior\":[0.2,0.2,0.2,0.2,0.2]}");
        JsonObject other = edit(doc, "/design/problem/prior", org.optimech.runtime.json.JsonArray.ofDoubles(0.96, 0.01, 0.01, 0.01, 0.01));
        InvalidSpecException e = refused(other);
        assertTrue(e.pointer().startsWith("/design/"), e.pointer() + ": " + e.getMessage());
    }

    /**
     * A spec written before the designer computed its bound with the runtime's functions (no {@code gap_tolerance}; its dual
     * from the designer's own roundings) is re-derived to a relative 1e-9: the bundled example loads, a raised bound does not.
     */
    @Test
    void specsWrittenBeforeTheSharedFunctionsAreRecheckedToRounding() throws Exception {
        JsonObject example = org.optimech.runtime.json.JsonParser.parse(java.nio.file.Path.of("../examples/runtime-only/count.spec.json")).asObject();
        assertFalse(at(example, "/design/optimality").asObject().has("gap_tolerance"));
        assertTrue(load(example).optimalityRechecked());
        double lb = number(example, "/design/optimality/lower_bound");
        assertEquals("/design/optimality/lower_bound", refused(edit(example, "/design/optimality/lower_bound", JsonNumber.of(lb * (1 + 1e-7)))).pointer());
    }

    @Test
    void minimaxDesignsAreNotRechecked() throws Exception {
        JsonObject doc = design("{\"kind\":\"discrete\",\"epsilon\":1,\"inputs\":{\"range\":[0,12]},\"objective\":\"minimax\"}");
        assertFalse(load(doc).optimalityRechecked());
    }

    @Test
    void aClaimWithoutTheFlagStillHasItsBoundRechecked() throws Exception {
        JsonObject doc = design("{\"kind\":\"discrete\",\"epsilon\":0.5,\"inputs\":{\"range\":[0,20]}}");
        JsonObject uncertified = edit(doc, "/design/optimality/certified", JsonBoolean.FALSE);
        assertTrue(load(uncertified).optimalityRechecked());
        double lb = number(doc, "/design/optimality/lower_bound");
        assertEquals("/design/optimality/lower_bound", refused(edit(uncertified, "/design/optimality/lower_bound", JsonNumber.of(lb * 1.01))).pointer());
    }

    /**
     * Review 8b: a certified Bayes design could skip the re-check and still read as certified by restating its certificate in
     * a form the re-check did not cover (another kind, no bound, a loss name spelled otherwise): each is now refused.
     */
    @Test
    void aCertifiedBayesClaimCannotOptOutOfTheRecheck() throws Exception {
        JsonObject doc = design("{\"kind\":\"discrete\",\"epsilon\":0.5,\"inputs\":{\"range\":[0,20]}}");
        double value = number(doc, "/design/objective_value");
        JsonObject lfp = edit(edit(edit(doc, "/design/optimality/kind", new org.optimech.runtime.json.JsonString("least-favourable-prior")),
                "/design/optimality/lower_bound", JsonNumber.of(value)), "/design/optimality/relative_gap", JsonNumber.of(0));
        assertEquals("/design/optimality/kind", refused(lfp).pointer());
        java.util.Map<String, JsonValue> optimality = new java.util.LinkedHashMap<>(at(doc, "/design/optimality").asObject().members());
        optimality.remove("lower_bound");
        assertEquals("/design/optimality/lower_bound", refused(edit(doc, "/design/optimality", JsonObject.of(optimality))).pointer());
        assertEquals("/design/problem/loss", refused(edit(doc, "/design/problem/loss", new org.optimech.runtime.json.JsonString("Absolute"))).pointer());
    }

    /** Review 8b: a tolerance of 1 or more certifies nothing (the bound would be at most 0). */
    @Test
    void aToleranceOfOneOrMoreIsRefused() throws Exception {
        JsonObject doc = design("{\"kind\":\"discrete\",\"epsilon\":0.5,\"inputs\":{\"range\":[0,20]}}");
        assertEquals("/design/optimality/gap_tolerance", refused(edit(doc, "/design/optimality/gap_tolerance", JsonNumber.of(1e300))).pointer());
        assertEquals("/design/optimality/gap_tolerance", refused(edit(doc, "/design/optimality/gap_tolerance", JsonNumber.of(1))).pointer());
    }

    /**
     * Review 8b (low): the verification encloses e^-ε by α(1 ± 1e-14), proven only up to ε ≈ 88, and the runtime took any
     * recorded ε. A bound stated for a recorded ε above the designer's limit of 50 is refused naming that ε, even where a
     * bound of −1000 would pass every other check; 50 itself is re-derived.
     */
    @Test
    void aRecordedEpsilonBeyondTheEnclosureIsRefused() throws Exception {
        JsonObject doc = design("{\"kind\":\"discrete\",\"epsilon\":0.5,\"inputs\":{\"range\":[0,20]}}");
        JsonObject modest = edit(edit(edit(doc, "/design/optimality/certified", JsonBoolean.FALSE), "/design/optimality/lower_bound", JsonNumber.of(-1000)),
                "/design/optimality/relative_gap", JsonNumber.of(1e12));
        assertTrue(load(edit(modest, "/design/problem/epsilon", JsonNumber.of(50))).optimalityRechecked());
        InvalidSpecException e = refused(edit(modest, "/design/problem/epsilon", JsonNumber.of(60)));
        assertEquals("/design/problem/epsilon", e.pointer(), e.getMessage());
        assertTrue(e.getMessage().contains("Provided value: 60"), e.getMessage());
    }

    /** The value at a JSON pointer of plain names and indices. */
    private static JsonValue at(JsonObject doc, String pointer) {
        JsonValue v = doc;
        for (String part : pointer.substring(1).split("/")) {
            v = v.array().isPresent() ? v.asArray().get(Integer.parseInt(part)) : v.asObject().get(part).orElseThrow();
        }
        return v;
    }

    private static double number(JsonObject doc, String pointer) {
        return at(doc, pointer).number().orElseThrow().doubleValue();
    }

    private static JsonObject design(String json) throws Exception {
        var d = new StructuralDesigner(DesignOptions.defaults(OrToolsLpSolver.clp()), Progress.silent()).design(ProblemParser.parse(json));
        MechanismSpec spec = DesignSpecs.toSpec(d, Instant.EPOCH);
        return spec.document();
    }

    private static GeometricRemapSpec load(JsonObject doc) throws Exception {
        MechanismSpec s = SpecLoader.parse(JsonWriter.compact(doc));
        assertTrue(s instanceof GeometricRemapSpec, s.kind());
        return (GeometricRemapSpec) s;
    }

    private static JsonObject edit(JsonObject doc, String pointer, JsonValue value) {
        java.util.Map<String, JsonValue> m = new java.util.LinkedHashMap<>(JsonEdit.set(doc, pointer, value).asObject().members());
        m.remove("digest");
        m.remove("signature");
        return SpecDigest.seal(JsonObject.of(m));
    }

    private static InvalidSpecException refused(JsonObject doc) {
        return assertThrows(InvalidSpecException.class, () -> SpecLoader.parse(JsonWriter.compact(doc)));
    }
}
