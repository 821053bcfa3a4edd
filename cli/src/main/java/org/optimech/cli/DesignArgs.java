package org.optimech.cli;

import java.nio.file.Path;
import java.time.Duration;
import org.optimech.designer.DesignMethod;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.lp.LpBackends;
import org.optimech.designer.lp.LpException;
import org.optimech.designer.lp.LpSolver;
import org.optimech.designer.lp.OrToolsLpSolver;

/** The options {@code design} and {@code sweep} share (--solver, --time-limit, --method), turned into one-line errors. */
final class DesignArgs {
    private DesignArgs() {
    }

    /** --solver and --time-limit as design options; warns on stderr when auto falls back to ojAlgo. */
    static DesignOptions options(String solver, long timeLimitSeconds) {
        if (timeLimitSeconds <= 0) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "the LP solve time limit must be > 0 seconds. Provided value: " + timeLimitSeconds);
        }
        LpSolver lp;
        try {
            lp = LpBackends.byName(solver);
        } catch (LpException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--solver: " + e.getMessage(), e);
        }
        if (solver.equals("auto") && lp.name().equals("ojalgo")) {
            System.err.println("optimech: warning: the OR-Tools native library cannot be loaded here ("
                    + OrToolsLpSolver.nativeLoadFailure().map(Throwable::getMessage).orElse("?") + "); using the pure-Java ojalgo backend, for small problems only");
        }
        return DesignOptions.defaults(lp).withTimeLimit(Duration.ofSeconds(timeLimitSeconds));
    }

    /** Parses --method; a bad name is a one-line bad-input error. */
    static DesignMethod method(String name) {
        try {
            return DesignMethod.parse(name);
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--method " + e.getMessage(), e);
        }
    }

    /** The structural method where it does not apply: a bad-input error saying why. */
    static OptimechCli.CliException notApplicable(Path problemFile, DesignMethod.NotApplicableException e) {
        return new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--method structural does not apply to " + problemFile + ": " + e.reason(), e);
    }
}
