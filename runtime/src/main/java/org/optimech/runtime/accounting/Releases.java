package org.optimech.runtime.accounting;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.function.DoubleUnaryOperator;

/**
 * What N releases of one spec on the same data cost, as a privacy profile bracketed from both sides: {@link #deltaUpper(double)}
 * and {@link #epsilonUpper(double)} are guarantees (the pessimistic side), {@link #deltaLower(double)} and
 * {@link #epsilonLower(double)} show how tight they are, and {@link #basicEpsilon()}/{@link #basicDelta()} are what basic
 * composition charges for the same N. Immutable.
 */
public final class Releases {
    private final long releases;
    private final String method;
    private final BigDecimal basicEpsilon;
    private final BigDecimal basicDelta;
    /** Per pair, composed distributions each of which bounds its δ from above: the pair's δ is the least of them. */
    private final List<List<PrivacyLossDistribution>> upper;
    private final List<PrivacyLossDistribution> lower;
    private final DoubleUnaryOperator closedUpper;
    private final DoubleUnaryOperator closedLower;
    /** Why there is no lower bound (it reads 0), or null when there is one. */
    private final String noLowerBound;

    private Releases(long releases, String method, BigDecimal basicEpsilon, BigDecimal basicDelta, List<List<PrivacyLossDistribution>> upper,
            List<PrivacyLossDistribution> lower, DoubleUnaryOperator closedUpper, DoubleUnaryOperator closedLower, String noLowerBound) {
        this.releases = releases;
        this.method = method;
        this.basicEpsilon = basicEpsilon;
        this.basicDelta = basicDelta;
        this.upper = upper;
        this.lower = lower;
        this.closedUpper = closedUpper;
        this.closedLower = closedLower;
        this.noLowerBound = noLowerBound;
    }

    /**
     * From composed distributions: per pair that was not dominated, one or more upper ones (the plain composition and tilted ones,
     * each a valid bound: the pair's δ is the least of them), δ the largest over the pairs; the lower ones each a valid lower
     * bound, δ the largest of them.
     */
    static Releases ofDistributions(long n, String method, BigDecimal basicEpsilon, BigDecimal basicDelta, List<List<PrivacyLossDistribution>> upper,
            List<PrivacyLossDistribution> lower) {
        return new Releases(n, method, basicEpsilon, basicDelta, upper.stream().map(List::copyOf).toList(), List.copyOf(lower), null, null, null);
    }

    /**
     * From composed upper distributions alone ({@link #ofDistributions} without the lower side): the guarantee is complete, the
     * lower bound reads 0 and {@link #describe} says why it is missing.
     */
    static Releases ofUpperOnly(long n, String method, BigDecimal basicEpsilon, BigDecimal basicDelta, List<List<PrivacyLossDistribution>> upper,
            String noLowerBound) {
        return new Releases(n, method, basicEpsilon, basicDelta, upper.stream().map(List::copyOf).toList(), List.of(), null, null,
                Objects.requireNonNull(noLowerBound));
    }

    /** Whether {@link #deltaLower}/{@link #epsilonLower} bound anything (false: they read 0, see {@link #describe}). */
    public boolean hasLowerBound() {
        return noLowerBound == null;
    }

    /** The least of the upper bounds on one pair's δ(ε). */
    static double pairDelta(List<PrivacyLossDistribution> bounds, double epsilon) {
        double d = 1;
        for (PrivacyLossDistribution p : bounds) {
            d = Math.min(d, p.delta(epsilon));
        }
        return d;
    }

    /** The least of the upper bounds on one pair's ε(δ): each δ bound is non-increasing, so the least one's ε is the least ε. */
    static double pairEpsilon(List<PrivacyLossDistribution> bounds, double delta) {
        double e = Double.POSITIVE_INFINITY;
        for (PrivacyLossDistribution p : bounds) {
            e = Math.min(e, p.epsilon(delta));
        }
        return e;
    }

    /** From a closed-form profile δ(ε), bounded from above and below. */
    static Releases ofClosedForm(long n, String method, BigDecimal basicEpsilon, BigDecimal basicDelta, DoubleUnaryOperator upper, DoubleUnaryOperator lower) {
        return new Releases(n, method, basicEpsilon, basicDelta, List.of(), List.of(), Objects.requireNonNull(upper), Objects.requireNonNull(lower), null);
    }

    /**
     * The same upper bound with no lower one: for a profile computed from a pair that dominates the mechanism's (the
     * randomized-response pair of a K-norm spec, or of a table with too many pairs), whose own lower bound says nothing of the
     * mechanism, which may compose better; {@link #describe} says why.
     */
    Releases withoutLowerBound(String reason) {
        return new Releases(releases, method, basicEpsilon, basicDelta, upper, List.of(), closedUpper, closedUpper == null ? null : e -> 0,
                Objects.requireNonNull(reason));
    }

