package org.optimech.runtime.certificate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.statistic.PolynomialStatistic;
import org.optimech.runtime.statistic.StatisticReader;

/**
 * The mirrored face step of Σ|u_j| trees (code SPLIT + 2n + rows + z, {@link PairObjective#mirrorFace}): a face step whose two
 * faces are images of each other under the flip of the coordinate's variable keeps only the face z = hi. The runtime derives
 * the symmetry from the rows' exact coefficients, the box and the fixed signs; a step where any of them is not symmetric is
 * refused, so a certificate replayed on a statistic that is not symmetric fails.
 */
class MirrorStepTest {
    private static final String BOX = "{\"x\":[-1,1]}";

    private static StatisticPolynomials statistic(String variables, String features) throws Exception {
        return StatisticPolynomials.of((PolynomialStatistic) StatisticReader.read(JsonParser.parse("{\"variables\":" + variables + ",\"features\":" + features + "}"),
                "/statistic"));
    }

    private static String feature(String... terms) {
        return "{\"terms\":[" + String.join(",", terms) + "]}";
    }

    private static String term(String coef, int power) {
        return "{\"coef\":" + coef + ",\"powers\":" + (power == 0 ? "{}" : "{\"x\":" + power + "}") + "}";
    }

    /** t(x) = (x², x) on [−1, 1]: the flip x → −x maps row 0 to itself and row 1 to −row 1; the root fixes u_0 ≥ 0. */
    private static StatisticPolynomials symmetric() throws Exception {
        return statistic(BOX, "[" + feature(term("1", 2)) + "," + feature(term("1", 1)) + "]");
    }

    private static Gauge l1(int d) {
        return Gauge.identity(Gauge.Kind.SUM, d);
    }

    /** Codes for n = 2 search coordinates and two rows. */
    private static byte face(int z) {
        return (byte) (TreeCodes.SPLIT + 2 + 2 + z);
    }

    private static byte mirror(int z) {
        return (byte) (TreeCodes.SPLIT + 2 + 2 + 2 + z);
    }

    @Test
    void aMirroredFaceProvesWhatBothFacesProve() throws Exception {
        // Σ|u| = (x² − x′²) + |x − x′| (u_0 ≥ 0 fixed at the root) is convex in x; its maximum 2.25 is at (±1, ∓1/2)
        CertificateCheck.Proof both = CertificateCheck.prove(symmetric(), true, l1(2), new byte[] {face(0), TreeCodes.LEAF, TreeCodes.LEAF});
        CertificateCheck.Proof one = CertificateCheck.prove(symmetric(), true, l1(2), new byte[] {mirror(0), TreeCodes.LEAF});
        assertEquals(both.upper(), one.upper());
        assertTrue(one.upper() >= 2.25, "proves " + one.upper() + " below the maximum 2.25");
        PairObjective o = new PairObjective(symmetric().rows(l1(2)), true);
        assertTrue(o.mirrorFace(new double[] {-1, -1}, new double[] {1, 1}, new int[] {1, 0}, 0));
        // the x′ side is not convex (u_0 = x² − x′² with u_0 ≥ 0 fixed is concave in x′), and a half box is not symmetric
        assertFalse(o.mirrorFace(new double[] {0, -1}, new double[] {1, 1}, new int[] {1, 0}, 0));
        assertFalse(o.mirrorFace(new double[] {-1, 0}, new double[] {1, 1}, new int[] {1, 0}, 0));
    }

    @Test
    void aMirrorOnAStatisticThatIsNotSymmetricIsRefused() throws Exception {
        // rows (x², x + y): the flip of x maps x + y to −x + y, which is ± no row, though the objective is convex along x
        StatisticPolynomials lopsided = statistic("{\"x\":[-1,1],\"y\":[-1,1]}", "[" + feature(term("1", 2)) + ","
                + feature(term("1", 1), "{\"coef\":1,\"powers\":{\"y\":1}}") + "]");
        byte[] tree = {(byte) (TreeCodes.SPLIT + 4 + 2 + 4 + 0), TreeCodes.LEAF};
        PairObjective o = new PairObjective(lopsided.rows(l1(2)), true);
        assertTrue(o.sumConvex(new double[] {-1, -1, -1, -1}, new double[] {1, 1, 1, 1}, new int[] {1, 0})[0]);
        CertificateCheck.CertificateException e = assertThrows(CertificateCheck.CertificateException.class,
                () -> CertificateCheck.prove(lopsided, true, l1(2), tree));
        assertTrue(e.getMessage().contains("not symmetric"), e.getMessage());
        // the flip of y is no symmetry either; the same step on the symmetric statistic (x², x) is taken
        assertFalse(o.mirrorFace(new double[] {-1, -1, -1, -1}, new double[] {1, 1, 1, 1}, new int[] {1, 0}, 1));
    }

