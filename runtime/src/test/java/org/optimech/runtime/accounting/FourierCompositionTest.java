package org.optimech.runtime.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The Fourier-domain N-fold composition, the connect-the-dots discretisation and the Chernoff tail bound, each against an
 * independent computation: the exact binomial profile of randomized response (summed in logs over every k), the repeated
 * squaring it replaced, and brute-force tails of small sums.
 */
class FourierCompositionTest {
    private static final PrivacyLossDistribution.Bound UP = PrivacyLossDistribution.Bound.UPPER;
    private static final PrivacyLossDistribution.Bound DOWN = PrivacyLossDistribution.Bound.LOWER;

    /** δ(ε) of n-fold randomized response at ε0, summed over every k. */
    static double binomialDelta(double eps0, long n, double e) {
        double p = 1 / (1 + Math.exp(-eps0));
        double sum = 0;
        double logChoose = 0; // log C(n, 0)
        for (long k = 0; k <= n; k++) {
            if (k > 0) {
                logChoose += Math.log(n - k + 1.0) - Math.log(k);
            }
            double loss = (2.0 * k - n) * eps0;
            if (loss > e) {
                sum += Math.exp(logChoose + k * Math.log(p) + (n - k) * Math.log1p(-p)) * -Math.expm1(e - loss);
            }
        }
        return sum;
    }

    @Test
    void randomizedResponseBracketsTheBinomialWithoutDriftOnTheGuarantee() {
        // ε0 = 0.3 is not a multiple of the step: rounding every loss up would overstate the N-fold ε by up to N·h = 0.5
        double eps0 = 0.3;
        double step = 1e-3;
        long n = 500;
        PrivacyLossDistribution up = PrivacyLossDistribution.randomizedResponse(eps0, step, UP).compose(n);
        PrivacyLossDistribution lo = PrivacyLossDistribution.randomizedResponse(eps0, step, DOWN).compose(n);
        // (below about 1e-9 the floating-point error bound of 500 FFT-composed releases is itself the guarantee's floor)
        for (double delta : new double[] {1e-2, 1e-4, 1e-6}) {
            // the exact ε at δ, by bisection on the binomial sum
            double a = 0;
            double b = n * eps0;
            for (int i = 0; i < 100; i++) {
                double mid = (a + b) / 2;
                if (binomialDelta(eps0, n, mid) > delta) {
                    a = mid;
                } else {
                    b = mid;
                }
            }
            double exact = b;
            double upper = up.epsilon(delta);
            double lower = lo.epsilon(delta);
            assertTrue(lower <= exact * (1 + 1e-9) && exact <= upper * (1 + 1e-9), delta + ": " + lower + " <= " + exact + " <= " + upper);
            // connect the dots: second-order error, far below one step per release (N·h = 0.5); the lower bound rounds down, so it may
            // sit N·h below (and the floating-point error bound takes a little more from it)
            assertTrue(upper - exact <= 0.01, "guarantee drifts at delta " + delta + ": " + upper + " against " + exact);
            assertTrue(exact - lower <= n * step + 0.01, "lower bound beyond N steps at delta " + delta + ": " + lower + " against " + exact);
        }
        for (double e : new double[] {0, 5, 20, 40}) {
            double exact = binomialDelta(eps0, n, e);
            assertTrue(lo.delta(e) <= exact * (1 + 1e-9) + 1e-15 && exact <= up.delta(e) * (1 + 1e-9) + 1e-15, e + ": " + lo.delta(e) + " " + exact + " "
                    + up.delta(e));
        }
    }

