package org.optimech.runtime.certificate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.Remap;

/**
 * {@link GeometricDual#derive} returns the derivation the last {@link GeometricDual#ofRemap} kept only for the very same
 * numbers: the same remap object and equal prior, loss and ε. Anything else is derived afresh (counted by
 * {@link RemapDerivations#computed}), equals a derivation computed without the memo, and is not kept.
 */
class RemapDerivationsTest {
    private static final int N = 60;

    @Test
    void theDesignersNumbersAreDerivedOnce() {
        Case c = new Case(1);
        long before = RemapDerivations.computed();
        GeometricDual.Bound designed = GeometricDual.ofRemap(c.prior, c.loss, 0.5, c.remap);
        GeometricDual.Derived again = GeometricDual.derive(c.prior.clone(), new GeometricDual.Distance(c.loss.inputs(), c.loss.outputs(), 1, c.loss.scale().clone()),
                0.5, c.remap);
        assertSame(designed, again.bound());
        assertSame(again, GeometricDual.derive(c.prior, c.loss, 0.5, c.remap));
        assertEquals(before + 1, RemapDerivations.computed());
    }

    @Test
    void anyOtherNumbersAreDerivedAfreshAndNotKept() {
        Case c = new Case(2);
        GeometricDual.Bound designed = GeometricDual.ofRemap(c.prior, c.loss, 0.5, c.remap);
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
            long before = RemapDerivations.computed();
            GeometricDual.Derived d = GeometricDual.derive((double[]) o[0], (GeometricDual.Distance) o[1], (double) o[2], (Remap) o[3]);
            assertEquals(before + 1, RemapDerivations.computed(), Arrays.toString(o));
            assertNotSame(designed, d.bound());
            GeometricDual.Columns columns = GeometricDual.columns((double[]) o[0], (GeometricDual.Distance) o[1], (double) o[2], (Remap) o[3]);
            assertArrayEquals(columns.values(), d.columns().values());
            GeometricDual.Bound bound = GeometricDual.bound((double[]) o[0], (GeometricDual.Distance) o[1], (double) o[2], StrictMath.exp(-(double) o[2]),
                    columns.values());
            assertEquals(bound, d.bound());
            // not kept: the designer's derivation is still the one found
            assertSame(designed, GeometricDual.derive(c.prior, c.loss, 0.5, c.remap).bound());
            assertEquals(before + 1, RemapDerivations.computed());
        }
    }

    /** The caller's arrays are copied: changing them afterwards does not make another prior match the kept derivation. */
    @Test
    void aPriorChangedInPlaceAfterwardsIsDerivedAfresh() {
        Case c = new Case(3);
        GeometricDual.Bound designed = GeometricDual.ofRemap(c.prior, c.loss, 0.5, c.remap);
        c.prior[5] += 1;
        long before = RemapDerivations.computed();
        GeometricDual.Derived d = GeometricDual.derive(c.prior, c.loss, 0.5, c.remap);
        assertEquals(before + 1, RemapDerivations.computed());
        assertNotSame(designed, d.bound());
    }

    /**
     * The spec of a design just certified ({@code GeometricRemapSpec.of} with the design block the designer writes) re-checks
     * its bound with the designer's derivation: nothing is computed again. The same spec over an equal remap that is another
     * object is derived afresh, and a lower bound one ulp above the derivation is refused either way.
     */
    @Test
    void theSpecOfADesignJustCertifiedIsNotVerifiedAgain() throws Exception {
        Case c = new Case(4);
        double[] uniform = new double[N + 1];
        Arrays.fill(uniform, 1.0 / (N + 1)); // as the loader fills "uniform"
        GeometricDual.Bound designed = GeometricDual.ofRemap(uniform, c.loss, 0.5, c.remap);
        double risk = GeometricDual.bayesRisk(GeometricDual.columnValues(uniform, c.loss, 0.5, c.remap), 0.5);
        double gap = Math.max(0, (risk - designed.lowerBound()) / risk);
        long before = RemapDerivations.computed();
        org.optimech.runtime.spec.GeometricRemapSpec spec = spec(c.remap, designed.lowerBound(), risk, gap);
        assertTrue(spec.optimalityRechecked());
        assertEquals(before, RemapDerivations.computed());
        spec(Remap.deterministic(N + 1, c.target.clone()), designed.lowerBound(), risk, gap);
        assertEquals(before + 1, RemapDerivations.computed());
        for (Remap r : new Remap[] {c.remap, Remap.deterministic(N + 1, c.target.clone())}) {
            org.optimech.runtime.spec.InvalidSpecException e = org.junit.jupiter.api.Assertions.assertThrows(org.optimech.runtime.spec.InvalidSpecException.class,
                    () -> spec(r, Math.nextUp(designed.lowerBound()), risk, gap));
            assertEquals("/design/optimality/lower_bound", e.pointer(), e.getMessage());
        }
    }

    /** A structural Bayes spec on 0..N with the absolute loss, a uniform prior and ε = 0.5, stating the given certificate. */
    private static org.optimech.runtime.spec.GeometricRemapSpec spec(Remap remap, double lowerBound, double risk, double gap) throws Exception {
        java.math.BigDecimal eps = new java.math.BigDecimal("0.5");
        org.optimech.runtime.spec.PrivacyGuarantee privacy = new org.optimech.runtime.spec.PrivacyGuarantee(org.optimech.runtime.spec.Relation.SUBSTITUTION,
                org.optimech.runtime.discrete.NeighbourGraph.path(N + 1), eps, java.math.BigDecimal.ZERO, eps, java.math.BigDecimal.ZERO,
                org.optimech.runtime.spec.Numerics.EXACT, org.optimech.runtime.spec.InputPolicy.CLAMP);
        org.optimech.runtime.json.JsonObject design = (org.optimech.runtime.json.JsonObject) org.optimech.runtime.json.JsonParser.parse(String.format(
                java.util.Locale.ROOT, "{\"method\": \"structural\", \"problem\": {\"inputs\": {\"range\": [0, %d]}, \"epsilon\": 0.5, \"prior\": \"uniform\", "
                        + "\"loss\": \"absolute\", \"objective\": \"bayes\"}, \"objective\": \"bayes\", \"objective_value\": %s, \"optimality\": "
                        + "{\"certified\": false, \"kind\": \"geometric-dual\", \"lower_bound\": %s, \"relative_gap\": %s, \"gap_tolerance\": 0.5}}",
                N, Double.toString(risk), Double.toString(lowerBound), Double.toString(Math.nextUp(gap))));
        return org.optimech.runtime.spec.GeometricRemapSpec.of(new IntegerRange(0, N), new IntegerRange(0, N), eps, remap, privacy, design,
                org.optimech.runtime.json.JsonObject.builder().build());
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
