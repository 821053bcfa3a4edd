package org.optimech.runtime.certificate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
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
        double[] b = GeometricDual.columnValues(prior, loss, eps, remap);
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
