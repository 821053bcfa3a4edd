package org.optimech.designer.structural;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.designer.problem.Loss;
import org.optimech.runtime.discrete.IntegerRange;

/**
 * The absolute loss's Bayes values b_z = Σ_i wt_i·α^{|i−z|}·|i − k_z| ({@link BayesRemap#distance}), walked from z or, beyond
 * the walks' budget, from the runtime's column values, against the definition summed term by term; and the median k_z
 * against every output.
 */
class BayesRemapTest {

    /**
     * Outputs anywhere (shifted off the inputs, fewer or more of them), absolute or relative-style scales, priors with zeros;
     * walked (the default budget) or every value from the column values (budget −1).
     */
    @Property(tries = 300)
    void absoluteValuesAgreeWithTheDefinition(@ForAll @IntRange(min = 1, max = 50) int n, @ForAll @DoubleRange(min = 0.05, max = 3) double eps,
            @ForAll @IntRange(min = -30, max = 30) int shift, @ForAll @IntRange(min = -40, max = 3) int extra, @ForAll boolean walked,
            @ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int outputs = Math.max(1, n + 1 + extra);
        double[] prior = new double[n + 1];
        double[] scale = new double[n + 1];
        boolean relative = r.nextBoolean();
        for (int i = 0; i <= n; i++) {
            prior[i] = r.nextInt(4) == 0 ? 0 : r.nextDouble();
            scale[i] = relative ? 1.0 / Math.max(i, 1) : 1;
        }
        prior[r.nextInt(n + 1)] = 0.5; // some mass
        Loss.DistanceForm f = new Loss.DistanceForm(new IntegerRange(0, n), new IntegerRange(shift, shift + outputs - 1L), 1, scale);
        Geometric g = Geometric.of(n, eps);
        BayesRemap.Result res = BayesRemap.distance(prior, f, g, walked ? BayesRemap.WALK_BUDGET : -1);
        double a = StrictMath.exp(-eps);
        for (int z = 0; z <= n; z++) {
            long k = shift + (long) res.target()[z];
            double expected = value(prior, scale, a, z, k);
            // the size of the terms that cancel in the moments' form: Σ wt·α^{|i−z|}·(|i−z| + |k − z|)
            double scaleOfTerms = 0;
            double best = Double.POSITIVE_INFINITY;
            for (int i = 0; i <= n; i++) {
                scaleOfTerms += prior[i] * scale[i] * Math.pow(a, Math.abs(i - z)) * (Math.abs(i - z) + Math.abs(k - z));
            }
            for (int j = 0; j < outputs; j++) {
                best = Math.min(best, value(prior, scale, a, z, shift + (long) j));
            }
            double tolerance = 1e-12 * scaleOfTerms + 1e-300;
            assertEquals(expected, res.value()[z], tolerance, "z = " + z + ", k = " + k);
            assertTrue(expected <= best + tolerance, "z = " + z + ": the median " + k + " costs " + expected + ", an output costs " + best);
        }
    }

    /**
     * n = 10⁵ at ε = 0.02 onto outputs 5000..6000: most noisy values lie far from every output, so the walks from z to the
     * median would take about 4.4·10⁹ steps in all (27 s of a design; 213 s before the table of powers). The work done one
     * step or term at a time, as counted by the algorithm, is now at most 32 per input (the column values' short
     * corrections), and the values still agree with the definition.
     */
    @Test
    void outputsFarFromMostNoisyValuesCostLinearWork() {
        int n = 100_000;
        double eps = 0.02;
        double[] prior = new double[n + 1];
        double[] scale = new double[n + 1];
        java.util.Arrays.fill(prior, 1.0 / (n + 1));
        java.util.Arrays.fill(scale, 1);
        Loss.DistanceForm f = new Loss.DistanceForm(new IntegerRange(0, n), new IntegerRange(5000, 6000), 1, scale);
        BayesRemap.Result res = BayesRemap.distance(prior, f, Geometric.of(n, eps));
        long walks = 0;
        for (int z = 0; z <= n; z++) {
            walks += Math.abs(5000L + res.target()[z] - z);
        }
        assertTrue(walks > 4_000_000_000L, "the walks would be long: " + walks);
        assertTrue(res.steps() <= 32L * (n + 1), "steps taken one by one: " + res.steps());
        double a = StrictMath.exp(-eps);
        SplittableRandom r = new SplittableRandom(23);
        for (int t = 0; t < 20; t++) {
            int z = t < 4 ? new int[] {0, 5500, 50_000, n}[t] : r.nextInt(n + 1);
            long k = 5000L + res.target()[z];
            double scaleOfTerms = 0;
            for (int i = 0; i <= n; i++) {
                scaleOfTerms += prior[i] * Math.pow(a, Math.abs(i - z)) * (Math.abs(i - z) + Math.abs(k - z));
            }
            assertEquals(value(prior, scale, a, z, k), res.value()[z], 1e-12 * scaleOfTerms, "z = " + z + ", k = " + k);
        }
    }

    /** Σ_i wt_i·α^{|i−z|}·|i − k| term by term. */
    private static double value(double[] prior, double[] scale, double a, int z, long k) {
        double s = 0;
        for (int i = 0; i < prior.length; i++) {
            s += prior[i] * scale[i] * Math.pow(a, Math.abs(i - z)) * Math.abs(i - k);
        }
        return s;
    }
}
