package org.optimech.runtime.lattice;

import java.math.BigInteger;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.noise.ExactBernoulli;
import org.optimech.runtime.noise.Geometric;
import org.optimech.runtime.random.RandomSource;

/**
 * Exact lattice noise P(z) ∝ exp(−r‖z‖_K) for the sum ball K = B∞ ∩ k·B1, the count ball
 * K = {‖x‖∞ ≤ 1, Σx₊ ≤ k, Σx₋ ≤ k} and the count join K = conv(Q ∪ −Q), Q = [0, 1]^d ∩ {Σx ≤ k} (gauge
 * max(‖z₊‖∞, Σz₊/k) + max(‖z₋‖∞, Σz₋/k)), by rejection from the better of the two product-form balls that sandwich K:
 * <ul>
 *   <li><b>ℓ1</b>: P(z) ∝ exp(−s‖z‖₁), d independent two-sided geometrics, with s = r/k (sum ball and count join:
 *       ‖z‖₁/k ≤ ‖z‖_K) or
 *       s = r/(2k) (count ball: ‖z‖₁/(2k) = (Σz₊ + Σz₋)/(2k) ≤ ‖z‖_K). Good when k·ln d is well below d (K is nearly k·B1);</li>
 *   <li><b>ℓ∞</b>: P(z) ∝ exp(−r‖z‖∞) ({@link BoxRadius}; ‖z‖∞ ≤ ‖z‖_K). Good when k is near d/2 or above (K is nearly
 *       the cube).</li>
 * </ul>
 * A proposal z is accepted with probability exp(−(r‖z‖_K − proposal exponent)) = exp(−u·E(z)) with u = r/k (or r/(2k))
 * and E(z) a non-negative integer built from k‖z‖∞, Σz₊ and Σz₋: an exact Bernoulli, so the accepted z has exactly the
 * target law. Each proposal costs O(d) draws and integer operations.
 *
 * <p>The probability that a proposal is accepted is Σ_z e^{−r‖z‖_K} / Σ_z (proposal weight); it is bounded from below when
 * the sampler is built, with the numerator bound of {@link LatticeSampler} (the body's closed-form volume) and the
 * proposal's normalizer in closed form (ℓ1: coth(s/2)^d) or by {@link LatticeSampler}'s radius sum (ℓ∞). The proposal with
 * the larger certified bound is used. In between the two regimes (d = 1000, k roughly 230 to 460 for the sum ball) both
 * bounds are exponentially small; there the sum ball uses the mixed proposal e^{−a‖z‖∞ − b‖z‖₁}, a + bk = r
 * ({@link MixedLevelProposal}), accepted with probability e^{−u·E(z)}, u = r/(Pk), E = P·G − i·k‖z‖∞ − (P − i)‖z‖₁ ≥ 0
 * (docs/LATTICE_KNORM.md, "Structured bodies"); the count ball uses the same proposal built for 2k (‖z‖₁ ≤ 2k‖z‖_K), u = r/(2Pk),
 * E = 2(P·G − i·k‖z‖∞) − (P − i)‖z‖₁ ≥ 0 (docs/LATTICE_KNORM.md, "The count ball's mixed proposal"). The count join at large k (far from both balls; ordered counts have k = d)
 * uses the level proposal e^{−r(‖z₊‖∞ + ‖z₋‖∞)} ({@link JoinLevelProposal}), accepted with probability e^{−(r/k)E(z)},
 * E = G − k(‖z₊‖∞ + ‖z₋‖∞) ≥ 0.
 */
final class StructuredEnvelope {
    /** Proposals with every coordinate below this many lattice units take the long path (see {@link #longBound(int)}). */
    private final long longBound;
    private final LatticeGauge gauge;
    private final int k;
    private final boolean count;
    private final boolean join;
    private final boolean l1;
    /** u: the acceptance exponent is u·E(z). */
    private final Rational unit;
    private final Geometric coordinate;
    private final BoxRadius box;
    private final double acceptance;
    /** The sum ball's or count ball's mixed proposal when it certifies better than both product balls; null otherwise. */
    private final MixedLevelProposal mixed;
    /** The count join's level proposal e^{−r(‖z₊‖∞ + ‖z₋‖∞)} when it certifies better than both product balls; null otherwise. */
    private final JoinLevelProposal levels;
    /** The count join's mixed proposal e^{−a(‖z₊‖∞ + ‖z₋‖∞) − b‖z‖₁} when it certifies best; null otherwise. */
    private final JoinMixedProposal joinMixed;

