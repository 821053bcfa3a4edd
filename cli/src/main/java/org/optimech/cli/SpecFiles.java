package org.optimech.cli;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.Problem;
import org.optimech.designer.problem.Problems;
import org.optimech.runtime.spec.MechanismSpec;
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
            throw invalidSpec(file, e);
        } catch (IOException e) {
            throw ioError(file, e);
        }
    }

    /** {@link #loadSpec(Path, org.optimech.runtime.spec.RuntimePolicy)} with the load's progress ({@link ProgressOption#loading}). */
    static MechanismSpec loadSpec(Path file, org.optimech.runtime.spec.RuntimePolicy policy, ProgressOption progress) {
        try {
            return progress.loading("loading " + file.getFileName() + " (digest, shapes, privacy re-check)", file, policy);
        } catch (InvalidSpecException e) {
            throw invalidSpec(file, e);
        } catch (IOException e) {
            throw ioError(file, e);
        }
    }

    /** Reads a problem of any kind; a malformed one is a one-line bad-input error naming the field. */
    static Problem loadProblem(Path file) {
        try {
            return Problems.read(file);
        } catch (InvalidProblemException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, file + ": invalid problem: " + e.getMessage(), e);
        } catch (IOException e) {
            throw ioError(file, e);
        }
    }

    /** Reads a problem that must be of one kind, for a command that handles only that kind. */
    static <P extends Problem> P loadProblem(Path file, Class<P> kind, String command) {
        Problem p = loadProblem(file);
        if (!kind.isInstance(p)) {
            String wanted = kind == DiscreteProblem.class ? "discrete" : kind == KNormProblem.class ? "knorm" : "function";
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, file + ": invalid problem: /kind: " + command + " takes \"" + wanted
                    + "\" problems only. Provided value: \"" + p.kind() + "\"");
        }
        return kind.cast(p);
    }

    /**
     * Refuses an output path that is the input file itself (the same file through any path or link): writing there would replace
     * the user's input with the result.
     */
    static void requireNotInput(Path out, String outOption, Path input, String inputRole) {
        boolean same;
        try {
            same = java.nio.file.Files.exists(out) && java.nio.file.Files.exists(input) ? java.nio.file.Files.isSameFile(out, input)
                    : out.toAbsolutePath().normalize().equals(input.toAbsolutePath().normalize());
        } catch (IOException e) {
            same = out.toAbsolutePath().normalize().equals(input.toAbsolutePath().normalize());
        }
        if (same) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, outOption + " is the " + inputRole + " " + input + "; writing there would replace it. "
                    + "Choose another file. Provided value: " + out);
        }
    }

    /** A refused spec as one line, with the command-line way out where the refusal is a policy the user may relax. */
    static OptimechCli.CliException invalidSpec(Path file, InvalidSpecException e) {
        String hint = hint(e).map(h -> " (" + h + ")").orElse("");
        return new OptimechCli.CliException(OptimechCli.EXIT_FAILED, file + ": invalid spec: " + e.getMessage() + hint, e);
    }

    /** The command-line options that relax the policy behind a refusal, if any. */
    static java.util.Optional<String> hint(InvalidSpecException e) {
        if (e.pointer().equals("/mechanism/sensitivity") && e.detail().startsWith("could not be re-checked")) {
            return java.util.Optional.of("on the command line: --allow-unchecked-sensitivity, or sign the spec and pass --trusted-key NAME=FILE");
        }
        if (e.pointer().equals("/privacy/input_policy") && e.detail().contains("reject")) {
            return java.util.Optional.of("on the command line: verify --input-policy reject accepts a legacy reject spec");
        }
        return java.util.Optional.empty();
    }

    static OptimechCli.CliException ioError(Path file, IOException e) {
        String why = e instanceof NoSuchFileException ? "no such file" : e.getMessage() != null ? e.getMessage() : e.toString();
        return new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, file + ": cannot read: " + why, e);
    }
}
