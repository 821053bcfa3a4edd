package org.optimech.geometry.body;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.commons.math3.fraction.BigFraction;
import org.optimech.geometry.exactref.OldRounding;
import org.optimech.geometry.hull.ConvexHull;
import org.optimech.geometry.hull.QuickHull;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.knorm.LpNorm;

/**
 * The cone triangulation's volume, second moment and weights, the balls' closed forms and the inscribed box's exact facet
 * test, now on the runtime's {@link Rational}, against the Commons Math {@code BigFraction} code they replaced (kept below
 * verbatim as the reference).
 */
class ExactBodyAgreementTest {
    /** A centrally symmetric point set (so the origin is inside its hull), integer or arbitrary doubles. */
    static double[][] symmetricPoints(SplittableRandom random, int d, int half, boolean integers) {
        double[][] pts = new double[2 * half][d];
        for (int i = 0; i < half; i++) {
            for (int j = 0; j < d; j++) {
                pts[2 * i][j] = integers ? random.nextInt(-20, 21) : random.nextDouble(-3, 3);
                pts[2 * i + 1][j] = -pts[2 * i][j];
            }
        }
        return pts;
    }

    static void assertSame(BigFraction old, Rational now, String what) {
        assertEquals(old.getNumerator(), now.numerator(), what + " numerator");
        assertEquals(old.getDenominator(), now.denominator(), what + " denominator");
    }

    @Property(tries = 150)
    void triangulationEqualsTheBigFractionOne(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int d, @ForAll @IntRange(min = 1, max = 8) int half,
            @ForAll boolean integers) {
        ConvexHull hull = QuickHull.of(symmetricPoints(new SplittableRandom(seed), d, half, integers));
        Assume.that(hull.dimension() > 0);
        ConeTriangulation t = ConeTriangulation.fromOrigin(hull);
        Old old = new Old(hull);
        assertSame(old.volume(), t.volume(), "volume");
        BigFraction[][] m = old.secondMoment();
        Rational[][] now = t.secondMoment();
        double[][] nowDouble = t.secondMomentDouble();
        for (int r = 0; r < m.length; r++) {
            for (int c = 0; c < m.length; c++) {
                assertSame(m[r][c], now[r][c], "M " + r + "," + c);
                OldRounding.assertSameOrNearer(m[r][c], m[r][c].doubleValue(), nowDouble[r][c], "M double " + r + "," + c);
            }
        }
        double[] w = t.weights();
        for (int i = 0; i < w.length; i++) {
            BigFraction exact = new BigFraction(old.dets[i], old.detSum);
            OldRounding.assertSameOrNearer(exact, exact.doubleValue(), w[i], "weight " + i);
        }
    }

    @Property(tries = 100)
    void ballClosedFormsEqualTheBigFractionOnes(@ForAll @IntRange(min = 1, max = 46_000) int d) {
        assertSame(oldExactVolume(LpNorm.L1, Math.min(d, 300)), LpBalls.exactVolume(LpNorm.L1, Math.min(d, 300)), "l1 volume");
        assertSame(oldExactVolume(LpNorm.LINF, Math.min(d, 300)), LpBalls.exactVolume(LpNorm.LINF, Math.min(d, 300)), "linf volume");
        for (LpNorm ball : LpNorm.values()) {
            BigFraction old = oldSecondMomentScalar(ball, d);
            assertSame(old, LpBalls.secondMomentScalar(ball, d), ball + " M scalar");
            assertEquals(old.toString(), LpBalls.secondMomentScalarNote(ball, d), "the notes' text");
            assertEquals(old.doubleValue(), LpBalls.secondMomentScalar(ball, d).doubleValue(), ball + " M scalar double");
        }
    }

