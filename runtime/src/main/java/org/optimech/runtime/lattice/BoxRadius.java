package org.optimech.runtime.lattice;

import java.math.BigInteger;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.noise.ExactBernoulli;
import org.optimech.runtime.noise.Geometric;
import org.optimech.runtime.random.RandomSource;

/**
 * Exact draws of a radius K with P(K = k) ∝ |B_k|·e^{-r·k}, k = 0, 1, …, for a rational rate r, where B_k is the
 * integer box ∏_j [−((k+1)m_j − 1), (k+1)m_j − 1] for positive integer half-widths m_j, and of a uniform point of
 * B_K. The point z then has P(z) ∝ Σ_{k ≥ h(z)} e^{-rk} ∝ e^{-r·h(z)} with h(z) = max_j ⌊|z_j|/m_j⌋: for m = (1, …, 1)
 * that is the ℓ∞ lattice mechanism (|B_k| = (2k+1)^d); wider half-widths along the long axes of a body make a
 * tighter proposal for rejection.
 *
 * <p>|B_k| = ∏_j (2(k+1)m_j − 1) is a polynomial of degree d in k, written in the shifted negative-binomial basis:
 * |B_k| = Σ_i b_i·C(k − i + d, d) (C(n, d) = 0 for n &lt; d), b solved from k = 0..d. The b_i are the h*-vector of
 * the box's interior points (for m = 1 the type-B Eulerian numbers), non-negative by Stanley's theorem; the
 * constructor checks it. Hence K = J + N with N ~ NegativeBinomial(d+1, e^{-r}) (a sum of d+1 independent geometric
 * draws) and P(J = i) ∝ b_i·e^{-ri}, drawn by choosing i ∝ b_i and accepting with probability e^{-ri}.
 * Docs: {@code docs/LATTICE_KNORM.md}.
 */
final class BoxRadius {
    private final long[] halfWidths;
    private final BigInteger[] cumulative; // cumulative[i] = b_0 + … + b_i
    private final BigInteger p;
    private final BigInteger q;
    private final long maxAttempts;

    BoxRadius(long[] halfWidths, Rational rate) {
        if (rate.signum() <= 0) {
            throw new IllegalArgumentException("rate must be > 0. Provided value: " + rate);
        }
        this.halfWidths = halfWidths.clone();
        int dimension = halfWidths.length;
        BigInteger[] b = coefficients(this.halfWidths);
        cumulative = new BigInteger[b.length];
        BigInteger s = BigInteger.ZERO;
        for (int j = 0; j < b.length; j++) {
            if (b[j].signum() < 0) {
                throw new IllegalStateException("negative mixture coefficient b_" + j + " = " + b[j] + " for half-widths " + java.util.Arrays.toString(halfWidths));
            }
            s = s.add(b[j]);
            cumulative[j] = s;
        }
        p = rate.numerator();
        q = rate.denominator();
        double r = rate.doubleValue();
        double num = 0;
        for (int j = 0; j < b.length; j++) {
            num += new java.math.BigDecimal(b[j]).divide(new java.math.BigDecimal(s), java.math.MathContext.DECIMAL64).doubleValue() * Math.exp(-r * j);
        }
        double acceptance = num;
        if (!(acceptance > 1e-6)) {
            throw new IllegalArgumentException("the lattice rate " + rate + " is too large for dimension " + dimension + ": the radius sampler would accept with probability "
                    + acceptance + " (choose a finer lattice: a smaller spacing)");
        }
        maxAttempts = (long) Math.ceil(60 / acceptance);
    }

    /** The type-B Eulerian numbers b_0..b_d: the coefficients for m = (1, …, 1), |B_k| = (2k+1)^d. */
    static BigInteger[] eulerianB(int d) {
        long[] ones = new long[d];
        java.util.Arrays.fill(ones, 1);
        return coefficients(ones);
    }

    /** b_0..b_d with ∏_j (2(k+1)m_j − 1) = Σ_i b_i·C(k − i + d, d), solved at k = 0..d (C(d, d) = 1 makes it triangular). */
    static BigInteger[] coefficients(long[] m) {
        int d = m.length;
        BigInteger[] b = new BigInteger[d + 1];
        for (int k = 0; k <= d; k++) {
            BigInteger rest = count(m, k);
            for (int j = 0; j < k; j++) {
                rest = rest.subtract(b[j].multiply(binomial(k - j + d, d)));
            }
            b[k] = rest;
        }
        return b;
    }

    /** |B_k| = ∏_j (2(k+1)m_j − 1). */
    static BigInteger count(long[] m, long k) {
        BigInteger c = BigInteger.ONE;
        for (long mj : m) {
            c = c.multiply(BigInteger.valueOf(mj).multiply(BigInteger.valueOf(2 * (k + 1))).subtract(BigInteger.ONE));
        }
        return c;
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

    /** One radius K. */
    BigInteger sample(RandomSource random) {
        int d = halfWidths.length;
        int j = -1;
        for (long attempt = 0; j < 0; attempt++) {
            if (attempt >= maxAttempts) {
                throw new IllegalStateException("the lattice radius sampler rejected " + maxAttempts + " proposals (probability below e^-60 for a correct sampler)");
            }
            BigInteger u = ExactBernoulli.uniformBelow(cumulative[d], random);
            int c = 0;
            while (cumulative[c].compareTo(u) <= 0) {
                c++;
            }
            if (ExactBernoulli.bernoulliExpMinus(p.multiply(BigInteger.valueOf(c)), q, random)) {
                j = c;
            }
        }
        BigInteger k = BigInteger.valueOf(j);
        for (int i = 0; i <= d; i++) {
            k = k.add(Geometric.sample(p, q, random));
        }
        return k;
    }

    /**
     * A uniform point of B_K for a radius from {@link #sample}. Coordinates are longs while (K+1)·m_j fits comfortably
     * (always, in practice), big integers beyond: the draw is exact at any radius, so a release never fails on its size.
     */
    BigInteger[] uniformInBox(BigInteger radius, RandomSource random) {
        BigInteger[] z = new BigInteger[halfWidths.length];
        boolean small = radius.bitLength() < 31;
        long k1 = small ? radius.longValue() + 1 : 0;
        for (int j = 0; j < z.length; j++) {
            if (small && halfWidths[j] < 1L << 31) {
                long half = k1 * halfWidths[j] - 1; // < 2^62: no overflow
                z[j] = BigInteger.valueOf(ExactBernoulli.uniformBelow(2 * half + 1, random) - half);
            } else {
                BigInteger half = radius.add(BigInteger.ONE).multiply(BigInteger.valueOf(halfWidths[j])).subtract(BigInteger.ONE);
                z[j] = ExactBernoulli.uniformBelow(half.shiftLeft(1).add(BigInteger.ONE), random).subtract(half);
            }
        }
        return z;
    }

    /** h(z) = max_j ⌊|z_j|/m_j⌋, the level whose box first contains z. */
    BigInteger level(BigInteger[] z) {
        BigInteger h = BigInteger.ZERO;
        for (int j = 0; j < z.length; j++) {
            h = h.max(z[j].abs().divide(BigInteger.valueOf(halfWidths[j])));
        }
        return h;
    }
}