    @Test
    void aMirrorAgainstAFixedSignIsRefused() throws Exception {
        // rows (x, x²): the root fixes u_0 = x − x′ ≥ 0, which the flip negates, so the two faces are not images of each other
        StatisticPolynomials swapped = statistic(BOX, "[" + feature(term("1", 1)) + "," + feature(term("1", 2)) + "]");
        byte[] tree = {(byte) (TreeCodes.SPLIT + 2 + 2 + 2 + 0), TreeCodes.LEAF};
        CertificateCheck.CertificateException e = assertThrows(CertificateCheck.CertificateException.class,
                () -> CertificateCheck.prove(swapped, true, l1(2), tree));
        assertTrue(e.getMessage().contains("not symmetric") || e.getMessage().contains("not certified convex"), e.getMessage());
        PairObjective o = new PairObjective(swapped.rows(l1(2)), true);
        assertFalse(o.mirrorFace(new double[] {-1, -1}, new double[] {1, 1}, new int[] {1, 1}, 0));
    }

    @Test
    void aMirrorHalfOfASquareTreeKeepsTheMaximumAndIsRefusedWithoutTheSymmetry() throws Exception {
        // Σ u² = (x² − x′²)² + (x − x′)²: the half x ≥ 0 holds the maximum 4 at (1, −1); code SPLIT + n + z for n = 2
        Gauge l2 = Gauge.identity(Gauge.Kind.SQUARE, 2);
        byte[] half = {(byte) (TreeCodes.SPLIT + 2 + 0), TreeCodes.LEAF};
        CertificateCheck.Proof whole = CertificateCheck.prove(symmetric(), true, l2, new byte[] {TreeCodes.LEAF});
        CertificateCheck.Proof one = CertificateCheck.prove(symmetric(), true, l2, half);
        assertTrue(one.value().doubleValue() >= 4 && one.value().doubleValue() <= whole.value().doubleValue(), one.value() + " vs " + whole.value());
        StatisticPolynomials lopsided = statistic("{\"x\":[-1,1],\"y\":[-1,1]}", "[" + feature(term("1", 2)) + ","
                + feature(term("1", 1), "{\"coef\":1,\"powers\":{\"y\":1}}") + "]");
        byte[] tampered = {(byte) (TreeCodes.SPLIT + 4 + 0), TreeCodes.LEAF};
        CertificateCheck.CertificateException e = assertThrows(CertificateCheck.CertificateException.class,
                () -> CertificateCheck.prove(lopsided, true, l2, tampered));
        assertTrue(e.getMessage().contains("not symmetric"), e.getMessage());
    }

    @Test
    void aSymmetryIsDerivedOnlyFromExactCoefficients() throws Exception {
        // the gauge rows (x²/3, x): 1/3 is enclosed by two doubles, an interval that proves no identity, so the flip is not used
        Gauge third = new Gauge(Gauge.Kind.SUM, new org.optimech.runtime.exact.Rational[][] {
            {org.optimech.runtime.exact.Rational.of(1).divide(org.optimech.runtime.exact.Rational.of(3)), org.optimech.runtime.exact.Rational.ZERO},
            {org.optimech.runtime.exact.Rational.ZERO, org.optimech.runtime.exact.Rational.of(1)}}, null);
        PairObjective o = new PairObjective(symmetric().rows(third), true);
        assertFalse(o.mirrorFace(new double[] {-1, -1}, new double[] {1, 1}, new int[] {1, 0}, 0));
        assertTrue(new PairObjective(symmetric().rows(l1(2)), true).mirrorFace(new double[] {-1, -1}, new double[] {1, 1}, new int[] {1, 0}, 0));
    }
}
