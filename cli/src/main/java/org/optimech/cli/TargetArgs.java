package org.optimech.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.optimech.designer.Designers;
import org.optimech.designer.common.DesignException;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.Problem;
import org.optimech.designer.target.AccuracyTarget;
import org.optimech.designer.target.TargetSearch;

/** {@code design --target}: the search, its curve as a table, and its picture. */
final class TargetArgs {
    /** The last search run (for the message when nothing met the target). */
    static TargetSearch.Result lastSearch;

    private TargetArgs() {
    }

    static TargetSearch.Result search(Path problemFile, Problem problem, String text, Designers.Options options) throws InvalidProblemException, DesignException {
        DiscreteProblem d = DiscreteProblem.of(problem).orElseThrow(() -> new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT,
                "--target applies to discrete problems with integer ranges; " + problemFile + " is a " + problem.kind() + " problem"));
        AccuracyTarget target;
        try {
            target = AccuracyTarget.parse(text);
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--target: " + e.getMessage(), e);
        }
        try {
            lastSearch = TargetSearch.search(d, target, options);
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, problemFile + ": --target: " + e.getMessage(), e);
        }
        return lastSearch;
    }

    static String unreachable(Path problemFile, TargetSearch.Result r) {
        if (r.failedPoint().isPresent()) {
            TargetSearch.Point f = r.failedPoint().get();
            return problemFile + ": the target search stopped at epsilon " + f.epsilon().toPlainString() + ", where the design failed (" + f.failure()
                    + "), before any epsilon met the target " + r.target() + " (" + r.points().size() + " epsilons tried)";
        }
        TargetSearch.Point last = r.points().get(r.points().size() - 1);
        return problemFile + ": no epsilon up to " + last.epsilon().toPlainString() + " meets the target " + r.target() + ": there the optimal mechanism "
                + "has P(|error| > " + r.target().maxAbsError() + ") = " + String.format(Locale.ROOT, "%.6g", last.risk())
                + (last.provedUnreachable(r.target().beta()) ? " and no mechanism does better than " + String.format(Locale.ROOT, "%.6g", last.lowerBound()) : "")
                + " (are the outputs within " + r.target().maxAbsError() + " of every input?)";
    }

    /** The curve searched, one line per epsilon, and what is proved about the epsilon found. */
    static void print(PrintWriter out, TargetSearch.Result r) {
        double beta = r.target().beta();
        out.printf("  target       %s: smallest epsilon found %s (%d designs; epsilon to %d significant digits)%n", r.target(),
                r.epsilon().orElseThrow().toPlainString(), r.points().size(), TargetSearch.DIGITS);
        r.largestFailing().ifPresent(f -> out.printf("               at epsilon %s the optimal mechanism misses it%s%n", f.epsilon().toPlainString(),
                f.provedUnreachable(beta) ? String.format(Locale.ROOT, ", and no %s-DP mechanism can meet it (certified lower bound %.6g > %.6g)",
                        f.epsilon().toPlainString(), f.lowerBound(), beta) : ""));
        out.printf("  searched     %10s  %22s  %16s  %-5s  %7s%n", "epsilon", "P(|error| > " + r.target().maxAbsError() + ")", "lower bound", "meets", "seconds");
        for (TargetSearch.Point p : r.points()) {
            if (p.failed()) {
                out.printf(Locale.ROOT, "               %10s  FAILED: %s (%.2f s)%n", p.epsilon().toPlainString(), p.failure(), p.seconds());
                continue;
            }
            out.printf(Locale.ROOT, "               %10s  %22.8g  %16.8g  %-5s  %7.2f%n", p.epsilon().toPlainString(), p.risk(), p.lowerBound(), p.meets() ? "yes" : "no",
                    p.seconds());
        }
        r.failedPoint().ifPresent(f -> out.printf("  stopped      the design failed at epsilon %s, so the search stopped there: the epsilon found meets the target, "
                + "a smaller one might too%n", f.epsilon().toPlainString()));
    }

    static List<Path> plot(TargetSearch.Result r, Path dir) {
        try {
            return org.optimech.cli.plot.TargetChart.write(r, dir);
        } catch (IOException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, dir + ": cannot write: " + e.getMessage(), e);
        }
    }
}
