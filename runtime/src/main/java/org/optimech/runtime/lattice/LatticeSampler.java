package org.optimech.runtime.lattice;

import java.math.BigInteger;
import java.util.Objects;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.noise.ExactBernoulli;
import org.optimech.runtime.noise.Geometric;
import org.optimech.runtime.random.RandomBits;

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
 *       probability exp(−(r‖z‖_K − s·h(z))), an exact Bernoulli since the exponent is a non-negative rational.</li>
 * </ul>
 * Immutable and thread-safe; each call takes its own {@link RandomBits}.
 */
public final class LatticeSampler {
    /** Rounded statistics and outputs must stay below this in lattice units (outputs are then exact doubles). */
    static final long MAX_COORDINATE = 1L << 52;

    private final LatticeGauge gauge;
    private final int exponent;
    private final Rational rate;
    private final BoxRadius box;
    private final Rational proposalRate; // s for facets
    private final long maxAttempts;

    private LatticeSampler(LatticeGauge gauge, int exponent, Rational rate, long maxAttempts) {
        this.gauge = gauge;
        this.exponent = exponent;
        this.rate = rate;
        this.maxAttempts = maxAttempts;
        int d = gauge.dimension();
        long[] m = new long[d];
        java.util.Arrays.fill(m, 1);
        if (gauge.name().equals("facets")) {
            // m_j ≈ c·M_j with c = 0.05/r: the proposal's level steps cost about e^{-0.05}, and m_j/M_j is nearly constant
            Rational[] bounds = gauge.coordinateBounds();
            double c = 0.05 / rate.doubleValue();
            Rational s = null;
            for (int j = 0; j < d; j++) {
                m[j] = (long) Math.max(1, Math.min(1L << 30, Math.ceil(c * bounds[j].doubleValue())));
                Rational sj = rate.multiply(Rational.of(BigInteger.valueOf(m[j]))).divide(bounds[j]);
                s = s == null || sj.compareTo(s) < 0 ? sj : s;
            }
            this.proposalRate = s;
        } else {
            this.proposalRate = rate;
        }
        this.box = gauge.name().equals("l1") ? null : new BoxRadius(m, proposalRate);
    }

    /**
     * The sampler for noise ∝ exp(−rate·‖z‖_K) on the lattice 2^exponent·ℤ^d.
     *
     * @param maxAttempts cap on box proposals per draw for a facet body (the caller derives it from the acceptance rate); ignored otherwise
     * @throws IllegalArgumentException for a rate ≤ 0, an exponent outside [−60, 60], or a rate too large for the radius sampler
     */
    public static LatticeSampler of(LatticeGauge gauge, int exponent, Rational rate, long maxAttempts) {
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
        return new LatticeSampler(gauge, exponent, rate, maxAttempts);
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

    /** One noise vector in lattice units. */
    public long[] noise(RandomBits random) {
        Objects.requireNonNull(random, "random");
        int d = gauge.dimension();
        long[] z = new long[d];
        switch (gauge.name()) {
            case "l1":
                for (int j = 0; j < d; j++) {
                    z[j] = Geometric.twoSided(rate.numerator(), rate.denominator(), random).longValueExact();
                }
                return z;
            case "linf":
                return box.uniformInBox(box.sample(random), random);
            default:
                for (long attempt = 0; attempt < maxAttempts; attempt++) {
                    z = box.uniformInBox(box.sample(random), random);
                    // r·‖z‖_K − s·h(z) ≥ 0 because s·h(z) ≤ r·max_j |z_j|/M_j ≤ r·‖z‖_K
                    Rational excess = rate.multiply(gauge.of(z)).subtract(proposalRate.multiply(Rational.of(BigInteger.valueOf(box.level(z)))));
                    if (excess.signum() < 0) {
                        throw new IllegalStateException("the body is not inside the stored coordinate bounds: refusing to sample");
                    }
                    if (ExactBernoulli.bernoulliExpMinus(excess.numerator(), excess.denominator(), random)) {
                        return z;
                    }
                }
                throw new IllegalStateException("the lattice K-norm sampler rejected " + maxAttempts + " proposals in a row");
        }
    }

    /**
     * The nearest lattice point to a statistic, in lattice units: rint(T_j / γ) (ties to even), exact in binary floating point.
     *
     * @throws IllegalArgumentException for a wrong length, a non-finite coordinate or one beyond 2^52 lattice units
     */
    public long[] round(double[] statistic) {
        Objects.requireNonNull(statistic, "statistic");
        if (statistic.length != gauge.dimension()) {
            throw new IllegalArgumentException("statistic must have " + gauge.dimension() + " coordinates. Provided: " + statistic.length);
        }
        long[] y = new long[statistic.length];
        for (int j = 0; j < y.length; j++) {
            double x = statistic[j];
            if (!Double.isFinite(x)) {
                throw new IllegalArgumentException("statistic coordinate " + j + " must be finite. Provided value: " + x);
            }
            double s = Math.rint(Math.scalb(x, -exponent));
            if (Math.abs(s) >= MAX_COORDINATE) {
                throw new IllegalArgumentException("statistic coordinate " + j + " is beyond 2^52 lattice spacings (spacing 2^" + exponent + "). Provided value: " + x);
            }
            y[j] = (long) s;
        }
        return y;
    }

    /** The released lattice point y + Z in lattice units. */
    public long[] releaseLattice(double[] statistic, RandomBits random) {
        long[] y = round(statistic);
        long[] z = noise(random);
        for (int j = 0; j < y.length; j++) {
            y[j] = Math.addExact(y[j], z[j]);
        }
        return y;
    }

    /**
     * The release γ·(y + Z) as doubles, each exactly a multiple of γ.
     *
     * @throws ArithmeticException when a released coordinate would not be an exact double (beyond 2^52 spacings)
     */
    public double[] release(double[] statistic, RandomBits random) {
        long[] out = releaseLattice(statistic, random);
        double[] v = new double[out.length];
        for (int j = 0; j < out.length; j++) {
            if (Math.abs(out[j]) >= MAX_COORDINATE) {
                throw new ArithmeticException("released coordinate " + j + " is beyond 2^52 lattice spacings and would not be an exact double");
            }
            v[j] = Math.scalb((double) out[j], exponent);
        }
        return v;
    }
}
