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
     * Loads and validates a spec file under the {@link RuntimePolicy#standard() standard policy} (which refuses a spec whose
     * sensitivity could not be re-checked unless it is signed by a trusted key: with none trusted, such a spec needs a
     * policy that allows it).
     *
     * @throws IOException if the file cannot be read
     * @throws InvalidSpecException if it is not valid JSON (pointer {@code ""}) or not a valid spec
     */
    public static MechanismSpec load(Path file) throws IOException, InvalidSpecException {
        return load(file, RuntimePolicy.standard());
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
        return SpecCodec.read(doc, policy);
    }

    /** Parses and validates a spec held in a string, under the {@link RuntimePolicy#standard() standard policy}. */
    public static MechanismSpec parse(String json) throws InvalidSpecException {
        return parse(json, RuntimePolicy.standard());
    }

    /** Parses and validates a spec held in a string, then applies a runtime policy. */
    public static MechanismSpec parse(String json, RuntimePolicy policy) throws InvalidSpecException {
        JsonValue doc;
        try {
            doc = JsonParser.parse(json);
        } catch (JsonSyntaxException e) {
            throw new InvalidSpecException("", e.getMessage());
        }
        return SpecCodec.read(doc, policy);
    }

    /** The file text of a spec: the sealed document, pretty-printed. */
    public static String toText(MechanismSpec spec) {
        return JsonWriter.pretty(SpecCodec.write(spec));
    }
}
