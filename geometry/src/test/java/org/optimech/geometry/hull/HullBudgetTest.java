package org.optimech.geometry.hull;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Issue 21 (1, 2): a hull is built under a facet budget and a stop. The Upper Bound Theorem against closed forms and brute
 * counts; a hull past its budget or its stop ends with what it had reached; within them it is the unbudgeted hull.
 */
class HullBudgetTest {
    /** Points on the sphere with 20-bit coordinates (in general position almost surely: a simplicial hull). */
    static double[][] sphere(int n, int d, long seed) {
        Random rnd = new Random(seed);
        double[][] p = new double[n][d];
        for (double[] x : p) {
            double s = 0;
            for (int j = 0; j < d; j++) {
                x[j] = rnd.nextGaussian();
                s += x[j] * x[j];
            }
            s = Math.sqrt(s);
            for (int j = 0; j < d; j++) {
                x[j] = Math.scalb(Math.rint(Math.scalb(x[j] / s, 20)), -20);
            }
        }
        return p;
    }

    @Test
    void upperBoundTheoremMatchesClosedForms() {
        for (int n = 4; n < 40; n++) {
            assertEquals(n, HullBudget.upperBoundTheorem(n, 2), "polygon");
            assertEquals(2L * n - 4, HullBudget.upperBoundTheorem(n, 3), "simplicial 3-polytope (Euler)");
            assertEquals(2, HullBudget.upperBoundTheorem(n, 1));
        }
        for (int n = 5; n < 40; n++) {
            assertEquals((long) n * (n - 3) / 2, HullBudget.upperBoundTheorem(n, 4), "cyclic 4-polytope");
        }
        assertEquals(6, HullBudget.upperBoundTheorem(6, 5), "the 5-simplex");
        assertEquals(Long.MAX_VALUE, HullBudget.upperBoundTheorem(1_000_000, 24), "saturated");
        assertThrows(IllegalArgumentException.class, () -> HullBudget.upperBoundTheorem(3, 3));
    }

    /** The bound holds for real hulls: random points on the sphere never have more facets than the cyclic polytope. */
    @Test
    void realHullsStayBelowTheUpperBoundTheorem() {
        for (int d = 2; d <= 6; d++) {
            int n = 12 + 6 * d;
            ConvexHull h = QuickHull.of(sphere(n, d, d));
            assertTrue(h.facets().size() <= HullBudget.upperBoundTheorem(h.vertexCount(), d), "d = " + d + ": " + h.facets().size());
        }
    }

    @Test
    void aHullPastItsFacetBudgetEndsEarly() {
        double[][] p = sphere(300, 6, 1);
        int full = QuickHull.of(p).facets().size();
        HullBudget.Exceeded e = assertThrows(HullBudget.Exceeded.class, () -> QuickHull.of(p, new HullBudget(full / 10, () -> false)));
        assertFalse(e.stopped());
        assertTrue(e.facets() > full / 10 && e.pointsAdded() < 300 && e.points() == 300, e.getMessage());
        assertTrue(e.getMessage().contains("budget"), e.getMessage());
        // within its budget: the same hull as without one
        ConvexHull h = QuickHull.of(p, new HullBudget(10L * full, () -> false));
        assertEquals(full, h.facets().size());
        assertEquals(QuickHull.of(p).vertexCount(), h.vertexCount());
    }

    @Test
    void aStopEndsTheHullWithinSixteenPoints() {
        double[][] p = sphere(400, 5, 2);
        HullBudget.Exceeded now = assertThrows(HullBudget.Exceeded.class, () -> QuickHull.of(p, new HullBudget(Long.MAX_VALUE, () -> true)));
        assertTrue(now.stopped() && now.pointsAdded() == 0, now.getMessage());
        // the stop turns true at its 3rd question: asked before the first point and every 16 points after, so it ends by point 32
        AtomicInteger asked = new AtomicInteger();
        HullBudget.Exceeded later = assertThrows(HullBudget.Exceeded.class, () -> QuickHull.of(p, new HullBudget(Long.MAX_VALUE, () -> asked.incrementAndGet() >= 3)));
        assertTrue(later.stopped(), later.getMessage());
        assertEquals(32 + 6, later.pointsAdded(), later.getMessage());
        assertTrue(later.getMessage().contains("time limit"), later.getMessage());
    }

    @Test
    void facetsForHeapFollowsTheMeasuredCost() {
        assertEquals(Runtime.getRuntime().maxMemory() / 3 / HullBudget.bytesPerFacet(6), HullBudget.facetsForHeap(6, 1.0 / 3), 1.0);
        assertThrows(IllegalArgumentException.class, () -> HullBudget.facetsForHeap(6, 0));
        assertThrows(IllegalArgumentException.class, () -> new HullBudget(0, () -> false));
    }
}
