package org.optimech.designer.structural;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.optimech.designer.common.Progress;
import org.optimech.designer.common.SolveProgress;
import org.optimech.designer.common.DesignException;
import org.optimech.designer.lp.LinearProgram;
import org.optimech.designer.lp.LpException;
import org.optimech.designer.lp.LpSolution;
import org.optimech.designer.lp.LpSolver;
import org.optimech.designer.lp.OrToolsLpSolver;
import org.optimech.designer.lp.LpStatus;
import org.optimech.designer.problem.Loss;
import org.optimech.runtime.discrete.Remap;

/**
 * The minimax-optimal randomized remap of the truncated geometric mechanism, by column generation:
 * an LP over remap probabilities x[z][ω] restricted to candidate outputs per z (min t subject to
 * every input's risk ≤ t and rows summing to 1), whose pricing problem — the output with the most
 * negative reduced cost for each z — is exactly the Bayes remap under the prior given by the risk
 * rows' duals. Every round is also a certificate attempt: the duals' prior gives a rigorous lower
 * bound ({@link GeometricDual}) and the round's remap, quantized as it will be stored, an exact
 * upper bound ({@link StructuralRisk}); the rounds stop once the two are within {@link #STOP_GAP}
 * relative, or when pricing finds no new column. The best remap and the best prior seen are kept,
 * so a round whose LP solve came back slightly off cannot make the result worse.
 *
 * <p>Why the gap test matters: for n in the hundreds the optimum sits within 1e-9 of 1/sinh ε (the
 * remap only matters near the ends), the master LP is massively degenerate, and simplex codes
 * return duals that keep producing new columns without moving the value; CLP at its default 1e-7
 * tolerances even returned non-optimal points as optimal (measured), so the master runs on GLOP ({@link #masterSolvers}). Risk coefficients with
 * α^{|i−z|} below e^{-30}/max L are left out of the LP (the stored design's risk is evaluated in
 * full, so this only affects how close to optimal the LP gets, which the bounds report).
 */
final class MinimaxRemap {
    static final int MAX_ROUNDS = 60;
    /** Relative gap between the stored remap's exact risk and the certified bound at which the rounds stop. */
    static final double STOP_GAP = 1e-8;
    /** Primal and dual feasibility tolerance for the master LP: CLP at its default 1e-7 returned non-optimal points as optimal. */
    static final double LP_TOLERANCE = 1e-9;

    /**
     * @param probabilities per z: candidate outputs and their probabilities
     * @param leastFavourable the normalised duals of the risk rows in the last round
     */
    record Result(Remap remap, double[] leastFavourable, int rounds, double upper, double lower) {
    }

    private MinimaxRemap() {
    }

    /**
     * The backends for the master LP, in the order tried: GLOP, then CLP, whenever OR-Tools is in use. Measured at ε = 0.5,
     * absolute loss: n = 300 takes 1 round and 3.5 s on GLOP against 60 rounds and 38 s on CLP (which stalls at a 5e-7 gap);
     * n = 1,000 takes 1 round on GLOP. GLOP occasionally ends ABNORMAL (n = 70, ε = 1.6), where CLP solves the same LP.
     * HiGHS through MPSolver returns no usable duals. Other backends (ojAlgo) are used as given.
     */
    static List<LpSolver> masterSolvers(LpSolver configured) {
        return configured instanceof OrToolsLpSolver ? List.of(OrToolsLpSolver.glop(), OrToolsLpSolver.clp()) : List.of(configured);
    }

