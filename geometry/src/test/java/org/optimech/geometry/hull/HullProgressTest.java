package org.optimech.geometry.hull;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 24 (G1): a hull under a budget reports (points settled, points) as it goes: settled only grows, never passes the
 * total, and reaches it when the hull is done; at the first report the points inside the initial simplex are settled.
 */
class HullProgressTest {
    @Test
    void settledPointsGrowToTheTotal() {
        Random r = new Random(7);
        int n = 4000;
        double[][] p = new double[n][];
        for (int i = 0; i < n; i++) {
            // points on the sphere (every one a vertex: nothing settles early) and inside it
            double[] x = {r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()};
            double norm = Math.sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2] + x[3] * x[3]);
            double radius = i % 2 == 0 ? 1 : r.nextDouble() * 0.5;
            for (int j = 0; j < 4; j++) {
                x[j] = Math.scalb(Math.rint(Math.scalb(x[j] / norm * radius, 20)), -20);
            }
            p[i] = x;
        }
        List<int[]> seen = new ArrayList<>();
        ConvexHull h = QuickHull.of(p, new HullBudget(Long.MAX_VALUE, () -> false, (settled, total) -> seen.add(new int[] {settled, total})));
        assertTrue(seen.size() > 10, "reports every few points: " + seen.size());
        for (int i = 0; i < seen.size(); i++) {
            assertEquals(n, seen.get(i)[1]);
            assertTrue(seen.get(i)[0] <= n);
            if (i > 0) {
                assertTrue(seen.get(i)[0] >= seen.get(i - 1)[0], "settled never goes back");
            }
        }
        assertEquals(n, seen.get(seen.size() - 1)[0], "all settled at the end");
        assertTrue(seen.get(0)[0] < n, "the first report is before the hull is done");
        // the vertices are among the sphere's points: about half of all, so the first report left at least them unsettled
        assertTrue(seen.get(0)[0] <= n - h.vertexCount() + 5, seen.get(0)[0] + " settled, " + h.vertexCount() + " vertices");
    }
}
