package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.testing.JsonEdit;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;

/**
 * Every field of a valid spec, altered, is refused with a message naming it — once with the stale
 * digest (the digest catches it) and once with the digest recomputed after the edit, as an attacker
 * who knows the format would, so that only the field checks and the exact re-check of the privacy
 * constraints stand between the edit and production.
 */
class TamperingTest {

    private static InvalidSpecException refuse(JsonValue doc) {
        return assertThrows(InvalidSpecException.class, () -> SpecCodec.read(doc));
    }

    private static JsonObject edit(JsonObject doc, String pointer, JsonValue value) {
        return (JsonObject) JsonEdit.set(doc, pointer, value);
    }

    private static void assertRefused(JsonObject doc, String pointer, String messagePart) {
        InvalidSpecException e = refuse(doc);
        assertEquals(pointer, e.pointer(), e.getMessage());
        assertTrue(e.detail().contains(messagePart), e.getMessage());
    }

    /** Edits without recomputing the digest: the digest check fires first. */
    @Test
    void staleDigestCatchesEveryEdit() throws Exception {
        JsonObject doc = GoldenFilesTest.golden("count-path.json");
        String[][] edits = {
            {"/mechanism/weights/0/0", "\"161\""},
            {"/privacy/epsilon", "\"2.0\""},
            {"/privacy/certified_epsilon", "\"0.1\""},
            {"/privacy/neighbours", "\"complete\""},
            {"/design/note", "\"edited\""},
        };
        for (String[] e : edits) {
            assertRefused(edit(doc, e[0], GoldenFilesTest.parse(e[1])), "/digest/value", "digest mismatch");
        }
        assertRefused(edit(doc, "/digest/value", new JsonString("0".repeat(64))), "/digest/value", "digest mismatch");
        assertRefused(edit(doc, "/digest/value", new JsonString("xyz")), "/digest/value", "64 lowercase hex digits");
        assertRefused(edit(doc, "/digest", null), "/digest", "is required but missing");
    }

    @Test
    void unknownVersionsAndFormatsAreRefusedBeforeAnythingElse() throws Exception {
        JsonObject doc = GoldenFilesTest.golden("count-path.json");
        assertRefused(SpecDigest.seal(edit(doc, "/version", JsonNumber.of(2))), "/version", "unsupported spec version; this runtime reads version 1. Provided value: number 2");
        assertRefused(edit(doc, "/version", new JsonString("1")), "/version", "unsupported spec version");
        assertRefused(SpecDigest.seal(edit(doc, "/format", new JsonString("other"))), "/format", "must be \"optimech-spec\"");
        assertRefused(SpecDigest.seal(edit(doc, "/mechanism/kind", new JsonString("laplace"))), "/mechanism/kind", "unknown mechanism kind");
    }

    /** A one-unit move inside a row keeps the sum; only the exact ratio re-check can see it. */
    @Test
    void resealedWeightEditIsCaughtByTheExactPrivacyRecheck() throws Exception {
        JsonObject doc = GoldenFilesTest.golden("count-path.json");
        JsonObject t = edit(doc, "/mechanism/weights/0/0", new JsonString("161"));
        t = SpecDigest.seal(edit(t, "/mechanism/weights/0/1", new JsonString("63")));
        assertRefused(t, "/mechanism/weights/0/0", "violates the certified guarantee: neighbouring inputs \"0\" and \"1\" give output 0 with probability ratio 2.0125");
    }

    @Test
    void resealedPrivacyEditsAreCaught() throws Exception {
        JsonObject doc = GoldenFilesTest.golden("count-path.json");
        // claim a stronger guarantee than the integers achieve
        assertRefused(SpecDigest.seal(edit(doc, "/privacy/certified_epsilon", new JsonString("0.69"))), "/mechanism/weights/0/0", "violates the certified guarantee");
        // a graph with more neighbour pairs than the table was designed for: 160/40 = 4 > 2
        assertRefused(SpecDigest.seal(edit(doc, "/privacy/neighbours", new JsonString("complete"))), "/mechanism/weights/0/0", "ratio 4.0");
        // epsilon below the certified value
        JsonObject e = edit(doc, "/privacy/epsilon", new JsonString("0.5"));
        e = SpecDigest.seal(edit(e, "/privacy/epsilon_double", JsonNumber.of(0.5)));
        assertRefused(e, "/privacy/certified_epsilon", "must be in [0, epsilon = 0.5]");
        // epsilon changed without its double
        assertRefused(SpecDigest.seal(edit(doc, "/privacy/epsilon", new JsonString("2.0"))), "/privacy/epsilon_double", "must be the double nearest to epsilon = 2.0");
        assertRefused(SpecDigest.seal(edit(doc, "/privacy/epsilon", new JsonString("NaN"))), "/privacy/epsilon", "must be a decimal number written as a string");
        assertRefused(SpecDigest.seal(edit(doc, "/privacy/epsilon", JsonNumber.of(1.0))), "/privacy/epsilon", "Provided value: number 1");
        assertRefused(SpecDigest.seal(edit(doc, "/privacy/numerics", new JsonString("idealized"))), "/privacy/numerics", "must say \"exact\"");
        assertRefused(SpecDigest.seal(edit(doc, "/privacy/guarantee", new JsonString("approximate-dp"))), "/privacy/guarantee", "exactly when delta is 0");
        assertRefused(SpecDigest.seal(edit(doc, "/privacy/input_policy", new JsonString("ignore"))), "/privacy/input_policy", "must be one of \"clamp\", \"default\" or \"reject\"");
        // a default input must be a value of the domain, and only with the default policy
        JsonObject def = edit(doc, "/privacy/input_policy", new JsonString("default"));
        assertRefused(SpecDigest.seal(def), "/privacy/default_input", "missing");
        assertRefused(SpecDigest.seal(def.with("privacy", def.get("privacy").orElseThrow().asObject().with("default_input", new JsonString("999")))),
                "/privacy/default_input", "must be one of the spec's inputs");
        assertRefused(SpecDigest.seal(doc.with("privacy", doc.get("privacy").orElseThrow().asObject().with("default_input", new JsonString("0")))),
                "/privacy/default_input", "only allowed with input_policy \"default\"");
    }

