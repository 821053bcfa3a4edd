package org.optimech.designer.structural;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.optimech.designer.common.Progress;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.discrete.Designs;
import org.optimech.designer.discrete.Priors;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.lp.OrToolsLpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Loss;
import org.optimech.designer.problem.Objective;
import org.optimech.runtime.discrete.IntegerRange;

/**
 * The structural designer against the certified LP designer (an independent method: a different
 * formulation, solver and certificate) on a sample of n ≤ 60, priors, losses and objectives.
 */
class StructuralDesignerTest {

    static StructuralDesign structural(DiscreteProblem p) throws Exception {
        return new StructuralDesigner(DesignOptions.defaults(OrToolsLpSolver.clp()), Progress.silent()).design(p);
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        String[] eps = {"0.3", "1.0", "2.0", "0.7", "0.1"};
        String[] losses = {"absolute", "squared", "relative", "asymmetric"};
        String[] priors = {"uniform", "dirichlet", "binomial"};
        int k = 0;
        for (int n : new int[] {1, 4, 9, 20, 33, 60}) {
            for (int c = 0; c < 4; c++, k++) {
                Objective o = (k % 3 == 2) ? Objective.MINIMAX : Objective.BAYES;
                out.add(Arguments.of(n, eps[k % eps.length], losses[k % losses.length], o == Objective.MINIMAX ? "uniform" : priors[k % priors.length], o));
            }
        }
        return out.stream();
    }

    static DiscreteProblem problem(int n, String eps, String loss, String priorKind, Objective o) {
        double[] prior = Priors.of(priorKind, n, new SplittableRandom(n * 31L + eps.hashCode()));
        DiscreteProblem.Builder b = DiscreteProblem.builder().epsilon(eps).range(0, n).prior(prior).objective(o);
        if (loss.equals("asymmetric")) {
            // over-estimates cost twice as much as under-estimates: monotone on each side, not symmetric
            double[][] m = new double[n + 1][n + 1];
            for (int i = 0; i <= n; i++) {
                for (int j = 0; j <= n; j++) {
                    m[i][j] = j > i ? 2.0 * (j - i) : i - j;
                }
            }
            b.lossMatrix(m);
        } else {
            b.loss(loss);
        }
        return b.build();
    }

    /**
     * The structural value lies between the LP's certified lower bound and the LP's stored risk (so it is
     * the optimum to the LP's certified precision, 1e-9 to 2e-5 here), and its own certificate pins it
     * to 1e-9 (Bayes) or 1e-7 (minimax) relative. The LP's stored designs sit up to 2.1e-6 above it (the
     * LP path solves at ε − margin and repairs), which is why the comparison is a bracket, not an equality.
     * Minimax gaps: the column generation runs until its own certified gap is below 1e-8.
     */
    @ParameterizedTest(name = "n={0} eps={1} {2} loss, {3} prior, {4}")
    @MethodSource("cases")
    void agreesWithTheCertifiedLp(int n, String eps, String loss, String priorKind, Objective o) throws Exception {
        DiscreteProblem p = problem(n, eps, loss, priorKind, o);
        StructuralDesign s = structural(p);
        DiscreteDesign lp = Designs.design(p);
        double v = s.objectiveValue();
        double lpLower = lp.certificate().lowerBound().doubleValue();
        double lpStored = lp.objectiveValue().doubleValue();
        double slack = 1e-12 * Math.max(1, v);
        assertTrue(lp.certificate().certified(), "the LP reference itself is not certified: " + lp.certificate().reason());
        assertTrue(lpLower <= v + slack, "LP lower bound " + lpLower + " above the structural risk " + v);
        assertTrue(v <= lpStored + slack, "structural risk " + v + " above the LP design's " + lpStored);
        System.out.printf("structural vs LP n=%d %s %s %s %s: structural %.12g lp stored %.12g (rel %.2g) lp lower %.12g (rel %.2g) solver %.12g%n", n, eps, loss, priorKind, o, v, lpStored,
                (lpStored - v) / v, lpLower, (v - lpLower) / v, lp.solverObjective());
        assertTrue(s.certificate().certified(), s.certificate().reason());
        // Bayes: the dual is built in closed form, so only rounding separates bound and value. Minimax: the
        // least-favourable prior comes from the remap LP's duals, accurate to the solver's tolerances.
        double gapLimit = o == Objective.BAYES ? 1e-9 : 1e-7;
        assertTrue(s.certificate().relativeGap() < gapLimit, "structural certificate gap " + s.certificate().relativeGap());
        assertTrue(s.certificate().lowerBound() <= lpStored + slack, "structural bound " + s.certificate().lowerBound() + " above a feasible LP design's risk " + lpStored);
    }

