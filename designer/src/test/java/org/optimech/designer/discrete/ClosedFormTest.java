package org.optimech.designer.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;

/**
 * The n = 1 counting query (inputs and outputs 0..1, absolute loss) has closed-form optima; the
 * designer's certificate must bracket them: lower bound ≤ closed form ≤ risk of the stored
 * mechanism, and the stored risk within 1e-5 of it. (ERRATA D4: the e^−2/α lower bound of the
 * thesis does not hold here and is not asserted.)
 */
class ClosedFormTest {

    /** Minimax risk 1/(1 + e^ε). */
    @ParameterizedTest
    @CsvSource({"0.1", "0.5", "1.0", "2", "3.5"})
    void minimaxRiskOfTheOneStepCount(String eps) throws Exception {
        DiscreteProblem p = DiscreteProblem.builder().epsilon(eps).range(0, 1).objective(Objective.MINIMAX).build();
        DiscreteDesign d = Designs.design(p);
        double closed = 1 / (1 + Math.exp(Double.parseDouble(eps)));
        assertBracketed(d, closed);
    }

    /** Bayes risk with prior (λ, 1 − λ): min(λ, 1 − λ, 1/(1 + e^ε)). */
    @ParameterizedTest
    @CsvSource({"0.5, 1.0", "0.1, 1.0", "0.3, 0.5", "0.8, 2", "0.45, 0.1", "0.2, 3"})
    void bayesRiskOfTheOneStepCount(double lambda, String eps) throws Exception {
        DiscreteProblem p = DiscreteProblem.builder().epsilon(eps).range(0, 1).prior(lambda, 1 - lambda).build();
        DiscreteDesign d = Designs.design(p);
        double closed = Math.min(Math.min(lambda, 1 - lambda), 1 / (1 + Math.exp(Double.parseDouble(eps))));
        assertBracketed(d, closed);
    }

    static void assertBracketed(DiscreteDesign d, double closed) {
        BigDecimal stored = d.objectiveValue();
        assertTrue(d.certificate().certified(), d.certificate().toString());
        BigDecimal lb = d.certificate().lowerBound();
        double slack = 1e-14; // the closed form is evaluated in double
        assertTrue(lb.doubleValue() <= closed + slack, "lower bound " + lb + " > closed form " + closed);
        assertTrue(closed <= stored.doubleValue() + slack, "closed form " + closed + " > stored risk " + stored + " (the optimum cannot beat it)");
        assertEquals(closed, stored.doubleValue(), 1e-5 * closed, "stored risk far from the closed form");
        assertTrue(d.certifiedEpsilon().compareTo(d.problem().epsilon()) <= 0);
    }
}
