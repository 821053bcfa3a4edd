package org.optimech.designer.lp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.optimech.designer.common.DesignException;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.discrete.Designs;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;

/** Every backend designs the same small problems to the same certified risk. */
class BackendAgreementTest {

    @ParameterizedTest
    @CsvSource({"8, 1.0, bayes", "8, 0.5, minimax", "15, 2.0, bayes"})
    void backendsAgree(int n, String eps, String objective) throws Exception {
        DiscreteProblem p = DiscreteProblem.builder().epsilon(eps).range(0, n).loss("squared")
                .objective(objective.equals("bayes") ? Objective.BAYES : Objective.MINIMAX).build();
        DiscreteDesign reference = Designs.design(p, OrToolsLpSolver.clp());
        for (String name : new String[] {"glop", "highs", "ojalgo"}) {
            DiscreteDesign d = Designs.design(p, LpBackends.byName(name));
            assertEquals(reference.objectiveValue().doubleValue(), d.objectiveValue().doubleValue(), 1e-5 * reference.objectiveValue().doubleValue(), name);
            assertTrue(d.certifiedEpsilon().compareTo(p.epsilon()) <= 0, name);
        }
    }

    @Test
    void ojAlgoRefusesProblemsBeyondItsMeasuredLimitNamingTheSize() {
        DiscreteProblem p = DiscreteProblem.builder().epsilon("1").range(0, 40).build();
        DesignException e = assertThrows(DesignException.class, () -> Designs.design(p, new OjAlgoLpSolver()));
        assertEquals("problem too large for the ojalgo backend: the LP has 1681 variables and 3321 rows (41 inputs x 41 outputs, 40 neighbour pairs); "
                + "ojalgo is trusted with at most 1000 variables; use the clp backend (OR-Tools); this problem suits the structural method "
                + "(truncated geometric plus remap), which needs no LP", e.getMessage());
    }

    @Test
    void unknownBackendIsNamed() {
        LpException e = assertThrows(LpException.class, () -> LpBackends.byName("gurobi"));
        assertEquals("unknown solver \"gurobi\"; choose one of auto, clp, highs, glop, ojalgo", e.getMessage());
    }

    @Test
    void theNativeLibraryLoadsOnThisPlatform() {
        Optional<Throwable> failure = OrToolsLpSolver.nativeLoadFailure();
        assertTrue(failure.isEmpty(), () -> "OR-Tools native library failed to load: " + failure.get());
        assertEquals("clp", org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> LpBackends.byName("auto")).name());
    }
}
