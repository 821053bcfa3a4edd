package org.optimech.runtime.accounting;

import java.util.Arrays;
import java.util.Objects;
import org.optimech.runtime.noise.GaussianProfile;

/**
 * A privacy loss distribution on a grid: the law of L = ln(P(ω)/Q(ω)) for ω ~ P, with every finite loss on a multiple of the
 * step h, plus an atom at +∞ (outputs Q cannot produce: a δ no ε removes). The {@link Bound#UPPER pessimistic} one splits each
 * loss between the grid points around it by "connect the dots" (the split pair dominates the atom at every ε, so its δ(ε) =
 * P(L = ∞) + E[(1 − e^{ε−L})⁺] bounds the true one from above, and so does every composition of such distributions, with an
 * error second order in h); truncation keeps the direction (a lower tail is moved up, an upper tail to +∞). The
 * {@link Bound#LOWER optimistic} one rounds every loss down (a lower tail dropped, an upper tail moved down), so the two
 * bracket the truth: after N releases the lower ε may sit up to N·h below the true one. The floating-point error of the
 * masses is tracked as an ℓ1 bound and added to (or taken from) every δ. Immutable.
 */
public final class PrivacyLossDistribution {
    /** Which way the losses were rounded. */
    public enum Bound {
        /** Losses split onto the grid by connect the dots (or rounded up), tails moved outwards: δ(ε) is an upper bound. */
        UPPER,
        /** Losses rounded down, tails moved inwards: δ(ε) is a lower bound. */
        LOWER
    }

    /** Mass each truncation may move per tail. */
    static final double TAIL = 1e-16;
    private static final double U = 0x1.0p-53;

    private final double step;
    private final long offset;
    private final double[] masses;
    private final double infinity;
    private final double error;
    private final Bound bound;
    /**
     * For an exponentially tilted composition ({@link #composeTilted}): θ &gt; 0 per grid point, and the mass error on the points
     * from index k up is at most {@link #error} plus exp(tailLogError − θ·k). 0 and −∞ otherwise.
     */
    private final double tilt;
    private final double tailLogError;
    /**
     * From this array index up the exact masses are known to be 0 (the composition's whole support ends below it), so no
     * error bound applies there; Integer.MAX_VALUE when unknown.
     */
    private final int zeroFrom;
    /**
     * A tilted composition whose window starts above the N-fold support's lowest index: the exact masses below its first point
     * are neither stored nor bounded (the tail bound counts from the first point up), so an upper δ(ε) for an ε below the
     * first point's loss is only the trivial 1.
     */
    private final boolean unknownBelow;
    /**
     * For a tilted composition: an upper bound on the total of the exact finite masses (the input's total, its error included,
     * to the N-th power), which {@link #error()} uses for the masses its tail bound does not reach. 1 otherwise (unused).
     */
    private final double massBound;

    private PrivacyLossDistribution(double step, long offset, double[] masses, double infinity, double error, Bound bound) {
        this(step, offset, masses, infinity, error, bound, 0, Double.NEGATIVE_INFINITY, Integer.MAX_VALUE, false, 1);
    }

    private PrivacyLossDistribution(double step, long offset, double[] masses, double infinity, double error, Bound bound, double tilt, double tailLogError,
            int zeroFrom, boolean unknownBelow, double massBound) {
        this.massBound = massBound;
        this.step = step;
        this.offset = offset;
        this.masses = masses;
        this.infinity = infinity;
        this.error = error;
        this.bound = bound;
        this.tilt = tilt;
        this.tailLogError = tailLogError;
        this.zeroFrom = zeroFrom;
        this.unknownBelow = unknownBelow;
    }

