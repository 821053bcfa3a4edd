package org.optimech.designer.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import org.optimech.designer.problem.FunctionProblem;
import org.optimech.designer.problem.KNormProblemParser;
import org.optimech.designer.problem.ProblemParser;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonSyntaxException;
import org.optimech.runtime.json.JsonValue;

/**
 * Fuzzes the problem parsers the CLI dispatches to by {@code "kind"} (discrete, K-norm, function): every input must
 * end in a {@link FieldException} (or a JSON syntax error) naming the field and the reason, or in a parsed problem —
 * never another exception, a hang or running out of memory.
 *
 * <p>Seeds: the bundled example problems, in {@code ProblemParserFuzzTestInputs/parseProblem}, the saved corpus and
 * any crashers; they replay as regression tests in every {@code mvn verify}; {@code mvn -Pfuzz test} fuzzes.
 */
class ProblemParserFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void parseProblem(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            JsonValue doc = JsonParser.parse(text);
            String kind = doc instanceof JsonObject o && o.get("kind").orElse(null) instanceof JsonString s ? s.asString() : "";
            Object parsed;
            switch (kind) {
                case "knorm":
                    parsed = KNormProblemParser.parse(doc);
                    break;
                case "function":
                    parsed = FunctionProblem.parse(doc.asObject());
                    break;
                default:
                    parsed = ProblemParser.parse(doc);
            }
            assertNotNull(parsed);
        } catch (FieldException e) {
            assertNotNull(e.pointer(), "an error names its field");
            assertFalse(e.detail() == null || e.detail().isEmpty(), "an error says why");
        } catch (JsonSyntaxException e) {
            assertFalse(e.getMessage() == null || e.getMessage().isEmpty());
        }
    }
}
