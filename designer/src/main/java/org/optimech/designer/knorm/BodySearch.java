package org.optimech.designer.knorm;

import java.util.SplittableRandom;
import org.apache.commons.math3.analysis.MultivariateFunction;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.NelderMeadSimplex;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.SimplexOptimizer;
import org.optimech.geometry.body.LpBalls;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.designer.problem.Criterion;

/**
 * A heuristic search for a better body than the candidates, among linear images K = A·B of the ℓ∞ and
 * ℓ1 balls that contain S_T after scaling: Δ(A) = max over S_T's hull vertices of ‖A⁻¹v‖_B, and the
 * criterion is scale-free in A (trace: Δ²·c_B·‖A‖²_F; max-variance: Δ²·c_B·λmax(AAᵀ); volume:
 * Δ^d·|det A|·vol B). Nelder–Mead from several starts. The result is called a heuristic: it is not
 * claimed optimal, but its Δ is certified exactly for the matrix found (A⁻¹ as exact rationals).
 */
public final class BodySearch {
    /** Largest dimension searched (d² parameters). */
    static final int MAX_DIMENSION = 6;

    /**
     * @param inverseExact A⁻¹ in exact rationals (the gauge the sensitivity is certified for)
     * @param method how A was found, for the report
     */
    public record Found(LpNorm base, double[][] a, Rational[][] inverseExact, double score, int starts, int evaluations, String method) {
        /** Found by this class's Nelder–Mead search. */
        public Found(LpNorm base, double[][] a, Rational[][] inverseExact, double score, int starts, int evaluations) {
            this(base, a, inverseExact, score, starts, evaluations, String.format(java.util.Locale.ROOT,
                    "Nelder-Mead over linear images A*B of the linf and l1 balls (%d starts, %d evaluations)", starts, evaluations));
        }

        public Found {
            java.util.Objects.requireNonNull(method, "method");
            a = copy(a);
            Rational[][] inv = new Rational[inverseExact.length][];
            for (int i = 0; i < inverseExact.length; i++) {
                inv[i] = inverseExact[i].clone();
            }
            inverseExact = inv;
        }

        @Override
        public double[][] a() {
            return copy(a);
        }

        @Override
        public Rational[][] inverseExact() {
            Rational[][] inv = new Rational[inverseExact.length][];
            for (int i = 0; i < inverseExact.length; i++) {
                inv[i] = inverseExact[i].clone();
            }
            return inv;
        }

        private static double[][] copy(double[][] m) {
            double[][] c = new double[m.length][];
            for (int i = 0; i < m.length; i++) {
                c[i] = m[i].clone();
            }
            return c;
        }
    }

    private BodySearch() {
    }

    static Found search(double[][] vertices, int d, Criterion criterion, long seed) {
        return search(vertices, d, criterion, seed, () -> false);
    }

    /** Thrown inside an objective evaluation once the stop is reached. */
    private static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super(null, null, false, false);
        }
    }

    /**
     * As {@link #search(double[][], int, Criterion, long)}, asking {@code stop} at every evaluation: once it is true the start
     * under way is dropped and the best of the finished starts is returned (null when none finished).
     */
    static Found search(double[][] vertices, int d, Criterion criterion, long seed, java.util.function.BooleanSupplier stop) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Found best = null;
        int evaluations = 0;
        int starts = 0;
        for (LpNorm base : new LpNorm[] {LpNorm.LINF, LpNorm.L1}) {
            MultivariateFunction f = x -> {
                if (stop.getAsBoolean()) {
                    throw new Stopped();
                }
                return objective(toMatrix(x, d), vertices, base, criterion, d);
            };
            for (int s = 0; s < 4; s++) {
                double[] start = new double[d * d];
                for (int i = 0; i < d; i++) {
                    for (int j = 0; j < d; j++) {
                        start[i * d + j] = (i == j ? 1 : 0) + (s == 0 ? 0 : 0.3 * (rnd.nextDouble() - 0.5));
                    }
                }
                SimplexOptimizer opt = new SimplexOptimizer(1e-12, 1e-14);
                PointValuePair p;
                try {
                    p = opt.optimize(new MaxEval(4000 * d), new ObjectiveFunction(f), GoalType.MINIMIZE, new InitialGuess(start), new NelderMeadSimplex(d * d, 0.2));
                    evaluations += opt.getEvaluations();
                } catch (TooManyEvaluationsException e) {
                    evaluations += 4000 * d;
                    continue;
                } catch (Stopped e) {
                    evaluations += opt.getEvaluations();
                    return best == null ? null : new Found(best.base(), best.a(), best.inverseExact(), best.score(), starts, evaluations);
                }
                starts++;
                if (Double.isFinite(p.getValue()) && (best == null || p.getValue() < best.score())) {
                    double[][] a = toMatrix(p.getPoint(), d);
                    best = new Found(base, a, IntegerMatrices.inverse(a), p.getValue(), 0, 0);
                }
            }
        }
        return best == null ? null : new Found(best.base(), best.a(), best.inverseExact(), best.score(), starts, evaluations);
    }

    private static double[][] toMatrix(double[] x, int d) {
        double[][] a = new double[d][d];
        for (int i = 0; i < d; i++) {
            System.arraycopy(x, i * d, a[i], 0, d);
        }
        return a;
    }

    static double objective(double[][] a, double[][] vertices, LpNorm base, Criterion criterion, int d) {
        RealMatrix m = new Array2DRowRealMatrix(a);
        LUDecomposition lu = new LUDecomposition(m, 1e-12);
        if (!lu.getSolver().isNonSingular()) {
            return Double.POSITIVE_INFINITY;
        }
        RealMatrix inv = lu.getSolver().getInverse();
        double delta = 0;
        for (double[] v : vertices) {
            delta = Math.max(delta, base.of(inv.operate(v)));
        }
        double c = LpBalls.secondMomentScalar(base, d).doubleValue();
        switch (criterion) {
            case TRACE: {
                double fro = 0;
                for (double[] row : a) {
                    for (double x : row) {
                        fro += x * x;
                    }
                }
                return delta * delta * c * fro;
            }
            case MAX_VARIANCE: {
                double top = 0;
                for (double e : new EigenDecomposition(m.multiply(m.transpose())).getRealEigenvalues()) {
                    top = Math.max(top, e);
                }
                return delta * delta * c * top;
            }
            default:
                return Math.pow(delta, d) * Math.abs(lu.getDeterminant()) * LpBalls.volume(base, d);
        }
    }
}
