package org.optimech.runtime.spec;

import java.io.IOException;
import java.io.OutputStream;
import java.security.GeneralSecurityException;
import java.security.SignatureException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonWriter;

/**
 * Optional Ed25519 signatures on specs (the JDK's EdDSA). The digest proves integrity only: anyone who
 * edits a spec can recompute it. A signature over the canonical form of the sealed document (digest
 * included, signature excluded) proves that a holder of the private key wrote it; the runtime accepts it
 * only for keys its {@link RuntimePolicy} trusts. Keys are stored as Base64 of their standard encodings
 * (X.509 for public keys, PKCS#8 for private keys).
 *
 * <p>Algorithm {@value #ALGORITHM}, the one written, signs a short message:
 * the ASCII {@value #DOMAIN} followed by the 64-byte SHA-512 of that canonical form, which is
 * computed streamed. Pure Ed25519 hashes its message twice, so the JDK buffers the whole message:
 * about 120 MB for a table of 10^7 entries. {@value #LEGACY} (the canonical form signed as is) still
 * verifies, for specs signed before.
 */
public final class SpecSignature {
    /** The algorithm written: Ed25519 over {@link #DOMAIN} and the SHA-512 of the canonical form. */
    public static final String ALGORITHM = "ed25519-sha512";
    /** The earlier algorithm, verified but no longer written: Ed25519 over the canonical form itself. */
    public static final String LEGACY = "ed25519";
    /** Domain separation for {@link #ALGORITHM}: the message is these ASCII bytes then the 64-byte digest. */
    public static final String DOMAIN = "optimech spec signature v2 sha-512\n";
    static final Set<String> KEYS = Set.of("algorithm", "key_id", "value");

    private SpecSignature() {
    }

    /** A fresh Ed25519 key pair. */
    public static KeyPair generate() {
        try {
            return KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK 17 provides Ed25519", e);
        }
    }

    public static String encode(PublicKey key) {
        return Base64.getEncoder().encodeToString(key.getEncoded());
    }

    public static String encode(PrivateKey key) {
        return Base64.getEncoder().encodeToString(key.getEncoded());
    }

