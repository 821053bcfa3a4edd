package org.optimech.runtime.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.SpecDigest;
import org.optimech.runtime.spec.SpecLoader;

/**
 * Fuzzes the spec loader: every input must end in an {@link InvalidSpecException} naming a pointer and a reason,
 * or in a valid spec that writes back to the same digest — never another exception, a hang or running out of
 * memory (Jazzer reports those as findings).
 *
 * <p>Seeds: the golden files, in {@code SpecLoaderFuzzTestInputs/loadSpec}, plus each saved crasher. Without
 * {@code JAZZER_FUZZ} (a normal {@code mvn verify}) the seeds replay as regression tests; {@code mvn -Pfuzz test}
 * fuzzes for {@code maxDuration}.
 */
class SpecLoaderFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void loadSpec(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        MechanismSpec spec;
        try {
            spec = SpecLoader.parse(text);
        } catch (InvalidSpecException e) {
            assertNotNull(e.pointer(), "an error names its field");
            assertFalse(e.detail() == null || e.detail().isEmpty(), "an error says why");
            return;
        }
        // a valid spec: it re-seals to the digest it was loaded with
        String again = SpecLoader.toText(spec);
        MechanismSpec back;
        try {
            back = SpecLoader.parse(again);
        } catch (InvalidSpecException e) {
            throw new AssertionError("a loaded spec does not re-load: " + e.getMessage(), e);
        }
        assertEquals(digest(again), digest(SpecLoader.toText(back)));
    }

    private static String digest(String text) {
        try {
            return SpecDigest.compute((org.optimech.runtime.json.JsonObject) org.optimech.runtime.json.JsonParser.parse(text));
        } catch (org.optimech.runtime.json.JsonSyntaxException e) {
            throw new AssertionError(e);
        }
    }
}