    /**
     * A distribution from atoms whose losses are known to lie in [lossLow[k], lossHigh[k]] (each rounded outward to the step:
     * up for {@link Bound#UPPER}, down for {@link Bound#LOWER}), plus the mass at +∞.
     *
     * @param error an ℓ1 bound on how far the given masses may be from the true ones
     * @throws IllegalArgumentException for a step that is not positive, arrays of different lengths, a negative mass
     */
    public static PrivacyLossDistribution of(double[] mass, double[] lossLow, double[] lossHigh, double infinity, double error, double step, Bound bound) {
        Objects.requireNonNull(bound, "bound");
        if (!(step > 0) || Double.isInfinite(step)) {
            throw new IllegalArgumentException("step must be > 0 and finite. Provided value: " + step);
        }
        if (mass.length != lossLow.length || mass.length != lossHigh.length) {
            throw new IllegalArgumentException("mass, lossLow and lossHigh must have one entry per atom");
        }
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        long[] index = new long[mass.length];
        double[] up = new double[mass.length]; // UPPER: the part of an atom's mass moved to the grid point above it
        double inf = infinity;
        for (int k = 0; k < mass.length; k++) {
            if (!(mass[k] >= 0)) {
                throw new IllegalArgumentException("mass " + k + " must be >= 0. Provided value: " + mass[k]);
            }
            double l = bound == Bound.UPPER ? lossHigh[k] : lossLow[k];
            if (mass[k] == 0 || bound == Bound.LOWER && l == Double.NEGATIVE_INFINITY) {
                index[k] = Long.MIN_VALUE; // contributes nothing to δ
                continue;
            }
            if (l == Double.POSITIVE_INFINITY) {
                if (bound == Bound.UPPER) {
                    inf += mass[k];
                    index[k] = Long.MIN_VALUE;
                    continue;
                }
                throw new IllegalArgumentException("a lower bound on a loss must be finite or -infinity; atom " + k + " has +infinity");
            }
            index[k] = (long) Math.floor(l / step);
            if (index[k] * step > l) {
                index[k]--; // the product rounded above l: the grid point below it is one lower
            }
            if (bound == Bound.UPPER) {
                if ((index[k] + 1) * step < l) {
                    index[k]++;
                }
                up[k] = connectTheDots(mass[k], l, index[k] * step, (index[k] + 1) * step);
            }
            lo = Math.min(lo, index[k]);
            hi = Math.max(hi, index[k] + (up[k] > 0 ? 1 : 0));
        }
        if (lo > hi) {
            return new PrivacyLossDistribution(step, 0, new double[] {0}, inf, error, bound);
        }
        if (hi - lo >= Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("the losses span too many steps of " + step + ": choose a larger step");
        }
        double[] m = new double[(int) (hi - lo + 1)];
        for (int k = 0; k < mass.length; k++) {
            if (index[k] != Long.MIN_VALUE) {
                m[(int) (index[k] - lo)] += mass[k] - up[k];
                if (up[k] > 0) {
                    m[(int) (index[k] + 1 - lo)] += up[k];
                }
            }
        }
        // the sums, and each split's subtraction (at most an ulp of its atom, in the direction that loses mass)
        return new PrivacyLossDistribution(step, lo, m, inf, error + mass.length * U * 4, bound);
    }

    /**
     * Connect the dots (Doroshenko, Ghazi, Kamath, Kumar and Manurangsi 2022) for one atom of mass m at loss l between grid
     * points g₀ ≤ l &lt; g₁: the part b = m(1 − e^{g₀−l})/(1 − e^{g₀−g₁}) goes to g₁ and m − b to g₀, which keeps both the P-mass
     * and the Q-mass m·e^{−l}. As a function of x = e^ε the atom's hockey-stick term m(1 − x·e^{−l})⁺ is convex, and the split's
     * is its chord between x = e^{g₀} and e^{g₁} (equal outside), so the split dominates the atom at every ε: a pessimistic
     * discretisation whose error is second order in the step (the N-fold mean moves by at most N·h²/8), where rounding every
     * loss up overstates the N-fold ε by up to N·h. b is rounded up: more mass higher only raises δ.
     */
    private static double connectTheDots(double m, double l, double g0, double g1) {
        if (l <= g0) {
            return 0;
        }
        double b = m * (-Math.expm1(g0 - l)) / (-Math.expm1(g0 - g1));
        return Math.min(m, b * (1 + 8 * U));
    }

    /**
     * A distribution given on its grid (as {@link #masses()}, {@link #loss(int)} of the first point, {@link #infinity()} and
     * {@link #error()} report it), for reading one back from storage.
     *
     * @throws IllegalArgumentException for a step that is not positive and finite, a first loss off the grid, or a mass,
     *     infinity or error that is negative or not finite
     */
    public static PrivacyLossDistribution onGrid(double step, long firstIndex, double[] masses, double infinity, double error, Bound bound) {
        Objects.requireNonNull(bound, "bound");
        if (!(step > 0) || Double.isInfinite(step)) {
            throw new IllegalArgumentException("step must be > 0 and finite. Provided value: " + step);
        }
        if (masses.length == 0) {
            throw new IllegalArgumentException("masses must not be empty");
        }
        for (int k = 0; k < masses.length; k++) {
            if (!(masses[k] >= 0) || Double.isInfinite(masses[k])) {
                throw new IllegalArgumentException("mass " + k + " must be >= 0 and finite. Provided value: " + masses[k]);
            }
        }
        if (!(infinity >= 0 && infinity <= 1)) {
            throw new IllegalArgumentException("infinity must be in [0, 1]. Provided value: " + infinity);
        }
        if (!(error >= 0) || Double.isInfinite(error)) {
            throw new IllegalArgumentException("error must be >= 0 and finite. Provided value: " + error);
        }
        return new PrivacyLossDistribution(step, firstIndex, masses.clone(), infinity, error, bound);
    }

