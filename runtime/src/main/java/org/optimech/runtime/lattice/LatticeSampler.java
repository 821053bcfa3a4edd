package org.optimech.runtime.lattice;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.noise.ExactBernoulli;
import org.optimech.runtime.noise.Geometric;
import org.optimech.runtime.random.RandomSource;

/**
 * The discretized K-norm mechanism on the lattice γℤ^d, γ = 2^e: the statistic is rounded to the nearest
 * lattice point y = rint(T/γ) and released as γ·(y + Z) with P(Z = z) ∝ exp(−r·‖z‖_K) on ℤ^d, sampled with
 * integer and rational arithmetic only. With r = ε/Δ_L and Δ_L = Δ/γ + ρ (ρ the gauge's rounding term) it is
 * exactly ε-DP whenever every adjacent output has K-norm at most Δ: proof in {@code docs/LATTICE_KNORM.md}.
 *
 * <ul>
 *   <li>ℓ1: independent two-sided geometric coordinates (the density factorizes);</li>
 *   <li>ℓ∞: a radius K and a uniform point of {−K, …, K}^d from {@link BoxRadius};</li>
 *   <li>rational facets: a proposal ∝ exp(−s·h(z)), h(z) = max_j ⌊|z_j|/m_j⌋ with integer half-widths m_j roughly
 *       proportional to the body's coordinate bounds M_j and s = r·min_j m_j/M_j (so s·h ≤ r‖·‖_K), accepted with
 *       probability exp(−(r‖z‖_K − s·h(z))), an exact Bernoulli since the exponent is a non-negative rational;</li>
 *   <li>sum ball, count ball and count join: the ℓ1 or ℓ∞ proposal that sandwiches the body, corrected the same way
 *       ({@link StructuredEnvelope}).</li>
 * </ul>
 * Immutable and thread-safe; each call takes its own {@link RandomSource}.
 */
public final class LatticeSampler {
    /** Below this many lattice units a scaled coordinate is rounded in double arithmetic (exact there). */
    private static final double FAST_LIMIT = 0x1p62;

    private final LatticeGauge gauge;
    private final int exponent;
    private final Rational rate;
    private final BoxRadius box;
    private final Rational proposalRate; // s for facets
    private final long[] halfWidths; // m for facets (ones otherwise)
    private final long maxAttempts;
    /** Sum ball and count ball: the product-form proposal and its exact correction; null otherwise. */
    private final StructuredEnvelope envelope;
    /** A certified lower bound on the probability that one proposal is accepted (1 for l1 and linf, which never reject). */
    private final double acceptance;
    /** Below this certified acceptance a facet body is refused: a release could need millions of proposals. */
    static final double MIN_ACCEPTANCE = 1e-6;
    /** ℓ1: the two-sided geometric law of each coordinate. */
    private final Geometric coordinate;
    /** Facets: the normals as longs (null when one does not fit), 1/b_f and the rates as double enclosures. */
    private final long[][] longNormals;
    private final double[] inverseOffsetLo;
    private final double[] inverseOffsetHi;
    private final double rateLo;
    private final double rateHi;
    private final double proposalLo;
    private final double proposalHi;
    /** Relative width of the double enclosures: well above every rounding of a conversion, product or quotient. */
    private static final double MARGIN = 0x1p-44;
    /** Facet proposals below this magnitude have exact long dot products with the (below 2^31) normals. */
    private final long facetLongBound;
    /** 2^(61+e): a statistic coordinate below it in magnitude rounds to a lattice index below 2^61. */
    private final double longLimit;
    /** Facets: the acceptance exponent as one exact fraction in longs, when it fits (null otherwise). */
    private final IntegerFacets integerFacets;

    /**
     * The facet proposal (integer half-widths m and rate s) and its certified acceptance: what the loader checks (a spec whose
     * release could stall is refused) and what the sampler is then built from, so the certification runs once and the
     * sampler's tables are built only by the mechanism. Only {@link #certify} makes one.
     */
    public static final class Certified {
        private final LatticeGauge gauge;
        private final int exponent;
        private final Rational rate;
        private final long[] halfWidths;
        private final Rational proposalRate;
        private final StructuredEnvelope envelope; // sum ball, count ball and count join; null otherwise
        private final double acceptance;
        private final long maxAttempts;

