package org.optimech.designer.knorm;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.optimech.designer.common.Deadline;
import org.optimech.designer.common.Progress;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.geometry.adjacent.AdjacentOutputSpace;
import org.optimech.geometry.adjacent.StatisticSpaces;
import org.optimech.geometry.hull.HullBudget;
import org.optimech.geometry.support.CurvedOutputSpace;
import org.optimech.runtime.statistic.PolynomialStatistic;
import org.optimech.runtime.statistic.RecordStatistic;
import org.optimech.runtime.statistic.Statistic;
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

    /**
     * The spec phase's time in units of one timed round over the stored numbers. A stored number is formatted, written, parsed
     * and checked about three times (the spec built and checked, written, re-loaded); the rest of the phase (the body checks,
     * the runtime re-deriving S_T from the recorded problem, the file) about doubles that: measured on 120 records in d = 8
     * (14,281 stored points), the phase took 2.2 times the three-round estimate, so seven rounds are reserved.
     */
    static final int SPEC_PASSES = 7;
    /** Points timed to estimate the spec's write time. */
    static final int SPEC_SAMPLE = 400;
    /**
     * Beyond this many adjacent points, a spec whose sensitivity the runtime re-derives from the recorded problem at load does not
     * store them (they would only repeat what design.problem determines); up to it they are stored for inspection.
     */
    public static final int REDUNDANT_POINTS = 1_000;
    /** Timed rounds over the sample; the fastest counts. */
    static final int SPEC_ROUNDS = 4;

    /**
     * How long the spec's stored points will take to build, check, write and re-load, measured in this run (so under this
     * machine's load) on a sample of them: one round of JSON numbers made from the doubles, their canonical text (the digest),
     * parsed back and checked exactly, times {@link #SPEC_PASSES}, scaled to all the points. Zero without a time limit.
     */
    static java.time.Duration specTime(double[][] points, Deadline deadline) {
        if (!deadline.isLimited() || points.length == 0) {
            return java.time.Duration.ZERO;
        }
        int n = Math.min(SPEC_SAMPLE, points.length);
        // the first rounds run cold (interpreted): the fastest of a few is the steady rate the spec's many numbers see
        double perPoint = Double.POSITIVE_INFINITY;
        for (int round = 0; round < SPEC_ROUNDS; round++) {
            long t0 = System.nanoTime();
            java.util.List<org.optimech.runtime.json.JsonValue> rows = new java.util.ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                rows.add(org.optimech.runtime.json.JsonArray.ofDoubles(points[(i + round * n) % points.length]));
            }
            try {
                org.optimech.runtime.json.JsonValue back = org.optimech.runtime.json.JsonParser.parse(org.optimech.runtime.json.JsonWriter.canonical(
                        org.optimech.runtime.json.JsonArray.of(rows)));
                org.optimech.runtime.json.ExactNumbers.requireRoundTrip(back, "");
                org.optimech.runtime.json.JsonWriter.canonical(back);
            } catch (org.optimech.runtime.json.JsonSyntaxException | org.optimech.runtime.json.FieldException e) {
                throw new IllegalStateException("the runtime's JSON does not read back what it wrote (a bug, please report it): " + e.getMessage(), e);
            }
            perPoint = Math.min(perPoint, (double) (System.nanoTime() - t0) / n);
        }
        return java.time.Duration.ofNanos((long) Math.min(Long.MAX_VALUE / 4.0, perPoint * points.length * SPEC_PASSES));
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
        if (problem.statistic().polynomial().isEmpty()) {
            return true;
        }
        PolynomialStatistic p = problem.statistic().polynomial().get();
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
        return compare(problem, progress, deadline, rankByWitness, keep, null);
    }

    /**
     * As {@link #compare(KNormProblem, Progress, Deadline, boolean, String)}; with {@code bodySearch}, a polynomial statistic's
     * {@code search} candidate is the genetic search over linear images of the ℓ1 and ℓ∞ balls ({@link GeneticBodySearch}; null:
     * off, the search runs only over a sandwich hull).
     */
    public static KNormComparison.Result compare(KNormProblem problem, Progress progress, Deadline deadline, boolean rankByWitness, String keep,
            GeneticBodySearch.Settings bodySearch) throws InvalidProblemException {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(deadline, "deadline");
        double epsilon = problem.epsilon().doubleValue();
        Optional<StructuredStatistic> structured = Optional.ofNullable(problem.statistic()).flatMap(Statistic::structured); // null with a support oracle
        if (structured.isPresent()) {
            StructuredStatistic s = structured.get();
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
            Optional<RecordStatistic> listed = problem.statistic().match(poly -> Optional.empty(), Optional::of, dd -> Optional.empty(), st -> Optional.empty());
            if (listed.isPresent()) {
                RecordStatistic records = listed.get();
                // S_T has up to n² points: built whole only when small; else the candidates come from the records, and S_T only for a hull that fits
                return records.records().length * (problem.relation() == org.optimech.runtime.spec.Relation.SUBSTITUTION ? (long) records.records().length : 2L)
                        <= REDUNDANT_POINTS ? compareFinite(problem, StatisticSpaces.finite(records, problem.relation()), progress, deadline)
                        : RecordCandidates.compare(problem, records.records(), progress, deadline);
            }
            if (StatisticSpaces.isFinite(problem.statistic()) && finiteFits(problem)) {
                KNormComparison.Result r = compareFinite(problem, StatisticSpaces.finite(problem.statistic(), problem.relation()), progress, deadline);
                boolean onlyDifferences = problem.statistic().match(poly -> false, rec -> false, dd -> true, st -> false);
                // under substitution the statistic of n records lies in n·q0 + V, and differences alone do not give q0: a spec
                // with its noise in V could not tell that public part from the caller's rounding residue, so the runtime
                // refuses to release it (Samplers.knorm); choose among the full-dimensional candidates instead
                return onlyDifferences && problem.relation() == org.optimech.runtime.spec.Relation.SUBSTITUTION && r.hull() != null && !r.hull().span().isFull()
                        ? KNormComparison.withoutSubspaceCandidates(r, "its noise would live in the " + r.hull().span().dimension() + "-dimensional span of "
                                + "the differences, and under substitution differences alone do not give the statistic's public part off that span, so "
                                + "the runtime could not release it (give the statistic as records or polynomials, or use add-remove)")
                        : r;
            }
            Optional<PolynomialStatistic> boxes = problem.statistic().polynomial().filter(poly -> poly.categoricals().isEmpty());
            if (boxes.isPresent()) {
                return PolynomialCandidates.compare(problem, boxes.get(), progress, deadline, rankByWitness, keep, bodySearch);
            }
            if (StatisticSpaces.isFinite(problem.statistic())) {
                throw new IllegalArgumentException("the adjacent output space has more than " + MAX_FINITE_POINTS + " points and the statistic has categorical "
                        + "variables, which branch and bound does not cover");
            }
            CurvedOutputSpace curved = StatisticSpaces.curved(problem.statistic().polynomial().orElseThrow(), problem.relation(), CURVED_TOLERANCE, CURVED_MAX_BOXES);
            return KNormComparison.compareCurved(curved, epsilon, problem.candidates(), problem.criterion(), progress::stage);
        } catch (IllegalArgumentException e) {
            String ptr = problem.statistic() == null ? "/statistic"
                    : problem.statistic().match(p -> "/statistic", r -> "/statistic/records", d -> "/statistic/differences", s -> "/statistic");
            throw new InvalidProblemException(ptr, e.getMessage());
        }
    }

    /**
     * The comparison over a built finite S_T: the exact hull (when a candidate) within the heap's share and the deadline less the
     * time reserved for the spec's stored points, and every other candidate exactly over the points.
     */
    private static KNormComparison.Result compareFinite(KNormProblem problem, AdjacentOutputSpace space, Progress progress, Deadline deadline) {
        double epsilon = problem.epsilon().doubleValue();
        boolean hull = problem.candidates().contains("hull") || problem.candidates().contains("search");
        // the spec stores up to every point of S_T: the time to write, check and re-load it is reserved from the stages
        // (beyond REDUNDANT_POINTS it stores none when the runtime re-derives S_T from the recorded problem, as it
        // does for every finite S_T small enough to be stored whole)
        double[][] stored = space.size() > REDUNDANT_POINTS ? java.util.Arrays.copyOf(space.points(),
                REDUNDANT_POINTS) : space.points();
        java.time.Duration specTime = specTime(stored, deadline);
        Deadline stages = deadline.holdingBack(0.9, specTime);
        Progress.Counts hullPoints = progress.counts(hullTask(space.size()));
        HullBudget budget = new HullBudget(HullBudget.facetsForHeap(space.dimension(), HULL_HEAP_SHARE), stages::expired, hullPoints);
        progress.stage("plan: the adjacent output space is finite (" + space.size() + " points): exact sensitivities"
                + (hull ? "; its exact hull: " + hullPlan(space.size(), space.dimension(), budget) : "; no hull (not a candidate)")
                + (deadline.isLimited() ? String.format(java.util.Locale.ROOT, "; %.2f s reserved to write, check and re-load the spec's %,d stored numbers at most "
                        + "(measured on a sample in this run)", specTime.toNanos() / 1e9, (long) stored.length * space.dimension()) : ""));
        if (deadline.isLimited() && specTime.toNanos() / 1e9 > deadline.remainingSeconds()) {
            progress.stage(String.format(java.util.Locale.ROOT, "the spec alone needs about %.2f s, more than the %.2f s left of the time limit: only the "
                    + "exact balls are compared, and the run will end about %.2f s past its limit", specTime.toNanos() / 1e9, deadline.remainingSeconds(),
                    specTime.toNanos() / 1e9 - deadline.remainingSeconds()));
        }
        try (hullPoints) {
            return progress.running("comparing the candidates over the " + space.size() + " points", 10,
                    () -> KNormComparison.compare(space, epsilon, problem.candidates(), problem.criterion(), budget, progress::stage));
        }
    }

    /** The exact hull's progress task: points settled (vertices, or known to be inside) of all of S_T's. */
    static String hullTask(int points) {
        return "exact hull of S_T (points settled of " + points + ")";
    }
}