    /**
     * The sum ball or the count ball with the mixed proposal: u = r/(Pk), E = P·G − i·k‖z‖∞ − (P − i)‖z‖₁ (sum ball), or, the
     * proposal built for 2k since ‖z‖₁ ≤ 2k‖z‖_K in the count ball, u = r/(2Pk), E = 2(P·G − i·k‖z‖∞) − (P − i)‖z‖₁
     * = 2i(G − k‖z‖∞) + (P − i)(2G − ‖z‖₁) ≥ 0.
     */
    private StructuredEnvelope(LatticeGauge gauge, MixedLevelProposal mixed, Rational rate) {
        this.gauge = gauge;
        this.k = gauge.structuredK();
        this.count = gauge.countBall();
        this.join = false;
        this.l1 = false;
        this.mixed = mixed;
        this.levels = null;
        this.joinMixed = null;
        this.unit = rate.divide(Rational.of(BigInteger.valueOf((long) MixedLevelProposal.PARTS * mixedK(gauge))));
        this.acceptance = mixed.acceptance();
        this.longBound = longBound(gauge.dimension());
        this.coordinate = null;
        this.box = null;
    }

    /** The count join with its level proposal: u = r/k, E = G − k(‖z₊‖∞ + ‖z₋‖∞). */
    private StructuredEnvelope(LatticeGauge gauge, JoinLevelProposal levels, Rational rate, double acceptance) {
        this.gauge = gauge;
        this.k = gauge.structuredK();
        this.count = false;
        this.join = true;
        this.l1 = false;
        this.mixed = null;
        this.levels = levels;
        this.joinMixed = null;
        this.unit = rate.divide(Rational.of(BigInteger.valueOf(k)));
        this.acceptance = acceptance;
        this.longBound = longBound(gauge.dimension());
        this.coordinate = null;
        this.box = null;
    }

    /** The count join with its mixed proposal: u = r/(Pk), E = P·G − i·k(‖z₊‖∞ + ‖z₋‖∞) − (P − i)‖z‖₁ (P = {@link JoinMixedProposal#PARTS}). */
    private StructuredEnvelope(LatticeGauge gauge, JoinMixedProposal joinMixed, Rational rate) {
        this.gauge = gauge;
        this.k = gauge.structuredK();
        this.count = false;
        this.join = true;
        this.l1 = false;
        this.mixed = null;
        this.levels = null;
        this.joinMixed = joinMixed;
        this.unit = rate.divide(Rational.of(BigInteger.valueOf((long) JoinMixedProposal.PARTS * k)));
        this.acceptance = joinMixed.acceptance();
        this.longBound = JoinMixedProposal.longBound(gauge.dimension(), k);
        this.coordinate = null;
        this.box = null;
    }

    private StructuredEnvelope(LatticeGauge gauge, boolean l1, Rational unit, Rational rate, double acceptance) {
        int d = gauge.dimension();
        this.mixed = null;
        this.levels = null;
        this.joinMixed = null;
        this.gauge = gauge;
        this.k = gauge.structuredK();
        this.count = gauge.countBall();
        this.join = gauge.countJoin();
        this.l1 = l1;
        this.unit = unit;
        this.acceptance = acceptance;
        this.longBound = longBound(d);
        Rational s = l1 ? (count ? unit : rate.divide(Rational.of(BigInteger.valueOf(k)))) : rate;
        this.coordinate = l1 ? Geometric.twoSided(s.numerator(), s.denominator()) : null;
        long[] ones = new long[d];
        java.util.Arrays.fill(ones, 1);
        this.box = l1 ? null : new BoxRadius(ones, rate);
    }

    /**
     * The k the mixed proposal is built for: the sum ball's own, the count ball's doubled, since ‖z‖₁ ≤ 2k‖z‖_K there and so
     * a‖z‖∞ + b‖z‖₁ ≤ (a + 2kb)‖z‖_K = r‖z‖_K.
     */
    private static int mixedK(LatticeGauge gauge) {
        return gauge.structuredK() * (gauge.countBall() ? 2 : 1);
    }

