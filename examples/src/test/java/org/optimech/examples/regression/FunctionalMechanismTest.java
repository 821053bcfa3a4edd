package org.optimech.examples.regression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;
import org.ejml.simple.SimpleMatrix;
import org.junit.jupiter.api.Test;
import org.optimech.geometry.adjacent.AdjacentOutputSpace;
import org.optimech.geometry.adjacent.RegressionStatistic;
import org.optimech.geometry.hull.ConvexHull;
import org.optimech.geometry.hull.QuickHull;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.spec.Relation;

/** The linear-regression pieces: the statistic and its reconstruction, the estimator on a noiseless case, and the cylinder body's claims. */
class FunctionalMechanismTest {
    static Object[] data(int n, int p, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] x = new double[n][p];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double m = 0.2;
            for (int j = 0; j < p; j++) {
                x[i][j] = rnd.nextDouble(-1, 1);
                m += (j - 1) * 0.3 * x[i][j];
            }
            y[i] = Math.max(-1, Math.min(1, m + 0.1 * LinearRegressionStudy.gaussian(rnd)));
        }
        return new Object[] {x, y};
    }

    /** XᵀX and XᵀY rebuilt from T equal the direct products (EJML), including the halved diagonal. */
    @Test
    void normalEquationsRoundTrip() {
        Object[] xy = data(300, 3, 1);
        double[][] x = (double[][]) xy[0];
        double[] y = (double[]) xy[1];
        double[] t = FunctionalMechanism.statistic(x, y);
        assertEquals(RegressionStatistic.dimension(3), t.length);
        SimpleMatrix[] ne = FunctionalMechanism.normalEquations(t, 300, 3);
        SimpleMatrix xm = new SimpleMatrix(300, 4);
        SimpleMatrix ym = new SimpleMatrix(300, 1);
        for (int i = 0; i < 300; i++) {
            xm.set(i, 0, 1);
            for (int j = 0; j < 3; j++) {
                xm.set(i, j + 1, x[i][j]);
            }
            ym.set(i, 0, y[i]);
        }
        SimpleMatrix xtx = xm.transpose().mult(xm);
        SimpleMatrix xty = xm.transpose().mult(ym);
        for (int a = 0; a < 4; a++) {
            assertEquals(xty.get(a, 0), ne[1].get(a, 0), 1e-9);
            for (int b = 0; b < 4; b++) {
                assertEquals(xtx.get(a, b), ne[0].get(a, b), 1e-9, a + "," + b);
            }
        }
    }

    /** Without noise, equation (5) is ordinary least squares: it matches Commons Math's OLS (a different algorithm, QR). */
    @Test
    void noiselessEstimateIsOrdinaryLeastSquares() {
        Object[] xy = data(500, 4, 2);
        double[][] x = (double[][]) xy[0];
        double[] y = (double[]) xy[1];
        double[] est = FunctionalMechanism.estimate(FunctionalMechanism.statistic(x, y), 500, 4, 0);
        OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
        ols.newSampleData(y, x);
        double[] want = ols.estimateRegressionParameters();
        for (int j = 0; j <= 4; j++) {
            assertEquals(want[j], est[j], 1e-9, "coefficient " + j);
        }
        double[] ridge = FunctionalMechanism.estimate(FunctionalMechanism.statistic(x, y), 500, 4, 1e6);
        for (double b : ridge) {
            assertTrue(Math.abs(b) < 1e-3, "ridge with a huge lambda shrinks to 0");
        }
    }

    /**
     * The cylinder body contains the adjacent output space: differences of random records have gauge ≤ 1 (membership), and so do the
     * extreme differences on the {−1, 0, 1} grid; both K₂'s curve and K₃'s faces are attained, so the pieces are not loose.
     */
    @Test
    void cylinderBodyContainsTheAdjacentOutputSpace() {
        int p = 3;
        CylinderBody c = CylinderBody.of(p, RegressionStatistic.l1Sensitivity(p).value().doubleValue(), 1000);
        SplittableRandom rnd = new SplittableRandom(3);
        for (int trial = 0; trial < 50_000; trial++) {
            double[] a = new double[p];
            double[] b = new double[p];
            for (int j = 0; j < p; j++) {
                a[j] = rnd.nextInt(3) == 0 ? rnd.nextInt(-1, 2) : rnd.nextDouble(-1, 1);
                b[j] = rnd.nextInt(3) == 0 ? rnd.nextInt(-1, 2) : rnd.nextDouble(-1, 1);
            }
            double ya = rnd.nextInt(2) == 0 ? rnd.nextInt(-1, 2) : rnd.nextDouble(-1, 1);
            double yb = rnd.nextInt(2) == 0 ? rnd.nextInt(-1, 2) : rnd.nextDouble(-1, 1);
            double[] ta = RegressionStatistic.features(a, ya);
            double[] tb = RegressionStatistic.features(b, yb);
            double[] u = new double[ta.length];
            for (int i = 0; i < u.length; i++) {
                u[i] = ta[i] - tb[i];
            }
            assertTrue(c.contains(u), "difference outside the body at trial " + trial);
        }
        // K2's boundary |u2| = 2 - 2(|u1| - 1)^2 is attained: x = 1, x' = 1 - s gives u = (s, 2 - 2(1 - s)^2)
        for (double s = 1.05; s < 2; s += 0.1) {
            double u2 = 2 - 2 * (1 - s) * (1 - s);
            assertTrue(CylinderBody.inK2(s, u2) && !CylinderBody.inK2(s, u2 + 1e-9));
            assertEquals(u2, 2 * 1 - 2 * (1 - s) * (1 - s), 1e-12);
        }
    }

    /** K₃ is exactly the hull of the differences of (a, b, ab) on the box: the geometry module's exact hull has K₃'s vertices. */
    @Test
    void k3IsTheExactHull() {
        double[][] records = new double[4][];
        int i = 0;
        for (int a = -1; a <= 1; a += 2) {
            for (int b = -1; b <= 1; b += 2) {
                records[i++] = new double[] {a, b, a * b};
            }
        }
        ConvexHull hull = QuickHull.of(AdjacentOutputSpace.finiteDomain(records, Relation.SUBSTITUTION).points());
        Set<String> got = new HashSet<>();
        for (double[] v : hull.vertexCoordinates()) {
            assertTrue(CylinderBody.inK3(v[0], v[1], v[2]));
            got.add(java.util.Arrays.toString(v));
        }
        // K3 = {|u|_1 <= 4} within [-2, 2]^3 (a cuboctahedron): its 12 vertices are the permutations of (±2, ±2, 0)
        Set<String> want = new HashSet<>();
        for (int zero = 0; zero < 3; zero++) {
            for (int s1 = -1; s1 <= 1; s1 += 2) {
                for (int s2 = -1; s2 <= 1; s2 += 2) {
                    double[] v = new double[3];
                    int[] others = zero == 0 ? new int[] {1, 2} : zero == 1 ? new int[] {0, 2} : new int[] {0, 1};
                    v[others[0]] = 2.0 * s1;
                    v[others[1]] = 2.0 * s2;
                    want.add(java.util.Arrays.toString(v));
                }
            }
        }
        assertEquals(want, got);
    }

    /** The mechanisms carry the geometry module's sensitivities, and the noisy statistic has the right length. */
    @Test
    void mechanismsAndBadInput() {
        List<FunctionalMechanism.Mechanism> m = FunctionalMechanism.mechanisms(5, 1000);
        assertEquals(32.0, m.get(0).sensitivity());
        assertEquals(2.0, m.get(1).sensitivity());
        assertEquals(26, FunctionalMechanism.privatize(new double[26], m.get(2), 1, new SeededRandomBits(4)).length);
        assertThrows(IllegalArgumentException.class, () -> FunctionalMechanism.statistic(new double[][] {{1.5}}, new double[] {0}));
        assertThrows(IllegalArgumentException.class, () -> FunctionalMechanism.statistic(new double[][] {{0.5}}, new double[] {Double.NaN}));
        assertEquals(1.0, FunctionalMechanism.clip(7.0));
    }

    /**
     * The cylinder body's rejection sampler gives the K-norm law: ‖V‖_C ~ Gamma(d, Δ/ε) (ERRATA K1), by a KS test with the DKW bound at
     * false-failure probability 1e-7 (3,000 draws, d = 26).
     */
    @Test
    void cylinderNoiseNormIsGamma() {
        FunctionalMechanism.Mechanism m = FunctionalMechanism.mechanisms(5, 1_000_000).get(2);
        SeededRandomBits bits = new SeededRandomBits(9);
        int n = 3000;
        double[] norms = new double[n];
        for (int i = 0; i < n; i++) {
            double[] v = FunctionalMechanism.privatize(new double[26], m, 0.5, bits);
            norms[i] = m.body().norm(v);
        }
        double ks = new org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest()
                .kolmogorovSmirnovStatistic(new org.apache.commons.math3.distribution.GammaDistribution(26, 1 / 0.5), norms);
        assertTrue(ks < Math.sqrt(Math.log(2 / 1e-7) / (2.0 * n)), "KS " + ks);
    }
}
