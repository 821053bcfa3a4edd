package org.optimech.cli;

import org.optimech.designer.common.Progress;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The {@code -q/--quiet} option of every command with long work, and the progress it selects: the tool's one progress
 * mechanism ({@link Progress#console}: a bar on a terminal, plain timestamped lines otherwise) on the command's error stream,
 * or nothing.
 */
final class ProgressOption {
    @Option(names = {"-q", "--quiet"}, description = "No progress on stderr (a bar on a terminal, plain lines otherwise; OPTIMECH_PROGRESS=bar|lines|none "
            + "overrides the choice).")
    boolean quiet;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec mixee;

    /** Where the command reports its progress. */
    Progress progress() {
        return quiet ? Progress.silent() : Progress.console(mixee.commandLine().getErr());
    }

    /** A step that reads files or specs: its I/O and spec errors pass through {@link #running}. */
    interface Step<T> {
        T call() throws java.io.IOException, org.optimech.runtime.spec.InvalidSpecException;
    }

    /**
     * Runs a step that reads files or specs (loading and re-checking a big spec, summing a CSV from standard input) under the
     * selected progress: a stage line, then a heartbeat every 5 s while it runs.
     */
    <T> T running(String message, Step<T> step) throws java.io.IOException, org.optimech.runtime.spec.InvalidSpecException {
        return during(progress(), message, step);
    }

    /**
     * Loads and re-checks a spec ({@link org.optimech.runtime.spec.SpecLoader#load(java.nio.file.Path,
     * org.optimech.runtime.spec.RuntimePolicy, org.optimech.runtime.spec.LoadProgress)}) under a stage line, each long step
     * (bytes read, bytes digested, a table's rows) with its figure and estimate ({@link LoadSteps}); the stage's heartbeat
     * covers the checks that follow them.
     */
    org.optimech.runtime.spec.MechanismSpec loading(String message, java.nio.file.Path file, org.optimech.runtime.spec.RuntimePolicy policy)
            throws java.io.IOException, org.optimech.runtime.spec.InvalidSpecException {
        Progress p = progress(); // one instance: its heartbeat is left out while the counts' task runs
        return during(p, message, () -> {
            try (LoadSteps steps = new LoadSteps(p, "loading " + file.getFileName())) {
                return org.optimech.runtime.spec.SpecLoader.load(file, policy, steps);
            }
        });
    }

    /** As {@link #running(String, Step)}, under a given instance of the selected progress (one whose tasks the step reports to). */
    <T> T running(Progress progress, String message, Step<T> step) throws java.io.IOException, org.optimech.runtime.spec.InvalidSpecException {
        return during(progress, message, step);
    }

    private static <T> T during(Progress progress, String message, Step<T> step) throws java.io.IOException, org.optimech.runtime.spec.InvalidSpecException {
        try {
            return progress.during(message, 5, step::call);
        } catch (java.io.IOException | org.optimech.runtime.spec.InvalidSpecException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e); // Step throws nothing else checked
        }
    }
}
