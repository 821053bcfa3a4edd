package org.optimech.designer.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;
import org.optimech.designer.spec.DesignSpecs;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.spec.SpecCodec;

/**
 * Random problems (graphs of every kind, random losses and priors, ε from 0.05 to 6, both
 * objectives, some with δ): every design certifies at most the requested guarantee, the runtime's
 * own validator accepts the spec, the exact risk matches an independent double computation, and the
 * certified lower bound never exceeds the stored risk.
 */
class CertificationStressTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void randomProblems(int seed) throws Exception {
        SplittableRandom rng = new SplittableRandom(seed * 7919L);
        int m = 2 + rng.nextInt(24);
        int k = Math.max(2, m + rng.nextInt(5) - 2);
        NeighbourGraph g = switch (seed % 3) {
            case 0 -> NeighbourGraph.path(m);
            case 1 -> NeighbourGraph.complete(m);
            default -> randomConnected(rng, m);
        };
        double[][] loss = new double[m][k];
        for (double[] r : loss) {
            for (int j = 0; j < k; j++) {
                r[j] = rng.nextInt(4) == 0 ? 0 : Math.round(rng.nextDouble() * 1000) / 100.0;
            }
        }
        double[] prior = new double[m];
        double sum = 0;
        for (int i = 0; i < m; i++) {
            prior[i] = rng.nextDouble() + 0.01;
            sum += prior[i];
        }
        for (int i = 0; i < m; i++) {
            prior[i] /= sum;
        }
        String eps = new BigDecimal(0.05 + rng.nextDouble() * 6).setScale(3, java.math.RoundingMode.HALF_UP).toString();
        DiscreteProblem.Builder b = DiscreteProblem.builder().epsilon(eps).range(0, m - 1)
                .outputs(new org.optimech.runtime.discrete.IntegerRange(0, k - 1)).neighbours(g).lossMatrix(loss).prior(prior)
                .objective(seed % 2 == 0 ? Objective.BAYES : Objective.MINIMAX);
        if (seed % 5 == 0) {
            b.delta("1e-4");
        }
        DiscreteProblem p = b.build();
        DiscreteDesign d = Designs.design(p);

        assertTrue(d.certifiedEpsilon().compareTo(p.epsilon()) <= 0, "certified epsilon " + d.certifiedEpsilon() + " > " + eps);
        assertTrue(d.certifiedDelta().compareTo(p.delta()) <= 0);
        SpecCodec.read(SpecCodec.write(DesignSpecs.toSpec(d, Instant.EPOCH))); // the runtime re-checks everything

        double[][] q = Designs.probabilities(d);
        double expected = 0;
        for (int i = 0; i < m; i++) {
            double r = 0;
            for (int j = 0; j < k; j++) {
                r += loss[i][j] * q[i][j];
            }
            assertEquals(r, d.riskPerInput().get(i).doubleValue(), 1e-9 * Math.max(1, r));
            expected = p.objective() == Objective.BAYES ? expected + prior[i] * r : Math.max(expected, r);
        }
        assertEquals(expected, d.objectiveValue().doubleValue(), 1e-9 * Math.max(1, expected));
        if (d.certificate().lowerBound() != null) {
            assertTrue(d.certificate().lowerBound().compareTo(d.objectiveValue()) <= 0);
        }
    }

    /**
     * ε·n = 800: the optimal mechanism's smallest entries (~e^-800 ≈ 2^-1154) are below the smallest
     * double, so the repair runs in log space and the weights need a denominator beyond 2^1074
     * (docs/DESIGN.md §4). The runtime must still certify every ratio exactly.
     */
    @org.junit.jupiter.api.Test
    void entriesBelowTheDoubleRange() throws Exception {
        DiscreteProblem p = DiscreteProblem.builder().epsilon("8").range(0, 100).build();
        DiscreteDesign d = Designs.design(p);
        assertTrue(d.weights().denominatorBits() > 1074, "denominator 2^" + d.weights().denominatorBits());
        java.math.BigInteger smallest = null;
        for (int i = 0; i < d.weights().rows(); i++) {
            for (int j = 0; j < d.weights().cols(); j++) {
                java.math.BigInteger w = d.weights().weight(i, j);
                assertTrue(w.signum() > 0, "a zero weight would be an infinite ratio");
                smallest = smallest == null ? w : smallest.min(w);
            }
        }
        assertTrue(d.weights().denominatorBits() - smallest.bitLength() > 1074, "smallest entry should be below 2^-1074");
        assertTrue(d.certifiedEpsilon().compareTo(p.epsilon()) <= 0);
        SpecCodec.read(SpecCodec.write(DesignSpecs.toSpec(d, Instant.EPOCH)));
    }

    static NeighbourGraph randomConnected(SplittableRandom rng, int m) {
        List<int[]> edges = new ArrayList<>();
        for (int i = 1; i < m; i++) {
            edges.add(new int[] {rng.nextInt(i), i}); // a random tree
        }
        for (int e = 0; e < m / 2; e++) {
            int a = rng.nextInt(m);
            int c = rng.nextInt(m);
            if (a != c) {
                edges.add(new int[] {a, c});
            }
        }
        return NeighbourGraph.edges(m, edges);
    }
}
