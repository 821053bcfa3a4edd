package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.ChiSquare;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.Remap;
import org.optimech.runtime.testing.JsonEdit;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.random.SeededRandomBits;

/** The structural spec kind: round trip, tampering with a recomputed digest, and exact sampling. */
class GeometricRemapSpecTest {

    /** Inputs 0..4, outputs 0..2: 0,1 → 0; 2 → 1 or 2 (1/4, 3/4); 3,4 → 2. */
    static GeometricRemapSpec sample(String noiseEpsilon) throws InvalidSpecException {
        int n = 4;
        Remap remap = Remap.of(2, 3, new int[][] {{0}, {0}, {1, 2}, {2}, {2}}, new long[][] {{4}, {4}, {1, 3}, {4}, {4}});
        PrivacyGuarantee p = new PrivacyGuarantee(Relation.SUBSTITUTION, NeighbourGraph.path(n + 1), new BigDecimal("0.5"), BigDecimal.ZERO,
                new BigDecimal("0.5"), BigDecimal.ZERO, Numerics.EXACT, InputPolicy.CLAMP);
        return GeometricRemapSpec.of(new IntegerRange(0, n), new IntegerRange(0, 2), new BigDecimal(noiseEpsilon), remap, p,
                JsonObject.builder().put("method", "test").build(), JsonObject.builder().build());
    }

    @Test
    void roundTripsThroughTheCodec() throws Exception {
        GeometricRemapSpec s = sample("0.5");
        String text = SpecLoader.toText(s);
        MechanismSpec back = SpecLoader.parse(text);
        assertEquals(s, back);
        assertTrue(text.contains("\"kind\": \"geometric-remap\""), text);
        assertTrue(text.replaceAll("\\s", "").contains("{\"outputs\":[1,2],\"weights\":[\"1\",\"3\"]}"), text);
    }

    private static void assertRefused(JsonObject doc, String pointer, String part) {
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> SpecCodec.read(SpecDigest.seal(doc)));
        assertEquals(pointer, e.pointer(), e.getMessage());
        assertTrue(e.detail().contains(part), e.getMessage());
    }

    /** Edits an attacker makes and reseals: each is refused by a field check. */
    @Test
    void refusesEditsEvenWithARecomputedDigest() throws Exception {
        JsonObject doc = SpecCodec.write(sample("0.5"));
        assertRefused((JsonObject) JsonEdit.set(doc, "/mechanism/noise_epsilon", new JsonString("0.6")), "/mechanism/noise_epsilon", "at most certified_epsilon");
        assertRefused((JsonObject) JsonEdit.set(doc, "/mechanism/noise_epsilon", new JsonString("0")), "/mechanism/noise_epsilon", "must be > 0");
        assertRefused((JsonObject) JsonEdit.set(doc, "/privacy/neighbours", new JsonString("complete")), "/privacy/neighbours", "only on the path graph");
        assertRefused((JsonObject) JsonEdit.set(doc, "/mechanism/remap/0", JsonNumber.of(3)), "/mechanism/remap/0", "integer in [0, 2]");
        assertRefused((JsonObject) JsonEdit.set(doc, "/mechanism/remap/2/weights/1", new JsonString("2")), "/mechanism/remap", "sum to exactly 2^2");
        assertRefused((JsonObject) JsonEdit.set(doc, "/mechanism/remap", JsonParser.parse("[0, 0, 1, 2]")), "/mechanism/remap", "one row per input (5)");
        JsonObject rejecting = (JsonObject) JsonEdit.set(doc, "/privacy/input_policy", new JsonString("reject"));
        assertRefused((JsonObject) JsonEdit.set(rejecting, "/mechanism/inputs", JsonParser.parse("{\"labels\": [\"a\",\"b\",\"c\",\"d\",\"e\"]}")),
                "/mechanism/inputs", "integer range");
        assertRefused((JsonObject) JsonEdit.set(doc, "/mechanism/weights", JsonParser.parse("[]")), "/mechanism/weights", "unknown key");
    }

    /**
     * The sampled output distribution against the exact composition: truncated geometric on 0..4 with
     * α = e^{-1/2}, then the remap. χ² per input with false-failure probability 1e-7.
     */
    @Test
    void samplesTheTruncatedGeometricFollowedByTheRemap() throws Exception {
        GeometricRemapSpec s = sample("0.5");
        DiscreteMechanism m = org.optimech.runtime.testing.TestMechanisms.discrete(s);
        SeededRandomBits bits = new SeededRandomBits(11);
        double a = Math.exp(-0.5);
        int n = 4;
        for (int i = 0; i <= n; i++) {
            double[] out = new double[3];
            for (int z = 0; z <= n; z++) {
                double g = z == 0 ? Math.pow(a, i) / (1 + a) : z == n ? Math.pow(a, n - i) / (1 + a) : (1 - a) / (1 + a) * Math.pow(a, Math.abs(i - z));
                for (int k = 0; k < s.remap().width(z); k++) {
                    out[s.remap().outputAt(z, k)] += g * s.remap().probabilityAt(z, k);
                }
            }
            long[] counts = new long[3];
            int draws = 100_000;
            for (int d = 0; d < draws; d++) {
                counts[m.sampleIndex(i, bits)]++;
            }
            ChiSquare.assertFits(counts, out, draws, "input " + i);
        }
    }
}
