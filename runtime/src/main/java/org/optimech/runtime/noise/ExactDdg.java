package org.optimech.runtime.noise;

import java.math.BigInteger;
import java.util.Arrays;
import org.optimech.runtime.random.RandomSource;

/**
 * Entropy-optimal exact sampling of a distribution on m = 0, 1, 2, … whose probabilities q_m are irrational (e^{-ε} and
 * its kin): the Knuth–Yao tree of the exact distribution. Level c (c = 0, 1, …) has a leaf for each m whose q_m has a 1
 * in binary place c + 1; a draw reads one bit per level and stops at a leaf, so it returns m with probability q_m exactly
 * and reads fewer than H + 2 bits on average (H the entropy in bits; Knuth and Yao 1976).
 *
 * <p>The first L levels are built once from the exact integers ⌊q_m·2^L⌋ (decided from certified enclosures of q_m, refined
 * until they decide), flat like {@link org.optimech.runtime.discrete.KnuthYaoRows}: a draw there is a few array reads per
 * bit and no big integer. A walk that passes level L, which happens with probability below (the outcomes with q_m ≥ 2^-L
 * plus the mean) · 2^-L, goes on through the levels built at load below them, if asked for ({@link DeepLevels}: a scan of
 * one long per outcome), and past those reads each further level's leaves from enclosures at that level's precision: slow,
 * exact, and with the deep levels built, below a stated probability (2^-64 for {@link TabulatedLaw}).
 *
 * <p>Immutable and thread-safe.
 */
final class ExactDdg {
    /** Most leaves stored (4 bytes each). */
    static final int MAX_LEAVES = 1 << 21;

    private final ExactPmf pmf;
    private final int levels;
    private final int[] starts;
    private final int[] leaves;
    private final int skip;
    /** The levels below the stored ones built at load, or null (each then computed on demand). */
    private final DeepLevels below;

    private ExactDdg(ExactPmf pmf, int levels, int[] starts, int[] leaves, int skip, DeepLevels below) {
        this.pmf = pmf;
        this.below = below;
        this.levels = levels;
        this.starts = starts;
        this.leaves = leaves;
        this.skip = skip;
    }

    /**
     * The walker for {@code pmf}, storing as many of the first 62 levels as fit {@value #MAX_LEAVES} leaves, and at least
     * {@code minLevels}; empty when even those do not fit (the caller then uses a sampler that needs no table).
     */
    static java.util.Optional<ExactDdg> of(ExactPmf pmf, int minLevels) {
        return of(pmf, minLevels, 62);
    }

    /** As {@link #of(ExactPmf, int)} storing at most {@code maxLevels} levels (tests exercise the deep walk with few). */
    static java.util.Optional<ExactDdg> of(ExactPmf pmf, int minLevels, int maxLevels) {
        return of(pmf, minLevels, maxLevels, 0);
    }

