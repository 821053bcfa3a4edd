package org.optimech.designer.structured;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.spec.DesignSpecs;
import org.optimech.designer.spec.KNormSpecs;
import org.optimech.geometry.body.LpBalls;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.ExactNumbers;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.KNormBlock;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MahalanobisSensitivity;
import org.optimech.runtime.spec.StructuredBody;
import org.optimech.runtime.spec.StructuredSensitivity;
import org.optimech.runtime.statistic.StructuredStatistic;

/**
 * Designs a K-norm problem over a structured statistic without building its adjacent output space: every candidate's Δ is
 * the exact closed-form supremum of its gauge over the adjacent outputs ({@link StructuredSensitivity}, the same code the
 * runtime re-runs at load), rounded up to a 17-digit decimal; every candidate's second moments and volume are closed forms
 * (the balls', Eulerian-number slices of the cube for the sum ball, count ball and count join ({@link QMoments}), a facet
 * recursion for the permutohedron ({@link PermutohedronMoments})). With U uniform in the unit body of span dimension n,
 * V = r·U, r ~ Gamma(n + 1, Δ/ε), so Cov(V) = (n + 1)(n + 2)(Δ/ε)²·E[UUᵀ] (ERRATA K1). Cost: O(d·k) big-integer additions for
 * the slices, O(d²) for the permutohedron recursion; d = 1000 takes well under a second.
 */
public final class StructuredDesigner {
    private StructuredDesigner() {
    }

    /** Whether the problem's statistic is structured (and so designed here). */
    public static boolean applies(KNormProblem problem) {
        return problem.statistic() != null && problem.statistic().structured().isPresent(); // null with a support oracle
    }