        private Certified(LatticeGauge gauge, int exponent, Rational rate, long[] halfWidths, Rational proposalRate, StructuredEnvelope envelope,
                double acceptance, long maxAttempts) {
            this.gauge = gauge;
            this.exponent = exponent;
            this.rate = rate;
            this.halfWidths = halfWidths;
            this.proposalRate = proposalRate;
            this.envelope = envelope;
            this.acceptance = acceptance;
            this.maxAttempts = maxAttempts;
        }

        /** The cap on proposals per draw: ⌈60/a⌉ for a facet body with certified acceptance a (at least the caller's figure). */
        public long maxAttempts() {
            return maxAttempts;
        }

        /** The certified lower bound on one proposal's acceptance probability (1 for the l1 and linf balls, which never reject). */
        public double acceptance() {
            return acceptance;
        }

        /** The gauge certified. */
        public LatticeGauge gauge() {
            return gauge;
        }

        /** The spacing exponent certified. */
        public int exponent() {
            return exponent;
        }

        /** The rate certified. */
        public Rational rate() {
            return rate;
        }

        /** The structured body's envelope, null for other gauges (tests). */
        StructuredEnvelope envelope() {
            return envelope;
        }
    }

    /**
     * Certifies the sampler for noise ∝ exp(−rate·‖z‖_K) on the lattice 2^exponent·ℤ^d without building it: the facet
     * proposal and a certified lower bound on its acceptance (refused below {@link #MIN_ACCEPTANCE}), and the attempt cap.
     *
     * @param maxAttempts cap on box proposals per draw for a facet body (raised to what the acceptance needs); ignored otherwise
     * @throws IllegalArgumentException for a rate ≤ 0, an exponent outside [−60, 60], a cap below 1, or an acceptance that
     *     cannot be certified
     */
    public static Certified certify(LatticeGauge gauge, int exponent, Rational rate, long maxAttempts) {
        Objects.requireNonNull(gauge, "gauge");
        Objects.requireNonNull(rate, "rate");
        if (rate.signum() <= 0) {
            throw new IllegalArgumentException("rate must be > 0. Provided value: " + rate);
        }
        if (exponent < -60 || exponent > 60) {
            throw new IllegalArgumentException("spacing exponent must be in [-60, 60]. Provided value: " + exponent);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be >= 1. Provided value: " + maxAttempts);
        }
        int d = gauge.dimension();
        long[] m = new long[d];
        java.util.Arrays.fill(m, 1);
        if (gauge.structuredK() > 0) {
            StructuredEnvelope envelope = StructuredEnvelope.of(gauge, rate);
            double acceptance = envelope.acceptance();
            if (!(acceptance >= MIN_ACCEPTANCE)) {
                throw new IllegalArgumentException(String.format("the exact lattice sampler of the %s (k = %d, dimension %d) cannot certify that it accepts "
                        + "at least one proposal in %.0e on the lattice 2^%d (certified acceptance %.3g with the best of its proposals: l1, linf, for the sum and count balls the mixed one and for the count join the level and mixed ones): "
                        + "the body is far from both the l1 ball and the cube at this k and dimension; use idealized numerics, or the l1 or linf ball",
                        gauge.name(), gauge.structuredK(), gauge.dimension(), 1 / MIN_ACCEPTANCE, exponent, acceptance));
            }
            return new Certified(gauge, exponent, rate, m, rate, envelope, acceptance, Math.max(maxAttempts, (long) Math.ceil(60 / acceptance)));
        }
        if (!gauge.name().equals("facets")) {
            return new Certified(gauge, exponent, rate, m, rate, null, 1, maxAttempts);
        }
        // m_j ≈ c·M_j with c = 0.05/r: the proposal's level steps cost about e^{-0.05}, and m_j/M_j is nearly constant;
        // c shrinks so the longest axis stays below 2^30 (clamping that axis alone would leave the others relatively wide)
        Rational[] bounds = gauge.coordinateBounds();
        double largest = 0;
        for (Rational b : bounds) {
            largest = Math.max(largest, b.doubleValue());
        }
        double c = Math.min(0.05 / rate.doubleValue(), 0x1p30 / largest);
        Rational s = null;
        for (int j = 0; j < d; j++) {
            m[j] = (long) Math.max(1, Math.min(1L << 30, Math.ceil(c * bounds[j].doubleValue())));
            Rational sj = rate.multiply(Rational.of(BigInteger.valueOf(m[j]))).divide(bounds[j]);
            s = s == null || sj.compareTo(s) < 0 ? sj : s;
        }
        double acceptance = acceptanceLowerBound(gauge, m, rate, s);
        if (!(acceptance >= MIN_ACCEPTANCE)) {
            throw new IllegalArgumentException(String.format("the exact lattice sampler cannot certify that it accepts at least one proposal in %.0e for "
                    + "this body on the lattice 2^%d (certified acceptance %.3g): the body is too thin or too skewed within its coordinate bounds "
                    + "at this spacing, so a release might need more proposals than it can afford; use a finer lattice (a smaller spacing exponent), "
                    + "another body, or idealized numerics", 1 / MIN_ACCEPTANCE, exponent, acceptance));
        }
        // P(a draw rejects every proposal) ≤ (1 − a)^N ≤ e^{−60}: the cap never depends on the data
        return new Certified(gauge, exponent, rate, m, s, null, acceptance, Math.max(maxAttempts, (long) Math.ceil(60 / acceptance)));
    }

