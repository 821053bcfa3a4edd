package org.optimech.runtime.noise;

import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import org.optimech.runtime.random.PrefixTable;
import org.optimech.runtime.random.RandomSource;

/**
 * The one-sided geometric distribution P(Y = y) = (1 − e^{-r})·e^{-r·y} on y = 0, 1, 2, … for a positive rational rate
 * r = p/q, and its two-sided form P(Z = z) ∝ e^{-r|z|}, sampled exactly.
 *
 * <p>An instance holds the exact Knuth–Yao walker of its law ({@link ExactDdg}: fewer than H + 2 random bits per draw, no big
 * integer on the common path) when the law's table fits (rates above about 3·10^-4); for smaller rates it runs the
 * decomposition of Canonne, Kamath and Steinke (2020, Algorithm 2): U uniform on [0, q) kept with probability e^{-U/q}, V
 * counting successes of Bernoulli(e^{-1}), Y = ⌊(U + q·V)/p⌋, with the bit-frugal uniform and Bernoulli draws of {@link
 * ExactBernoulli} (about 1.6·log2(q) + 6 bits per draw) and big integers only when p or q need them.
 *
 * <p>Immutable and thread-safe; each call takes its own {@link RandomSource}.
 */
public final class Geometric {
    private final BigInteger p;
    private final BigInteger q;
    private final boolean longs;
    private final boolean isTwoSided;
    private final ExactDdg oneSided;
    private final ExactDdg magnitude;
    /** The walk tabulated over its first {@value #LOOK_AHEAD} bits (null for the decomposition). */
    private final PrefixTable lookAhead;
    /** Look-ahead of the tabulated walk: 2^12 entries, 32 KB. */
    static final int LOOK_AHEAD = 12;

    private Geometric(BigInteger p, BigInteger q, boolean twoSided) {
        this.p = p;
        this.q = q;
        this.longs = p.bitLength() < 62 && q.bitLength() < 62;
        this.isTwoSided = twoSided;
        Optional<ExactDdg> walker = ExactDdg.of(new GeometricPmf(p, q, twoSided), 40);
        this.oneSided = twoSided ? null : walker.orElse(null);
        this.magnitude = twoSided ? walker.orElse(null) : null;
        this.lookAhead = walker.isPresent() ? PrefixTable.of(1, LOOK_AHEAD, (row, random) -> walk(random)) : null;
    }

    /**
     * The one-sided law with rate p/q.
     *
     * @throws IllegalArgumentException when p or q is below 1
     */
    public static Geometric oneSided(BigInteger p, BigInteger q) {
        check(p, q);
        return new Geometric(p, q, false);
    }

    /**
     * The two-sided law P(Z = z) ∝ e^{-(p/q)|z|} on all integers (the discrete Laplace law with ε = p/q).
     *
     * @throws IllegalArgumentException when p or q is below 1
     */
    public static Geometric twoSided(BigInteger p, BigInteger q) {
        check(p, q);
        return new Geometric(p, q, true);
    }

    private static void check(BigInteger p, BigInteger q) {
        Objects.requireNonNull(p, "p");
        Objects.requireNonNull(q, "q");
        if (p.signum() <= 0 || q.signum() <= 0) {
            throw new IllegalArgumentException("the rate p/q needs p >= 1 and q >= 1. Provided values: p = " + p + ", q = " + q);
        }
    }

    /** Whether draws run the exact Knuth–Yao walker (else the decomposition for small rates). */
    public boolean usesTable() {
        return oneSided != null || magnitude != null;
    }

    /** The law's entropy in bits (floating point; for reports). */
    public double entropyBits() {
        return new GeometricPmf(p, q, isTwoSided).entropyBits();
    }

    /**
     * One draw as a long: with the table, the common path (its outcomes stay far inside the long range); without it (tiny
     * rates), {@link #sampleBig} converted, which throws {@link ArithmeticException} for a draw beyond the long range rather
     * than wrap: callers that must be total use {@link #sampleBig} when {@link #usesTable()} is false.
     */
    public long sample(RandomSource random) {
        if (lookAhead != null) {
            return lookAhead.sample(0, random); // exactly walk(random), the same bits consumed
        }
        return sampleBig(random).longValueExact();
    }

    /** The Knuth–Yao walk, one bit at a time (and the sign bit of a non-zero two-sided draw). */
    private long walk(RandomSource random) {
        if (oneSided != null) {
            return oneSided.sample(random);
        }
        if (magnitude != null) {
            long m = magnitude.sample(random);
            return m == 0 || random.nextBit() == 0 ? m : -m;
        }
        return sampleBig(random).longValueExact();
    }

    /** One draw, exact at any magnitude. */
    public BigInteger sampleBig(RandomSource random) {
        if (usesTable()) {
            return BigInteger.valueOf(sample(random));
        }
        if (!isTwoSided) {
            return longs ? BigInteger.valueOf(sample(p.longValueExact(), q.longValueExact(), random)) : sample(p, q, random);
        }
        while (true) {
            BigInteger y = longs ? BigInteger.valueOf(sample(p.longValueExact(), q.longValueExact(), random)) : sample(p, q, random);
            boolean negative = random.nextBit() == 1;
            if (negative && y.signum() == 0) {
                continue; // −0 would count 0 twice
            }
            return negative ? y.negate() : y;
        }
    }

    /** One-sided draw with rate s/t by the decomposition (the products fit a long: s, t below 2^62 and the draw below 2^62). */
    static long sample(long s, long t, RandomSource random) {
        while (true) {
            long u = ExactBernoulli.uniformBelow(t, random);
            if (!ExactBernoulli.bernoulliExpMinus(u, t, random)) {
                continue;
            }
            long v = 0;
            while (ExactBernoulli.bernoulliExpMinus(1, 1, random)) {
                v++;
            }
            return Math.addExact(u, Math.multiplyExact(t, v)) / s;
        }
    }

    /** One-sided draw with rate p/q for big integers, by the decomposition. */
    static BigInteger sample(BigInteger p, BigInteger q, RandomSource random) {
        while (true) {
            BigInteger u = ExactBernoulli.uniformBelow(q, random);
            if (!ExactBernoulli.bernoulliExpMinus(u, q, random)) {
                continue;
            }
            long v = 0;
            while (ExactBernoulli.bernoulliExpMinus(1, 1, random)) {
                v++;
            }
            return u.add(q.multiply(BigInteger.valueOf(v))).divide(p);
        }
    }
}
