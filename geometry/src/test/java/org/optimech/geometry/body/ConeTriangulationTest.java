package org.optimech.geometry.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import org.optimech.runtime.knorm.LpNorm;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.optimech.geometry.hull.ConvexHull;
import org.optimech.geometry.hull.QuickHull;
import org.optimech.runtime.exact.Rational;

/** Exact volumes and second moments of triangulated hulls against closed forms and independent computations. */
class ConeTriangulationTest {

    static double[][] cube(int d) {
        double[][] pts = new double[1 << d][d];
        for (int mask = 0; mask < (1 << d); mask++) {
            for (int j = 0; j < d; j++) {
                pts[mask][j] = ((mask >> j) & 1) == 1 ? 1 : -1;
            }
        }
        return pts;
    }

    static double[][] crossPolytope(int d) {
        double[][] pts = new double[2 * d][d];
        for (int j = 0; j < d; j++) {
            pts[2 * j][j] = 1;
            pts[2 * j + 1][j] = -1;
        }
        return pts;
    }

    static ConeTriangulation tri(double[][] pts) {
        return ConeTriangulation.fromOrigin(QuickHull.of(pts));
    }

    /** The triangulated cube and cross-polytope reproduce the closed forms exactly (rational equality). */
    @Test
    void lpBallsMatchTheirClosedFormsExactly() {
        for (int d = 1; d <= 6; d++) {
            ConeTriangulation c = tri(cube(d));
            assertEquals(LpBalls.exactVolume(LpNorm.LINF, d), c.volume(), "cube volume d = " + d);
            ConeTriangulation x = tri(crossPolytope(d));
            assertEquals(LpBalls.exactVolume(LpNorm.L1, d), x.volume(), "cross-polytope volume d = " + d);
            Rational[][] mc = c.secondMoment();
            Rational[][] mx = x.secondMoment();
            for (int r = 0; r < d; r++) {
                for (int s = 0; s < d; s++) {
                    assertEquals(r == s ? LpBalls.secondMomentScalar(LpNorm.LINF, d) : Rational.ZERO, mc[r][s], "cube M d = " + d);
                    assertEquals(r == s ? LpBalls.secondMomentScalar(LpNorm.L1, d) : Rational.ZERO, mx[r][s], "cross-polytope M d = " + d);
                }
            }
        }
    }

    /**
     * K-norm paper Prop 4.13: with Δ₁ = mΔ∞ (m = d, the worst case), Var(ℓ∞)/Var(ℓ1) per coordinate is
     * (m+1)(m+2)/(6m²), computed here from the triangulated bodies' exact second moments.
     */
    @Test
    void proposition413FromTheTriangulatedBodies() {
        for (int m = 1; m <= 6; m++) {
            Rational mInf = tri(cube(m)).secondMoment()[0][0];
            Rational mOne = tri(crossPolytope(m)).secondMoment()[0][0];
            // Cov = (d+1)(d+2)(Δ/ε)² M: the common factors cancel, leaving M∞ / (m² M₁)
            Rational ratio = mInf.divide(mOne.multiply(Rational.of(m * m)));
            assertEquals(new Rational(java.math.BigInteger.valueOf((m + 1) * (m + 2)), java.math.BigInteger.valueOf(6 * m * m)), ratio, "m = " + m);
        }
    }