    private LatticeSampler(Certified certified) {
        LatticeGauge gauge = certified.gauge;
        Rational rate = certified.rate;
        this.gauge = gauge;
        this.exponent = certified.exponent;
        this.longLimit = Math.scalb(0x1p61, certified.exponent); // exact: 2^1..2^121
        this.rate = rate;
        int d = gauge.dimension();
        long[] m = certified.halfWidths;
        this.proposalRate = certified.proposalRate;
        this.halfWidths = m;
        this.envelope = certified.envelope;
        this.acceptance = certified.acceptance;
        this.maxAttempts = certified.maxAttempts;
        this.box = gauge.name().equals("l1") || envelope != null ? null : new BoxRadius(m, proposalRate);
        if (box != null) {
            box.prepare(); // the sampler is being made: its tables now, not in the first release
        }
        if (envelope != null) {
            envelope.prepare();
        }
        this.coordinate = gauge.name().equals("l1") ? Geometric.twoSided(rate.numerator(), rate.denominator()) : null;
        this.rateLo = lower(rate);
        this.rateHi = upper(rate);
        this.proposalLo = lower(proposalRate);
        this.proposalHi = upper(proposalRate);
        BigInteger[][] normals = gauge.facetNormals();
        Rational[] offsets = gauge.facetOffsets();
        if (normals != null) {
            long[][] ln = new long[normals.length][];
            boolean fits = true;
            for (int f = 0; f < normals.length && fits; f++) {
                ln[f] = new long[normals[f].length];
                for (int j = 0; j < ln[f].length && fits; j++) {
                    fits = normals[f][j].bitLength() < 31;
                    ln[f][j] = normals[f][j].longValue();
                }
            }
            this.longNormals = fits ? ln : null;
            this.facetLongBound = 1L << (62 - 31 - (32 - Integer.numberOfLeadingZeros(d)));
            this.integerFacets = IntegerFacets.of(normals, offsets, rate, m, proposalRate).orElse(null);
            this.inverseOffsetLo = new double[offsets.length];
            this.inverseOffsetHi = new double[offsets.length];
            for (int f = 0; f < offsets.length; f++) {
                Rational inv = new Rational(offsets[f].denominator(), offsets[f].numerator());
                inverseOffsetLo[f] = lower(inv);
                inverseOffsetHi[f] = upper(inv);
            }
        } else {
            this.longNormals = null;
            this.facetLongBound = 0;
            this.integerFacets = null;
            this.inverseOffsetLo = null;
            this.inverseOffsetHi = null;
        }
    }

