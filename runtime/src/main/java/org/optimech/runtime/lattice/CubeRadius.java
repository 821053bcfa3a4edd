package org.optimech.runtime.lattice;

import java.math.BigInteger;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.noise.ExactBernoulli;
import org.optimech.runtime.noise.Geometric;
import org.optimech.runtime.random.RandomBits;

/**
 * Exact draws of the radius K with P(K = k) ∝ (2k+1)^d·e^{-r·k}, k = 0, 1, …, for a rational rate r. A point
 * uniform in {−K, …, K}^d then has P(z) ∝ Σ_{k ≥ ‖z‖∞} e^{-rk} ∝ e^{-r‖z‖∞}: the ℓ∞ lattice mechanism.
 *
 * <p>The weights are a finite mixture of shifted negative binomials. With the type-B Eulerian numbers b_0, …, b_d
 * (positive integers, Σ b_j = 2^d·d!), (2k+1)^d = Σ_j b_j·C(k − j + d, d) for every k ≥ 0 (C(n, d) = 0 for n &lt; d).
 * Hence K = J + N with N ~ NegativeBinomial(d+1, e^{-r}) (a sum of d+1 independent geometric draws) and
 * P(J = j) ∝ b_j·e^{-rj}, drawn by choosing j ∝ b_j and accepting with probability e^{-rj}.
 * Docs: {@code docs/LATTICE_KNORM.md}.
 */
final class CubeRadius {
    private final int dimension;
    private final BigInteger[] cumulative; // cumulative[j] = b_0 + … + b_j
    private final BigInteger p;
    private final BigInteger q;
    private final long maxAttempts;
    private final double acceptance;

    CubeRadius(int dimension, Rational rate) {
        if (rate.signum() <= 0) {
            throw new IllegalArgumentException("rate must be > 0. Provided value: " + rate);
        }
        this.dimension = dimension;
        BigInteger[] b = eulerianB(dimension);
        cumulative = new BigInteger[b.length];
        BigInteger s = BigInteger.ZERO;
        for (int j = 0; j < b.length; j++) {
            s = s.add(b[j]);
            cumulative[j] = s;
        }
        p = rate.numerator();
        q = rate.denominator();
        double r = rate.doubleValue();
        double num = 0;
        double den = 0;
        for (int j = 0; j < b.length; j++) {
            double w = b[j].doubleValue() / s.doubleValue();
            num += w * Math.exp(-r * j);
            den += w;
        }
        acceptance = num / den;
        if (!(acceptance > 1e-6)) {
            throw new IllegalArgumentException("the lattice rate " + rate + " is too large for dimension " + dimension + ": the radius sampler would accept with probability "
                    + acceptance + " (choose a finer lattice: a smaller spacing)");
        }
        maxAttempts = (long) Math.ceil(60 / acceptance);
    }

    /** The type-B Eulerian numbers b_0..b_d, solved from (2k+1)^d = Σ_j b_j·C(k − j + d, d) at k = 0..d. */
    static BigInteger[] eulerianB(int d) {
        BigInteger[] b = new BigInteger[d + 1];
        for (int k = 0; k <= d; k++) {
            BigInteger rest = BigInteger.valueOf(2L * k + 1).pow(d);
            for (int j = 0; j < k; j++) {
                rest = rest.subtract(b[j].multiply(binomial(k - j + d, d)));
            }
            b[k] = rest; // C(d, d) = 1
        }
        return b;
    }

    static BigInteger binomial(int n, int k) {
        if (k < 0 || n < k) {
            return BigInteger.ZERO;
        }
        BigInteger r = BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            r = r.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        return r;
    }

    /** The probability that one mixture-index proposal is accepted (for display and the attempt cap). */
    double acceptance() {
        return acceptance;
    }

    /** One radius K. */
    BigInteger sample(RandomBits random) {
        int j = -1;
        for (long attempt = 0; j < 0; attempt++) {
            if (attempt >= maxAttempts) {
                throw new IllegalStateException("the lattice radius sampler rejected " + maxAttempts + " proposals (probability below e^-60 for a correct sampler)");
            }
            BigInteger u = ExactBernoulli.uniformBelow(cumulative[dimension], random);
            int c = 0;
            while (cumulative[c].compareTo(u) <= 0) {
                c++;
            }
            if (ExactBernoulli.bernoulliExpMinus(p.multiply(BigInteger.valueOf(c)), q, random)) {
                j = c;
            }
        }
        BigInteger k = BigInteger.valueOf(j);
        for (int i = 0; i <= dimension; i++) {
            k = k.add(Geometric.sample(p, q, random));
        }
        return k;
    }
}
