package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.optimech.runtime.testing.JsonEdit;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonWriter;

/** Ed25519 signatures and the runtime policy: what an attacker who can recompute the digest still cannot do. */
class SignatureTest {
    @TempDir
    Path dir;

    static final KeyPair PUBLISHER = SpecSignature.generate();
    static final KeyPair OTHER = SpecSignature.generate();

    static RuntimePolicy strict() {
        return RuntimePolicy.builder().trustKey("publisher", PUBLISHER.getPublic()).requireSignature().build();
    }

    Path write(JsonObject doc, String name) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, JsonWriter.pretty(doc));
        return p;
    }

    InvalidSpecException refused(JsonObject doc, RuntimePolicy policy) throws Exception {
        Path p = write(doc, "x.spec.json");
        return assertThrows(InvalidSpecException.class, () -> SpecLoader.load(p, policy));
    }

    @Test
    void aSignedSpecLoadsUnderAStrictPolicyAndKeepsItsDigest() throws Exception {
        JsonObject golden = GoldenFilesTest.golden("count-path.json");
        JsonObject signed = SpecSignature.sign(golden, PUBLISHER.getPrivate(), "publisher");
        assertEquals(SpecDigest.compute(golden), SpecDigest.compute(signed), "the digest excludes the signature");
        MechanismSpec s = SpecLoader.load(write(signed, "signed.spec.json"), strict());
        assertEquals("discrete-table", s.kind());
        assertEquals("publisher", strict().check(s));
        // a permissive runtime still loads it (shape checked, not verified)
        SpecLoader.load(write(signed, "signed2.spec.json"));
    }

    /**
     * Issue 24 (6): signing a big spec writes its canonical form, seconds for millions of entries; the bytes hashed are reported
     * (every 64 KiB, then the total), the total being the canonical text's size counted independently, and the signature is the
     * one signed without progress (Ed25519 is deterministic).
     */
    @Test
    void signingReportsTheBytesOfTheCanonicalFormHashed() throws Exception {
        JsonObject big = SpecStreamTest.table(new java.util.Random(3), 100, 100, 100).document();
        java.util.List<Long> reports = new java.util.ArrayList<>();
        JsonObject signed = SpecSignature.sign(big, PUBLISHER.getPrivate(), "publisher", reports::add);
        assertEquals(SpecSignature.sign(big, PUBLISHER.getPrivate(), "publisher"), signed);
        long canonical = JsonWriter.canonicalBytes(big.without("signature")).length;
        assertTrue(canonical > 2 * 65536, "several 64 KiB blocks: " + canonical);
        assertEquals(canonical, reports.get(reports.size() - 1), "the last report is the whole canonical form");
        assertTrue(reports.size() >= 3, "reports in between: " + reports);
        for (int i = 1; i < reports.size(); i++) {
            assertTrue(reports.get(i) >= reports.get(i - 1), "the counts only grow: " + reports);
        }
    }

    @Test
    void anEditWithARecomputedDigestIsRefused() throws Exception {
        JsonObject signed = SpecSignature.sign(GoldenFilesTest.golden("count-path.json"), PUBLISHER.getPrivate(), "publisher");
        // the attacker edits the design note (the privacy re-check cannot see it), recomputes the digest and keeps the old signature
        JsonObject edited = (JsonObject) JsonEdit.set(signed, "/design/note", new JsonString("edited"));
        JsonObject resealed = SpecDigest.seal(edited).with("signature", signed.get("signature").orElseThrow());
        SpecCodec.read(resealed); // integrity checks pass: the digest is consistent
        InvalidSpecException e = refused(resealed, strict());
        assertEquals("/signature/value", e.pointer());
        assertTrue(e.detail().contains("changed after it was signed"), e.getMessage());
        // or drops the signature: unsigned specs are refused when a signature is required
        e = refused(SpecDigest.seal(edited), strict());
        assertEquals("/signature", e.pointer());
        // or signs with their own key
        e = refused(SpecSignature.sign(SpecDigest.seal(edited), OTHER.getPrivate(), "publisher"), strict());
        assertEquals("/signature/value", e.pointer());
        e = refused(SpecSignature.sign(SpecDigest.seal(edited), OTHER.getPrivate(), "attacker"), strict());
        assertEquals("/signature/key_id", e.pointer());
    }

    @Test
    void policyLimitsEpsilonDeltaAndNumerics() throws Exception {
        JsonObject count = GoldenFilesTest.golden("count-path.json"); // certified epsilon 0.693147181
        RuntimePolicy tight = RuntimePolicy.builder().maxEpsilon(new BigDecimal("0.5")).build();
        InvalidSpecException e = refused(count, tight);
        assertEquals("/privacy/certified_epsilon", e.pointer());
        RuntimePolicy noDelta = RuntimePolicy.builder().maxDelta(BigDecimal.ZERO).build();
        assertEquals("/privacy/certified_delta", refused(GoldenFilesTest.golden("approximate-dp.json"), noDelta).pointer());
        RuntimePolicy exact = RuntimePolicy.builder().numerics(NumericsPolicy.EXACT_ONLY).build();
        assertEquals("/privacy/numerics", refused(GoldenFilesTest.golden("knorm-hexagon.json"), exact).pointer());
        SpecLoader.load(write(count, "ok.spec.json"), exact);
        assertThrows(IllegalArgumentException.class, () -> RuntimePolicy.builder().requireSignature().numerics(NumericsPolicy.EXACT_ONLY).build());
    }

    /**
     * Issue 18 (4): a policy constrains what the guarantee is about. A spec designed on the path graph (private only between
     * neighbouring values) does not pass a policy that needs the complete graph, however its numbers check out; likewise the
     * relation and the input policy.
     */
    @Test
    void policyConstrainsRelationNeighbourGraphAndInputPolicy() throws Exception {
        JsonObject path = GoldenFilesTest.golden("count-path.json"); // substitution, path graph, clamp
        JsonObject complete = GoldenFilesTest.golden("randomized-response.json"); // substitution, complete graph, legacy reject
        RuntimePolicy local = RuntimePolicy.builder().neighbourGraphs(java.util.Set.of(org.optimech.runtime.discrete.NeighbourGraph.Kind.COMPLETE))
                .inputPolicies(java.util.EnumSet.allOf(InputPolicy.class)).build();
        InvalidSpecException e = refused(path, local);
        assertEquals("/privacy/neighbours", e.pointer());
        assertTrue(e.detail().contains("private only between neighbours on the path graph"), e.getMessage());
        local.check(SpecCodec.read(complete, local));
        RuntimePolicy addRemove = RuntimePolicy.builder().relations(java.util.Set.of(Relation.ADD_REMOVE)).build();
        assertEquals("/privacy/relation", refused(path, addRemove).pointer());
        assertEquals("/privacy/relation", refused(GoldenFilesTest.golden("knorm-hexagon.json"), addRemove).pointer());
        // the standard policy refuses the legacy reject policy (a release would fail on an out-of-domain value); it can be allowed
        assertEquals("/privacy/input_policy", refused(complete, RuntimePolicy.standard()).pointer());
        RuntimePolicy.standard().check(SpecCodec.read(path));
        assertThrows(IllegalArgumentException.class, () -> RuntimePolicy.builder().relations(java.util.Set.of()));
    }

    @Test
    void malformedSignaturesAreRefusedByTheLoader() throws Exception {
        JsonObject signed = SpecSignature.sign(GoldenFilesTest.golden("count-path.json"), PUBLISHER.getPrivate(), "publisher");
        JsonObject bad = (JsonObject) JsonEdit.set(signed, "/signature/value", new JsonString("AAAA"));
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> SpecCodec.read(bad));
        assertEquals("/signature/value", e.pointer());
        assertTrue(e.detail().contains("64-byte"), e.getMessage());
        JsonObject alg = (JsonObject) JsonEdit.set(signed, "/signature/algorithm", new JsonString("rsa"));
        assertEquals("/signature/algorithm", assertThrows(InvalidSpecException.class, () -> SpecCodec.read(alg)).pointer());
        // keys round-trip through their Base64 encodings
        assertEquals(PUBLISHER.getPublic(), SpecSignature.publicKey(SpecSignature.encode(PUBLISHER.getPublic())));
        assertThrows(IllegalArgumentException.class, () -> SpecSignature.publicKey("not a key"));
    }

    /** The Ed25519 signature of {@code message} by the publisher, Base64. */
    static String rawSign(byte[] message) throws Exception {
        java.security.Signature s = java.security.Signature.getInstance("Ed25519");
        s.initSign(PUBLISHER.getPrivate());
        s.update(message);
        return java.util.Base64.getEncoder().encodeToString(s.sign());
    }

    static byte[] canonicalBytes(JsonObject doc) {
        return JsonWriter.canonical(doc).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    static JsonObject withSignature(JsonObject sealed, String algorithm, String value) {
        return sealed.without("signature").with("signature", JsonObject.builder().put("algorithm", algorithm).put("key_id", "publisher").put("value", value).build());
    }

    /**
     * Issue 23 (4): what is signed is the domain string and the SHA-512 of the canonical form (a streamed hash), not the
     * canonical form itself. Checked against an independent computation of that message from the whole canonical text.
     */
    @Test
    void signaturesAreOverTheSha512OfTheCanonicalForm() throws Exception {
        JsonObject golden = GoldenFilesTest.golden("count-path.json");
        JsonObject signed = SpecSignature.sign(golden, PUBLISHER.getPrivate(), "publisher");
        JsonObject sig = signed.get("signature").orElseThrow().asObject();
        assertEquals("ed25519-sha512", sig.get("algorithm").orElseThrow().asString());
        byte[] digest = java.security.MessageDigest.getInstance("SHA-512").digest(canonicalBytes(golden.without("signature")));
        java.io.ByteArrayOutputStream message = new java.io.ByteArrayOutputStream();
        message.write("optimech spec signature v2 sha-512\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        message.write(digest);
        java.security.Signature v = java.security.Signature.getInstance("Ed25519");
        v.initVerify(PUBLISHER.getPublic());
        v.update(message.toByteArray());
        assertTrue(v.verify(java.util.Base64.getDecoder().decode(sig.get("value").orElseThrow().asString())));
        // Ed25519 is deterministic: signing the same message independently gives the same value
        assertEquals(rawSign(message.toByteArray()), sig.get("value").orElseThrow().asString());
    }

    /** Specs signed before (algorithm "ed25519", the canonical form signed whole) still verify, and still refuse edits. */
    @Test
    void legacySignaturesStillVerifyAndCannotBeRelabelled() throws Exception {
        JsonObject golden = GoldenFilesTest.golden("count-path.json");
        String legacyValue = rawSign(canonicalBytes(golden.without("signature")));
        JsonObject legacy = withSignature(golden, "ed25519", legacyValue);
        assertEquals("publisher", strict().check(SpecLoader.load(write(legacy, "legacy.spec.json"), strict())));
        // edited and resealed: refused
        JsonObject edited = SpecDigest.seal((JsonObject) JsonEdit.set(legacy, "/design/note", new JsonString("edited")));
        InvalidSpecException e = refused(withSignature(edited, "ed25519", legacyValue), strict());
        assertEquals("/signature/value", e.pointer());
        // a legacy value relabelled as the new algorithm, or a new value relabelled as legacy, does not verify
        assertEquals("/signature/value", refused(withSignature(golden, "ed25519-sha512", legacyValue), strict()).pointer());
        String newValue = SpecSignature.sign(golden, PUBLISHER.getPrivate(), "publisher").get("signature").orElseThrow().asObject().get("value")
                .orElseThrow().asString();
        assertEquals("/signature/value", refused(withSignature(golden, "ed25519", newValue), strict()).pointer());
        // signing the bare SHA-512 without the domain string is not accepted either
        byte[] bare = java.security.MessageDigest.getInstance("SHA-512").digest(canonicalBytes(golden.without("signature")));
        assertEquals("/signature/value", refused(withSignature(golden, "ed25519-sha512", rawSign(bare)), strict()).pointer());
    }
}
