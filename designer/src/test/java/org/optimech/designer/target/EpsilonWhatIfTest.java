package org.optimech.designer.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.optimech.designer.Designers;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.common.Progress;
import org.optimech.designer.lp.LpBackends;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Problems;
import org.optimech.designer.sweep.EpsilonGrid;
import org.optimech.runtime.accuracy.DiscreteAccuracy;
import org.optimech.runtime.accuracy.VectorAccuracy;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.KNormSpec;

/**
 * The what-if's rows against fresh designs at the same ε (issue 24, G7: before, only a smoke test said "designed again" was
 * printed): a discrete row is the accuracy of the problem designed from scratch at that ε, a K-norm row (rescaled from the
 * stored spec) is the accuracy of the K-norm problem designed at that ε.
 */
class EpsilonWhatIfTest {
    private static final double BETA = 0.05;

    @Test
    void aDiscreteRowIsTheProblemDesignedAgainAtThatEpsilon() throws Exception {
        DiscreteProblem p = DiscreteProblem.builder().range(0, 20).epsilon("0.5").build();
        DiscreteSpec stored = (DiscreteSpec) Designers.design(p, Designers.Options.defaults()).spec();
        List<EpsilonWhatIf.Row> rows = EpsilonWhatIf.of(stored, EpsilonGrid.parse("0.25,1"), BETA, DesignOptions.defaults(LpBackends.byName("auto")),
                Progress.silent());
        assertEquals(2, rows.size());
        for (EpsilonWhatIf.Row row : rows) {
            assertTrue(row.ok(), row.note());
            DiscreteSpec fresh = (DiscreteSpec) Designers.design(p.withEpsilon(row.epsilon()), Designers.Options.defaults()).spec();
            DiscreteAccuracy expected = DiscreteAccuracy.of(fresh, BETA);
            DiscreteAccuracy got = row.accuracy().match(d -> d, v -> null);
            for (int i = 0; i < fresh.inputs().size(); i++) {
                assertEquals(expected.input(i), got.input(i), "epsilon " + row.epsilon() + ", input " + i);
            }
        }
        // and the accuracy moves the right way: a smaller epsilon is never more accurate at the worst input
        long wide = rows.get(0).accuracy().match(d -> d.worst().absoluteError(), v -> -1L);
        long narrow = rows.get(1).accuracy().match(d -> d.worst().absoluteError(), v -> -1L);
        assertTrue(wide >= narrow, wide + " < " + narrow);
    }

    @Test
    void aKNormRowIsTheProblemDesignedAtThatEpsilon() throws Exception {
        String problem = "{\"kind\":\"knorm\",\"epsilon\":%s,\"neighbours\":\"add-remove\",\"statistic\":{\"differences\":[[1,0.01],[1,-0.01]]}}";
        KNormSpec stored = (KNormSpec) Designers.design(Problems.parse(String.format(problem, "1")), Designers.Options.defaults()).spec();
        List<EpsilonWhatIf.Row> rows = EpsilonWhatIf.of(stored, EpsilonGrid.parse("0.5,2"), BETA, DesignOptions.defaults(LpBackends.byName("auto")),
                Progress.silent());
        for (EpsilonWhatIf.Row row : rows) {
            assertTrue(row.ok(), row.note());
            KNormSpec fresh = (KNormSpec) Designers.design(Problems.parse(String.format(problem, row.epsilon().toPlainString())), Designers.Options.defaults())
                    .spec();
            VectorAccuracy expected = VectorAccuracy.of(fresh, BETA);
            VectorAccuracy got = row.accuracy().match(d -> null, v -> v);
            String at = "epsilon " + row.epsilon();
            // the fresh design rounds its own certified body: agreement to its rounding, far below any Monte Carlo standard error
            for (int j = 0; j < expected.coordinates().length; j++) {
                assertEquals(expected.coordinates()[j].value(), got.coordinates()[j].value(), 1e-6 * expected.coordinates()[j].value(), at);
            }
            assertEquals(expected.l2().value(), got.l2().value(), 1e-6 * expected.l2().value(), at);
            assertEquals(expected.simultaneous().value(), got.simultaneous().value(), 1e-6 * expected.simultaneous().value(), at);
        }
        assertEquals(0, new BigDecimal("0.5").compareTo(rows.get(0).epsilon()));
    }
}
