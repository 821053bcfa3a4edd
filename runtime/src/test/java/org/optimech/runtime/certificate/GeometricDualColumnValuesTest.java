package org.optimech.runtime.certificate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.Remap;

/**
 * The column values of a deterministic remap by moments ({@link GeometricDual#columnValues}, O(n)) against the definition
 * summed term by term, for targets anywhere in the output range (near, far, left and right of z), and the Bayes risk
 * Σ κ_z·b_z against the truncated geometric's law summed directly.
 */
class GeometricDualColumnValuesTest {

    @Property(tries = 300)
    void momentsAgreeWithTheDefinition(@ForAll @IntRange(min = 1, max = 50) int n, @ForAll @DoubleRange(min = 0.05, max = 3) double eps,
            @ForAll @IntRange(min = 1, max = 2) int power, @ForAll @IntRange(min = -4, max = 4) int shift, @ForAll @IntRange(min = -3, max = 3) int extra,
            @ForAll long seed) {
        agreesWithTheDefinition(n, eps, power, shift, extra, seed, ColumnValues.BUDGET, ColumnValues.SHORT);
    }

    /** Every absolute-loss correction from the moments (no budget, no short run): the O(1) form against the definition. */
    @Property(tries = 300)
    void correctionsFromTheMomentsAgreeWithTheDefinition(@ForAll @IntRange(min = 1, max = 50) int n, @ForAll @DoubleRange(min = 0.05, max = 3) double eps,
            @ForAll @IntRange(min = -4, max = 4) int shift, @ForAll @IntRange(min = -3, max = 3) int extra, @ForAll long seed) {
        agreesWithTheDefinition(n, eps, 1, shift, extra, seed, -1, -1);
    }

    /** A randomized remap (two or three outputs per row, anywhere), directly and from the moments. */
    @Property(tries = 200)
    void randomizedRemapsAgreeWithTheDefinition(@ForAll @IntRange(min = 1, max = 40) int n, @ForAll @DoubleRange(min = 0.05, max = 3) double eps,
            @ForAll @IntRange(min = 1, max = 2) int power, @ForAll boolean moments, @ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int outputs = n + 3;
        double[] prior = new double[n + 1];
        double[] scale = new double[n + 1];
        int[][] out = new int[n + 1][];
        long[][] weights = new long[n + 1][];
        for (int i = 0; i <= n; i++) {
            prior[i] = r.nextInt(4) == 0 ? 0 : r.nextDouble();
            scale[i] = 0.25 + 2 * r.nextDouble();
            out[i] = r.ints(0, outputs).distinct().limit(1 + r.nextInt(3)).sorted().toArray();
            weights[i] = new long[out[i].length];
            long left = 1L << 20;
            for (int k = 0; k < out[i].length; k++) {
                weights[i][k] = k == out[i].length - 1 ? left : 1 + r.nextLong(left - (out[i].length - k - 1));
                left -= weights[i][k];
            }
        }
        GeometricDual.Distance loss = new GeometricDual.Distance(new IntegerRange(0, n), new IntegerRange(-1, outputs - 2L), power, scale);
        Remap remap = Remap.of(20, outputs, out, weights);
        double[] b = moments ? GeometricDual.columns(prior, loss, eps, remap, -1, -1).values() : GeometricDual.columnValues(prior, loss, eps, remap);
        double a = Math.exp(-eps);
        for (int z = 0; z <= n; z++) {
            double expected = 0;
            double scaleOfTerms = 0;
            for (int k = 0; k < out[z].length; k++) {
                double p = remap.probabilityAt(z, k);
                long c = Math.abs(-1 + out[z][k] - (long) z);
                for (int i = 0; i <= n; i++) {
                    double w = p * prior[i] * Math.pow(a, Math.abs(i - z));
                    expected += w * loss.at(i, out[z][k]);
                    scaleOfTerms += w * scale[i] * Math.pow(Math.abs(i - z) + c, power);
                }
            }
            assertEquals(expected, b[z], 1e-12 * scaleOfTerms + 1e-300, "z = " + z);
        }
    }