    @Test
    void resealedDeltaEditIsCaughtByTheExactHockeyStick() throws Exception {
        JsonObject doc = GoldenFilesTest.golden("approximate-dp.json");
        assertRefused(SpecDigest.seal(edit(doc, "/privacy/certified_delta", new JsonString("0.0156"))), "/privacy/certified_delta",
                "not (0.5, 0.0156)-DP: their hockey-stick divergence at e^0.5 is 0.015625");
        assertRefused(SpecDigest.seal(edit(doc, "/privacy/certified_delta", new JsonString("0.03"))), "/privacy/certified_delta", "must be in [0, delta = 0.02]");
    }

    @Test
    void resealedShapeEditsAreCaught() throws Exception {
        JsonObject doc = GoldenFilesTest.golden("count-path.json");
        assertRefused(SpecDigest.seal(edit(doc, "/mechanism/weights/2", null)), "/mechanism/weights", "must have one row per input (3); found 2 rows");
        assertRefused(SpecDigest.seal(edit(doc, "/mechanism/weights/1/2", null)), "/mechanism/weights/1", "must have one weight per output (3); found 2");
        assertRefused(SpecDigest.seal(edit(doc, "/mechanism/inputs/range", JsonArray.ofLongs(0, 3))), "/mechanism/weights", "one row per input (4)");
        assertRefused(SpecDigest.seal(edit(doc, "/mechanism/weights/1/0", new JsonString("81"))), "/mechanism/weights/1", "weights must sum to exactly 2^8 = 256; they sum to 257");
        assertRefused(SpecDigest.seal(edit(doc, "/mechanism/denominator_bits", JsonNumber.of(9))), "/mechanism/weights/0", "sum to exactly 2^9");
        assertRefused(SpecDigest.seal(edit(doc, "/mechanism/weights/0/0", new JsonString("0160"))), "/mechanism/weights/0/0", "no leading zeros");
        assertRefused(SpecDigest.seal(edit(doc, "/mechanism/weights/0/0", new JsonString("-160"))), "/mechanism/weights/0/0", "non-negative integer");
        assertRefused(SpecDigest.seal(edit(doc, "/mechanism/weights/0/0", JsonNumber.of(160))), "/mechanism/weights/0/0", "must be a string");
        assertRefused(SpecDigest.seal(edit(doc, "/mechanism/extra", JsonNumber.of(1))), "/mechanism/extra", "unknown key \"extra\"");
        assertRefused(SpecDigest.seal(edit(doc, "/privacy/neighbours", GoldenFilesTest.parse("{\"edges\": [[0, 5]]}"))), "/privacy/neighbours/edges/0/1", "must be an integer in [0, 2]");
    }

    @Test
    void malformedJsonIsRefusedWithItsPosition() {
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> SpecLoader.parse("{\"format\": \"optimech-spec\",\n \"version\": 1,,}"));
        assertEquals("", e.pointer());
        assertTrue(e.getMessage().startsWith("/: malformed JSON at line 2"), e.getMessage());
    }

    /**
     * Issue 18 (9): RFC 8785 hashes a number as its double, so {@code 1} and {@code 1.00000000000000000001} would hash alike
     * while a reader of exact decimals (the statistic of a Spark job) tells them apart. A spec may hold only numbers that
     * round-trip; the literal that does not is refused, and a number that does still loads.
     */
    @Test
    void numberLiteralsMustRoundTripThroughTheirDouble() throws Exception {
        JsonObject doc = GoldenFilesTest.golden("count-path.json");
        JsonObject design = doc.get("design").orElseThrow().asObject();
        JsonObject inexact = design.with("bound", JsonNumber.ofLiteral("1.00000000000000000001"));
        JsonObject exact = design.with("bound", JsonNumber.ofLiteral("1"));
        assertEquals(SpecDigest.compute(doc.with("design", inexact)), SpecDigest.compute(doc.with("design", exact)), "the canonical form cannot tell them apart");
        assertRefused(SpecDigest.seal(doc.with("design", inexact)), "/design/bound", "does not cover exactly");
        org.optimech.runtime.json.FieldException huge = assertThrows(org.optimech.runtime.json.FieldException.class,
                () -> org.optimech.runtime.json.ExactNumbers.requireRoundTrip(design.with("huge", JsonNumber.ofLiteral("1e400")), "/design"));
        assertEquals("/design/huge", huge.pointer());
        SpecCodec.read(SpecDigest.seal(doc.with("design", exact.with("tenth", JsonNumber.ofLiteral("0.1")).with("tiny", JsonNumber.ofLiteral("1e-30")))));
    }
}