    /**
     * Compares the problem's candidates.
     *
     * @param body the candidate to store, or null for the one the criterion selects
     * @throws InvalidProblemException when no listed candidate can be certified for the statistic
     * @throws IllegalArgumentException when {@code body} was not compared
     */
    public static StructuredDesign compare(KNormProblem problem, String body, Consumer<String> progress) throws InvalidProblemException {
        Objects.requireNonNull(problem, "problem");
        StructuredStatistic s = problem.statistic().structured().orElseThrow(() -> new IllegalArgumentException("the problem's statistic is not structured "
                + "(bounded_contribution, counts, ranking, ordered_counts)"));
        StructuredFamily family = StructuredFamily.of(s, problem.relation());
        double epsilon = problem.epsilon().doubleValue();
        int d = s.dimension();
        progress.accept("structured statistic " + s.form() + ", d = " + d + ", " + problem.relation().json() + ": adjacent outputs' hull " + family.hull());
        Moments moments = new Moments(d, family.body());
        List<StructuredCandidate> out = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        // the ℓ1 sensitivity prices per-coordinate Laplace, the baseline every candidate is compared with
        Rational l1 = StructuredSensitivity.sup(s, problem.relation(), new Body.Ball(LpNorm.L1)).orElseThrow().value();
        double laplaceTrace = 2.0 * d * Math.pow(l1.doubleValue() / epsilon, 2);
        if (!(laplaceTrace >= 0x1p-958 && laplaceTrace <= 0x1p960)) {
            // every candidate's trace is within a factor 2^64 of per-coordinate Laplace's (d ≤ 10^4, delta ≥ 1e-290): this keeps
            // them all normal doubles; the check after the candidates stays for what this margin does not foresee
            throw scaleRefusal(problem, s, "per-coordinate Laplace noise would have covariance trace " + laplaceTrace);
        }
        MahalanobisSensitivity.Classes classes = null;
        for (String name : problem.candidates()) {
            Body b;
            String note;
            switch (name) {
                case "gaussian":
                case "elliptic-gaussian":
                    if (problem.delta().signum() <= 0) {
                        skipped.add(name + ": an (epsilon, delta) mechanism, and the problem's delta is 0");
                        continue;
                    }
                    if (classes == null) {
                        classes = MahalanobisSensitivity.classes(s, problem.relation());
                    }
                    out.add(gaussianCandidate(name, classes, d, epsilon, problem.delta().doubleValue(), laplaceTrace));
                    progress.accept("candidate " + name + ": Mahalanobis sensitivity " + out.get(out.size() - 1).sensitivity().toPlainString()
                            + " at unit noise, calibrated with the exact Gaussian profile at delta " + problem.delta().toPlainString());
                    continue;
                case "search":
                    skipped.add("search: the heuristic search over linear images runs on a hull polytope, which a structured statistic does not build");
                    continue;
                case "hull":
                    if (family.body() == null) {
                        skipped.add("hull: " + family.note());
                        continue;
                    }
                    b = family.body();
                    note = family.note();
                    int bk = StructuredBody.kOf(family.body());
                    double cost = bk == 0 ? 0 : org.optimech.runtime.knorm.EulerianNumbers.tableCost(d, bk);
                    if (cost > org.optimech.runtime.knorm.EulerianNumbers.MAX_LOAD_TABLE_COST) {
                        skipped.add(String.format(java.util.Locale.ROOT, "hull: its sampler needs an Eulerian-number table of about %.2g big-integer word "
                                + "operations at d = %d, k = %d, more than the %.2g the runtime allows at load", cost, d, bk,
                                org.optimech.runtime.knorm.EulerianNumbers.MAX_LOAD_TABLE_COST));
                        continue;
                    }
                    break;
                default:
                    b = new Body.Ball(org.optimech.runtime.json.JsonName.parse(LpNorm.class, name));
                    note = "the " + name + " ball";
            }
            Optional<StructuredSensitivity.Sup> sup = StructuredSensitivity.sup(s, problem.relation(), b);
            if (sup.isEmpty() || sup.get().infinite()) {
                skipped.add(name + ": " + (sup.isEmpty() ? "no closed-form sensitivity for this body and relation" : "the body's span does not contain the adjacent outputs"));
                continue;
            }
            progress.accept("candidate " + name + " (" + StructuredFamily.describe(b) + "): sensitivity " + sup.get() + " in closed form");
            out.add(candidate(name, b, d, sup.get(), epsilon, moments, laplaceTrace, note));
        }
        if (out.isEmpty()) {
            throw new InvalidProblemException("/candidates", "no listed candidate can be certified for the " + s.form() + " statistic: " + String.join("; ", skipped));
        }
        requireRepresentableMoments(problem, s, out);
        StructuredCandidate best = out.stream().min(Comparator.comparingDouble(c -> c.score(problem.criterion()))).orElseThrow();
        StructuredCandidate stored = best;
        if (body != null) {
            Optional<StructuredCandidate> named = out.stream().filter(c -> c.name().equals(body)).findFirst();
            if (named.isEmpty()) {
                // the named body was left out (a hull past the load budget): say why, as the other K-norm path does
                String why = skipped.stream().filter(x -> x.startsWith(body + ":")).findFirst().orElse(body + ": not compared (compared: "
                        + String.join(", ", out.stream().map(StructuredCandidate::name).toList()) + ")");
                throw new InvalidProblemException("/candidates", "the body chosen to be stored cannot be designed for this statistic: " + why);
            }
            stored = named.get();
        }
        return new StructuredDesign(problem.criterion(), family.hull(), family.exact(), family.note(), out, best, stored, skipped,
                StructuredContainment.of(out, family.exact(), d));
    }

    /**
     * Refuses a scale (max_abs, explicit ranking scores, or ε) at which a candidate's second moments or volume leave the normal
     * doubles: the design reports and compares them in doubles, and an overflow to infinity, an underflow to 0 (then 0/0 in
     * the Laplace ratio) or a subnormal trace (a few significant digits) would make the comparison meaningless.
     */
    private static void requireRepresentableMoments(KNormProblem problem, StructuredStatistic s, List<StructuredCandidate> out) throws InvalidProblemException {
        for (StructuredCandidate c : out) {
            boolean normal = c.trace() >= Double.MIN_NORMAL && c.variance() >= Double.MIN_NORMAL && Double.isFinite(c.trace())
                    && Double.isFinite(c.variance()) && Double.isFinite(c.covariance()) && Double.isFinite(c.worstDirection())
                    && Double.isFinite(c.laplaceRatio()) && (c.gaussian() != null || Double.isFinite(c.logVolume()));
            if (!normal) {
                throw scaleRefusal(problem, s, "candidate " + c.name() + "'s noise has covariance trace " + c.trace());
            }
        }
    }

    /** The refusal of a scale whose moments leave the normal doubles, naming max_abs, explicit ranking scores or else ε. */
    private static InvalidProblemException scaleRefusal(KNormProblem problem, StructuredStatistic s, String what) {
        String[] field = s.matchStructure(b -> new String[] {"/statistic/bounded_contribution/max_abs", b.maxAbs().toString()},
                counts -> null, r -> r.borda() ? null : new String[] {"/statistic/ranking/scores", java.util.Arrays.toString(r.scores())}, o -> null);
        String eps = problem.epsilon().toString();
        return new InvalidProblemException(field == null ? "/epsilon" : field[0], "with epsilon = " + eps + (field == null ? "" : " and these values") + ", "
                + what + ", outside the normal doubles (about 2.2e-308 to 1.8e308, with a margin) in which the design reports and compares the "
                + "candidates: state the statistic in other units or choose another epsilon. Provided value: " + (field == null ? eps : field[1]));
    }

