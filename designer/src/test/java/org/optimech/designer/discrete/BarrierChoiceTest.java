package org.optimech.designer.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.designer.lp.LpSolver;
import org.optimech.designer.lp.OjAlgoLpSolver;
import org.optimech.designer.lp.OrToolsLpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;

/**
 * CLP's barrier, which {@link DiscreteDesigner#algorithmFor} picks for large pure LPs at small ε, designs what the dual
 * simplex designs: both meet the requested ε, both certify optimality, and each stored risk lies within the other's
 * certificate (at or above its rigorous lower bound, within its gap). And the choice is made only where it was measured
 * to pay.
 */
class BarrierChoiceTest {
    @Property(tries = 12)
    void barrierAndDualSimplexDesignTheSameWithinTheirCertificates(@ForAll @IntRange(min = 4, max = 30) int n, @ForAll @IntRange(min = 1, max = 10) int tenths,
            @ForAll boolean minimax, @ForAll boolean squared) throws Exception {
        DiscreteProblem p = DiscreteProblem.builder().epsilon(BigDecimal.valueOf(tenths, 1).toPlainString()).range(0, n).loss(squared ? "squared" : "absolute")
                .objective(minimax ? Objective.MINIMAX : Objective.BAYES).build();
        DiscreteDesign dual = Designs.design(p, OrToolsLpSolver.clp());
        DiscreteDesign barrier = Designs.design(p, OrToolsLpSolver.clp(OrToolsLpSolver.Algorithm.BARRIER));
        for (DiscreteDesign d : new DiscreteDesign[] {dual, barrier}) {
            assertTrue(d.certifiedEpsilon().compareTo(p.epsilon()) <= 0, "certified epsilon " + d.certifiedEpsilon());
            assertTrue(d.certificate().certified(), d.solver().description() + ": " + d.certificate().reason());
        }
        // each lower bound holds for the other's (feasible) mechanism, and the two risks agree to the certified gaps
        assertTrue(dual.certificate().lowerBound().compareTo(barrier.objectiveValue()) <= 0, "dual's bound vs barrier's risk");
        assertTrue(barrier.certificate().lowerBound().compareTo(dual.objectiveValue()) <= 0, "barrier's bound vs dual's risk");
        double gap = Math.max(dual.certificate().gap().doubleValue(), barrier.certificate().gap().doubleValue());
        assertEquals(dual.objectiveValue().doubleValue(), barrier.objectiveValue().doubleValue(), gap, "risks within the larger certified gap");
        assertTrue(barrier.solver().description().endsWith("(barrier)"), barrier.solver().description());
    }

    @Test
    void theBarrierIsChosenOnlyForLargePureLpsAtSmallEpsilon() {
        LpSolver clp = OrToolsLpSolver.clp();
        DiscreteProblem large = DiscreteProblem.builder().epsilon("0.5").range(0, 100).build(); // 10,201 variables
        DiscreteProblem small = DiscreteProblem.builder().epsilon("0.5").range(0, 98).build(); // 9,801 variables
        DiscreteProblem wide = DiscreteProblem.builder().epsilon("1.5").range(0, 100).build();
        DiscreteProblem approximate = DiscreteProblem.builder().epsilon("0.5").delta("0.001").range(0, 100).build();
        LpSolver chosen = DiscreteDesigner.algorithmFor(large, DiscreteLp.variableCount(large), clp);
        assertEquals(OrToolsLpSolver.Algorithm.BARRIER, ((OrToolsLpSolver) chosen).algorithm());
        assertSame(clp, DiscreteDesigner.algorithmFor(small, DiscreteLp.variableCount(small), clp));
        assertSame(clp, DiscreteDesigner.algorithmFor(wide, DiscreteLp.variableCount(wide), clp));
        assertSame(clp, DiscreteDesigner.algorithmFor(approximate, DiscreteLp.variableCount(approximate), clp));
        // a backend the caller chose is kept as it is
        LpSolver primal = OrToolsLpSolver.clp(OrToolsLpSolver.Algorithm.PRIMAL);
        assertSame(primal, DiscreteDesigner.algorithmFor(large, DiscreteLp.variableCount(large), primal));
        LpSolver glop = OrToolsLpSolver.glop();
        assertSame(glop, DiscreteDesigner.algorithmFor(large, DiscreteLp.variableCount(large), glop));
        LpSolver oj = new OjAlgoLpSolver();
        assertSame(oj, DiscreteDesigner.algorithmFor(large, DiscreteLp.variableCount(large), oj));
    }
}