    /** N. */
    public long releases() {
        return releases;
    }

    /** How the profile was computed (pairs, grid, closed form), in one sentence. */
    public String method() {
        return method;
    }

    /** N·ε of the spec: basic composition. */
    public BigDecimal basicEpsilon() {
        return basicEpsilon;
    }

    /** N·δ of the spec: basic composition. */
    public BigDecimal basicDelta() {
        return basicDelta;
    }

    /**
     * An upper bound on δ(ε) of the N releases: they are (ε, deltaUpper(ε))-DP. Never more than basic composition's δ where
     * its ε suffices (basic composition is a valid bound too).
     */
    public double deltaUpper(double epsilon) {
        double d = profileDeltaUpper(epsilon);
        return epsilon >= basicEpsilon.doubleValue() * (1 + 1e-15) ? Math.min(d, basicDelta.doubleValue() * (1 + 1e-15)) : d;
    }

    private double profileDeltaUpper(double epsilon) {
        if (closedUpper != null) {
            return Math.min(1, closedUpper.applyAsDouble(epsilon));
        }
        double d = 0;
        for (List<PrivacyLossDistribution> pair : upper) {
            d = Math.max(d, pairDelta(pair, epsilon));
        }
        return d;
    }

    /** A lower bound on the N releases' true δ(ε): no accounting can prove less. */
    public double deltaLower(double epsilon) {
        if (closedLower != null) {
            return Math.max(0, closedLower.applyAsDouble(epsilon));
        }
        double d = 0;
        for (PrivacyLossDistribution p : lower) {
            d = Math.max(d, p.delta(epsilon));
        }
        return d;
    }

    /**
     * The smallest ε (an upper bound of it) with the N releases (ε, δ)-DP; +∞ when no ε reaches δ. Never more than basic
     * composition's ε where its δ is within δ.
     */
    public double epsilonUpper(double delta) {
        double e = profileEpsilonUpper(delta);
        return basicDelta.doubleValue() * (1 + 1e-15) <= delta ? Math.min(e, Math.nextUp(basicEpsilon.doubleValue())) : e;
    }

    private double profileEpsilonUpper(double delta) {
        if (closedUpper != null) {
            return invert(closedUpper, delta, true);
        }
        double e = 0;
        for (List<PrivacyLossDistribution> pair : upper) {
            e = Math.max(e, pairEpsilon(pair, delta));
        }
        return e;
    }

    /** A lower bound on the smallest ε at δ. */
    public double epsilonLower(double delta) {
        if (closedLower != null) {
            return invert(closedLower, delta, false);
        }
        double e = 0;
        for (PrivacyLossDistribution p : lower) {
            e = Math.max(e, p.epsilon(delta));
        }
        return e;
    }

    /** The smallest ε ≥ 0 with δ(ε) ≤ target for a decreasing δ, by bisection (rounded outward). */
    static double invert(DoubleUnaryOperator delta, double target, boolean up) {
        if (!(target >= 0 && target < 1)) {
            throw new IllegalArgumentException("delta must be in [0, 1). Provided value: " + target);
        }
        if (delta.applyAsDouble(0) <= target) {
            return 0;
        }
        double lo = 0;
        double hi = 1;
        while (delta.applyAsDouble(hi) > target) {
            lo = hi;
            hi *= 2;
            if (hi > 1e9) {
                return Double.POSITIVE_INFINITY;
            }
        }
        for (int i = 0; i < 200 && hi - lo > 1e-13 * Math.max(1, hi); i++) {
            double mid = (lo + hi) / 2;
            if (delta.applyAsDouble(mid) > target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return up ? hi * (1 + 1e-12) : lo * (1 - 1e-12);
    }

    /** One line: N, the PLD ε at δ (and its lower bound, or why there is none) against basic composition. */
    public String describe(double delta) {
        String lowerText = noLowerBound == null ? "the true value is at least " + num(epsilonLower(delta), java.math.RoundingMode.FLOOR)
                : "no lower bound: " + noLowerBound;
        return String.format(java.util.Locale.ROOT, "%d releases: epsilon %s at delta %s (privacy loss distribution; %s), against "
                + "epsilon %s%s by basic composition", releases, num(epsilonUpper(delta), java.math.RoundingMode.CEILING),
                java.math.BigDecimal.valueOf(delta).stripTrailingZeros().toPlainString(), lowerText, basicEpsilon.stripTrailingZeros().toPlainString(),
                basicDelta.signum() > 0 ? " and delta " + basicDelta.stripTrailingZeros().toPlainString() : " (delta 0)");
    }

    /** Six significant digits, rounded the safe way (an upper bound up, a lower bound down). */
    private static String num(double x, java.math.RoundingMode mode) {
        return Double.isInfinite(x) ? "inf" : new BigDecimal(x).round(new java.math.MathContext(6, mode)).stripTrailingZeros().toPlainString();
    }
}