    /** The mixed proposal is tried when both product balls certify less than this (it costs more per attempt). */
    static final double MIXED_BELOW = 0.01;

    /**
     * Coordinates below this many lattice units take the long path: the sums, k·max and the mixed proposals' terms (the count
     * ball's doubled 2(P·G − i·k‖z‖∞) included) stay below 2^59.4 (review 11).
     */
    private static long longBound(int d) {
        return (1L << 55) / (2L * d + 2);
    }

    /**
     * The envelope for a sum-ball, count-ball or count-join gauge at rate r: the proposal with the larger certified acceptance.
     *
     * @throws IllegalArgumentException for a gauge that is neither
     */
    static StructuredEnvelope of(LatticeGauge gauge, Rational rate) {
        int k = gauge.structuredK();
        if (k == 0) {
            throw new IllegalArgumentException("not a sum-ball, count-ball or count-join gauge: " + gauge.name());
        }
        Rational kr = Rational.of(BigInteger.valueOf(k));
        // count ball with the l1 proposal: s = r/(2k) and E = 2·k‖z‖_K − ‖z‖₁; otherwise u = r/k
        Rational perK = rate.divide(kr);
        Rational l1Rate = gauge.countBall() ? perK.divide(Rational.of(BigInteger.TWO)) : perK;
        double l1Bound = acceptanceL1(gauge, rate.doubleValue(), l1Rate.doubleValue());
        double linfBound = acceptanceLinf(gauge, rate.doubleValue());
        boolean useL1 = l1Bound >= linfBound;
        double productBound = Math.max(l1Bound, linfBound);
        if ((gauge.shape() == LatticeGauge.Shape.SUM_BALL || gauge.countBall()) && productBound < MIXED_BELOW) {
            MixedLevelProposal m = MixedLevelProposal.of(gauge.dimension(), mixedK(gauge), rate,
                    LatticeSampler.logTargetMassLowerBound(gauge, rate.doubleValue()), longBound(gauge.dimension()));
            if (m != null && m.acceptance() > productBound) {
                return new StructuredEnvelope(gauge, m, rate);
            }
        }
        if (gauge.countJoin()) {
            StructuredEnvelope best = joinLevels(gauge, rate, productBound);
            double toBeat = best != null ? best.acceptance : productBound;
            if (toBeat < MIXED_BELOW) {
                StructuredEnvelope m = joinMixed(gauge, rate);
                if (m != null && m.acceptance > toBeat) {
                    best = m;
                }
            }
            if (best != null) {
                return best;
            }
        }
        Rational unit = useL1 && gauge.countBall() ? l1Rate : perK;
        return new StructuredEnvelope(gauge, useL1, unit, rate, useL1 ? l1Bound : linfBound);
    }

    /**
     * The count join's level proposal if its certified acceptance beats {@code toBeat}, else null. Its bound is first taken with
     * A_{d+1}(x) ≤ (d + 1)! (no table needed); only if that already wins is the Eulerian row built (once per load, shared) and the
     * bound tightened with the level law's mean. Not offered where the row exceeds the load budget or the level law's own
     * rejection would stall (r far above 1/d).
     */
    private static StructuredEnvelope joinLevels(LatticeGauge gauge, Rational rate, double toBeat) {
        int d = gauge.dimension();
        double r = rate.doubleValue();
        double logTarget = LatticeSampler.logTargetMassLowerBound(gauge, r);
        double rough = bound(logTarget - JoinLevelProposal.logNormalizerUpperBound(d, r, 1));
        if (!(rough > toBeat) || !JoinLevelProposal.affordable(d)) {
            return null;
        }
        JoinLevelProposal p;
        try {
            p = JoinLevelProposal.of(d, rate);
        } catch (IllegalArgumentException tooCoarse) {
            return null;
        }
        return new StructuredEnvelope(gauge, p, rate, Math.max(rough, bound(logTarget - p.logNormalizerUpperBound(r))));
    }

    /** The count join's mixed proposal at its best split, or null when none certifies. */
    private static StructuredEnvelope joinMixed(LatticeGauge gauge, Rational rate) {
        JoinMixedProposal m = JoinMixedProposal.of(gauge.dimension(), gauge.structuredK(), rate,
                LatticeSampler.logTargetMassLowerBound(gauge, rate.doubleValue()), JoinMixedProposal.longBound(gauge.dimension(), gauge.structuredK()));
        return m == null ? null : new StructuredEnvelope(gauge, m, rate);
    }