    /**
     * A certified lower bound on the acceptance probability of the facet sampler, Σ_z e^{−r‖z‖_K} / Σ_z e^{−s·h(z)} over
     * z ∈ ℤ^d (docs/LATTICE_KNORM.md, "acceptance"):
     * <ul>
     *   <li>numerator: for the unit cube C_z around z, ‖x‖_K ≥ ‖z‖_K − ρ/2 on C_z (ρ the rounding term, the largest gauge on
     *       [−1, 1]^d), so Σ_z e^{−r‖z‖_K} ≥ e^{−rρ/2}·∫ e^{−r‖x‖_K} dx = e^{−rρ/2}·vol(K)·d!/r^d, with vol(K) from the
     *       gauge's certified volume bound;</li>
     *   <li>denominator: Σ_z e^{−s·h(z)} = (1 − e^{−s})·Σ_k |B_k|·e^{−sk} with |B_k| ≤ 2^d·∏m_j·(k+1)^d, and
     *       Σ_{n≥1} n^d e^{−sn} ≤ ∫ + max = d!/s^{d+1} + (d/(e·s))^d (a unimodal sum).</li>
     * </ul>
     * Evaluated in logarithms with doubles; the result is halved, far more than their rounding can move it. The bound is
     * tight for bodies that are wide in lattice units and collapses, as the true rate does, for a body thinner than the
     * spacing or much thinner than the proposal's box along an axis.
     */
    static double acceptanceLowerBound(LatticeGauge gauge, long[] m, Rational rate, Rational proposalRate) {
        double s = proposalRate.doubleValue();
        double logA = logTargetMassLowerBound(gauge, rate.doubleValue());
        double logZ = Math.log(-Math.expm1(-s)) + logRadiusSum(m, s, logFactorial(gauge.dimension()));
        double a = Math.exp(logA - logZ) / 2;
        return Double.isNaN(a) ? 0 : Math.min(1, a);
    }

    /**
     * A lower bound on log Σ_z e^{−r‖z‖_K} over z ∈ ℤ^d: e^{−rρ/2}·vol(K)·d!/r^d (on the unit cube around z the gauge is at
     * least ‖z‖_K − ρ/2), and at least 0 (the z = 0 term alone is 1: the bound for noise finer than the lattice), with vol(K)
     * the gauge's certified volume bound.
     */
    static double logTargetMassLowerBound(LatticeGauge gauge, double r) {
        int d = gauge.dimension();
        return Math.max(0, -r * gauge.roundingTerm().doubleValue() / 2 + gauge.logVolumeLowerBound() + logFactorial(d) - d * Math.log(r));
    }

    /** ln d!, summed in doubles (the bounds using it are halved, far more than this rounding). */
    static double logFactorial(int d) {
        double logFactorial = 0;
        for (int i = 2; i <= d; i++) {
            logFactorial += Math.log(i);
        }
        return logFactorial;
    }

    /**
     * An upper bound on log Σ_{k≥0} |B_k|·e^{−sk}, |B_k| = ∏_j (2(k+1)m_j − 1): summed term by term past the peak until
     * the rest is negligible, plus a geometric tail bound; for tiny s (too many terms), through |B_k| ≤ 2^d·∏m_j·(k+1)^d
     * and Σ_{n≥1} n^d e^{−sn} ≤ d!/s^{d+1} + (d/(e·s))^d, so that Σ_k (k+1)^d e^{−sk} ≤ e^s·(that).
     */
    static double logRadiusSum(long[] m, double s, double logFactorial) {
        int d = m.length;
        double past = d / s + 1;
        if (past + 200 / s > 4e6) {
            double integral = logFactorial - (d + 1) * Math.log(s);
            double peak = d * (Math.log(d) - 1 - Math.log(s));
            double logSum = Math.max(integral, peak) + Math.log1p(Math.exp(-Math.abs(integral - peak)));
            double log = s + d * Math.log(2) + logSum;
            for (long mj : m) {
                log += Math.log(mj);
            }
            return log;
        }
        // equal half-widths share one logarithm per level (all ones for the structured bodies' cube proposal)
        java.util.TreeMap<Long, Integer> groups = new java.util.TreeMap<>();
        for (long mj : m) {
            groups.merge(mj, 1, Integer::sum);
        }
        long[] widths = groups.keySet().stream().mapToLong(Long::longValue).toArray();
        int[] counts = groups.values().stream().mapToInt(Integer::intValue).toArray();
        double total = Double.NEGATIVE_INFINITY;
        for (long k = 0;; k++) {
            double term = -s * k;
            for (int g = 0; g < widths.length; g++) {
                term += counts[g] * Math.log(2.0 * (k + 1) * widths[g] - 1);
            }
            total = Math.max(total, term) + Math.log1p(Math.exp(-Math.abs(total - term)));
            if (k >= past && term < total - 50) {
                // (2(k+2)m − 1)/(2(k+1)m − 1) = 1 + 2m/(2(k+1)m − 1) ≤ (2k+3)/(2k+1): the ratio of successive terms is at most
                // q = ((2k+3)/(2k+1))^d·e^{−s} < 1 from here on (k > d/s)
                double logQ = d * Math.log1p(2.0 / (2 * k + 1)) - s;
                double tail = term + logQ - Math.log(-Math.expm1(logQ));
                return Math.max(total, tail) + Math.log1p(Math.exp(-Math.abs(total - tail)));
            }
        }
    }