    /**
     * The problem's family at other dimensions: each compared candidate's trace ratio to per-coordinate Laplace at every d in
     * {@code dimensions} (k capped at d), for the plot of error against d. Empty when the family has no natural other
     * dimension (explicit ranking scores, ordered counts with implications).
     *
     * @return per dimension, the compared candidates there
     */
    public static java.util.Map<Integer, List<StructuredCandidate>> curve(KNormProblem problem, int[] dimensions) {
        java.util.Map<Integer, List<StructuredCandidate>> out = new java.util.TreeMap<>();
        StructuredStatistic s = problem.statistic().structured().orElseThrow(() -> new IllegalArgumentException("the problem's statistic is not structured"));
        for (int d : dimensions) {
            StructuredStatistic at = atDimension(s, d);
            if (at == null) {
                return java.util.Map.of();
            }
            KNormProblem p = new KNormProblem(problem.name(), problem.epsilon(), problem.relation(), at, null, 1, at.names(), problem.candidates(),
                    problem.criterion(), problem.document());
            try {
                out.put(d, compare(p, null, message -> { }).candidates());
            } catch (InvalidProblemException e) {
                return java.util.Map.of();
            }
        }
        return out;
    }

    private static StructuredStatistic atDimension(StructuredStatistic s, int d) {
        return s.matchStructure(b -> new org.optimech.runtime.statistic.BoundedContribution(d, b.maxAbs(), Math.min(b.maxNonzero(), d), b.nonnegative()),
                c -> new org.optimech.runtime.statistic.Counts(d, Math.min(c.maxNonzero(), d)),
                r -> r.borda() && d >= 2 ? org.optimech.runtime.statistic.Ranking.borda(d) : null,
                o -> o.implies().length == 0 ? new org.optimech.runtime.statistic.OrderedCounts(d, new int[0][]) : null);
    }

    /**
     * The K-norm spec storing {@code design.stored()}, built through the runtime's checks (which re-derive Δ from the recorded
     * statistic).
     *
     * @throws IllegalArgumentException when the stored candidate is a Gaussian ({@link #toGaussianSpec})
     */
    public static KNormSpec toSpec(KNormProblem problem, StructuredDesign design, Instant created) throws InvalidSpecException {
        StructuredCandidate c = design.stored();
        if (c.gaussian() != null) {
            throw new IllegalArgumentException("the stored candidate " + c.name() + " is a Gaussian: its spec is an elliptic-gaussian one (toGaussianSpec)");
        }
        KNormBlock block = new KNormBlock(problem.dimension(), null, c.body(), c.sensitivity(), problem.epsilon(), null, null);
        return KNormSpec.of(block, problem.relation(), problem.epsilon(), problem.epsilon(), designBlock(problem, design, "Delta is the closed-form "
                + "supremum of the body's gauge over the adjacent outputs, rounded up to a decimal; the runtime re-derives it from design.problem.statistic "
                + "at load"), DesignSpecs.provenance(created));
    }

