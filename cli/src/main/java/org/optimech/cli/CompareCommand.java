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
                + "Writes DIR/comparison.md and DIR/comparison.csv, and for 2-D statistics DIR/comparison.png and .svg. A candidate whose computation "
                + "fails becomes a row saying why and the others are still compared and written.",
                "Exit codes: 0 every listed candidate compared (or skipped as not applicable); 1 one or more candidates failed (the files are still "
                + "written, with their failure rows); 2 bad input."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROBLEM.json", description = "A problem of kind \"knorm\" (see README, \"K-norm problems\").")
    Path problemFile;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "DIR", description = "Directory for the comparison files (created if needed).")
    Path out;

    @picocli.CommandLine.Mixin
    ProgressOption progressOption = new ProgressOption();

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
        if (org.optimech.designer.structured.StructuredDesigner.applies(problem)) {
            return structured(problem, start);
        }
        KNormComparison.Result r;
        try {
            org.optimech.designer.common.Progress progress = progressOption.progress();
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
                problem.dimension(), problem.relation().json(), problem.epsilon().toPlainString(), r.describeSpace(), r.hull() != null ? r.hull() : "no hull built");
        w.printf(Locale.ROOT, "  %-6s %10s %14s %14s %14s%n", "body", "noise dim", "sensitivity", "trace Cov", "worst var");
        for (CandidateReport c : r.candidates()) {
            w.printf(Locale.ROOT, "  %-6s %10d %14.8g %14.8g %14.8g%s%n", c.name(), c.noiseDimension(), c.sensitivity(), c.covarianceTrace(),
                    c.worstDirectionVariance(), c == r.selected() ? "  <- selected (" + r.criterion().json() + ")" : "");
        }
        for (String f : r.failed()) {
            int colon = f.indexOf(": ");
            w.printf(Locale.ROOT, "  %-6s FAILED: %s%n", f.substring(0, colon), f.substring(colon + 2));
        }
        for (String skipped : r.skipped()) {
            w.println("  not compared: " + skipped);
        }
        w.printf(Locale.ROOT, "  %.2f s%n", (System.nanoTime() - start) / 1e9);
        for (Path f : files) {
            w.println("wrote " + f);
        }
        w.flush();
        if (!r.failed().isEmpty()) {
            // the others were compared and written; the exit code still tells a script that the table is incomplete
            spec.commandLine().getErr().printf(Locale.ROOT, "optimech: %d of %d candidates failed (their rows say why)%n", r.failed().size(),
                    r.failed().size() + r.candidates().size());
            return OptimechCli.EXIT_FAILED;
        }
        return 0;
    }

    /** A structured statistic: the closed-form comparison as a table on stdout and DIR/comparison.csv. */
    private Integer structured(KNormProblem problem, long start) {
        org.optimech.designer.structured.StructuredDesign s;
        try {
            org.optimech.designer.common.Progress progress = progressOption.progress();
            s = org.optimech.designer.structured.StructuredDesigner.compare(problem, null, progress::stage);
        } catch (InvalidProblemException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, problemFile + ": invalid problem: " + e.getMessage(), e);
        }
        StringBuilder csv = new StringBuilder("body,shape,noise_dimension,sensitivity,sensitivity_exact,log_volume,variance,covariance,covariance_trace,"
                + "worst_direction_variance,laplace_ratio,moments\n");
        for (var c : s.candidates()) {
            csv.append(String.format(Locale.ROOT, "%s,%s,%d,%s,%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%s%n", c.name(), c.describeBody(), c.noiseDimension(),
                    c.sensitivity().toPlainString(), c.sensitivityExact(), c.logVolume(), c.variance(), c.covariance(), c.trace(), c.worstDirection(),
                    c.laplaceRatio(), c.method()));
        }
        StringBuilder md = new StringBuilder("# K-norm comparison: " + problemFile.getFileName() + "\n\n" + problem.dimension() + "-dimensional structured statistic, "
                + problem.relation().json() + " neighbours, epsilon " + problem.epsilon().toPlainString() + ". Hull of the adjacent outputs: " + s.hull()
                + " (" + (s.hullExact() ? "the hull candidate is exact" : "the hull candidate is a certified outer body") + "). Moments in closed form; "
                + "ratio = trace / trace of per-coordinate Laplace at the l1 sensitivity.\n\n"
                + "| body | shape | noise dim | sensitivity | trace Cov | worst variance | ratio to Laplace |\n|---|---|---|---|---|---|---|\n");
        for (var c : s.candidates()) {
            md.append(String.format(Locale.ROOT, "| %s%s | %s | %d | %s | %.8g | %.8g | %.4f |%n", c.name(), c == s.selected() ? " (selected)" : "", c.describeBody(),
                    c.noiseDimension(), c.sensitivity().toPlainString(), c.trace(), c.worstDirection(), c.laplaceRatio()));
        }
        if (problem.delta().signum() > 0) {
            md.append("\nThe K-norm bodies are pure epsilon-DP; gaussian (spherical) and elliptic-gaussian are (epsilon, delta)-DP at delta ")
                    .append(problem.delta().toPlainString()).append(", their sensitivity the Mahalanobis one at unit noise (exact Gaussian profile).\n");
        }
        md.append("\nContainment of the scaled bodies (row inside column; n/a: a Gaussian has no body, a prism's gauge is not computed):\n\n| |");
        for (var c : s.candidates()) {
            md.append(' ').append(c.name()).append(" |");
        }
        md.append("\n|---|").append("---|".repeat(s.candidates().size())).append('\n');
        Boolean[][] in = s.containment();
        for (int a = 0; a < in.length; a++) {
            md.append("| ").append(s.candidates().get(a).name()).append(" |");
            for (int b = 0; b < in.length; b++) {
                md.append(' ').append(a == b ? "—" : in[a][b] == null ? "n/a" : in[a][b] ? "inside" : "no").append(" |");
            }
            md.append('\n');
        }
        for (String skipped : s.skipped()) {
            md.append("\nNot compared: ").append(skipped).append('\n');
        }
        Path file = out.resolve("comparison.csv");
        Path mdFile = out.resolve("comparison.md");
        List<Path> plots;
        try {
            java.nio.file.Files.createDirectories(out);
            org.optimech.designer.common.AtomicFiles.writeString(file, csv.toString());
            org.optimech.designer.common.AtomicFiles.writeString(mdFile, md.toString());
            plots = org.optimech.cli.plot.StructuredChart.write(problem, out);
        } catch (IOException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, out + ": cannot write: " + e.getMessage(), e);
        }
        PrintWriter w = spec.commandLine().getOut();
        w.printf(Locale.ROOT, "optimech compare %s: %d-dimensional structured statistic, %s neighbours, epsilon %s; hull %s%n", problemFile,
                problem.dimension(), problem.relation().json(), problem.epsilon().toPlainString(), s.hull());
        w.printf(Locale.ROOT, "  %-17s %-20s %10s %20s %14s %14s %10s%n", "body", "shape", "noise dim", "sensitivity", "trace Cov", "worst var", "/Laplace");
        for (var c : s.candidates()) {
            w.printf(Locale.ROOT, "  %-17s %-20s %10d %20s %14.8g %14.8g %10.4f%s%n", c.name(), c.describeBody(), c.noiseDimension(), c.sensitivity().toPlainString(),
                    c.trace(), c.worstDirection(), c.laplaceRatio(), c == s.selected() ? "  <- selected (" + s.criterion().json() + ")" : "");
        }
        for (String skipped : s.skipped()) {
            w.println("  not compared: " + skipped);
        }
        w.printf(Locale.ROOT, "  %.2f s%n", (System.nanoTime() - start) / 1e9);
        w.println("wrote " + mdFile);
        w.println("wrote " + file);
        for (Path f : plots) {
            w.println("wrote " + f);
        }
        w.flush();
        return 0;
    }
}