    @Property(tries = 500)
    void boxTestEqualsTheBigFractionOne(@ForAll long seed, @ForAll @IntRange(min = 1, max = 5) int k, @ForAll @IntRange(min = -8, max = 8) int unit,
            @ForAll @IntRange(min = 1, max = 6) int facets) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] lo = new double[k];
        double[] hi = new double[k];
        for (int j = 0; j < k; j++) {
            // quarter-integers half the time, so corners land exactly on integer offsets
            hi[j] = random.nextBoolean() ? random.nextDouble(0, 4) : random.nextInt(16) / 4.0;
            lo[j] = random.nextBoolean() ? -random.nextDouble(0, 4) : -random.nextInt(16) / 4.0;
        }
        BigInteger[][] normals = new BigInteger[facets][k];
        BigInteger[] offsets = new BigInteger[facets];
        for (int f = 0; f < facets; f++) {
            for (int j = 0; j < k; j++) {
                normals[f][j] = BigInteger.valueOf(random.nextInt(-9, 10));
            }
            // offsets at the box's exact corner value (rounded either way) or off by one: the comparisons that can go wrong
            BigFraction corner = oldCornerTimesTwo(normals[f], unit, lo, hi);
            BigInteger base = new java.math.BigDecimal(corner.getNumerator()).divide(new java.math.BigDecimal(corner.getDenominator()), 0,
                    random.nextBoolean() ? java.math.RoundingMode.FLOOR : java.math.RoundingMode.CEILING).toBigInteger();
            offsets[f] = base.add(BigInteger.valueOf(random.nextInt(-1, 2)));
        }
        assertEquals(oldInside(normals, offsets, unit, lo, hi), InscribedBox.inside(normals, offsets, unit, lo, hi));
    }

    // ---- the former BigFraction code, verbatim but for names ----

    /** ConeTriangulation's former exact parts, from the hull's public integer data. */
    static final class Old {
        final ConvexHull hull;
        final int d;
        final BigInteger[] dets;
        final BigInteger detSum;

        Old(ConvexHull hull) {
            this.hull = hull;
            this.d = hull.dimension();
            BigInteger[][] pts = hull.scaled();
            int[][] b = hull.boundary();
            dets = new BigInteger[b.length];
            BigInteger sum = BigInteger.ZERO;
            BigInteger[][] m = new BigInteger[d][];
            for (int i = 0; i < b.length; i++) {
                for (int k = 0; k < d; k++) {
                    m[k] = pts[b[i][k]];
                }
                dets[i] = IntegerMatrices.determinant(m).abs();
                sum = sum.add(dets[i]);
            }
            detSum = sum;
        }

        BigFraction volume() {
            return new BigFraction(detSum, factorial(d).shiftLeft(hull.shift() * d));
        }

        BigFraction[][] secondMoment() {
            BigInteger[][] pts = hull.scaled();
            int[][] b = hull.boundary();
            BigInteger[][] acc = new BigInteger[d][d];
            for (BigInteger[] row : acc) {
                java.util.Arrays.fill(row, BigInteger.ZERO);
            }
            BigInteger[] s = new BigInteger[d];
            for (int i = 0; i < b.length; i++) {
                if (dets[i].signum() == 0) {
                    continue;
                }
                java.util.Arrays.fill(s, BigInteger.ZERO);
                for (int k = 0; k < d; k++) {
                    BigInteger[] w = pts[b[i][k]];
                    for (int r = 0; r < d; r++) {
                        s[r] = s[r].add(w[r]);
                    }
                }
                for (int r = 0; r < d; r++) {
                    for (int c = r; c < d; c++) {
                        BigInteger t = s[r].multiply(s[c]);
                        for (int k = 0; k < d; k++) {
                            BigInteger[] w = pts[b[i][k]];
                            t = t.add(w[r].multiply(w[c]));
                        }
                        acc[r][c] = acc[r][c].add(t.multiply(dets[i]));
                    }
                }
            }
            BigInteger den = detSum.multiply(BigInteger.valueOf((long) (d + 1) * (d + 2))).shiftLeft(2 * hull.shift());
            BigFraction[][] m = new BigFraction[d][d];
            for (int r = 0; r < d; r++) {
                for (int c = r; c < d; c++) {
                    m[r][c] = new BigFraction(acc[r][c], den);
                    m[c][r] = m[r][c];
                }
            }
            return m;
        }

        private static BigInteger factorial(int n) {
            BigInteger f = BigInteger.ONE;
            for (int i = 2; i <= n; i++) {
                f = f.multiply(BigInteger.valueOf(i));
            }
            return f;
        }
    }

    static BigFraction oldExactVolume(LpNorm ball, int d) {
        switch (ball) {
            case L1:
                BigInteger f = BigInteger.ONE;
                for (int i = 2; i <= d; i++) {
                    f = f.multiply(BigInteger.valueOf(i));
                }
                return new BigFraction(BigInteger.ONE.shiftLeft(d), f);
            case LINF:
                return new BigFraction(BigInteger.ONE.shiftLeft(d));
            default:
                throw new UnsupportedOperationException();
        }
    }

    /** d stays below 46,341, where the old {@code (d + 1) * (d + 2)} overflowed int (the new code multiplies in long). */
    static BigFraction oldSecondMomentScalar(LpNorm ball, int d) {
        switch (ball) {
            case L1:
                return new BigFraction(2, (d + 1) * (d + 2));
            case L2:
                return new BigFraction(1, d + 2);
            default:
                return new BigFraction(1, 3);
        }
    }

    private static BigFraction oldCornerTimesTwo(BigInteger[] normal, int unit, double[] lo, double[] hi) {
        BigFraction two = unit >= 0 ? new BigFraction(BigInteger.ONE.shiftLeft(unit)) : new BigFraction(BigInteger.ONE, BigInteger.ONE.shiftLeft(-unit));
        BigFraction s = BigFraction.ZERO;
        for (int j = 0; j < lo.length; j++) {
            int sign = normal[j].signum();
            if (sign != 0) {
                s = s.add(new BigFraction(sign > 0 ? hi[j] : lo[j]).multiply(new BigFraction(normal[j])));
            }
        }
        return s.multiply(two);
    }

    static boolean oldInside(BigInteger[][] normals, BigInteger[] offsets, int unit, double[] lo, double[] hi) {
        BigFraction two = unit >= 0 ? new BigFraction(BigInteger.ONE.shiftLeft(unit)) : new BigFraction(BigInteger.ONE, BigInteger.ONE.shiftLeft(-unit));
        for (int f = 0; f < normals.length; f++) {
            BigFraction s = BigFraction.ZERO;
            for (int j = 0; j < lo.length; j++) {
                int sign = normals[f][j].signum();
                if (sign != 0) {
                    s = s.add(new BigFraction(sign > 0 ? hi[j] : lo[j]).multiply(new BigFraction(normals[f][j])));
                }
            }
            if (s.multiply(two).compareTo(new BigFraction(offsets[f])) > 0) {
                return false;
            }
        }
        return true;
    }
}
