package org.optimech.runtime.spec;

import org.optimech.runtime.testing.TestMechanisms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.math.BigDecimal;
import java.util.Objects;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.LabelSet;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonValue;

/**
 * Golden spec files of version 1, written by hand and sealed by an independent RFC 8785
 * implementation (Python, with ECMAScript number formatting checked against node). Old versions
 * must keep loading: never edit these files, add new ones.
 */
class GoldenFilesTest {
    static JsonObject golden(String name) throws Exception {
        try (InputStream in = Objects.requireNonNull(GoldenFilesTest.class.getResourceAsStream("/golden/v1/" + name), name)) {
            return JsonParser.parse(in).asObject();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"randomized-response.json", "count-path.json", "approximate-dp.json", "elliptic-gaussian.json"})
    void loadsAndItsDigestMatchesTheIndependentImplementation(String name) throws Exception {
        JsonObject doc = golden(name);
        MechanismSpec spec = TestMechanisms.read(doc);
        String stored = doc.get("digest").orElseThrow().asObject().get("value").orElseThrow().asString();
        assertEquals(stored, SpecDigest.compute(doc));
        // Writing the loaded spec again gives the same canonical content, hence the same digest.
        JsonObject rewritten = SpecCodec.write(spec);
        assertEquals(stored, rewritten.get("digest").orElseThrow().asObject().get("value").orElseThrow().asString());
    }

    @Test
    void randomizedResponse() throws Exception {
        DiscreteMechanismSpec s = (DiscreteMechanismSpec) TestMechanisms.read(golden("randomized-response.json"));
        assertEquals(new LabelSet(java.util.List.of("no", "yes")), s.inputs());
        assertEquals(NeighbourGraph.Kind.COMPLETE, s.privacy().neighbours().kind());
        assertEquals(new BigDecimal("1.098612289"), s.privacy().certifiedEpsilon());
        assertEquals(0.75, s.weights().probability(0, 0));
        assertEquals(InputPolicy.REJECT, s.privacy().inputPolicy());
    }

    @Test
    void countPathClampsOutOfRangeInputs() throws Exception {
        DiscreteMechanism m = org.optimech.runtime.testing.TestMechanisms.discrete(TestMechanisms.read(golden("count-path.json")));
        assertEquals(new IntegerRange(0, 2), m.spec().inputs());
        assertEquals(2, m.inputIndex("7"));
        assertEquals(0, m.inputIndex("-3"));
        assertEquals(1, m.inputIndex("1"));
        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> m.inputIndex("1.5"));
        assertEquals("input must be an integer in [0, 2]. Provided value: \"1.5\"", e.getMessage());
    }

    @Test
    void rejectPolicyAcceptsInRangeValuesHoweverWritten() throws Exception {
        DiscreteMechanism m = org.optimech.runtime.testing.TestMechanisms.discrete(TestMechanisms.read(golden("approximate-dp.json")));
        assertEquals(InputPolicy.REJECT, m.spec().privacy().inputPolicy());
        assertEquals(1, m.inputIndex("1"));
        assertEquals(1, m.inputIndex("01"));
        assertEquals(0, m.inputIndex(" 0"));
        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> m.inputIndex("2"));
        assertEquals("input is outside [0, 1] and the spec's input policy is reject. Provided value: 2", e.getMessage());
    }

    @Test
    void approximateDp() throws Exception {
        DiscreteMechanismSpec s = (DiscreteMechanismSpec) TestMechanisms.read(golden("approximate-dp.json"));
        assertTrue(!s.privacy().isPure());
        assertEquals(new BigDecimal("0.015625"), s.privacy().certifiedDelta());
        assertEquals(Relation.ADD_REMOVE, s.privacy().relation());
    }

    static JsonValue parse(String s) throws Exception {
        return JsonParser.parse(s);
    }
}