    /** 2-D: the volume against the shoelace formula over the hull's vertices in angular order. */
    @Test
    void planarAreaMatchesTheShoelaceFormula() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int trial = 0; trial < 50; trial++) {
            List<double[]> pts = new ArrayList<>();
            pts.add(new double[] {0.5, 0});
            pts.add(new double[] {-0.5, 0.25});
            pts.add(new double[] {0, -0.5});
            for (int i = 0; i < 20; i++) {
                pts.add(new double[] {rnd.nextDouble(-2, 2), rnd.nextDouble(-2, 2)});
            }
            ConvexHull h = QuickHull.of(pts.toArray(new double[0][]));
            double[][] v = h.vertexCoordinates();
            java.util.Arrays.sort(v, (a, b) -> Double.compare(Math.atan2(a[1], a[0]), Math.atan2(b[1], b[0])));
            double area = 0;
            for (int i = 0; i < v.length; i++) {
                double[] a = v[i];
                double[] b = v[(i + 1) % v.length];
                area += a[0] * b[1] - a[1] * b[0];
            }
            area /= 2;
            assertEquals(area, ConeTriangulation.fromOrigin(h).volume().doubleValue(), 1e-12 * area, "trial " + trial);
        }
    }

    /**
     * Random polytopes in 3 and 4 dimensions: volume and second moment against Monte Carlo from the bounding box
     * with the H-form as the membership test. Tolerances are 6 standard errors (false failure below 2e-9 per check).
     */
    @Test
    void randomPolytopesMatchMonteCarlo() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int d = 3; d <= 4; d++) {
            double[][] pts = new double[12][d];
            for (double[] p : pts) {
                for (int j = 0; j < d; j++) {
                    p[j] = rnd.nextDouble(-1, 1);
                }
            }
            for (int j = 0; j < d; j++) { // keep the origin inside
                pts[j][j] = 1.5;
                pts[d + j][j] = -1.5;
            }
            ConvexHull h = QuickHull.of(pts);
            Polytope body = Polytope.of(h);
            ConeTriangulation t = ConeTriangulation.fromOrigin(h);
            int n = 400_000;
            double box = Math.pow(3, d);
            int hits = 0;
            double m00 = 0;
            double m01 = 0;
            double[] y = new double[d];
            for (int s = 0; s < n; s++) {
                for (int j = 0; j < d; j++) {
                    y[j] = rnd.nextDouble(-1.5, 1.5);
                }
                if (body.contains(y)) {
                    hits++;
                    m00 += y[0] * y[0];
                    m01 += y[0] * y[1];
                }
            }
            double p = (double) hits / n;
            double vol = t.volume().doubleValue();
            assertEquals(vol, p * box, 6 * box * Math.sqrt(p * (1 - p) / n), "volume d = " + d);
            double[][] m = t.secondMomentDouble();
            // M entries are bounded by 1.5² per hit; the standard error of the mean over hits is at most 2.25/sqrt(hits)
            assertEquals(m[0][0], m00 / hits, 6 * 2.25 / Math.sqrt(hits), "M00 d = " + d);
            assertEquals(m[0][1], m01 / hits, 6 * 2.25 / Math.sqrt(hits), "M01 d = " + d);
        }
    }

    @Test
    void gaugeOfTheCubeIsTheMaxNorm() {
        Polytope cube = Polytope.of(QuickHull.of(cube(3)));
        assertEquals(0.75, cube.gauge(new double[] {0.5, -0.75, 0.1}), 0.0);
        assertEquals(3.0, cube.support(new double[] {1, 1, -1}), 0.0);
        Polytope cross = Polytope.of(QuickHull.of(crossPolytope(3)));
        assertEquals(LpNorm.L1.of(new double[] {0.5, -0.75, 0.1}), cross.gauge(new double[] {0.5, -0.75, 0.1}), 1e-15);
    }

    /** The lattice version of the hull's Δ agrees with the rational one on random symmetric sets, and is exactly 1 (S_T's own hull). */
    @Test
    void hullSensitivityOverItsOwnPointsAgreesWithTheRationalComputation() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int trial = 0; trial < 20; trial++) {
            int d = 2 + trial % 3;
            int n = 5 + rnd.nextInt(20);
            double[][] pts = new double[2 * n][d];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < d; j++) {
                    pts[i][j] = Math.scalb((double) rnd.nextInt(-1000, 1001), -rnd.nextInt(8));
                    pts[n + i][j] = -pts[i][j];
                }
            }
            ConvexHull h = QuickHull.of(pts);
            if (h.dimension() < d) {
                continue;
            }
            Sensitivity fast = Sensitivity.ofHullPoints(h);
            Sensitivity slow = Sensitivity.ofHull(h, h.reduced());
            assertEquals(slow, fast);
            assertEquals(1.0, fast.upper());
            assertTrue(fast.exact());
        }
    }

    @Test
    void originOutsideIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> tri(new double[][] {{1, 1}, {2, 1}, {1, 2}}));
        assertTrue(e.getMessage().startsWith("the origin must be strictly inside the body"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> tri(new double[][] {{0, 0}, {1, 0}, {0, 1}}));
    }
}
