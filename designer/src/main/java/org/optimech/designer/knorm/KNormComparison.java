package org.optimech.designer.knorm;

import java.util.ArrayList;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.JsonName;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.optimech.geometry.adjacent.AdjacentOutputSpace;
import org.optimech.geometry.body.ConeTriangulation;
import org.optimech.geometry.body.LpBalls;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.geometry.body.Sensitivity;
import org.optimech.geometry.hull.AffineSpan;
import org.optimech.geometry.hull.ConvexHull;
import org.optimech.geometry.hull.HullBudget;
import org.optimech.geometry.hull.QuickHull;
import org.optimech.geometry.support.BoxMaximizer;
import org.optimech.geometry.support.CurvedOutputSpace;
import org.optimech.geometry.support.Sandwich;
import org.optimech.geometry.support.SupportOracle;
import org.optimech.runtime.knorm.KNormSampler;
import org.optimech.runtime.knorm.LinearImageBody;
import org.optimech.runtime.knorm.LpBody;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.knorm.PolytopeBody;
import org.optimech.designer.problem.Criterion;
import org.optimech.designer.problem.KNormProblem;

/**
 * Compares K-norm mechanisms for one adjacent output space at one ε. For body K with sensitivity Δ,
 * V = r·U with r ~ Gamma(d+1, Δ/ε) and U uniform in K, so Cov(V) = (d+1)(d+2)(Δ/ε)²·M(K) (ERRATA K1).
 * The hull candidate is K_T = conv(S_T) with Δ = 1 (checked exactly as the gauge's maximum over S_T);
 * when S_T spans a proper subspace the hull lives there (noise dimension r, Gamma(r+1); ERRATA K12)
 * and its covariance is mapped back to the statistic's coordinates. For an S_T known only through
 * certified support bounds ({@link #compareCurved}) the hull candidate is a certified sandwich body.
 */
public final class KNormComparison {

    /**
     * @param selected the best candidate under the criterion; null only when every candidate failed (then {@code candidates} is
     *     empty and {@code failed} is not)
     * @param containment containment[a][b]: candidate a's scaled body Δ_a·K_a lies inside b's (null where not decided)
     * @param space the finite adjacent output space compared over (null when S_T is curved, known through support bounds)
     * @param skipped candidates that do not apply to this statistic, each as "name: why"
     * @param failed candidates whose computation failed, each as "name: why"; the others were still compared
     */
    public record Result(double epsilon, Criterion criterion, List<CandidateReport> candidates, CandidateReport selected, Boolean[][] containment,
            ConvexHull hull, BodySearch.Found search, AdjacentOutputSpace space, List<String> skipped, List<String> failed) {
        public Result {
            candidates = List.copyOf(candidates);
            skipped = List.copyOf(skipped);
            failed = List.copyOf(failed);
            if ((selected == null) != candidates.isEmpty() || (candidates.isEmpty() && failed.isEmpty())) {
                throw new IllegalArgumentException("a comparison selects one of its candidates, and has none only when every candidate failed");
            }
        }

        /** A result where no candidate failed. */
        public Result(double epsilon, Criterion criterion, List<CandidateReport> candidates, CandidateReport selected, Boolean[][] containment,
                ConvexHull hull, BodySearch.Found search, AdjacentOutputSpace space, List<String> skipped) {
            this(epsilon, criterion, candidates, selected, containment, hull, search, space, skipped, List.of());
        }

        /** A result where every listed candidate was computed. */
        public Result(double epsilon, Criterion criterion, List<CandidateReport> candidates, CandidateReport selected, Boolean[][] containment,
                ConvexHull hull, BodySearch.Found search, AdjacentOutputSpace space) {
            this(epsilon, criterion, candidates, selected, containment, hull, search, space, List.of(), List.of());
        }

        /** S_T in a few words: its number of points, or curved. */
        public String describeSpace() {
            return space != null ? space.size() + " points" : hull != null ? "curved (certified support bounds)"
                    : "not built (its sensitivities certified without it: from the records, or by branch and bound)";
        }
    }

    private KNormComparison() {
    }

