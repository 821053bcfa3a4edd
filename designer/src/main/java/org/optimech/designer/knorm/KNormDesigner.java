package org.optimech.designer.knorm;

import java.util.Objects;
import java.util.function.Consumer;
import org.optimech.designer.common.Deadline;
import org.optimech.designer.common.Progress;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.geometry.adjacent.AdjacentOutputSpace;
import org.optimech.geometry.adjacent.StatisticSpaces;
import org.optimech.geometry.hull.HullBudget;
import org.optimech.geometry.support.CurvedOutputSpace;
import org.optimech.runtime.statistic.DifferenceStatistic;
import org.optimech.runtime.statistic.PolynomialStatistic;
import org.optimech.runtime.statistic.RecordStatistic;
import org.optimech.runtime.statistic.StructuredStatistic;

/**
 * Designs a K-norm problem: builds its adjacent output space (finite and exact, or curved through certified support
 * bounds) and compares the candidate bodies over it. Where a parsed problem meets geometry.
 */
public final class KNormDesigner {
    /** Relative gap of each certified support bound of a curved S_T. */
    public static final double CURVED_TOLERANCE = 1e-7;
    /** Box budget of each interval branch and bound over a curved S_T. */
    public static final long CURVED_MAX_BOXES = 2_000_000;

    private KNormDesigner() {
    }

    /** Largest finite adjacent output space enumerated exactly (points); beyond it a polynomial statistic is bounded by branch and bound. */
    public static final long MAX_FINITE_POINTS = 1_000_000;

    /** {@link #compare(KNormProblem, Consumer)} without progress lines. */
    public static KNormComparison.Result compare(KNormProblem problem) throws InvalidProblemException {
        return compare(problem, message -> { });
    }

    /** {@link #compare(KNormProblem, Progress, Deadline)} with stage lines only, no time limit. */
    public static KNormComparison.Result compare(KNormProblem problem, Consumer<String> progress) throws InvalidProblemException {
        Objects.requireNonNull(progress, "progress");
        return compare(problem, progress::accept, Deadline.none());
    }

    /** The share of the heap an exact hull and its cone triangulation may take (the rest: S_T, the engine's work arrays, the spec). */
    static final double HULL_HEAP_SHARE = 1.0 / 3;

    /**
     * The hull's size estimate in words: the Upper Bound Theorem's a-priori bound for n points in d dimensions against the
     * facet budget. When the bound fits, the hull fits whatever the points; otherwise it is built under the budget and
     * abandoned as soon as it grows past it (the partial run is the estimate: it costs at most the time to reach the budget).
     */
    static String hullPlan(long n, int d, HullBudget budget) {
        long mb = budget.maxFacets() * HullBudget.bytesPerFacet(d) >> 20;
        if (n < d + 1) {
            return "at most " + n + " points, a small hull";
        }
        long ubt = HullBudget.upperBoundTheorem(n, d);
        String bound = ubt == Long.MAX_VALUE ? "more than 9.2e18" : String.format(java.util.Locale.ROOT, "%,d", ubt);
        return ubt <= budget.maxFacets()
                ? String.format(java.util.Locale.ROOT, "at most %s facets (Upper Bound Theorem, %,d points in d = %d), within its budget of %,d facets (%,d MB at "
                        + "about %d bytes a facet): built", bound, n, d, budget.maxFacets(), mb, HullBudget.bytesPerFacet(d))
                : String.format(java.util.Locale.ROOT, "up to %s facets by the Upper Bound Theorem (%,d points in d = %d), more than its budget of %,d facets "
                        + "(%,d MB at about %d bytes a facet): built under that budget and skipped if it grows past it", bound, n, d, budget.maxFacets(), mb,
                        HullBudget.bytesPerFacet(d));
    }

    /** Whether a finite statistic's adjacent output space is small enough to enumerate (records and differences always are). */
    private static boolean finiteFits(KNormProblem problem) {
        if (!(problem.statistic() instanceof PolynomialStatistic p)) {
            return true;
        }
        long n = p.domainPointCount();
        if (n > PolynomialStatistic.MAX_DOMAIN_POINTS) {
            return false;
        }
        return problem.relation() == org.optimech.runtime.spec.Relation.ADD_REMOVE ? 2 * n <= MAX_FINITE_POINTS : n * n <= MAX_FINITE_POINTS;
    }

