package org.optimech.designer.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.optimech.designer.problem.ProblemParser;
import org.optimech.designer.spec.DesignSpecs;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.designer.common.DesignException;

/** Histogram neighbour graphs designed with the LP, cross-checked where an independent answer exists. */
class HistogramDesignTest {
    private static String histograms(int cells, int records, String epsilon, String objective, String loss) {
        return "{\"kind\":\"discrete\",\"epsilon\":" + epsilon + ",\"inputs\":{\"histograms\":{\"cells\":" + cells + ",\"records\":" + records
                + "}},\"loss\":\"" + loss + "\",\"objective\":\"" + objective + "\"}";
    }

    @Test
    void twoCellsAreTheCountingQueryTwice() throws Exception {
        // (k, n−k) ~ (k±1, n−k∓1) is the path on k, and the l1 distance is 2|k − k'|: the optimal risk must be twice the count's.
        for (String objective : new String[] {"minimax", "bayes"}) {
            DiscreteDesign h = Designs.design(histograms(2, 8, "0.7", objective, "l1"));
            DiscreteDesign c = Designs.design("{\"kind\":\"discrete\",\"epsilon\":0.7,\"inputs\":{\"range\":[0,8]},\"loss\":\"absolute\",\"objective\":\""
                    + objective + "\"}");
            assertTrue(h.certificate().certified() && c.certificate().certified());
            double hr = h.objectiveValue().doubleValue();
            double cr = c.objectiveValue().doubleValue();
            assertEquals(2 * cr, hr, 1e-5 * hr, objective);
            assertTrue(hr >= 2 * c.certificate().lowerBound().doubleValue() - 1e-12 && 2 * cr >= h.certificate().lowerBound().doubleValue() - 1e-12,
                    objective + ": each stored risk above the other's certified bound");
        }
    }

    @Test
    void threeCellsDesignCertifiesAndSamplesByLabel() throws Exception {
        DiscreteDesign d = Designs.design(histograms(3, 4, "1", "minimax", "l1"));
        assertEquals(15, d.problem().inputCount());
        assertTrue(d.certificate().certified(), d.certificate().toString());
        assertTrue(d.certifiedEpsilon().doubleValue() <= 1.0);
        // Minimax: the objective is the worst input's risk.
        for (var r : d.riskPerInput()) {
            assertTrue(r.compareTo(d.objectiveValue()) <= 0);
        }
        DiscreteMechanism m = org.optimech.runtime.testing.TestMechanisms.discrete(DesignSpecs.toSpec(d, Instant.now()));
        SeededRandomBits bits = new SeededRandomBits(5);
        List<String> labels = d.problem().inputs() instanceof org.optimech.runtime.discrete.LabelSet ls ? ls.labels() : List.of();
        for (int i = 0; i < 200; i++) {
            String out = m.sample("2,1,1", bits);
            assertTrue(labels.contains(out), out);
        }
        // a value that is no histogram of the domain is released as the default input (the first histogram), never an error
        assertEquals(0, m.inputIndex("2,1"));
        assertTrue(labels.contains(m.sample("2,1", bits)));
    }

    @Test
    void tooLargeForTheBackendSaysTheSize() throws Exception {
        // 3 cells, 60 records: 1891 histograms, an LP with 3.6 million variables; refused before any solve.
        long start = System.nanoTime();
        DesignException e = assertThrows(DesignException.class, () -> Designs.design(ProblemParser.parse(histograms(3, 60, "1", "bayes", "l1"))));
        assertTrue(e.getMessage().startsWith("problem too large for the clp backend: the LP has 3575881 variables and "), e.getMessage());
        assertTrue(e.getMessage().contains("(1891 inputs x 1891 outputs, "), e.getMessage());
        assertTrue((System.nanoTime() - start) / 1e9 < 30, "refused at once, not after a solve");
    }
}
