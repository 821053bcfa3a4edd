package org.optimech.designer.knorm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.optimech.designer.common.Deadline;
import org.optimech.designer.common.Progress;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.geometry.adjacent.AdjacentOutputSpace;
import org.optimech.geometry.body.PairwiseSensitivity;
import org.optimech.geometry.body.Sensitivity;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.spec.Relation;

/**
 * The records case of a K-norm design (the problem lists its record domain): S_T has up to n² points, so it is built only when
 * it is small or the hull is a candidate and the plan's memory and time estimates fit, and its build stops at the deadline.
 * What needs no S_T is answered from the records exactly ({@link PairwiseSensitivity}): ℓ∞ and the weighted box from the
 * per-coordinate ranges, ℓ1 and ℓ2 as maxima over record pairs (O(n²·d) time, no storage), each stopping at the deadline with
 * a certified triangle bound. The hull and the search are then skipped, and the report says why.
 */
final class RecordCandidates {
    /** Bytes one point of S_T holds while it is built and deduplicated: the difference, its hash key's copy, the set's entry. */
    static long bytesPerPoint(int d) {
        return 2 * (16 + 8L * d) + 96;
    }

    /** The share of the heap S_T may take while it is built (the hull takes another share). */
    static final double SPACE_HEAP_SHARE = 1.0 / 3;
    /** The share of the time left that building S_T may take when its hull is wanted (the hull needs the rest). */
    static final double SPACE_TIME_SHARE = 0.5;
    /** Records whose S_T is built and timed to estimate the build rate (the fastest of {@link #RATE_ROUNDS}). */
    static final int RATE_SAMPLE = 40;
    static final int RATE_ROUNDS = 3;

    private RecordCandidates() {
    }

    /** The share of the time limit held back from the stages for the spec's fixed costs (beyond the time its numbers take). */
    static final double SPEC_SHARE = 0.2;
    /** At most this much is held back for the spec. */
    static final java.time.Duration SPEC_MOST = java.time.Duration.ofSeconds(2);

