package org.optimech.cli;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.ProblemParser;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonSyntaxException;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.SpecLoader;

/** Reading problem and spec files with one-line errors. */
final class SpecFiles {
    private SpecFiles() {
    }

    static MechanismSpec loadSpec(Path file) {
        return loadSpec(file, org.optimech.runtime.spec.RuntimePolicy.standard());
    }

    static MechanismSpec loadSpec(Path file, org.optimech.runtime.spec.RuntimePolicy policy) {
        try {
            return SpecLoader.load(file, policy);
        } catch (InvalidSpecException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, file + ": invalid spec: " + e.getMessage(), e);
        } catch (IOException e) {
            throw ioError(file, e);
        }
    }

    /** The {@code kind} of a problem file, or empty when it cannot be read that far (the real parser then reports why). */
    static java.util.Optional<String> problemKind(Path file) {
        try {
            JsonValue doc = JsonParser.parse(file);
            if (doc instanceof JsonObject o && o.get("kind").orElse(null) instanceof JsonString k) {
                return java.util.Optional.of(k.value());
            }
        } catch (IOException | JsonSyntaxException e) {
            // reported by the parser that reads the file for real
        }
        return java.util.Optional.empty();
    }

    static DiscreteProblem loadProblem(Path file) {
        try {
            return ProblemParser.read(file);
        } catch (InvalidProblemException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, file + ": invalid problem: " + e.getMessage(), e);
        } catch (IOException e) {
            throw ioError(file, e);
        }
    }

    static OptimechCli.CliException ioError(Path file, IOException e) {
        String why = e instanceof NoSuchFileException ? "no such file" : e.getMessage() != null ? e.getMessage() : e.toString();
        return new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, file + ": cannot read: " + why, e);
    }
}
