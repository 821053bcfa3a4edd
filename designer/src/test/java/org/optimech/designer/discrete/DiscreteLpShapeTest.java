package org.optimech.designer.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.optimech.designer.lp.LinearProgram;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;
import org.optimech.runtime.discrete.NeighbourGraph;

/**
 * The sparse (row-wise) model {@link DiscreteLp} builds equals a dense model written out independently from the LP's
 * definition (ERRATA D1–D3: row sums, privacy rows per edge orientation and output, per-output column bounds for the
 * complete graph, slacks and their δ row per ordered pair, the minimax epigraph), on random small problems: the same
 * variables with the same bounds and costs, the same rows in the same order with the same bounds, and every coefficient
 * of the dense matrix (zero where the sparse row has no entry).
 */
class DiscreteLpShapeTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    @Property(tries = 300)
    void sparseModelEqualsTheDenseDefinition(@ForAll @IntRange(min = 2, max = 5) int inputs, @ForAll @IntRange(min = 2, max = 5) int outputs,
            @ForAll @IntRange(min = 0, max = 2) int graphKind, @ForAll boolean minimax, @ForAll boolean approximate, @ForAll boolean enclose,
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        Random r = new Random(seed);
        NeighbourGraph g = graph(graphKind, inputs, r);
        double[][] loss = new double[inputs][outputs];
        for (double[] row : loss) {
            for (int j = 0; j < outputs; j++) {
                row[j] = r.nextInt(4) == 0 ? 0 : r.nextInt(50) / 8.0;
            }
        }
        double[] prior = new double[inputs];
        double sum = 0;
        for (int i = 0; i < inputs; i++) {
            prior[i] = 1 + r.nextInt(9);
            sum += prior[i];
        }
        for (int i = 0; i < inputs; i++) {
            prior[i] /= sum;
        }
        DiscreteProblem.Builder b = DiscreteProblem.builder().epsilon("0." + (1 + r.nextInt(9))).range(0, inputs - 1).neighbours(g).lossMatrix(loss)
                .prior(prior).objective(minimax ? Objective.MINIMAX : Objective.BAYES);
        if (approximate) {
            b.delta("0.00" + (1 + r.nextInt(9)));
        }
        DiscreteProblem p = b.outputs(new org.optimech.runtime.discrete.IntegerRange(0, outputs - 1)).build();
        double expLo = Math.exp(p.epsilon().doubleValue());
        double expHi = enclose ? Math.nextUp(expLo) : expLo;
        double deltaLo = p.delta().doubleValue();
        double deltaHi = enclose ? Math.nextUp(deltaLo) : deltaLo;
        LinearProgram sparse = DiscreteLp.build(p, expLo, expHi, deltaLo, deltaHi, enclose).lp();
        Dense dense = Dense.of(p, expLo, expHi, deltaLo, deltaHi, enclose);

        assertEquals(dense.varLower.size(), sparse.variables(), "variables");
        assertEquals(DiscreteLp.variableCount(p), sparse.variables(), "variableCount");
        assertEquals(dense.rows.size(), sparse.rows(), "rows");
        assertEquals(DiscreteLp.rowCount(p), sparse.rows(), "rowCount");
        if (minimax) { // its epigraph rows skip zero losses: the count is a capacity
            org.junit.jupiter.api.Assertions.assertTrue(DiscreteLp.nonzeroCount(p) >= sparse.nonzeros(), "nonzeroCount bounds the nonzeros");
        } else {
            assertEquals(DiscreteLp.nonzeroCount(p), sparse.nonzeros(), "nonzeroCount");
        }
        for (int j = 0; j < sparse.variables(); j++) {
            assertEquals(dense.varLower.get(j), sparse.variableLower(j), "lower bound of " + j);
            assertEquals(dense.varUpper.get(j), sparse.variableUpper(j), "upper bound of " + j);
            assertEquals(dense.costLo.get(j), sparse.costLo(j), "cost of " + j);
            assertEquals(dense.costHi.get(j), sparse.costHi(j), "cost of " + j);
        }
        int n = sparse.variables();
        for (int i = 0; i < sparse.rows(); i++) {
            double[][] row = dense.rows.get(i);
            assertEquals(row[2][0], sparse.rowLowerLo(i), "row " + i + " lower");
            assertEquals(row[2][1], sparse.rowLowerHi(i), "row " + i + " lower");
            assertEquals(row[2][2], sparse.rowUpperLo(i), "row " + i + " upper");
            assertEquals(row[2][3], sparse.rowUpperHi(i), "row " + i + " upper");
            double[] lo = new double[n];
            double[] hi = new double[n];
            for (int k = sparse.rowStart(i); k < sparse.rowStart(i + 1); k++) {
                lo[sparse.column(k)] += sparse.coefLo(k);
                hi[sparse.column(k)] += sparse.coefHi(k);
            }
            for (int j = 0; j < n; j++) {
                assertEquals(row[0][j], lo[j], "row " + i + " (" + sparse.rowName(i) + "), column " + j);
                assertEquals(row[1][j], hi[j], "row " + i + " (" + sparse.rowName(i) + "), column " + j);
            }
        }
    }

    private static NeighbourGraph graph(int kind, int size, Random r) {
        if (kind == 0) {
            return NeighbourGraph.path(size);
        }
        if (kind == 1) {
            return NeighbourGraph.complete(size);
        }
        List<int[]> edges = new ArrayList<>();
        for (int i = 1; i < size; i++) {
            edges.add(new int[] {r.nextInt(i), i}); // a random spanning tree ...
        }
        for (int a = 0; a < size; a++) {
            for (int c = a + 2; c < size; c++) {
                int from = a;
                int to = c;
                if (r.nextInt(3) == 0 && edges.stream().noneMatch(e -> e[0] == from && e[1] == to)) {
                    edges.add(new int[] {from, to}); // ... plus chords
                }
            }
        }
        return NeighbourGraph.edges(size, edges);
    }

    /** The model written densely, straight from the definition: each row is {lo coefficients, hi coefficients, {lowerLo, lowerHi, upperLo, upperHi}}. */
    private static final class Dense {
        final List<Double> varLower = new ArrayList<>();
        final List<Double> varUpper = new ArrayList<>();
        final List<Double> costLo = new ArrayList<>();
        final List<Double> costHi = new ArrayList<>();
        final List<double[][]> rows = new ArrayList<>();
        final List<double[][]> pending = new ArrayList<>(); // rows as {terms..., bounds}, made dense at the end

        int variable(double lower, double upper, double lo, double hi) {
            varLower.add(lower);
            varUpper.add(upper);
            costLo.add(lo);
            costHi.add(hi);
            return varLower.size() - 1;
        }

        /** A row over the variables as they will finally number; terms {var, lo, hi}. */
        void row(double lower, double upper, double[]... terms) {
            row(new double[] {lower, lower, upper, upper}, terms);
        }

        /** A row with interval bounds {lowerLo, lowerHi, upperLo, upperHi}. */
        void row(double[] bounds, double[]... terms) {
            double[][] row = new double[terms.length + 1][];
            System.arraycopy(terms, 0, row, 0, terms.length);
            row[terms.length] = bounds;
            pending.add(row);
        }

        static Dense of(DiscreteProblem p, double expLo, double expHi, double deltaLo, double deltaHi, boolean enclose) {
            Dense d = new Dense();
            int m = p.inputCount();
            int k = p.outputCount();
            boolean minimax = p.objective() == Objective.MINIMAX;
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < k; j++) {
                    if (minimax) {
                        d.variable(0, 1, 0, 0);
                    } else {
                        // prior × loss, or for a certificate the two doubles around the exact product
                        java.math.BigDecimal exact = new java.math.BigDecimal(p.priorAt(i)).multiply(new java.math.BigDecimal(p.loss().at(i, j)));
                        double c = p.priorAt(i) * p.loss().at(i, j);
                        int cmp = new java.math.BigDecimal(c).compareTo(exact);
                        d.variable(0, 1, enclose && cmp > 0 ? Math.nextDown(c) : c, enclose && cmp < 0 ? Math.nextUp(c) : c);
                    }
                }
            }
            int t = minimax ? d.variable(p.loss().min(), p.loss().max(), 1, 1) : -1;
            for (int i = 0; i < m; i++) {
                double[][] terms = new double[k][];
                for (int j = 0; j < k; j++) {
                    terms[j] = new double[] {i * k + j, 1, 1};
                }
                d.row(1, 1, terms);
            }
            NeighbourGraph g = p.neighbours();
            if (p.isPure() && g.kind() == NeighbourGraph.Kind.COMPLETE) {
                int first = d.varLower.size();
                for (int j = 0; j < k; j++) {
                    d.variable(0, 1, 0, 0); // H_j
                    d.variable(0, 1, 0, 0); // L_j
                }
                for (int j = 0; j < k; j++) {
                    int h = first + 2 * j;
                    int l = h + 1;
                    for (int i = 0; i < m; i++) {
                        d.row(-INF, 0, new double[] {i * k + j, 1, 1}, new double[] {h, -1, -1});
                        d.row(0, INF, new double[] {i * k + j, 1, 1}, new double[] {l, -1, -1});
                    }
                    d.row(-INF, 0, new double[] {h, 1, 1}, new double[] {l, -expHi, -expLo});
                }
            } else if (p.isPure()) {
                for (int[] e : g.edges()) {
                    for (int dir = 0; dir < 2; dir++) {
                        int a = e[dir];
                        int c = e[1 - dir];
                        for (int j = 0; j < k; j++) {
                            d.row(-INF, 0, new double[] {a * k + j, 1, 1}, new double[] {c * k + j, -expHi, -expLo});
                        }
                    }
                }
            } else {
                for (int[] e : g.edges()) {
                    for (int dir = 0; dir < 2; dir++) {
                        int a = e[dir];
                        int c = e[1 - dir];
                        int first = d.varLower.size();
                        for (int j = 0; j < k; j++) {
                            d.variable(0, 1, 0, 0); // s[a, c, j]
                        }
                        for (int j = 0; j < k; j++) {
                            d.row(-INF, 0, new double[] {a * k + j, 1, 1}, new double[] {c * k + j, -expHi, -expLo}, new double[] {first + j, -1, -1});
                        }
                        double[][] slack = new double[k][];
                        for (int j = 0; j < k; j++) {
                            slack[j] = new double[] {first + j, 1, 1};
                        }
                        d.row(new double[] {-INF, -INF, deltaLo, deltaHi}, slack);
                    }
                }
            }
            if (minimax) {
                for (int i = 0; i < m; i++) {
                    double[][] terms = new double[k + 1][];
                    for (int j = 0; j < k; j++) {
                        terms[j] = new double[] {i * k + j, p.loss().at(i, j), p.loss().at(i, j)};
                    }
                    terms[k] = new double[] {t, -1, -1};
                    d.row(-INF, 0, terms);
                }
            }
            int n = d.varLower.size();
            for (double[][] row : d.pending) {
                double[] lo = new double[n];
                double[] hi = new double[n];
                for (int q = 0; q < row.length - 1; q++) {
                    lo[(int) row[q][0]] += row[q][1];
                    hi[(int) row[q][0]] += row[q][2];
                }
                d.rows.add(new double[][] {lo, hi, row[row.length - 1]});
            }
            return d;
        }
    }
}
