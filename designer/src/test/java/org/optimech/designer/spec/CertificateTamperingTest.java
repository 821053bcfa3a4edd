package org.optimech.designer.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.optimech.designer.Design;
import org.optimech.designer.Designers;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.designer.knorm.KNormDesigner;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.KNormProblemParser;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.RuntimePolicy;
import org.optimech.runtime.spec.SpecCodec;
import org.optimech.runtime.spec.SpecDigest;

/**
 * Issue 21 (3): a polynomial statistic's sensitivity is re-checked at load from the certificate the spec carries, for every
 * body the designer stores with one (ℓ1, ℓ2, ℓ∞, weighted box); a lowered Δ, another body's trees, a truncated or garbled
 * certificate are refused with the certificate's pointer, even resealed. Issue 21 (1): a run out of time still stores a
 * certified candidate and says what it skipped.
 */
class CertificateTamperingTest {
    /** Regression p = 1 with squares, substitution: d = 4 over pairs of 2-variable records (its domain is curved). */
    static final String REGRESSION = "{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"substitution\",\"statistic\":{\"variables\":{\"x\":[-1,1],\"y\":[-1,1]},"
            + "\"features\":[{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]},{\"terms\":[{\"coef\":1,\"powers\":{\"y\":1}}]},{\"terms\":[{\"coef\":1,\"powers\":{\"x\":2}}]},"
            + "{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1,\"y\":1}}]}]},\"candidates\":[\"l1\",\"l2\",\"linf\",\"weighted-box\"]}";

    private static final String CERT = "/mechanism/sensitivity_certificate";

    static KNormSpec design(KNormProblem p, KNormComparison.Result r, String body) throws Exception {
        return KNormSpecs.toSpec(p, r, body, KNormSpecs.BodyForm.TRIANGULATION, Instant.EPOCH);
    }

    private static JsonObject withMechanism(KNormSpec spec, java.util.function.UnaryOperator<JsonObject> edit) {
        JsonObject doc = SpecCodec.write(spec);
        return SpecDigest.seal(doc.with("mechanism", edit.apply(doc.get("mechanism").orElseThrow().asObject())));
    }

    private static JsonObject certificate(JsonObject mechanism) {
        return mechanism.get("sensitivity_certificate").orElseThrow().asObject();
    }