    /** The cap on proposals per draw: ⌈60/a⌉ for a facet body with certified acceptance a (at least the caller's figure). */
    public long maxAttempts() {
        return maxAttempts;
    }

    /** s: the facet proposal's rate, P(z) ∝ exp(−s·h(z)) (tests compute the exact acceptance from it). */
    Rational proposalRate() {
        return proposalRate;
    }

    /** m: the facet proposal's integer half-widths (a copy). */
    long[] halfWidths() {
        return halfWidths.clone();
    }

    /**
     * The structured body's proposal ({@code l1}, {@code linf}, {@code mixed} for the sum ball between the two regimes, or
     * {@code levels} for the count join at large k,
     * docs/LATTICE_KNORM.md), or empty for the other gauges.
     */
    public java.util.Optional<String> structuredProposal() {
        return envelope == null ? java.util.Optional.empty() : java.util.Optional.of(envelope.proposalName());
    }

    /** The certified lower bound on one proposal's acceptance probability (1 for the l1 and linf balls, which never reject). */
    public double acceptance() {
        return acceptance;
    }

    /** A double at most the positive rational x (0 when x is below the double range). */
    private static double lower(Rational x) {
        double d = x.doubleValue();
        return Double.isFinite(d) ? Math.max(0, d * (1 - MARGIN) - Double.MIN_VALUE) : Double.MAX_VALUE;
    }

    /** A double at least the positive rational x. */
    private static double upper(Rational x) {
        double d = x.doubleValue();
        return Double.isFinite(d) ? d * (1 + MARGIN) + Double.MIN_VALUE : Double.POSITIVE_INFINITY;
    }

    /**
     * The sampler for noise ∝ exp(−rate·‖z‖_K) on the lattice 2^exponent·ℤ^d.
     *
     * @param maxAttempts cap on box proposals per draw for a facet body (the caller derives it from the acceptance rate); ignored otherwise
     * @throws IllegalArgumentException for a rate ≤ 0, an exponent outside [−60, 60], or a rate too large for the radius sampler
     */
    public static LatticeSampler of(LatticeGauge gauge, int exponent, Rational rate, long maxAttempts) {
        return new LatticeSampler(certify(gauge, exponent, rate, maxAttempts));
    }

    /** The sampler {@link #certify} certified (the loader certifies; the mechanism builds from the same certificate). */
    public static LatticeSampler of(Certified certified) {
        return new LatticeSampler(Objects.requireNonNull(certified, "certified"));
    }

    /**
     * The lattice sensitivity Δ_L = Δ/γ + ρ (in lattice units, γ = 2^exponent) for a statistic sensitivity Δ and the
     * body's rounding term ρ ({@link LatticeGauge#roundingTerm()}).
     */
    public static Rational latticeSensitivity(Rational sensitivity, int exponent, Rational roundingTerm) {
        Rational scale = exponent >= 0 ? new Rational(BigInteger.ONE, BigInteger.ONE.shiftLeft(exponent)) : Rational.of(BigInteger.ONE.shiftLeft(-exponent));
        return sensitivity.multiply(scale).add(roundingTerm);
    }

    public LatticeGauge gauge() {
        return gauge;
    }

    public int dimension() {
        return gauge.dimension();
    }

    /** e with spacing γ = 2^e. */
    public int exponent() {
        return exponent;
    }

    /** The noise rate r: P(z) ∝ exp(−r‖z‖_K) in lattice units. */
    public Rational rate() {
        return rate;
    }

