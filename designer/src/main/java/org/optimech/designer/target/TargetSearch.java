package org.optimech.designer.target;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.optimech.designer.Design;
import org.optimech.designer.Designers;
import org.optimech.designer.common.DesignException;
import org.optimech.designer.common.Progress;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.runtime.accuracy.Accuracy;
import org.optimech.runtime.accuracy.ErrorDistribution;
import org.optimech.runtime.spec.DiscreteSpec;

/**
 * The smallest ε whose optimal mechanism meets an {@link AccuracyTarget}: each candidate ε is designed with the target's own
 * loss 1{|ω − θ| &gt; a} (minimax for every input, Bayes on average), and the stored mechanism's P(|error| &gt; a) is computed
 * exactly from its stored numbers ({@link ErrorDistribution}); the design's certified lower bound says when no mechanism at
 * that ε can meet the target. The optimal risk falls monotonically in ε (the target's loss is linear in the mechanism and
 * the feasible set grows with ε), so after bracketing the answer, bisection over ε with three significant digits finds the
 * smallest ε on that grid that meets it.
 */
public final class TargetSearch {
    /** The smallest ε searched. */
    public static final BigDecimal MIN_EPSILON = new BigDecimal("0.001");
    /** Significant digits of the ε found. */
    public static final int DIGITS = 3;

    private TargetSearch() {
    }

    /**
     * One ε tried.
     *
     * @param epsilon the ε designed
     * @param risk the stored mechanism's P(|error| &gt; a), at its worst input or averaged over the prior (an upper bound, exact for
     *     tables)
     * @param lowerBound the certified lower bound on that risk over every mechanism at this ε (NaN when none)
     * @param meets whether the stored mechanism meets the target (risk ≤ β)
     * @param seconds the design's time
     * @param failure why the design failed at this ε (then risk and lower bound are NaN and meets is false); null when designed
     */
    public record Point(BigDecimal epsilon, double risk, double lowerBound, boolean meets, double seconds, String failure) {
        /** A designed point. */
        public Point(BigDecimal epsilon, double risk, double lowerBound, boolean meets, double seconds) {
            this(epsilon, risk, lowerBound, meets, seconds, null);
        }

        /** Whether the certificate proves that no mechanism at this ε meets the target. */
        public boolean provedUnreachable(double beta) {
            return lowerBound > beta;
        }

        /** Whether the design at this ε failed (the search stops there: neither direction is known). */
        public boolean failed() {
            return failure != null;
        }
    }

    /**
     * The search's outcome.
     *
     * @param target the target
     * @param problem the problem as designed (the target's loss and objective)
     * @param design the design at the smallest ε that met the target (empty when none up to the largest ε did)
     * @param points every ε tried, by increasing ε
     */
    public record Result(AccuracyTarget target, DiscreteProblem problem, Optional<Design> design, List<Point> points) {
        public Result {
            points = List.copyOf(points);
        }

        /** The smallest ε found that meets the target. */
        public Optional<BigDecimal> epsilon() {
            return design.map(d -> d.problem().epsilon());
        }

        /** The largest ε designed whose mechanism does not meet the target, if any (failed designs are not counted). */
        public Optional<Point> largestFailing() {
            return points.stream().filter(p -> !p.meets() && !p.failed()).max(Comparator.comparing(Point::epsilon));
        }

        /** The point whose design failed, which stopped the search (at most one). */
        public Optional<Point> failedPoint() {
            return points.stream().filter(Point::failed).findFirst();
        }
    }

