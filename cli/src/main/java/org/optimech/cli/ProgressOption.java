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
}
