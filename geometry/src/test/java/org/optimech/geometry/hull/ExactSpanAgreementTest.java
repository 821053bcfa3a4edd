package org.optimech.geometry.hull;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.commons.math3.fraction.BigFraction;
import org.optimech.geometry.exactref.OldRounding;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.Rational;

/**
 * The span's reduced row echelon form, the hull's kernel vectors and the embedding, now on the runtime's {@link Rational},
 * against the Commons Math {@code BigFraction} code they replaced (kept below verbatim as the reference).
 */
class ExactSpanAgreementTest {
    /** Independent integer rows, or null when the random rows are dependent. */
    static BigInteger[][] rows(SplittableRandom random, int r, int d, int range) {
        BigInteger[][] rows = new BigInteger[r][d];
        for (int i = 0; i < r; i++) {
            for (int j = 0; j < d; j++) {
                // a third zeros, so pivots skip columns and free columns appear
                rows[i][j] = random.nextInt(3) == 0 ? BigInteger.ZERO : BigInteger.valueOf(random.nextInt(-range, range + 1));
            }
        }
        return IntegerMatrices.pivotColumns(rows).length == r ? rows : null;
    }

    @Property(tries = 300)
    void rrefAndKernelEqualTheBigFractionOnes(@ForAll long seed, @ForAll @IntRange(min = 1, max = 7) int d, @ForAll @IntRange(min = 1, max = 7) int r,
            @ForAll @IntRange(min = 1, max = 1 << 20) int range) {
        Assume.that(r <= d);
        BigInteger[][] rows = rows(new SplittableRandom(seed), r, d, range);
        Assume.that(rows != null);
        int[] pivots = IntegerMatrices.pivotColumns(rows);
        Rational[][] now = AffineSpan.rref(rows, pivots, d);
        BigFraction[][] old = oldRref(rows, pivots, d);
        for (int i = 0; i < r; i++) {
            for (int j = 0; j < d; j++) {
                assertEquals(old[i][j].getNumerator(), now[i][j].numerator(), "rref numerator " + i + "," + j);
                assertEquals(old[i][j].getDenominator(), now[i][j].denominator(), "rref denominator " + i + "," + j);
            }
        }
        assertArrayEquals(oldKernel(rows, d), QuickHull.kernel(rows, d));
    }

    @Property(tries = 300)
    void embeddingIsTheOldOneOrNearerTheExactValue(@ForAll long seed, @ForAll @IntRange(min = 2, max = 6) int d, @ForAll @IntRange(min = 1, max = 5) int r) {
        Assume.that(r < d);
        SplittableRandom random = new SplittableRandom(seed);
        BigInteger[][] rows = rows(random, r, d, 50);
        Assume.that(rows != null);
        double[] origin = new double[d];
        for (int j = 0; j < d; j++) {
            origin[j] = random.nextDouble(-10, 10);
        }
        double[] y = new double[r];
        for (int k = 0; k < r; k++) {
            y[k] = random.nextDouble(-10, 10);
        }
        AffineSpan span = AffineSpan.of(d, origin, rows);
        int[] pivots = span.pivots();
        BigFraction[][] map = oldRref(rows, pivots, d);
        double[] now = span.embed(y);
        for (int j = 0; j < d; j++) {
            BigFraction exact = oldEmbedExact(origin, pivots, map, y, j);
            OldRounding.assertSameOrNearer(exact, exact.doubleValue(), now[j], "coordinate " + j);
        }
    }

    // ---- the former BigFraction code, verbatim but for names (AffineSpan.rref, QuickHull.Span.kernel, AffineSpan.embed) ----

    static BigFraction[][] oldRref(BigInteger[][] rows, int[] pivots, int d) {
        int r = rows.length;
        BigFraction[][] m = new BigFraction[r][d];
        for (int i = 0; i < r; i++) {
            for (int j = 0; j < d; j++) {
                m[i][j] = new BigFraction(rows[i][j]);
            }
        }
        for (int k = 0; k < r; k++) {
            int c = pivots[k];
            int p = k;
            while (m[p][c].getNumerator().signum() == 0) {
                p++;
            }
            BigFraction[] t = m[k];
            m[k] = m[p];
            m[p] = t;
            BigFraction inv = m[k][c].reciprocal();
            for (int j = 0; j < d; j++) {
                m[k][j] = m[k][j].multiply(inv);
            }
            for (int i = 0; i < r; i++) {
                if (i != k && m[i][c].getNumerator().signum() != 0) {
                    BigFraction f = m[i][c];
                    for (int j = 0; j < d; j++) {
                        m[i][j] = m[i][j].subtract(f.multiply(m[k][j]));
                    }
                }
            }
        }
        return m;
    }

    private static BigInteger[][] oldKernel(BigInteger[][] r, int d) {
        int[] pivots = IntegerMatrices.pivotColumns(r);
        BigFraction[][] m = oldRref(r, pivots, d);
        BigInteger[][] w = new BigInteger[d - pivots.length][];
        boolean[] isPivot = new boolean[d];
        for (int p : pivots) {
            isPivot[p] = true;
        }
        int l = 0;
        for (int free = 0; free < d; free++) {
            if (isPivot[free]) {
                continue;
            }
            BigFraction[] v = new BigFraction[d];
            Arrays.fill(v, BigFraction.ZERO);
            v[free] = BigFraction.ONE;
            for (int k = 0; k < pivots.length; k++) {
                v[pivots[k]] = m[k][free].negate();
            }
            BigInteger lcm = BigInteger.ONE;
            for (BigFraction f : v) {
                BigInteger den = f.getDenominator();
                lcm = lcm.divide(lcm.gcd(den)).multiply(den);
            }
            w[l] = new BigInteger[d];
            for (int j = 0; j < d; j++) {
                w[l][j] = v[j].getNumerator().multiply(lcm.divide(v[j].getDenominator()));
            }
            l++;
        }
        return w;
    }

    /** The old embed's exact sum for coordinate j; the old result was this value's {@code doubleValue()}. */
    private static BigFraction oldEmbedExact(double[] origin, int[] pivots, BigFraction[][] map, double[] y, int j) {
        BigFraction s = new BigFraction(origin[j]);
        for (int k = 0; k < pivots.length; k++) {
            if (map[k][j].getNumerator().signum() != 0) {
                s = s.add(new BigFraction(y[k]).subtract(new BigFraction(origin[pivots[k]])).multiply(map[k][j]));
            }
        }
        return s;
    }
}
