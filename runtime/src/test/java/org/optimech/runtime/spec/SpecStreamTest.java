package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.PrivacyChecks;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.json.JsonWriter;
import org.optimech.runtime.testing.JsonEdit;

/**
 * The streaming loader ({@link SpecLoader#parse}/{@link SpecLoader#load}, which hold a table or remap flat) against the tree
 * codec ({@link SpecCodec#read(JsonValue)}): the same verdict, the same spec and digest, the same message for every refusal,
 * and the streamed writer gives the text byte for byte.
 */
class SpecStreamTest {

    /** A table with every entry positive, its certified ε its exact largest neighbour ratio rounded up. */
    static DiscreteMechanismSpec table(Random rnd, int rows, int cols, int bits) throws InvalidSpecException {
        BigInteger total = BigInteger.ONE.shiftLeft(bits);
        BigInteger[][] w = new BigInteger[rows][cols];
        for (int i = 0; i < rows; i++) {
            BigInteger left = total;
            for (int j = 0; j < cols - 1; j++) {
                // at least 1, leaving at least 1 for each later column
                BigInteger room = left.subtract(BigInteger.valueOf(cols - 1 - j));
                BigInteger x = new BigInteger(Math.max(1, room.bitLength()), rnd).mod(room.max(BigInteger.ONE)).add(BigInteger.ONE).min(room);
                w[i][j] = x;
                left = left.subtract(x);
            }
            w[i][cols - 1] = left;
        }
        WeightTable t = WeightTable.of(bits, w);
        NeighbourGraph path = NeighbourGraph.path(rows);
        double ln = Math.max(PrivacyChecks.maxRatio(t, path).ln(), 1e-6);
        BigDecimal eps = BigDecimal.valueOf(ln * (1 + 1e-9)).setScale(9, RoundingMode.CEILING);
        PrivacyGuarantee p = new PrivacyGuarantee(Relation.SUBSTITUTION, path, eps, BigDecimal.ZERO, eps, BigDecimal.ZERO, Numerics.EXACT, InputPolicy.CLAMP);
        return DiscreteMechanismSpec.of(new IntegerRange(0, rows - 1), new IntegerRange(0, cols - 1), t, p, JsonObject.builder().put("method", "test").build(),
                JsonObject.builder().put("tool", "test").build());
    }

    /** What a load gives: the spec's digest, or the refusal's pointer and detail. */
    private static String outcome(ThrowingSupplier load) {
        try {
            MechanismSpec s = load.get();
            return "ok " + s.document().get("digest").orElseThrow();
        } catch (InvalidSpecException e) {
            return "refused " + e.pointer() + " | " + e.detail();
        } catch (Exception e) {
            return "error " + e;
        }
    }

    private interface ThrowingSupplier {
        MechanismSpec get() throws Exception;
    }

    /** The streaming and the tree loader agree on a document's text, and a spec read both ways is the same. */
    private static String agree(String text) {
        String streamed = outcome(() -> SpecLoader.parse(text));
        String tree = outcome(() -> SpecCodec.read(JsonParser.parse(text)));
        assertEquals(tree, streamed, text.length() < 4000 ? text : text.substring(0, 4000));
        return streamed;
    }