    /**
     * The count join's mixed proposal at a given split i (a = (i/P)·r) and tangent offset (in spreads), whatever the others certify (tests);
     * {@code fastPath = false} sends every level coin through BigDecimal.
     *
     * @throws IllegalArgumentException for another gauge, or if its envelope does not certify
     */
    static StructuredEnvelope joinMixed(LatticeGauge gauge, Rational rate, int split, double width, boolean fastPath) {
        return joinMixed(gauge, rate, split, width, Double.NaN, fastPath);
    }

    /**
     * As above; with {@code shift} not NaN, the session-11 envelope (centre at the mode + {@code shift} spreads, λ = {@code x}
     * per spread, tangent points where ∇h = −λ·s) instead of tangent points at offset {@code x} spreads (tests).
     */
    static StructuredEnvelope joinMixed(LatticeGauge gauge, Rational rate, int split, double x, double shift, boolean fastPath) {
        if (!gauge.countJoin()) {
            throw new IllegalArgumentException("not a count-join gauge: " + gauge.name());
        }
        JoinMixedProposal m = JoinMixedProposal.build(gauge.dimension(), gauge.structuredK(), rate, split, x, shift,
                LatticeSampler.logTargetMassLowerBound(gauge, rate.doubleValue()), JoinMixedProposal.longBound(gauge.dimension(), gauge.structuredK()));
        if (m == null) {
            throw new IllegalArgumentException("the count join's mixed proposal does not certify for " + gauge.name() + " at split " + split);
        }
        return new StructuredEnvelope(gauge, fastPath ? m : m.withoutFastPath(), rate);
    }

    /**
     * The count join with a given proposal ({@code l1}, {@code linf} or {@code levels}), whatever the others certify (tests).
     *
     * @throws IllegalArgumentException for another gauge or proposal
     */
    static StructuredEnvelope joinWith(LatticeGauge gauge, Rational rate, String proposal) {
        if (!gauge.countJoin()) {
            throw new IllegalArgumentException("not a count-join gauge: " + gauge.name());
        }
        Rational perK = rate.divide(Rational.of(BigInteger.valueOf(gauge.structuredK())));
        return switch (proposal) {
            case "l1" -> new StructuredEnvelope(gauge, true, perK, rate, acceptanceL1(gauge, rate.doubleValue(), perK.doubleValue()));
            case "linf" -> new StructuredEnvelope(gauge, false, perK, rate, acceptanceLinf(gauge, rate.doubleValue()));
            case "levels" -> {
                StructuredEnvelope e = joinLevels(gauge, rate, -1);
                if (e == null) {
                    throw new IllegalArgumentException("the level proposal is not offered for " + gauge.name() + " in dimension " + gauge.dimension());
                }
                yield e;
            }
            default -> throw new IllegalArgumentException("proposal must be l1, linf or levels. Provided value: " + proposal);
        };
    }

    /**
     * The sum ball's or count ball's mixed proposal with a given split i (a = (i/P)·r), whatever the product balls certify (tests).
     *
     * @throws IllegalArgumentException if its envelope does not certify
     */
    static StructuredEnvelope mixed(LatticeGauge gauge, Rational rate, int split) {
        return mixed(gauge, rate, split, true);
    }

    /** As {@link #mixed(LatticeGauge, Rational, int)}; {@code fastPath = false} sends every level coin through BigDecimal (tests). */
    static StructuredEnvelope mixed(LatticeGauge gauge, Rational rate, int split, boolean fastPath) {
        MixedLevelProposal m = MixedLevelProposal.build(gauge.dimension(), mixedK(gauge), rate, split,
                LatticeSampler.logTargetMassLowerBound(gauge, rate.doubleValue()), longBound(gauge.dimension()));
        if (m == null || gauge.shape() != LatticeGauge.Shape.SUM_BALL && !gauge.countBall()) {
            throw new IllegalArgumentException("the mixed proposal does not certify for " + gauge.name() + " at split " + split);
        }
        return new StructuredEnvelope(gauge, fastPath ? m : m.withoutFastPath(), rate);
    }

