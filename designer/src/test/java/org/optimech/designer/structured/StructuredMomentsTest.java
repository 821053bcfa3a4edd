package org.optimech.designer.structured;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.commons.math3.fraction.BigFraction;
import org.apache.commons.math3.util.CombinatoricsUtils;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * The closed-form moments against independent computations: Q_n's moments against the Irwin–Hall inclusion–exclusion
 * formulas in exact rationals (a different algorithm from the Eulerian slices), small bodies against hand-computed values,
 * and the count ball, count join and permutohedron against rejection sampling written here from their gauges alone
 * (z-tests with |z| &lt; 5.7, false-failure probability 1.2e-8 each, about 30 in all; seeds fixed).
 */
class StructuredMomentsTest {
    static final double Z = 5.7;

    // ---- Q_n = [0, 1]^n ∩ {Σx ≤ k} by inclusion–exclusion: F_n(t) = Σ_j (−1)^j C(n, j)(t − j)₊^n / n! ----

    /** G_r^{(n)}(t) = Σ_{j<t} (−1)^j C(n, j)(t − j)^{n+r}/(n + r)! at an integer t (G_0 = F). */
    static BigFraction g(int n, int r, int t) {
        BigFraction s = BigFraction.ZERO;
        for (int j = 0; j < t && j <= n; j++) {
            BigFraction term = new BigFraction(BigInteger.valueOf(t - j).pow(n + r).multiply(BigInteger.valueOf(CombinatoricsUtils.binomialCoefficient(n, j))));
            s = (j % 2 == 0) ? s.add(term) : s.subtract(term);
        }
        return s.divide(new BigFraction(factorial(n + r)));
    }

