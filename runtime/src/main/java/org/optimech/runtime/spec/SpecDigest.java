package org.optimech.runtime.spec;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonWriter;

/**
 * SHA-256 over the RFC 8785 canonical form of a spec without its {@code digest} and {@code signature} members.
 *
 * <p>Over the canonical form, not the file's raw bytes, on purpose: the digest then names the content, whatever the
 * layout (a re-indented or re-ordered file keeps its digest and signature), any RFC 8785 implementation can check it (the
 * golden files are sealed by an independent one), and the digest member needs no byte splicing to leave itself out. Its
 * cost is that the members must be sorted, so the digest is taken after the document is read rather than while it streams
 * past; the document is compact for that (large arrays held packed or as views over the spec's own numbers), so this
 * needs no copy of the text and no tree of the large members. A raw-byte digest would be a new format version.
 */
public final class SpecDigest {
    /** Digest algorithm name as stored. */
    public static final String ALGORITHM = "sha-256";
    /** Canonicalization name as stored. */
    public static final String CANONICALIZATION = "rfc8785";

    private SpecDigest() {
    }

    /** Lowercase hex SHA-256 of the canonical form of {@code document} minus its digest and signature members. */
    public static String compute(JsonObject document) {
        return compute(document, digested -> { });
    }

    /**
     * As {@link #compute(JsonObject)}, reporting the bytes of the canonical form digested so far (every 64 KiB, then once at
     * the end with the total).
     *
     * @param digested called on the computing thread with the bytes digested so far
     */
    public static String compute(JsonObject document, java.util.function.LongConsumer digested) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK provides SHA-256", e);
        }
        // streamed: the canonical text of a table of millions of entries is never held whole
        try (Counting out = new Counting(new DigestOutputStream(OutputStream.nullOutputStream(), sha), digested)) {
            JsonWriter.canonical(document.without("digest").without("signature"), out);
            digested.accept(out.count);
        } catch (IOException e) {
            throw new UncheckedIOException("a digest stream does not fail", e);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** Counts the bytes passed on, reporting every 64 KiB (the digest's and the signature's canonical passes). */
    static final class Counting extends java.io.FilterOutputStream {
        private static final long EVERY = 1 << 16;
        private final java.util.function.LongConsumer digested;
        private long count;

        Counting(OutputStream out, java.util.function.LongConsumer digested) {
            super(out);
            this.digested = digested;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            counted(1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            counted(len);
        }

        /** Bytes passed on so far. */
        long count() {
            return count;
        }

        private void counted(int n) {
            long before = count;
            count += n;
            if (count / EVERY != before / EVERY) {
                digested.accept(count);
            }
        }
    }

    /** {@code document} with its digest member set to the digest of the rest; any signature is dropped (the sealed content changed). */
    public static JsonObject seal(JsonObject document) {
        JsonObject digest = JsonObject.builder()
                .put("algorithm", ALGORITHM)
                .put("canonicalization", CANONICALIZATION)
                .put("value", compute(document))
                .build();
        return document.without("digest").without("signature").with("digest", digest);
    }
}
