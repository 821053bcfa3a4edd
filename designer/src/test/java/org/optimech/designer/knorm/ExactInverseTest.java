package org.optimech.designer.knorm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.Rational;

/**
 * The one exact inverse ({@link IntegerMatrices#inverseRows}, fraction-free Gauss–Jordan in the runtime's exact package)
 * against the two it replaced: the designer's Gauss–Jordan over Commons Math {@code BigFraction} (kept here, verbatim, as
 * the reference) and the definition {@code A·A⁻¹ = I} in exact rationals.
 */
class ExactInverseTest {
    @Property(tries = 200)
    void theFractionFreeInverseEqualsTheBigFractionGaussJordan(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int d,
            @ForAll @IntRange(min = 1, max = 1000) int range) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] a = new double[d][d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                a[i][j] = random.nextInt(-range, range + 1);
            }
        }
        BigFraction[][] old;
        try {
            old = bigFractionInverse(a);
        } catch (IllegalArgumentException singular) {
            assertThrows(IllegalArgumentException.class, () -> IntegerMatrices.inverse(a));
            return;
        }
        assertSame(old, IntegerMatrices.inverse(a));
        assertIdentity(a, IntegerMatrices.inverse(a));
    }

    @Property(tries = 100)
    void doublesAreInvertedAsTheDyadicRationalsTheyAre(@ForAll long seed, @ForAll @IntRange(min = 1, max = 5) int d) {
        SplittableRandom random = new SplittableRandom(seed);
        double[][] a = new double[d][d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                a[i][j] = random.nextDouble(-3, 3) + (i == j ? 4 : 0); // diagonally dominant: invertible
            }
        }
        assertSame(bigFractionInverse(a), IntegerMatrices.inverse(a));
        assertIdentity(a, IntegerMatrices.inverse(a));
    }

    @Test
    void rowsAreInLowestTermsOverPositiveDenominators() {
        // [[2, 1], [1, 1]]⁻¹ = [[1, -1], [-1, 2]]; [[0, 2], [3, 0]]⁻¹ = [[0, 1/3], [1/2, 0]] (needs a row swap)
        IntegerMatrices.InverseRows r = IntegerMatrices.inverseRows(ints(new long[][] {{2, 1}, {1, 1}}));
        assertEquals(BigInteger.ONE, r.denominators()[0]);
        assertEquals(BigInteger.valueOf(-1), r.numerators()[0][1]);
        assertEquals(BigInteger.valueOf(2), r.numerators()[1][1]);
        IntegerMatrices.InverseRows s = IntegerMatrices.inverseRows(ints(new long[][] {{0, 2}, {3, 0}}));
        assertEquals(BigInteger.valueOf(3), s.denominators()[0]);
        assertEquals(BigInteger.ONE, s.numerators()[0][1]);
        assertEquals(BigInteger.valueOf(2), s.denominators()[1]);
        assertEquals(BigInteger.ONE, s.numerators()[1][0]);
        // a negative determinant still gives positive denominators
        IntegerMatrices.InverseRows t = IntegerMatrices.inverseRows(ints(new long[][] {{1, 2}, {3, 4}}));
        assertTrue(t.denominators()[0].signum() > 0 && t.denominators()[1].signum() > 0);
        assertEquals(new Rational(BigInteger.valueOf(-2), BigInteger.ONE), t.entry(0, 0));
        assertEquals(new Rational(BigInteger.valueOf(-1), BigInteger.valueOf(2)), t.entry(1, 1));
    }

    @Test
    void singularAndNonSquareMatricesAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IntegerMatrices.inverseRows(ints(new long[][] {{1, 2}, {2, 4}})));
        assertEquals("the matrix is singular (its determinant is exactly 0)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> IntegerMatrices.inverseRows(ints(new long[][] {{1, 2}})));
    }

    private static BigInteger[][] ints(long[][] a) {
        BigInteger[][] out = new BigInteger[a.length][];
        for (int i = 0; i < a.length; i++) {
            out[i] = new BigInteger[a[i].length];
            for (int j = 0; j < a[i].length; j++) {
                out[i][j] = BigInteger.valueOf(a[i][j]);
            }
        }
        return out;
    }

    private static void assertSame(BigFraction[][] expected, Rational[][] actual) {
        for (int i = 0; i < expected.length; i++) {
            for (int j = 0; j < expected.length; j++) {
                assertEquals(new Rational(expected[i][j].getNumerator(), expected[i][j].getDenominator()), actual[i][j], "entry " + i + "," + j);
            }
        }
    }

    private static void assertIdentity(double[][] a, Rational[][] inverse) {
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a.length; j++) {
                Rational s = Rational.ZERO;
                for (int k = 0; k < a.length; k++) {
                    s = s.add(Rational.of(a[i][k]).multiply(inverse[k][j]));
                }
                assertEquals(i == j ? Rational.of(BigInteger.ONE) : Rational.ZERO, s, "(A·A⁻¹)[" + i + "][" + j + "]");
            }
        }
    }

    /** The designer's former exact inverse (Gauss–Jordan over BigFraction), the reference. */
    private static BigFraction[][] bigFractionInverse(double[][] a) {
        int d = a.length;
        BigFraction[][] m = new BigFraction[d][2 * d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                m[i][j] = new BigFraction(a[i][j]);
                m[i][d + j] = i == j ? BigFraction.ONE : BigFraction.ZERO;
            }
        }
        for (int c = 0; c < d; c++) {
            int p = c;
            while (p < d && m[p][c].getNumerator().signum() == 0) {
                p++;
            }
            if (p == d) {
                throw new IllegalArgumentException("the matrix is singular");
            }
            BigFraction[] t = m[c];
            m[c] = m[p];
            m[p] = t;
            BigFraction inv = m[c][c].reciprocal();
            for (int j = 0; j < 2 * d; j++) {
                m[c][j] = m[c][j].multiply(inv);
            }
            for (int i = 0; i < d; i++) {
                if (i != c && m[i][c].getNumerator().signum() != 0) {
                    BigFraction f = m[i][c];
                    for (int j = 0; j < 2 * d; j++) {
                        m[i][j] = m[i][j].subtract(f.multiply(m[c][j]));
                    }
                }
            }
        }
        BigFraction[][] out = new BigFraction[d][d];
        for (int i = 0; i < d; i++) {
            System.arraycopy(m[i], d, out[i], 0, d);
        }
        return out;
    }
}