    /** @throws IllegalArgumentException if the text is not a Base64 X.509 Ed25519 public key */
    public static PublicKey publicKey(String base64) {
        try {
            return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64.strip())));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not a Base64 X.509 Ed25519 public key: " + e.getMessage(), e);
        }
    }

    /** @throws IllegalArgumentException if the text is not a Base64 PKCS#8 Ed25519 private key */
    public static PrivateKey privateKey(String base64) {
        try {
            return KeyFactory.getInstance("Ed25519").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64.strip())));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not a Base64 PKCS#8 Ed25519 private key: " + e.getMessage(), e);
        }
    }

    /** {@code sealed} with a signature member by {@code key}, named {@code keyId}. The digest must already be in place. */
    public static JsonObject sign(JsonObject sealed, PrivateKey key, String keyId) {
        return sign(sealed, key, keyId, hashed -> { });
    }

    /**
     * As {@link #sign(JsonObject, PrivateKey, String)}, reporting the bytes of the canonical form hashed so far (every 64 KiB,
     * then once with the total), for a progress display: a big spec's canonical form takes seconds to write.
     */
    public static JsonObject sign(JsonObject sealed, PrivateKey key, String keyId, java.util.function.LongConsumer hashed) {
        if (!sealed.has("digest")) {
            throw new IllegalArgumentException("seal the spec (SpecDigest.seal) before signing it");
        }
        if (keyId == null || keyId.isBlank()) {
            throw new IllegalArgumentException("key id must not be blank");
        }
        try {
            Signature s = Signature.getInstance("Ed25519");
            s.initSign(key);
            s.update(message(sealed.without("signature"), hashed));
            JsonObject sig = JsonObject.builder().put("algorithm", ALGORITHM).put("key_id", keyId)
                    .put("value", Base64.getEncoder().encodeToString(s.sign())).build();
            return sealed.without("signature").with("signature", sig);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot sign with this key: " + e.getMessage(), e);
        }
    }

    /** The message {@link #ALGORITHM} signs: {@link #DOMAIN} then the SHA-512 of the canonical form, hashed block by block. */
    static byte[] message(JsonObject doc) throws GeneralSecurityException {
        return message(doc, hashed -> { });
    }

    private static byte[] message(JsonObject doc, java.util.function.LongConsumer hashed) throws GeneralSecurityException {
        MessageDigest sha = MessageDigest.getInstance("SHA-512");
        try (SpecDigest.Counting out = new SpecDigest.Counting(new java.security.DigestOutputStream(OutputStream.nullOutputStream(), sha), hashed)) {
            JsonWriter.canonical(doc, out);
            hashed.accept(out.count());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("a digest stream does not fail", e);
        }
        byte[] domain = DOMAIN.getBytes(StandardCharsets.US_ASCII);
        byte[] digest = sha.digest();
        byte[] m = Arrays.copyOf(domain, domain.length + digest.length);
        System.arraycopy(digest, 0, m, domain.length, digest.length);
        return m;
    }

    /** Where the canonical form's blocks go. */
    private interface Sink {
        void update(byte[] b, int off, int len) throws GeneralSecurityException;
    }

    /** Streams the canonical form of {@code doc} into {@code sink} block by block (no whole copy of a large table's text). */
    private static void canonical(JsonObject doc, Sink sink) throws GeneralSecurityException {
        OutputStream out = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                try {
                    sink.update(b, off, len);
                } catch (GeneralSecurityException e) {
                    throw new IOException(e);
                }
            }
        };
        try {
            JsonWriter.canonical(doc, out);
        } catch (IOException e) {
            throw e.getCause() instanceof GeneralSecurityException ge ? ge : new SignatureException(e);
        }
    }

    /** The signature member's shape: algorithm, key id and a 64-byte Base64 value. */
    static void checkShape(JsonObject doc) throws FieldException {
        JsonObject sig = Fields.object(doc.get("signature").orElseThrow(), "/signature");
        Fields.allowedKeys(sig, "/signature", KEYS);
        Fields.oneOf(Fields.member(sig, "algorithm", "/signature"), "/signature/algorithm", ALGORITHM, LEGACY);
        String id = Fields.string(Fields.member(sig, "key_id", "/signature"), "/signature/key_id");
        if (id.isBlank()) {
            throw new FieldException("/signature/key_id", "must not be blank");
        }
        String value = Fields.string(Fields.member(sig, "value", "/signature"), "/signature/value");
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(value);
        } catch (IllegalArgumentException e) {
            throw new FieldException("/signature/value", "must be Base64. Provided value: " + Fields.quote(value.length() > 40 ? value.substring(0, 37) + "..." : value));
        }
        if (raw.length != 64) {
            throw new FieldException("/signature/value", "must be a 64-byte Ed25519 signature; it decodes to " + raw.length + " bytes");
        }
    }

    /**
     * Verifies the document's signature against the trusted keys.
     *
     * @return the key id that signed it
     * @throws FieldException if the signature is missing, names an untrusted key, or does not verify
     */
    static String verify(JsonObject doc, Map<String, PublicKey> trusted) throws FieldException {
        return verify(doc, trusted, hashed -> { });
    }

    /** As {@link #verify(JsonObject, Map)}, reporting the bytes of the canonical form hashed so far (as {@link #sign}). */
    static String verify(JsonObject doc, Map<String, PublicKey> trusted, java.util.function.LongConsumer hashed) throws FieldException {
        if (!doc.has("signature")) {
            throw new FieldException("/signature", "is required by the runtime policy but missing: the spec is unsigned");
        }
        checkShape(doc);
        JsonObject sig = doc.get("signature").orElseThrow().asObject();
        String id = sig.get("key_id").orElseThrow().asString();
        PublicKey key = trusted.get(id);
        if (key == null) {
            throw new FieldException("/signature/key_id", "names a key the runtime policy does not trust. Provided value: " + Fields.quote(id) + "; trusted: "
                    + trusted.keySet());
        }
        try {
            Signature s = Signature.getInstance("Ed25519");
            s.initVerify(key);
            JsonObject signed = doc.without("signature");
            if (sig.get("algorithm").orElseThrow().asString().equals(LEGACY)) {
                canonical(signed, s::update); // the JDK buffers this message whole
            } else {
                s.update(message(signed, hashed));
            }
            if (!s.verify(Base64.getDecoder().decode(sig.get("value").orElseThrow().asString()))) {
                throw new FieldException("/signature/value", "does not verify with trusted key " + Fields.quote(id)
                        + ": the spec was changed after it was signed, or signed by another key");
            }
        } catch (GeneralSecurityException e) {
            throw new FieldException("/signature/value", "cannot be verified: " + e.getMessage());
        }
        return id;
    }
}
