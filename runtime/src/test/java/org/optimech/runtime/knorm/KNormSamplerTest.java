package org.optimech.runtime.knorm;

import org.optimech.runtime.knorm.LpNorm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.distribution.AbstractRealDistribution;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.LaplaceDistribution;
import org.apache.commons.math3.distribution.RealDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.ChiSquare;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * Statistical tests of the K-norm samplers. Each Kolmogorov–Smirnov check uses the DKW bound
 * P(sup|F_n − F| > t) ≤ 2exp(−2nt²) with t set for a false-failure probability of {@link #ALPHA}; with the
 * χ² checks (1e-7 each) the file's total false-failure probability is below 1e-5. Seeds are fixed.
 */
class KNormSamplerTest {
    static final double ALPHA = 1e-7;
    static final int N = 20_000;

    static double dkw(int n) {
        return Math.sqrt(Math.log(2 / ALPHA) / (2.0 * n));
    }

    static double ks(RealDistribution dist, double[] sample) {
        return new KolmogorovSmirnovTest().kolmogorovSmirnovStatistic(dist, sample);
    }

    /** The cross-polytope |x|₁ ≤ 1 in d dimensions as a cone triangulation: one simplex per orthant. */
    static PolytopeBody crossPolytope(int d) {
        int n = 1 << d;
        double[][][] s = new double[n][d][d];
        double[] vol = new double[n];
        double[][] normals = new double[n][d];
        double[] offsets = new double[n];
        for (int mask = 0; mask < n; mask++) {
            for (int j = 0; j < d; j++) {
                double sign = ((mask >> j) & 1) == 1 ? 1 : -1;
                s[mask][j][j] = sign;
                normals[mask][j] = sign;
            }
            vol[mask] = 1;
            offsets[mask] = 1;
        }
        return PolytopeBody.of(s, vol, normals, offsets);
    }

    /** An irregular hexagon around the origin, triangles of unequal areas. */
    static PolytopeBody hexagon() {
        double[][] v = {{2, 0}, {1, 1.5}, {-0.5, 1}, {-1.5, 0}, {-0.5, -1}, {1, -1}};
        int n = v.length;
        double[][][] s = new double[n][][];
        double[] vol = new double[n];
        double[][] normals = new double[n][];
        double[] offsets = new double[n];
        for (int i = 0; i < n; i++) {
            double[] a = v[i];
            double[] b = v[(i + 1) % n];
            s[i] = new double[][] {a, b};
            vol[i] = Math.abs(a[0] * b[1] - a[1] * b[0]) / 2;
            normals[i] = new double[] {b[1] - a[1], a[0] - b[0]}; // outward for counter-clockwise order
            offsets[i] = normals[i][0] * a[0] + normals[i][1] * a[1];
        }
        return PolytopeBody.of(s, vol, normals, offsets);
    }

    static List<UnitBody> bodies() {
        return List.of(LpBody.of(LpNorm.L1, 3), LpBody.of(LpNorm.L2, 4), LpBody.of(LpNorm.LINF, 3), LpBody.of(LpNorm.L2, 1),
                crossPolytope(3), hexagon());
    }

    /** ‖V‖_K ~ Gamma(d, Δ/ε) for every body (ERRATA K1; so E‖V‖_K = dΔ/ε). */
    @Test
    void normOfTheNoiseIsGammaD() {
        SeededRandomBits bits = new SeededRandomBits(42);
        for (UnitBody body : bodies()) {
            KNormSampler s = KNormSampler.of(body, 1.5, 0.5);
            double[] norms = new double[N];
            for (int i = 0; i < N; i++) {
                norms[i] = body.norm(s.noise(bits));
            }
            double d = ks(new GammaDistribution(body.dimension(), 1.5 / 0.5), norms);
            assertTrue(d < dkw(N), body.name() + " d=" + body.dimension() + ": KS " + d + " >= " + dkw(N));
        }
    }

    /** The check can fail: a Gamma(d) radius with U inside K (the common bug) is caught at this sample size. */
    @Test
    void theNormCheckCatchesAGammaDRadius() {
        SeededRandomBits bits = new SeededRandomBits(43);
        UnitBody body = LpBody.of(LpNorm.LINF, 3);
        double[] norms = new double[N];
        for (int i = 0; i < N; i++) {
            double r = Continuous.gamma(3, 3.0, bits); // wrong shape: d instead of d + 1
            norms[i] = r * body.norm(body.uniformPoint(bits));
        }
        assertTrue(ks(new GammaDistribution(3, 3.0), norms) > dkw(N));
    }

    /** The Gamma sampler across its chunking (shapes 1, 16, 17 and 40, products of up to 16 uniforms per logarithm). */
    @Test
    void gammaMatchesItsDistribution() {
        SeededRandomBits bits = new SeededRandomBits(48);
        for (int k : new int[] {1, 16, 17, 40}) {
            double[] x = new double[N];
            for (int i = 0; i < N; i++) {
                x[i] = Continuous.gamma(k, 0.5, bits);
            }
            assertTrue(ks(new GammaDistribution(k, 0.5), x) < dkw(N), "shape " + k);
        }
    }

    /** ℓ1: the coordinates are iid Laplace(Δ/ε). */
    @Test
    void l1MarginalsAreLaplace() {
        SeededRandomBits bits = new SeededRandomBits(44);
        KNormSampler s = KNormSampler.of(LpBody.of(LpNorm.L1, 4), 2, 0.8);
        double[][] coords = new double[4][N];
        for (int i = 0; i < N; i++) {
            double[] v = s.noise(bits);
            for (int j = 0; j < 4; j++) {
                coords[j][i] = v[j];
            }
        }
        for (int j = 0; j < 4; j++) {
            double d = ks(new LaplaceDistribution(0, 2 / 0.8), coords[j]);
            assertTrue(d < dkw(N), "coordinate " + j + ": KS " + d);
        }
    }

    /**
     * ℓ∞: V_j = r·U_j with r ~ Gamma(d+1, s), U_j ~ U(−1, 1), so P(|V_j| > v) = E(1 − v/r)_+ = Q(d+1, v/s) − (v/(s d))·Q(d, v/s),
     * with Q(k, x) = e^{−x} Σ_{i<k} x^i/i! the upper regularised gamma function (because f_{d+1}(r)/r = f_d(r)/(s·d) for Gamma densities of scale s).
     */
    @Test
    void linfMarginalMatchesItsClosedForm() {
        int d = 3;
        double scale = 1.25;
        RealDistribution marginal = new AbstractRealDistribution(null) {
            @Override
            public double cumulativeProbability(double x) {
                double v = Math.abs(x);
                double tail = q(d + 1, v / scale) - v / (scale * d) * q(d, v / scale);
                return x >= 0 ? 1 - tail / 2 : tail / 2;
            }

            @Override
            public double density(double x) {
                throw new UnsupportedOperationException();
            }

            @Override
            public double getNumericalMean() {
                return 0;
            }

            @Override
            public double getNumericalVariance() {
                return Double.NaN;
            }

            @Override
            public double getSupportLowerBound() {
                return Double.NEGATIVE_INFINITY;
            }

            @Override
            public double getSupportUpperBound() {
                return Double.POSITIVE_INFINITY;
            }

            @Override
            public boolean isSupportLowerBoundInclusive() {
                return false;
            }

            @Override
            public boolean isSupportUpperBoundInclusive() {
                return false;
            }

            @Override
            public boolean isSupportConnected() {
                return true;
            }
        };
        SeededRandomBits bits = new SeededRandomBits(45);
        KNormSampler s = KNormSampler.of(LpBody.of(LpNorm.LINF, d), 2.5, 2.0);
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = s.noise(bits)[i % d];
        }
        assertTrue(ks(marginal, x) < dkw(N), "KS " + ks(marginal, x));
    }

    static double q(int k, double x) {
        double term = 1;
        double sum = 0;
        for (int i = 0; i < k; i++) {
            sum += term;
            term *= x / (i + 1);
        }
        return Math.exp(-x) * sum;
    }

    /** U = V/r never leaves the unit body. */
    @Test
    void uniformPointsStayInTheBody() {
        SeededRandomBits bits = new SeededRandomBits(46);
        for (UnitBody body : bodies()) {
            for (int i = 0; i < 50_000; i++) {
                double[] u = body.uniformPoint(bits);
                assertTrue(body.norm(u) <= 1 + 1e-12, body.name() + ": " + Arrays.toString(u));
            }
        }
    }

    /** The polytope sampler picks simplices in proportion to their areas (χ², false failure 1e-7), and each point lands in its simplex. */
    @Test
    void polytopeSimplicesFollowTheirVolumes() {
        PolytopeBody hex = hexagon();
        SeededRandomBits bits = new SeededRandomBits(47);
        double[] areas = {1.5, 0.875, 0.75, 0.75, 0.75, 1.0}; // |a × b|/2 for consecutive vertices, by hand
        double total = Arrays.stream(areas).sum();
        long[] counts = new long[areas.length];
        int n = 60_000;
        for (int i = 0; i < n; i++) {
            counts[hex.simplex(bits)]++;
        }
        ChiSquare.assertFits(counts, Arrays.stream(areas).map(a -> a / total).toArray(), n, "hexagon simplices");
        double[][] v = {{2, 0}, {1, 1.5}, {-0.5, 1}, {-1.5, 0}, {-0.5, -1}, {1, -1}};
        for (int i = 0; i < 6; i++) {
            for (int k = 0; k < 200; k++) {
                double[] u = hex.pointIn(i, bits);
                double[] a = v[i];
                double[] b = v[(i + 1) % 6];
                // inside the cone from the origin: u = λa + μb with λ, μ ≥ 0 and λ + μ ≤ 1
                double det = a[0] * b[1] - a[1] * b[0];
                double lambda = (u[0] * b[1] - u[1] * b[0]) / det;
                double mu = (a[0] * u[1] - a[1] * u[0]) / det;
                assertTrue(lambda >= -1e-12 && mu >= -1e-12 && lambda + mu <= 1 + 1e-12, "simplex " + i);
            }
        }
    }

    @Test
    void badParametersAreClearErrors() {
        UnitBody b = LpBody.of(LpNorm.L2, 2);
        assertEquals("epsilon must be > 0 and finite. Provided value: NaN",
                assertThrows(IllegalArgumentException.class, () -> KNormSampler.of(b, 1, Double.NaN)).getMessage());
        assertEquals("sensitivity must be > 0 and finite. Provided value: -1.0",
                assertThrows(IllegalArgumentException.class, () -> KNormSampler.of(b, -1, 1)).getMessage());
        assertEquals("statistic must have 2 coordinates. Provided length: 3",
                assertThrows(IllegalArgumentException.class, () -> KNormSampler.of(b, 1, 1).release(new double[3], new SeededRandomBits(1))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> PolytopeBody.of(new double[][][] {{{1, 0}, {0, 1}}}, new double[] {0}, new double[][] {{1, 1}},
                new double[] {1}));
        assertEquals("idealized", KNormSampler.of(b, 1, 1).numerics());
    }
}
