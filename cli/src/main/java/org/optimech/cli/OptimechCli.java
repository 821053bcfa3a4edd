package org.optimech.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Entry point of the {@code optimech} command. */
@Command(name = "optimech",
        mixinStandardHelpOptions = true,
        versionProvider = OptimechCli.Version.class,
        description = "Designs provably optimal differentially private mechanisms, certifies them, and samples from them.",
        subcommands = {DesignCommand.class, SweepCommand.class, CompareCommand.class, VerifyCommand.class, SampleCommand.class, BenchCommand.class, InspectCommand.class, KeygenCommand.class, SignCommand.class, LedgerCommand.class, StatisticCommand.class, CommandLine.HelpCommand.class})
public final class OptimechCli implements Runnable {
    /** Exit code: a spec is invalid, or a design could not be completed. */
    public static final int EXIT_FAILED = 1;
    /** Exit code: bad input (a malformed problem or spec, a bad argument, an unreadable file). */
    public static final int EXIT_BAD_INPUT = 2;

    @Option(names = "--debug", description = "Print stack traces of errors.", scope = CommandLine.ScopeType.INHERIT)
    boolean debug;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required: design, sweep, verify, sample or inspect");
    }

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(new java.io.OutputStreamWriter(System.out, java.nio.charset.StandardCharsets.UTF_8), true),
                new PrintWriter(new java.io.OutputStreamWriter(System.err, java.nio.charset.StandardCharsets.UTF_8), true)));
    }

    /** Runs the CLI with the given streams; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new OptimechCli());
        // "@FILE" is an optimech value (sample --input @values.txt), not a picocli argument file to splice into the command line
        cl.setExpandAtFiles(false);
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            boolean debug = commandLine.getCommandSpec().root().userObject() instanceof OptimechCli root && root.debug;
            if (ex instanceof CliException c) {
                commandLine.getErr().println("optimech: error: " + c.getMessage());
                if (debug && c.getCause() != null) {
                    c.getCause().printStackTrace(commandLine.getErr());
                }
                return c.exitCode();
            }
            commandLine.getErr().println("optimech: internal error: " + ex + (debug ? "" : " (run with --debug for the stack trace)"));
            if (debug) {
                ex.printStackTrace(commandLine.getErr());
            }
            return EXIT_FAILED;
        });
        cl.setParameterExceptionHandler((ex, a) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("optimech: error: " + ex.getMessage());
            c.getErr().println("Run '" + c.getCommandSpec().qualifiedName() + " --help' for usage.");
            return EXIT_BAD_INPUT;
        });
        return cl.execute(args);
    }

    /** A failure the CLI reports as one line, with its exit code. */
    static final class CliException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int exitCode;

        CliException(int exitCode, String message) {
            super(message);
            this.exitCode = exitCode;
        }

        CliException(int exitCode, String message, Throwable cause) {
            super(message, cause);
            this.exitCode = exitCode;
        }

        int exitCode() {
            return exitCode;
        }
    }

    /** Reports the tool version. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"optimech " + org.optimech.runtime.OptimechVersion.get()};
        }
    }
}
