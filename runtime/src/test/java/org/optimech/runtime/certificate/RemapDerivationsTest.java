package org.optimech.runtime.certificate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.Remap;

/**
 * {@link GeometricDual#derive} keeps its last derivation only for the very same numbers: the same remap object and equal
 * prior, loss and ε. Anything else is derived afresh (counted by {@link RemapDerivations#computed}) and equals a derivation
 * computed without the memo.
 */
class RemapDerivationsTest {
    private static final int N = 60;

    @Test
    void theSameNumbersAreDerivedOnce() {
        Case c = new Case(1);
        long before = RemapDerivations.computed();
        GeometricDual.Derived first = GeometricDual.derive(c.prior, c.loss, 0.5, c.remap);
        GeometricDual.Derived again = GeometricDual.derive(c.prior.clone(), new GeometricDual.Distance(c.loss.inputs(), c.loss.outputs(), 1, c.loss.scale().clone()),
                0.5, c.remap);
        assertEquals(before + 1, RemapDerivations.computed());
        assertSame(first, again);
        assertSame(first.bound(), GeometricDual.ofRemap(c.prior, c.loss, 0.5, c.remap));
        assertEquals(before + 1, RemapDerivations.computed());
    }

    @Test
    void anyOtherNumbersAreDerivedAfresh() {
        Case c = new Case(2);
        GeometricDual.Derived first = GeometricDual.derive(c.prior, c.loss, 0.5, c.remap);
        double[] prior = c.prior.clone();
        prior[17] = Math.nextUp(prior[17]);
        double[] scale = c.loss.scale().clone();
        scale[3] = 2;
        Remap equalRemap = Remap.deterministic(c.loss.outputs().size(), c.target.clone());
        GeometricDual.Distance squared = new GeometricDual.Distance(c.loss.inputs(), c.loss.outputs(), 2, c.loss.scale());
        GeometricDual.Distance shifted = new GeometricDual.Distance(new IntegerRange(1, N + 1), new IntegerRange(1, N + 1), 1, c.loss.scale());
        GeometricDual.Distance rescaled = new GeometricDual.Distance(c.loss.inputs(), c.loss.outputs(), 1, scale);
        Object[][] others = {
            {prior, c.loss, 0.5, c.remap}, {c.prior, rescaled, 0.5, c.remap}, {c.prior, squared, 0.5, c.remap}, {c.prior, shifted, 0.5, c.remap},
            {c.prior, c.loss, Math.nextUp(0.5), c.remap}, {c.prior, c.loss, 0.5, equalRemap},
        };
        for (Object[] o : others) {
            // one change from the kept derivation's numbers: derived afresh, and as a derivation without the memo
            long before = RemapDerivations.computed();
            GeometricDual.Derived d = GeometricDual.derive((double[]) o[0], (GeometricDual.Distance) o[1], (double) o[2], (Remap) o[3]);
            assertEquals(before + 1, RemapDerivations.computed(), Arrays.toString(o));
            assertNotSame(first, d);
            GeometricDual.Columns columns = GeometricDual.columns((double[]) o[0], (GeometricDual.Distance) o[1], (double) o[2], (Remap) o[3]);
            assertArrayEquals(columns.values(), d.columns().values());
            GeometricDual.Bound bound = GeometricDual.bound((double[]) o[0], (GeometricDual.Distance) o[1], (double) o[2], StrictMath.exp(-(double) o[2]),
                    columns.values());
            assertEquals(bound, d.bound());
            first = GeometricDual.derive(c.prior, c.loss, 0.5, c.remap); // kept again for the next change

        }
    }

    /** The caller's arrays are copied: changing them afterwards does not make another prior match the kept derivation. */
    @Test
    void aPriorChangedInPlaceAfterwardsIsDerivedAfresh() {
        Case c = new Case(3);
        GeometricDual.Derived first = GeometricDual.derive(c.prior, c.loss, 0.5, c.remap);
        c.prior[5] += 1;
        long before = RemapDerivations.computed();
        GeometricDual.Derived d = GeometricDual.derive(c.prior, c.loss, 0.5, c.remap);
        assertEquals(before + 1, RemapDerivations.computed());
        assertNotSame(first, d);
    }

    /** A random prior (some zeros) on 0..N, the absolute loss, and a monotone remap onto 0..N. */
    private static final class Case {
        final double[] prior = new double[N + 1];
        final int[] target = new int[N + 1];
        final GeometricDual.Distance loss;
        final Remap remap;

        Case(long seed) {
            SplittableRandom r = new SplittableRandom(seed);
            double[] scale = new double[N + 1];
            for (int i = 0; i <= N; i++) {
                prior[i] = r.nextInt(4) == 0 ? 0 : r.nextDouble();
                scale[i] = 1;
                target[i] = Math.max(0, Math.min(N, i + r.nextInt(3) - 1));
            }
            Arrays.sort(target);
            loss = new GeometricDual.Distance(new IntegerRange(0, N), new IntegerRange(0, N), 1, scale);
            remap = Remap.deterministic(N + 1, target);
        }
    }
}
