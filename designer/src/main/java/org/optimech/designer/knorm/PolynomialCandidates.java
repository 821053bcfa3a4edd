package org.optimech.designer.knorm;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.optimech.designer.common.Deadline;
import org.optimech.designer.common.Progress;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.geometry.adjacent.StatisticSpaces;
import org.optimech.geometry.body.Sensitivity;
import org.optimech.geometry.hull.ConvexHull;
import org.optimech.geometry.hull.HullBudget;
import org.optimech.geometry.sensitivity.CertifiedSensitivity;
import org.optimech.geometry.sensitivity.SearchBudget;
import org.optimech.geometry.sensitivity.SearchStatus;
import org.optimech.geometry.support.CurvedOutputSpace;
import org.optimech.geometry.support.Sandwich;
import org.optimech.runtime.certificate.CertificateCheck;
import org.optimech.runtime.certificate.Gauge;
import org.optimech.runtime.certificate.StatisticPolynomials;
import org.optimech.runtime.certificate.TreeCodes;
import org.optimech.runtime.exact.Dyadic;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.KNormBlock;
import org.optimech.runtime.spec.Relation;
import org.optimech.runtime.statistic.PolynomialStatistic;

/**
 * The candidates of a polynomial statistic of box variables, computed without its hull: the ℓ∞, weighted-box, ℓ1 and ℓ2
 * sensitivities by certified branch and bound over one record's box (add/remove) or a record pair's (substitution), each
 * with the certificate its spec stores; the sandwich hull only when it is listed and d is small enough; every stage within
 * its share of the run's time limit. When time runs out a search stops with its certified bound (looser, said in the note),
 * and a candidate that could not start is reported as skipped.
 */
final class PolynomialCandidates {
    /** The relative gap each sensitivity is certified to (when time allows). */
    static final double RELATIVE_GAP = 1e-9;
    /**
     * The largest statistic dimension whose hull sandwich is attempted: up to it Quickhull honours a facet budget and a stop
     * (beyond, hulls fall back to the all-integer construction, which does not). Below it, whether a round's hull is built is
     * decided by its size estimate (see {@link Sandwich#build(org.optimech.geometry.support.SupportOracle, double, int,
     * java.util.function.Consumer, java.util.function.BooleanSupplier, long, long)}): at d = 8 (regression p = 2) the first hull
     * has 691,288 facets, past the memory and time a run at -Xmx1g and 600 s has for it.
     */
    static final int MAX_HULL_DIMENSION = 12;
    /** Order of work: cheap and certain first. */
    private static final List<String> ORDER = List.of("linf", "weighted-box", "l1", "l2", "hull", "search");

    private PolynomialCandidates() {
    }


    /**
     * @param rankByWitness whether a candidate other than {@code keep} stops as soon as its witness makes it lose to a candidate
     *     certified before it (else every candidate is certified to the gap)
     * @param keep the candidate that will be stored whatever it scores (null: the criterion picks)
     */
    static KNormComparison.Result compare(KNormProblem problem, PolynomialStatistic statistic, Progress progress, Deadline deadline, boolean rankByWitness,
            String keep) {
        return compare(problem, statistic, progress, deadline, rankByWitness, keep, null);
    }

