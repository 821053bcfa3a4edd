package org.optimech.runtime.json;

import java.math.BigInteger;

/**
 * The shortest decimal that reads back as a given double (closest, then even, among the shortest), found with 64- and
 * 128-bit integer arithmetic by the Schubfach method (R. Giulietti, "The Schubfach way to render doubles", 2020): the
 * double's rounding interval is scaled by a power of ten that leaves between one and ten units of 10^k in it, so the
 * answer is either the single multiple of 10^(k+1) inside it or one of the two multiples of 10^k around the value.
 *
 * <p>The scaled bounds are computed with a 126-bit upper approximation of 10^-k (a table generated exactly at class
 * initialization) and rounded to odd, which keeps every comparison with an integer multiple of 4 exact (the paper's
 * theorem). Two departures from Java 19's {@code Double.toString}, which uses the same method: a multiple of 10^(k+1)
 * is preferred whenever it is shorter (Java keeps at least two digits), and the tiniest subnormals are not widened to
 * two digits. {@link Es6NumberFormat#formatExact} is the slow reference this is tested against.
 */
final class ShortestDecimal {
    private static final int MIN_Q = -1074; // exponent of a subnormal's unit
    private static final long HIDDEN = 1L << 52;
    private static final long LOW_63 = (1L << 63) - 1;
    private static final int MIN_K = floorLog10Pow2(MIN_Q);
    private static final int MAX_K = floorLog10Pow2(2046 - 1075);
    /** For k from MIN_K: g = floor(10^-k 2^(125 - floorLog2Pow10(-k))) + 1 in [2^125, 2^126), as its high and low 63 bits. */
    private static final long[] G = powersOfTen();

    private ShortestDecimal() {
    }

    /** The ECMAScript string of a finite, nonzero double. */
    static String format(double value) {
        long bits = Double.doubleToRawLongBits(value);
        boolean negative = bits < 0;
        int biased = (int) (bits >>> 52) & 0x7ff;
        long fraction = bits & (HIDDEN - 1);
        long c = biased == 0 ? fraction : fraction | HIDDEN;
        int q = biased == 0 ? MIN_Q : biased - 1075;
        if (-52 <= q && q <= 0 && (c & ((1L << -q) - 1)) == 0) {
            // An integer below 2^53: its interval holds no other integer, and any non-integer in it has more digits.
            return Es6NumberFormat.layout(negative, c >> -q, 0);
        }
        // Scaled by 4 (in units of 2^(q-2)) so that the interval's ends are integers.
        long cb = c << 2;
        long cbr = cb + 2;
        long cbl;
        int k;
        if (fraction != 0 || biased <= 1) {
            cbl = cb - 2;
            k = floorLog10Pow2(q); // 10^k <= width 2^q < 10^(k+1)
        } else {
            cbl = cb - 1; // a power of two: the gap below is half the gap above
            k = floorLog10ThreeQuartersPow2(q); // width 3/4 2^q
        }
        int h = q + floorLog2Pow10(-k) + 2; // in [1, 4]: cb << h stays below 2^59
        int i = (k - MIN_K) << 1;
        long g1 = G[i];
        long g0 = G[i + 1];
        // The value and the interval's ends times 4 10^-k, rounded to odd.
        long vb = roundToOdd(g1, g0, cb << h);
        long vbl = roundToOdd(g1, g0, cbl << h);
        long vbr = roundToOdd(g1, g0, cbr << h);
        // An even significand reads back from the interval's ends (ties to even): a closed interval.
        int open = (int) c & 1;
        long s = vb >> 2;
        if (s >= 10) {
            // At most one multiple of 10^(k+1) fits (the width is below 10^(k+1)); if one does, it is the shortest. Below 10
            // units, 10^(k+1) has as few digits as s, and the closer of s and s + 1 is the answer instead.
            long sp10 = s / 10 * 10;
            long tp10 = sp10 + 10;
            boolean sp10In = vbl + open <= sp10 << 2;
            boolean tp10In = (tp10 << 2) + open <= vbr;
            if (sp10In != tp10In) {
                return Es6NumberFormat.layout(negative, sp10In ? sp10 : tp10, k);
            }
        }
        long t = s + 1;
        boolean sIn = vbl + open <= s << 2;
        boolean tIn = (t << 2) + open <= vbr;
        if (sIn != tIn) {
            return Es6NumberFormat.layout(negative, sIn ? s : t, k);
        }
        // Both read back (the width is at least one unit): the closer, then the even.
        long cmp = vb - ((s + t) << 1);
        return Es6NumberFormat.layout(negative, cmp < 0 || cmp == 0 && (s & 1) == 0 ? s : t, k);
    }

    /**
     * floor(g cp / 2^127), with its last bit set when anything nonzero was dropped (g = g1 2^63 + g0). Rounding to odd keeps
     * the result's order with every multiple of 4 that of the exact quotient.
     */
    private static long roundToOdd(long g1, long g0, long cp) {
        long x1 = Math.multiplyHigh(g0, cp);
        long y0 = g1 * cp;
        long y1 = Math.multiplyHigh(g1, cp);
        long z = (y0 >>> 1) + x1;
        long high = y1 + (z >>> 63);
        return high | ((z & LOW_63) + LOW_63) >>> 63;
    }

    /** floor(e log10(2)) for |e| well beyond the double range (checked in the tests). */
    static int floorLog10Pow2(int e) {
        return (int) (e * 661_971_961_083L >> 41);
    }

    /** floor(e log10(2) + log10(3/4)). */
    static int floorLog10ThreeQuartersPow2(int e) {
        return (int) (e * 661_971_961_083L - 274_743_187_321L >> 41);
    }

    /** floor(e log2(10)). */
    static int floorLog2Pow10(int e) {
        return (int) (e * 913_124_641_741L >> 38);
    }

    /** The table's g for k, exactly (for the tests). */
    static BigInteger g(int k) {
        int i = (k - MIN_K) << 1;
        return BigInteger.valueOf(G[i]).shiftLeft(63).or(BigInteger.valueOf(G[i + 1]));
    }

    static int minK() {
        return MIN_K;
    }

    static int maxK() {
        return MAX_K;
    }

    private static long[] powersOfTen() {
        long[] table = new long[(MAX_K - MIN_K + 1) << 1];
        BigInteger low63 = BigInteger.valueOf(LOW_63);
        for (int k = MIN_K; k <= MAX_K; k++) {
            int e = -k;
            int shift = 125 - floorLog2Pow10(e); // 10^e 2^shift is in [2^125, 2^126)
            BigInteger floor;
            if (e >= 0) {
                BigInteger p = BigInteger.TEN.pow(e);
                floor = shift >= 0 ? p.shiftLeft(shift) : p.shiftRight(-shift);
            } else {
                floor = BigInteger.ONE.shiftLeft(shift).divide(BigInteger.TEN.pow(-e));
            }
            BigInteger g = floor.add(BigInteger.ONE);
            if (g.bitLength() != 126) {
                throw new AssertionError("10^" + e + " scaled to " + g.bitLength() + " bits");
            }
            int i = (k - MIN_K) << 1;
            table[i] = g.shiftRight(63).longValueExact();
            table[i + 1] = g.and(low63).longValueExact();
        }
        return table;
    }
}
