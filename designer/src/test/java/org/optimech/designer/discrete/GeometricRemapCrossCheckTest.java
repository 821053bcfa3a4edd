package org.optimech.designer.discrete;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.optimech.designer.problem.DiscreteProblem;

/**
 * Independent cross-check (Ghosh–Roughgarden–Sundararajan 2009): for a counting query on a path,
 * with a loss non-decreasing in |θ − ω| and any prior, the Bayes optimum equals the truncated
 * geometric mechanism followed by the best deterministic remap. That value is computed here by a
 * separate piece of code; the LP design must bracket it: certified lower bound ≤ GRS ≤ stored risk,
 * with stored − lower bound within 1e-4 relative — so the LP optimum equals GRS to that precision.
 */
class GeometricRemapCrossCheckTest {

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        String[] eps = {"0.3", "1.0", "2.0", "0.7"};
        String[] losses = {"absolute", "squared"};
        String[] priors = {"uniform", "dirichlet", "binomial"};
        int k = 0;
        for (int n : new int[] {1, 5, 12, 25, 40, 60}) {
            for (int c = 0; c < 4; c++, k++) {
                out.add(Arguments.of(n, eps[k % eps.length], losses[k % losses.length], priors[k % priors.length]));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "n={0} eps={1} {2} loss, {3} prior")
    @MethodSource("cases")
    void lpBayesOptimumEqualsGeometricPlusRemap(int n, String eps, String loss, String priorKind) throws Exception {
        double[] prior = Priors.of(priorKind, n, new SplittableRandom(n * 31L + eps.hashCode()));
        DiscreteProblem p = DiscreteProblem.builder().epsilon(eps).range(0, n).loss(loss).prior(prior).build();
        double grs = geometricPlusRemapRisk(n, Double.parseDouble(eps), p.loss().matrix(), prior);
        DiscreteDesign d = Designs.design(p);
        double stored = d.objectiveValue().doubleValue();
        double lb = d.certificate().lowerBound().doubleValue();
        double slack = 1e-12 * Math.max(1, grs);
        assertTrue(lb <= grs + slack, "certified lower bound " + lb + " above the GRS value " + grs);
        assertTrue(grs <= stored + slack, "GRS " + grs + " above the stored risk " + stored + ": the LP design is not optimal");
        assertTrue(stored - lb <= 1e-4 * grs, "gap " + (stored - lb) + " too wide to pin the optimum (GRS " + grs + ")");
    }

    /** Σ_z min_ω Σ_θ prior(θ) G(z | θ) loss(θ, ω), G the truncated geometric mechanism on 0..n. */
    static double geometricPlusRemapRisk(int n, double eps, double[][] loss, double[] prior) {
        double a = Math.exp(-eps);
        double risk = 0;
        for (int z = 0; z <= n; z++) {
            double best = Double.POSITIVE_INFINITY;
            for (int w = 0; w <= n; w++) {
                double s = 0;
                for (int t = 0; t <= n; t++) {
                    s += prior[t] * geometric(n, a, t, z) * loss[t][w];
                }
                best = Math.min(best, s);
            }
            risk += best;
        }
        return risk;
    }

    /** The truncated (range-restricted) geometric mechanism: mass beyond the ends piles on 0 and n. */
    static double geometric(int n, double a, int t, int z) {
        if (n == 0) {
            return 1;
        }
        if (z == 0) {
            return Math.pow(a, t) / (1 + a);
        }
        if (z == n) {
            return Math.pow(a, n - t) / (1 + a);
        }
        return (1 - a) / (1 + a) * Math.pow(a, Math.abs(z - t));
    }
}