    /**
     * Designs for an accuracy target: the smallest ε (three significant digits) whose optimal mechanism under the target's own
     * loss 1{|ω − θ| &gt; a} meets it. Searches ε from the problem's own ε outwards (halving while the target is met, doubling
     * while it is not, up to {@link DiscreteProblem#MAX_EPSILON}), then bisects; the result holds the design at that ε and
     * every ε tried. (Not on {@link Designers}: the front door does not depend on this package, which depends on it.)
     *
     * <pre>{@code
     * TargetSearch.Result r = TargetSearch.search(problem, AccuracyTarget.parse("abs-error <= 10 at 95%"), Designers.Options.defaults());
     * }</pre>
     *
     * @throws IllegalArgumentException when the problem's inputs or outputs are not integer ranges
     * @throws InvalidProblemException as {@link Designers#design} does, at any ε
     * @throws DesignException as {@link Designers#design} does, at any ε
     */
    public static Result search(DiscreteProblem base, AccuracyTarget target, Designers.Options options) throws InvalidProblemException, DesignException {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(options, "options");
        DiscreteProblem problem = target.problem(base);
        Progress progress = options.progress();
        Designers.Options quiet = options.withProgress(Progress.silent());
        List<Point> points = new ArrayList<>();
        double beta = target.beta();
        progress.stage("target " + target + ": designing with the loss 1{|output - input| > " + target.maxAbsError() + "} (" + target.objective().json()
                + "), searching epsilon from " + base.epsilon().toPlainString());
        Design best = null;
        BigDecimal lo = null; // largest ε known to fail
        BigDecimal hi = null; // smallest ε known to meet
        BigDecimal eps = round(base.epsilon());
        Progress.Task task = progress.task("target search", 2 + bisectionSteps(MIN_EPSILON, DiscreteProblem.MAX_EPSILON));
        try {
            // bracket
            while (true) {
                Evaluated e = evaluate(problem, eps, target, quiet, points);
                task.advance(1, describe(e.point, beta));
                if (e.point.failed()) {
                    lo = null; // a failed design decides nothing: stop with what is known (the best design found, if any)
                    break;
                }
                if (e.point.meets()) {
                    hi = eps;
                    best = e.design;
                    if (lo != null || eps.compareTo(MIN_EPSILON) <= 0) {
                        break;
                    }
                    eps = round(eps.divide(BigDecimal.valueOf(2))).max(MIN_EPSILON);
                } else {
                    lo = eps;
                    if (hi != null || e.point.provedUnreachable(beta) && eps.compareTo(DiscreteProblem.MAX_EPSILON) >= 0) {
                        break;
                    }
                    if (eps.compareTo(DiscreteProblem.MAX_EPSILON) >= 0) {
                        break;
                    }
                    eps = round(eps.multiply(BigDecimal.valueOf(2))).min(DiscreteProblem.MAX_EPSILON);
                }
                task.total(points.size() + 1 + (lo != null && hi != null ? bisectionSteps(lo, hi) : bisectionSteps(MIN_EPSILON, DiscreteProblem.MAX_EPSILON)));
            }
            // bisect between the largest failing and the smallest meeting ε, on the 3-significant-digit grid
            while (lo != null && hi != null) {
                task.total(points.size() + bisectionSteps(lo, hi));
                BigDecimal mid = round(lo.add(hi).divide(BigDecimal.valueOf(2)));
                if (mid.compareTo(lo) <= 0 || mid.compareTo(hi) >= 0) {
                    mid = nextAbove(lo);
                    if (mid.compareTo(hi) >= 0) {
                        break;
                    }
                }
                Evaluated e = evaluate(problem, mid, target, quiet, points);
                task.advance(1, describe(e.point, beta));
                if (e.point.failed()) {
                    break; // the best design found so far stands; the report names the failed point
                }
                if (e.point.meets()) {
                    hi = mid;
                    best = e.design;
                } else {
                    lo = mid;
                }
            }
        } finally {
            task.done();
        }
        points.sort(Comparator.comparing(Point::epsilon));
        return new Result(target, problem, Optional.ofNullable(best), points);
    }

    private record Evaluated(Point point, Design design) {
    }

