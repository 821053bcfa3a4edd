package org.optimech.designer.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.PrivacyChecks;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.SpecCodec;

/** The exponential mechanism and k-ary randomized response as certified tables, and why local DP needs the complete graph. */
class ClassicalMechanismsTest {
    static final JsonObject PROV = JsonObject.builder().put("tool", "test").build();

    static String digest(org.optimech.runtime.spec.MechanismSpec s) {
        return SpecCodec.write(s).get("digest").orElseThrow().asObject().get("value").orElseThrow().asString();
    }

    @Test
    void randomizedResponseMatchesItsClosedFormAndIsLocal() throws Exception {
        for (int k : new int[] {2, 4, 7}) {
            for (String e : new String[] {"0.25", "1", "3.5"}) {
                List<String> labels = new java.util.ArrayList<>();
                for (int i = 0; i < k; i++) {
                    labels.add("L" + i);
                }
                DiscreteMechanismSpec s = ClassicalMechanisms.randomizedResponse(labels, new BigDecimal(e), PROV);
                double eps = Double.parseDouble(e);
                double truth = Math.exp(eps) / (Math.exp(eps) + k - 1);
                for (int i = 0; i < k; i++) {
                    for (int j = 0; j < k; j++) {
                        // built at ε(1 − 1e-8): within about 1e-8·ε of the closed form
                        assertEquals(i == j ? truth : (1 - truth) / (k - 1), s.weights().probability(i, j), 1e-8);
                    }
                }
                assertEquals(NeighbourGraph.Kind.COMPLETE, s.privacy().neighbours().kind());
                assertTrue(s.privacy().certifiedEpsilon().compareTo(new BigDecimal(e)) <= 0);
                assertTrue(s.privacy().certifiedEpsilon().compareTo(new BigDecimal(e).subtract(new BigDecimal("1e-6"))) > 0, "tight");
                assertEquals(digest(s), digest(SpecCodec.read(SpecCodec.write(s))), "the runtime re-checks and accepts it");
            }
        }
        assertThrows(IllegalArgumentException.class, () -> ClassicalMechanisms.randomizedResponse(List.of("only"), BigDecimal.ONE, PROV));
    }

    /** The exponential mechanism's table follows exp(−ε·loss/(2Δ)) and, being feasible, is never better than the certified optimum. */
    @Test
    void exponentialMechanismIsFeasibleAndNoBetterThanTheOptimum() throws Exception {
        DiscreteProblem p = DiscreteProblem.builder().epsilon("0.7").range(0, 15).loss("squared").objective(Objective.BAYES).build();
        DiscreteMechanismSpec s = ClassicalMechanisms.exponential(p, PROV);
        // squared loss on 0..15: the largest change between neighbouring inputs is |(j - i)^2 - (j - i - 1)^2| = 2*15 - 1 = 29
        double delta = 29;
        for (int i = 0; i <= 15; i++) {
            double z = 0;
            for (int j = 0; j <= 15; j++) {
                z += Math.exp(-0.7 * (j - i) * (j - i) / (2 * delta));
            }
            for (int j = 0; j <= 15; j++) {
                assertEquals(Math.exp(-0.7 * (j - i) * (j - i) / (2 * delta)) / z, s.weights().probability(i, j), 1e-7);
            }
        }
        assertTrue(s.privacy().certifiedEpsilon().compareTo(new BigDecimal("0.7")) <= 0);
        DiscreteDesign optimal = Designs.design(p);
        double emRisk = s.design().get("objective_value").orElseThrow().asNumber().doubleValue();
        assertTrue(emRisk >= optimal.certificate().lowerBound().doubleValue() - 1e-9, emRisk + " vs bound " + optimal.certificate().lowerBound());
        assertEquals(digest(s), digest(SpecCodec.read(SpecCodec.write(s))));
        DiscreteProblem approx = DiscreteProblem.builder().epsilon("0.7").delta("0.01").range(0, 5).build();
        assertThrows(IllegalArgumentException.class, () -> ClassicalMechanisms.exponential(approx, PROV));
    }

    /**
     * A mechanism designed on the path graph is not ε-local-DP: the truncated geometric on 0..10 at ε = 1 has ratio e^10 between inputs
     * 0 and 10 at output 0 (the example), which is why local specs use the complete graph.
     */
    @Test
    void pathGraphMechanismsAreNotLocallyPrivate() {
        int n = 10;
        double a = Math.exp(-1);
        double[][] p = new double[n + 1][n + 1];
        for (int i = 0; i <= n; i++) {
            for (int z = 0; z <= n; z++) {
                // two-sided geometric clamped to 0..n
                p[i][z] = z == 0 ? Math.pow(a, i) / (1 + a) : z == n ? Math.pow(a, n - i) / (1 + a) : (1 - a) / (1 + a) * Math.pow(a, Math.abs(z - i));
            }
        }
        WeightTable w = Quantizer.fromProbabilities(p, 62);
        assertEquals(1.0, PrivacyChecks.maxRatio(w, NeighbourGraph.path(n + 1)).ln(), 1e-6);
        PrivacyChecks.MaxRatio complete = PrivacyChecks.maxRatio(w, NeighbourGraph.complete(n + 1));
        assertEquals(10.0, complete.ln(), 1e-6);
        assertEquals(n, Math.abs(complete.from() - complete.to()));
    }
}
