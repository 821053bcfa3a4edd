package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonWriter;
import org.optimech.runtime.testing.TestMechanisms;

/**
 * The parts every spec kind shares ({@link AbstractMechanismSpec}) read from every golden file, kind by kind, against the
 * file itself: the privacy statement, the design and provenance blocks, the sealed document (written back as the file wrote
 * it, packed number arrays included), equality by document within a kind, and the text form.
 */
class SpecSkeletonTest {
    static List<String> goldenFiles() {
        return List.of("randomized-response.json", "count-path.json", "approximate-dp.json", "elliptic-gaussian.json", "gaussian-process.json",
                "knorm-hexagon.json", "knorm-halfspaces.json", "knorm-histogram-subspace.json", "knorm-l1-lattice.json", "knorm-hexagon-lattice.json");
    }

    @ParameterizedTest
    @MethodSource("goldenFiles")
    void theSharedPartsAreTheFilesOwn(String name) throws Exception {
        JsonObject file = GoldenFilesTest.golden(name);
        MechanismSpec spec = TestMechanisms.read(file);
        JsonObject privacy = file.get("privacy").orElseThrow().asObject();
        assertEquals(file.get("mechanism").orElseThrow().asObject().get("kind").orElseThrow().asString(), spec.kind());
        assertEquals(privacy.get("relation").orElseThrow().asString(), spec.relation().json());
        assertEquals(new BigDecimal(privacy.get("epsilon").orElseThrow().asString()), spec.epsilon());
        assertEquals(new BigDecimal(privacy.get("delta").orElseThrow().asString()), spec.delta());
        assertEquals(new BigDecimal(privacy.get("certified_epsilon").orElseThrow().asString()), spec.certifiedEpsilon());
        assertEquals(new BigDecimal(privacy.get("certified_delta").orElseThrow().asString()), spec.certifiedDelta());
        assertEquals(file.get("design").orElseThrow(), spec.design());
        assertEquals(file.get("provenance").orElseThrow(), spec.provenance());
        assertEquals(JsonWriter.pretty(file), SpecLoader.toText(spec), "the document is written back literal for literal");
        assertEquals(JsonWriter.canonical(file), JsonWriter.canonical(spec.document()));
        assertEquals(spec.kind() + " spec " + file.get("digest").orElseThrow(), spec.toString());
        MechanismSpec again = SpecLoader.parse(SpecLoader.toText(spec), TestMechanisms.everything(NumericsPolicy.ALLOW_IDEALIZED));
        assertEquals(spec, again);
        assertEquals(spec.hashCode(), again.hashCode());
    }

    @Test
    void specsOfDifferentContentOrKindDiffer() throws Exception {
        List<MechanismSpec> specs = new java.util.ArrayList<>();
        for (String name : goldenFiles()) {
            specs.add(TestMechanisms.read(GoldenFilesTest.golden(name)));
        }
        for (int i = 0; i < specs.size(); i++) {
            for (int j = 0; j < specs.size(); j++) {
                if (i != j) {
                    assertNotEquals(specs.get(i), specs.get(j), goldenFiles().get(i) + " vs " + goldenFiles().get(j));
                }
            }
        }
    }
}