    /** The grid index of the first point of {@link #masses()} (its loss is that times the step). */
    public long firstIndex() {
        return offset;
    }

    /**
     * The Gaussian mechanism at μ = sensitivity/σ (the pair N(μ, 1), N(0, 1)): L ~ N(μ²/2, μ²). The mass between two grid points
     * goes to the upper one (or the lower one), tails beyond 10 standard deviations to +∞ and onto the lowest point (or dropped
     * and onto the highest).
     */
    public static PrivacyLossDistribution gaussian(double mu, double step, Bound bound) {
        if (!(mu > 0) || Double.isInfinite(mu)) {
            throw new IllegalArgumentException("mu must be > 0 and finite. Provided value: " + mu);
        }
        double mean = mu * mu / 2;
        long lo = (long) Math.floor((mean - 10 * mu) / step);
        long hi = (long) Math.ceil((mean + 10 * mu) / step);
        if (hi - lo > 50_000_000L) {
            throw new IllegalArgumentException("a Gaussian PLD at mu " + mu + " needs " + (hi - lo) + " steps of " + step + ": choose a larger step");
        }
        double[] m = new double[(int) (hi - lo + 1)];
        // P(L <= x) for x = (lo + k)·step, accurate in both tails (the complement above the mean)
        double[] cdf = new double[m.length];
        double[] ccdf = new double[m.length];
        for (int k = 0; k < m.length; k++) {
            double z = ((lo + k) * step - mean) / mu;
            cdf[k] = GaussianProfile.phi(z);
            ccdf[k] = GaussianProfile.phi(-z);
        }
        double inf = 0;
        for (int k = 0; k < m.length; k++) {
            // mass of (x_{k-1}, x_k]: computed from whichever tail is small
            double between = k == 0 ? 0 : ((lo + k) * step <= mean ? cdf[k] - cdf[k - 1] : ccdf[k - 1] - ccdf[k]);
            between = Math.max(0, between);
            if (bound == Bound.UPPER) {
                m[k] += between;
            } else if (k > 0) {
                m[k - 1] += between;
            }
        }
        if (bound == Bound.UPPER) {
            m[0] += cdf[0];
            inf = ccdf[m.length - 1];
        } else {
            m[m.length - 1] += ccdf[m.length - 1];
        }
        double err = 4e-14 + m.length * 4 * U;
        return new PrivacyLossDistribution(step, lo, m, inf, err, bound);
    }

