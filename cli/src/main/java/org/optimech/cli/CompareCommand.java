package org.optimech.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.optimech.designer.knorm.CandidateReport;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.designer.knorm.KNormDesigner;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.knorm.KNormReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code optimech compare PROBLEM.json --out DIR}: the K-norm candidates side by side. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares K-norm mechanisms for a \"knorm\" problem: per candidate body (l1, l2, linf, the hull of the adjacent output space) "
                + "its certified sensitivity, the volume of the scaled body, the noise covariance's trace and worst direction, and containment. "
                + "Writes DIR/comparison.md and DIR/comparison.csv, and for 2-D statistics DIR/comparison.png and .svg."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROBLEM.json", description = "A problem of kind \"knorm\" (see README, \"K-norm problems\").")
    Path problemFile;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "DIR", description = "Directory for the comparison files (created if needed).")
    Path out;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines on stderr.")
    boolean quiet;

    @Option(names = "--time-limit", paramLabel = "SECONDS", defaultValue = "" + DesignCommand.KNORM_DEFAULT_TIME_LIMIT,
            description = "Limit for the whole comparison, in seconds; stages stop at it with their certified bounds. Default: ${DEFAULT-VALUE}.")
    long timeLimitSeconds;

    @Option(names = "--certify-all", description = "Search every candidate's sensitivity to the gap; by default a candidate whose witness already "
            + "loses to a certified one stops with its certified interval.")
    boolean certifyAll;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        KNormProblem problem = SpecFiles.loadProblem(problemFile, KNormProblem.class, "compare");
        long start = System.nanoTime();
        KNormComparison.Result r;
        try {
            org.optimech.designer.common.Progress progress = quiet ? org.optimech.designer.common.Progress.silent() : org.optimech.designer.common.Progress.to(System.err);
            if (timeLimitSeconds <= 0) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--time-limit must be > 0 seconds. Provided value: " + timeLimitSeconds);
            }
            r = KNormDesigner.compare(problem, progress, org.optimech.designer.common.Deadline.after(java.time.Duration.ofSeconds(timeLimitSeconds)),
                    !certifyAll, null);
        } catch (InvalidProblemException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, problemFile + ": invalid problem: " + e.getMessage(), e);
        }
        List<Path> files;
        try {
            files = new java.util.ArrayList<>(KNormReport.write(problem, r, out));
            files.addAll(org.optimech.cli.plot.ComparisonChart.write(problem, r, out));
        } catch (IOException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, out + ": cannot write: " + e.getMessage(), e);
        }
        PrintWriter w = spec.commandLine().getOut();
        w.printf(Locale.ROOT, "optimech compare %s: %d-dimensional statistic, %s neighbours, epsilon %s, S_T %s, %s%n", problemFile,
                problem.dimension(), problem.relation().json(), problem.epsilon().toPlainString(), r.describeSpace(), r.hull());
        w.printf(Locale.ROOT, "  %-6s %10s %14s %14s %14s%n", "body", "noise dim", "sensitivity", "trace Cov", "worst var");
        for (CandidateReport c : r.candidates()) {
            w.printf(Locale.ROOT, "  %-6s %10d %14.8g %14.8g %14.8g%s%n", c.name(), c.noiseDimension(), c.sensitivity(), c.covarianceTrace(),
                    c.worstDirectionVariance(), c == r.selected() ? "  <- selected (" + r.criterion().json() + ")" : "");
        }
        w.printf(Locale.ROOT, "  %.2f s%n", (System.nanoTime() - start) / 1e9);
        for (Path f : files) {
            w.println("wrote " + f);
        }
        w.flush();
        return 0;
    }
}
