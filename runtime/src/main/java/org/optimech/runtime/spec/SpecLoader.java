package org.optimech.runtime.spec;

import java.io.IOException;
import java.nio.file.Path;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonSyntaxException;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.json.JsonWriter;

/** Loads spec files: parse, then {@link SpecCodec#read validate everything}. */
public final class SpecLoader {
    private SpecLoader() {
    }

    /**
     * Loads and validates a spec file.
     *
     * @throws IOException if the file cannot be read
     * @throws InvalidSpecException if it is not valid JSON (pointer {@code ""}) or not a valid spec
     */
    public static MechanismSpec load(Path file) throws IOException, InvalidSpecException {
        JsonValue doc;
        try {
            doc = JsonParser.parse(file);
        } catch (JsonSyntaxException e) {
            throw new InvalidSpecException("", e.getMessage());
        }
        return SpecCodec.read(doc);
    }

    /**
     * Loads and validates a spec file, then applies a runtime policy (trusted signatures, maximum ε and δ, numerics).
     *
     * @throws InvalidSpecException if the spec is invalid or the policy refuses it
     */
    public static MechanismSpec load(Path file, RuntimePolicy policy) throws IOException, InvalidSpecException {
        JsonValue doc;
        try {
            doc = JsonParser.parse(file);
        } catch (JsonSyntaxException e) {
            throw new InvalidSpecException("", e.getMessage());
        }
        MechanismSpec spec = SpecCodec.read(doc);
        policy.check(doc.asObject(), spec);
        return spec;
    }

    /** Parses and validates a spec held in a string. */
    public static MechanismSpec parse(String json) throws InvalidSpecException {
        JsonValue doc;
        try {
            doc = JsonParser.parse(json);
        } catch (JsonSyntaxException e) {
            throw new InvalidSpecException("", e.getMessage());
        }
        return SpecCodec.read(doc);
    }

    /** The file text of a spec: the sealed document, pretty-printed. */
    public static String toText(MechanismSpec spec) {
        return JsonWriter.pretty(SpecCodec.write(spec));
    }
}
