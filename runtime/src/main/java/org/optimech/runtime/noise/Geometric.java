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
 * integer on the common path) when the law's table fits (rates above about 3·10^-4). For smaller rates it splits a
 * one-sided draw Y by a period n = 2^t (t ≤ {@value #MAX_PERIOD_BITS}, n·r below about 1): A = ⌊Y/n⌋ and B = Y mod n are
 * independent, A one-sided geometric at rate n·r (this class again) and B the geometric truncated to [0, n) (a walker of
 * at most n outcomes), so Y = n·A + B is two walks, fewer than H + 4 bits (docs/LATTICE_KNORM.md, "Geometric by a period");
 * a two-sided draw is ±Y with −0 redrawn. Only for rates below about 2^-40 (whose draws could approach the long range) or p
 * or q beyond longs does it run the decomposition of Canonne, Kamath and Steinke (2020, Algorithm 2): U uniform on [0, q) kept with
 * probability e^{-U/q}, V counting successes of Bernoulli(e^{-1}), Y = ⌊(U + q·V)/p⌋, with the bit-frugal uniform and
 * Bernoulli draws of {@link ExactBernoulli} (about 1.6·log2(q) + 6 bits per draw) and big integers only when p or q need
 * them.
 *
 * <p>Immutable and thread-safe; each call takes its own {@link RandomSource}.
 */
public final class Geometric {
    private final BigInteger p;
    private final BigInteger q;
    private final boolean longs;
    /**
     * Whether the decomposition runs in longs: U + q·V stays below 2^63 unless V ≥ 2^63/q, probability e^{−2^63/q}, so q is
     * kept below 2^40 (e^{−2^23}); with q near 2^62 that was e^{−2} per draw, and the draw threw instead of returning.
     */
    private final boolean decompositionInLongs;
    private final boolean isTwoSided;
    private final ExactDdg oneSided;
    private final ExactDdg magnitude;
    /** The walk tabulated over its first {@value #LOOK_AHEAD} bits (null for the split and the decomposition). */
    private final PrefixTable lookAhead;
    /** Look-ahead of the tabulated walk: 2^12 entries, 32 KB. */
    static final int LOOK_AHEAD = 12;
    /** The split's period n (0 without it), A = ⌊Y/n⌋ at rate n·r and B = Y mod n; null without it. */
    private final long period;
    private final Geometric blocks;
    private final TabulatedLaw offsets;
    /**
     * Largest period 2^t of the split: B's walker then stores at most 2^t outcomes (about 2^t·26 leaves, 0.1 MB) and its
     * 12-bit look-ahead ends most walks; at t = 12 the load took 2–3 ms longer and draws were slower (ℓ1, d = 6).
     */
    static final int MAX_PERIOD_BITS = 10;

    private Geometric(BigInteger p, BigInteger q, boolean twoSided) {
        this(p, q, twoSided, AUTOMATIC);
    }

    /** {@code periodBits}: {@link #AUTOMATIC}, 0 (no split) or a forced split's t (no single walker: tests). */
    private Geometric(BigInteger p, BigInteger q, boolean twoSided, int periodBits) {
        this.p = p;
        this.q = q;
        this.longs = p.bitLength() < 62 && q.bitLength() < 62;
        this.decompositionInLongs = p.bitLength() < 62 && q.bitLength() <= 40;
        this.isTwoSided = twoSided;
        Optional<ExactDdg> walker = periodBits > 0 ? Optional.empty() : ExactDdg.of(new GeometricPmf(p, q, twoSided), 40);
        this.oneSided = twoSided ? null : walker.orElse(null);
        this.magnitude = twoSided ? walker.orElse(null) : null;
        this.lookAhead = walker.isPresent() ? PrefixTable.of(1, LOOK_AHEAD, (row, random) -> walk(random)) : null;
        int t = periodBits > 0 ? periodBits : walker.isPresent() || !longs || periodBits == 0 ? 0 : periodBits(p, q);
        Geometric a = t > 0 ? new Geometric(p.shiftLeft(t), q, false, AUTOMATIC) : null;
        Optional<TabulatedLaw> b = a != null && a.usesTable() ? TabulatedLaw.of(GeometricPmf.truncated(p, q, 1L << t), 40) : Optional.empty();
        this.period = b.isPresent() ? 1L << t : 0;
        this.blocks = b.isPresent() ? a : null;
        this.offsets = b.orElse(null);
    }

    /**
     * The split's t: the largest t ≤ {@value #MAX_PERIOD_BITS} with 2^t·r ≤ 1 (A then has rate at most 1, B's weights lie
     * within a factor e of each other), or 0 (no split) when r is above 2^-2, p·2^t would pass 2^62, or r is below 2^-41:
     * the split's long outcomes need P(Y ≥ 2^61) = e^{−r·2^61} negligible (below e^{−2^20} here); smaller rates keep the
     * decomposition, whose big-integer draws are exact at any size.
     */
    private static int periodBits(BigInteger p, BigInteger q) {
        if (q.bitLength() - p.bitLength() > 40) {
            return 0; // q/p ≥ 2^41 possible: too close to the long range
        }
        // 2^t·p ≤ q ⟺ t ≤ log2(q/p): the bit lengths give it to within one, the comparison decides
        int t = Math.min(MAX_PERIOD_BITS, q.bitLength() - p.bitLength());
        while (t > 0 && p.shiftLeft(t).compareTo(q) > 0) {
            t--;
        }
        return t >= 2 && p.bitLength() + t < 62 ? t : 0;
    }

    private static final int AUTOMATIC = -1;

    /**
     * The law with the split forced at period 2^t whatever the rate, or with t = 0 never split (its walker or the
     * decomposition): for tests, which check the split's law on small cases against the single walker's.
     */
    static Geometric withPeriodBits(BigInteger p, BigInteger q, boolean twoSided, int t) {
        check(p, q);
        if (t < 0 || t > 30 || p.bitLength() + t >= 62) {
            throw new IllegalArgumentException("t must be in [0, 30] with p·2^t below 2^62. Provided value: " + t);
        }
        return new Geometric(p, q, twoSided, t);
    }

    /** The split's period n (0 when the law is one walk or the decomposition). */
    long period() {
        return period;
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

    /** Whether draws run exact Knuth–Yao walkers, one or the split's two, in longs (else the decomposition for tiny rates). */
    public boolean usesTable() {
        return oneSided != null || magnitude != null || period > 0;
    }

    /** The law's entropy in bits (floating point; for reports). */
    public double entropyBits() {
        return new GeometricPmf(p, q, isTwoSided).entropyBits();
    }

    /**
     * One draw as a long: with the table, the common path (its outcomes stay far inside the long range: a split runs only at
     * rates above about 2^-41, where a draw reaches 2^61 with probability below e^{-2^20}, and it throws
     * {@link ArithmeticException} there rather than wrap); without it (tiny rates), {@link #sampleBig} converted, which throws
     * the same way for a draw beyond the long range: callers that must be total use {@link #sampleBig}, exact at any size.
     */
    public long sample(RandomSource random) {
        if (lookAhead != null) {
            return lookAhead.sample(0, random); // exactly walk(random), the same bits consumed
        }
        if (period > 0) {
            return split(random);
        }
        return sampleBig(random).longValueExact();
    }

    /**
     * Y = n·A + B from the split's two walks; two-sided, ±Y with a sign bit and −0 redrawn (probability (1 − α)/2). In longs,
     * exact: n·A + B throws rather than wrap beyond the long range (probability below e^{-2^20}, see {@link #sample}).
     */
    private long split(RandomSource random) {
        while (true) {
            long y = Math.addExact(Math.multiplyExact(period, blocks.sample(random)), offsets.sample(random));
            if (!isTwoSided) {
                return y;
            }
            boolean negative = random.nextBit() == 1;
            if (!(negative && y == 0)) {
                return negative ? -y : y;
            }
        }
    }

    /** {@link #split} in big integers (the same bits in the same order, so the same law), total at any magnitude. */
    private BigInteger splitBig(RandomSource random) {
        while (true) {
            BigInteger y = BigInteger.valueOf(period).multiply(blocks.sampleBig(random)).add(BigInteger.valueOf(offsets.sample(random)));
            if (!isTwoSided) {
                return y;
            }
            boolean negative = random.nextBit() == 1;
            if (!(negative && y.signum() == 0)) {
                return negative ? y.negate() : y;
            }
        }
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
        if (period > 0) {
            return splitBig(random);
        }
        if (usesTable()) {
            return BigInteger.valueOf(sample(random));
        }
        if (!isTwoSided) {
            return decompositionInLongs ? BigInteger.valueOf(sample(p.longValueExact(), q.longValueExact(), random)) : sample(p, q, random);
        }
        while (true) {
            BigInteger y = decompositionInLongs ? BigInteger.valueOf(sample(p.longValueExact(), q.longValueExact(), random)) : sample(p, q, random);
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
