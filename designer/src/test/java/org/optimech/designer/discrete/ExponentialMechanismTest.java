package org.optimech.designer.discrete;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;

/**
 * The exponential mechanism P(ω | θ) ∝ exp(−ε|ω − θ|/2) (ERRATA O1: the factor 2 stays) is feasible
 * for the LP, so its risk can be no lower than the certified lower bound of the optimum, nor (up to
 * the margin) below the designed mechanism's.
 */
class ExponentialMechanismTest {

    @ParameterizedTest
    @CsvSource({"12, 0.5, bayes", "12, 1.0, minimax", "30, 0.3, bayes", "20, 2.0, minimax"})
    void isFeasibleAndNoBetterThanTheOptimum(int n, double eps, String objective) throws Exception {
        double[][] em = new double[n + 1][n + 1];
        for (int t = 0; t <= n; t++) {
            double z = 0;
            for (int w = 0; w <= n; w++) {
                em[t][w] = Math.exp(-eps * Math.abs(w - t) / 2);
                z += em[t][w];
            }
            for (int w = 0; w <= n; w++) {
                em[t][w] /= z;
            }
        }
        // feasible: every neighbour ratio within e^ε (to rounding)
        double bound = Math.exp(eps) * (1 + 1e-12);
        for (int t = 0; t < n; t++) {
            for (int w = 0; w <= n; w++) {
                assertTrue(em[t][w] <= bound * em[t + 1][w] && em[t + 1][w] <= bound * em[t][w], "ratio at " + t + ", " + w);
            }
        }
        double[] risk = new double[n + 1];
        for (int t = 0; t <= n; t++) {
            for (int w = 0; w <= n; w++) {
                risk[t] += Math.abs(w - t) * em[t][w];
            }
        }
        double emRisk = 0;
        for (double r : risk) {
            emRisk = objective.equals("bayes") ? emRisk + r / (n + 1) : Math.max(emRisk, r);
        }
        DiscreteProblem p = DiscreteProblem.builder().epsilon(Double.toString(eps)).range(0, n)
                .objective(objective.equals("bayes") ? Objective.BAYES : Objective.MINIMAX).build();
        DiscreteDesign d = Designs.design(p);
        assertTrue(d.certificate().lowerBound().doubleValue() <= emRisk, "certified bound above a feasible mechanism's risk");
        assertTrue(d.objectiveValue().doubleValue() <= emRisk * (1 + 1e-6), "optimal design " + d.objectiveValue() + " worse than EM " + emRisk);
    }
}