    /**
     * Review 8b's availability finding: a remap sending every input far away at a small ε made the absolute loss's column
     * values sum Σ_z min(|c_z|, W) terms (95.7 s at n = 10^6, ε = 1e-3). The terms summed directly are now at most
     * {@link ColumnValues#SHORT} per input beyond the budget, counted by the algorithm itself, and the values still agree
     * with the definition.
     */
    @Test
    void aRemapSendingInputsFarAwayCostsLinearWork() {
        int n = 100_000;
        double eps = 1e-3;
        double[] prior = new double[n + 1];
        double[] scale = new double[n + 1];
        int[] target = new int[n + 1];
        SplittableRandom r = new SplittableRandom(23);
        for (int i = 0; i <= n; i++) {
            prior[i] = 1.0 / (n + 1);
            scale[i] = 1;
            target[i] = i % 2 == 0 ? n : Math.max(n / 4, Math.min(3 * n / 4, i)); // far right, or clamped to the middle half
        }
        GeometricDual.Distance loss = new GeometricDual.Distance(new IntegerRange(0, n), new IntegerRange(0, n), 1, scale);
        // the direct correction's length, min(|c| − 1, 45/ε, distance to the end): what the sum cost before (a lower bound)
        long direct = 0;
        for (int z = 0; z <= n; z++) {
            long c = target[z] - (long) z;
            direct += c > 0 ? Math.min(Math.min(c - 1, (long) (45 / eps)), n - z) : c < 0 ? Math.min(Math.min(-c - 1, (long) (45 / eps)), z) + 1 : 0;
        }
        assertTrue(direct > 1_000_000_000L, "the crafted remap is expensive to sum directly: " + direct);
        GeometricDual.Columns columns = GeometricDual.columns(prior, loss, eps, Remap.deterministic(n + 1, target));
        double[] b = columns.values();
        assertTrue(columns.directTerms() <= (long) ColumnValues.SHORT * (n + 1), "terms summed directly: " + columns.directTerms());
        assertTrue(!columns.allDirect());
        for (int t = 0; t < 40; t++) {
            int z = t < 4 ? new int[] {0, 1, n - 1, n}[t] : r.nextInt(n + 1);
            double expected = 0;
            double scaleOfTerms = 0;
            for (int i = 0; i <= n; i++) {
                double w = prior[i] * StrictMath.exp(-eps * Math.abs(i - z));
                expected += w * loss.at(i, target[z]);
                scaleOfTerms += w * (Math.abs(i - z) + Math.abs(target[z] - (double) z));
            }
            assertEquals(expected, b[z], 1e-12 * scaleOfTerms, "z = " + z + ", target " + target[z]);
        }
    }

    private static void agreesWithTheDefinition(int n, double eps, int power, int shift, int extra, long seed, long budget, int shortRun) {
        SplittableRandom r = new SplittableRandom(seed);
        int outputs = Math.max(1, n + 1 + extra);
        double[] prior = new double[n + 1];
        double[] scale = new double[n + 1];
        int[] target = new int[n + 1];
        for (int i = 0; i <= n; i++) {
            prior[i] = r.nextInt(4) == 0 ? 0 : r.nextDouble();
            scale[i] = 0.25 + 2 * r.nextDouble();
            target[i] = r.nextBoolean() ? Math.max(0, Math.min(outputs - 1, i - shift + r.nextInt(3) - 1)) : r.nextInt(outputs);
        }
        GeometricDual.Distance loss = new GeometricDual.Distance(new IntegerRange(0, n), new IntegerRange(shift, shift + outputs - 1L), power, scale);
        Remap remap = Remap.deterministic(outputs, target);
        double[] b = GeometricDual.columns(prior, loss, eps, remap, budget, shortRun).values();
        double a = Math.exp(-eps);
        double risk = 0;
        for (int z = 0; z <= n; z++) {
            double expected = 0;
            double scaleOfTerms = 0; // the size of the moments that cancel: Σ q·α^|i−z|·(|i−z| + |c|)^power
            long c = Math.abs(shift + target[z] - (long) z);
            for (int i = 0; i <= n; i++) {
                double w = prior[i] * Math.pow(a, Math.abs(i - z));
                expected += w * loss.at(i, target[z]);
                scaleOfTerms += w * scale[i] * Math.pow(Math.abs(i - z) + c, power);
            }
            assertEquals(expected, b[z], 1e-12 * scaleOfTerms + 1e-300, "z = " + z + ", target " + target[z]);
            double kappa = z == 0 || z == n ? 1 / (1 + a) : (1 - a) / (1 + a);
            for (int i = 0; i <= n; i++) {
                // the truncated geometric's column z: P(z | i) = κ_z·α^{|i−z|}
                risk += prior[i] * kappa * Math.pow(a, Math.abs(i - z)) * loss.at(i, target[z]);
            }
        }
        assertEquals(risk, GeometricDual.bayesRisk(b, eps), 1e-11 * Math.max(risk, 1e-300));
        assertTrue(GeometricDual.bayesRisk(b, eps) >= 0);
    }
}