    @Property(tries = 60)
    void streamingAndTreeLoadersAgree(@ForAll @IntRange(min = 1, max = 6) int rows, @ForAll @IntRange(min = 1, max = 6) int cols,
            @ForAll @IntRange(min = 0, max = 80) int extraBits, @ForAll long seed, @ForAll @IntRange(min = 0, max = 6) int edit) throws Exception {
        Random rnd = new Random(seed);
        int bits = 3 + extraBits; // 2^3 ≥ 6 columns of at least 1; up to 83 bits, so some weights exceed a long
        DiscreteMechanismSpec spec = table(rnd, rows, cols, bits);
        String text = SpecLoader.toText(spec);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SpecLoader.write(spec, out);
        assertArrayEquals(text.getBytes(StandardCharsets.UTF_8), out.toByteArray(), "the streamed writer gives the text byte for byte");
        MechanismSpec back = SpecLoader.parse(text);
        assertEquals(spec, back);
        assertEquals(SpecDigest.compute(spec.document()), SpecDigest.compute(back.document()));
        assertTrue(agree(text).startsWith("ok"));

        // an edit, resealed so that the field checks (not the digest) must catch it: both loaders say the same
        int i = rnd.nextInt(rows);
        int j = rnd.nextInt(cols);
        String w = spec.weights().weight(i, j).toString();
        String ptr = "/mechanism/weights/" + i + "/" + j;
        JsonObject doc = spec.document();
        JsonValue edited = switch (edit) {
            case 0 -> JsonEdit.set(doc, ptr, new JsonString("0" + w)); // a leading zero
            case 1 -> JsonEdit.set(doc, ptr, JsonNumber.of(spec.weights().weight(i, j).longValue())); // a number, not a string
            case 2 -> JsonEdit.set(doc, ptr, new JsonString(spec.weights().weight(i, j).add(BigInteger.ONE).toString())); // a row sum off by one
            case 3 -> JsonEdit.set(doc, "/mechanism/weights/" + i, JsonParser.parse("[\"1\"]")); // a short row
            case 4 -> JsonEdit.set(doc, "/mechanism/weights", JsonParser.parse("[]")); // no rows
            case 5 -> JsonEdit.set(doc, ptr, new JsonString("-" + w)); // a sign
            default -> doc; // unchanged
        };
        String editedText = JsonWriter.pretty(SpecDigest.seal((JsonObject) edited));
        String verdict = agree(editedText);
        assertEquals(edit == 6, verdict.startsWith("ok"), verdict);
        // and without resealing every edit is refused by both (by the digest, or by a check made before it)
        if (edit != 6) {
            assertTrue(agree(JsonWriter.pretty(((JsonObject) edited))).startsWith("refused"));
        }
    }

    /** A remap row in a form the writer does not use (an object with one output, a number as 2.0) still loads, with its digest. */
    @Test
    void remapRowsInOtherFormsLoadAsWritten() throws Exception {
        JsonObject doc = SpecCodec.write(GeometricRemapSpecTest.sample("0.5"));
        JsonValue objectRow = JsonEdit.set(doc, "/mechanism/remap/0", JsonParser.parse("{\"outputs\": [0], \"weights\": [\"4\"]}"));
        assertTrue(agree(JsonWriter.pretty(SpecDigest.seal((JsonObject) objectRow))).startsWith("ok"));
        JsonValue decimalRow = JsonEdit.set(doc, "/mechanism/remap/4", JsonNumber.ofLiteral("2.0"));
        assertTrue(agree(JsonWriter.pretty(SpecDigest.seal((JsonObject) decimalRow))).startsWith("ok"));
        JsonValue reordered = JsonEdit.set(doc, "/mechanism/remap/2", JsonParser.parse("{\"weights\": [\"1\", \"3\"], \"outputs\": [1, 2]}"));
        String text = JsonWriter.pretty(SpecDigest.seal((JsonObject) reordered));
        assertEquals(agree(text), agree(SpecLoader.toText(GeometricRemapSpecTest.sample("0.5"))), "member order does not change the digest");
        // refusals: an output out of range, a weight of zero, both resealed
        assertTrue(agree(JsonWriter.pretty(SpecDigest.seal((JsonObject) JsonEdit.set(doc, "/mechanism/remap/1", JsonNumber.of(7))))).startsWith("refused"));
        assertTrue(agree(JsonWriter.pretty(SpecDigest.seal((JsonObject) JsonEdit.set(doc, "/mechanism/remap/2/weights/0", new JsonString("0")))))
                .startsWith("refused"));
    }

    /** A signed spec verifies after a streaming load, and an edit made after signing is refused. */
    @Test
    void signaturesVerifyOverTheStreamedTable() throws Exception {
        KeyPair keys = SpecSignature.generate();
        RuntimePolicy trusting = RuntimePolicy.builder().trustKey("publisher", keys.getPublic()).requireSignature().build();
        DiscreteMechanismSpec spec = table(new Random(7), 5, 4, 70);
        JsonObject signed = SpecSignature.sign(spec.document(), keys.getPrivate(), "publisher");
        MechanismSpec back = SpecLoader.parse(JsonWriter.pretty(signed), trusting);
        assertEquals(trusting.check(back), "publisher");
        JsonObject edited = SpecDigest.seal((JsonObject) JsonEdit.set(signed, "/provenance/tool", new JsonString("other")));
        JsonObject resigned = edited.with("signature", signed.get("signature").orElseThrow());
        assertTrue(outcome(() -> SpecLoader.parse(JsonWriter.pretty(resigned), trusting)).contains("does not verify"));
    }
}