    /**
     * The K-norm spec released on the lattice 2^e·ℤ^d with exact noise ({@code numerics: exact}): the named body, or else the
     * criterion's best candidate that has an exact lattice sampler (the ℓ1 and ℓ∞ balls, the sum ball and the count ball) and
     * whose sampler certifies its acceptance rate at this spacing; the design block says which was stored and why.
     *
     * @param named whether {@code design.stored()} was asked for by name (then it is stored or refused, never replaced)
     * @param lattice the spacing (its exponent, or automatic: Δ/2^e ≥ 1024·ρ)
     * @throws IllegalArgumentException when the named body, or every compared candidate, has no exact lattice sampler here (the
     *     message says why for each)
     */
    public static KNormSpec toLatticeSpec(KNormProblem problem, StructuredDesign design, boolean named, KNormSpecs.Lattice lattice, Instant created)
            throws InvalidSpecException {
        Objects.requireNonNull(lattice, "lattice");
        List<StructuredCandidate> order = named ? List.of(design.stored())
                : design.candidates().stream().sorted(Comparator.comparingDouble(c -> c.score(problem.criterion()))).toList();
        List<String> refused = new ArrayList<>();
        for (StructuredCandidate c : order) {
            if (!hasLatticeSampler(c)) {
                refused.add(c.name() + ": " + (c.gaussian() != null ? "a Gaussian has no exact lattice sampler here"
                        : "the " + c.describeBody() + " has no exact lattice sampler (docs/LATTICE_KNORM.md)"));
                continue;
            }
            KNormBlock idealized = new KNormBlock(problem.dimension(), null, c.body(), c.sensitivity(), problem.epsilon(), null, null);
            Rational rho = KNormSpec.latticeRoundingTerm(idealized);
            int e = lattice.exponent() != null ? lattice.exponent() : KNormSpecs.autoExponent(c.sensitivity(), rho);
            Rational deltaL = org.optimech.runtime.lattice.LatticeSampler.latticeSensitivity(Rational.of(c.sensitivity()), e, rho);
            KNormBlock block = new KNormBlock(problem.dimension(), null, c.body(), c.sensitivity(), problem.epsilon(), null,
                    new KNormBlock.Lattice(e, deltaL), null);
            StructuredDesign stored = new StructuredDesign(design.criterion(), design.hull(), design.hullExact(), design.hullNote(), design.candidates(),
                    design.selected(), c, design.skipped(), design.containment());
            JsonObject.Builder block2 = designBuilder(problem, stored, "Delta is the closed-form supremum of the body's gauge over the adjacent outputs, "
                    + "rounded up to a decimal; the runtime re-derives it from design.problem.statistic at load, re-derives lattice_sensitivity and "
                    + "certifies the exact sampler's acceptance rate");
            double inflation = deltaL.doubleValue() * Math.scalb(1.0, e) / c.sensitivity().doubleValue();
            block2.put("lattice", KNormSpecs.latticeReport(e, deltaL, inflation));
            if (!refused.isEmpty()) {
                block2.put("lattice_choice", "the criterion's better candidates cannot be released exactly: " + String.join("; ", refused));
            }
            try {
                return KNormSpec.of(block, problem.relation(), problem.epsilon(), problem.epsilon(), block2.build(), DesignSpecs.provenance(created));
            } catch (InvalidSpecException x) {
                if (!x.pointer().startsWith("/mechanism/lattice")) {
                    throw x;
                }
                refused.add(c.name() + " on the lattice 2^" + e + ": " + x.detail());
            }
        }
        throw new IllegalArgumentException("no " + (named ? "such" : "compared") + " candidate can be released on a lattice with exact noise: "
                + String.join("; ", refused));
    }

    /**
     * The ℓ1 and ℓ∞ balls, the sum ball, the count ball and the count join have exact lattice samplers; ℓ2, the permutohedron and
     * the Gaussians do not.
     */
    static boolean hasLatticeSampler(StructuredCandidate c) {
        if (c.gaussian() != null) {
            return false;
        }
        return c.body().match(ball -> ball.norm() == LpNorm.L1 || ball.norm() == LpNorm.LINF,
                s -> s.match(sum -> true, count -> true, join -> true, permutohedron -> false), stored -> false);
    }

    /**
     * The elliptic Gaussian spec storing {@code design.stored()} (a {@code gaussian} or {@code elliptic-gaussian} candidate) at the
     * problem's (ε, δ), built through the runtime's checks (which re-derive Δ_Σ from the recorded statistic and re-check the
     * calibration).
     *
     * @throws IllegalArgumentException when the stored candidate is a K-norm body ({@link #toSpec})
     */
    public static org.optimech.runtime.spec.EllipticGaussianSpec toGaussianSpec(KNormProblem problem, StructuredDesign design, Instant created)
            throws InvalidSpecException {
        GaussianCovariance g = design.stored().gaussian();
        if (g == null) {
            throw new IllegalArgumentException("the stored candidate " + design.stored().name() + " is a K-norm body: its spec is a knorm one (toSpec)");
        }
        var block = new org.optimech.runtime.spec.EllipticGaussianBlock(problem.dimension(), g.across(), g.along(), g.sensitivity());
        return org.optimech.runtime.spec.EllipticGaussianSpec.of(block, problem.relation(), problem.epsilon(), problem.delta(), problem.epsilon(),
                problem.delta(), designBlock(problem, design, "Delta is the square root of the exact supremum of u'Sigma^-1 u over the adjacent outputs' "
                        + "classes, rounded up to a decimal; the runtime re-derives it from design.problem.statistic at load and re-checks the exact Gaussian "
                        + "profile against delta"), DesignSpecs.provenance(created));
    }

