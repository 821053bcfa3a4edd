package org.optimech.runtime.lattice;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.optimech.runtime.ChiSquare;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * A uniform point of the box B_K ({@link BoxRadius#uniformInBox(long, org.optimech.runtime.random.RandomSource)}), whose
 * coordinates share one uniform draw while their widths multiply to at most 2^62: uniform on the whole box by χ² over
 * every cell of a small box, and over the leading and trailing digits of wide coordinates split across two draws (four
 * fits at {@link ChiSquare#ALPHA} each).
 */
class BoxPointTest {
    @Test
    void aSmallBoxIsUniformOverEveryPoint() {
        BoxRadius box = new BoxRadius(new long[] {1, 2, 3}, Rational.ONE);
        // radius 1: half-widths 1, 3, 5, widths 3·7·11 = 231 points, one draw
        int n = 231_000;
        long[] counts = new long[231];
        SeededRandomBits bits = new SeededRandomBits(51);
        for (int i = 0; i < n; i++) {
            long[] z = box.uniformInBox(1, bits);
            assertTrue(Math.abs(z[0]) <= 1 && Math.abs(z[1]) <= 3 && Math.abs(z[2]) <= 5, java.util.Arrays.toString(z));
            counts[(int) (((z[0] + 1) * 7 + (z[1] + 3)) * 11 + (z[2] + 5))]++;
        }
        double[] p = new double[231];
        java.util.Arrays.fill(p, 1.0 / 231);
        ChiSquare.assertFits(counts, p, n, "uniform point of the 3 x 7 x 11 box");
    }

    /**
     * Half-widths 2^30 at radius 0: widths 2^31 − 1, the first two share one draw (product below 2^62), the third its own.
     * The leading sixteenths of the first two jointly, and each coordinate's residue mod 7 (its lowest digit) jointly with
     * the next one's, must be uniform.
     */
    @Test
    void wideCoordinatesSplitAcrossDrawsAreUniformAndIndependent() {
        long m = 1L << 30;
        BoxRadius box = new BoxRadius(new long[] {m, m, m}, new Rational(java.math.BigInteger.ONE, java.math.BigInteger.valueOf(1000)));
        long half = m - 1;
        long width = 2 * half + 1;
        int n = 200_000;
        long[] leading = new long[256];
        long[] low01 = new long[49];
        long[] low12 = new long[49];
        SeededRandomBits bits = new SeededRandomBits(52);
        for (int i = 0; i < n; i++) {
            long[] z = box.uniformInBox(0, bits);
            long[] u = new long[3];
            for (int j = 0; j < 3; j++) {
                assertTrue(Math.abs(z[j]) <= half, java.util.Arrays.toString(z));
                u[j] = z[j] + half;
            }
            leading[(int) (u[0] * 16 / width * 16 + u[1] * 16 / width)]++;
            low01[(int) (u[0] % 7 * 7 + u[1] % 7)]++;
            low12[(int) (u[1] % 7 * 7 + u[2] % 7)]++;
        }
        // width = 2^31 − 1 = 7·306783378 + 1: the residues are uniform within 1/width, the sixteenths within 16/width
        double[] p256 = new double[256];
        java.util.Arrays.fill(p256, 1.0 / 256);
        double[] p49 = new double[49];
        java.util.Arrays.fill(p49, 1.0 / 49);
        ChiSquare.assertFits(leading, p256, n, "leading sixteenths of coordinates 0 and 1");
        ChiSquare.assertFits(low01, p49, n, "residues mod 7 of coordinates 0 and 1");
        ChiSquare.assertFits(low12, p49, n, "residues mod 7 of coordinates 1 and 2");
    }
}