    /**
     * Compares a records problem whose S_T has more than {@link KNormDesigner#REDUNDANT_POINTS} points. First every candidate but
     * the hull and search, from the records (ℓ∞ and the weighted box exactly in O(n·d); ℓ1 and ℓ2 as maxima over record pairs,
     * stopping at the deadline with the triangle bound). Then, when the hull or search is a candidate, S_T is built if it fits
     * {@link #SPACE_HEAP_SHARE} of the heap and {@link #SPACE_TIME_SHARE} of the time left (at the rate measured on a sample in this
     * run), and its hull is tried under the heap's share and the deadline; whatever does not fit or is stopped is skipped with the
     * reason. The stages end early by the spec's time, measured on a sample of the records
     * ({@code KNormDesigner.specTime}), plus {@link #SPEC_SHARE} of the limit (at most {@link #SPEC_MOST}) for its fixed costs.
     *
     * @throws IllegalArgumentException for malformed records, or S_T only the origin
     */
    static KNormComparison.Result compare(KNormProblem problem, double[][] records, Progress progress, Deadline deadline) {
        Relation relation = problem.relation();
        PairwiseSensitivity pairs = PairwiseSensitivity.of(records, relation);
        int d = pairs.dimension();
        long m = pairs.spacePoints();
        double epsilon = problem.epsilon().doubleValue();
        boolean hullWanted = problem.candidates().contains("hull") || problem.candidates().contains("search");
        // the spec records every record in design.problem and the runtime re-derives Δ from them at load: that phase's time, measured on
        // a sample of the records in this run, plus a share of the limit for its fixed costs, is held back from the stages
        java.time.Duration specTime = KNormDesigner.specTime(records, deadline);
        java.time.Duration fixed = deadline.isLimited() ? java.time.Duration.ofNanos((long) Math.min(SPEC_MOST.toNanos(), SPEC_SHARE * deadline.limit().toNanos()))
                : java.time.Duration.ZERO;
        Deadline stages = deadline.holdingBack(0.9, specTime.plus(fixed));
        long bytes = m * bytesPerPoint(d);
        progress.stage(String.format(Locale.ROOT, "plan: %,d records in d = %d under %s; S_T would have up to %,d points (about %,d MB to build); linf and "
                + "weighted-box from the records' per-coordinate ranges (exact, O(n*d)); l1 and l2 as maxima over %,d %s (exact, no S_T)%s%s", pairs.records(), d,
                relation.json(), m, bytes >> 20, pairs.pairs(), relation == Relation.SUBSTITUTION ? "record pairs" : "records", hullWanted
                        ? "; then S_T and its hull if they fit what is left" : "; S_T is not built (the hull is not a candidate)",
                deadline.isLimited() ? String.format(Locale.ROOT, "; %.2f s held back to write, check and re-load the spec (%.2f s measured on a sample of its "
                        + "%,d recorded numbers in this run, and %.2f s for its fixed costs)", (deadline.endNanos() - stages.endNanos()) / 1e9, specTime.toNanos() / 1e9,
                        (long) records.length * d, fixed.toNanos() / 1e9) : ""));
        if (deadline.isLimited() && specTime.plus(fixed).toNanos() / 1e9 > deadline.remainingSeconds()) {
            progress.stage(String.format(Locale.ROOT, "the spec alone needs about %.2f s, more than the %.2f s left of the time limit: the candidates get only what "
                    + "needs no search (the ranges, the first record's pairs), and the run will end about %.2f s past its limit", specTime.plus(fixed).toNanos() / 1e9,
                    deadline.remainingSeconds(), specTime.plus(fixed).toNanos() / 1e9 - deadline.remainingSeconds()));
        }
        if (pairs.linf().upper() == 0) {
            throw new IllegalArgumentException("the adjacent output space is only the origin: the statistic does not depend on the data");
        }
        List<CandidateReport> out = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (String name : problem.candidates()) {
            if (!name.equals("hull") && !name.equals("search")) {
                try {
                    CandidateReport c = fromRecords(name, pairs, problem, stages, progress);
                    if (c == null) {
                        skipped.add("weighted-box: some coordinate of S_T is always 0 (a constant feature), so no box around it has volume");
                    } else {
                        out.add(c);
                    }
                } catch (RuntimeException e) {
                    failed.add(KNormComparison.failure(name, e, progress::stage));
                }
            }
        }
        org.optimech.geometry.hull.ConvexHull hull = null;
        BodySearch.Found found = null;
        AdjacentOutputSpace space = null;
        if (hullWanted) {
            List<String> hullNames = problem.candidates().stream().filter(n -> n.equals("hull") || n.equals("search")).toList();
            String why = null;
            long heap = (long) (Runtime.getRuntime().maxMemory() * SPACE_HEAP_SHARE);
            if (bytes > heap) {
                why = String.format(Locale.ROOT, "S_T was not built: about %,d MB, more than the %,d MB (a third of the heap) it may take", bytes >> 20, heap >> 20);
            } else if (stages.isLimited()) {
                double left = stages.remainingSeconds();
                double estimate = left > 0 ? buildSeconds(records, relation, m) : Double.NaN;
                if (!(estimate <= SPACE_TIME_SHARE * left)) {
                    why = Double.isNaN(estimate) ? "S_T was not built: no time was left for it"
                            : String.format(Locale.ROOT, "S_T was not built: about %.2f s at the rate measured on %d records in this run, more than half of the %.2f s "
                            + "left (its hull needs the rest)", estimate, Math.min(RATE_SAMPLE, records.length), left);
                }
            }
            if (why == null) {
                try {
                    // more than 64 distinct records in d <= 8 are first pruned to their hull's vertices, counted as records settled; the
                    // differences' counts start once their number is known, and end the pruning's task if its hull was abandoned
                    try (Progress.Counts pruned = progress.counts("pruning the records to their hull's vertices (records settled of the distinct ones)");
                            Progress.Counts points = progress.counts("building S_T (differences formed, then deduplicated)")) {
                        space = progress.running(String.format(Locale.ROOT, "building S_T (up to %,d points) for its hull", m), 10,
                                () -> AdjacentOutputSpace.finiteDomain(records, relation, stages::expired, pruned, (done, total) -> {
                                    pruned.close();
                                    points.report(done, total);
                                }));
                    }
                } catch (AdjacentOutputSpace.Stopped | AdjacentOutputSpace.TooLarge e) {
                    why = "S_T was not built: " + e.getMessage();
                } catch (IllegalArgumentException e) {
                    for (String n : hullNames) {
                        failed.add(KNormComparison.failure(n, new IllegalArgumentException("S_T could not be built: " + e.getMessage()), progress::stage));
                    }
                }
            }
            if (why != null) {
                progress.stage("skipping " + String.join(" and ", hullNames) + ": " + why);
                for (String n : hullNames) {
                    skipped.add(n + ": " + why);
                }
            } else if (space != null) {
                AdjacentOutputSpace built = space;
                org.optimech.geometry.hull.HullBudget budget = new org.optimech.geometry.hull.HullBudget(org.optimech.geometry.hull.HullBudget.facetsForHeap(d,
                        KNormDesigner.HULL_HEAP_SHARE), stages::expired);
                progress.stage("S_T: " + built.size() + " distinct points; its exact hull: " + KNormDesigner.hullPlan(built.size(), d, budget));
                KNormComparison.HullCandidates r;
                try (Progress.Counts hullPoints = progress.counts(KNormDesigner.hullTask(built.size()))) {
                    r = progress.running("the exact hull of the " + built.size() + " points", 10,
                            () -> KNormComparison.hullCandidates(built, epsilon, hullNames, problem.criterion(), budget.reporting(hullPoints), progress::stage));
                }
                out.addAll(r.reports());
                skipped.addAll(r.skipped());
                failed.addAll(r.failed());
                hull = r.hull();
                found = r.found();
                if (hull == null) {
                    space = null; // built for the hull only: the spec re-derives Δ from the records
                }
            }
        }
        return KNormComparison.finish(epsilon, problem.criterion(), out, hull, found, space, skipped, failed, d, "no listed candidate applies: "
                + String.join("; ", skipped));
    }