    /**
     * One noise vector in lattice units, exact at any magnitude (big integers: a draw never fails on its size).
     *
     * @throws IllegalStateException only with probability below e^-60 for a correct spec: a facet body whose proposals were
     *     all rejected (the cap does not depend on the data)
     */
    public BigInteger[] noise(RandomSource random) {
        Objects.requireNonNull(random, "random");
        Object z = draw(random);
        return z instanceof long[] l ? toBig(l) : (BigInteger[]) z;
    }

    /**
     * One noise vector: a {@code long[]} on the common path, a {@code BigInteger[]} when it outgrew longs (tiny rates on a
     * fine lattice). Which form is chosen depends on the radius and the proposal only, never on data, and nothing drawn is
     * thrown away, so the law is the same either way.
     */
    private Object draw(RandomSource random) {
        int d = gauge.dimension();
        switch (gauge.name()) {
            case "l1":
                return independent(coordinate, d, random);
            case "linf":
                return proposal(random);
            default:
                if (envelope != null) {
                    // the structured bodies (sum ball, count ball, count join): the envelope's proposal and exact coin
                    for (long attempt = 0; attempt < maxAttempts; attempt++) {
                        Object y = envelope.proposal(random);
                        if (envelope.accept(y, random)) {
                            return y;
                        }
                    }
                    throw new IllegalStateException("the lattice K-norm sampler rejected " + maxAttempts + " proposals in a row");
                }
                for (long attempt = 0; attempt < maxAttempts; attempt++) {
                    Object y = proposal(random);
                    long num = y instanceof long[] l && integerFacets != null ? integerFacets.numerator(l) : -1;
                    boolean accepted = num >= 0 ? ExactBernoulli.bernoulliExpMinus(num, integerFacets.denominator(), random)
                            : y instanceof long[] l && longNormals != null && maxAbs(l) < facetLongBound ? acceptLong(l, random)
                            : acceptExact(y instanceof long[] l2 ? toBig(l2) : (BigInteger[]) y, random);
                    if (accepted) {
                        return y;
                    }
                }
                throw new IllegalStateException("the lattice K-norm sampler rejected " + maxAttempts + " proposals in a row");
        }
    }

    /**
     * d independent draws of one law: {@code long[]} when its table is exact in longs, else {@code BigInteger[]} (tiny rates;
     * the choice depends on the law only, never on what is drawn).
     */
    static Object independent(Geometric coordinate, int d, RandomSource random) {
        if (coordinate.usesTable()) {
            long[] z = new long[d];
            for (int j = 0; j < d; j++) {
                z[j] = coordinate.sample(random);
            }
            return z;
        }
        BigInteger[] z = new BigInteger[d];
        for (int j = 0; j < d; j++) {
            z[j] = coordinate.sampleBig(random);
        }
        return z;
    }

    /** A radius and a uniform point of its box, in longs while the box's coordinates fit (below 2^61), else big integers. */
    private Object proposal(RandomSource random) {
        return box.point(random);
    }

    /**
     * Accepts a facet proposal y (longs, |y_j| < 2^30, normals below 2^31: every dot product fits) with probability
     * exp(−(r‖y‖_K − s·h(y))), deciding in double enclosures and computing the exponent exactly only when they cannot.
     */
    private boolean acceptLong(long[] y, RandomSource random) {
        double gLo = Double.NEGATIVE_INFINITY;
        double gHi = Double.NEGATIVE_INFINITY;
        for (int f = 0; f < longNormals.length; f++) {
            long dot = 0;
            long[] a = longNormals[f];
            for (int j = 0; j < y.length; j++) {
                dot += a[j] * y[j]; // |a_j| < 2^31 and |y_j| < facetLongBound: the sum stays below 2^62
            }
            double v = dot; // exact below 2^53, else within a relative 2^-53
            double lo = v >= 0 ? v * inverseOffsetLo[f] : v * inverseOffsetHi[f];
            double hi = v >= 0 ? v * inverseOffsetHi[f] : v * inverseOffsetLo[f];
            gLo = Math.max(gLo, lo - Math.abs(lo) * MARGIN);
            gHi = Math.max(gHi, hi + Math.abs(hi) * MARGIN);
        }
        double h = box.level(y);
        // excess = r·g − s·h with r, s > 0, h ≥ 0; g ≥ 0 for a body around the origin
        double xLo = (gLo >= 0 ? rateLo * gLo : rateHi * gLo) - proposalHi * h;
        double xHi = (gHi >= 0 ? rateHi * gHi : rateLo * gHi) - proposalLo * h;
        xLo -= Math.abs(xLo) * MARGIN + Math.abs(proposalHi * h) * MARGIN + Double.MIN_VALUE;
        xHi += Math.abs(xHi) * MARGIN + Math.abs(proposalLo * h) * MARGIN + Double.MIN_VALUE;
        if (xHi < 0) {
            return acceptExact(toBig(y), random); // surely negative: the exact path says what is wrong
        }
        return ExactBernoulli.bernoulliExpMinus(xLo, xHi, () -> {
            Rational excess = excess(toBig(y));
            return new BigInteger[] {excess.numerator(), excess.denominator()};
        }, random);
    }