    private static JsonObject designBlock(KNormProblem problem, StructuredDesign design, String sensitivityCheck) {
        return designBuilder(problem, design, sensitivityCheck).build();
    }

    private static JsonObject.Builder designBuilder(KNormProblem problem, StructuredDesign design, String sensitivityCheck) {
        StructuredCandidate c = design.stored();
        List<JsonValue> rows = new ArrayList<>();
        for (StructuredCandidate x : design.candidates()) {
            JsonObject.Builder row = JsonObject.builder()
                    .put("name", x.name())
                    .put("body", x.describeBody())
                    .put("noise_dimension", x.noiseDimension())
                    .put("sensitivity", x.sensitivity().toPlainString())
                    .put("sensitivity_exact", x.sensitivityExact());
            if (x.gaussian() == null) {
                row.put("log_volume", x.logVolume());
            } else {
                row.put("guarantee", "(epsilon, delta)-DP at delta " + problem.delta().toPlainString());
            }
            rows.add(row.put("variance", x.variance())
                    .put("covariance", x.covariance())
                    .put("covariance_trace", x.trace())
                    .put("worst_direction_variance", x.worstDirection())
                    .put("laplace_ratio", x.laplaceRatio())
                    .put("moments", x.method())
                    .put("note", x.note())
                    .build());
        }
        JsonObject.Builder b = JsonObject.builder()
                .put("method", "knorm-structured")
                .put("problem", ExactNumbers.asStringsWhereInexact(problem.document()))
                .put("adjacent_output_space", design.hull())
                .put("hull_exact", design.hullExact())
                .put("criterion", design.criterion().json())
                .put("candidates", JsonArray.of(rows))
                .put("selected", design.selected().name())
                .put("stored", c.name())
                .put("body", c.describeBody() + ": " + c.note())
                .put("optimality", "the selected candidate minimises " + design.criterion().json() + " among the compared candidates only (moments in closed "
                        + "form" + (problem.delta().signum() > 0 ? "; the K-norm bodies are pure epsilon-DP, the Gaussians (epsilon, delta)-DP at delta "
                                + problem.delta().toPlainString() + ", the elliptic one the least trace of any Gaussian with that guarantee" : "") + "); "
                        + (design.hullExact() ? "the hull candidate is the exact hull of the adjacent outputs, optimal in the line-conditional "
                                + "(Awan-Slavkovic) order, not necessarily for the criterion" : "the hull candidate is a certified outer body, not the exact hull"))
                .put("sensitivity_check", sensitivityCheck);
        if (!design.skipped().isEmpty()) {
            b.put("not_compared", JsonArray.ofStrings(design.skipped()));
        }
        return b;
    }

    static StructuredCandidate candidate(String name, Body b, int d, StructuredSensitivity.Sup sup, double epsilon, Moments moments, double laplaceTrace,
            String note) {
        BigDecimal delta = roundUp(sup);
        boolean exact = sup.squared() ? Rational.of(delta).multiply(Rational.of(delta)).compareTo(sup.value()) == 0
                : Rational.of(delta).compareTo(sup.value()) == 0;
        int n = b.match(ball -> d, sb -> sb.spanDimension(d), stored -> d);
        double[] m = moments.of(b); // {E U_1², E U_1U_2, log vol}
        double scale = (n + 1.0) * (n + 2.0) * Math.pow(delta.doubleValue() / epsilon, 2);
        double variance = scale * m[0];
        double covariance = scale * m[1];
        double trace = d * variance;
        double worst = d == 1 ? variance : Math.max(variance + (d - 1) * covariance, variance - covariance);
        double logVolume = n * Math.log(delta.doubleValue()) + m[2];
        return new StructuredCandidate(name, b, n, delta, exact, logVolume, variance, covariance, trace, worst, trace / laplaceTrace, "closed form",
                note + "; sensitivity " + (exact ? "exact" : "the exact supremum " + sup + " rounded up"));
    }

