package org.optimech.runtime.noise;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import org.optimech.runtime.random.RandomSource;

/**
 * The discrete Gaussian P(Z = z) ∝ e^{−z²/(2σ²)} on the integers, for a positive rational σ², sampled
 * exactly (Canonne, Kamath, Steinke 2020, Algorithm 3): with t = ⌊σ⌋ + 1, draw Y from the discrete
 * Laplace with scale t and accept it with probability e^{−(|Y| − σ²/t)²/(2σ²)}. Every step compares
 * integers; the exponent is the exact rational (|Y|·b·t − a)²/(2·a·b·t²) for σ² = a/b.
 *
 * <p>Adding it to an integer query of ℓ2 sensitivity Δ is ρ-zCDP with ρ = Δ²/(2σ²) (CKS Theorem 4),
 * hence (ε, δ)-DP for every ε with the δ of their Corollary; the runtime does not convert for you.
 * Immutable and thread-safe.
 */
public final class DiscreteGaussian {
    private final BigInteger a;
    private final BigInteger b;
    private final long t;
    private final DiscreteLaplace laplace;
    private final BigDecimal sigma2;
    private final BigInteger bt;
    private final BigInteger den;

    private DiscreteGaussian(BigInteger a, BigInteger b, long t, BigDecimal sigma2) {
        this.a = a;
        this.b = b;
        this.t = t;
        this.laplace = DiscreteLaplace.withScale(t);
        this.sigma2 = sigma2;
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
        // t = floor(σ) + 1 = floor(sqrt(a/b)) + 1 = floor(sqrt(floor(a/b)))... computed exactly: the largest r with r² ≤ a/b, plus 1
        BigInteger r = num.divide(den).sqrt();
        while (r.add(BigInteger.ONE).pow(2).multiply(den).compareTo(num) <= 0) {
            r = r.add(BigInteger.ONE);
        }
        return new DiscreteGaussian(num, den, r.longValueExact() + 1, sigmaSquared);
    }

    public BigDecimal sigmaSquared() {
        return sigma2;
    }

    /** One draw. */
    public long sample(RandomSource random) {
        while (true) {
            long y = laplace.sample(random);
            BigInteger diff = BigInteger.valueOf(Math.abs(y)).multiply(bt).subtract(a);
            if (ExactBernoulli.bernoulliExpMinus(diff.multiply(diff), den, random)) {
                return y;
            }
        }
    }
}
