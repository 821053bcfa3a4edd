package org.optimech.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.optimech.designer.DesignMethod;
import org.optimech.designer.common.Progress;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.spec.DesignSpecs;
import org.optimech.designer.sweep.EpsilonGrid;
import org.optimech.designer.sweep.EpsilonSweep;
import org.optimech.designer.sweep.ReferenceCurves;
import org.optimech.designer.sweep.SweepPoint;
import org.optimech.designer.sweep.SweepReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code optimech sweep PROBLEM.json --epsilon FROM:TO:STEP --out DIR}. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Designs the problem at each epsilon of a grid (its own epsilon is ignored) and writes DIR/sweep.csv, DIR/sweep.png and "
                + "DIR/sweep.svg: the risk of each stored mechanism and its certified lower bound, with the references 1/epsilon and "
                + "1/sinh(epsilon) for counting queries under absolute loss.", "Exit code 1 if any point failed (the others are still written)."})
final class SweepCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROBLEM.json", description = "The problem file (see README, \"Problem format\").")
    Path problemFile;

    @Option(names = "--epsilon", required = true, paramLabel = "FROM:TO:STEP",
            description = "The grid: FROM, FROM+STEP, ... up to TO (exact decimals), or a comma list E1,E2,...")
    String epsilon;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "DIR", description = "Directory for sweep.csv, sweep.png, sweep.svg (created if needed).")
    Path out;

    @Option(names = "--specs", description = "Also write each design's spec to DIR/specs/epsilon-E.spec.json (verified by the runtime).")
    boolean writeSpecs;

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "auto", description = "lp, structural or auto, as for design. Default: ${DEFAULT-VALUE}.")
    String method;

    @Option(names = "--solver", paramLabel = "NAME", defaultValue = "auto", description = "LP backend, as for design. Default: ${DEFAULT-VALUE}.")
    String solver;

    @Option(names = "--time-limit", paramLabel = "SECONDS", defaultValue = "3600", description = "Limit per LP solve, in seconds. Default: ${DEFAULT-VALUE}.")
    long timeLimitSeconds;

    @picocli.CommandLine.Mixin
    ProgressOption progressOption = new ProgressOption();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        DesignOptions options = DesignArgs.options(solver, timeLimitSeconds);
        EpsilonGrid grid;
        try {
            grid = EpsilonGrid.parse(epsilon);
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--" + e.getMessage(), e);
        }
        DesignMethod designMethod = DesignArgs.method(method);
        if (!designMethod.optimises()) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--method must be lp, structural or auto for a sweep. Provided value: " + method);
        }
        DiscreteProblem problem = SpecFiles.loadProblem(problemFile, DiscreteProblem.class, "sweep");
        Progress progress = progressOption.progress();
        Path specDir = out.resolve("specs");
        EpsilonSweep.SpecSink sink = !writeSpecs ? null
                : (point, mechanism) -> DesignSpecs.writeAndVerify(mechanism, specDir.resolve("epsilon-" + point.epsilon().toPlainString() + ".spec.json"));
        long start = System.nanoTime();
        List<SweepPoint> points;
        try {
            points = new EpsilonSweep(options, designMethod, progress).run(problem, grid, sink);
        } catch (DesignMethod.NotApplicableException e) {
            throw DesignArgs.notApplicable(problemFile, e); // the method does not fit (failed designs are recorded per point)
        }
        List<Path> files;
        try {
            files = new java.util.ArrayList<>(SweepReport.write(problem, points, out));
            files.addAll(org.optimech.cli.plot.SweepChart.write(problem, points, out));
        } catch (IOException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, out + ": cannot write: " + e.getMessage(), e);
        }
        print(stdout, problem, points, files, (System.nanoTime() - start) / 1e9);
        long failed = points.stream().filter(p -> !p.ok()).count();
        if (failed > 0) {
            spec.commandLine().getErr().println("optimech: error: " + failed + " of " + points.size() + " designs failed (see the failure column of "
                    + out.resolve("sweep.csv") + ")");
            return OptimechCli.EXIT_FAILED;
        }
        return 0;
    }

    private void print(PrintWriter w, DiscreteProblem problem, List<SweepPoint> points, List<Path> files, double seconds) {
        boolean refs = ReferenceCurves.applies(problem);
        w.printf(Locale.ROOT, "sweep of %s: %d inputs x %d outputs, %s, %d values of epsilon, %.1f s%n", problemFile, problem.inputCount(),
                problem.outputCount(), problem.objective().json(), points.size(), seconds);
        w.printf(Locale.ROOT, "%10s  %-10s  %14s  %14s  %-9s  %8s%s%n", "epsilon", "method", "risk", "lower bound", "certified", "seconds",
                refs ? String.format(Locale.ROOT, "  %12s  %12s", "1/eps", "1/sinh(eps)") : "");
        for (SweepPoint p : points) {
            double e = p.epsilon().doubleValue();
            if (!p.ok()) {
                w.printf(Locale.ROOT, "%10s  %-10s  failed: %s%n", p.epsilon().toPlainString(), p.method(), p.failure());
                continue;
            }
            w.printf(Locale.ROOT, "%10s  %-10s  %14.8g  %14.8g  %-9s  %8.2f%s%n", p.epsilon().toPlainString(), p.method(), p.risk(), p.lowerBound(),
                    p.certified() ? "yes" : "no", p.seconds(),
                    refs ? String.format(Locale.ROOT, "  %12.6g  %12.6g", ReferenceCurves.laplace(e), ReferenceCurves.geometric(e)) : "");
        }
        for (Path f : files) {
            w.println("wrote " + f);
        }
        if (writeSpecs) {
            w.println("wrote " + points.stream().filter(SweepPoint::ok).count() + " specs under " + out.resolve("specs"));
        }
    }
}