    /**
     * As {@link #of(ExactPmf, int, int)}, and when {@code passBits} exceeds the levels stored, also the levels below them
     * ({@link DeepLevels}) until a walk passes them all with probability below 2^−passBits (or, if that would need more than
     * 63 further levels, 63 of them): then a draw computes a level itself only with that probability. Both come from one
     * pass of exact floors at the deepest level's precision, the table's floors by shifting them.
     */
    static java.util.Optional<ExactDdg> of(ExactPmf pmf, int minLevels, int maxLevels, int passBits) {
        Floors fine = null;
        for (int levels = maxLevels; levels >= minLevels; levels -= 2) {
            long count = pmf.support(levels - 1);
            if (count * levels / 2 > 2L * MAX_LEAVES || count > MAX_LEAVES) {
                continue;
            }
            if (passBits > levels && fine == null) {
                fine = deepFloors(pmf, levels, passBits);
            }
            boolean deep = fine != null && fine.bits > levels;
            long[] w = new long[(int) count];
            if (deep) {
                // ⌊⌊q·2^T⌋/2^(T−L)⌋ = ⌊q·2^L⌋; outcomes past the support at level T − 1 have q < 2^−T, floor 0 at L bits too
                for (int m = 0; m < Math.min(w.length, fine.floors.length); m++) {
                    w[m] = fine.floors[m].shiftRight(fine.bits - levels).longValueExact();
                }
            } else {
                BigInteger[] f = exactFloors(pmf, (int) count, levels);
                for (int m = 0; m < w.length; m++) {
                    w[m] = f[m].longValueExact();
                }
            }
            long total = 0;
            for (long x : w) {
                total += Long.bitCount(x);
            }
            if (total > MAX_LEAVES) {
                continue;
            }
            int[] starts = new int[levels + 1];
            int[] leaves = new int[(int) total];
            int next = 0;
            int skip = -1;
            for (int c = 0; c < levels; c++) {
                starts[c] = next;
                long bit = 1L << (levels - 1 - c);
                for (int m = 0; m < w.length; m++) {
                    if ((w[m] & bit) != 0) {
                        leaves[next++] = m;
                        if (skip < 0) {
                            skip = c;
                        }
                    }
                }
            }
            starts[levels] = next;
            DeepLevels below = deep ? fine.below(levels) : null;
            return java.util.Optional.of(new ExactDdg(pmf, levels, starts, leaves, Math.max(0, skip < 0 ? levels : skip), below));
        }
        return java.util.Optional.empty();
    }

    /** Exact floors ⌊q_m·2^bits⌋ of every outcome below the support at level bits − 1. */
    private record Floors(int bits, BigInteger[] floors) {
        /** The levels from {@code from} on, at most 63 of them (the floors shifted to that depth when they go deeper). */
        DeepLevels below(int from) {
            int to = Math.min(bits, from + 63);
            BigInteger[] at = floors.clone();
            for (int m = 0; m < at.length; m++) {
                at[m] = at[m].shiftRight(bits - to);
            }
            return DeepLevels.of(from, to, at);
        }
    }

    /**
     * The floors at the precision T whose levels a walk passes with probability below 2^−passBits: T is first estimated from
     * the support (the walk passes level T − 1 with probability R·2^−T, R = 2^T − Σ⌊q_m·2^T⌋, about half the outcome count:
     * each outcome leaves its fractional part), then checked exactly and raised while R is too large; T stays within 63 levels
     * of {@code levels}. Null when
     * the outcomes are too many to enclose at load (then the deep levels are computed on demand, as before).
     */
    private static Floors deepFloors(ExactPmf pmf, int levels, int passBits) {
        int t = passBits + 1;
        for (int i = 0; i < 8; i++) {
            int next = passBits + 1 + (64 - Long.numberOfLeadingZeros(pmf.support(t - 1)));
            if (next <= t) {
                break;
            }
            t = next;
        }
        for (t = Math.min(t, levels + 63); ; t = Math.min(t + 2, levels + 63)) {
            long count = pmf.support(t - 1);
            if (count > 2L * MAX_LEAVES) {
                return null;
            }
            BigInteger[] f = exactFloors(pmf, (int) count, t);
            BigInteger sum = BigInteger.ZERO;
            for (BigInteger x : f) {
                sum = sum.add(x);
            }
            BigInteger residual = BigInteger.ONE.shiftLeft(t).subtract(sum);
            if (residual.bitLength() <= t - passBits || t == levels + 63) {
                return new Floors(t, f);
            }
        }
    }

    /** ⌊q_m·2^bits⌋ for m < count, exactly: enclosures refined until floor(lo) = floor(hi) for every m. */
    private static BigInteger[] exactFloors(ExactPmf pmf, int count, int bits) {
        BigInteger[] lo = new BigInteger[count];
        BigInteger[] hi = new BigInteger[count];
        for (int guard = 40; ; guard *= 2) {
            pmf.enclose(count, bits + guard, lo, hi);
            BigInteger[] w = new BigInteger[count];
            boolean decided = true;
            for (int m = 0; m < count && decided; m++) {
                w[m] = lo[m].shiftRight(guard);
                decided = w[m].equals(hi[m].shiftRight(guard));
            }
            if (decided) {
                return w;
            }
        }
    }

