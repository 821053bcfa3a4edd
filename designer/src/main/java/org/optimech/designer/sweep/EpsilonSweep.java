package org.optimech.designer.sweep;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.optimech.runtime.spec.InvalidSpecException;
import java.util.Objects;
import org.optimech.designer.DesignMethod;
import org.optimech.designer.common.Progress;
import org.optimech.designer.common.DesignException;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.discrete.DiscreteDesigner;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.spec.DesignSpecs;
import org.optimech.designer.structural.StructuralDesign;
import org.optimech.designer.structural.StructuralDesigner;
import org.optimech.runtime.spec.DiscreteSpec;

/**
 * Designs one problem at each ε of a grid, in increasing order.
 *
 * <p>Work reused between neighbouring ε: the parsed problem (loss in distance form, graph, prior) and
 * the method choice are built once; on the LP path the margin below ε that the previous point needed
 * for its exact certificate is the next point's first margin, so a point that would otherwise need a
 * second solve usually needs one. The LP itself is solved from scratch at each ε (the OR-Tools
 * backends take no starting basis for CLP). Structural designs cost O(n log n) per point and reuse
 * nothing.
 */
public final class EpsilonSweep {
    /** Receives each point's spec as it is designed (for example to write it to a file). */
    @FunctionalInterface
    public interface SpecSink {
        void accept(SweepPoint point, DiscreteSpec spec) throws Exception;
    }

    private final DesignOptions options;
    private final DesignMethod method;
    private final Progress progress;

    /** @throws IllegalArgumentException for a classical (non-optimising) method */
    public EpsilonSweep(DesignOptions options, DesignMethod method, Progress progress) {
        this.options = Objects.requireNonNull(options, "options");
        this.method = Objects.requireNonNull(method, "method");
        if (!method.optimises()) {
            throw new IllegalArgumentException("a sweep designs with the lp, structural or auto method. Provided value: " + method.json());
        }
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    /**
     * Runs the sweep to the end: a point whose design fails, whose spec the runtime refuses or cannot be written is recorded with
     * its reason, and the sweep goes on. Every point's spec is built through the runtime's checks, written or not.
     *
     * @param problem the problem; its own ε is replaced by each grid value
     * @param sink receives each designed point's spec, or null
     * @throws IllegalArgumentException if the method is {@code structural} and does not apply
     */
    public List<SweepPoint> run(DiscreteProblem problem, EpsilonGrid grid, SpecSink sink) {
        List<BigDecimal> values = grid.values().stream().sorted().distinct().toList();
        DesignMethod.Choice choice = method.choose(problem);
        progress.stage(choice.explanation() + "; " + values.size() + " values of epsilon from " + values.get(0).toPlainString()
                + " to " + values.get(values.size() - 1).toPlainString());
        String methodName = choice.structural() ? "structural" : "lp";
        List<SweepPoint> points = new ArrayList<>();
        double margin = options.initialMargin();
        Progress.Task task = progress.task("sweep", values.size());
        try {
            for (int k = 0; k < values.size(); k++) {
                BigDecimal eps = values.get(k);
                String tag = "epsilon " + eps.toPlainString();
                long start = System.nanoTime();
                SweepPoint point;
                DiscreteSpec spec;
                try {
                    DiscreteProblem p = problem.withEpsilon(eps);
                    if (choice.structural()) {
                        StructuralDesign d = new StructuralDesigner(options, Progress.silent()).design(p);
                        StructuralDesign.Certificate c = d.certificate();
                        point = new SweepPoint(eps, methodName, d.objectiveValue(), c.lowerBound(), c.certified(), c.kind(), d.noiseEpsilon(), 0,
                                seconds(start), null);
                        spec = DesignSpecs.toSpec(d, Instant.now());
                    } else {
                        DiscreteDesign d = new DiscreteDesigner(options.withInitialMargin(margin), Progress.silent()).design(p);
                        DiscreteDesign.Certificate c = d.certificate();
                        DiscreteDesign.Attempt used = d.attempts().get(d.attempts().size() - 1);
                        if (p.isPure() && used.solveEpsilon() < eps.doubleValue()) {
                            margin = Math.max(options.initialMargin(), Math.min(eps.doubleValue() / 100, eps.doubleValue() - used.solveEpsilon()));
                        }
                        point = new SweepPoint(eps, methodName, d.objectiveValue().doubleValue(), c.lowerBound() == null ? Double.NaN : c.lowerBound().doubleValue(),
                                c.certified(), c.kind(), d.certifiedEpsilon(), solves(d), seconds(start), null);
                        spec = DesignSpecs.toSpec(d, Instant.now());
                    }
                } catch (DesignException | IllegalArgumentException e) {
                    fail(points, SweepPoint.failed(eps, methodName, seconds(start), e.getMessage()), tag, task);
                    continue;
                } catch (InvalidSpecException e) {
                    fail(points, SweepPoint.failed(eps, methodName, seconds(start), "the runtime refuses the spec built for this point: " + e.getMessage()), tag,
                            task);
                    continue;
                } catch (RuntimeException e) {
                    // a bug, but one point's: the others are still designed, and the CSV names it
                    fail(points, SweepPoint.failed(eps, methodName, seconds(start), "a designer bug, please report it: " + e), tag, task);
                    continue;
                }
                if (sink != null) {
                    try {
                        sink.accept(point, spec);
                    } catch (Exception e) {
                        fail(points, SweepPoint.failed(eps, methodName, seconds(start), "designed, but the spec could not be written: " + e.getMessage()), tag,
                                task);
                        continue;
                    }
                }
                points.add(point);
                task.advance(1, String.format(java.util.Locale.ROOT, "%s: risk %.6g, lower bound %.6g, %s, %.2f s", tag, point.risk(), point.lowerBound(),
                        point.certified() ? "certified" : "not certified", point.seconds()));
            }
        } finally {
            task.done();
        }
        return points;
    }

    private void fail(List<SweepPoint> points, SweepPoint failed, String tag, Progress.Task task) {
        points.add(failed);
        progress.stage(tag + ": design failed: " + failed.failure()); // always shown, whatever the task's throttling
        task.advance(1, null);
    }

    private static int solves(DiscreteDesign d) {
        return (int) d.attempts().stream().mapToDouble(DiscreteDesign.Attempt::solveEpsilon).distinct().count();
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
