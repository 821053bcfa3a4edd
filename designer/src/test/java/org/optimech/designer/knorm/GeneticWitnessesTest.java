package org.optimech.designer.knorm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/** The genetic witness search: finds a known maximum approximately, stays in its box, is reproducible from its seed. */
class GeneticWitnessesTest {
    private static final ToDoubleFunction<double[]> BUMP = x -> -(x[0] - 0.3) * (x[0] - 0.3) - (x[1] + 0.2) * (x[1] + 0.2) - Math.abs(x[2] - 0.9);

    @Test
    void findsAKnownMaximumInsideItsBox() {
        double[] lo = {-1, -1, -1};
        double[] hi = {1, 1, 1};
        double[] x = GeneticWitnesses.best(BUMP, lo, hi, 50, 60, 7);
        for (int z = 0; z < 3; z++) {
            assertTrue(x[z] >= lo[z] && x[z] <= hi[z], "outside the box: " + java.util.Arrays.toString(x));
        }
        assertEquals(0.3, x[0], 0.1);
        assertEquals(-0.2, x[1], 0.1);
        assertEquals(0.9, x[2], 0.1);
        // better than the best of as many random points would need to be lucky for: far better than the box centre
        assertTrue(BUMP.applyAsDouble(x) > BUMP.applyAsDouble(new double[3]) + 0.5);
    }

    @Test
    void isReproducibleAndRefusesADegenerateBox() {
        double[] lo = {-1, -1, -1};
        double[] hi = {1, 1, 1};
        assertArrayEquals(GeneticWitnesses.best(BUMP, lo, hi, 30, 20, 3), GeneticWitnesses.best(BUMP, lo, hi, 30, 20, 3));
        assertNull(GeneticWitnesses.best(BUMP, new double[] {0, -1, -1}, new double[] {0, 1, 1}, 30, 20, 3));
    }
}