    /** One outcome m. */
    long sample(RandomSource random) {
        long d = skip == 0 ? 0 : random.nextBits(skip);
        for (int c = skip; c < levels; c++) {
            d = (d << 1) | random.nextBit();
            int from = starts[c];
            int h = starts[c + 1] - from;
            if (d < h) {
                return leaves[from + (int) d];
            }
            d -= h;
        }
        return deepWalk(d, random);
    }

    /**
     * Levels below the stored ones: those built at load ({@link DeepLevels}), then each further level's leaves from enclosures
     * at its precision, in increasing m.
     */
    private long deepWalk(long d, RandomSource random) {
        int first = levels;
        if (below != null) {
            for (int c = levels; c < below.to(); c++) {
                d = (d << 1) | random.nextBit();
                int h = below.count(c);
                if (d < h) {
                    return below.leaf(c, d);
                }
                d -= h;
            }
            first = below.to();
        }
        for (int c = first; ; c++) {
            d = (d << 1) | random.nextBit();
            long[] level = deepLevel(c);
            if (d < level.length) {
                return level[(int) d];
            }
            d -= level.length;
        }
    }

    /** The leaves of a level below the stored ones (the m whose q_m has a 1 in place c + 1), computed once and kept. */
    private long[] deepLevel(int c) {
        long[] cached = c - levels < DEEP_CACHE ? deep.get(c) : null;
        if (cached != null) {
            return cached;
        }
        long support = pmf.support(c);
        if (support > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("the exact sampler's level " + c + " has " + support + " outcomes");
        }
        int count = (int) support;
        BigInteger[] lo = new BigInteger[count];
        BigInteger[] hi = new BigInteger[count];
        for (int guard = 40; ; guard *= 2) {
            pmf.enclose(count, c + 1 + guard, lo, hi);
            long[] found = new long[count];
            int n = 0;
            boolean decided = true;
            for (int m = 0; m < count && decided; m++) {
                BigInteger a = lo[m].shiftRight(guard);
                decided = a.equals(hi[m].shiftRight(guard));
                if (a.testBit(0)) {
                    found[n++] = m;
                }
            }
            if (decided) {
                long[] leavesAtC = Arrays.copyOf(found, n);
                if (c - levels < DEEP_CACHE) {
                    deep.putIfAbsent(c, leavesAtC);
                }
                return leavesAtC;
            }
        }
    }

    /** Deep levels kept once computed (a walk reaches level L + k with probability about 2^-k of reaching L). */
    private static final int DEEP_CACHE = 64;
    private final java.util.concurrent.ConcurrentHashMap<Integer, long[]> deep = new java.util.concurrent.ConcurrentHashMap<>();

    /** The expected bits of a draw over the stored levels, plus the stored levels' count for the rest (an upper bound). */
    double expectedBits() {
        double e = 0;
        double mass = 0;
        for (int c = 0; c < levels; c++) {
            int h = starts[c + 1] - starts[c];
            e += h * (c + 1) * Math.scalb(1.0, -(c + 1));
            mass += h * Math.scalb(1.0, -(c + 1));
        }
        return e + Math.max(0, 1 - mass) * (levels + 64);
    }

    int storedLevels() {
        return levels;
    }

    /** The levels built at load below the stored ones, if any (tests and load reports). */
    java.util.Optional<DeepLevels> below() {
        return java.util.Optional.ofNullable(below);
    }

    @Override
    public String toString() {
        return "ExactDdg[" + levels + " levels, " + leaves.length + " leaves, first at " + skip + "; " + Arrays.toString(Arrays.copyOf(starts, 4)) + "…]";
    }
}
