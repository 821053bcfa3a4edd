package org.optimech.runtime.noise;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import org.optimech.runtime.random.PrefixTable;
import org.optimech.runtime.random.RandomSource;

/**
 * The discrete Gaussian P(Z = z) ∝ e^{−z²/(2σ²)} on the integers, for a positive rational σ², sampled exactly: the
 * magnitude |Z| by the exact Knuth–Yao walker of its law and a sign bit (fewer than H(Z) + 2 random bits per draw, no big
 * integer on the common path). When σ is too large for the walker's table (σ above about 10^4), Canonne, Kamath and
 * Steinke's Algorithm 3: with t = ⌊σ⌋ + 1, draw Y from the discrete Laplace with scale t and accept it with probability
 * e^{−(|Y| − σ²/t)²/(2σ²)}, the exponent the exact rational (|Y|·b·t − a)²/(2·a·b·t²) for σ² = a/b.
 *
 * <p>Adding it to an integer query of ℓ2 sensitivity Δ is ρ-zCDP with ρ = Δ²/(2σ²) (CKS Theorem 4),
 * hence (ε, δ)-DP for every ε with the δ of their Corollary; the runtime does not convert for you.
 * Immutable and thread-safe.
 */
public final class DiscreteGaussian {
    private final BigInteger a;
    private final BigInteger b;
    private final long t;
    private final BigDecimal sigma2;
    private final ExactDdg magnitude;
    /** The walk tabulated over its first bits ({@link PrefixTable}; null without the walker). */
    private final PrefixTable lookAhead;
    private final DiscreteLaplace laplace;
    private final BigInteger bt;
    private final BigInteger den;

    private DiscreteGaussian(BigInteger a, BigInteger b, long t, BigDecimal sigma2) {
        this.a = a;
        this.b = b;
        this.t = t;
        this.sigma2 = sigma2;
        Optional<ExactDdg> walker = ExactDdg.of(new GaussianPmf(a, b), 40);
        this.magnitude = walker.orElse(null);
        this.laplace = walker.isPresent() ? null : DiscreteLaplace.withScale(t);
        this.lookAhead = walker.isPresent() ? PrefixTable.of(1, Geometric.LOOK_AHEAD, (row, random) -> walk(random)) : null;
        // the acceptance exponent (|Y|·b·t − a)² / (2·a·b·t²): the constant parts, computed once
        this.bt = b.multiply(BigInteger.valueOf(t));
        this.den = BigInteger.TWO.multiply(a).multiply(b).multiply(BigInteger.valueOf(t)).multiply(BigInteger.valueOf(t));
    }

    /** For σ² a positive decimal (at most 10^12). */
    public static DiscreteGaussian of(BigDecimal sigmaSquared) {
        Objects.requireNonNull(sigmaSquared, "sigmaSquared");
        if (sigmaSquared.signum() <= 0 || sigmaSquared.compareTo(BigDecimal.TEN.pow(12)) > 0) {
            throw new IllegalArgumentException("sigma^2 must be in (0, 1e12]. Provided value: " + sigmaSquared);
        }
        BigDecimal s = sigmaSquared.stripTrailingZeros();
        BigInteger num = s.unscaledValue();
        BigInteger den = BigInteger.ONE;
        if (s.scale() > 0) {
            den = BigInteger.TEN.pow(s.scale());
        } else {
            num = num.multiply(BigInteger.TEN.pow(-s.scale()));
        }
        BigInteger g = num.gcd(den);
        num = num.divide(g);
        den = den.divide(g);
        // t = floor(σ) + 1 computed exactly: the largest r with r² ≤ a/b, plus 1
        BigInteger r = num.divide(den).sqrt();
        while (r.add(BigInteger.ONE).pow(2).multiply(den).compareTo(num) <= 0) {
            r = r.add(BigInteger.ONE);
        }
        return new DiscreteGaussian(num, den, r.longValueExact() + 1, sigmaSquared);
    }

    public BigDecimal sigmaSquared() {
        return sigma2;
    }

    /** Whether draws run the exact Knuth–Yao walker (else Laplace proposals with exact acceptance). */
    public boolean usesTable() {
        return magnitude != null;
    }

    /** The entropy of one draw in bits (floating point; for reports). */
    public double entropyBits() {
        return new GaussianPmf(a, b).entropyBits();
    }

    /** The Knuth–Yao walk of the magnitude, one bit at a time, and the sign bit of a non-zero draw. */
    private long walk(RandomSource random) {
        long m = magnitude.sample(random);
        return m == 0 || random.nextBit() == 0 ? m : -m;
    }

    /** One draw. */
    public long sample(RandomSource random) {
        if (lookAhead != null) {
            return lookAhead.sample(0, random); // exactly walk(random), the same bits consumed
        }
        while (true) {
            long y = laplace.sample(random);
            BigInteger diff = BigInteger.valueOf(Math.abs(y)).multiply(bt).subtract(a);
            if (ExactBernoulli.bernoulliExpMinus(diff.multiply(diff), den, random)) {
                return y;
            }
        }
    }
}
