package org.optimech.runtime.lattice;

import java.math.BigInteger;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.noise.ExactBernoulli;
import org.optimech.runtime.noise.Geometric;
import org.optimech.runtime.noise.TabulatedLaw;
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
 *
 * <p>Draws run in {@code long} arithmetic (bit-frugal uniforms and exact Bernoulli and geometric draws, {@link
 * ExactBernoulli}, {@link Geometric}); big integers only where the Eulerian weights or a radius outgrow a long.
 * Docs: {@code docs/LATTICE_KNORM.md}.
 */
final class BoxRadius {
    private final long[] halfWidths;
    private final BigInteger[] cumulative; // cumulative[i] = b_0 + … + b_i
    /** The same as longs when the total fits, else null. */
    private final long[] cumulativeLong;
    private final BigInteger p;
    private final BigInteger q;
    private final Rational rate;
    /** b_0..b_D (not copied: the constructors pass arrays of their own). */
    private final BigInteger[] weights;
    /**
     * The draw's tables, built on first use ({@link #prepare}): a sampler builds them when it is made, while certification
     * alone (the loader's check, {@code inspect}, designer loops) never pays for them (review 9, low 4: 0.2–0.4 s).
     */
    private volatile Walk walk;

    /**
     * {@code radius}: a box's whole radius law as one tabulated Knuth–Yao walk ({@link RadiusPmf}), or null (the
     * coefficient-only law, or a rate so small that its table would pass about 2^21 leaves): then K = J + N as described above,
     * N's terms from {@code geometric} (null when the radius is drawn whole).
     */
    private record Walk(TabulatedLaw radius, Geometric geometric) {
    }
    /**
     * Boxes up to this dimension tabulate their radius law: building it costs about D big additions per outcome (tens of
     * thousands of outcomes at the automatic spacing), cheap for the common bodies and not worth it beyond.
     */
    static final int MAX_TABLE_DIMENSION = 12;
    /**
     * Levels of the radius walk's table: a draw passes them with probability about (outcomes + mean)·2^-48 ≈ 10^-10 at the
     * automatic spacing and goes on through the levels below, built at load too (compactly) until a draw passes them with
     * probability below 2^-64 ({@link TabulatedLaw#PASS_BITS}); 62 table levels took 2.4× longer to load at d = 6.
     */
    static final int STORED_LEVELS = 48;
    private final long maxAttempts;
    /** D: the coefficients are b_0..b_D and a radius adds D + 1 geometric draws (d for a box in dimension d). */
    private final int degree;
    /** Σ_i b_i e^{−ri}/Σ_i b_i in doubles: the probability that one proposal of J is kept (relative error about D·10⁻¹⁶). */
    private final double levelAcceptance;

    BoxRadius(long[] halfWidths, Rational rate) {
        this(halfWidths.clone(), coefficients(halfWidths), rate);
    }

    /**
     * The radius law alone for any non-negative coefficients b_0..b_D: P(K = k) ∝ Σ_i b_i·C(k − i + D, D)·e^{−rk}, drawn as
     * J + N with P(J = i) ∝ b_i e^{−ri} and N a sum of D + 1 geometric draws ({@link #sample}; {@link #point} and the box
     * methods do not apply). With b the Eulerian numbers A(D, ·) and A(D, D) = 0 that is P(K = n) ∝ (n + 1)^D e^{−rn}
     * (Σ_n (n + 1)^D x^n = Σ_i A(D, i)x^i/(1 − x)^{D+1}): the count join's level law ({@link JoinLevelProposal}).
     */
    static BoxRadius ofCoefficients(BigInteger[] coefficients, Rational rate) {
        return new BoxRadius(null, coefficients.clone(), rate);
    }

