package org.optimech.runtime.lattice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.ChiSquare;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * The facet proposal's acceptance exponent in longs ({@link IntegerFacets}): equal to r·max_f(a_f·y)/b_f − s·h(y) computed
 * here in rationals for random bodies, rates, half-widths and points, and the facet sampler's law on a three-dimensional
 * hull through it by χ² (false-failure probability {@link ChiSquare#ALPHA}).
 */
class IntegerFacetsTest {
    /** The regression hull of LatticeRounds' hull3: conv(±(1, 0, 0), ±(1, 1, 1), ±(−1, 1, −1)), offsets 1, bounds 1. */
    static final long[][] HULL3 = {{-1, 0, 0}, {-1, -1, 1}, {1, 0, -2}, {-1, 1, 1}, {-1, 0, 2}, {1, -1, -1}, {1, 1, -1}, {1, 0, 0}};

    private static BigInteger[][] big(long[][] a) {
        BigInteger[][] b = new BigInteger[a.length][];
        for (int f = 0; f < a.length; f++) {
            b[f] = new BigInteger[a[f].length];
            for (int j = 0; j < a[f].length; j++) {
                b[f][j] = BigInteger.valueOf(a[f][j]);
            }
        }
        return b;
    }

    private static Rational q(long num, long den) {
        return new Rational(BigInteger.valueOf(num), BigInteger.valueOf(den));
    }

    /** r·max_f (a_f·y)/b_f − s·max_j ⌊|y_j|/m_j⌋ in rationals (and the largest a_f·y/b_f's sign in {@code sign[0]}). */
    private static Rational excess(BigInteger[][] a, Rational[] b, Rational r, long[] m, Rational s, long[] y, int[] sign) {
        Rational best = null;
        for (int f = 0; f < a.length; f++) {
            BigInteger dot = BigInteger.ZERO;
            for (int j = 0; j < y.length; j++) {
                dot = dot.add(a[f][j].multiply(BigInteger.valueOf(y[j])));
            }
            Rational g = Rational.of(dot).divide(b[f]);
            best = best == null || g.compareTo(best) > 0 ? g : best;
        }
        sign[0] = best.signum();
        long h = 0;
        for (int j = 0; j < y.length; j++) {
            h = Math.max(h, Math.abs(y[j]) / m[j]);
        }
        return r.multiply(best).subtract(s.multiply(Rational.of(BigInteger.valueOf(h))));
    }

    /**
     * For random facets (symmetric pairs or not, rational offsets), rates, half-widths and points: a non-negative numerator
     * over the denominator is the exact excess; −1 only where the excess or the gauge is negative.
     */
    @Property(tries = 300)
    void theExponentInLongsIsTheExactExcess(@ForAll long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int d = random.nextInt(1, 5);
        boolean symmetric = random.nextBoolean();
        int faces = random.nextInt(1, 5);
        long[][] normals = new long[symmetric ? 2 * faces : faces][d];
        Rational[] offsets = new Rational[normals.length];
        for (int f = 0; f < faces; f++) {
            for (int j = 0; j < d; j++) {
                normals[f][j] = random.nextInt(-6, 7);
            }
            offsets[f] = q(random.nextInt(1, 10), random.nextInt(1, 10));
            if (symmetric) {
                for (int j = 0; j < d; j++) {
                    normals[faces + f][j] = -normals[f][j];
                }
                offsets[faces + f] = offsets[f];
            }
        }
        BigInteger[][] a = big(normals);
        Rational rate = q(random.nextInt(1, 10), random.nextInt(1, 5000));
        Rational proposal = q(random.nextInt(1, 10), random.nextInt(1, 5000));
        long[] m = new long[d];
        for (int j = 0; j < d; j++) {
            m[j] = random.nextLong(1, 1L << random.nextInt(1, 31));
        }
        IntegerFacets facets = IntegerFacets.of(a, offsets, rate, m, proposal).orElseThrow();
        assertTrue(facets.evaluated() <= (symmetric ? faces : normals.length), "one row per ± pair");
        int[] sign = new int[1];
        for (int i = 0; i < 50; i++) {
            long[] y = new long[d];
            long reach = 1L << random.nextInt(0, 31);
            for (int j = 0; j < d; j++) {
                y[j] = random.nextLong(-reach, reach + 1);
            }
            Rational exact = excess(a, offsets, rate, m, proposal, y, sign);
            long num = facets.numerator(y);
            if (num >= 0) {
                assertEquals(0, q(num, facets.denominator()).compareTo(exact), "excess at " + java.util.Arrays.toString(y) + " of " + facets);
            } else {
                assertTrue(exact.signum() < 0 || sign[0] < 0, "declined a point whose excess " + exact + " is computable: " + java.util.Arrays.toString(y));
            }
        }
    }

    /** Points beyond the long-safe range are declined (the caller's general path takes them), never wrapped. */
    @Test
    void pointsBeyondTheLongRangeAreDeclined() {
        Rational[] ones = new Rational[HULL3.length];
        java.util.Arrays.fill(ones, Rational.ONE);
        IntegerFacets facets = IntegerFacets.of(big(HULL3), ones, q(1, 4099), new long[] {205, 205, 205}, q(205, 4099)).orElseThrow();
        assertEquals(4, facets.evaluated());
        assertEquals(4099, facets.denominator());
        assertEquals(-1, facets.numerator(new long[] {1L << 60, 0, 0}));
        assertEquals(3 * 1000 - 205 * 4, facets.numerator(new long[] {1000, 1000, -1000})); // G = |−1000 − 1000 − 1000| via (−1, −1, 1)
    }

    /** The hull3 body's lattice noise at rate 1/2 against e^{−‖z‖_K/2} enumerated on [−5, 5]^3 (the rest in one cell). */
    @Test
    void hullNoiseFollowsTheExactLatticeDistribution() {
        Rational[] ones = new Rational[HULL3.length];
        java.util.Arrays.fill(ones, Rational.ONE);
        Rational[] bounds = {Rational.ONE, Rational.ONE, Rational.ONE};
        LatticeGauge gauge = LatticeGauge.facets(big(HULL3), ones, bounds);
        Rational rate = q(1, 2);
        LatticeSampler sampler = LatticeSampler.of(gauge, 0, rate, 1_000_000);
        assertTrue(IntegerFacets.of(big(HULL3), ones, rate, new long[] {1, 1, 1}, rate).isPresent(), "the sampler's proposals take the long path");
        int w = 5;
        int side = 2 * w + 1;
        double[] p = new double[side * side * side + 1];
        double z = 0;
        int far = 70; // e^{−35} past it along the narrowest direction: the rest is far below the χ²'s resolution
        for (int x = -far; x <= far; x++) {
            for (int y = -far; y <= far; y++) {
                for (int v = -far; v <= far; v++) {
                    double g = gauge(x, y, v);
                    if (g <= far) {
                        z += Math.exp(-g / 2);
                    }
                }
            }
        }
        double inside = 0;
        for (int x = -w; x <= w; x++) {
            for (int y = -w; y <= w; y++) {
                for (int v = -w; v <= w; v++) {
                    double pr = Math.exp(-gauge(x, y, v) / 2) / z;
                    p[((x + w) * side + (y + w)) * side + (v + w)] = pr;
                    inside += pr;
                }
            }
        }
        p[p.length - 1] = Math.max(0, 1 - inside);
        int n = 400_000;
        long[] counts = new long[p.length];
        SeededRandomBits bits = new SeededRandomBits(23);
        for (int i = 0; i < n; i++) {
            long[] s = LatticeSamplerTest.longs(sampler.noise(bits));
            boolean in = Math.abs(s[0]) <= w && Math.abs(s[1]) <= w && Math.abs(s[2]) <= w;
            counts[in ? (int) (((s[0] + w) * side + (s[1] + w)) * side + (s[2] + w)) : p.length - 1]++;
        }
        ChiSquare.assertFits(counts, p, n, "hull3 lattice noise at rate 1/2");
    }

    /** ‖(x, y, v)‖_K of HULL3, in doubles (exact for these small integers). */
    private static double gauge(long x, long y, long v) {
        double g = 0;
        for (long[] a : HULL3) {
            g = Math.max(g, a[0] * x + a[1] * y + a[2] * v);
        }
        return g;
    }
}
