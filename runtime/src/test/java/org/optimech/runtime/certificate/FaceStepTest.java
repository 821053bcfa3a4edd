package org.optimech.runtime.certificate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.statistic.PolynomialStatistic;
import org.optimech.runtime.statistic.StatisticReader;

/**
 * The face step of Σ|u_j| trees ({@link PairObjective#sumConvex}, code SPLIT + n + rows + z): taken only along a coordinate
 * where the objective is certified convex, so that its maximum lies on one of the two faces; a tampered step along a
 * coordinate where it is not would prove too little and is refused.
 */
class FaceStepTest {
    private static StatisticPolynomials statistic(String variables, String features) throws Exception {
        return StatisticPolynomials.of((PolynomialStatistic) StatisticReader.read(JsonParser.parse("{\"variables\":" + variables + ",\"features\":" + features + "}"),
                "/statistic"));
    }

    /** t(x) = x² on [−1, 1], substitution: Σ|u| = |x² − x′²| ≤ 1; the root fixes u ≥ 0 (u = x² − x′²: convex in x, concave in x′). */
    private static StatisticPolynomials square() throws Exception {
        return statistic("{\"x\":[-1,1]}", "[{\"terms\":[{\"coef\":1,\"powers\":{\"x\":2}}]}]");
    }

    private static final Gauge L1 = Gauge.identity(Gauge.Kind.SUM, 1);
    /** The face step's code on coordinate z for n = 2 search coordinates and one row. */
    private static int face(int z) {
        return TreeCodes.SPLIT + 2 + 1 + z;
    }

    @Test
    void aFaceStepAlongAConvexCoordinateProvesTheExactBound() throws Exception {
        // faces x = −1 and x = 1: u = 1 − x′² ∈ [0, 1] on each, a leaf bound of 1 = the maximum
        CertificateCheck.Proof p = CertificateCheck.prove(square(), true, L1, new byte[] {(byte) face(0), TreeCodes.LEAF, TreeCodes.LEAF});
        assertEquals(1.0, p.upper());
        PairObjective o = new PairObjective(square().rows(L1), true);
        boolean[] convex = o.sumConvex(new double[] {-1, -1}, new double[] {1, 1}, new int[] {1});
        assertTrue(convex[0]);
        assertFalse(convex[1]);
    }

    @Test
    void aFaceStepAlongANonConvexCoordinateIsRefused() throws Exception {
        // on the faces x′ = ±1, u = x² − 1 ≤ 0: the step would prove 0, below |1 − 0| = 1 at (x, x′) = (1, 0)
        CertificateCheck.CertificateException e = assertThrows(CertificateCheck.CertificateException.class,
                () -> CertificateCheck.prove(square(), true, L1, new byte[] {(byte) face(1), TreeCodes.LEAF, TreeCodes.LEAF}));
        assertTrue(e.getMessage().contains("not certified convex"), e.getMessage());
    }

    /**
     * Wherever the step is allowed, the objective (s_j·u_j for the fixed signs, |u_j| otherwise) is midpoint-convex along the
     * coordinate at sampled points of the box: random quadratic statistics of two variables on sub-boxes of [−1, 1]².
     */
    @Property(tries = 300)
    void theObjectiveIsConvexAlongEveryCoordinateTheStepAllows(@ForAll("cases") Tuple.Tuple3<int[][], double[], int[]> c) throws Exception {
        int[][] coefs = c.get1();
        StringBuilder fs = new StringBuilder("[");
        String[] monomials = {"{}", "{\"a\":1}", "{\"b\":1}", "{\"a\":2}", "{\"a\":1,\"b\":1}", "{\"b\":2}"};
        for (int j = 0; j < coefs.length; j++) {
            fs.append(j == 0 ? "" : ",").append("{\"terms\":[");
            boolean first = true;
            for (int m = 0; m < monomials.length; m++) {
                if (coefs[j][m] != 0 || (first && m == monomials.length - 1)) {
                    fs.append(first ? "" : ",").append("{\"coef\":").append(coefs[j][m] == 0 ? 1 : coefs[j][m]).append(",\"powers\":").append(monomials[m]).append('}');
                    first = false;
                }
            }
            fs.append("]}");
        }
        StatisticPolynomials sp = statistic("{\"a\":[-1,1],\"b\":[-1,1]}", fs.append(']').toString());
        PairObjective o = new PairObjective(sp.rows(Gauge.identity(Gauge.Kind.SUM, coefs.length)), true);
        double[] box = c.get2();
        double[] lo = new double[4];
        double[] hi = new double[4];
        for (int z = 0; z < 4; z++) {
            lo[z] = Math.min(box[2 * z], box[2 * z + 1]);
            hi[z] = Math.max(box[2 * z], box[2 * z + 1]);
        }
        int[] signs = c.get3();
        boolean[] convex = o.sumConvex(lo, hi, signs);
        java.util.Random r = new java.util.Random(7);
        for (int z = 0; z < 4; z++) {
            if (!convex[z]) {
                continue;
            }
            for (int t = 0; t < 40; t++) {
                double[] p = new double[4];
                for (int i = 0; i < 4; i++) {
                    p[i] = lo[i] + (hi[i] - lo[i]) * r.nextDouble();
                }
                double[] q = p.clone();
                q[z] = lo[z] + (hi[z] - lo[z]) * r.nextDouble();
                double[] m = p.clone();
                m[z] = 0.5 * (p[z] + q[z]);
                double fm = objective(coefs, m, signs);
                double avg = 0.5 * (objective(coefs, p, signs) + objective(coefs, q, signs));
                assertTrue(fm <= avg + 1e-9, "not convex along " + z + " at " + java.util.Arrays.toString(m) + ": " + fm + " > " + avg);
            }
        }
    }

    /** Σ_j s_j·u_j (fixed signs) or |u_j|, from the coefficients directly (independent of the interval code). */
    private static double objective(int[][] coefs, double[] p, int[] signs) {
        double s = 0;
        for (int j = 0; j < coefs.length; j++) {
            double u = row(coefs[j], p[0], p[1]) - row(coefs[j], p[2], p[3]);
            s += signs[j] != 0 ? signs[j] * u : Math.abs(u);
        }
        return s;
    }

    private static double row(int[] c, double a, double b) {
        boolean any = false;
        for (int v : c) {
            any |= v != 0;
        }
        // a row with no coefficient was written as the monomial b² (see the statistic above)
        return any ? c[0] + c[1] * a + c[2] * b + c[3] * a * a + c[4] * a * b + c[5] * b * b : b * b;
    }

    @Provide
    Arbitrary<Tuple.Tuple3<int[][], double[], int[]>> cases() {
        Arbitrary<int[]> row = Arbitraries.integers().between(-2, 2).array(int[].class).ofSize(6);
        return Arbitraries.integers().between(1, 3).flatMap(d -> Combinators.combine(row.array(int[][].class).ofSize(d),
                Arbitraries.integers().between(-4, 4).map(i -> i / 4.0).array(double[].class).ofSize(8),
                Arbitraries.integers().between(-1, 1).array(int[].class).ofSize(d)).as(Tuple::of));
    }
}