    /**
     * The randomized-response pair at ε: P = (e^ε, 1)/(1 + e^ε), Q = (1, e^ε)/(1 + e^ε), the dominating pair of every pure
     * ε-DP mechanism: L = ε with probability e^ε/(1 + e^ε), −ε otherwise.
     */
    public static PrivacyLossDistribution randomizedResponse(double epsilon, double step, Bound bound) {
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be > 0 and finite. Provided value: " + epsilon);
        }
        double p = 1 / (1 + Math.exp(-epsilon));
        double q = 1 / (1 + Math.exp(epsilon));
        double lossMargin = 4 * U * epsilon;
        return of(new double[] {p, q}, new double[] {epsilon - lossMargin, -epsilon - lossMargin}, new double[] {epsilon + lossMargin, -epsilon + lossMargin},
                0, 8 * U, step, bound);
    }

    /**
     * The dominating pair of every (ε, δ)-DP mechanism (Kairouz, Oh and Viswanath 2015): loss +∞ with probability δ, ε with
     * (1 − δ)e^ε/(1 + e^ε), −ε otherwise; rounded up (pessimistic).
     */
    public static PrivacyLossDistribution epsilonDelta(double epsilon, double delta, double step) {
        if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be >= 0 and finite. Provided value: " + epsilon);
        }
        if (!(delta >= 0 && delta < 1)) {
            throw new IllegalArgumentException("delta must be in [0, 1). Provided value: " + delta);
        }
        double p = (1 - delta) / (1 + Math.exp(-epsilon));
        double q = (1 - delta) / (1 + Math.exp(epsilon));
        double lossMargin = 4 * U * epsilon;
        return of(new double[] {p, q}, new double[] {epsilon - lossMargin, -epsilon - lossMargin}, new double[] {epsilon + lossMargin, -epsilon + lossMargin},
                delta, 8 * U, step, Bound.UPPER);
    }

    /** The grid step h. */
    public double step() {
        return step;
    }

    public Bound bound() {
        return bound;
    }

    /** P(L = +∞): the part of δ that no ε removes. */
    public double infinity() {
        return infinity;
    }

    /**
     * The ℓ1 bound on the masses' floating-point error (added to an upper δ, taken from a lower one). For a tilted composition
     * it covers all the masses, those below the stored window too: its bound on the upper tail, the part δ reads, is far
     * smaller, and the whole-ℓ1 bound is the best split point J of
     * <pre>
     *   Σ_j |m̃_j − m_j| ≤ E(J) + Σ_{j&lt;J} m̃_j + min(S, S − Σ_{j≥J} m̃_j + E(J))
     * </pre>
     * with E(J) the tail bound from J up and S a bound on the exact masses' total: below J each error is at most the sum of
     * the two masses, and the exact masses below J are S minus those from J up, which are within E(J) of the computed ones.
     * The tail bound from the first point alone is a whole-ℓ1 bound only when the window holds the support's lower end.
     */
    public double error() {
        if (tilt == 0) {
            return error;
        }
        double total = Convolution.l1(masses);
        double best = total + massBound + error; // J past the last point: every mass, computed and exact
        if (!unknownBelow) {
            best = Math.min(best, errorFrom(0));
        }
        // Σ_{j ≥ J} m̃_j from the top, taken low: "below" needs a lower bound on it (total − prefix, with total rounded up,
        // could exceed it by about length·u, an error no relative factor on the result covers)
        double[] suffix = new double[masses.length + 1];
        for (int j = masses.length - 1; j >= 0; j--) {
            suffix[j] = suffix[j + 1] + masses[j];
        }
        double shrink = 1 - (masses.length + 2) * U;
        double prefix = 0;
        for (int j = 0; j < masses.length; j++) {
            double tail = errorFrom(j);
            if (tail < best) {
                double below = Math.min(massBound, Math.max(0, massBound - suffix[j] * shrink + tail));
                best = Math.min(best, tail + prefix + below);
            }
            prefix += masses[j];
        }
        // the sums' rounding: non-negative terms, relative error at most (length + 2)·u each
        return best * (1 + 4 * (masses.length + 2) * U) + 1e-300;
    }

    /** A bound on Σ_{j ≥ k} |computed − exact| of the masses (the relative part excluded). */
    private double errorFrom(int k) {
        if (k >= zeroFrom) {
            return 0; // beyond the whole support: computed and exact masses are both 0 there
        }
        if (tilt == 0) {
            return error;
        }
        return error + Math.exp(tailLogError - tilt * k) * (1 + 1e-12);
    }

    /** The smallest and largest finite loss with mass. */
    public double[] lossRange() {
        int first = 0;
        while (first < masses.length - 1 && masses[first] == 0) {
            first++;
        }
        int last = masses.length - 1;
        while (last > 0 && masses[last] == 0) {
            last--;
        }
        return new double[] {(offset + first) * step, (offset + last) * step};
    }

    /** How many grid points the finite part spans. */
    public int size() {
        return masses.length;
    }

    /** The finite masses, from the smallest loss (a copy). */
    public double[] masses() {
        return masses.clone();
    }

    /** The loss of grid point k of {@link #masses()}. */
    public double loss(int k) {
        return (offset + k) * step;
    }

    /**
     * δ(ε) = P(L = ∞) + Σ m_k (1 − e^{ε − l_k})⁺, plus the tracked error (upper) or minus it (lower), for any real ε (below 0 too:
     * the hockey-stick divergence at e^ε).
     */
    public double delta(double epsilon) {
        if (Double.isNaN(epsilon)) {
            throw new IllegalArgumentException("epsilon must not be NaN");
        }
        if (unknownBelow && bound == Bound.UPPER && epsilon < offset * step) {
            return 1; // mass below the window may have loss above ε, and nothing bounds it (the plain composition answers there)
        }
        // Kahan summation of the non-negative terms
        double sum = 0;
        double c = 0;
        int from = masses.length; // the first grid point whose loss exceeds ε
        for (int k = masses.length - 1; k >= 0; k--) {
            double l = (offset + k) * step;
            if (l <= epsilon) {
                break;
            }
            from = k;
            double t = masses[k] * -Math.expm1(epsilon - l);
            double y = t - c;
            double s = sum + y;
            c = (s - sum) - y;
            sum = s;
        }
        double total = sum + infinity;
        double slack = errorFrom(from) + 8 * U * total + 1e-300;
        return bound == Bound.UPPER ? Math.min(1, total + slack) : Math.max(0, total - slack);
    }

    /**
     * The smallest ε ≥ 0 with δ(ε) ≤ δ, or +∞ when even P(L = ∞) (with the error) exceeds δ. An upper bound of the true ε for
     * an {@link Bound#UPPER} distribution, a lower bound for a {@link Bound#LOWER} one.
     */
    public double epsilon(double delta) {
        if (!(delta >= 0 && delta < 1)) {
            throw new IllegalArgumentException("delta must be in [0, 1). Provided value: " + delta);
        }
        if (delta(Double.MAX_VALUE) > delta) {
            return Double.POSITIVE_INFINITY;
        }
        if (tilt > 0 && bound == Bound.LOWER) {
            return tiltedLowerEpsilon(delta);
        }
        if (delta(0) <= delta) {
            return 0;
        }
        // δ is continuous and decreasing in ε: a bracket [lo, hi] with δ(lo) > δ ≥ δ(hi) from the closed form between grid points
        // (checked with the direct sum, so the bracket is exact), then bisection inside it
        double lo = 0;
        double hi = Math.max(step, lossRange()[1]);
        double guess = estimateEpsilon(delta);
        if (guess > 0 && Double.isFinite(guess)) {
            double width = 1e-9 * Math.max(1, guess);
            for (int tries = 0; tries < 8; tries++, width *= 64) {
                double a = Math.max(0, guess - width);
                double b = guess + width;
                boolean aAbove = a == 0 || delta(a) > delta;
                if (aAbove && delta(b) <= delta) {
                    lo = a;
                    hi = b;
                    break;
                }
            }
        }
        while (delta(hi) > delta) {
            lo = hi;
            hi *= 2;
        }
        double[] crossing = bisect(lo, hi, delta);
        return bound == Bound.UPPER ? crossing[1] * (1 + 1e-12) + 1e-15 : Math.max(0, crossing[0] * (1 - 1e-12) - 1e-15);
    }

    /**
     * Narrows [lo, hi] with δ(lo) &gt; δ ≥ δ(hi), δ decreasing inside, to a relative 1e-10: closer than any figure is shown or
     * charged (each step is one direct sum over the grid).
     */
    private double[] bisect(double lo, double hi, double delta) {
        for (int i = 0; i < 200 && hi - lo > 1e-10 * Math.max(1, hi); i++) {
            double mid = (lo + hi) / 2;
            if (delta(mid) > delta) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return new double[] {lo, hi};
    }

    /**
     * For a tilted lower bound, whose δ(ε) is not monotone (its error bound falls with ε faster than the masses near and below
     * the mean): the true δ is non-increasing, so every ε' with δ(ε') &gt; δ shows that the true ε exceeds ε'. The largest such
     * ε' is found going down the grid: between grid losses l_{k−1} ≤ ε &lt; l_k the error bound is fixed and δ decreasing, so
     * the interval's best point is l_{k−1} (estimated with running sums, then checked with the direct sum) and the crossing
     * inside it is found by bisection. Returns a value whose δ was seen above δ, or 0.
     */
    private double tiltedLowerEpsilon(double delta) {
        double a = infinity;
        double t = 0;
        double shrink = Math.exp(-step);
        for (int k = masses.length - 1; k >= 0; k--) {
            a += masses[k];
            t = masses[k] + shrink * t; // Σ_{j≥k} m_j e^{l_k − l_j}
            double left = (offset + k - 1) * step;
            if (left + step <= 0) {
                return 0;
            }
            double estimate = a - shrink * t - errorFrom(k);
            if (estimate > delta) {
                double lo = Math.max(0, left);
                if (!(delta(lo) > delta)) {
                    continue; // the estimate's rounding: the direct sum decides
                }
                return bisect(lo, (offset + k) * step, delta)[0];
            }
        }
        return 0;
    }

    /**
     * The ε where δ(ε) (without the error terms) meets δ, from one pass down the grid: between grid losses l_{j−1} ≤ ε &lt; l_j,
     * δ(ε) = A_j − e^{ε − l_j}·T_j with A_j the mass at or above l_j (and at +∞) and T_j = Σ_{k≥j} m_k e^{l_j − l_k} (a running
     * sum, no overflow). Only an estimate: {@link #epsilon(double)} checks it against the direct sum.
     */
    private double estimateEpsilon(double delta) {
        double target = bound == Bound.UPPER ? delta - error : delta + error; // where delta(ε), error included, meets δ
        double a = infinity;
        double t = 0;
        double shrink = Math.exp(-step);
        for (int k = masses.length - 1; k >= 0; k--) {
            double next = t; // T at grid point k + 1, relative to l_{k+1}
            a += masses[k];
            t = masses[k] + shrink * next;
            double l = (offset + k) * step;
            // δ at ε = l_k − 0: A_k − T_k; at ε = l_k exactly the atom at l_k no longer counts: A_{k+1} − e^{−h}·T_{k+1}
            if (a - t > target) {
                // the crossing lies in [l_k, l_{k+1}): solve (a − m_k) − e^{ε − l_{k+1}}·next = target
                double above = a - masses[k];
                if (next <= 0) {
                    return Math.max(0, l);
                }
                double e = l + step + Math.log((above - target) / next);
                return Math.max(0, Math.min(e, l + step));
            }
            if (l <= 0) {
                return 0;
            }
        }
        return 0;
    }

    /**
     * The distribution of the sum of the two losses (independent releases: the privacy loss of their composition).
     *
     * @throws IllegalArgumentException when the steps or bounds differ
     */
    public PrivacyLossDistribution compose(PrivacyLossDistribution other) {
        Objects.requireNonNull(other, "other");
        if (other.step != step || other.bound != bound) {
            throw new IllegalArgumentException("compose distributions on the same grid and rounded the same way. Provided: steps " + step + " and " + other.step
                    + ", bounds " + bound + " and " + other.bound);
        }
        Convolution.Result c = Convolution.of(masses, other.masses);
        double massA = Convolution.l1(masses);
        double massB = Convolution.l1(other.masses);
        double err = error() * massB + (massA + error()) * other.error() + c.errorL1();
        double inf = infinity + other.infinity - infinity * other.infinity;
        return truncate(step, offset + other.offset, c.values(), inf, err + 4 * U, bound, 0, Double.NEGATIVE_INFINITY, c.values().length, false, 1);
    }

    /** Most grid points a Fourier-domain N-fold composition uses. */
    static final int MAX_FOURIER_POINTS = 1 << 21;
    /** The aliasing bound (mass outside the window) a Fourier-domain composition accepts before it doubles its window. */
    static final double MAX_ALIASING = 1e-13;

    /**
     * The N-fold composition with itself (N independent releases of the same pair). One Fourier round trip: the spectrum of
     * the masses raised to the N-th power ({@link Convolution#power}). Its window of grid points holds the whole N-fold support
     * when that fits; otherwise it is centred on the N-fold mean and the mass outside it, which the circular convolution folds
     * back into the window, is bounded by Chernoff's inequality from the masses themselves and added to the error bound (so
     * δ stays an upper bound, or a lower one, whichever way that mass moved). The rounding direction of the losses is kept: the
     * result is pessimistic (or optimistic) exactly as {@link #composeBySquaring(long)} is. Falls back to repeated squaring when
     * no window of at most {@value #MAX_FOURIER_POINTS} points keeps the folded mass below {@value #MAX_ALIASING}.
     */
    public PrivacyLossDistribution compose(long n) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1. Provided value: " + n);
        }
        if (n == 1) {
            return this;
        }
        Window w = fourier(masses, error(), n);
        if (w == null) {
            return composeBySquaring(n);
        }
        return truncate(step, n * offset + w.first(), w.values(), composedInfinity(n), w.error(), bound, 0, Double.NEGATIVE_INFINITY, w.zeroFrom(), false, 1);
    }

    /** A window of N-fold indices [first, first + values.length) and an ℓ1 bound on its error against the exact N-fold masses. */
    private record Window(long first, double[] values, double error, long full) {
        /** The window index from which the exact N-fold masses are 0: its end when it reaches the top of the support. */
        long zeroFrom() {
            return first + values.length >= full ? full - first : Long.MAX_VALUE;
        }
    }

    /**
     * The N-fold self-convolution of a (with ℓ1 error aError) by one Fourier round trip on a window centred on the N-fold mean,
     * the mass outside it bounded by Chernoff and counted in the error; null when a has no mass or no window of at most
     * {@value #MAX_FOURIER_POINTS} points keeps the folded mass below {@value #MAX_ALIASING}.
     */
    private static Window fourier(double[] a, double aError, long n) {
        long full = n * (a.length - 1L) + 1;
        double mean = 0;
        double total = 0;
        for (int k = 0; k < a.length; k++) {
            mean += a[k] * k;
            total += a[k];
        }
        if (total == 0) {
            return null;
        }
        mean /= total;
        double var = 0;
        for (int k = 0; k < a.length; k++) {
            var += a[k] * (k - mean) * (k - mean);
        }
        // a first window of about ±10 standard deviations of the N-fold sum (or the whole support when that is smaller)
        long wanted = Math.min(full, Math.max(1024, (long) Math.ceil(20 * Math.sqrt(n * var / total)) + a.length));
        int start = wanted >= MAX_FOURIER_POINTS ? MAX_FOURIER_POINTS : Integer.highestOneBit((int) wanted - 1) << 1;
        for (int m = Math.max(start, Integer.highestOneBit(Math.max(1, a.length - 1)) << 1); m <= MAX_FOURIER_POINTS; m <<= 1) {
            long first;
            double folded;
            if (full <= m) {
                first = 0;
                folded = 0;
            } else {
                // the window [first, first + m) of N-fold indices, centred on the N-fold mean
                first = Math.max(0, Math.min(full - m, Math.round(n * mean) - m / 2));
                folded = Chernoff.above(a, n, first + m - 1) + Chernoff.below(a, n, first);
                if (!(folded <= MAX_ALIASING)) {
                    continue;
                }
            }
            Convolution.Result c = Convolution.power(a, n, m);
            double[] window = new double[(int) Math.min(m, full)];
            double[] v = c.values();
            for (int i = 0; i < window.length; i++) {
                window[i] = v[(int) ((first + i) % m)];
            }
            double massA = Convolution.l1(a);
            // the input's own error: ‖ã^{*n} − a^{*n}‖₁ ≤ n·e·(‖a‖₁ + e)^(n−1)
            double inherited = aError == 0 ? 0 : n * aError * Math.exp((n - 1) * Math.log(massA + aError) * (1 + 1e-12)) * (1 + 1e-12);
            return new Window(first, window, c.errorL1() + inherited + folded + 4 * U, full);
        }
        return null;
    }

    /**
     * The N-fold composition computed on exponentially tilted masses, for the far upper tail that small δ reads. The
     * Fourier composition's error is absolute, about 1e-9 of the total mass at N = 500 on 2^17 points, so on its own it hides
     * every δ below that. Tilting first, b_k = a_k·e^{θk − K} (K normalises b to mass at most 1), commutes with convolution:
     * the exact N-fold masses are a^{*N}_j = b^{*N}_j·e^{NK − θj}. The same absolute error on b^{*N} thus becomes, on the
     * masses from index J up, at most E·e^{NK − θJ}: a Chernoff bound at J times E, relative to the tail rather than to the
     * whole. θ = sds / (standard deviation of the N-fold index sum) centres the tilted law about that many standard deviations
     * above the mean, where a δ of e^{−sds²/2} is read. Every floating-point step (the tilt, the powering, the un-tilt) is in
     * that bound; each computed mass is clamped to [0, 1], which only brings it nearer the exact one. The losses keep their
     * rounding direction, so the result is pessimistic (or optimistic) exactly as {@link #compose(long)} is, with a δ(ε) that
     * is tighter far out and looser (up to 1) near and below the mean: use the smaller of the two (larger for a lower bound).
     *
     * @return null when there is nothing to tilt (N &lt; 2, a single point, no spread) or no Fourier window fits
     */
    PrivacyLossDistribution composeTilted(long n, double sds) {
        if (n < 2 || masses.length < 2 || !(sds > 0)) {
            return null;
        }
        double total = 0;
        double mean = 0;
        for (int k = 0; k < masses.length; k++) {
            total += masses[k];
            mean += masses[k] * k;
        }
        if (!(total > 0)) {
            return null;
        }
        mean /= total;
        double var = 0;
        for (int k = 0; k < masses.length; k++) {
            var += masses[k] * (k - mean) * (k - mean);
        }
        var /= total;
        if (!(var > 0)) {
            return null;
        }
        double theta = sds / Math.sqrt(n * var);
        int last = masses.length - 1;
        double[] b = new double[masses.length];
        double sum = 0;
        for (int k = 0; k <= last; k++) {
            b[k] = masses[k] * Math.exp(theta * (k - last)); // exponent ≤ 0: no overflow
            sum += b[k];
        }
        if (!(sum > 0)) {
            return null;
        }
        double sUp = sum * (1 + (masses.length + 2) * U);
        for (int k = 0; k <= last; k++) {
            b[k] /= sUp;
        }
        double k0 = theta * last + Math.log(sUp); // b_k = a_k·e^{θk − K} up to the relative error below
        // each b_k: θ(k − last) (rounded), exp, product, quotient, and K's own rounding, relative
        double relB = 4 * U * (2 * theta * last + Math.abs(k0) + 8);
        // the input's own error, weighted by e^{θk − K} ≤ 1/sUp, plus the tilt's rounding
        double bError = error() / sUp * (1 + 4 * U) + relB * Convolution.l1(b);
        Window w = fourier(b, bError, n);
        if (w == null) {
            return null;
        }
        double[] v = w.values();
        long first = w.first();
        double nk = n * k0;
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            // a subnormal or zero result: off by at most 2^-1074 (counted below); an overflow: clamped to 1
            out[i] = v[i] == 0 ? 0 : Math.min(1, v[i] * Math.exp(nk - theta * (first + i)));
        }
        // the un-tilt factor's relative error (nK, θj, their difference, exp, the product), against e^{NK − θj} exactly
        double relU = 4 * U * (n * (Math.abs(k0) + 1) + theta * (first + v.length) + 8);
        double tailScale = (w.error() + relU * 2 * Convolution.l1(v)) * (1 + 1e-12);
        double logTail = Math.log(tailScale) + nk - theta * first;
        logTail += 1e-12 * (Math.abs(nk) + theta * first + 1) + 1e-12;
        double absolute = v.length * 0x1.0p-1074 * 2 + 4 * U * 1e-300;
        // the exact N-fold finite masses total at most (the input's finite total, with its error)^N
        double massBound = Math.min(1, Math.exp(n * Math.log(Math.min(1, total * (1 + (masses.length + 2) * U) + error()))) * (1 + 1e-12));
        return truncate(step, n * offset + first, out, composedInfinity(n), absolute, bound, theta, logTail, w.zeroFrom(), first > 0, massBound);
    }

    /** P(L = ∞) after n releases, 1 − (1 − p)^n, rounded the way the bound needs. */
    private double composedInfinity(long n) {
        if (infinity == 0) {
            return 0;
        }
        double q = -Math.expm1(n * Math.log1p(-infinity));
        return bound == Bound.UPPER ? Math.min(1, q * (1 + 1e-12) + 1e-300) : Math.max(0, q * (1 - 1e-12));
    }

    /**
     * The N-fold composition by repeated squaring, each product an FFT or direct convolution truncated at its tails (the
     * method before the Fourier-domain power, kept as its fallback and as the baseline it is measured against).
     */
    public PrivacyLossDistribution composeBySquaring(long n) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1. Provided value: " + n);
        }
        PrivacyLossDistribution result = null;
        PrivacyLossDistribution power = this;
        long k = n;
        while (true) {
            if ((k & 1) == 1) {
                result = result == null ? power : result.compose(power);
            }
            k >>= 1;
            if (k == 0) {
                return result;
            }
            power = power.compose(power);
        }
    }

    /** Drops at most {@link #TAIL} of mass from each end, in the safe direction. */
    private static PrivacyLossDistribution truncate(double step, long offset, double[] m, double inf, double err, Bound bound, double tilt, double tailLogError,
            long zeroFrom, boolean unknownBelow, double massBound) {
        int first = 0;
        double below = 0;
        // a tilted composition keeps its lower end: its tail error bound counts from array index 0
        while (tilt == 0 && first < m.length - 1 && below + m[first] <= TAIL) {
            below += m[first++];
        }
        int last = m.length - 1;
        double above = 0;
        while (last > first && above + m[last] <= TAIL) {
            above += m[last--];
        }
        double[] kept = Arrays.copyOfRange(m, first, last + 1);
        double newInf = inf;
        if (bound == Bound.UPPER) {
            kept[0] += below; // the lower tail moves up
            newInf += above; // the upper tail goes to +∞
        } else {
            kept[kept.length - 1] += above; // the upper tail moves down; the lower tail is dropped
        }
        // the upper points dropped keep being counted by the tail bound from any index, moving their computed mass only raises δ
        long zero = zeroFrom - first; // in the kept array's indices (the dropped upper points stay below it)
        return new PrivacyLossDistribution(step, offset + first, kept, Math.min(1, newInf), err, bound, tilt, tailLogError,
                (int) Math.min(Integer.MAX_VALUE, Math.max(0, zero)), unknownBelow, massBound);
    }

    @Override
    public String toString() {
        double[] r = lossRange();
        return String.format(java.util.Locale.ROOT, "PLD[%s, step %.3g, losses %.6g..%.6g, %d points, P(inf) %.3g, error %.2g]", bound, step, r[0], r[1], masses.length,
                infinity, error);
    }
}
