package org.optimech.designer.structural;

import java.time.Duration;
import java.util.Arrays;
import java.util.TreeSet;
import org.optimech.designer.Progress;
import org.optimech.designer.discrete.DesignException;
import org.optimech.designer.lp.LinearProgram;
import org.optimech.designer.lp.LpException;
import org.optimech.designer.lp.LpSolution;
import org.optimech.designer.lp.LpSolver;
import org.optimech.designer.lp.LpStatus;
import org.optimech.designer.problem.Loss;

/**
 * The minimax-optimal randomized remap of the truncated geometric mechanism, by column generation:
 * an LP over remap probabilities x[z][ω] restricted to candidate outputs per z (min t subject to
 * every input's risk ≤ t and rows summing to 1), whose pricing problem — the output with the most
 * negative reduced cost for each z — is exactly the Bayes remap under the prior given by the risk
 * rows' duals. Rounds stop when every Bayes target is already a candidate. Risk coefficients with
 * α^{|i−z|} below e^{-30}/max L are left out of the LP (the stored design's risk is evaluated in full
 * afterwards, so this only affects how close to optimal the LP gets, which the certificate reports).
 */
final class MinimaxRemap {
    static final int MAX_ROUNDS = 60;

    /**
     * @param probabilities per z: candidate outputs and their probabilities
     * @param leastFavourable the normalised duals of the risk rows in the last round
     */
    record Result(int[][] outputs, double[][] probabilities, double[] leastFavourable, int rounds, double lpValue) {
    }

    private MinimaxRemap() {
    }

    static Result solve(Loss loss, Geometric g, LpSolver solver, Duration timeLimit, Progress progress) throws DesignException {
        int n = g.n();
        int m = loss.outputs();
        int window = (int) Math.min(n, Math.ceil((30 + Math.log(Math.max(1, loss.max()))) / g.epsilon()));
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
        for (int round = 1; round <= MAX_ROUNDS; round++) {
            LinearProgram.Builder b = LinearProgram.builder();
            int[][] var = new int[n + 1][];
            int[][] outs = new int[n + 1][];
            for (int z = 0; z <= n; z++) {
                outs[z] = cand[z].stream().mapToInt(Integer::intValue).toArray();
                var[z] = new int[outs[z].length];
                for (int k = 0; k < outs[z].length; k++) {
                    // x ≤ 1 is implied by the row; stated explicitly it can take part of the dual. Dropping it was tried and gave
                    // wider gaps on the test sample (n ≤ 60), so it stays; why the duals degrade beyond n ≈ 60 is open (README)
                    var[z][k] = b.variable(0, 1, 0);
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
            LpSolution sol;
            try {
                sol = solver.solve(lp, timeLimit);
            } catch (LpException e) {
                throw new DesignException("the " + solver.name() + " backend failed on the minimax remap LP: " + e.getMessage(), e);
            }
            if (sol.status() != LpStatus.OPTIMAL) {
                throw new DesignException("the minimax remap LP (" + lp.variables() + " variables, " + lp.nonzeros() + " nonzeros) ended " + sol.status()
                        + (sol.statusDetail() == null ? "" : ": " + sol.statusDetail()));
            }
            double[] duals = sol.dualValues().orElseThrow(() -> new DesignException("the structural minimax design needs dual values; the "
                    + solver.name() + " backend returns none (use --solver clp or glop, or --method lp)"));
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
            int[] best = BayesRemap.solve(prior, loss, g).target();
            int added = 0;
            for (int z = 0; z <= n; z++) {
                if (cand[z].add(best[z])) {
                    added++;
                }
            }
            // The Bayes target is the column of least reduced cost in row z, but when it is already a candidate sitting at its
            // upper bound 1 its reduced cost may be negative while other, absent columns are negative too: price every column.
            // Both stay: dropping the Bayes targets (added even at reduced cost ~0) measured worse (n = 100, eps 0.5: max risk
            // 1.918514 instead of 1.918374).
            added += priceAll(duals, firstRisk, loss, g, pw, window, cand);
            progress.stage(String.format("minimax remap round %d: LP %d variables, %d nonzeros, max risk %.10g; %d new candidate outputs",
                    round, lp.variables(), lp.nonzeros(), sol.x(t), added));
            if (added == 0 || round == MAX_ROUNDS) {
                double[][] probs = new double[n + 1][];
                for (int z = 0; z <= n; z++) {
                    probs[z] = new double[outs[z].length];
                    for (int k = 0; k < outs[z].length; k++) {
                        probs[z][k] = Math.max(0, sol.x(var[z][k]));
                    }
                }
                return new Result(outs, probs, prior, round, sol.x(t));
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