    /**
     * One candidate's failure as its row ("name: why"), reported to {@code progress}: the comparison records it and goes on
     * with the other candidates. An exception other than a refused argument is a designer bug and says so.
     */
    static String failure(String name, RuntimeException e, java.util.function.Consumer<String> progress) {
        String why = e instanceof IllegalArgumentException && e.getMessage() != null ? e.getMessage() : "a designer bug, please report it: " + e;
        progress.accept("candidate " + name + " failed: " + why);
        return name + ": " + why;
    }

    /**
     * The result once every candidate was tried: the best computed one selected, or, when every candidate failed, a result with
     * no candidates that lists the failures.
     *
     * @throws IllegalArgumentException when nothing was computed and nothing failed (no listed candidate applies)
     */
    static Result finish(double epsilon, Criterion criterion, List<CandidateReport> out, ConvexHull hull, BodySearch.Found found, AdjacentOutputSpace space,
            List<String> skipped, List<String> failed, int d, String noneApplies) {
        if (out.isEmpty() && failed.isEmpty()) {
            throw new IllegalArgumentException(noneApplies);
        }
        CandidateReport best = out.stream().min(Comparator.comparingDouble(c -> c.score(criterion))).orElse(null);
        return new Result(epsilon, criterion, out, best, containment(out, hull, d), hull, found, space, skipped, failed);
    }

    /**
     * The result without the candidates whose noise lives in a proper subspace (the hull of a lower-dimensional S_T), each
     * listed in {@link Result#skipped()} with {@code why}, and the best of the others selected: for a statistic whose public
     * offset off that subspace the runtime cannot derive (differences under substitution), where such a spec could not release.
     *
     * @throws IllegalArgumentException when no other candidate was computed
     */
    static Result withoutSubspaceCandidates(Result r, String why) {
        if (r.hull() == null || r.hull().span().isFull()) {
            return r;
        }
        List<CandidateReport> kept = new ArrayList<>();
        List<String> skipped = new ArrayList<>(r.skipped());
        for (CandidateReport c : r.candidates()) {
            if (c.noiseDimension() < r.hull().span().ambientDimension()) {
                skipped.add(c.name() + ": " + why);
            } else {
                kept.add(c);
            }
        }
        if (kept.size() == r.candidates().size()) {
            return r;
        }
        return finish(r.epsilon(), r.criterion(), kept, r.hull(), r.search(), r.space(), skipped, r.failed(), r.hull().span().ambientDimension(),
                "no listed candidate applies: " + String.join("; ", skipped));
    }

    /**
     * The runtime sampler for one of the compared candidates, with its certified sensitivity (floating-point,
     * idealized numerics). The hull's sampler walks its cone triangulation.
     *
     * <p>For a hull reduced to a proper subspace the noise is drawn there and mapped back by the span's map
     * (ERRATA K12).
     */
    public static KNormSampler sampler(Result r, String name) {
        CandidateReport c = r.candidates().stream().filter(x -> x.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("candidate " + name + " was not compared"));
        if (name.equals("search")) {
            BodySearch.Found f = r.search();
            Rational[][] exact = f.inverseExact();
            double[][] inv = new double[exact.length][exact.length];
            for (int i = 0; i < inv.length; i++) {
                for (int j = 0; j < inv.length; j++) {
                    inv[i][j] = exact[i][j].doubleValue();
                }
            }
            LpBody base = LpBody.of(f.base(), inv.length);
            return KNormSampler.of(LinearImageBody.of(base, f.a(), inv), c.sensitivity(), r.epsilon());
        }
        if (!name.equals("hull")) {
            LpNorm norm = name.equals("l1") ? LpNorm.L1 : name.equals("l2") ? LpNorm.L2 : LpNorm.LINF;
            return KNormSampler.of(LpBody.of(norm, c.noiseDimension()), c.sensitivity(), r.epsilon());
        }
        ConvexHull hull = r.hull();
        ConeTriangulation t = ConeTriangulation.fromOrigin(hull);
        int[][] simplices = t.simplices();
        double[][] pts = hull.reduced();
        double[][][] s = new double[simplices.length][][];
        for (int i = 0; i < simplices.length; i++) {
            s[i] = new double[simplices[i].length][];
            for (int k = 0; k < simplices[i].length; k++) {
                s[i][k] = pts[simplices[i][k]];
            }
        }
        double[][] normals = new double[hull.facets().size()][];
        double[] offsets = new double[normals.length];
        for (int f = 0; f < normals.length; f++) {
            normals[f] = hull.facets().get(f).normal();
            offsets[f] = hull.facets().get(f).offset();
        }
        KNormSampler sampler = KNormSampler.of(PolytopeBody.of(s, t.weights(), normals, offsets), c.sensitivity(), r.epsilon());
        if (hull.span().isFull()) {
            return sampler;
        }
        // x = y·map (linear: S_T is symmetric, so its span contains the origin); the embedding is mapᵀ, each entry rounded once
        Rational[][] map = hull.span().map();
        double[][] e = new double[hull.span().ambientDimension()][hull.dimension()];
        for (int j = 0; j < e.length; j++) {
            for (int k = 0; k < hull.dimension(); k++) {
                e[j][k] = map[k][j].doubleValue();
            }
        }
        return sampler.inSubspace(e);
    }