    @Test
    void everyCertifiedBodyIsRecheckedAndTamperingIsRefused() throws Exception {
        KNormProblem p = KNormProblemParser.parse(JsonParser.parse(REGRESSION));
        KNormComparison.Result r = KNormDesigner.compare(p);
        List<KNormSpec> specs = new ArrayList<>();
        for (String body : List.of("l1", "l2", "linf", "weighted-box")) {
            KNormSpec spec = design(p, r, body);
            assertTrue(spec.sensitivityRechecked(), body + ": " + spec.sensitivityCheck());
            assertTrue(spec.sensitivityCheck().contains("certificate"), spec.sensitivityCheck());
            RuntimePolicy.standard().check(SpecCodec.read(SpecCodec.write(spec)));
            specs.add(spec);
            // Δ lowered by a quarter, resealed: the trees no longer prove it
            JsonObject lowered = withMechanism(spec, m -> m.with("sensitivity", new JsonString(spec.sensitivity().multiply(new BigDecimal("0.75")).toPlainString())));
            InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> SpecCodec.read(lowered), body);
            assertEquals(CERT + "/trees", e.pointer(), e.getMessage());
            assertTrue(e.getMessage().contains("does not prove"), e.getMessage());
            // garbled text
            JsonObject garbled = withMechanism(spec, m -> m.with("sensitivity_certificate", certificate(m).with("trees", new JsonString("AAAA"))));
            assertEquals(CERT + "/trees", assertThrows(InvalidSpecException.class, () -> SpecCodec.read(garbled), body).pointer());
            // an unknown format
            JsonObject format = withMechanism(spec, m -> m.with("sensitivity_certificate", certificate(m).with("format", new JsonString("trust-me"))));
            assertEquals(CERT + "/format", assertThrows(InvalidSpecException.class, () -> SpecCodec.read(format), body).pointer());
        }
        // one body's trees under another's gauge: refused (the trees' shape or their bound does not fit)
        for (int a = 0; a < specs.size(); a++) {
            for (int b = 0; b < specs.size(); b++) {
                if (a == b) {
                    continue;
                }
                String trees = certificate(SpecCodec.write(specs.get(b)).get("mechanism").orElseThrow().asObject()).get("trees").orElseThrow().asString();
                JsonObject swapped = withMechanism(specs.get(a), m -> m.with("sensitivity_certificate", certificate(m).with("trees", new JsonString(trees))));
                String what = specs.get(a).bodyType() + " with the trees of " + specs.get(b).bodyType();
                try {
                    KNormSpec loaded = (KNormSpec) SpecCodec.read(swapped);
                    // accepted only if the other trees happen to prove this body's Δ too: then they are a valid proof of it
                    assertTrue(loaded.sensitivityRechecked(), what);
                } catch (InvalidSpecException e) {
                    assertEquals(CERT + "/trees", e.pointer(), what + ": " + e.getMessage());
                }
            }
        }
    }

    /**
     * Issue 21 (3, 5): the sandwich hull of a curved statistic (its outer body Δ·P) carries a certificate over its facet rows:
     * re-checked at load, accepted by the standard policy, and a lowered Δ is refused; stored as half-spaces (whose box rows
     * the trees do not cover) it carries none and says so. The linear image searched over the sandwich is certified the same
     * way through its own gauge.
     */
    @Test
    void theSandwichHullIsCertifiedAndTamperingIsRefused() throws Exception {
        // add/remove: one record's box (the sandwich over pairs takes minutes to reach its tolerance)
        KNormProblem p = KNormProblemParser.parse(JsonParser.parse(REGRESSION.replace("[\"l1\",\"l2\",\"linf\",\"weighted-box\"]", "[\"linf\",\"hull\",\"search\"]")
                .replace("\"substitution\"", "\"add-remove\"")));
        KNormComparison.Result r = KNormDesigner.compare(p);
        KNormSpec spec = design(p, r, "hull");
        assertTrue(spec.sensitivityRechecked(), spec.sensitivityCheck());
        assertTrue(spec.sensitivityCheck().contains("certificate"), spec.sensitivityCheck());
        RuntimePolicy.standard().check(SpecCodec.read(SpecCodec.write(spec)));
        double delta = spec.sensitivity().doubleValue();
        assertTrue(delta >= 1 && delta <= 1 + KNormComparison.SANDWICH_TOLERANCE, "stored delta " + delta);
        JsonObject lowered = withMechanism(spec, m -> m.with("sensitivity", new JsonString(spec.sensitivity().multiply(new BigDecimal("0.999")).toPlainString())));
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> SpecCodec.read(lowered));
        assertEquals(CERT + "/trees", e.pointer(), e.getMessage());
        KNormSpec halfspaces = KNormSpecs.toSpec(p, r, "hull", KNormSpecs.BodyForm.HALFSPACES, Instant.EPOCH);
        assertFalse(halfspaces.sensitivityRechecked(), halfspaces.sensitivityCheck());
        // the searched linear image over the sandwich: certified through its own gauge, and the hull's trees do not prove it
        KNormSpec searched = design(p, r, "search");
        assertTrue(searched.sensitivityRechecked(), searched.sensitivityCheck());
        RuntimePolicy.standard().check(SpecCodec.read(SpecCodec.write(searched)));
        String hullTrees = certificate(SpecCodec.write(spec).get("mechanism").orElseThrow().asObject()).get("trees").orElseThrow().asString();
        JsonObject swapped = withMechanism(searched, m -> m.with("sensitivity_certificate", certificate(m).with("trees", new JsonString(hullTrees))));
        assertEquals(CERT + "/trees", assertThrows(InvalidSpecException.class, () -> SpecCodec.read(swapped)).pointer());
    }

    /**
     * Regression (issue 21, canonical features): the statistic (2, x − y², y − y) has an identically zero coordinate. Written
     * term by term, y − y was an interval of width 4 and the sandwich ended 40 rounds at a certified gauge bound of 59.17 on a
     * hull 1e-17 thick. Canonical, S_T is recognised as lying in the plane t2 = 0 (said in the provenance), the sandwich is
     * refined there (noise dimension 2) and certifies a gauge within its tolerance of 1; the runtime re-checks the certificate
     * after proving exactly that the statistic lies in the stored subspace, and refuses it when the recorded statistic does not.
     */
    @Test
    void aZeroCoordinateIsASubspaceAndTheFlatHullIsCertifiedNearOne() throws Exception {
        String json = "{\"kind\":\"knorm\",\"epsilon\":0.7071067811865476,\"neighbours\":\"add-remove\",\"statistic\":{\"variables\":{\"x\":[0.5,1],"
                + "\"y\":[-0.5,1.5]},\"features\":[{\"name\":\"t0\",\"terms\":[{\"coef\":2,\"powers\":{}}]},{\"name\":\"t1\",\"terms\":[{\"coef\":1,"
                + "\"powers\":{\"x\":1}},{\"coef\":-1,\"powers\":{\"y\":2}}]},{\"name\":\"t2\",\"terms\":[{\"coef\":1,\"powers\":{\"y\":1}},"
                + "{\"coef\":-1,\"powers\":{\"y\":1}}]}]},\"candidates\":[\"hull\"],\"criterion\":\"max-variance\"}";
        KNormProblem p = KNormProblemParser.parse(JsonParser.parse(json));
        assertTrue(p.provenance().contains("S_T lies in a subspace of dimension 2 of the 3 coordinates") && p.provenance().contains("identically zero: t2"),
                p.provenance());
        KNormComparison.Result r = KNormDesigner.compare(p);
        assertEquals(2, r.hull().dimension());
        KNormSpec spec = design(p, r, "hull");
        double delta = spec.sensitivity().doubleValue();
        assertTrue(delta >= 1 && delta <= 1 + KNormComparison.SANDWICH_TOLERANCE, "stored delta " + delta);
        assertTrue(spec.sensitivityRechecked(), spec.sensitivityCheck());
        RuntimePolicy.standard().check(SpecCodec.read(SpecCodec.write(spec)));
        // the recorded statistic moved out of the subspace (t2 = y): the same trees no longer cover S_T
        JsonObject doc = SpecCodec.write(spec);
        JsonObject design = doc.get("design").orElseThrow().asObject();
        JsonObject moved = SpecDigest.seal(doc.with("design", design.with("problem", JsonParser.parse(json.replace("{\"coef\":-1,\"powers\":{\"y\":1}}", "{\"coef\":-1,\"powers\":{}}"))
                .asObject())));
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> SpecCodec.read(moved));
        assertEquals("/mechanism/subspace", e.pointer(), e.getMessage());
    }

    @Test
    void aRunOutOfTimeStoresACertifiedCandidateAndSaysWhatItSkipped() throws Exception {
        KNormProblem p = KNormProblemParser.parse(JsonParser.parse(REGRESSION.replace("[\"l1\",\"l2\",\"linf\",\"weighted-box\"]", "[\"l1\",\"l2\",\"linf\"]")));
        Design d = Designers.design(p, Designers.Options.of(null).withTimeLimit(Duration.ofNanos(1)));
        KNormComparison.Result r = ((Design.KNorm) d).comparison();
        assertEquals(1, r.candidates().size(), r.candidates().toString());
        assertEquals(2, r.skipped().size(), r.skipped().toString());
        assertTrue(r.skipped().stream().allMatch(s -> s.contains("time limit")), r.skipped().toString());
        KNormSpec spec = ((Design.KNorm) d).spec();
        // the search stopped at once, so its bound is looser than the optimum (2), but certified and re-checked
        assertTrue(spec.sensitivity().doubleValue() >= 2, spec.sensitivity().toString());
        assertTrue(spec.sensitivityRechecked(), spec.sensitivityCheck());
        assertFalse(r.candidates().get(0).note().isEmpty());
    }
}
