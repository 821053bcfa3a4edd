package org.optimech.geometry.adjacent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.optimech.geometry.support.BoxMaximizer;
import org.optimech.geometry.support.Interval;
import org.optimech.runtime.exact.Rational;

/**
 * The exact ℓ1 sensitivity of the linear-regression statistic, checked against independent computations:
 * its witness by direct evaluation, an exhaustive search of record pairs on the grid {−1, −½, 0, ½, 1}
 * (never above it), random pairs (never above it), and, for p = 1, an interval branch and bound over the
 * four-dimensional pair box (certified upper bound).
 */
class RegressionStatisticTest {
    @Test
    void dimensionAndFeatures() {
        assertEquals(26, RegressionStatistic.dimension(5));
        assertEquals(26, RegressionStatistic.names(5).size());
        double[] t = RegressionStatistic.features(new double[] {0.5, -1}, 0.25);
        assertEquals(8, t.length);
        assertEquals(java.util.List.of("x1", "x2", "x1*x2", "2*x1^2", "2*x2^2", "y", "x1*y", "x2*y"), RegressionStatistic.names(2));
        double[] want = {0.5, -1, -0.5, 0.5, 2, 0.25, 0.125, -0.25};
        for (int i = 0; i < 8; i++) {
            assertEquals(want[i], t[i], 0.0);
        }
    }

    @Test
    void l1SensitivityIsExactAndAttained() {
        for (int p = 1; p <= 5; p++) {
            RegressionStatistic.L1 r = RegressionStatistic.l1Sensitivity(p);
            int d = RegressionStatistic.dimension(p);
            assertEquals(Rational.of(d + p + 1), r.value(), "p = " + p);
            assertEquals(r.value().doubleValue(), RegressionStatistic.l1Distance(r.z(), r.zPrime()), 0.0, "the witness attains it");
            assertTrue(r.value().doubleValue() < 2 * d || p == 1 && r.value().doubleValue() <= 2 * d, "below the crude 2d");
        }
        assertEquals(Rational.of(32), RegressionStatistic.l1Sensitivity(5).value());
        assertThrows(IllegalArgumentException.class, () -> RegressionStatistic.l1Sensitivity(7));
    }

    /** Every pair of records on a grid of five values per coordinate stays at or below Δ₁ (p ≤ 3: up to 5^8 pairs). */
    @Test
    void noGridPairExceedsIt() {
        double[] vals = {-1, -0.5, 0, 0.5, 1};
        for (int p = 1; p <= 3; p++) {
            double delta = RegressionStatistic.l1Sensitivity(p).value().doubleValue();
            int k = p + 1;
            int count = (int) Math.pow(5, k);
            double[][] recs = new double[count][k];
            for (int c = 0; c < count; c++) {
                int code = c;
                for (int i = 0; i < k; i++) {
                    recs[c][i] = vals[code % 5];
                    code /= 5;
                }
            }
            double best = 0;
            for (double[] a : recs) {
                for (double[] b : recs) {
                    best = Math.max(best, RegressionStatistic.l1Distance(a, b));
                }
            }
            assertEquals(delta, best, 1e-12, "p = " + p + ": the grid attains Delta_1 and never exceeds it");
        }
    }

    @Test
    void randomPairsStayBelow() {
        SplittableRandom rnd = new SplittableRandom(12);
        for (int p = 1; p <= 5; p++) {
            double delta = RegressionStatistic.l1Sensitivity(p).value().doubleValue();
            for (int trial = 0; trial < 20_000; trial++) {
                double[] a = new double[p + 1];
                double[] b = new double[p + 1];
                for (int i = 0; i <= p; i++) {
                    a[i] = rnd.nextDouble(-1, 1);
                    b[i] = rnd.nextDouble(-1, 1);
                }
                assertTrue(RegressionStatistic.l1Distance(a, b) <= delta + 1e-12);
            }
        }
    }

    /** p = 1: interval branch and bound over (x, y, x', y') ∈ [−1, 1]^4 certifies an upper bound within 1e-6 of Δ₁ = 6. */
    @Test
    void branchAndBoundAgreesForOneCovariate() {
        java.util.function.Function<Interval[], Interval> f = b -> {
            Interval x = b[0];
            Interval y = b[1];
            Interval x2 = b[2];
            Interval y2 = b[3];
            return x.subtract(x2).abs().add(x.pow(2).subtract(x2.pow(2)).abs().scale(2)).add(y.subtract(y2).abs())
                    .add(x.multiply(y).subtract(x2.multiply(y2)).abs());
        };
        Interval[] box = {new Interval(-1, 1), new Interval(-1, 1), new Interval(-1, 1), new Interval(-1, 1)};
        BoxMaximizer.Bound bound = BoxMaximizer.maximize(f, box, 1e-6, 2_000_000);
        assertTrue(bound.upper() >= 6 && bound.upper() <= 6 + 1e-5, "upper " + bound.upper());
        assertEquals(6.0, RegressionStatistic.l1Sensitivity(1).value().doubleValue());
    }
}