    private Rational excess(BigInteger[] y) {
        // r·‖z‖_K − s·h(z) ≥ 0 because s·h(z) ≤ r·max_j |z_j|/M_j ≤ r·‖z‖_K
        Rational excess = rate.multiply(gauge.of(y)).subtract(proposalRate.multiply(Rational.of(box.level(y))));
        if (excess.signum() < 0) {
            throw new IllegalStateException("the body is not inside the stored coordinate bounds: refusing to sample");
        }
        return excess;
    }

    private boolean acceptExact(BigInteger[] y, RandomSource random) {
        Rational excess = excess(y);
        return ExactBernoulli.bernoulliExpMinus(excess.numerator(), excess.denominator(), random);
    }

    private static long maxAbs(long[] y) {
        long m = 0;
        for (long v : y) {
            m = Math.max(m, Math.abs(v));
        }
        return m;
    }

    static BigInteger[] toBig(long[] y) {
        BigInteger[] b = new BigInteger[y.length];
        for (int j = 0; j < y.length; j++) {
            b[j] = BigInteger.valueOf(y[j]);
        }
        return b;
    }

    /**
     * The nearest lattice point to a statistic, in lattice units: rint(T_j / γ) (ties to even), exact for every finite
     * double however large (big integers beyond 2^62 lattice units).
     *
     * @throws IllegalArgumentException for a wrong length or a non-finite coordinate (a caller's bug, never a property of
     *     data inside the declared bounds: a statistic of bounded records is finite)
     */
    public BigInteger[] round(double[] statistic) {
        Objects.requireNonNull(statistic, "statistic");
        if (statistic.length != gauge.dimension()) {
            throw new IllegalArgumentException("statistic must have " + gauge.dimension() + " coordinates. Provided: " + statistic.length);
        }
        BigInteger[] y = new BigInteger[statistic.length];
        for (int j = 0; j < y.length; j++) {
            double x = statistic[j];
            if (!Double.isFinite(x)) {
                throw new IllegalArgumentException("statistic coordinate " + j + " must be finite. Provided value: " + x);
            }
            double s = Math.scalb(x, -exponent); // exact unless it overflows (or underflows below 1/2, which rounds to 0 either way)
            if (Math.abs(s) < FAST_LIMIT) {
                y[j] = BigInteger.valueOf((long) Math.rint(s));
            } else if (Double.isFinite(s)) {
                y[j] = new BigDecimal(s).toBigIntegerExact(); // |s| ≥ 2^53 is an integer already
            } else {
                y[j] = new BigDecimal(x).multiply(new BigDecimal(BigInteger.ONE.shiftLeft(-exponent))).toBigIntegerExact(); // exponent < 0 here
            }
        }
        return y;
    }

    /** The released lattice point y + Z in lattice units (exact, any magnitude). */
    public BigInteger[] releaseLattice(double[] statistic, RandomSource random) {
        return add(round(statistic), noise(random));
    }

