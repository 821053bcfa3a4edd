package org.optimech.designer.discrete;

import org.optimech.designer.lp.LinearProgram;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Loss;
import org.optimech.designer.problem.Objective;
import org.optimech.runtime.discrete.NeighbourGraph;

/**
 * The LP of a discrete problem (ERRATA D1–D3). Variables {@code q[θ][ω] ∈ [0, 1]} (index
 * {@code θ·|Ω| + ω}); rows {@code Σ_ω q[θ][ω] = 1}; the privacy rows; the objective.
 *
 * <ul>
 *   <li>δ = 0, explicit or path graph: {@code q[a][ω] − E·q[b][ω] ≤ 0} for both orientations of
 *       every edge and every output;
 *   <li>δ = 0, complete graph: per output, column maximum {@code H_ω} and minimum {@code L_ω} with
 *       {@code q ≤ H_ω}, {@code q ≥ L_ω}, {@code H_ω − E·L_ω ≤ 0} — equivalent, with O(|Θ||Ω|) rows
 *       instead of O(|Θ|²|Ω|);
 *   <li>δ &gt; 0: per ordered pair its own slacks, {@code q[a][ω] − E·q[b][ω] − s[a,b,ω] ≤ 0},
 *       {@code Σ_ω s[a,b,ω] ≤ δ} (ERRATA D3);
 *   <li>Bayes: minimise {@code Σ prior(θ) loss(θ, ω) q[θ][ω]}; minimax: minimise t with
 *       {@code Σ_ω loss(θ, ω) q[θ][ω] − t ≤ 0} for every θ (ERRATA D2).
 * </ul>
 *
 * E (= e^ε) and δ are intervals: points for the model handed to a solver, tight enclosures of the
 * exact values for the model a certificate is evaluated on. Both come from the same code, so they
 * have the same shape.
 */
final class DiscreteLp {
    private final LinearProgram lp;
    private final int inputs;
    private final int outputs;
    private final int epigraphFirstRow; // -1 unless minimax

    private DiscreteLp(LinearProgram lp, int inputs, int outputs, int epigraphFirstRow) {
        this.lp = lp;
        this.inputs = inputs;
        this.outputs = outputs;
        this.epigraphFirstRow = epigraphFirstRow;
    }

    /** Number of variables the model of {@code p} has, without building it. */
    static long variableCount(DiscreteProblem p) {
        long m = p.inputCount();
        long k = p.outputCount();
        long vars = m * k + (p.objective() == Objective.MINIMAX ? 1 : 0);
        if (!p.isPure()) {
            vars += orderedPairs(p.neighbours()) * k;
        } else if (p.neighbours().kind() == NeighbourGraph.Kind.COMPLETE) {
            vars += 2 * k;
        }
        return vars;
    }

    /** Number of rows the model of {@code p} has, without building it. */
    static long rowCount(DiscreteProblem p) {
        long m = p.inputCount();
        long k = p.outputCount();
        long rows = m + (p.objective() == Objective.MINIMAX ? m : 0);
        if (!p.isPure()) {
            rows += orderedPairs(p.neighbours()) * (k + 1);
        } else if (p.neighbours().kind() == NeighbourGraph.Kind.COMPLETE) {
            rows += 2 * m * k + k;
        } else {
            rows += 2 * p.neighbours().edgeCount() * k;
        }
        return rows;
    }

    /**
     * Number of nonzeros the model of {@code p} has, without building it (for minimax an upper bound: its epigraph rows
     * skip the zero losses).
     */
    static long nonzeroCount(DiscreteProblem p) {
        long m = p.inputCount();
        long k = p.outputCount();
        long z = m * k + (p.objective() == Objective.MINIMAX ? m * k + m : 0);
        if (!p.isPure()) {
            z += orderedPairs(p.neighbours()) * 4 * k;
        } else if (p.neighbours().kind() == NeighbourGraph.Kind.COMPLETE) {
            z += 4 * m * k + 2 * k;
        } else {
            z += 4 * p.neighbours().edgeCount() * k;
        }
        return z;
    }

    private static long orderedPairs(NeighbourGraph g) {
        return 2 * g.edgeCount();
    }