    private BoxRadius(long[] halfWidths, BigInteger[] b, Rational rate) {
        if (rate.signum() <= 0) {
            throw new IllegalArgumentException("rate must be > 0. Provided value: " + rate);
        }
        this.halfWidths = halfWidths;
        int dimension = b.length - 1;
        this.degree = dimension;
        cumulative = new BigInteger[b.length];
        BigInteger s = BigInteger.ZERO;
        for (int j = 0; j < b.length; j++) {
            if (b[j].signum() < 0) {
                throw new IllegalStateException("negative mixture coefficient b_" + j + " = " + b[j] + " for half-widths " + java.util.Arrays.toString(halfWidths));
            }
            s = s.add(b[j]);
            cumulative[j] = s;
        }
        if (s.bitLength() < 62) {
            cumulativeLong = new long[b.length];
            for (int j = 0; j < b.length; j++) {
                cumulativeLong[j] = cumulative[j].longValueExact();
            }
        } else {
            cumulativeLong = null;
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
        this.levelAcceptance = acceptance;
        maxAttempts = (long) Math.ceil(60 / acceptance);
        this.rate = rate;
        this.weights = b;
    }

    /** Builds the draw's tables now if they are not built yet (once; thread-safe): a sampler calls it when it is made. */
    void prepare() {
        walk();
    }

    private Walk walk() {
        Walk w = walk;
        if (w == null) {
            synchronized (this) {
                w = walk;
                if (w == null) {
                    TabulatedLaw radius = halfWidths == null || halfWidths.length > MAX_TABLE_DIMENSION ? null
                            : TabulatedLaw.of(new RadiusPmf(halfWidths, weights, rate), 40, STORED_LEVELS).orElse(null);
                    w = new Walk(radius, radius == null ? Geometric.oneSided(p, q) : null);
                    walk = w;
                }
            }
        }
        return w;
    }

    /** Whether the draw's tables are built (tests: certification alone must not build them). */
    boolean prepared() {
        return walk != null;
    }


    /** Σ_i b_i e^{−ri}/Σ_i b_i, computed in doubles when built (relative error about D·10⁻¹⁶): J's acceptance per proposal. */
    double levelAcceptance() {
        return levelAcceptance;
    }

    /** Whether the radius is one tabulated walk ({@link RadiusPmf}) rather than J + N. */
    boolean tabulated() {
        return walk().radius() != null;
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
        if (java.util.Arrays.stream(m).allMatch(v -> v == 1)) {
            return typeBEulerian(d);
        }
        // C(t + d, d) for t = 0..d, by C(t + d, d) = C(t + d − 1, d)·(t + d)/t
        BigInteger[] binom = new BigInteger[d + 1];
        binom[0] = BigInteger.ONE;
        for (int t = 1; t <= d; t++) {
            binom[t] = binom[t - 1].multiply(BigInteger.valueOf(t + d)).divide(BigInteger.valueOf(t));
        }
        BigInteger[] b = new BigInteger[d + 1];
        for (int k = 0; k <= d; k++) {
            BigInteger rest = count(m, k);
            for (int j = 0; j < k; j++) {
                rest = rest.subtract(b[j].multiply(binom[k - j]));
            }
            b[k] = rest;
        }
        return b;
    }

    /**
     * The type-B Eulerian numbers by B(n, k) = (2k + 1)·B(n − 1, k) + (2n − 2k + 1)·B(n − 1, k − 1), B(0, 0) = 1: the
     * coefficients for m = (1, …, 1) in O(d²) small multiplications (the triangular solve costs O(d²) big ones, seconds at
     * d = 1000).
     */
    private static BigInteger[] typeBEulerian(int d) {
        BigInteger[] row = {BigInteger.ONE};
        for (int n = 1; n <= d; n++) {
            BigInteger[] next = new BigInteger[n + 1];
            for (int k = 0; k <= n; k++) {
                BigInteger keep = k < n ? row[k].multiply(BigInteger.valueOf(2L * k + 1)) : BigInteger.ZERO;
                BigInteger add = k > 0 ? row[k - 1].multiply(BigInteger.valueOf(2L * n - 2L * k + 1)) : BigInteger.ZERO;
                next[k] = keep.add(add);
            }
            row = next;
        }
        return row;
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

    /**
     * One radius K: returned as a long when it fits below 2^62; otherwise −1 is returned and the radius is put in
     * {@code big[0]} (tiny rates on a fine lattice: exact at any size, never a failure).
     */
    long sample(RandomSource random, BigInteger[] big) {
        Walk w = walk();
        if (w.radius() != null) {
            return w.radius().sample(random); // the stored levels' outcomes, or (below 2^-64 per draw) of a deeper level computed exactly (TabulatedLaw)
        }
        Geometric geometric = w.geometric();
        int d = degree;
        int j = -1;
        for (long attempt = 0; j < 0; attempt++) {
            if (attempt >= maxAttempts) {
                throw new IllegalStateException("the lattice radius sampler rejected " + maxAttempts + " proposals (probability below e^-60 for a correct sampler)");
            }
            int c = 0;
            if (cumulativeLong != null) {
                long u = ExactBernoulli.uniformBelow(cumulativeLong[d], random);
                while (cumulativeLong[c] <= u) {
                    c++;
                }
            } else {
                BigInteger u = ExactBernoulli.uniformBelow(cumulative[d], random);
                while (cumulative[c].compareTo(u) <= 0) {
                    c++;
                }
            }
            if (c == 0 || ExactBernoulli.bernoulliExpMinus(p.multiply(BigInteger.valueOf(c)), q, random)) {
                j = c;
            }
        }
        long k = j;
        BigInteger kb = null;
        for (int i = 0; i <= d; i++) {
            if (kb == null && geometric.usesTable()) {
                long g = geometric.sample(random);
                if (g < 1L << 61 && k < 1L << 61) {
                    k += g;
                    continue;
                }
                kb = BigInteger.valueOf(k).add(BigInteger.valueOf(g));
                continue;
            }
            if (kb == null) {
                kb = BigInteger.valueOf(k);
            }
            kb = kb.add(geometric.sampleBig(random));
        }
        if (kb == null) {
            return k;
        }
        if (kb.bitLength() < 62) {
            return kb.longValueExact();
        }
        big[0] = kb;
        return -1;
    }

    /** Whether every coordinate of B_K is below 2^61 in magnitude, so {@link #uniformInBox(long, RandomSource)} applies. */
    boolean fitsLong(long radius) {
        for (long m : halfWidths) {
            long width;
            try {
                width = Math.multiplyExact(radius + 1, m); // radius < 2^62: radius + 1 fits
            } catch (ArithmeticException e) {
                return false;
            }
            if (width - 1 >= 1L << 61) {
                return false;
            }
        }
        return true;
    }

    /**
     * One draw of the mixture: a radius K and a uniform point of B_K, so P(z) ∝ e^{−s·h(z)}; a {@code long[]} while the
     * box's coordinates fit (below 2^61), else a {@code BigInteger[]} (the choice depends on the radius only).
     */
    Object point(RandomSource random) {
        BigInteger[] big = new BigInteger[1];
        long k = sample(random, big);
        if (k >= 0 && fitsLong(k)) {
            return uniformInBox(k, random);
        }
        return uniformInBox(k >= 0 ? BigInteger.valueOf(k) : big[0], random);
    }

    /**
     * A uniform point of B_K for a radius with {@link #fitsLong}, in longs: consecutive coordinates whose widths multiply to at
     * most 2^62 share one uniform draw below that product, split by its mixed-radix digits (a bijection, so the coordinates
     * stay independent and uniform; one Fast Dice Roller call and fewer bits instead of one per coordinate). The grouping
     * depends on the radius only.
     */
    long[] uniformInBox(long radius, RandomSource random) {
        long[] z = new long[halfWidths.length];
        for (int j = 0; j < z.length; j++) {
            z[j] = (radius + 1) * halfWidths[j] - 1; // the half-width, for now
        }
        for (int start = 0; start < z.length; ) {
            long product = 2 * z[start] + 1;
            int end = start + 1;
            while (end < z.length) {
                long width = 2 * z[end] + 1; // both below 2^63: the product fits when its high word is 0 and its sign bit clear
                long next = product * width;
                if (Math.multiplyHigh(product, width) != 0 || next < 0 || next > 1L << 62) {
                    break;
                }
                product = next;
                end++;
            }
            long u = ExactBernoulli.uniformBelow(product, random);
            for (int j = start; j < end - 1; j++) {
                long width = 2 * z[j] + 1;
                long rest = u / width;
                z[j] = u - rest * width - z[j];
                u = rest;
            }
            z[end - 1] = u - z[end - 1]; // the last digit is what is left, below its width
            start = end;
        }
        return z;
    }

    /** A uniform point of B_K for any radius, in big integers. */
    BigInteger[] uniformInBox(BigInteger radius, RandomSource random) {
        BigInteger[] z = new BigInteger[halfWidths.length];
        for (int j = 0; j < z.length; j++) {
            BigInteger half = radius.add(BigInteger.ONE).multiply(BigInteger.valueOf(halfWidths[j])).subtract(BigInteger.ONE);
            z[j] = ExactBernoulli.uniformBelow(half.shiftLeft(1).add(BigInteger.ONE), random).subtract(half);
        }
        return z;
    }

    /** h(z) = max_j ⌊|z_j|/m_j⌋, the level whose box first contains z. */
    long level(long[] z) {
        long h = 0;
        for (int j = 0; j < z.length; j++) {
            h = Math.max(h, Math.abs(z[j]) / halfWidths[j]); // |z_j| < 2^61: no overflow in abs
        }
        return h;
    }

    /** h(z) for big coordinates. */
    BigInteger level(BigInteger[] z) {
        BigInteger h = BigInteger.ZERO;
        for (int j = 0; j < z.length; j++) {
            h = h.max(z[j].abs().divide(BigInteger.valueOf(halfWidths[j])));
        }
        return h;
    }
}
