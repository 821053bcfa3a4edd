package org.optimech.runtime.noise;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import org.optimech.runtime.random.RandomSource;

/**
 * The two-sided geometric (discrete Laplace) distribution P(Z = z) = (1−α)/(1+α)·α^{|z|} with α = e^{-ε} for a positive
 * rational ε = s/t, sampled exactly: the magnitude |Z| by the exact Knuth–Yao walker of its law and a sign bit for a non-zero
 * magnitude (fewer than H(Z) + 2 random bits per draw on average, no big integer on the common path), or for ε below about
 * 3·10^-4 by the decomposition of Canonne, Kamath and Steinke (see {@link Geometric}). Adding it to an integer query of
 * sensitivity 1 and clamping to 0..n gives exactly the truncated geometric mechanism of Ghosh, Roughgarden and
 * Sundararajan.
 *
 * <p>Immutable and thread-safe; each call takes its own {@link RandomSource}.
 */
public final class DiscreteLaplace {
    /** Numerator and denominator of ε are kept below this so that every product fits a long. */
    static final long MAX_PART = 1L << 40;

    private final Geometric law;
    private final BigDecimal epsilon;

    private DiscreteLaplace(long s, long t, BigDecimal epsilon) {
        this.law = Geometric.twoSided(BigInteger.valueOf(s), BigInteger.valueOf(t));
        this.epsilon = epsilon;
    }

    /**
     * The sampler for {@code P(z) ∝ e^{-ε|z|}}, ε a positive decimal whose numerator and denominator
     * (in lowest terms) are below 2^40.
     */
    public static DiscreteLaplace of(BigDecimal epsilon) {
        Objects.requireNonNull(epsilon, "epsilon");
        if (epsilon.signum() <= 0) {
            throw new IllegalArgumentException("epsilon must be > 0. Provided value: " + epsilon);
        }
        BigDecimal e = epsilon.stripTrailingZeros();
        BigInteger num = e.unscaledValue();
        BigInteger den = BigInteger.ONE;
        if (e.scale() > 0) {
            den = BigInteger.TEN.pow(e.scale());
        } else {
            num = num.multiply(BigInteger.TEN.pow(-e.scale()));
        }
        BigInteger g = num.gcd(den);
        num = num.divide(g);
        den = den.divide(g);
        if (num.compareTo(BigInteger.valueOf(MAX_PART)) >= 0 || den.compareTo(BigInteger.valueOf(MAX_PART)) >= 0) {
            throw new IllegalArgumentException("epsilon has too many digits for the exact sampler (numerator and denominator must be below 2^40). Provided value: " + epsilon);
        }
        return new DiscreteLaplace(num.longValueExact(), den.longValueExact(), epsilon);
    }

    /** P(z) ∝ e^{-|z|/t} for an integer scale t ≥ 1 (ε = 1/t, kept as a fraction). */
    static DiscreteLaplace withScale(long t) {
        if (t < 1 || t >= MAX_PART) {
            throw new IllegalArgumentException("scale must be in [1, 2^40). Provided value: " + t);
        }
        return new DiscreteLaplace(1, t, BigDecimal.ONE.divide(BigDecimal.valueOf(t), java.math.MathContext.DECIMAL64));
    }

    /** ε, as given (for {@link #withScale}, 1/t rounded for display; the sampler uses the exact fraction). */
    public BigDecimal epsilon() {
        return epsilon;
    }

    /** The entropy of one draw in bits (floating point; for reports). */
    public double entropyBits() {
        return law.entropyBits();
    }

    /** Whether draws run the exact Knuth–Yao walker (else the decomposition for small ε). */
    public boolean usesTable() {
        return law.usesTable();
    }

    /** One draw. */
    public long sample(RandomSource random) {
        return law.sample(random);
    }
}