    /**
     * Builds the model.
     *
     * @param expLo lower end of the interval holding e^ε
     * @param expHi upper end
     * @param deltaLo lower end of the interval holding δ (ignored when the problem is pure)
     * @param deltaHi upper end
     * @param enclose costs as enclosures of the exact products prior·loss (for a certificate) rather
     *     than their nearest doubles (for a solver)
     */
    static DiscreteLp build(DiscreteProblem p, double expLo, double expHi, double deltaLo, double deltaHi, boolean enclose) {
        int m = p.inputCount();
        int k = p.outputCount();
        Loss loss = p.loss();
        boolean minimax = p.objective() == Objective.MINIMAX;
        // sized exactly (the model is built straight into the arrays it keeps); a count beyond an int is refused by design()
        long vars = variableCount(p);
        long rows = rowCount(p);
        long nonzeros = nonzeroCount(p);
        LinearProgram.Builder b = vars <= Integer.MAX_VALUE && rows < Integer.MAX_VALUE && nonzeros <= Integer.MAX_VALUE
                ? LinearProgram.builder((int) vars, (int) rows, (int) nonzeros) : LinearProgram.builder();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < k; j++) {
                if (minimax) {
                    b.variable(0, 1, 0);
                } else {
                    double prior = p.priorAt(i);
                    double l = loss.at(i, j);
                    double c = prior * l;
                    double err = enclose ? Math.fma(prior, l, -c) : 0; // exact rounding error of the product
                    b.variable(0, 1, err < 0 ? Math.nextDown(c) : c, err > 0 ? Math.nextUp(c) : c);
                }
            }
        }
        int t = minimax ? b.variable(loss.min(), loss.max(), 1.0) : -1;

        // Row sums.
        for (int i = 0; i < m; i++) {
            b.row(1, 1);
            for (int j = 0; j < k; j++) {
                b.term(i * k + j, 1);
            }
        }
        NeighbourGraph g = p.neighbours();
        if (p.isPure() && g.kind() == NeighbourGraph.Kind.COMPLETE) {
            int[] hi = new int[k];
            int[] lo = new int[k];
            for (int j = 0; j < k; j++) {
                hi[j] = b.variable(0, 1, 0);
                lo[j] = b.variable(0, 1, 0);
            }
            for (int j = 0; j < k; j++) {
                for (int i = 0; i < m; i++) {
                    b.row(Double.NEGATIVE_INFINITY, 0);
                    b.term(i * k + j, 1).term(hi[j], -1);
                    b.row(0, Double.POSITIVE_INFINITY);
                    b.term(i * k + j, 1).term(lo[j], -1);
                }
                b.row(Double.NEGATIVE_INFINITY, 0);
                b.term(hi[j], 1).term(lo[j], -expHi, -expLo);
            }
        } else if (p.isPure()) {
            for (int[] e : g.edges()) {
                for (int d = 0; d < 2; d++) {
                    int a = e[d];
                    int c = e[1 - d];
                    for (int j = 0; j < k; j++) {
                        b.row(Double.NEGATIVE_INFINITY, 0);
                        b.term(a * k + j, 1).term(c * k + j, -expHi, -expLo);
                    }
                }
            }
        } else {
            int[][] edges = g.edges();
            for (int[] e : edges) {
                for (int d = 0; d < 2; d++) {
                    int a = e[d];
                    int c = e[1 - d];
                    int[] s = new int[k];
                    for (int j = 0; j < k; j++) {
                        s[j] = b.variable(0, 1, 0);
                    }
                    for (int j = 0; j < k; j++) {
                        b.row(Double.NEGATIVE_INFINITY, 0);
                        b.term(a * k + j, 1).term(c * k + j, -expHi, -expLo).term(s[j], -1);
                    }
                    b.row(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, deltaLo, deltaHi);
                    for (int j = 0; j < k; j++) {
                        b.term(s[j], 1);
                    }
                }
            }
        }
        int epigraph = -1;
        if (minimax) {
            for (int i = 0; i < m; i++) {
                int r = b.row(Double.NEGATIVE_INFINITY, 0);
                if (i == 0) {
                    epigraph = r;
                }
                for (int j = 0; j < k; j++) {
                    if (loss.at(i, j) != 0.0) {
                        b.term(i * k + j, loss.at(i, j));
                    }
                }
                b.term(t, -1);
            }
        }
        int mk = m * k;
        final int tIndex = t;
        final int epi = epigraph;
        LinearProgram lp = b.build(
                j -> j < mk ? "q[" + p.inputs().valueAt(j / k) + "][" + p.outputs().valueAt(j % k) + "]" : j == tIndex ? "t" : "auxiliary variable " + (j - mk),
                r -> r < m ? "row sum of input " + p.inputs().valueAt(r)
                        : epi >= 0 && r >= epi ? "epigraph row of input " + p.inputs().valueAt(r - epi)
                        : "privacy row " + (r - m));
        return new DiscreteLp(lp, m, k, epigraph);
    }

    LinearProgram lp() {
        return lp;
    }

    /** The mechanism part of a primal vector: {@code q[θ][ω]}. */
    double[][] mechanism(double[] primal) {
        double[][] q = new double[inputs][outputs];
        for (int i = 0; i < inputs; i++) {
            System.arraycopy(primal, i * outputs, q[i], 0, outputs);
        }
        return q;
    }

    /**
     * For minimax: the prior the epigraph multipliers put on the inputs (normalised), the
     * least-favourable prior of the certificate; empty when there are no usable multipliers.
     */
    double[] epigraphPrior(double[] duals) {
        if (epigraphFirstRow < 0) {
            return null;
        }
        double[] mu = new double[inputs];
        double sum = 0;
        for (int i = 0; i < inputs; i++) {
            mu[i] = Math.max(0, -duals[epigraphFirstRow + i]); // ≤ rows carry multipliers ≤ 0
            sum += mu[i];
        }
        if (!(sum > 0)) {
            return null;
        }
        for (int i = 0; i < inputs; i++) {
            mu[i] /= sum;
        }
        return mu;
    }
}