    private static Evaluated evaluate(DiscreteProblem problem, BigDecimal eps, AccuracyTarget target, Designers.Options options, List<Point> points)
            throws InvalidProblemException, DesignException {
        long start = System.nanoTime();
        DiscreteProblem p = problem.withEpsilon(eps);
        Design d;
        try {
            d = Designers.design(p, options);
        } catch (DesignException e) {
            // one point's failure (a backend that fails numerically at this ε) is recorded like a sweep's, not thrown
            Point failed = new Point(eps, Double.NaN, Double.NaN, false, (System.nanoTime() - start) / 1e9, e.getMessage());
            points.add(failed);
            return new Evaluated(failed, null);
        }
        double risk = risk(DiscreteSpec.of(d.spec()).orElseThrow(() -> new IllegalStateException("a discrete problem designed as a "
                + d.spec().kind() + " spec (a designer bug; please report it)")), p, target);
        Point point = new Point(eps, risk, lowerBound(d), risk <= target.beta(), (System.nanoTime() - start) / 1e9);
        points.add(point);
        return new Evaluated(point, d);
    }

    /** The stored mechanism's P(|error| &gt; a): the largest over inputs, or the prior's average (upper bounds, exact for tables). */
    static double risk(DiscreteSpec spec, DiscreteProblem p, AccuracyTarget target) {
        double worst = 0;
        double average = 0;
        for (int i = 0; i < spec.inputs().size(); i++) {
            double q = Accuracy.errorDistribution(spec, i).probabilityAbsAbove(target.maxAbsError());
            worst = Math.max(worst, q);
            average += p.priorAt(i) * q;
        }
        return target.scope() == AccuracyTarget.Scope.EVERY_INPUT ? worst : Math.min(1, average);
    }

    /** The certified lower bound on the optimum an LP or structural design carries (NaN for the other paths). */
    private static double lowerBound(Design d) {
        return d.accept(new Design.Otherwise<Double>() {
            @Override
            protected Double otherwise(Design other) {
                return Double.NaN;
            }

            @Override
            public Double visit(Design.Lp lp) {
                return lp.design().certificate().lowerBound() != null ? lp.design().certificate().lowerBound().doubleValue() : Double.NaN;
            }

            @Override
            public Double visit(Design.Structural structural) {
                return structural.design().certificate().lowerBound();
            }
        });
    }

    private static String describe(Point p, double beta) {
        if (p.failed()) {
            return "epsilon " + p.epsilon().toPlainString() + ": the design failed (" + p.failure() + "); the search stops here";
        }
        return String.format(java.util.Locale.ROOT, "epsilon %s: P(|error| > a) = %.6g %s %.6g%s (%.2f s)", p.epsilon().toPlainString(), p.risk(),
                p.meets() ? "<=" : ">", beta, p.meets() ? ", meets" : p.provedUnreachable(beta) ? ", no mechanism can (certified bound "
                        + String.format(java.util.Locale.ROOT, "%.6g", p.lowerBound()) + ")" : "", p.seconds());
    }

    /** ε rounded up to {@link #DIGITS} significant digits (at least {@link #MIN_EPSILON}). */
    static BigDecimal round(BigDecimal x) {
        return x.round(new MathContext(DIGITS, RoundingMode.CEILING)).max(MIN_EPSILON).stripTrailingZeros();
    }

    /** The next value above x on the 3-significant-digit grid. */
    static BigDecimal nextAbove(BigDecimal x) {
        BigDecimal r = round(x);
        BigDecimal ulp = BigDecimal.ONE.movePointLeft(r.scale() > 0 ? r.scale() : 0);
        int exp = r.precision() - r.scale() - 1; // floor(log10 r)
        ulp = BigDecimal.ONE.scaleByPowerOfTen(exp - DIGITS + 1);
        return round(r.add(ulp));
    }

    /** About how many bisection steps separate lo and hi on the grid. */
    static int bisectionSteps(BigDecimal lo, BigDecimal hi) {
        double spacing = Math.pow(10, Math.floor(Math.log10(lo.doubleValue())) - DIGITS + 1);
        double span = hi.doubleValue() - lo.doubleValue();
        return span <= spacing ? 0 : (int) Math.ceil(Math.log(span / spacing) / Math.log(2));
    }
}