    /**
     * Minimax beyond the n ≤ 60 sample, where the master LP is massively degenerate (the optimum is within 1e-9 of
     * 1/sinh ε): n = 100 inside the full LP's certified bracket, and n = 1,000 certified to 1e-7 and no worse than the
     * plain geometric mechanism, whose worst risk is at most 1/sinh ε (the untruncated two-sided geometric's E|noise|).
     */
    @Test
    void minimaxAtScaleIsCertified() throws Exception {
        DiscreteProblem p100 = DiscreteProblem.builder().epsilon("0.5").range(0, 100).objective(Objective.MINIMAX).loss("absolute").build();
        StructuralDesign s100 = structural(p100);
        DiscreteDesign lp = Designs.design(p100);
        assertTrue(lp.certificate().certified(), lp.certificate().reason());
        assertTrue(lp.certificate().lowerBound().doubleValue() <= s100.objectiveValue() + 1e-12, "LP bound above the structural risk");
        assertTrue(s100.objectiveValue() <= lp.objectiveValue().doubleValue() + 1e-12, "structural risk above the LP design's");
        assertTrue(s100.certificate().certified() && s100.certificate().relativeGap() < 1e-7, "n = 100 gap " + s100.certificate().relativeGap());

        DiscreteProblem p1000 = DiscreteProblem.builder().epsilon("0.5").range(0, 1000).objective(Objective.MINIMAX).loss("absolute").build();
        StructuralDesign s1000 = structural(p1000);
        assertTrue(s1000.certificate().certified() && s1000.certificate().relativeGap() < 1e-7, "n = 1000 gap " + s1000.certificate().relativeGap());
        assertTrue(s1000.objectiveValue() <= 1 / Math.sinh(0.5) + 1e-12, "worse than the plain geometric: " + s1000.objectiveValue());
    }

    /** n = 1 in closed form (ERRATA D4): minimax absolute risk 1/(1+e^ε); Bayes uniform also 1/(1+e^ε). */
    @Test
    void closedFormAtOneRecord() throws Exception {
        for (String eps : new String[] {"0.05", "0.5", "1", "5"}) {
            double expected = 1 / (1 + Math.exp(Double.parseDouble(eps)));
            for (Objective o : Objective.values()) {
                StructuralDesign s = structural(DiscreteProblem.builder().epsilon(eps).range(0, 1).objective(o).build());
                assertEquals(expected, s.objectiveValue(), 1e-12 * expected, o + " at eps " + eps);
                assertTrue(s.certificate().certified());
            }
        }
    }

