package org.optimech.runtime.certificate;

import java.io.ByteArrayOutputStream;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The byte codes of a certificate tree, written in preorder (each node's code, then its children), and the stored text
 * form: the trees of a certificate one after another, deflated and base64-encoded.
 *
 * <ul>
 *   <li>{@link #LEAF}: the node's box is bounded by its leaf bound;</li>
 *   <li>{@link #REDUCE}: monotonicity fixes at least one coordinate at a face; one child on the face;</li>
 *   <li>{@link #CONCAVE} then the point y (n doubles, 8 bytes each, big-endian): the tangent-plane bound at y;</li>
 *   <li>{@link #SEPARATE} (Σ|u_j| trees): every row's sign is known on the box, so the maximum separates into one-sided
 *       trees, max_X A then (pairs) max_X′ (−A);</li>
 *   <li>{@code SPLIT + v}: bisection of coordinate v at its exact midpoint; two children, lower half first;</li>
 *   <li>{@code SPLIT + n + z} (Σ u_j² trees): the flip of z's variable is a symmetry of the box and the rows
 *       ({@link PairObjective#mirrorHalf}), so the half z ≥ 0 holds the maximum: one child, that half.</li>
 *   <li>{@code SPLIT + n + j} (Σ|u_j| trees): row j's sign is fixed to +1, then to −1; two children.</li>
 *   <li>{@code SPLIT + n + rows + z} (Σ|u_j| trees): the objective is certified convex along coordinate z on the box
 *       ({@link PairObjective#sumConvex}), so its maximum lies on a face: two children, the face z = lo then z = hi.</li>
 *   <li>{@code SPLIT + 2n + rows + z} (Σ|u_j| trees): a face step as above where, in addition, the flip of z's variable is a
 *       symmetry of the box, the rows and the fixed signs ({@link PairObjective#mirrorFace}), so both faces have the same
 *       maximum: one child, the face z = hi.</li>
 * </ul>
 */
public final class TreeCodes {
    public static final int LEAF = 0;
    public static final int REDUCE = 1;
    public static final int CONCAVE = 2;
    public static final int SEPARATE = 3;
    public static final int SPLIT = 4;
    /** Codes are single bytes: a step whose code would exceed this cannot be written. */
    public static final int MAX_CODE = 255;
    /** The most bytes a stored certificate may inflate to. */
    public static final int MAX_BYTES = 1 << 26;

    private TreeCodes() {
    }

    /** Deflates and base64-encodes the trees. */
    public static String encode(byte[] trees) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
        d.setInput(trees);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        while (!d.finished()) {
            int n = d.deflate(buf);
            out.write(buf, 0, n);
        }
        d.end();
        return Base64.getEncoder().encodeToString(out.toByteArray());
    }

    /**
     * The trees of a stored text.
     *
     * @throws IllegalArgumentException for text that is not base64 of a complete deflate stream of at most {@link #MAX_BYTES}
     */
    public static byte[] decode(String text) {
        byte[] packed;
        try {
            packed = Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("must be base64: " + e.getMessage());
        }
        Inflater inf = new Inflater();
        inf.setInput(packed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        try {
            while (!inf.finished()) {
                int n = inf.inflate(buf);
                if (n == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    throw new IllegalArgumentException("is a truncated deflate stream");
                }
                out.write(buf, 0, n);
                if (out.size() > MAX_BYTES) {
                    throw new IllegalArgumentException("inflates to more than " + MAX_BYTES + " bytes");
                }
            }
            if (inf.getRemaining() != 0) {
                throw new IllegalArgumentException("has bytes after its deflate stream");
            }
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("is not a deflate stream: " + e.getMessage());
        } finally {
            inf.end();
        }
        return out.toByteArray();
    }
}