    /** The first optimal solution with duals among the backends, each at {@link #LP_TOLERANCE}; the last failure otherwise. */
    private static LpSolution solveMaster(LinearProgram lp, List<LpSolver> solvers, Duration timeLimit, Progress progress) throws DesignException {
        String failure = null;
        for (LpSolver solver : solvers) {
            if (failure != null) {
                progress.stage("minimax remap: " + failure + "; retrying with " + solver.name());
            }
            LpSolution sol;
            try {
                sol = SolveProgress.solve(progress, "minimax remap master LP", solver, lp, timeLimit, LP_TOLERANCE, 10);
            } catch (LpException e) {
                failure = "the " + solver.name() + " backend failed on the minimax remap LP: " + e.getMessage();
                continue;
            }
            if (sol.status() != LpStatus.OPTIMAL) {
                failure = "the minimax remap LP (" + lp.variables() + " variables, " + lp.nonzeros() + " nonzeros) ended " + sol.status()
                        + (sol.statusDetail() == null ? "" : ": " + sol.statusDetail()) + " on " + solver.name();
                continue;
            }
            if (sol.dualValues().isEmpty()) {
                failure = "the structural minimax design needs dual values; the " + solver.name() + " backend returns none";
                continue;
            }
            return sol;
        }
        throw new DesignException(failure + " (the lp method designs with the full LP)");
    }

    static Result solve(Loss loss, Geometric g, int outputCount, List<LpSolver> solvers, Duration timeLimit, Progress progress) throws DesignException {
        int n = g.n();
        int m = loss.outputs();
        int window = (int) Math.min(n, Math.ceil((30 + StrictMath.log(Math.max(1, loss.max()))) / g.epsilon()));
        double[] uniform = new double[n + 1];
        Arrays.fill(uniform, 1.0 / (n + 1));
        @SuppressWarnings("unchecked")
        TreeSet<Integer>[] cand = new TreeSet[n + 1];
        int[] start = BayesRemap.solve(uniform, loss, g).target();
        for (int z = 0; z <= n; z++) {
            cand[z] = new TreeSet<>();
            for (int d = -1; d <= 1; d++) {
                int j = start[z] + d;
                if (j >= 0 && j < m) {
                    cand[z].add(j);
                }
            }
        }
        double[] pw = new double[window + 1];
        for (int d = 0; d <= window; d++) {
            pw[d] = g.pow(d);
        }
        Remap bestRemap = null;
        double bestUpper = Double.POSITIVE_INFINITY;
        double[] bestPrior = null;
        double bestLower = Double.NEGATIVE_INFINITY;
        for (int round = 1; round <= MAX_ROUNDS; round++) {
            LinearProgram.Builder b = LinearProgram.builder();
            int[][] var = new int[n + 1][];
            int[][] outs = new int[n + 1][];
            for (int z = 0; z <= n; z++) {
                outs[z] = cand[z].stream().mapToInt(Integer::intValue).toArray();
                var[z] = new int[outs[z].length];
                for (int k = 0; k < outs[z].length; k++) {
                    // No explicit x ≤ 1 (the row implies it): with it GLOP failed (ABNORMAL) at n = 1000 and its duals priced worse
                    var[z][k] = b.variable(0, Double.POSITIVE_INFINITY, 0);
                }
            }
            int t = b.variable(0, Math.max(loss.max(), 0) + 1, 1);
            for (int z = 0; z <= n; z++) {
                b.row(1, 1);
                for (int v : var[z]) {
                    b.term(v, 1);
                }
            }
            int firstRisk = n + 1;
            for (int i = 0; i <= n; i++) {
                b.row(Double.NEGATIVE_INFINITY, 0);
                for (int z = Math.max(0, i - window); z <= Math.min(n, i + window); z++) {
                    double gz = g.kappa(z) * pw[Math.abs(i - z)];
                    for (int k = 0; k < outs[z].length; k++) {
                        double c = gz * loss.at(i, outs[z][k]);
                        if (c != 0) {
                            b.term(var[z][k], c);
                        }
                    }
                }
                b.term(t, -1);
            }
            LinearProgram lp = b.build(j -> "x" + j, r -> "r" + r);
            LpSolution sol = solveMaster(lp, solvers, timeLimit, progress);
            double[] duals = sol.dualValues().orElseThrow();
            double[] prior = new double[n + 1];
            double total = 0;
            for (int i = 0; i <= n; i++) {
                prior[i] = Math.max(0, -duals[firstRisk + i]);
                total += prior[i];
            }
            if (!(total > 0)) {
                Arrays.fill(prior, 1.0 / (n + 1));
            } else {
                for (int i = 0; i <= n; i++) {
                    prior[i] /= total;
                }
            }
            BayesRemap.Result bayes = BayesRemap.solve(prior, loss, g);
            org.optimech.runtime.certificate.GeometricDual.Bound bound = GeometricDual.bound(prior, loss, g, bayes.value());
            if (bound.computed() && bound.lowerBound() > bestLower) {
                bestLower = bound.lowerBound();
                bestPrior = prior;
            }
            double[][] probs = new double[n + 1][];
            for (int z = 0; z <= n; z++) {
                probs[z] = new double[outs[z].length];
                for (int k = 0; k < outs[z].length; k++) {
                    probs[z][k] = Math.max(0, sol.x(var[z][k]));
                }
            }
            Remap remap = StructuralDesigner.quantize(outs, probs, outputCount);
            double upper = StructuralRisk.of(g, remap, loss).maxUpper();
            if (upper < bestUpper) {
                bestUpper = upper;
                bestRemap = remap;
            }
            double gap = (bestUpper - bestLower) / Math.abs(bestUpper);
            int[] best = bayes.target();
            int added = 0;
            for (int z = 0; z <= n; z++) {
                if (cand[z].add(best[z])) {
                    added++;
                }
            }
            // The Bayes target is the column of least reduced cost in row z, but when it is already a candidate sitting at its
            // upper bound 1 its reduced cost may be negative while other, absent columns are negative too: price every column.
            added += priceAll(duals, firstRisk, loss, g, pw, window, cand);
            progress.stage(String.format(java.util.Locale.ROOT, "minimax remap round %d: LP %d variables, %d nonzeros; risk of the remap %.12g, certified bound %.12g (gap %.2g); %d new candidate outputs",
                    round, lp.variables(), lp.nonzeros(), upper, bound.computed() ? bound.lowerBound() : Double.NaN, gap, added));
            if (gap <= STOP_GAP || added == 0 || round == MAX_ROUNDS) {
                return new Result(bestRemap, bestPrior != null ? bestPrior : prior, round, bestUpper, bestLower);
            }
        }
        throw new AssertionError("unreachable");
    }

