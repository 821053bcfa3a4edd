package org.optimech.spark;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Objects;
import org.optimech.runtime.exact.ExpBounds;
import org.optimech.runtime.exact.Rational;

/**
 * DP partition selection by thresholding exact discrete Laplace noise: a group key is released iff u + Z ≥ τ, where u
 * is the number of privacy units contributing to it (after contribution bounding: each unit in at most G groups) and
 * Z ~ P(z) ∝ exp(−(ε/G)|z|).
 *
 * <p>Guarantee. For the keys both neighbouring datasets share, the vector of noisy unit counts has ℓ1 sensitivity G,
 * so it is ε-DP and so is any threshold of it. A key only the added or removed unit has (u = 1) appears on one side
 * alone; it is released with probability p = P(Z ≥ τ − 1) = α^{τ−1}/(1 + α), α = e^{−ε/G}, and there are at most G
 * of them, so q = P(any is released) ≤ G·p. Splitting on that event gives P[M(X) ∈ E] ≤ e^ε P[M(X′) ∈ E] + q and
 * P[M(X′) ∈ E] ≤ e^ε (P[M(X) ∈ E] + q): (ε, e^ε·G·p)-DP. The threshold is the smallest integer τ ≥ 2 whose δ,
 * bounded above with certified rational bounds on the exponentials, is at most the requested δ.
 *
 * @param epsilon the ε spent on selection
 * @param requestedDelta the δ the caller allowed
 * @param maxGroupsPerUnit G
 * @param threshold τ
 * @param certifiedDelta an upper bound on e^ε·G·α^{τ−1}/(1 + α), at most {@code requestedDelta}
 */
public record PartitionSelection(BigDecimal epsilon, BigDecimal requestedDelta, int maxGroupsPerUnit, long threshold, BigDecimal certifiedDelta) {
    /** Largest ε accepted (the exponential bounds stop at e^700). */
    static final BigDecimal MAX_EPSILON = BigDecimal.valueOf(50);

    public PartitionSelection {
        Objects.requireNonNull(epsilon, "epsilon");
        Objects.requireNonNull(requestedDelta, "requestedDelta");
        Objects.requireNonNull(certifiedDelta, "certifiedDelta");
        if (certifiedDelta.compareTo(requestedDelta) > 0) {
            throw new IllegalArgumentException("certifiedDelta must be at most requestedDelta = " + requestedDelta + ". Provided value: " + certifiedDelta);
        }
    }

    /**
     * The cheapest threshold meeting (ε, δ) for units in at most G groups.
     *
     * @throws IllegalArgumentException naming the parameter for ε ∉ (0, 50], δ ∉ (0, 1), G &lt; 1
     */
    public static PartitionSelection of(BigDecimal epsilon, BigDecimal delta, int maxGroupsPerUnit) {
        Objects.requireNonNull(epsilon, "epsilon");
        Objects.requireNonNull(delta, "delta");
        if (epsilon.signum() <= 0 || epsilon.compareTo(MAX_EPSILON) > 0) {
            throw new IllegalArgumentException("partition selection epsilon must be in (0, " + MAX_EPSILON + "]. Provided value: " + epsilon);
        }
        if (delta.signum() <= 0 || delta.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("partition selection delta must be in (0, 1). Provided value: " + delta);
        }
        if (maxGroupsPerUnit < 1) {
            throw new IllegalArgumentException("maxGroupsPerUnit must be >= 1. Provided value: " + maxGroupsPerUnit);
        }
        Bounds b = new Bounds(epsilon, maxGroupsPerUnit);
        // δ(τ) falls in τ: double until it meets δ, then bisect for the smallest τ that does
        long hi = 2;
        while (b.delta(hi).compareTo(delta) > 0) {
            if (hi > (1L << 40) || b.rateDown.multiply(BigDecimal.valueOf(2 * hi)).compareTo(ExpBounds.MAX_X) > 0) {
                throw new IllegalArgumentException("no threshold reaches partition selection delta = " + delta + " at epsilon = " + epsilon + " with G = "
                        + maxGroupsPerUnit + "; raise epsilon or delta");
            }
            hi *= 2;
        }
        long lo = 1; // δ(lo) > δ or lo = 1 (below the smallest threshold considered)
        while (hi - lo > 1) {
            long mid = lo + (hi - lo) / 2;
            if (mid >= 2 && b.delta(mid).compareTo(delta) <= 0) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        BigDecimal certified = b.delta(hi).round(new MathContext(6, RoundingMode.CEILING));
        return new PartitionSelection(epsilon, delta, maxGroupsPerUnit, hi, certified.min(delta));
    }

    /** Certified upper bounds on δ(τ) = e^ε·G·α^{τ−1}/(1 + α), α = e^{−ε/G}, from rational bounds on the exponentials. */
    private static final class Bounds {
        private static final MathContext UP = new MathContext(40, RoundingMode.CEILING);
        private static final MathContext DOWN = new MathContext(40, RoundingMode.FLOOR);
        final BigDecimal rateDown;
        final BigDecimal factor;

        Bounds(BigDecimal epsilon, int groups) {
            BigDecimal g = BigDecimal.valueOf(groups);
            this.rateDown = epsilon.divide(g, DOWN);
            BigDecimal rateUp = epsilon.divide(g, UP);
            // α ≥ e^{−rateUp} ≥ 1/upper(e^{rateUp}): a smaller denominator 1 + α only raises the bound
            BigDecimal alphaLower = BigDecimal.ONE.divide(upper(rateUp), DOWN);
            this.factor = upper(epsilon).multiply(g).divide(BigDecimal.ONE.add(alphaLower), UP);
        }

        /** e^{−(τ−1)ε/G} ≤ e^{−(τ−1)·rateDown} ≤ 1/lower(e^{(τ−1)·rateDown}). */
        BigDecimal delta(long tau) {
            return factor.divide(lower(rateDown.multiply(BigDecimal.valueOf(tau - 1))), UP);
        }
    }

    private static BigDecimal upper(BigDecimal x) {
        return new BigDecimal(ExpBounds.upperNumerator(x)).divide(new BigDecimal(BigInteger.ONE.shiftLeft(ExpBounds.FRACTION_BITS)));
    }

    private static BigDecimal lower(BigDecimal x) {
        return new BigDecimal(ExpBounds.lowerNumerator(x)).divide(new BigDecimal(BigInteger.ONE.shiftLeft(ExpBounds.FRACTION_BITS)));
    }

    /** The noise rate ε/G as an exact rational. */
    Rational rate() {
        return Rational.of(epsilon).divide(Rational.of(BigInteger.valueOf(maxGroupsPerUnit)));
    }
}
