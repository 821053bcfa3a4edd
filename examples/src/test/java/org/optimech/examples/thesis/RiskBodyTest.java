package org.optimech.examples.thesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RiskBodyTest {
    @Test
    void clippedBodyIsTheClosedFormQuadrilateral() {
        for (double alpha : new double[] {0.05, 0.5, 1, 5, 20}) {
            RiskBody b = RiskBody.of(alpha);
            double c = 1 / (1 + Math.exp(alpha));
            // Closed form: (0,1), the equalizer corner (c,c), (1,0), and (1−c,1−c).
            double[][] expected = {{0, 1}, {c, c}, {1, 0}, {1 - c, 1 - c}};
            List<double[]> v = b.vertices();
            assertEquals(4, v.size(), "alpha " + alpha);
            for (double[] e : expected) {
                assertTrue(v.stream().anyMatch(p -> Math.abs(p[0] - e[0]) < 1e-12 && Math.abs(p[1] - e[1]) < 1e-12),
                        "alpha " + alpha + ": missing vertex (" + e[0] + ", " + e[1] + ")");
            }
            assertEquals(2 * c, b.minimum(0.5, 0.5) * 2, 1e-12, "the uniform-prior Bayes risk is at the equalizer corner");
        }
    }

    @Test
    void containmentMatchesTheDpConstraints() {
        RiskBody b = RiskBody.of(0.5);
        double e = Math.exp(0.5);
        // Every grid point is inside exactly when the four α-DP inequalities hold.
        for (int i = 0; i <= 40; i++) {
            for (int j = 0; j <= 40; j++) {
                double a = i / 40.0;
                double r = j / 40.0;
                boolean dp = 1 - a <= e * r + 1e-12 && r <= e * (1 - a) + 1e-12 && a <= e * (1 - r) + 1e-12 && 1 - r <= e * a + 1e-12;
                assertEquals(dp, b.contains(a, r, 1e-12), a + ", " + r);
            }
        }
        assertFalse(b.contains(0.1, 0.1, 1e-12));
    }

    @Test
    void badAlphaIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RiskBody.of(Double.NaN));
        assertEquals("alpha must be > 0 and finite. Provided value: NaN", e.getMessage());
    }
}