    /**
     * A certified lower bound on the ℓ1 proposal's acceptance: target mass bound over Σ_z e^{−s‖z‖₁} =
     * ((1 + e^{−s})/(1 − e^{−s}))^d, halved (far more than the doubles' rounding).
     */
    static double acceptanceL1(LatticeGauge gauge, double r, double s) {
        int d = gauge.dimension();
        double logZ = d * (Math.log1p(Math.exp(-s)) - Math.log(-Math.expm1(-s)));
        return bound(LatticeSampler.logTargetMassLowerBound(gauge, r) - logZ);
    }

    /** A certified lower bound on the ℓ∞ proposal's acceptance: target mass bound over Σ_z e^{−r‖z‖∞}, halved. */
    static double acceptanceLinf(LatticeGauge gauge, double r) {
        long[] ones = new long[gauge.dimension()];
        java.util.Arrays.fill(ones, 1);
        double logZ = Math.log(-Math.expm1(-r)) + LatticeSampler.logRadiusSum(ones, r, LatticeSampler.logFactorial(gauge.dimension()));
        return bound(LatticeSampler.logTargetMassLowerBound(gauge, r) - logZ);
    }

    private static double bound(double logRatio) {
        double a = Math.exp(logRatio) / 2;
        return Double.isNaN(a) ? 0 : Math.min(1, a);
    }

    /**
     * Builds the proposal's draw tables now (the ℓ∞ radius table, the level law's): a sampler calls it when it is made, while
     * certification alone, which makes an envelope too, never builds them (review 9, low 4).
     */
    void prepare() {
        if (box != null) {
            box.prepare();
        }
        if (levels != null) {
            levels.prepare();
        }
    }

    /** Whether the ℓ∞ proposal's radius table is built (tests); false for the other proposals. */
    boolean prepared() {
        return box != null && box.prepared();
    }

    /** The certified lower bound on one proposal's acceptance probability. */
    double acceptance() {
        return acceptance;
    }

    /** {@code l1}, {@code linf}, {@code mixed} or {@code levels}: the proposal in use. */
    String proposalName() {
        return mixed != null || joinMixed != null ? "mixed" : levels != null ? "levels" : l1 ? "l1" : "linf";
    }

    /** The mixed proposal, if in use (tests). */
    MixedLevelProposal mixed() {
        return mixed;
    }

    /** Coordinates at or beyond this many lattice units take the big-integer path (tests). */
    long longBound() {
        return longBound;
    }

    /** u·E(z) from the long path and from the big-integer path, for z within {@link #longBound()} (tests: both must agree). */
    Rational[] exponents(long[] z) {
        if (!fitsLong(z)) {
            throw new IllegalArgumentException("z is beyond the long path's bound " + longBound);
        }
        return new Rational[] {unit.multiply(Rational.of(BigInteger.valueOf(excessUnits(z)))),
            unit.multiply(Rational.of(excessUnits(LatticeSampler.toBig(z))))};
    }

    /** One proposal: a {@code long[]} on the common path, a {@code BigInteger[]} for tiny rates on a fine lattice. */
    Object proposal(RandomSource random) {
        if (mixed != null) {
            return mixed.attempt(random);
        }
        if (levels != null) {
            return levels.draw(random);
        }
        if (joinMixed != null) {
            return joinMixed.attempt(random);
        }
        if (!l1) {
            return box.point(random);
        }
        return LatticeSampler.independent(coordinate, gauge.dimension(), random);
    }

    /** Accepts a proposal with probability exp(−u·E(z)), exactly. */
    boolean accept(Object proposal, RandomSource random) {
        if (proposal == null) {
            return false; // the mixed proposal's level was rejected
        }
        if (proposal instanceof long[] z && fitsLong(z)) {
            long e = excessUnits(z);
            if (e == 0) {
                return true;
            }
            BigInteger p = unit.numerator();
            BigInteger q = unit.denominator();
            if (p.bitLength() + 64 - Long.numberOfLeadingZeros(e) < 62 && q.bitLength() < 62) {
                return ExactBernoulli.bernoulliExpMinus(p.longValue() * e, q.longValue(), random);
            }
            return ExactBernoulli.bernoulliExpMinus(p.multiply(BigInteger.valueOf(e)), q, random);
        }
        BigInteger[] z = proposal instanceof long[] l ? LatticeSampler.toBig(l) : (BigInteger[]) proposal;
        return ExactBernoulli.bernoulliExpMinus(unit.numerator().multiply(excessUnits(z)), unit.denominator(), random);
    }