    /**
     * The release γ·(y + Z) as doubles: exactly the lattice point while it is below 2^53 spacings, and beyond that its
     * nearest double (post-processing, which cannot weaken the guarantee). Total: no statistic and no noise draw makes it
     * fail.
     */
    public double[] release(double[] statistic, RandomSource random) {
        if (!roundsToLongs(statistic)) {
            return toDoubles(add(round(statistic), noise(random)), exponent);
        }
        Object z = draw(random);
        if (!(z instanceof long[] zl)) {
            return toDoubles(add(round(statistic), (BigInteger[]) z), exponent);
        }
        double[] v = new double[zl.length];
        double inverseSpacing = Math.scalb(1.0, -exponent); // 2^-e, exact for |e| ≤ 60: x·2^-e is Math.scalb(x, -e)
        double spacing = Math.scalb(1.0, exponent);
        for (int j = 0; j < v.length; j++) {
            long y = (long) Math.rint(statistic[j] * inverseSpacing); // below 2^61 in magnitude
            long u = y + zl[j];
            if (((y ^ u) & (zl[j] ^ u)) < 0) {
                // the sum left the long range (a noise draw near 2^63: probability below e^{-2^20}): the same sum, exact
                v[j] = toDouble(BigInteger.valueOf(y).add(BigInteger.valueOf(zl[j])), exponent);
                continue;
            }
            // (double) rounds to nearest-even, as BigInteger.doubleValue does; scaling by 2^e is exact (|u| < 2^63, |e| ≤ 60),
            // so this is Math.scalb((double) u, e)
            v[j] = (double) u * spacing;
        }
        return v;
    }

    /**
     * The checks of {@link #round} (length, finite coordinates), and whether rint(T/γ) fits longs (every coordinate below
     * 2^61 lattice units); no array is made, so the common release allocates only the noise and its output.
     */
    private boolean roundsToLongs(double[] statistic) {
        Objects.requireNonNull(statistic, "statistic");
        if (statistic.length != gauge.dimension()) {
            throw new IllegalArgumentException("statistic must have " + gauge.dimension() + " coordinates. Provided: " + statistic.length);
        }
        boolean fits = true;
        for (int j = 0; j < statistic.length; j++) {
            double x = statistic[j];
            if (!Double.isFinite(x)) {
                throw new IllegalArgumentException("statistic coordinate " + j + " must be finite. Provided value: " + x);
            }
            fits &= Math.abs(x) < longLimit; // |x|·2^-e < 2^61 (scaling by a power of two is exact or saturates the same way)
        }
        return fits;
    }

    /**
     * The release for a statistic already on the lattice: {@code latticeIndex} is y = rint(T/γ), computed exactly by the
     * caller (a Spark job sums fixed-point integers, for example). As {@link #release}: total, doubles as post-processing.
     *
     * @throws IllegalArgumentException for a wrong length or a null coordinate
     */
    public double[] releaseIndex(BigInteger[] latticeIndex, RandomSource random) {
        Objects.requireNonNull(latticeIndex, "latticeIndex");
        if (latticeIndex.length != gauge.dimension()) {
            throw new IllegalArgumentException("latticeIndex must have " + gauge.dimension() + " coordinates. Provided: " + latticeIndex.length);
        }
        for (int j = 0; j < latticeIndex.length; j++) {
            Objects.requireNonNull(latticeIndex[j], "latticeIndex[" + j + "]");
        }
        return toDoubles(add(latticeIndex.clone(), noise(random)), exponent);
    }

    private static BigInteger[] add(BigInteger[] y, BigInteger[] z) {
        for (int j = 0; j < y.length; j++) {
            y[j] = y[j].add(z[j]);
        }
        return y;
    }

    /**
     * units·2^exponent as the nearest double (ties to even): exact below 2^53 units; ±Infinity only beyond the double
     * range. Never throws.
     */
    public static double toDouble(BigInteger units, int exponent) {
        if (units.bitLength() <= 1000) {
            // BigInteger.doubleValue rounds to nearest-even; scaling by 2^exponent (|exponent| ≤ 60, |units| ≥ 1 or 0) is then
            // exact unless it overflows, which saturates to ±Infinity.
            return Math.scalb(units.doubleValue(), exponent);
        }
        // beyond the double range before scaling: one correctly rounded conversion of the exact value
        BigDecimal v = new BigDecimal(units);
        v = exponent >= 0 ? v.multiply(new BigDecimal(BigInteger.ONE.shiftLeft(exponent))) : v.divide(new BigDecimal(BigInteger.ONE.shiftLeft(-exponent)));
        return Double.parseDouble(v.toString());
    }

    private static double[] toDoubles(BigInteger[] units, int exponent) {
        double[] v = new double[units.length];
        for (int j = 0; j < v.length; j++) {
            v[j] = toDouble(units[j], exponent);
        }
        return v;
    }
}