    /**
     * Compares the problem's candidate bodies over its adjacent output space, reporting each stage to {@code progress} and
     * keeping within the run's deadline (the finite path's hull and search stop at it; the oracle path is not interrupted).
     *
     * @throws InvalidProblemException when the statistic's S_T cannot be built (too large, not exactly representable, only
     *     the origin); the pointer names the statistic
     */
    public static KNormComparison.Result compare(KNormProblem problem, Progress progress, Deadline deadline) throws InvalidProblemException {
        return compare(problem, progress, deadline, false, null);
    }

    /**
     * As {@link #compare(KNormProblem, Progress, Deadline)}; with {@code rankByWitness}, a polynomial statistic's candidate other
     * than {@code keep} (the body that will be stored whatever it scores; null: the criterion picks) stops its search once a
     * witness shows it cannot be picked, so only the pick is certified to the full gap (the others keep looser certified bounds).
     */
    public static KNormComparison.Result compare(KNormProblem problem, Progress progress, Deadline deadline, boolean rankByWitness, String keep)
            throws InvalidProblemException {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(deadline, "deadline");
        double epsilon = problem.epsilon().doubleValue();
        if (problem.statistic() instanceof StructuredStatistic s) {
            // its adjacent output space has up to 3^d points: compared in closed form by designer.structured instead
            throw new InvalidProblemException("/statistic", "the " + s.form() + " statistic is designed in closed form (org.optimech.designer.structured"
                    + ".StructuredDesigner, or Designers.design), not over an enumerated adjacent output space");
        }
        if (problem.delta().signum() > 0 || problem.candidates().stream().anyMatch(KNormProblem.GAUSSIAN_CANDIDATES::contains)) {
            throw new InvalidProblemException("/delta", "the Gaussian candidates and delta > 0 apply to structured statistics only; this K-norm problem is "
                    + "designed for pure epsilon-DP");
        }
        try {
            if (problem.oracle() != null) {
                return KNormComparison.compareCurved(problem.oracle(), epsilon, problem.candidates(), problem.criterion(), progress::stage);
            }
            if (StatisticSpaces.isFinite(problem.statistic()) && finiteFits(problem)) {
                AdjacentOutputSpace space = StatisticSpaces.finite(problem.statistic(), problem.relation());
                boolean hull = problem.candidates().contains("hull") || problem.candidates().contains("search");
                HullBudget budget = new HullBudget(HullBudget.facetsForHeap(space.dimension(), HULL_HEAP_SHARE), deadline::expired);
                progress.stage("plan: the adjacent output space is finite (" + space.size() + " points): exact sensitivities"
                        + (hull ? "; its exact hull: " + hullPlan(space.size(), space.dimension(), budget) : "; no hull (not a candidate)"));
                return KNormComparison.compare(space, epsilon, problem.candidates(), problem.criterion(), budget, progress::stage);
            }
            if (problem.statistic() instanceof PolynomialStatistic poly && poly.categoricals().isEmpty()) {
                return PolynomialCandidates.compare(problem, poly, progress, deadline, rankByWitness, keep);
            }
            if (StatisticSpaces.isFinite(problem.statistic())) {
                throw new IllegalArgumentException("the adjacent output space has more than " + MAX_FINITE_POINTS + " points and the statistic has categorical "
                        + "variables, which branch and bound does not cover");
            }
            CurvedOutputSpace curved = StatisticSpaces.curved((PolynomialStatistic) problem.statistic(), problem.relation(), CURVED_TOLERANCE, CURVED_MAX_BOXES);
            return KNormComparison.compareCurved(curved, epsilon, problem.candidates(), problem.criterion(), progress::stage);
        } catch (IllegalArgumentException e) {
            String ptr = problem.statistic() instanceof RecordStatistic ? "/statistic/records"
                    : problem.statistic() instanceof DifferenceStatistic ? "/statistic/differences" : "/statistic";
            throw new InvalidProblemException(ptr, e.getMessage());
        }
    }
}