    /** A Gaussian candidate: the spherical one at the ℓ2 sensitivity, or the trace-optimal elliptic one ({@link GaussianFit}). */
    static StructuredCandidate gaussianCandidate(String name, MahalanobisSensitivity.Classes classes, int d, double epsilon, double delta,
            double laplaceTrace) {
        boolean elliptic = name.equals("elliptic-gaussian");
        GaussianCovariance g = elliptic ? GaussianFit.elliptic(classes, d, epsilon, delta) : GaussianFit.spherical(classes, epsilon, delta);
        double trace = g.trace(d);
        boolean exact = classes.exact() && Rational.of(g.sensitivity()).multiply(Rational.of(g.sensitivity())).compareTo(g.supremum()) == 0;
        String note = (elliptic ? "covariance across*(I - 11'/d) + along*11'/d with the least trace among all Gaussians of this privacy (permutation "
                + "symmetry; golden-section search over the convex trace profile)" : "spherical covariance at the l2 sensitivity")
                + String.format(java.util.Locale.ROOT, ": across %s, along %s; (epsilon, delta)-DP by the exact Gaussian profile at Mahalanobis "
                        + "sensitivity %s and unit noise; ", g.across().toPlainString(), g.along().toPlainString(), g.sensitivity().toPlainString())
                + (classes.exact() ? "the supremum over the adjacent outputs is exact" : "the supremum is over a superset of the adjacent outputs (an upper bound)");
        return new StructuredCandidate(name, null, g.along().signum() == 0 ? d - 1 : d, g.sensitivity(), exact, Double.NaN, trace / d,
                (g.along().doubleValue() - g.across().doubleValue()) / d, trace, g.worstDirection(d), trace / laplaceTrace, "closed form", note, g);
    }

    /** The smallest 17-significant-digit decimal at or above the supremum (checked exactly, also for a square root). */
    static BigDecimal roundUp(StructuredSensitivity.Sup sup) {
        Rational v = sup.value();
        MathContext up = new MathContext(17, RoundingMode.CEILING);
        BigDecimal q = new BigDecimal(v.numerator()).divide(new BigDecimal(v.denominator()), new MathContext(40, RoundingMode.CEILING));
        BigDecimal delta = (sup.squared() ? q.sqrt(new MathContext(40, RoundingMode.CEILING)) : q).round(up);
        while (!sup.atMost(delta)) {
            delta = delta.add(delta.ulp());
        }
        delta = delta.stripTrailingZeros();
        return delta.scale() < 0 ? delta.setScale(0) : delta;
    }

    /**
     * The unit bodies' moments, computed once per design: {E U₁², E U₁U₂, log vol} for U uniform in the body (every body here is
     * invariant under permuting coordinates, so these two numbers give E[UUᵀ]).
     */
    static final class Moments {
        private final int d;
        private final int k;
        private QMoments q;
        private double[] permutohedron;

        Moments(int d, StructuredBody family) {
            this.d = d;
            this.k = family == null ? 0 : StructuredBody.kOf(family);
        }

        /** Built on first use: only the sum ball, count ball and count join need the slices. */
        private QMoments q() {
            if (q == null) {
                q = QMoments.of(d, k);
            }
            return q;
        }

        double[] of(Body b) {
            return b.match(ball -> new double[] {LpBalls.secondMomentScalar(ball.norm(), d).doubleValue(), 0, LpBalls.logVolume(ball.norm(), d)},
                    s -> s.match(sum -> new double[] {q().sumBallSecondMoment(), 0, q().sumBallLogVolume()}, count -> slices(q().countBall()),
                            join -> slices(q().countJoin()), this::permutohedronMoments),
                    stored -> {
                        throw new IllegalArgumentException("no closed-form moments for a " + stored.type() + " body");
                    });
        }

        /** {E U₁², E U₁U₂, log vol} from the count ball's or count join's {E‖u‖², E(Σu)², log vol}. */
        private double[] slices(double[] m) {
            return new double[] {m[0] / d, d == 1 ? 0 : (m[1] - m[0]) / ((double) d * (d - 1)), m[2]};
        }

        private double[] permutohedronMoments(StructuredBody.Permutohedron p) {
            if (permutohedron == null) {
                permutohedron = PermutohedronMoments.secondMoments(d);
            }
            double m = permutohedron[d];
            // E[UUᵀ] = m/(d − 1)·(I − 11ᵀ/d) in the hyperplane (the permutations act irreducibly on it), plus (h²/3)·11ᵀ for the prism
            double var = m / d;
            double cov = -m / ((double) d * (d - 1));
            double logVol = PermutohedronMoments.logVolume(d);
            if (p.prismHalfHeight() != null) {
                double h = p.prismHalfHeight().doubleValue();
                var += h * h / 3;
                cov += h * h / 3;
                logVol += Math.log(2 * h * Math.sqrt(d));
            }
            return new double[] {var, cov, logVol};
        }
    }
}
