package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.testing.TestMechanisms;

/**
 * The vector batch forms fill the caller's rows: {@code outputs[i]} is written in place (the same array objects afterwards),
 * with the same draws as single calls, and a row that is missing or of the wrong length is refused, naming the row, before
 * anything is drawn.
 */
class VectorBatchTest {
    private static Mechanism hexagon() throws Exception {
        return Mechanisms.of(TestMechanisms.read(GoldenFilesTest.golden("knorm-hexagon.json")), TestMechanisms.everything(NumericsPolicy.ALLOW_IDEALIZED));
    }

    @Test
    void theBatchFillsTheCallersRowsWithTheDrawsOfSingleCalls() throws Exception {
        Mechanism m = hexagon();
        double[][] in = {{0, 0}, {1.5, -2}, {1e6, 3}};
        double[][] out = {new double[2], new double[2], new double[2]};
        double[][] rows = out.clone();
        m.sample(in, out, new SeededRandomBits(3));
        SeededRandomBits single = new SeededRandomBits(3);
        for (int i = 0; i < in.length; i++) {
            assertSame(rows[i], out[i], "row " + i + " is the caller's array, filled in place");
            assertArrayEquals(m.sample(in[i], single), out[i], "row " + i);
        }
        // the Gaussian-process kind as well (the function on its grid)
        Mechanism g = Mechanisms.of(GaussianProcessSpecTest.golden(), TestMechanisms.everything(NumericsPolicy.ALLOW_IDEALIZED));
        double[][] f = {new double[5], {1, 2, 3, 4, 5}};
        double[][] o = {new double[5], new double[5]};
        double[] second = o[1];
        g.sample(f, o, new SeededRandomBits(4));
        assertSame(second, o[1]);
        SeededRandomBits again = new SeededRandomBits(4);
        assertArrayEquals(g.sample(f[0], again), o[0]);
        assertArrayEquals(g.sample(f[1], again), o[1]);
    }

    @Test
    void theParallelBatchFillsInPlaceToo() throws Exception {
        Mechanism m = hexagon();
        int n = 3000;
        double[][] in = new double[n][];
        double[][] out = new double[n][];
        for (int i = 0; i < n; i++) {
            in[i] = new double[] {i, -i};
            out[i] = new double[2];
        }
        double[][] rows = out.clone();
        AtomicLong seeds = new AtomicLong(1);
        m.sampleParallel(in, out, () -> new SeededRandomBits(seeds.getAndIncrement()));
        for (int i = 0; i < n; i++) {
            assertSame(rows[i], out[i]);
            // noise of the hexagon at Δ/ε = 1 is far below 1000 with overwhelming probability: the row holds this statistic's release
            assertTrue(Math.abs(out[i][0] - i) < 1000 && Math.abs(out[i][1] + i) < 1000, "row " + i);
        }
    }

    @Test
    void missingOrShortRowsAreRefusedBeforeAnyDraw() throws Exception {
        Mechanism m = hexagon();
        double[][] in = {{0, 0}, {1, 1}};
        double[] untouched = {7, 7};
        org.optimech.runtime.random.CountingRandomSource bits = org.optimech.runtime.random.CountingRandomSource.of(new SeededRandomBits(1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.sample(in, new double[][] {untouched, new double[3]}, bits));
        assertEquals("outputs[1] must be an array of the statistic's length (2), filled in place. Provided: length 3", e.getMessage());
        assertArrayEquals(new double[] {7, 7}, untouched, "nothing written");
        assertEquals(0, bits.bits(), "nothing drawn");
        e = assertThrows(IllegalArgumentException.class, () -> m.sample(in, new double[2][], bits));
        assertEquals("outputs[0] must be an array of the statistic's length (2), filled in place. Provided: null", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> m.sampleParallel(in, new double[][] {new double[2], new double[1]}, () -> bits));
        assertTrue(e.getMessage().startsWith("outputs[1] must be an array"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> m.sample(in, new double[3][2], bits));
        assertEquals("outputs must have the length of statistics (2). Provided: 3", e.getMessage());
    }
}