    /** The fast distance-form engine and the dense engine (independent code) pick remaps of equal value. */
    @Test
    void fastEngineMatchesTheDenseOne() {
        SplittableRandom rng = new SplittableRandom(4);
        for (int trial = 0; trial < 30; trial++) {
            int n = 2 + rng.nextInt(80);
            double eps = 0.05 + 3 * rng.nextDouble();
            Geometric g = Geometric.of(n, eps);
            int lo = rng.nextInt(5) - 2;
            IntegerRange in = new IntegerRange(0, n);
            IntegerRange out = new IntegerRange(lo, n + rng.nextInt(4) - 2);
            double[] scale = new double[n + 1];
            for (int i = 0; i <= n; i++) {
                scale[i] = trial % 2 == 0 ? 1 : 1.0 / Math.max(i, 1);
            }
            Loss loss = Loss.ofDistance("t", new Loss.DistanceForm(in, out, 1 + trial % 3 / 2, scale));
            double[] prior = Priors.of(trial % 3 == 0 ? "dirichlet" : "binomial", n, rng);
            BayesRemap.Result fast = BayesRemap.distance(prior, loss.distanceForm().get(), g);
            BayesRemap.Result dense = BayesRemap.dense(prior, Loss.ofMatrix("m", loss.matrix()), g);
            for (int z = 0; z <= n; z++) {
                assertEquals(dense.value()[z], fast.value()[z], 1e-9 * Math.max(dense.value()[z], 1e-300), "trial " + trial + " z " + z);
            }
        }
    }

    /** The dual check can fail: a dual vector raised by 1% is infeasible, and the bound pays for it. */
    @Test
    void dualVerificationDetectsAnInfeasibleDual() {
        int n = 30;
        Geometric g = Geometric.of(n, 0.5);
        double[] prior = Priors.of("uniform", n, null);
        Loss loss = DiscreteProblem.builder().epsilon("0.5").range(0, n).build().loss();
        double[] b = BayesRemap.solve(prior, loss, g).value();
        org.optimech.runtime.certificate.GeometricDual.Bound ok = GeometricDual.bound(prior, loss, g, b);
        double[] raised = b.clone();
        for (int z = 0; z <= n; z++) {
            raised[z] *= 1.01;
        }
        org.optimech.runtime.certificate.GeometricDual.Bound bad = GeometricDual.bound(prior, loss, g, raised);
        assertTrue(ok.deficit() < 1e-12, "deficit " + ok.deficit());
        assertTrue(bad.deficit() > 1e-4, "a 1% raised dual went undetected: deficit " + bad.deficit());
        assertTrue(bad.lowerBound() < ok.lowerBound(), bad.lowerBound() + " vs " + ok.lowerBound());
    }

    @Test
    void refusesWhatItCannotDoAndSaysWhy() {
        DiscreteProblem graph = DiscreteProblem.builder().epsilon("1").range(0, 5)
                .neighbours(org.optimech.runtime.discrete.NeighbourGraph.complete(6)).build();
        assertTrue(StructuralDesigner.whyNotApplicable(graph).orElseThrow().contains("path"));
        DiscreteProblem approx = DiscreteProblem.builder().epsilon("1").delta("0.01").range(0, 5).build();
        assertTrue(StructuralDesigner.whyNotApplicable(approx).orElseThrow().contains("delta"));
        double[][] m = new double[6][6];
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                m[i][j] = Math.abs(i - j);
            }
        }
        m[2][5] = 0.5; // cheaper far away: not monotone
        DiscreteProblem bent = DiscreteProblem.builder().epsilon("1").range(0, 5).lossMatrix(m).build();
        String why = StructuralDesigner.whyNotApplicable(bent).orElseThrow();
        assertTrue(why.contains("loss[2][4] = 2.0 and loss[2][5] = 0.5"), why);
    }

    /** Randomized rows sum to exactly 2^62 after quantization, and deterministic results drop to 2^0. */
    @Test
    void quantizationKeepsRowsExact() {
        var r = StructuralDesigner.quantize(new int[][] {{0, 1, 2}, {1}}, new double[][] {{0.2, 0.3, 0.5000001}, {1}}, 3);
        long[] w = r.weights(0);
        assertEquals(1L << 62, w[0] + w[1] + w[2]);
        assertArrayEquals(new int[] {1}, r.outputs(1));
        assertEquals(0, StructuralDesigner.quantize(new int[][] {{0}, {2}}, new double[][] {{1}, {1}}, 3).bits());
    }
}