    /**
     * As {@link #compare(KNormProblem, PolynomialStatistic, Progress, Deadline, boolean, String)}; with {@code bodySearch}, the
     * {@code search} candidate is the genetic body search ({@link GeneticBodySearch}), its pick certified like the balls (null:
     * the search runs over the sandwich hull when there is one, as before).
     */
    static KNormComparison.Result compare(KNormProblem problem, PolynomialStatistic statistic, Progress progress, Deadline deadline, boolean rankByWitness,
            String keep, GeneticBodySearch.Settings bodySearch) {
        double epsilon = problem.epsilon().doubleValue();
        int d = statistic.dimension();
        int k = statistic.variables().size();
        boolean pairs = problem.relation() == Relation.SUBSTITUTION;
        StatisticPolynomials sp = StatisticPolynomials.of(statistic);
        List<String> names = new ArrayList<>(ORDER);
        names.retainAll(problem.candidates());
        progress.stage(String.format(Locale.ROOT, "plan: %s by certified branch and bound over %s (%d coordinates, whatever d = %d), relative gap %.0e%s%s",
                String.join(", ", names), pairs ? "pairs of records" : "one record", pairs ? 2 * k : k, d, RELATIVE_GAP,
                names.contains("hull") ? (statistic.isMultilinear() || d > MAX_HULL_DIMENSION ? "; hull: not built (see below)" : "; hull: sandwich")
                        : "; hull: not a candidate, not built",
                deadline.isLimited() ? String.format(Locale.ROOT, "; time limit %.3g s for the whole run, stages end by %.3g s", deadline.limit().toNanos() / 1e9,
                        deadline.remainingSeconds() + deadline.elapsedSeconds()) : ""));
        String subspace = problem.subspaceNote();
        if (!subspace.isEmpty()) {
            progress.stage(subspace);
        }
        List<CandidateReport> out = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        ProofReserve reserve = new ProofReserve();
        ConvexHull hull = null;
        Sandwich.Result sandwich = null;
        BodySearch.Found found = null;
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            // the first candidate and the one that will be stored always run: stopped at once, a search still returns its certified starting bound
            if (deadline.expired() && !out.isEmpty() && !name.equals(keep)) {
                skipped.add(name + ": not started: the time limit ran out");
                progress.stage("skipping " + name + ": the time limit ran out");
                continue;
            }
            long stageEnd = deadline.shareNanos(names.size() - i);
            SearchBudget budget = new SearchBudget(stageEnd, SearchBudget.nodesForHeap(), reporter(progress), 2.0).withReserve(reserve.nanosPerBox());
            try {
                switch (name) {
                    case "linf":
                    case "weighted-box": {
                        Gauge g = Gauge.identity(Gauge.Kind.RANGES, d);
                        boolean each = name.equals("weighted-box");
                        CertifiedSensitivity.Outcome o = CertifiedSensitivity.ranges(sp, pairs, g, each, RELATIVE_GAP, budget, name + (each ? " half-widths" : " sensitivity"));
                        CertificateCheck.Proof proof = reserve.prove(sp, pairs, g, o);
                        KNormBlock.SensitivityCertificate cert = certificate(o);
                        if (!each) {
                            out.add(withCertificate(KNormComparison.ballReport(LpNorm.LINF, new Sensitivity(proof.upper(), false), epsilon, d, note(name, o, proof, pairs, k)),
                                    o.lower(), null, cert));
                        } else {
                            CandidateReport box = WeightedBox.report(proof.rowRanges(), 1, epsilon, "the bounding box of S_T, each half-width certified: "
                                    + note(name, o, proof, pairs, k) + "; optimal among boxes for every criterion, up to the stated gap", cert, boxLower(o, proof));
                            if (box == null) {
                                skipped.add("weighted-box: some feature is constant (a half-width of 0), so no box around S_T has volume");
                            } else {
                                out.add(box);
                            }
                        }
                        break;
                    }
                    case "l1":
                    case "l2": {
                        boolean l1 = name.equals("l1");
                        Gauge g = Gauge.identity(l1 ? Gauge.Kind.SUM : Gauge.Kind.SQUARE, d);
                        LpNorm norm = l1 ? LpNorm.L1 : LpNorm.L2;
                        if (rankByWitness && !name.equals(keep) && !out.isEmpty()) {
                            // ranking by witnesses: a ball whose witnessed Δ already scores worse than a certified candidate cannot be picked
                            double bestScore = out.stream().mapToDouble(c -> c.score(problem.criterion())).min().orElseThrow();
                            budget = budget.losingWhen(v -> v > 0 && KNormComparison.ballReport(norm, new Sensitivity(v, false), epsilon, d, "").score(problem.criterion())
                                    > bestScore);
                        }
                        double[][] genetic = GeneticWitnesses.forGauge(sp, pairs, g, l1, () -> System.nanoTime() - stageEnd >= 0);
                        CertifiedSensitivity.Outcome o = l1 ? CertifiedSensitivity.sum(sp, pairs, g, RELATIVE_GAP, budget, "l1 sensitivity", genetic)
                                : CertifiedSensitivity.square(sp, pairs, g, RELATIVE_GAP, budget, "l2 sensitivity", genetic);
                        CertificateCheck.Proof proof = reserve.prove(sp, pairs, g, o);
                        out.add(withCertificate(KNormComparison.ballReport(norm, new Sensitivity(proof.upper(), false), epsilon, d, note(name, o, proof, pairs, k)),
                                o.lower(), null, certificate(o)));
                        break;
                    }
                    case "hull": {
                        if (statistic.isMultilinear()) {
                            skipped.add("hull: the statistic's box has too many vertices to build its finite adjacent output space");
                            break;
                        }
                        if (d > MAX_HULL_DIMENSION) {
                            skipped.add("hull: d = " + d + " > " + MAX_HULL_DIMENSION + ": beyond the dimension where a hull can be built under a facet budget "
                                    + "and a stop; not built");
                            progress.stage("skipping hull: d = " + d + " is beyond the sandwich's reach (d <= " + MAX_HULL_DIMENSION + ")");
                            break;
                        }
                        long t0 = System.nanoTime();
                        // half the stage for the sandwich, half for the certificate of its outer body (about one search per facet each)
                        long sandwichEnd = t0 + (stageEnd - t0) / 2;
                        CurvedOutputSpace curved = StatisticSpaces.curved(statistic, problem.relation(), KNormDesigner.CURVED_TOLERANCE, KNormDesigner.CURVED_MAX_BOXES)
                                .withStop(() -> System.nanoTime() - sandwichEnd >= 0);
                        long maxFacets = HullBudget.facetsForHeap(d, KNormDesigner.HULL_HEAP_SHARE);
                        progress.stage(String.format(Locale.ROOT, "hull: sandwich body (tolerance %s); each round's hull is planned before it is certified: at most "
                                + "%,d facets (%,d MB at about %d bytes a facet) and no more than the certified supports its time allows", KNormComparison.SANDWICH_TOLERANCE,
                                maxFacets, maxFacets * HullBudget.bytesPerFacet(d) >> 20, HullBudget.bytesPerFacet(d)));
                        Sandwich.Result built = Sandwich.build(curved, KNormComparison.SANDWICH_TOLERANCE, 40, progress::stage,
                                () -> System.nanoTime() - sandwichEnd >= 0, maxFacets, sandwichEnd);
                        if (built.hull() == null) {
                            skipped.add(String.format(Locale.ROOT, "hull: no sandwich round was certified within its share of the time limit and memory "
                                    + "(%.1f s, %d support evaluations): %s", (System.nanoTime() - t0) / 1e9, built.supports(), built.stoppedBecause()));
                            break;
                        }
                        String unbounded = KNormComparison.unbounded(built, d);
                        if (unbounded != null) {
                            failed.add(KNormComparison.failure("hull", new IllegalArgumentException("the sandwich body: " + unbounded), progress::stage));
                            break;
                        }
                        sandwich = built;
                        hull = sandwich.hull();
                        double seconds = (System.nanoTime() - t0) / 1e9;
                        CandidateReport certified = certifiedHull(sp, pairs, hull, sandwich, budget, reserve, epsilon, d, seconds);
                        out.add(certified);
                        break;
                    }
                    default: {
                        if (bodySearch != null) {
                            progress.stage("search: genetic search over linear images of the l1 and linf balls (heuristic, ranked by witnesses; only its pick "
                                    + "is certified, like every other body)");
                            // the search gets half the stage, the certificate of its pick the rest
                            long searchEnd = System.nanoTime() + (stageEnd - System.nanoTime()) / 2;
                            found = GeneticBodySearch.search(sp, pairs, d, problem.criterion(), bodySearch, () -> System.nanoTime() - searchEnd >= 0, progress);
                            if (found == null) {
                                skipped.add("search: the witnesses of S_T do not span its " + d + " coordinates (a constant or dependent feature), so no "
                                        + "invertible linear image fits them");
                                break;
                            }
                            BodySearch.Found pick = found;
                            if (rankByWitness && !name.equals(keep) && !out.isEmpty()) {
                                double bestScore = out.stream().mapToDouble(c -> c.score(problem.criterion())).min().orElseThrow();
                                budget = budget.losingWhen(v -> v > 0 && KNormComparison.searchReport(pick, new Sensitivity(v, false), epsilon, d, "")
                                        .score(problem.criterion()) > bestScore);
                            }
                            out.add(certifiedGenetic(sp, pairs, pick, budget, reserve, epsilon, d, () -> System.nanoTime() - stageEnd >= 0));
                            break;
                        }
                        if (sandwich == null || d > BodySearch.MAX_DIMENSION || !hull.span().isFull()) {
                            skipped.add("search: runs over the sandwich hull's vertices, so it needs the hull candidate, a full-dimensional S_T and d <= "
                                    + BodySearch.MAX_DIMENSION + " (or the genetic body search turned on)");
                            break;
                        }
                        progress.stage("heuristic search over linear images of the linf and l1 balls");
                        double[][] outer = hull.vertexCoordinates();
                        for (double[] v : outer) {
                            for (int j = 0; j < v.length; j++) {
                                v[j] *= sandwich.sensitivity();
                            }
                        }
                        // the search gets half the stage, the certificate of what it found the rest
                        long searchEnd = System.nanoTime() + (stageEnd - System.nanoTime()) / 2;
                        found = BodySearch.search(outer, d, problem.criterion(), 1, () -> System.nanoTime() - searchEnd >= 0);
                        if (found != null) {
                            Sensitivity onP = Sensitivity.ofLinearImage(found.base(), found.inverseExact(), hull.vertexCoordinates());
                            double delta = Math.nextUp(Math.nextUp(onP.upper() * sandwich.sensitivity()));
                            out.add(certifiedSearch(sp, pairs, found, delta, budget, reserve, epsilon, d));
                        } else {
                            skipped.add("search: stopped by the time limit before its first start finished");
                        }
                    }
                }
            } catch (RuntimeException e) {
                failed.add(KNormComparison.failure(name, e, progress::stage));
            }
        }
        // computed cheapest first, reported in the problem's order
        out.sort(Comparator.comparingInt(c -> problem.candidates().indexOf(c.name())));
        for (String s : skipped) {
            progress.stage("not compared: " + s);
        }
        return KNormComparison.finish(epsilon, problem.criterion(), out, hull, found, null, skipped, failed, d, "no candidate could be computed: "
                + String.join("; ", skipped));
    }

    /**
     * The sandwich's outer body Δ·P with a certificate the runtime re-checks: the facet rows of P (its exact integer normals,
     * its offsets as exact dyadics: the same gauge the runtime derives from the stored polytope), bounded over S_T by the
     * branch and bound over records. The stored Δ is what those trees prove; the sandwich's own support bounds only shaped P.
     */
    private static CandidateReport certifiedHull(StatisticPolynomials sp, boolean pairs, ConvexHull hull, Sandwich.Result sandwich, SearchBudget budget,
            ProofReserve reserve, double epsilon, int d, double sandwichSeconds) {
        // a hull in a proved subspace (see StatisticSpaces.curved) acts on S_T through its pivot coordinates
        Gauge g = hull.span().isFull() ? facetGauge(hull) : facetGauge(hull).onPivots(hull.span().pivots(), d);
        CertifiedSensitivity.Outcome o = CertifiedSensitivity.ranges(sp, pairs, g, false, HULL_CERTIFICATE_GAP, budget, "hull certificate (" + hull.facets().size()
                + " facet rows)");
        CertificateCheck.Proof proof = reserve.prove(sp, pairs, g, o);
        String sandwichNote = String.format(Locale.ROOT, "sandwich: inner polytope P of %d witness points of S_T (%d rounds, %d certified supports, %.1f s%s); the "
                + "noise uses the outer body Delta*P; Delta = %.12g from the sandwich's support bounds", hull.vertexCount(), sandwich.rounds(), sandwich.supports(),
                sandwichSeconds, sandwich.stoppedBecause() == null ? "" : "; " + sandwich.stoppedBecause() + ", so P is coarser", sandwich.sensitivity());
        double sw = sandwich.sensitivity();
        if (proof.upper() > sw * (1 + KNormComparison.SANDWICH_TOLERANCE)) {
            // the certificate search ran out of time far above the sandwich's bound: keep the tighter bound, which only the designer vouches for
            String note = String.format(Locale.ROOT, "%s, stored WITHOUT a certificate: the certificate search over the facet rows reached only %.12g within its "
                    + "time (%,d boxes, %.1f s), more than the sandwich's bound by over its tolerance, so the runtime cannot re-check this Delta (the standard "
                    + "policy refuses it unless allowed); inner/outer volume gap vol(Delta*P)/vol(P) - 1 = %.3g", sandwichNote, proof.upper(), o.nodes(), o.seconds(),
                    Math.pow(sw, hull.dimension()) - 1);
            return KNormComparison.hullReport(hull, new Sensitivity(sw, false), epsilon, d, note);
        }
        double delta = proof.upper();
        String note = String.format(Locale.ROOT, "%s; stored Delta = %.12g %s; inner/outer volume gap vol(Delta*P)/vol(P) - 1 = %.3g", sandwichNote, delta,
                note("the facet rows", o, proof, pairs, sp.lower().length), Math.pow(delta, hull.dimension()) - 1);
        CandidateReport c = KNormComparison.hullReport(hull, new Sensitivity(delta, false), epsilon, d, note);
        return withCertificate(c, o.lower(), null, certificate(o));
    }

    /**
     * The searched linear image A·B with a certificate the runtime re-checks: its gauge as the runtime derives it from the
     * stored body (ranges of A⁻¹'s rows for B = ℓ∞, their absolute sum for ℓ1), bounded over S_T by the branch and bound over
     * records. When that search stops far above the bound through the sandwich ({@code viaSandwich}), the latter is kept without
     * a certificate, as for the hull.
     */
    private static CandidateReport certifiedSearch(StatisticPolynomials sp, boolean pairs, BodySearch.Found found, double viaSandwich, SearchBudget budget,
            ProofReserve reserve, double epsilon, int d) {
        String through = "; S_T is curved: Delta through the sandwich = (the sandwich's Delta) x (max over its inner polytope's vertices of the gauge), "
                + "rounded up = " + viaSandwich;
        Gauge g = searchGauge(found, d);
        CertifiedSensitivity.Outcome o = certifySearch(sp, pairs, g, HULL_CERTIFICATE_GAP, budget, new double[0][]);
        CertificateCheck.Proof proof = reserve.prove(sp, pairs, g, o);
        if (proof.upper() > viaSandwich * (1 + KNormComparison.SANDWICH_TOLERANCE)) {
            return KNormComparison.searchReport(found, new Sensitivity(viaSandwich, false), epsilon, d, through + String.format(Locale.ROOT, "; stored WITHOUT a "
                    + "certificate: the certificate search reached only %.12g within its time, so the runtime cannot re-check this Delta", proof.upper()));
        }
        CandidateReport c = KNormComparison.searchReport(found, new Sensitivity(proof.upper(), false), epsilon, d, through + "; stored Delta = "
                + proof.upper() + " " + note("search", o, proof, pairs, sp.lower().length));
        return withCertificate(c, o.lower(), null, certificate(o));
    }

    /**
     * The genetic search's pick A·B with a certificate the runtime re-checks: its gauge as the runtime derives it from the stored
     * linear image (ranges of A⁻¹'s rows for B = ℓ∞, their absolute sum for ℓ1), bounded over S_T by the branch and bound over
     * records to the candidates' gap. The witnesses that ranked it are not used for Δ.
     */
    private static CandidateReport certifiedGenetic(StatisticPolynomials sp, boolean pairs, BodySearch.Found found, SearchBudget budget, ProofReserve reserve,
            double epsilon, int d, java.util.function.BooleanSupplier stop) {
        Gauge g = searchGauge(found, d);
        CertifiedSensitivity.Outcome o = certifySearch(sp, pairs, g, RELATIVE_GAP, budget, g.kind() == Gauge.Kind.SUM
                ? GeneticWitnesses.forGauge(sp, pairs, g, true, stop) : new double[0][]);
        CertificateCheck.Proof proof = reserve.prove(sp, pairs, g, o);
        CandidateReport c = KNormComparison.searchReport(found, new Sensitivity(proof.upper(), false), epsilon, d, "; stored Delta " + note("search", o, proof,
                pairs, sp.lower().length));
        return withCertificate(c, o.lower(), null, certificate(o));
    }

    /** The gauge the runtime derives from a searched linear image (what its certificate must bound). */
    private static Gauge searchGauge(BodySearch.Found found, int d) {
        try {
            return Gauge.ofLinearImage(found.base(), found.a());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("the runtime refuses the searched body (a designer bug, please report it): " + e.getMessage(), e);
        }
    }

    /** The branch and bound over records for a searched linear image's gauge: ℓ1 images sum their rows, ℓ∞ images take ranges. */
    private static CertifiedSensitivity.Outcome certifySearch(StatisticPolynomials sp, boolean pairs, Gauge g, double gap, SearchBudget budget, double[][] witnesses) {
        return g.kind() == Gauge.Kind.SUM ? CertifiedSensitivity.sum(sp, pairs, g, gap, budget, "search certificate", witnesses)
                : CertifiedSensitivity.ranges(sp, pairs, g, false, gap, budget, "search certificate");
    }

    /** The relative gap the hull's certificate is searched to: well inside the sandwich's own tolerance, which P is only good to. */
    static final double HULL_CERTIFICATE_GAP = 1e-6;

    /** The gauge of P stored as a polytope: one ranges row per facet, its exact normal and its offset (exact, on P's dyadic grid). */
    static Gauge facetGauge(ConvexHull hull) {
        List<ConvexHull.Facet> facets = hull.facets();
        Rational[][] rows = new Rational[facets.size()][];
        Rational[] bounds = new Rational[facets.size()];
        Rational unit = Rational.of(Dyadic.powerOfTwo(hull.shift()));
        for (int f = 0; f < rows.length; f++) {
            BigInteger[] n = facets.get(f).exactNormal();
            rows[f] = new Rational[n.length];
            for (int j = 0; j < n.length; j++) {
                rows[f][j] = Rational.of(n[j]);
            }
            bounds[f] = Rational.of(facets.get(f).exactOffset()).divide(unit);
        }
        return new Gauge(Gauge.Kind.RANGES, rows, bounds);
    }

    /** The witnessed gauge of the bounding box: the largest witnessed half-width over its certified one (Δ = 1 covers it). */
    private static double boxLower(CertifiedSensitivity.Outcome o, CertificateCheck.Proof proof) {
        double l = 0;
        double[] lower = o.rowLower();
        double[] upper = proof.rowRanges();
        for (int j = 0; j < lower.length; j++) {
            if (upper[j] > 0) {
                l = Math.max(l, lower[j] / upper[j]);
            }
        }
        return Math.min(1, l);
    }

    /**
     * The time a search must leave, per box, for its certificate to be re-proved by the designer, proved again when the spec is
     * built (the runtime's check) and once more when a written spec is re-loaded: three proofs. Starts from a rate measured on
     * this project's p = 5 statistic (828,000 boxes re-proved in 7.5 s, about 9 µs a box, on a loaded 2-core machine) and
     * follows the rate this run's own proofs show once one has re-proved at least 10,000 boxes.
     */
    static final class ProofReserve {
        static final double PRIOR_NANOS_PER_BOX = 9_000;
        static final int PROOFS = 3;
        private double nanosPerBox = PRIOR_NANOS_PER_BOX;

        double nanosPerBox() {
            return PROOFS * nanosPerBox;
        }

        CertificateCheck.Proof prove(StatisticPolynomials sp, boolean pairs, Gauge g, CertifiedSensitivity.Outcome o) {
            long t0 = System.nanoTime();
            CertificateCheck.Proof proof = PolynomialCandidates.prove(sp, pairs, g, o);
            if (o.nodes() >= 10_000) {
                nanosPerBox = (double) (System.nanoTime() - t0) / o.nodes();
            }
            return proof;
        }
    }

    /** Re-checks the trees with the runtime's evaluator: what they prove is what the spec may claim. */
    private static CertificateCheck.Proof prove(StatisticPolynomials sp, boolean pairs, Gauge g, CertifiedSensitivity.Outcome o) {
        try {
            return CertificateCheck.prove(sp, pairs, g, o.trees());
        } catch (CertificateCheck.CertificateException e) {
            throw new IllegalStateException("the runtime refuses the designer's own certificate (a designer bug, please report it): " + e.getMessage(), e);
        }
    }

    private static KNormBlock.SensitivityCertificate certificate(CertifiedSensitivity.Outcome o) {
        double gap = o.relativeGap();
        BigDecimal g = Double.isFinite(gap) ? new BigDecimal(String.format(Locale.ROOT, "%.3e", Math.max(0, gap))).stripTrailingZeros() : null;
        return new KNormBlock.SensitivityCertificate(KNormBlock.SensitivityCertificate.FORMAT, TreeCodes.encode(o.trees()), g);
    }

    private static String note(String name, CertifiedSensitivity.Outcome o, CertificateCheck.Proof proof, boolean pairs, int k) {
        return String.format(Locale.ROOT, "certified by branch and bound over %s (%d coordinates): the witness attains %.15g, the search proved %.15g "
                + "(relative gap %.2g, %,d boxes, %.2f s%s); the stored certificate (%,d nodes, %,d bytes before compression) proves %.15g, "
                + "re-checked by the runtime at load", pairs ? "record pairs" : "one record", pairs ? 2 * k : k, o.lower(), o.upper(), o.relativeGap(), o.nodes(),
                o.seconds(), o.complete() ? "" : o.losing() ? "; stopped early: its witness already scores worse than a certified candidate, so it "
                        + "cannot be picked whatever its exact value; the bound is certified but looser (choosing this body explicitly certifies it to the gap)"
                        : "; STOPPED by the time limit or the memory budget before the target gap " + RELATIVE_GAP + ": the bound is certified but looser", proof.nodes(), o.trees().length, proof.upper());
    }

    private static CandidateReport withCertificate(CandidateReport c, double lower, Body body, KNormBlock.SensitivityCertificate cert) {
        return new CandidateReport(c.name(), c.shape(), c.noiseDimension(), c.sensitivity(), c.sensitivityExact(), c.volume(), c.covarianceTrace(), c.covariance(),
                c.worstDirectionVariance(), c.note(), lower, body, cert);
    }

    /** Progress lines with figures and an estimate from the gap's recent rate of shrinking. */
    private static java.util.function.Consumer<SearchStatus> reporter(Progress progress) {
        double[] last = {Double.NaN, Double.NaN};
        return s -> {
            double gap = s.relativeGap();
            double estimate = Double.NaN;
            if (Double.isFinite(gap) && gap > RELATIVE_GAP && !Double.isNaN(last[0])) {
                double rate = (Math.log(last[1]) - Math.log(gap)) / Math.max(1e-9, s.elapsedSeconds() - last[0]);
                estimate = rate > 0 ? (Math.log(gap) - Math.log(RELATIVE_GAP)) / rate : Double.POSITIVE_INFINITY;
            }
            if (Double.isFinite(gap)) {
                last[0] = s.elapsedSeconds();
                last[1] = gap;
            }
            progress.search(s.stage(), s.nodes(), s.lower(), s.upper(), s.elapsedSeconds(), estimate);
        };
    }
}
