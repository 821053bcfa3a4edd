package org.optimech.designer.structural;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.optimech.designer.problem.Loss;
import org.optimech.runtime.discrete.IntegerRange;

/**
 * Regression (review of session 4): a NaN or an infinity in the dual's data must make both verifications refuse with a
 * reason, never pass: NaN compares false everywhere, so a NaN entry of a column used to drop out of the ray search.
 */
class NonFiniteDualTest {
    private static final int N = 30;

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MAX_VALUE})
    void aNonFiniteDualEntryIsRefused(double bad) {
        for (int at : new int[] {0, N / 2, N}) {
            double[] prior = uniform();
            Loss loss = absolute();
            Geometric g = Geometric.of(N, 0.5);
            double[] b = BayesRemap.solve(prior, loss, g).value();
            b[at] = bad;
            assertRefused(GeometricDual.windowed(prior, loss.distanceForm().orElseThrow(), loss, g, b), "windowed, b[" + at + "] = " + bad);
            assertRefused(GeometricDual.full(prior, loss, g, b), "full, b[" + at + "] = " + bad);
            assertRefused(GeometricDual.bound(prior, loss, g, b), "bound, b[" + at + "] = " + bad);
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY})
    void aNonFinitePriorEntryIsRefused(double bad) {
        double[] prior = uniform();
        Loss loss = absolute();
        Geometric g = Geometric.of(N, 0.5);
        double[] b = BayesRemap.solve(prior, loss, g).value();
        prior[N / 3] = bad;
        assertRefused(GeometricDual.windowed(prior, loss.distanceForm().orElseThrow(), loss, g, b), "windowed, prior = " + bad);
        assertRefused(GeometricDual.full(prior, loss, g, b), "full, prior = " + bad);
    }

    /** A loss scale near the double range: the column entries p·L overflow, which must refuse rather than pass. */
    @ParameterizedTest
    @ValueSource(doubles = {1e300, 1e307})
    void overflowingColumnEntriesAreRefusedOrFinite(double scale) {
        double[] prior = uniform();
        double[] s = new double[N + 1];
        Arrays.fill(s, scale);
        Loss loss = Loss.ofDistance("squared", new Loss.DistanceForm(new IntegerRange(0, N), new IntegerRange(0, N), 2, s));
        Geometric g = Geometric.of(N, 0.5);
        double[] b = BayesRemap.solve(prior, loss, g).value();
        org.optimech.runtime.certificate.GeometricDual.Bound w = GeometricDual.windowed(prior, loss.distanceForm().orElseThrow(), loss, g, b);
        org.optimech.runtime.certificate.GeometricDual.Bound f = GeometricDual.full(prior, loss, g, b);
        for (org.optimech.runtime.certificate.GeometricDual.Bound x : new org.optimech.runtime.certificate.GeometricDual.Bound[] {w, f}) {
            assertTrue(!x.computed() || Double.isFinite(x.lowerBound()) && Double.isFinite(x.deficit()), "a computed bound must be finite: " + x);
        }
    }

    private static void assertRefused(org.optimech.runtime.certificate.GeometricDual.Bound bound, String what) {
        assertFalse(bound.computed(), what + " passed: " + bound);
        assertTrue(bound.reason().contains("not finite"), what + ": " + bound.reason());
    }

    private static double[] uniform() {
        double[] prior = new double[N + 1];
        Arrays.fill(prior, 1.0 / (N + 1));
        return prior;
    }

    private static Loss absolute() {
        double[] s = new double[N + 1];
        Arrays.fill(s, 1.0);
        return Loss.ofDistance("absolute", new Loss.DistanceForm(new IntegerRange(0, N), new IntegerRange(0, N), 1, s));
    }
}
