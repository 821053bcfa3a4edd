package org.optimech.designer.problem;

import java.io.IOException;
import java.nio.file.Path;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonSyntaxException;
import org.optimech.runtime.json.JsonValue;

/**
 * Reads any problem: parses the JSON once and dispatches on {@code kind} to the parser of that kind. Parsers only
 * parse and validate; nothing here builds geometry or solves anything.
 */
public final class Problems {
    private Problems() {
    }

    /** Reads and validates a problem file of any kind. */
    public static Problem read(Path file) throws IOException, InvalidProblemException {
        try {
            return parse(JsonParser.parse(file));
        } catch (JsonSyntaxException e) {
            throw new InvalidProblemException("", e.getMessage());
        }
    }

    /** Parses and validates a problem held in a string. */
    public static Problem parse(String json) throws InvalidProblemException {
        try {
            return parse(JsonParser.parse(json));
        } catch (JsonSyntaxException e) {
            throw new InvalidProblemException("", e.getMessage());
        }
    }

    /** Validates a parsed problem document of any kind. */
    public static Problem parse(JsonValue document) throws InvalidProblemException {
        try {
            JsonObject o = Fields.object(document, "");
            String kind = Fields.oneOf(Fields.member(o, "kind", ""), "/kind", "discrete", "knorm", "function");
            return switch (kind) {
                case "discrete" -> ProblemParser.parse(o);
                case "knorm" -> KNormProblemParser.parse(o);
                default -> FunctionProblem.parse(o);
            };
        } catch (FieldException e) {
            throw InvalidProblemException.of(e);
        }
    }
}