    private boolean fitsLong(long[] z) {
        for (long v : z) {
            if (v >= longBound || v <= -longBound) {
                return false;
            }
        }
        return true;
    }

    /**
     * E(z) ≥ 0 with r‖z‖_K − (proposal exponent) = u·E(z), in longs (every coordinate below {@link #longBound}: the sums and
     * k·max stay below 2^60). With G = k‖z‖_K (an integer): sum ball and count join, ℓ1: G − ‖z‖₁; count ball, ℓ1: 2G − ‖z‖₁;
     * ℓ∞: G − k‖z‖∞. (Count join: G = max(k‖z₊‖∞, Σz₊) + max(k‖z₋‖∞, Σz₋) is at least Σz₊ + Σz₋ and at least k‖z‖∞.)
     */
    private long excessUnits(long[] z) {
        long maxPlus = 0;
        long maxMinus = 0;
        long plus = 0;
        long minus = 0;
        for (long v : z) {
            if (v > 0) {
                plus += v;
                maxPlus = Math.max(maxPlus, v);
            } else {
                minus -= v;
                maxMinus = Math.max(maxMinus, -v);
            }
        }
        long kMax = Math.max(maxPlus, maxMinus) * k;
        long g = count ? Math.max(kMax, Math.max(plus, minus))
                : join ? Math.max(maxPlus * k, plus) + Math.max(maxMinus * k, minus) : Math.max(kMax, plus + minus);
        if (mixed != null) {
            int i = mixed.split();
            int twice = count ? 2 : 1; // the count ball's proposal is built for 2k; every term stays within a long (longBound)
            return twice * (MixedLevelProposal.PARTS * g - i * kMax) - (MixedLevelProposal.PARTS - i) * (plus + minus);
        }
        if (levels != null) {
            return g - k * (maxPlus + maxMinus); // both below longBound: k·(sum) < 2^56
        }
        if (joinMixed != null) {
            long i = joinMixed.split(); // every term below 2^60 within JoinMixedProposal.longBound
            return JoinMixedProposal.PARTS * g - i * k * (maxPlus + maxMinus) - (JoinMixedProposal.PARTS - i) * (plus + minus);
        }
        return l1 ? (count ? 2 * g : g) - plus - minus : g - kMax;
    }

    private BigInteger excessUnits(BigInteger[] z) {
        BigInteger max = BigInteger.ZERO;
        BigInteger norm = BigInteger.ZERO;
        BigInteger maxPlus = BigInteger.ZERO;
        for (BigInteger v : z) {
            max = max.max(v.abs());
            norm = norm.add(v.abs());
            maxPlus = maxPlus.max(v);
        }
        BigInteger maxMinus = BigInteger.ZERO;
        for (BigInteger v : z) {
            maxMinus = maxMinus.max(v.negate());
        }
        BigInteger kMax = max.multiply(BigInteger.valueOf(k));
        BigInteger g = gauge.scaledGauge(z);
        BigInteger e = joinMixed != null ? g.multiply(BigInteger.valueOf(JoinMixedProposal.PARTS))
                .subtract(maxPlus.add(maxMinus).multiply(BigInteger.valueOf((long) joinMixed.split() * k)))
                .subtract(norm.multiply(BigInteger.valueOf(JoinMixedProposal.PARTS - joinMixed.split())))
                : levels != null ? g.subtract(maxPlus.add(maxMinus).multiply(BigInteger.valueOf(k))) : mixed != null ? g.multiply(BigInteger.valueOf(MixedLevelProposal.PARTS)).subtract(kMax.multiply(BigInteger.valueOf(mixed.split())))
                .shiftLeft(count ? 1 : 0).subtract(norm.multiply(BigInteger.valueOf(MixedLevelProposal.PARTS - mixed.split()))) : l1 ? (count ? g.shiftLeft(1) : g).subtract(norm) : g.subtract(kMax);
        if (e.signum() < 0) {
            throw new IllegalStateException("the proposal's exponent exceeds the target's: refusing to sample");
        }
        return e;
    }
}
