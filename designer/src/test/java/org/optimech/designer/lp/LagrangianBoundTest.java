package org.optimech.designer.lp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LagrangianBoundTest {
    /** min x + 2y  s.t.  x + y ≥ 1,  x ≤ 0.3,  x, y ∈ [0, 10]: optimum 1.7 at (0.3, 0.7). */
    static LinearProgram small(double aLo, double aHi) {
        LinearProgram.Builder b = LinearProgram.builder();
        int x = b.variable(0, 10, 1);
        int y = b.variable(0, 10, 2);
        b.row(1, Double.POSITIVE_INFINITY);
        b.term(x, 1).term(y, aLo, aHi);
        b.row(Double.NEGATIVE_INFINITY, 0.3);
        b.term(x, 1);
        return b.build(j -> "x" + j, i -> "r" + i);
    }

    @Test
    void optimalDualsGiveTheOptimum() {
        BigDecimal lb = LagrangianBound.lowerBound(small(1, 1), new double[] {2, -1}).orElseThrow();
        // The LP holds the double nearest 0.3, so its optimum is exactly 2 − 0.3d.
        BigDecimal optimum = BigDecimal.valueOf(2).subtract(new BigDecimal(0.3));
        // rounded toward −∞ in doubles (an ulp given up per operation): at or just below the optimum
        assertTrue(lb.compareTo(optimum) <= 0 && optimum.subtract(lb).compareTo(new BigDecimal("1e-12")) < 0, lb + " vs " + optimum);
    }

    @Test
    void anyMultipliersGiveAValidBoundAndPolishingNeverWeakensIt() {
        LinearProgram lp = small(1, 1);
        BigDecimal optimum = BigDecimal.valueOf(2).subtract(new BigDecimal(0.3));
        // The wrong "duals" HiGHS returned through MPSolver for this LP (its row activities).
        double[] garbage = {1.0, 0.3};
        BigDecimal weak = LagrangianBound.lowerBound(lp, garbage).orElseThrow();
        // y1 = 1 prices x + y >= 1 (term 1); 0.3 on the <= row has the wrong sign and is dropped;
        // reduced costs x: 0, y: 1, both minimised at 0.
        assertEquals(1.0, weak.doubleValue(), 1e-12);
        assertTrue(weak.compareTo(BigDecimal.ONE) <= 0, "directed rounding never rounds a bound up");
        BigDecimal polished = LagrangianBound.lowerBound(lp, LagrangianBound.polish(lp, garbage, 3)).orElseThrow();
        assertTrue(polished.compareTo(weak) >= 0 && polished.compareTo(optimum) <= 0, polished.toString());
        assertEquals(1.0, polished.doubleValue(), 1e-12, "coordinate ascent stalls at y = (1, 0): reaching (2, -1) needs both to move");
        // From the optimal duals, polishing keeps the optimum.
        BigDecimal fromOptimal = LagrangianBound.lowerBound(lp, LagrangianBound.polish(lp, new double[] {2, -1}, 3)).orElseThrow();
        assertEquals(optimum.doubleValue(), fromOptimal.doubleValue(), 1e-12);
    }

    /** With coefficient a ∈ [0.9, 1.1] the bound holds for every a (the worst is a = 0.9: 0.3 + 2·0.7/0.9). */
    @Test
    void intervalCoefficientsBoundEveryMemberOfTheInterval() {
        LinearProgram lp = small(0.9, 1.1);
        // Unpolished, the midpoint duals pay the worst coefficient on y's whole box: 2 − 0.3 − 0.2·10.
        assertEquals(-0.3, LagrangianBound.lowerBound(lp, new double[] {2, -1}).orElseThrow().doubleValue(), 1e-12);
        BigDecimal lb = LagrangianBound.lowerBound(lp, LagrangianBound.polish(lp, new double[] {2, -1}, 3)).orElseThrow();
        double best = 0.3 + 2 * 0.7 / 1.1; // the smallest optimum over a in [0.9, 1.1]: a = 1.1
        assertTrue(lb.doubleValue() <= best + 1e-15, lb + " > " + best);
        assertEquals(best, lb.doubleValue(), 1e-12, "the worst-case polish should reach the optimum of the worst member");
    }

    /** Random feasible boxed LPs: CLP's duals certify its optimum; perturbed duals stay below it. */
    @Test
    void randomLpsAgainstClp() throws Exception {
        SplittableRandom rng = new SplittableRandom(1);
        LpSolver clp = OrToolsLpSolver.clp();
        for (int t = 0; t < 30; t++) {
            int n = 3 + rng.nextInt(8);
            int m = 2 + rng.nextInt(8);
            double[] x0 = new double[n]; // a feasible point keeps every LP feasible
            LinearProgram.Builder b = LinearProgram.builder();
            for (int j = 0; j < n; j++) {
                x0[j] = rng.nextDouble();
                b.variable(0, 1, rng.nextDouble() * 4 - 1);
            }
            for (int i = 0; i < m; i++) {
                double[] a = new double[n];
                double act = 0;
                for (int j = 0; j < n; j++) {
                    a[j] = rng.nextInt(3) == 0 ? 0 : rng.nextDouble() * 2 - 1;
                    act += a[j] * x0[j];
                }
                int kind = rng.nextInt(3);
                b.row(kind == 1 ? Double.NEGATIVE_INFINITY : kind == 2 ? act : act - rng.nextDouble(),
                        kind == 0 ? Double.POSITIVE_INFINITY : kind == 2 ? act : act + rng.nextDouble());
                for (int j = 0; j < n; j++) {
                    if (a[j] != 0) {
                        b.term(j, a[j]);
                    }
                }
            }
            LinearProgram lp = b.build(j -> "x" + j, i -> "r" + i);
            LpSolution s = clp.solve(lp, Duration.ofSeconds(10));
            assertEquals(LpStatus.OPTIMAL, s.status());
            double lb = LagrangianBound.lowerBound(lp, s.duals()).orElseThrow().doubleValue();
            assertEquals(s.objectiveValue(), lb, 1e-7 * (1 + Math.abs(lb)), "trial " + t);
            double[] noisy = s.duals();
            for (int i = 0; i < noisy.length; i++) {
                noisy[i] += rng.nextGaussian();
            }
            assertTrue(LagrangianBound.lowerBound(lp, noisy).orElseThrow().doubleValue() <= s.objectiveValue() + 1e-9, "trial " + t);
        }
    }
}
