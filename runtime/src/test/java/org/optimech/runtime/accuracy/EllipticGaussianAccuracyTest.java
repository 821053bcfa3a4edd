package org.optimech.runtime.accuracy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.optimech.runtime.knorm.EllipticGaussianSampler;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.sampling.Samplers;
import org.optimech.runtime.spec.EllipticGaussianSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.testing.TestMechanisms;

/**
 * Issue 24 (3): the accuracy of an elliptic-Gaussian spec (coordinates in closed form, max and l2 by Monte Carlo) checked by
 * fresh draws of the noise with another seed: each interval must cover about 1 − β of them (within 5 binomial standard
 * deviations), and the report's draws must tell its progress.
 */
class EllipticGaussianAccuracyTest {
    @Test
    void everyFigureCoversOneMinusBetaOfFreshDraws() throws Exception {
        EllipticGaussianSpec spec = TestMechanisms.read(AccuracyTest.golden("elliptic-gaussian.json")).accept(new MechanismSpec.Otherwise<EllipticGaussianSpec>() {
            @Override
            protected EllipticGaussianSpec otherwise(MechanismSpec other) {
                throw new AssertionError("the golden file is a " + other.kind());
            }

            @Override
            public EllipticGaussianSpec visit(EllipticGaussianSpec ellipticGaussian) {
                return ellipticGaussian;
            }
        });
        double beta = 0.1;
        long[] seen = {0, 0};
        VectorAccuracy a = VectorAccuracy.of(spec, beta, (done, total) -> {
            seen[0] = done;
            seen[1] = total;
        });
        assertEquals(a.draws(), seen[1], "the draws reported are the estimate's");
        assertEquals(seen[1], seen[0], "the last report is all draws done");
        int d = spec.dimension();
        assertEquals(d, a.coordinates().length);
        EllipticGaussianSampler sampler = Samplers.ellipticGaussianNoise(spec, NumericsPolicy.ALLOW_IDEALIZED);
        SeededRandomBits random = new SeededRandomBits(20261125L); // not the report's seed
        int n = 20_000;
        int[] inCoordinate = new int[d];
        int inMax = 0;
        int inL2 = 0;
        for (int i = 0; i < n; i++) {
            double[] e = sampler.noise(random);
            double max = 0;
            double ss = 0;
            for (int j = 0; j < d; j++) {
                inCoordinate[j] += Math.abs(e[j]) <= a.coordinates()[j].value() ? 1 : 0;
                max = Math.max(max, Math.abs(e[j]));
                ss += e[j] * e[j];
            }
            inMax += max <= a.simultaneous().value() ? 1 : 0;
            inL2 += Math.sqrt(ss) <= a.l2().value() ? 1 : 0;
        }
        double tolerance = 5 * Math.sqrt(beta * (1 - beta) / n) + 0.005; // + the report's own Monte Carlo error
        for (int j = 0; j < d; j++) {
            assertEquals(1 - beta, (double) inCoordinate[j] / n, tolerance, "coordinate " + j);
        }
        assertEquals(1 - beta, (double) inMax / n, tolerance, "every coordinate at once");
        assertEquals(1 - beta, (double) inL2 / n, tolerance, "l2");
        assertTrue(a.simultaneous().value() >= a.coordinates()[0].value() && a.l2().value() >= a.simultaneous().value());
    }
}