    /**
     * Adds, for each z, the absent output of most negative reduced cost rc = −μ_z − Σ_i y_i·κ_z·α^{|i−z|}·L(i, ω) (y: the
     * risk rows' duals, μ_z: the row sum's), if below −1e-9 relative; returns how many were added. O(n·|Ω|·window).
     */
    private static int priceAll(double[] duals, int firstRisk, Loss loss, Geometric g, double[] pw, int window, TreeSet<Integer>[] cand) {
        int n = g.n();
        int m = loss.outputs();
        int added = 0;
        double[] s = new double[m];
        for (int z = 0; z <= n; z++) {
            java.util.Arrays.fill(s, 0);
            int lo = Math.max(0, z - window);
            int hi = Math.min(n, z + window);
            double scale = 0;
            for (int i = lo; i <= hi; i++) {
                double w = -duals[firstRisk + i] * g.kappa(z) * pw[Math.abs(i - z)];
                if (w == 0) {
                    continue;
                }
                for (int o = 0; o < m; o++) {
                    s[o] += w * loss.at(i, o);
                }
                scale += Math.abs(w) * Math.max(loss.rowMax(i), 1e-300);
            }
            int arg = -1;
            double least = Double.POSITIVE_INFINITY;
            for (int o = 0; o < m; o++) {
                double rc = s[o] - duals[z];
                if (rc < least && !cand[z].contains(o)) {
                    least = rc;
                    arg = o;
                }
            }
            if (arg >= 0 && least < -1e-9 * Math.max(scale, Math.abs(duals[z]))) {
                cand[z].add(arg);
                added++;
            }
        }
        return added;
    }
}