    /**
     * @throws IllegalArgumentException for ε not > 0 and finite, an unknown candidate name, or an S_T that is only the
     *     origin (a constant statistic needs no noise)
     */
    public static Result compare(AdjacentOutputSpace space, double epsilon, List<String> names, Criterion criterion) {
        return compare(space, epsilon, names, criterion, HullBudget.none(), message -> { });
    }

    /**
     * As {@link #compare(AdjacentOutputSpace, double, List, Criterion)}, with the exact hull (and the search over it) built only
     * within {@code hullBudget}: a hull that grows past its facets or reaches its stop is abandoned, and the hull and search
     * candidates are then listed in {@link Result#skipped()} with the reason (the other candidates are exact and cheap).
     */
    public static Result compare(AdjacentOutputSpace space, double epsilon, List<String> names, Criterion criterion, HullBudget hullBudget,
            java.util.function.Consumer<String> progress) {
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be > 0 and finite. Provided value: " + epsilon);
        }
        if (names.isEmpty()) {
            throw new IllegalArgumentException("candidates must not be empty");
        }
        for (String n : names) {
            if (!KNormProblem.CANDIDATES.contains(n)) {
                throw new IllegalArgumentException("candidate must be one of " + String.join(", ", KNormProblem.CANDIDATES) + ". Provided value: " + n);
            }
        }
        double[][] pts = space.points();
        int d = space.dimension();
        HullCandidates hc = hullCandidates(space, epsilon, names, criterion, hullBudget, progress);
        if (hc.hull() != null ? hc.hull().dimension() == 0 : allZero(pts)) {
            throw new IllegalArgumentException("the adjacent output space is only the origin: the statistic does not depend on the data");
        }
        List<CandidateReport> out = new ArrayList<>();
        List<String> skipped = new ArrayList<>(hc.skipped());
        List<String> failed = new ArrayList<>(hc.failed());
        for (String name : names) {
            if (name.equals("hull") || name.equals("search")) {
                hc.reports().stream().filter(c -> c.name().equals(name)).forEach(out::add);
                continue;
            }
            try {
                if (name.equals("weighted-box")) {
                    double[] b = new double[d];
                    for (double[] p : pts) {
                        for (int j = 0; j < d; j++) {
                            b[j] = Math.max(b[j], Math.abs(p[j]));
                        }
                    }
                    CandidateReport box = WeightedBox.report(b, 1, epsilon, "the bounding box of S_T (exact: the largest |u_j| over its points), optimal among boxes "
                            + "for every criterion; Delta = 1 exactly", null, 1);
                    if (box == null) {
                        skipped.add("weighted-box: some coordinate of S_T is always 0 (a constant feature), so no box around it has volume");
                    } else {
                        out.add(box);
                    }
                    continue;
                }
                out.add(ballReport(JsonName.parse(LpNorm.class, name), Sensitivity.ofBall(JsonName.parse(LpNorm.class, name), pts), epsilon, d, null));
            } catch (RuntimeException e) {
                failed.add(failure(name, e, message -> { }));
            }
        }
        return finish(epsilon, criterion, out, hc.hull(), hc.found(), space, skipped, failed, d, "no listed candidate applies: " + String.join("; ", skipped));
    }

    /**
     * The hull and search candidates over a built S_T (the others in {@code names} are ignored): the hull built within its budget
     * and stop, the search over its vertices; what was skipped or failed, each as "name: why". For callers that certify the other
     * candidates elsewhere (the records case) and for {@link #compare(AdjacentOutputSpace, double, List, Criterion, HullBudget,
     * java.util.function.Consumer)}.
     *
     * @param hull the exact hull (null when not wanted, not built or failed)
     * @param found the searched body (null when none)
     */
    record HullCandidates(ConvexHull hull, BodySearch.Found found, List<CandidateReport> reports, List<String> skipped, List<String> failed) {
    }

    static HullCandidates hullCandidates(AdjacentOutputSpace space, double epsilon, List<String> names, Criterion criterion, HullBudget hullBudget,
            java.util.function.Consumer<String> progress) {
        double[][] pts = space.points();
        int d = space.dimension();
        boolean needHull = names.contains("hull") || names.contains("search");
        ConvexHull hull = null;
        String hullFailure = null;
        List<String> skipped = new ArrayList<>();
        if (needHull) {
            long t0 = System.nanoTime();
            try {
                hull = QuickHull.of(pts, hullBudget);
                progress.accept(String.format(java.util.Locale.ROOT, "exact hull of S_T: %,d vertices, %,d facets (%.2f s)", hull.vertexCount(), hull.facets().size(),
                        (System.nanoTime() - t0) / 1e9));
            } catch (HullBudget.Exceeded e) {
                String why = "not built: " + e.getMessage() + String.format(java.util.Locale.ROOT, " (%.2f s)", (System.nanoTime() - t0) / 1e9)
                        + (e.stopped() ? "" : String.format(java.util.Locale.ROOT, "; at about %,d bytes a facet that is %,d MB, past the share of the heap "
                                + "the plan gives it", HullBudget.bytesPerFacet(d), e.facets() * HullBudget.bytesPerFacet(d) >> 20));
                progress.accept("skipping hull: " + why);
                for (String n : names) {
                    if (n.equals("hull") || n.equals("search")) {
                        skipped.add(n + ": the exact hull was " + why);
                    }
                }
            } catch (RuntimeException e) {
                // the hull and search candidates fail with it; the balls are still compared
                hullFailure = e instanceof IllegalArgumentException && e.getMessage() != null ? e.getMessage() : "a designer bug, please report it: " + e;
            }
        }
        List<CandidateReport> out = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        BodySearch.Found found = null;
        for (String name : names) {
            if (!name.equals("hull") && !name.equals("search")) {
                continue;
            }
            try {
                if (hullFailure != null) {
                    failed.add(name + ": the hull of S_T could not be built: " + hullFailure);
                    continue;
                }
                if (hull == null || hull.dimension() == 0) {
                    continue; // skipped above, with the hull's size (or S_T is only the origin: the caller refuses it)
                }
                if (name.equals("search")) {
                    if (!hull.span().isFull() || d > BodySearch.MAX_DIMENSION) {
                        skipped.add("search: needs a full-dimensional S_T of d <= " + BodySearch.MAX_DIMENSION);
                        continue;
                    }
                    found = BodySearch.search(hull.vertexCoordinates(), d, criterion, 1, hullBudget.stop());
                    if (found == null && hullBudget.stop().getAsBoolean()) {
                        skipped.add("search: stopped by the time limit before its first start finished");
                        continue;
                    }
                    if (found != null) {
                        out.add(searchReport(found, Sensitivity.ofLinearImage(found.base(), found.inverseExact(), hull.vertexCoordinates()), epsilon, d, ""));
                    }
                    continue;
                }
                Sensitivity delta = Sensitivity.ofHullPoints(hull, hullBudget.stop());
                if (delta == null) {
                    // regression (RecordCandidatesTest, 2,700 records in d = 5): the exact check of a finished hull took 20 s past the limit
                    skipped.add(String.format(java.util.Locale.ROOT, "hull: built (%,d facets), but the time limit stopped the exact check of Delta over its %,d points",
                            hull.facets().size(), pts.length));
                    continue;
                }
                out.add(hullReport(hull, delta, epsilon, d, null));
            } catch (RuntimeException e) {
                failed.add(failure(name, e, message -> { }));
            }
        }
        return new HullCandidates(hull, found, out, skipped, failed);
    }

    private static boolean allZero(double[][] pts) {
        for (double[] p : pts) {
            for (double x : p) {
                if (x != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The comparison for an S_T known through certified support bounds (curved polynomial features, or a user's oracle):
     * ball sensitivities are certified upper bounds (interval branch and bound, or from the oracle's supports),
     * and the hull candidate is the sandwich's inner polytope P with its certified Δ = sup over S_T of the gauge of P
     * (within 1e-3 of 1). The search candidate runs on Δ_P·P, and its Δ is certified through P.
     */
    public static Result compareCurved(SupportOracle space, double epsilon, List<String> names, Criterion criterion) {
        return compareCurved(space, epsilon, names, criterion, message -> { });
    }

    /** As {@link #compareCurved(SupportOracle, double, List, Criterion)}, reporting each stage to {@code progress}. */
    public static Result compareCurved(SupportOracle space, double epsilon, List<String> names, Criterion criterion,
            java.util.function.Consumer<String> progress) {
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be > 0 and finite. Provided value: " + epsilon);
        }
        int d = space.dimension();
        boolean needSandwich = names.contains("hull") || names.contains("search") || (names.contains("l2") && !(space instanceof CurvedOutputSpace));
        Sandwich.Result sw = null;
        String sandwichFailure = null;
        if (needSandwich) {
            progress.accept("certified support bounds of S_T: building the sandwich body (tolerance " + SANDWICH_TOLERANCE + ")");
            try {
                sw = Sandwich.build(space, SANDWICH_TOLERANCE, 40, progress);
                sandwichFailure = unbounded(sw, d);
            } catch (RuntimeException e) {
                sandwichFailure = failure("the sandwich body", e, progress);
            }
            if (sandwichFailure != null) {
                sw = null;
            }
        }
        ConvexHull hull = sw == null ? null : sw.hull();
        List<CandidateReport> out = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        BodySearch.Found found = null;
        for (String name : names) {
            try {
                if (sandwichFailure != null && (name.equals("hull") || name.equals("search") || (name.equals("l2") && !(space instanceof CurvedOutputSpace)))) {
                    failed.add(name + ": needs the sandwich body, which could not be built: " + sandwichFailure);
                    continue;
                }
                if (name.equals("weighted-box")) {
                    double[] b = new double[d];
                    double lower = 0;
                    for (int j = 0; j < d; j++) {
                        double[] e = new double[d];
                        e[j] = 1;
                        SupportOracle.Value v = space.supportValue(e);
                        b[j] = v.upper();
                        lower = Math.max(lower, v.lower() / v.upper());
                    }
                    CandidateReport box = WeightedBox.report(b, 1, epsilon, "the bounding box of S_T, each half-width a certified support bound h(e_j)", null,
                            Math.min(1, lower));
                    if (box == null) {
                        skipped.add("weighted-box: some coordinate of S_T is always 0");
                    } else {
                        out.add(box);
                    }
                    continue;
                }
                if (name.equals("search")) {
                    if (d > BodySearch.MAX_DIMENSION) {
                        continue;
                    }
                    progress.accept("heuristic search over linear images of the linf and l1 balls");
                    // S_T ⊂ Δ_P·P, so the search runs on Δ_P·vertices(P), and Δ(A) ≤ Δ_P·max over P's vertices of ‖A⁻¹v‖_B (exact, rounded up)
                    double[][] outer = hull.vertexCoordinates();
                    for (double[] v : outer) {
                        for (int j = 0; j < v.length; j++) {
                            v[j] *= sw.sensitivity();
                        }
                    }
                    found = BodySearch.search(outer, d, criterion, 1);
                    if (found != null) {
                        Sensitivity onP = Sensitivity.ofLinearImage(found.base(), found.inverseExact(), hull.vertexCoordinates());
                        double delta = Math.nextUp(Math.nextUp(onP.upper() * sw.sensitivity()));
                        out.add(searchReport(found, new Sensitivity(delta, false), epsilon, d,
                                "; S_T is curved, so Delta = (the sandwich's Delta) x (max over its inner polytope's vertices of the gauge), rounded up"));
                    }
                    continue;
                }
                if (name.equals("hull")) {
                    out.add(hullReport(hull, new Sensitivity(sw.sensitivity(), false), epsilon, d, String.format(java.util.Locale.ROOT,
                            "sandwich: inner polytope P of %d witness points of S_T (%d rounds, %d certified supports); S_T inside Delta*P with Delta certified "
                                    + "by branch and bound on every facet normal; Delta - 1 = %.2g is the stated tolerance", hull.vertexCount(), sw.rounds(), sw.supports(),
                            sw.sensitivity() - 1)));
                    continue;
                }
                LpNorm ball = JsonName.parse(LpNorm.class, name);
                progress.accept("certified " + ball.json() + " sensitivity" + (ball == LpNorm.L1 ? " (" + (1 << (d - 1)) + " support values)" : ""));
                double[] b = space instanceof CurvedOutputSpace c ? curvedSensitivity(c, ball) : oracleSensitivity(space, ball, sw);
                out.add(ballReport(ball, new Sensitivity(b[0], false), epsilon, d, String.format(java.util.Locale.ROOT,
                        "closed forms: M = %s*I; sensitivity = certified upper bound %.12g (%s; a point of S_T attains %.12g)", LpBalls.secondMomentScalarNote(ball, d), b[0],
                        space instanceof CurvedOutputSpace ? "interval branch and bound" : ball == LpNorm.L2
                                ? "the sandwich's Delta times its largest vertex norm" : "the supplied support function", b[1])));
            } catch (RuntimeException e) {
                failed.add(failure(name, e, progress));
            }
        }
        return finish(epsilon, criterion, out, hull, found, null, skipped, failed, d, "no candidate applies to a curved S_T (search is not available for it)");
    }

    /**
     * Why a sandwich cannot serve as a body (null when it can): a certified gauge bound that is not finite means its inner
     * polytope is flatter than S_T's certified supports, as for a statistic with a feature that is constant or a combination
     * of the others.
     */
    static String unbounded(Sandwich.Result sw, int d) {
        if (sw.hull() == null || Double.isFinite(sw.sensitivity())) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "its certified gauge bound is still infinite after %d rounds (inner polytope of %d vertices in %d "
                + "dimensions): no multiple of it is certified to contain S_T, as happens when S_T is flat (a feature that is constant or a "
                + "combination of the others; drop it)", sw.rounds(), sw.hull().vertexCount(), d);
    }

    private static double[] curvedSensitivity(CurvedOutputSpace c, LpNorm ball) {
        BoxMaximizer.Bound b = ball == LpNorm.L1 ? c.l1Sensitivity() : ball == LpNorm.L2 ? c.l2Sensitivity() : c.linfSensitivity();
        return new double[] {b.upper(), b.lower()};
    }

    /**
     * {upper, lower} for a general oracle: Δ∞ = max_k h(e_k) and Δ₁ = max over sign vectors of h(s) (S_T is symmetric);
     * Δ₂ ≤ Δ_P·max over P's vertices of ‖v‖₂ since S_T ⊂ Δ_P·P (rounded up), with the vertices' norms as the lower side.
     */
    private static double[] oracleSensitivity(SupportOracle space, LpNorm ball, Sandwich.Result sw) {
        int d = space.dimension();
        double up = 0;
        double lo = 0;
        if (ball == LpNorm.L2) {
            for (double[] v : sw.hull().vertexCoordinates()) {
                double n = Math.nextUp(LpNorm.L2.of(v) * (1 + 4 * Math.ulp(1.0)));
                up = Math.max(up, Math.nextUp(n * sw.sensitivity()));
                lo = Math.max(lo, Math.nextDown(LpNorm.L2.of(v) * (1 - 4 * Math.ulp(1.0))));
            }
            return new double[] {up, Math.min(lo, up)};
        }
        if (ball == LpNorm.LINF) {
            for (int k = 0; k < d; k++) {
                double[] e = new double[d];
                e[k] = 1;
                SupportOracle.Value v = space.supportValue(e);
                up = Math.max(up, v.upper());
                lo = Math.max(lo, v.lower());
            }
            return new double[] {up, lo};
        }
        if (d > 20) {
            throw new IllegalArgumentException("the l1 sensitivity needs 2^(d-1) support values; d = " + d + " is too large");
        }
        for (int mask = 0; mask < (1 << (d - 1)); mask++) {
            double[] s = new double[d];
            for (int k = 0; k < d; k++) {
                s[k] = k == d - 1 || ((mask >> k) & 1) == 0 ? 1 : -1;
            }
            SupportOracle.Value v = space.supportValue(s);
            up = Math.max(up, v.upper());
            lo = Math.max(lo, v.lower());
        }
        return new double[] {up, lo};
    }

    /** Sandwich tolerance for curved S_T: the hull body's Δ is within this of 1. */
    public static final double SANDWICH_TOLERANCE = 1e-3;

    static CandidateReport ballReport(LpNorm ball, Sensitivity s, double epsilon, int d, String noteOverride) {
        double scale = s.upper() / epsilon;
        double c = (d + 1.0) * (d + 2.0) * scale * scale * LpBalls.secondMomentScalar(ball, d).doubleValue();
        double[][] cov = new double[d][d];
        for (int i = 0; i < d; i++) {
            cov[i][i] = c;
        }
        return new CandidateReport(ball.json(), CandidateReport.Shape.ball(ball), d, s.upper(), s.exact(), Math.pow(s.upper(), d) * LpBalls.volume(ball, d), d * c, cov, c, noteOverride != null ? noteOverride
                : "closed forms: M = " + LpBalls.secondMomentScalarNote(ball, d) + "·I; sensitivity = max over S_T of the " + ball.json() + " norm, exact arithmetic rounded up");
    }

    static CandidateReport searchReport(BodySearch.Found f, Sensitivity s, double epsilon, int d, String noteSuffix) {
        RealMatrix a = new Array2DRowRealMatrix(f.a());
        RealMatrix aat = a.multiply(a.transpose());
        double factor = (d + 1.0) * (d + 2.0) * (s.upper() / epsilon) * (s.upper() / epsilon) * LpBalls.secondMomentScalar(f.base(), d).doubleValue();
        double[][] cov = aat.scalarMultiply(factor).getData();
        double trace = 0;
        for (int i = 0; i < d; i++) {
            trace += cov[i][i];
        }
        double worst = Double.NEGATIVE_INFINITY;
        for (double e : new EigenDecomposition(new Array2DRowRealMatrix(cov)).getRealEigenvalues()) {
            worst = Math.max(worst, e);
        }
        double volume = Math.pow(s.upper(), d) * Math.abs(new LUDecomposition(a).getDeterminant()) * LpBalls.volume(f.base(), d);
        return new CandidateReport("search", CandidateReport.Shape.other(), d, s.upper(), s.exact(), volume, trace, cov, worst, String.format(java.util.Locale.ROOT,
                "HEURISTIC, not claimed optimal: %s; best: A*%s with A = %s; sensitivity certified exactly for this A (its inverse in exact rationals), "
                        + "rounded up%s", f.method(), f.base().json(), java.util.Arrays.deepToString(f.a()), noteSuffix));
    }

    static CandidateReport hullReport(ConvexHull hull, Sensitivity s, double epsilon, int d, String noteOverride) {
        int r = hull.dimension();
        AffineSpan span = hull.span();
        ConeTriangulation t = ConeTriangulation.fromOrigin(hull);
        Rational[][] m = t.secondMoment();
        double factor = (r + 1.0) * (r + 2.0) * (s.upper() / epsilon) * (s.upper() / epsilon);
        // Cov in reduced coordinates, then x = y·map (linear: S_T is symmetric, so its span contains the origin)
        Rational[][] map = span.map();
        double[][] cov = new double[d][d];
        for (int a = 0; a < d; a++) {
            for (int b = 0; b < d; b++) {
                Rational v = Rational.ZERO;
                for (int k = 0; k < r; k++) {
                    for (int l = 0; l < r; l++) {
                        v = v.add(map[k][a].multiply(m[k][l]).multiply(map[l][b]));
                    }
                }
                cov[a][b] = factor * v.doubleValue();
            }
        }
        double trace = 0;
        for (int a = 0; a < d; a++) {
            trace += cov[a][a];
        }
        double worst = Double.NEGATIVE_INFINITY;
        for (double e : new EigenDecomposition(new Array2DRowRealMatrix(cov)).getRealEigenvalues()) {
            worst = Math.max(worst, e);
        }
        double volume = Math.pow(s.upper(), r) * t.volume().doubleValue();
        String note = "exact hull (" + hull.vertexCount() + " vertices, " + hull.facets().size() + " facets), cone triangulation into " + t.simplexCount()
                + " simplices, exact volume and M(K)" + (span.isFull() ? "" : "; S_T spans a " + r + "-dimensional subspace: noise there, volume in its coordinates");
        return new CandidateReport("hull", CandidateReport.Shape.hull(), r, s.upper(), s.exact(), volume, trace, cov, worst, noteOverride != null ? note + "; " + noteOverride : note);
    }

    /** sup over the unit body of a of the norm of b, from closed forms and the hull's facets and vertices. */
    static Boolean[][] containment(List<CandidateReport> c, ConvexHull hull, int d) {
        int k = c.size();
        Boolean[][] in = new Boolean[k][k];
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                if (a == b) {
                    in[a][b] = true;
                    continue;
                }
                double sup = supNorm(c.get(a).shape(), c.get(b).shape(), hull, d);
                if (Double.isNaN(sup)) {
                    continue;
                }
                in[a][b] = c.get(a).sensitivity() * sup <= c.get(b).sensitivity() * (1 + 1e-12);
            }
        }
        return in;
    }

    /**
     * sup_{x ∈ K_a} ‖x‖_{K_b}, dispatched on the candidates' typed shapes; NaN for a body no closed form compares, or when
     * the hull is reduced (it and the balls live in different spaces).
     */
    static double supNorm(CandidateReport.Shape a, CandidateReport.Shape b, ConvexHull hull, int d) {
        if (a.kind() == CandidateReport.Shape.Kind.OTHER || b.kind() == CandidateReport.Shape.Kind.OTHER) {
            return Double.NaN;
        }
        boolean withHull = a.kind() == CandidateReport.Shape.Kind.HULL || b.kind() == CandidateReport.Shape.Kind.HULL;
        if (withHull && !hull.span().isFull()) {
            return Double.NaN;
        }
        if (b.kind() == CandidateReport.Shape.Kind.HULL) {
            // sup over the ball of n·x / c per facet: the dual norm of the facet normal
            LpNorm dual = dual(a.norm());
            double best = 0;
            for (ConvexHull.Facet f : hull.facets()) {
                best = Math.max(best, dual.of(f.normal()) / f.offset());
            }
            return best;
        }
        if (a.kind() == CandidateReport.Shape.Kind.HULL) {
            double best = 0;
            for (double[] v : hull.vertexCoordinates()) {
                best = Math.max(best, b.norm().of(v));
            }
            return best;
        }
        return org.optimech.geometry.body.LpBalls.inclusionFactor(a.norm(), b.norm(), d);
    }

    /** The dual of an ℓp norm (ℓ1 ↔ ℓ∞, ℓ2 self-dual). */
    private static LpNorm dual(LpNorm p) {
        switch (p) {
            case L1:
                return LpNorm.LINF;
            case L2:
                return LpNorm.L2;
            default:
                return LpNorm.L1;
        }
    }
}