    /** Seconds to build S_T of m points, from the fastest of a few timed builds over a sample of the records. */
    static double buildSeconds(double[][] records, Relation relation, long m) {
        int k = Math.min(RATE_SAMPLE, records.length);
        double[][] sample = java.util.Arrays.copyOf(records, k);
        long sampled = relation == Relation.SUBSTITUTION ? (long) k * k : 2L * k;
        double best = Double.POSITIVE_INFINITY;
        for (int round = 0; round < RATE_ROUNDS; round++) {
            long t0 = System.nanoTime();
            try {
                AdjacentOutputSpace.finiteDomain(sample, relation);
            } catch (IllegalArgumentException e) {
                return Double.POSITIVE_INFINITY; // the full build would refuse the same difference
            }
            best = Math.min(best, (System.nanoTime() - t0) / 1e9);
        }
        return best / sampled * m;
    }

    /**
     * One candidate other than the hull and search, certified from the records: exactly, or for ℓ1 and ℓ2 by the triangle bound
     * where the pair loop reached the deadline (the report then gives both bounds). Null for a weighted box with a zero width.
     */
    static CandidateReport fromRecords(String name, PairwiseSensitivity pairs, KNormProblem problem, Deadline stages, Progress progress) {
        int d = pairs.dimension();
        double epsilon = problem.epsilon().doubleValue();
        String range = problem.relation() == Relation.SUBSTITUTION ? "max - min" : "largest |t_j|";
        if (name.equals("weighted-box")) {
            boolean exact = pairs.halfWidthsExact();
            // rounded half-widths are within a relative 2^-52 of the exact ones: the gauge's supremum is at least 1 - 2^-50
            return WeightedBox.report(pairs.halfWidths(), 1, epsilon, "the bounding box of S_T from the records' per-coordinate " + range + " (exact arithmetic"
                    + (exact ? "" : ", rounded up") + "), optimal among boxes for every criterion; S_T not built", null, exact ? 1 : 1 - 0x1p-50);
        }
        LpNorm norm = org.optimech.runtime.json.JsonName.parse(LpNorm.class, name);
        long t0 = System.nanoTime();
        // always under the deadline: a step's cost depends on the data (decimal records take the BigInteger path, many times slower than
        // long), so no count of steps is safe to run unstopped; the first record's pairs always run (a witness for the lower bound)
        PairwiseSensitivity.Bound b = pairs.ball(norm, stages::expired);
        double seconds = (System.nanoTime() - t0) / 1e9;
        String how;
        if (norm == LpNorm.LINF) {
            how = "max over coordinates of the records' " + range + ", exact arithmetic rounded up; S_T not built";
        } else if (b.stopped()) {
            how = String.format(Locale.ROOT, "the time limit stopped the pair search after %,d of %,d pairs (%.2f s): Delta is the certified triangle bound "
                    + "(the %s of the per-coordinate widths); a pair attains %.12g", b.pairsDone(), b.pairs(), seconds, norm == LpNorm.L1 ? "sum" : "l2 norm", b.lower());
            progress.stage("candidate " + name + ": " + how);
        } else {
            how = String.format(Locale.ROOT, "max over the %s of the %s norm, exact arithmetic rounded up (%,d examined, %.2f s); S_T not built",
                    problem.relation() == Relation.SUBSTITUTION ? String.format(Locale.ROOT, "%,d record pairs", b.pairs()) : "records", name, b.pairsDone(), seconds);
        }
        CandidateReport c = KNormComparison.ballReport(norm, new Sensitivity(b.upper(), b.exact()), epsilon, d, null);
        return new CandidateReport(c.name(), c.shape(), c.noiseDimension(), c.sensitivity(), c.sensitivityExact(), c.volume(), c.covarianceTrace(), c.covariance(),
                c.worstDirectionVariance(), "closed forms: M = " + org.optimech.geometry.body.LpBalls.secondMomentScalarNote(norm, d) + "*I; sensitivity = " + how,
                b.lower(), null, null);
    }
}