    static BigInteger factorial(int n) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= n; i++) {
            f = f.multiply(BigInteger.valueOf(i));
        }
        return f;
    }

    /** ∫₀¹ x²·F_{n−1}(k − x) dx, exactly: on [k − 1, k] every (t − j)₊ with j < k is t − j, so expand (a − x)^{n−1}, a = k − j. */
    static BigFraction x1Squared(int n, int k) {
        int m = n - 1;
        if (m == 0) {
            return new BigFraction(1, 3); // F_0 = 1 at t ≥ 0
        }
        BigFraction s = BigFraction.ZERO;
        for (int j = 0; j < k && j <= m; j++) {
            BigInteger a = BigInteger.valueOf(k - j);
            BigFraction inner = BigFraction.ZERO;
            for (int i = 0; i <= m; i++) {
                BigFraction t = new BigFraction(a.pow(m - i).multiply(BigInteger.valueOf(CombinatoricsUtils.binomialCoefficient(m, i))), BigInteger.valueOf(3 + i));
                inner = (i % 2 == 0) ? inner.add(t) : inner.subtract(t);
            }
            BigFraction term = inner.multiply(new BigFraction(BigInteger.valueOf(CombinatoricsUtils.binomialCoefficient(m, j))));
            s = (j % 2 == 0) ? s.add(term) : s.subtract(term);
        }
        return s.divide(new BigFraction(factorial(m)));
    }

    static void assertRelative(double expected, double actual, double tol, String what) {
        assertTrue(Math.abs(expected - actual) <= tol * Math.max(1e-300, Math.abs(expected)), what + ": expected " + expected + ", got " + actual);
    }

    @Property(tries = 60)
    void qMomentsMatchInclusionExclusion(@ForAll @IntRange(min = 1, max = 22) int d, @ForAll @IntRange(min = 1, max = 22) int k) {
        Assume.that(k <= d);
        QMoments q = QMoments.of(d, k);
        for (int n = 1; n <= d; n++) {
            BigFraction f = g(n, 0, k);
            BigFraction g1 = g(n, 1, k);
            BigFraction g2 = g(n, 2, k);
            BigFraction kk = new BigFraction(k);
            assertRelative(f.doubleValue(), Math.exp(q.logVolume[n]), 1e-12, "log vol Q_" + n + ", k = " + k);
            assertRelative(kk.multiply(f).subtract(g1).divide(f).doubleValue(), q.e1[n], 1e-12, "E S over Q_" + n);
            assertRelative(kk.multiply(kk).multiply(f).subtract(kk.multiply(g1).multiply(2)).add(g2.multiply(2)).divide(f).doubleValue(), q.e2[n], 1e-12,
                    "E S² over Q_" + n);
            assertRelative(x1Squared(n, k).multiply(n).divide(f).doubleValue(), q.s2[n], 1e-12, "E ‖x‖² over Q_" + n);
        }
    }

    // ---- small bodies by hand ----

    @Test
    void countBallAndJoinInTwoDimensionsByHand() {
        QMoments q = QMoments.of(2, 1);
        // the count ball for d = 2, k = 1: the square minus the corners beyond u1 + u2 = 1 and u1 + u2 = −1: area 3
        double[] ball = q.countBall();
        assertEquals(Math.log(3), ball[2], 1e-14);
        // E u1² = (∫ over the square − 2∫ over a corner triangle)/3: the square gives 4/3, each triangle {x, y ≥ 0, x + y ≥ 1} 1/4 − 1/12 = 1/6... so (4/3 − 2·(1/3 − 1/12))/3
        double ex1 = (4.0 / 3 - 2 * (1.0 / 3 - 1.0 / 12)) / 3;
        assertEquals(2 * ex1, ball[0], 1e-14);
        // the count join for d = 2, k = 1 is the l1 ball: area 2, E‖u‖² = 2·2/(3·4), E u1u2 = 0
        double[] join = q.countJoin();
        assertEquals(Math.log(2), join[2], 1e-14);
        assertEquals(1.0 / 3, join[0], 1e-14);
        assertEquals(1.0 / 3, join[1], 1e-14);
        // with k = d the sum ball is the cube: E x1² = 1/3, vol 2^d
        QMoments cube = QMoments.of(5, 5);
        assertEquals(1.0 / 3, cube.sumBallSecondMoment(), 1e-15);
        assertEquals(5 * Math.log(2), cube.sumBallLogVolume(), 1e-13);
    }

    @Test
    void permutohedronSmallCasesByHand() {
        double[] m = PermutohedronMoments.secondMoments(3);
        // Π_2: the segment between ±(1/2, −1/2), E‖U‖² = 2·(1/12); Π_3: a regular hexagon of circumradius √2, E‖U‖² = (5/12)·2
        assertEquals(1.0 / 6, m[2], 1e-15);
        assertEquals(5.0 / 6, m[3], 1e-14);
        assertEquals(Math.log(3 * Math.sqrt(3)), PermutohedronMoments.logVolume(3), 1e-14); // hexagon of side √2: (3√3/2)·2
    }

    // ---- rejection sampling from the gauges, independent of the runtime's samplers and of the closed forms ----

    interface Gauge {
        double of(double[] u);
    }

    static double countBallGauge(double[] u, int k) {
        double max = 0;
        double plus = 0;
        double minus = 0;
        for (double x : u) {
            max = Math.max(max, Math.abs(x));
            plus += Math.max(x, 0);
            minus += Math.max(-x, 0);
        }
        return Math.max(max, Math.max(plus, minus) / k);
    }

    static double countJoinGauge(double[] u, int k) {
        double maxP = 0;
        double maxN = 0;
        double plus = 0;
        double minus = 0;
        for (double x : u) {
            maxP = Math.max(maxP, x);
            maxN = Math.max(maxN, -x);
            plus += Math.max(x, 0);
            minus += Math.max(-x, 0);
        }
        return Math.max(maxP, plus / k) + Math.max(maxN, minus / k);
    }

    /** {E‖u‖², E(Σu)², acceptance} with standard errors, from n proposals uniform in [−1, 1]^d. */
    static double[] rejection(int d, Gauge gauge, int n, long seed) {
        SeededRandomBits bits = new SeededRandomBits(seed);
        double[] u = new double[d];
        double s1 = 0;
        double s1sq = 0;
        double s2 = 0;
        double s2sq = 0;
        int accepted = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                u[j] = 2 * ((bits.nextLong() >>> 11) * 0x1.0p-53) - 1;
            }
            if (gauge.of(u) > 1) {
                continue;
            }
            accepted++;
            double norm = 0;
            double sum = 0;
            for (double x : u) {
                norm += x * x;
                sum += x;
            }
            s1 += norm;
            s1sq += norm * norm;
            s2 += sum * sum;
            s2sq += sum * sum * sum * sum;
        }
        double m1 = s1 / accepted;
        double m2 = s2 / accepted;
        return new double[] {m1, Math.sqrt((s1sq / accepted - m1 * m1) / accepted), m2, Math.sqrt((s2sq / accepted - m2 * m2) / accepted), (double) accepted / n};
    }

    static void assertWithin(double expected, double estimate, double se, String what) {
        assertTrue(Math.abs(estimate - expected) <= Z * se + 1e-12, what + ": closed form " + expected + ", Monte Carlo " + estimate + " ± " + se);
    }

    @Test
    void countBallAndJoinAgainstRejectionSampling() {
        int n = 400_000;
        for (int[] dk : new int[][] {{1, 1}, {3, 1}, {3, 2}, {4, 2}, {5, 2}, {5, 4}, {6, 3}}) {
            int d = dk[0];
            int k = dk[1];
            QMoments q = QMoments.of(d, k);
            double[][] closed = {q.countBall(), q.countJoin()};
            Gauge[] gauges = {u -> countBallGauge(u, k), u -> countJoinGauge(u, k)};
            for (int b = 0; b < 2; b++) {
                String what = (b == 0 ? "count ball" : "count join") + " d = " + d + ", k = " + k;
                double[] mc = rejection(d, gauges[b], n, 17L * d + k + b);
                assertWithin(closed[b][0], mc[0], mc[1], what + " E‖u‖²");
                assertWithin(closed[b][1], mc[2], mc[3], what + " E(Σu)²");
                double p = Math.exp(closed[b][2]) / Math.pow(2, d);
                assertWithin(p, mc[4], Math.sqrt(p * (1 - p) / n), what + " volume share of the cube");
            }
        }
    }

    @Test
    void permutohedronAgainstRejectionSampling() {
        // uniform in Π_d ⊂ {Σx = 0} ⇔ (x_1 … x_{d−1}) uniform in its projection (a linear bijection); membership by majorisation:
        // the m largest coordinates sum to at most the m largest Borda values, for every m
        for (int d = 4; d <= 6; d++) {
            double[] borda = new double[d];
            for (int i = 0; i < d; i++) {
                borda[i] = (d - 1) / 2.0 - i;
            }
            double half = (d - 1) / 2.0;
            SeededRandomBits bits = new SeededRandomBits(d);
            double s = 0;
            double sq = 0;
            int accepted = 0;
            double[] x = new double[d];
            for (int i = 0; i < 600_000; i++) {
                double last = 0;
                for (int j = 0; j < d - 1; j++) {
                    x[j] = half * (2 * ((bits.nextLong() >>> 11) * 0x1.0p-53) - 1);
                    last -= x[j];
                }
                x[d - 1] = last;
                double[] sorted = x.clone();
                java.util.Arrays.sort(sorted);
                boolean in = true;
                double top = 0;
                double bound = 0;
                for (int m = 1; m < d && in; m++) {
                    top += sorted[d - m];
                    bound += borda[m - 1];
                    in = top <= bound;
                }
                if (!in) {
                    continue;
                }
                accepted++;
                double norm = 0;
                for (double v : x) {
                    norm += v * v;
                }
                s += norm;
                sq += norm * norm;
            }
            double mean = s / accepted;
            double se = Math.sqrt((sq / accepted - mean * mean) / accepted);
            assertWithin(PermutohedronMoments.secondMoments(d)[d], mean, se, "permutohedron d = " + d + " E‖U‖²");
            // its volume in the hyperplane: the projection's area times √d (the hyperplane's Jacobian)
            double share = (double) accepted / 600_000;
            double expected = Math.exp(PermutohedronMoments.logVolume(d)) / Math.sqrt(d) / Math.pow(2 * half, d - 1);
            assertWithin(expected, share, Math.sqrt(expected * (1 - expected) / 600_000), "permutohedron d = " + d + " volume");
        }
    }

    @Test
    void permutohedronRecursionAgreesWithTheTreeSamplerInHighDimension() {
        // the runtime's sampler (a Prüfer-tree tiling, a different construction) at d = 150 and 400 against the facet recursion
        for (int d : new int[] {150, 400}) {
            org.optimech.runtime.knorm.PermutohedronBody body = org.optimech.runtime.knorm.PermutohedronBody.of(d, 0);
            SeededRandomBits bits = new SeededRandomBits(d);
            int n = 3000;
            double s = 0;
            double sq = 0;
            for (int i = 0; i < n; i++) {
                double norm = 0;
                for (double v : body.uniformPoint(bits)) {
                    norm += v * v;
                }
                s += norm;
                sq += norm * norm;
            }
            double mean = s / n;
            assertWithin(PermutohedronMoments.secondMoments(d)[d], mean, Math.sqrt((sq / n - mean * mean) / n), "permutohedron d = " + d + " E‖U‖²");
        }
    }

    @Test
    void sumBallAndCountBodiesAgreeWithTheRuntimeSamplersInHighDimension() {
        // d = 300: the Eulerian-slice samplers against the closed forms (E‖U‖² and E(ΣU)²)
        int d = 300;
        int k = 12;
        QMoments q = QMoments.of(d, k);
        org.optimech.runtime.knorm.UnitBody[] bodies = {org.optimech.runtime.knorm.SumBallBody.of(d, k), org.optimech.runtime.knorm.CountBallBody.of(d, k),
            org.optimech.runtime.knorm.CountJoinBody.of(d, k)};
        double[][] closed = {{q.sumBallSecondMoment() * d, q.sumBallSecondMoment() * d}, q.countBall(), q.countJoin()};
        for (int b = 0; b < bodies.length; b++) {
            SeededRandomBits bits = new SeededRandomBits(100 + b);
            int n = 20_000;
            double s1 = 0;
            double s1sq = 0;
            double s2 = 0;
            double s2sq = 0;
            for (int i = 0; i < n; i++) {
                double norm = 0;
                double sum = 0;
                for (double v : bodies[b].uniformPoint(bits)) {
                    norm += v * v;
                    sum += v;
                }
                s1 += norm;
                s1sq += norm * norm;
                s2 += sum * sum;
                s2sq += sum * sum * sum * sum;
            }
            double m1 = s1 / n;
            double m2 = s2 / n;
            assertWithin(closed[b][0], m1, Math.sqrt((s1sq / n - m1 * m1) / n), bodies[b].name() + " E‖U‖²");
            assertWithin(closed[b][1], m2, Math.sqrt((s2sq / n - m2 * m2) / n), bodies[b].name() + " E(ΣU)²");
        }
    }
}