    @Test
    void fourierPowerAgreesWithRepeatedSquaring() {
        // an asymmetric pair with an atom at +∞, composed through the windowed path (its N-fold support is wider than the window)
        double[] mass = {0.05, 0.2, 0.3, 0.25, 0.15, 0.04};
        double[] loss = {-1.1, -0.37, 0.05, 0.41, 0.83, 1.3};
        for (PrivacyLossDistribution.Bound bound : PrivacyLossDistribution.Bound.values()) {
            PrivacyLossDistribution one = PrivacyLossDistribution.of(mass, loss, loss, 0.01, 0, 2e-3, bound);
            for (long n : new long[] {2, 7, 64, 300}) {
                PrivacyLossDistribution fourier = one.compose(n);
                PrivacyLossDistribution squaring = one.composeBySquaring(n);
                double tolerance = fourier.error() + squaring.error() + 4 * PrivacyLossDistribution.TAIL * 64 + 1e-12;
                assertEquals(squaring.infinity(), fourier.infinity(), 1e-12 * n, bound + " x" + n + ": P(inf)");
                for (double e : new double[] {-2, 0, 0.5, 1, 3, 8, 20}) {
                    // the two agree up to their stated error bounds (both on the same grid, the same rounding direction)
                    assertEquals(squaring.delta(e), fourier.delta(e), 2 * tolerance + 1e-9 * squaring.delta(e), bound + " x" + n + " at " + e);
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> PrivacyLossDistribution.randomizedResponse(1, 1e-3, UP).compose(0));
    }

    @Test
    void connectTheDotsDominatesTheAtomAndRoundingUpDominatesIt() {
        // one atom at a loss between grid points: its split lies above the exact profile at every ε and below the rounded-up one
        double[] mass = {0.7, 0.3};
        double[] loss = {0.2345, -0.6789};
        double step = 0.01;
        PrivacyLossDistribution split = PrivacyLossDistribution.of(mass, loss, loss, 0, 0, step, UP);
        double[] roundedUp = {0.24, -0.67};
        PrivacyLossDistribution rounded = PrivacyLossDistribution.of(mass, roundedUp, roundedUp, 0, 0, step, DOWN);
        for (double e = -1; e <= 1; e += 0.0007) {
            double exact = 0;
            for (int k = 0; k < mass.length; k++) {
                exact += mass[k] * Math.max(0, -Math.expm1(e - loss[k]));
            }
            assertTrue(split.delta(e) >= exact, "split below the exact profile at " + e);
            assertTrue(split.delta(e) <= rounded.delta(e) + 1e-15 + 1e-12, "split above rounding up at " + e);
        }
        // both grid points carry mass, and P-mass is kept
        double[] m = split.masses();
        double total = 0;
        for (double x : m) {
            total += x;
        }
        assertEquals(1.0, total, 1e-15);
        assertEquals(4, java.util.Arrays.stream(m).filter(x -> x > 0).count());
    }

    @Test
    void chernoffBoundsTheTailsOfSmallSums() {
        double[] a = {0.1, 0.0, 0.5, 0.3, 0.1};
        int n = 6;
        // the exact law of the sum of 6 indices, by direct convolution
        double[] law = {1};
        for (int i = 0; i < n; i++) {
            double[] next = new double[law.length + a.length - 1];
            for (int x = 0; x < law.length; x++) {
                for (int y = 0; y < a.length; y++) {
                    next[x + y] += law[x] * a[y];
                }
            }
            law = next;
        }
        for (int t = 0; t < law.length; t++) {
            double above = 0;
            double below = 0;
            for (int s = 0; s < law.length; s++) {
                above += s > t ? law[s] : 0;
                below += s < t ? law[s] : 0;
            }
            assertTrue(Chernoff.above(a, n, t) >= above * (1 - 1e-12), "above " + t);
            assertTrue(Chernoff.below(a, n, t) >= below * (1 - 1e-12), "below " + t);
        }
        // and it is a real bound, not 1: far in the tail it is tiny
        assertTrue(Chernoff.above(a, 1000, 3800) < 1e-20);
    }

    @Test
    void advancedCompositionIsTheTheoremAndNeverAboveBasic() throws Exception {
        org.optimech.runtime.spec.MechanismSpec s = AccountantTest.asymmetric(); // ε = 2
        double[] few = Accountant.advanced(s, 10, 1e-6);
        assertEquals(20, few[0], 0, "below the crossover basic composition is smaller");
        org.optimech.runtime.spec.DiscreteMechanismSpec small = AccountantTest.withZeros();
        assertTrue(Accountant.advanced(small, 1, 0.5)[1] <= 1);
        double e = 0.01;
        double expected = e * Math.sqrt(2 * 10_000 * Math.log(1e6)) + 10_000 * e * Math.expm1(e);
        org.optimech.runtime.spec.MechanismSpec rr = rrSpec(e);
        double[] many = Accountant.advanced(rr, 10_000, 1e-6);
        assertEquals(expected, many[0], 1e-9 * expected);
        assertTrue(many[0] < 100, "advanced beats basic (100) at 10,000 releases of 0.01");
        assertEquals(1e-6, many[1], 1e-18);
        assertThrows(IllegalArgumentException.class, () -> Accountant.advanced(rr, 10, 0));
    }

    @Test
    void aStopConditionEndsTheAccountingClearly() throws Exception {
        Accountant.StoppedException e = assertThrows(Accountant.StoppedException.class, () -> Accountant.releases(AccountantTest.asymmetric(), 50,
                (done, total) -> { }, () -> true));
        assertEquals(0, e.done());
        assertTrue(e.total() > 0 && e.getMessage().contains("0 of " + e.total()), e.getMessage());
    }

    /**
     * Regression (issue 24, G3): a stop that comes after every pair's upper composition is done must keep that certified
     * guarantee (equal to the unstopped one) and drop only the lower bound, not throw the finished guarantee away.
     */
    @Test
    void aStopAfterTheGuaranteeKeepsItWithoutALowerBound() throws Exception {
        org.optimech.runtime.spec.MechanismSpec s = AccountantTest.asymmetric();
        boolean[] upperDone = {false};
        Releases stopped = Accountant.releases(s, 50, (done, total) -> upperDone[0] = done.intValue() == total.intValue(), () -> upperDone[0]);
        Releases full = Accountant.releases(s, 50);
        assertFalse(stopped.hasLowerBound());
        assertTrue(full.hasLowerBound());
        for (double delta : new double[] {1e-2, 1e-6, 1e-10}) {
            assertEquals(full.epsilonUpper(delta), stopped.epsilonUpper(delta), 0, "delta " + delta);
            assertEquals(0, stopped.epsilonLower(delta), 0);
        }
        assertTrue(stopped.describe(1e-6).contains("no lower bound: stopped before the lower bound"), stopped.describe(1e-6));
        assertTrue(full.describe(1e-6).contains("the true value is at least"), full.describe(1e-6));
    }

    /** A 2 x 2 table stating ε = 0.01: rows (1029, 1019)/2^11 and (1019, 1029)/2^11, whose ratio 1.0098 is below e^0.01. */
    private static org.optimech.runtime.spec.MechanismSpec rrSpec(double e) throws Exception {
        long[][] w = {{1029, 1019}, {1019, 1029}};
        org.optimech.runtime.spec.PrivacyGuarantee p = new org.optimech.runtime.spec.PrivacyGuarantee(org.optimech.runtime.spec.Relation.SUBSTITUTION,
                org.optimech.runtime.discrete.NeighbourGraph.path(2), new java.math.BigDecimal("0.01"), java.math.BigDecimal.ZERO,
                new java.math.BigDecimal("0.01"), java.math.BigDecimal.ZERO, org.optimech.runtime.spec.Numerics.EXACT,
                org.optimech.runtime.spec.InputPolicy.CLAMP);
        org.optimech.runtime.json.JsonObject empty = org.optimech.runtime.json.JsonObject.builder().build();
        return org.optimech.runtime.spec.DiscreteMechanismSpec.of(new org.optimech.runtime.discrete.IntegerRange(0, 1),
                new org.optimech.runtime.discrete.IntegerRange(0, 1), org.optimech.runtime.discrete.WeightTable.ofLongs(11, w), p, empty, empty);
    }
}
