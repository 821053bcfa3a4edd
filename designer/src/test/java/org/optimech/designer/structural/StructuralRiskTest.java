package org.optimech.designer.structural;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.optimech.designer.problem.Loss;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.Remap;

/**
 * The flat loop for deterministic remaps under distance-form losses against the general loop (the same loss given as a
 * matrix, whose entries are the distance form's): the risks must be equal bit for bit, inside the full window and past
 * {@link StructuralRisk#FULL_WINDOW} where the sums are windowed.
 */
class StructuralRiskTest {

    @Property(tries = 60)
    void flatLoopEqualsTheGeneralLoop(@ForAll("sizes") int n, @ForAll @DoubleRange(min = 0.05, max = 3) double eps,
            @ForAll @IntRange(min = 1, max = 2) int power, @ForAll @LongRange(min = -1000, max = 1000) long inputFrom,
            @ForAll @LongRange(min = -1000, max = 1000) long outputFrom, @ForAll @IntRange(min = 1, max = 6) int outputs, @ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] scale = new double[n + 1];
        int[] target = new int[n + 1];
        for (int i = 0; i <= n; i++) {
            scale[i] = 0.25 + 4 * rnd.nextDouble();
        }
        for (int z = 0; z <= n; z++) {
            // mostly monotone, as a Bayes remap is, with random jumps
            target[z] = rnd.nextInt(8) == 0 ? rnd.nextInt(outputs) : (int) ((long) z * outputs / (n + 1));
        }
        Loss.DistanceForm form = new Loss.DistanceForm(new IntegerRange(inputFrom, inputFrom + n), new IntegerRange(outputFrom, outputFrom + outputs - 1L),
                power, scale);
        Loss distance = Loss.ofDistance("absolute", form);
        Loss matrix = Loss.ofMatrix("absolute", distance.matrix());
        Geometric g = Geometric.of(n, eps);
        Remap remap = Remap.deterministic(outputs, target);
        StructuralRisk.PerInput flat = StructuralRisk.of(g, remap, distance);
        StructuralRisk.PerInput general = StructuralRisk.of(g, remap, matrix);
        assertEquals(general.window(), flat.window());
        assertArrayEquals(general.lower(), flat.lower());
        assertArrayEquals(general.upper(), flat.upper());
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Integer> sizes() {
        // small ones sum over every z; the rest lie past FULL_WINDOW, where the sums are windowed
        return net.jqwik.api.Arbitraries.oneOf(net.jqwik.api.Arbitraries.integers().between(1, 60),
                net.jqwik.api.Arbitraries.integers().between(StructuralRisk.FULL_WINDOW + 1, StructuralRisk.FULL_WINDOW + 300));
    }
}
