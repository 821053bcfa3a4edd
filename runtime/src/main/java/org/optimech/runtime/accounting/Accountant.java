package org.optimech.runtime.accounting;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import org.optimech.runtime.noise.GaussianProfile;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * Privacy accounting from the stored numbers.
 *
 * <ul>
 *   <li>{@link #releases}: N releases of one spec on the same data. A discrete spec's every ordered neighbouring pair gets its
 *       exact privacy loss distribution from the stored integers (rounded up and down on a grid); pairs with identical or
 *       dominated distributions are dropped (dominance survives composition), the rest composed N times, and δ(ε) is the
 *       largest over them: no single pair is worst in general. A K-norm spec (pure ε-DP) uses the randomized-response pair at
 *       its certified ε, the dominating pair of every ε-DP mechanism (its N-fold profile is a binomial sum, exact); a
 *       Gaussian-process spec is the Gaussian mechanism at μ = Δ/s, and N releases are μ√N-GDP, whose profile is exact.</li>
 *   <li>{@link #dominatingPair}: one distribution per spec that dominates all its pairs, for composing different mechanisms
 *       (Zhu, Dong and Wang 2022): for a discrete spec the pessimistic distribution whose δ(ε) interpolates the upper
 *       envelope of the pairs' δ(ε) at the grid points, which lies above the envelope in between because the hockey-stick
 *       divergence is convex in e^ε ("connect the dots").</li>
 * </ul>
 */
public final class Accountant {
    /** Why a profile bounded through a pair that dominates the mechanism's (named) has no lower bound. */
    private static String dominates(String pair) {
        return "the " + pair + " dominates the mechanism's pairs; it says nothing of how much smaller the mechanism's own epsilon is";
    }

    private static final String DOMINATING_RR = dominates("randomized-response pair");

    /** About this many grid points hold an N-fold distribution. */
    public static final int GRID_POINTS = 1 << 17;
    /**
     * How much finer the lower bound's grid is than the guarantee's. The guarantee (connect the dots) has no first-order drift;
     * the lower bound rounds every loss down, so it may sit N steps below the truth, and is computed for a few pairs only.
     */
    static final int LOWER_REFINEMENT = 4;
    /**
     * How many standard deviations of the N-fold loss above its mean the tilted compositions look: each bounds δ with an error
     * relative to the tail from there up (δ ≈ e^{−z²/2}: 1e-2 to 1e-8 around 3, 1e-6 to 1e-16 around 6), where the plain
     * composition's error is absolute, about 1e-9 at N = 500.
     */
    static final double[] TILTS = {3, 6};
    /** The finest step used. */
    public static final double MIN_STEP = 1e-6;

    private Accountant() {
    }

    /** N releases of one spec, without progress reports. */
    public static Releases releases(MechanismSpec spec, long n) {
        return releases(spec, n, (done, total) -> { });
    }

    /** N releases of one spec on the same data, with progress and no time limit. */
    public static Releases releases(MechanismSpec spec, long n, BiConsumer<Integer, Integer> progress) {
        return releases(spec, n, progress, () -> false);
    }

    /** Thrown when the caller's stop condition held before the accounting finished: nothing partial is returned. */
    public static final class StoppedException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int done;
        private final int total;

        StoppedException(int done, int total) {
            super("the accounting was stopped after " + done + " of " + total + " neighbouring pairs");
            this.done = done;
            this.total = total;
        }

        /** Pairs composed before the stop. */
        public int done() {
            return done;
        }

        /** Pairs there were to compose. */
        public int total() {
            return total;
        }
    }

    /**
     * N releases of one spec on the same data.
     *
     * @param progress receives (pairs composed, pairs to compose) as the work goes on
     * @param stop polled between pieces of work (each a fraction of a second); once it returns true the accounting ends: with a
     *     {@link StoppedException} while the guarantee (every pair's upper composition) is incomplete, or with that guarantee and
     *     no lower bound ({@link Releases#hasLowerBound()} false) once it is complete
     * @throws IllegalArgumentException for n &lt; 1 (a spec too large to take pair by pair, beyond 20,000 ordered pairs, is
     *     accounted through the randomized-response pair at its ε, or its certified (ε, δ) guarantee's dominating pair without a
     *     lower bound: see {@link #coarseDominatingPair})
     * @throws StoppedException when {@code stop} held before the guarantee was complete
     */
    public static Releases releases(MechanismSpec spec, long n, BiConsumer<Integer, Integer> progress, java.util.function.BooleanSupplier stop) {
        return releases(spec, n, Double.NaN, progress, stop);
    }

    /**
     * N releases of one spec on the same data, on a grid chosen for the requested width of the ε bracket (upper minus lower
     * bound) rather than from N and the loss range alone. The lower bound rounds every loss down on a grid
     * 4 times finer than the guarantee's, so it sits at most N·step/4 below
     * the truth from rounding; the step is chosen so that this is a quarter of the requested width, leaving the rest for the
     * guarantee's grid (connect the dots: no first-order drift, none measured on the bundled count spec; a grid rounding losses
     * up, as the Gaussian's, drifts about N·step/2 for large N and up to N·step for small N). At small δ each side also moves
     * by what the stated error of its computed masses moves ε (for a Gaussian at μ = 0.79, N = 4, δ = 1e-9: 0.0035 more on
     * the lower side). The width is thus a target, met by the rounding alone on the lower side.
     * A wide bracket takes a coarser grid, and less time; a narrow one a finer grid, up to 2^19 points for the N-fold support
     * (and no finer than {@link #MIN_STEP}), which the method description states when it binds. Specs accounted in closed form (K-norm, Gaussian) have no grid: their bracket is
     * already narrow and the width is ignored.
     *
     * @param bracketWidth the ε bracket width wanted, &gt; 0; NaN for the default grid ({@value #GRID_POINTS} points)
     * @throws IllegalArgumentException as {@link #releases(MechanismSpec, long, BiConsumer, java.util.function.BooleanSupplier)},
     *     or for a width that is neither NaN nor positive and finite
     */
    public static Releases releases(MechanismSpec spec, long n, double bracketWidth, BiConsumer<Integer, Integer> progress,
            java.util.function.BooleanSupplier stop) {
        if (!Double.isNaN(bracketWidth) && !(bracketWidth > 0 && Double.isFinite(bracketWidth))) {
            throw new IllegalArgumentException("bracket width must be > 0 and finite. Provided value: " + bracketWidth);
        }
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(stop, "stop");
        if (n < 1) {
            throw new IllegalArgumentException("releases must be >= 1. Provided value: " + n);
        }
        BigDecimal times = BigDecimal.valueOf(n);
        BigDecimal basicE = spec.certifiedEpsilon().multiply(times);
        BigDecimal basicD = spec.certifiedDelta().multiply(times);
        return spec.accept(new MechanismSpec.Visitor<Releases>() {
            @Override
            public Releases visit(DiscreteMechanismSpec table) {
                return discrete(table, n, bracketWidth, basicE, basicD, progress, stop);
            }

            @Override
            public Releases visit(GeometricRemapSpec g) {
                return discrete(g, n, bracketWidth, basicE, basicD, progress, stop);
            }

            @Override
            public Releases visit(KNormSpec knorm) {
                return randomizedResponse(up(knorm.certifiedEpsilon()), n, basicE, basicD, "the randomized-response pair at the certified epsilon "
                        + knorm.certifiedEpsilon().toPlainString() + " (the dominating pair of every pure epsilon-DP mechanism), composed exactly (binomial)")
                        .withoutLowerBound(DOMINATING_RR);
            }

            @Override
            public Releases visit(GaussianProcessSpec gp) {
                double mu = gp.sensitivity().doubleValue() * (1 + 1e-15) / gp.noiseScale();
                return gaussian(mu, n, basicE, basicD);
            }

            @Override
            public Releases visit(org.optimech.runtime.spec.EllipticGaussianSpec g) {
                return gaussian(Math.nextUp(g.sensitivity().doubleValue()), n, basicE, basicD);
            }
        });
    }

    /** N releases of a Gaussian mechanism that is mu-GDP: mu·√N-GDP, whose privacy profile is exact (Balle–Wang). */
    private static Releases gaussian(double mu, long n, BigDecimal basicE, BigDecimal basicD) {
        double muN = mu * Math.sqrt(n);
        return Releases.ofClosedForm(n, String.format(java.util.Locale.ROOT, "the Gaussian mechanism at mu = sensitivity/noise scale = %.6g: %d releases "
                + "are mu*sqrt(N) = %.6g-GDP, whose privacy profile is exact (Balle-Wang)", mu, n, muN), basicE, basicD,
                e -> GaussianProfile.deltaUpperBound(e, muN, 1), e -> GaussianProfile.delta(e, muN, 1) * (1 - 1e-9) - 1e-300);
    }

    /** The randomized-response pair composed n times: L = (2k − n)ε with k ~ Binomial(n, e^ε/(1 + e^ε)). */
    static Releases randomizedResponse(double epsilon, long n, BigDecimal basicE, BigDecimal basicD, String method) {
        double p = 1 / (1 + Math.exp(-epsilon));
        double logP = Math.log(p);
        double logQ = Math.log1p(-p);
        java.util.function.DoubleUnaryOperator delta = e -> {
            // Σ_k C(n,k) p^k q^(n−k) (1 − e^{e − (2k−n)ε})⁺, from the top k down while terms matter
            double sum = 0;
            double logChoose = 0; // log C(n, n) = 0, then walking down: C(n, k−1) = C(n, k)·k/(n−k+1)
            for (long k = n; k >= 0; k--) {
                double loss = (2.0 * k - n) * epsilon;
                if (loss <= e) {
                    break;
                }
                double term = Math.exp(logChoose + k * logP + (n - k) * logQ) * -Math.expm1(e - loss);
                sum += term;
                if (k > 0) {
                    logChoose += Math.log(k) - Math.log(n - k + 1.0);
                }
                if (term < 1e-30 * Math.max(sum, 1e-300) && k < n * p) {
                    break;
                }
            }
            return sum;
        };
        return Releases.ofClosedForm(n, method, basicE, basicD, e -> {
            double d = delta.applyAsDouble(e);
            return d == 0 ? 0 : d * (1 + 1e-10) + 1e-15; // 0 exactly when no loss exceeds e
        }, e -> delta.applyAsDouble(e) * (1 - 1e-10) - 1e-15);
    }

    private static Releases discrete(DiscreteSpec spec, long n, double bracketWidth, BigDecimal basicE, BigDecimal basicD, BiConsumer<Integer, Integer> progress,
            java.util.function.BooleanSupplier stop) {
        if (!DiscretePairs.fits(spec)) {
            if (spec.certifiedDelta().signum() > 0) {
                double range = 2 * Math.max(up(spec.certifiedEpsilon()), 1e-9);
                double step = gridStep(Math.min(n * range, 9 * range * Math.sqrt(n)) + range, n, bracketWidth);
                return Releases.ofUpperOnly(n, tooManyPairs(spec) + "; " + DECLARED_PAIR + ", composed " + n + " times on a grid of step "
                        + String.format(java.util.Locale.ROOT, "%.3g", step), basicE, basicD, List.of(composed(declaredPair(spec, step), n)),
                        dominates("certified guarantee's pair"));
            }
            String eps = spec.accept(noiseEpsilon()).toPlainString();
            return randomizedResponse(up(new BigDecimal(eps)), n, basicE, basicD, "the randomized-response pair at epsilon " + eps + " (too many pairs to take "
                    + "one by one: " + 2 * spec.privacy().neighbours().edgeCount() + "), composed exactly (binomial)").withoutLowerBound(DOMINATING_RR);
        }
        DiscretePairs pairs = DiscretePairs.of(spec);
        double range = 2 * Math.max(pairs.maxAbsLoss(), 1e-9);
        double width = Math.min(n * range, 9 * range * Math.sqrt(n)) + range;
        double step = gridStep(width, n, bracketWidth);
        String stepReason = Double.isNaN(bracketWidth) ? "" : gridStepReason(width, n, bracketWidth, step);
        List<PrivacyLossDistribution> upper = new ArrayList<>();
        for (int p = 0; p < pairs.pairCount(); p++) {
            upper.add(pairs.distribution(p, step, PrivacyLossDistribution.Bound.UPPER));
        }
        List<Integer> kept = n == 1 ? allDistinct(upper) : DiscretePairs.undominated(upper);
        List<List<PrivacyLossDistribution>> composedUpper = new ArrayList<>();
        List<PrivacyLossDistribution> composedLower = new ArrayList<>();
        int done = 0;
        progress.accept(0, kept.size());
        for (int p : kept) {
            if (stop.getAsBoolean()) {
                throw new StoppedException(done, kept.size());
            }
            composedUpper.add(composed(upper.get(p), n));
            progress.accept(++done, kept.size());
        }
        // the lower bound of a maximum needs only some of the pairs: those whose guarantee is largest somewhere along the profile
        java.util.SortedSet<Integer> chosen = largestSomewhere(composedUpper);
        int largest = chosen.size();
        String method = String.format(java.util.Locale.ROOT, "the exact privacy loss distribution of each of the %d ordered neighbouring pairs from the stored "
                + "numbers (%d composed after dropping identical and dominated ones), composed %d times on a grid of step %.3g (losses split "
                + "between grid points by connect the dots for the guarantee, rounded down on a grid %d times finer for the lower bound, which may sit up to "
                + "N x its step below, taken over the %d pairs whose guarantee is largest somewhere); each also composed exponentially tilted %s standard deviations "
                + "out, whose error bound is relative to the tail that small delta reads; delta is the largest over the pairs", pairs.pairCount(), kept.size(), n, step,
                LOWER_REFINEMENT, largest, java.util.Arrays.toString(TILTS)) + stepReason;
        for (int i : chosen) {
            if (stop.getAsBoolean()) {
                // the guarantee is complete: keep it, and say the lower bound (which only shows its tightness) is missing
                return Releases.ofUpperOnly(n, method, basicE, basicD, composedUpper, "stopped before the lower bound (the guarantee was complete)");
            }
            // on a grid LOWER_REFINEMENT times finer: the lower bound's N-step drift shrinks as much, for a few pairs only
            composedLower.addAll(composed(pairs.distribution(kept.get(i), step / LOWER_REFINEMENT, PrivacyLossDistribution.Bound.LOWER), n));
        }
        return Releases.ofDistributions(n, method, basicE, basicD, composedUpper, composedLower);
    }

    /** Most grid points the N-fold support may take when a narrow bracket is asked for (the lower bound's grid has 4 times more). */
    static final int MAX_BRACKET_POINTS = 1 << 19;

    /**
     * The guarantee's grid step for an N-fold support about {@code width} wide: from the width alone ({@value #GRID_POINTS}
     * points), or, for a requested bracket width w, the step h with N·h/{@value #LOWER_REFINEMENT} = w/4 (the lower bound's
     * largest drift), kept within [width/{@value #MAX_BRACKET_POINTS}, width/16] and at least {@link #MIN_STEP}.
     */
    static double gridStep(double width, long n, double bracketWidth) {
        if (Double.isNaN(bracketWidth)) {
            return Math.max(MIN_STEP, width / GRID_POINTS);
        }
        double forWidth = bracketWidth * LOWER_REFINEMENT / (4.0 * n);
        return Math.max(MIN_STEP, Math.min(width / 16, Math.max(width / MAX_BRACKET_POINTS, forWidth)));
    }

    private static String gridStepReason(double width, long n, double bracketWidth, double step) {
        double forWidth = bracketWidth * LOWER_REFINEMENT / (4.0 * n);
        String chosen = String.format(java.util.Locale.ROOT, "; the step was chosen for an epsilon bracket %.3g wide (the lower bound's drift N x step/%d at most "
                + "a quarter of it)", bracketWidth, LOWER_REFINEMENT);
        return step > forWidth * (1 + 1e-12) ? chosen + String.format(java.util.Locale.ROOT, ", but that needs step %.3g and the grid is capped at %d points "
                + "(step %.3g): the bracket may be wider than asked", forWidth, MAX_BRACKET_POINTS, step) : chosen;
    }

    /**
     * The indices of the distributions whose δ is largest at one of a few ε along the profile (0 to the first one's largest
     * loss in eighths, and where its δ is 10^-2, 10^-4, …, 10^-12). The lower bound of a maximum over pairs may come from any subset of them: this one keeps it tight
     * where it is read, at a fraction of the cost of all.
     */
    static java.util.SortedSet<Integer> largestSomewhere(List<List<PrivacyLossDistribution>> upper) {
        java.util.SortedSet<Integer> top = new java.util.TreeSet<>();
        top.add(0);
        List<Double> probes = new ArrayList<>();
        double highest = upper.get(0).get(0).lossRange()[1];
        for (int j = 0; j <= 8; j++) {
            probes.add(Math.max(0, highest) * j / 8); // ε = 0 too, where a δ atom decides
        }
        for (int k = 2; k <= 12; k += 2) {
            probes.add(Releases.pairEpsilon(upper.get(0), Math.pow(10, -k)));
        }
        for (double eps : probes) {
            if (!Double.isFinite(eps)) {
                continue;
            }
            int best = 0;
            double bestDelta = -1;
            for (int i = 0; i < upper.size(); i++) {
                double d = Releases.pairDelta(upper.get(i), eps);
                if (d > bestDelta) {
                    bestDelta = d;
                    best = i;
                }
            }
            top.add(best);
        }
        return top;
    }

    /** The plain N-fold composition and the tilted ones that exist ({@link PrivacyLossDistribution#composeTilted}). */
    static List<PrivacyLossDistribution> composed(PrivacyLossDistribution pld, long n) {
        List<PrivacyLossDistribution> all = new ArrayList<>();
        all.add(pld.compose(n));
        for (double z : TILTS) {
            PrivacyLossDistribution t = pld.composeTilted(n, z);
            if (t != null) {
                all.add(t);
            }
        }
        return all;
    }

    private static List<Integer> allDistinct(List<PrivacyLossDistribution> upper) {
        List<Integer> all = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < upper.size(); i++) {
            PrivacyLossDistribution d = upper.get(i);
            if (seen.add(d.lossRange()[0] + "|" + d.infinity() + "|" + java.util.Arrays.toString(d.masses()))) {
                all.add(i);
            }
        }
        return all;
    }

    /**
     * The advanced composition theorem (Dwork, Rothblum and Vadhan 2010) for N releases of an (ε, δ)-DP spec: for any δ' &gt; 0
     * they are (ε√(2N ln(1/δ')) + Nε(e^ε − 1), Nδ + δ')-DP. Certified without any grid, in microseconds: the fallback when the
     * accountant cannot finish. Rounded up; never more than basic composition's Nε.
     *
     * @return {ε, δ} of the N releases
     * @throws IllegalArgumentException for n &lt; 1 or δ' not in (0, 1)
     */
    public static double[] advanced(MechanismSpec spec, long n, double deltaPrime) {
        Objects.requireNonNull(spec, "spec");
        if (n < 1) {
            throw new IllegalArgumentException("releases must be >= 1. Provided value: " + n);
        }
        if (!(deltaPrime > 0 && deltaPrime < 1)) {
            throw new IllegalArgumentException("delta' must be in (0, 1). Provided value: " + deltaPrime);
        }
        double e = ceiling(spec.certifiedEpsilon());
        double a = e * Math.sqrt(2 * n * Math.log(1 / deltaPrime)) + n * e * Math.expm1(e);
        double basic = ceiling(spec.certifiedEpsilon().multiply(BigDecimal.valueOf(n)));
        double d = ceiling(spec.certifiedDelta().multiply(BigDecimal.valueOf(n)).add(new BigDecimal(deltaPrime)));
        return new double[] {Math.min(basic, a * (1 + 1e-12) + 1e-300), Math.min(1, d)};
    }

    /** The smallest double at or above a decimal. */
    private static double ceiling(BigDecimal x) {
        double d = x.doubleValue();
        return new BigDecimal(d).compareTo(x) < 0 ? Math.nextUp(d) : d;
    }

    /** What a spec too large to take pair by pair is accounted through. */
    private static final String DECLARED_PAIR = "its certified (epsilon, delta) guarantee's dominating pair (delta at +inf, randomized response at epsilon "
            + "with the rest), which dominates every (epsilon, delta)-DP mechanism";

    /**
     * The dominating pair of every mechanism with the spec's certified (ε, δ) (Kairouz, Oh and Viswanath; Zhu, Dong and Wang):
     * sound for any spec, tight only for the worst one, so used where the pairs cannot be taken one by one.
     */
    static PrivacyLossDistribution declaredPair(MechanismSpec spec, double step) {
        return PrivacyLossDistribution.epsilonDelta(up(spec.certifiedEpsilon()), Math.min(up(spec.certifiedDelta()), Math.nextDown(1.0)), step);
    }

    private static String tooManyPairs(DiscreteSpec spec) {
        return "the spec has " + 2 * spec.privacy().neighbours().edgeCount() + " ordered neighbouring pairs, more than " + DiscretePairs.MAX_PAIRS
                + " to take one by one";
    }

    /**
     * Why {@link #dominatingPair} bounds this spec more coarsely than pair by pair, or empty when it does not: a table or
     * geometric remap with more than 20,000 ordered neighbouring pairs is bounded through the randomized-response pair at its
     * ε (pure ε-DP) or its certified (ε, δ) guarantee's dominating pair, both sound (never below the true privacy loss), but
     * possibly above it.
     */
    public static java.util.Optional<String> coarseDominatingPair(MechanismSpec spec) {
        Objects.requireNonNull(spec, "spec");
        MechanismSpec.Visitor<java.util.Optional<String>> visitor = new MechanismSpec.Visitor<>() {
            private java.util.Optional<String> discrete(DiscreteSpec d) {
                if (DiscretePairs.fits(d)) {
                    return java.util.Optional.empty();
                }
                return java.util.Optional.of(tooManyPairs(d) + "; accounted through " + (d.certifiedDelta().signum() > 0 ? DECLARED_PAIR
                        : "the randomized-response pair at epsilon " + d.accept(noiseEpsilon()).toPlainString()) + " (sound, possibly above the true loss)");
            }

            @Override
            public java.util.Optional<String> visit(DiscreteMechanismSpec table) {
                return discrete(table);
            }

            @Override
            public java.util.Optional<String> visit(GeometricRemapSpec g) {
                return discrete(g);
            }

            @Override
            public java.util.Optional<String> visit(KNormSpec knorm) {
                return java.util.Optional.empty();
            }

            @Override
            public java.util.Optional<String> visit(GaussianProcessSpec gp) {
                return java.util.Optional.empty();
            }

            @Override
            public java.util.Optional<String> visit(org.optimech.runtime.spec.EllipticGaussianSpec g) {
                return java.util.Optional.empty();
            }
        };
        return spec.accept(visitor);
    }

    /** The double just above a decimal (doubleValue rounds to nearest, possibly down). */
    static double up(BigDecimal x) {
        return Math.nextUp(x.doubleValue());
    }

    /** ε of the noise: the certified ε of a table, the noise ε of a geometric remap. */
    private static MechanismSpec.Visitor<BigDecimal> noiseEpsilon() {
        return new MechanismSpec.Visitor<>() {
            @Override
            public BigDecimal visit(DiscreteMechanismSpec table) {
                return table.certifiedEpsilon();
            }

            @Override
            public BigDecimal visit(GeometricRemapSpec g) {
                return g.noiseEpsilon();
            }

            @Override
            public BigDecimal visit(KNormSpec knorm) {
                return knorm.certifiedEpsilon();
            }

            @Override
            public BigDecimal visit(GaussianProcessSpec gp) {
                throw new IllegalArgumentException("a Gaussian-process spec is not pure DP");
            }

            @Override
            public BigDecimal visit(org.optimech.runtime.spec.EllipticGaussianSpec g) {
                throw new IllegalArgumentException("an elliptic Gaussian spec is not pure DP");
            }
        };
    }

    /**
     * A pessimistic distribution that dominates every neighbouring pair of the spec, on a grid of the given step, for
     * composing it with other mechanisms.
     *
     * @throws IllegalArgumentException for a step that is not positive (a spec too large to take pair by pair gets a coarser,
     *     sound pair: {@link #coarseDominatingPair} says which)
     */
    public static PrivacyLossDistribution dominatingPair(MechanismSpec spec, double step) {
        return dominatingPair(spec, step, (done, total) -> { });
    }

    /**
     * As {@link #dominatingPair(MechanismSpec, double)}, with progress: {@code progress} receives (neighbouring pairs done,
     * pairs + 1), the last unit being the envelope of the pairs (a spec taken in one piece reports (1, 1) at its end).
     */
    public static PrivacyLossDistribution dominatingPair(MechanismSpec spec, double step, BiConsumer<Integer, Integer> progress) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(progress, "progress");
        if (!(step > 0)) {
            throw new IllegalArgumentException("step must be > 0. Provided value: " + step);
        }
        boolean[] reported = {false};
        BiConsumer<Integer, Integer> pairs = (done, total) -> {
            reported[0] = true;
            progress.accept(done, total);
        };
        PrivacyLossDistribution pair = spec.accept(new MechanismSpec.Visitor<PrivacyLossDistribution>() {
            @Override
            public PrivacyLossDistribution visit(DiscreteMechanismSpec table) {
                return discreteEnvelope(table, step, pairs);
            }

            @Override
            public PrivacyLossDistribution visit(GeometricRemapSpec g) {
                return discreteEnvelope(g, step, pairs);
            }

            @Override
            public PrivacyLossDistribution visit(KNormSpec knorm) {
                return PrivacyLossDistribution.randomizedResponse(up(knorm.certifiedEpsilon()), step, PrivacyLossDistribution.Bound.UPPER);
            }

            @Override
            public PrivacyLossDistribution visit(GaussianProcessSpec gp) {
                return PrivacyLossDistribution.gaussian(gp.sensitivity().doubleValue() * (1 + 1e-15) / gp.noiseScale(), step, PrivacyLossDistribution.Bound.UPPER);
            }

            @Override
            public PrivacyLossDistribution visit(org.optimech.runtime.spec.EllipticGaussianSpec g) {
                return PrivacyLossDistribution.gaussian(Math.nextUp(g.sensitivity().doubleValue()), step, PrivacyLossDistribution.Bound.UPPER);
            }
        });
        if (!reported[0]) {
            progress.accept(1, 1); // a pair in one piece
        }
        return pair;
    }

    private static PrivacyLossDistribution discreteEnvelope(DiscreteSpec spec, double step, BiConsumer<Integer, Integer> progress) {
        if (!DiscretePairs.fits(spec)) {
            if (spec.certifiedDelta().signum() > 0) {
                return declaredPair(spec, step);
            }
            return PrivacyLossDistribution.randomizedResponse(up(spec.accept(noiseEpsilon())), step, PrivacyLossDistribution.Bound.UPPER);
        }
        DiscretePairs pairs = DiscretePairs.of(spec);
        int units = pairs.pairCount() + 1;
        progress.accept(0, units);
        List<PrivacyLossDistribution> upper = new ArrayList<>();
        for (int p = 0; p < pairs.pairCount(); p++) {
            upper.add(pairs.distribution(p, step, PrivacyLossDistribution.Bound.UPPER));
            progress.accept(p + 1, units);
        }
        List<Integer> kept = DiscretePairs.undominated(upper);
        PrivacyLossDistribution envelope = kept.size() == 1 ? upper.get(kept.get(0)) : Envelope.of(kept.stream().map(upper::get).toList());
        progress.accept(units, units);
        return envelope;
    }
}
