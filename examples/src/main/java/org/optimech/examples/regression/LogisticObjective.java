package org.optimech.examples.regression;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.RealVector;

/**
 * The (perturbed) logistic objective of extended objective perturbation (K-norm paper Algorithm 2):
 * J(θ) = (1/n) Σ [log(1 + e^{θᵀx_i}) − y_i θᵀx_i] + (γ/2n)‖θ‖² + Vᵀθ/n, minimised by Newton's method with
 * a backtracking line search; the Newton systems are solved by Commons Math's Cholesky decomposition.
 * J is (γ/n)-strongly convex, so a point with ‖∇J‖₂ ≤ g lies within n·g/γ of the minimiser.
 */
public final class LogisticObjective {
    private final double[][] x;
    private final int[] y;
    private final double gamma;
    private final double[] v;
    private final int n;
    private final int m;

    /**
     * @param x the design matrix, n × m
     * @param y the labels, 0 or 1
     * @param gamma the ridge weight γ ≥ 0 (0 for the plain MLE)
     * @param v the linear perturbation V (length m), or null for none
     */
    public LogisticObjective(double[][] x, int[] y, double gamma, double[] v) {
        if (x.length == 0 || x.length != y.length) {
            throw new IllegalArgumentException("x and y must be non-empty and of equal length. Provided lengths: " + x.length + ", " + y.length);
        }
        if (!(gamma >= 0) || Double.isInfinite(gamma)) {
            throw new IllegalArgumentException("gamma must be >= 0 and finite. Provided value: " + gamma);
        }
        this.n = x.length;
        this.m = x[0].length;
        for (int i = 0; i < n; i++) {
            if (x[i].length != m) {
                throw new IllegalArgumentException("every row of x must have " + m + " entries; row " + i + " has " + x[i].length);
            }
            if (y[i] != 0 && y[i] != 1) {
                throw new IllegalArgumentException("y must be 0 or 1. Provided value at row " + i + ": " + y[i]);
            }
        }
        if (v != null && v.length != m) {
            throw new IllegalArgumentException("v must have " + m + " entries. Provided length: " + v.length);
        }
        this.x = x;
        this.y = y;
        this.gamma = gamma;
        this.v = v == null ? new double[m] : v.clone();
    }

    public int dimension() {
        return m;
    }

    /** log(1 + e^z), without overflow. */
    static double softplus(double z) {
        return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
    }

    /** e^z / (1 + e^z), without overflow. */
    static double sigmoid(double z) {
        if (z >= 0) {
            return 1 / (1 + Math.exp(-z));
        }
        double e = Math.exp(z);
        return e / (1 + e);
    }

    public double value(double[] theta) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            double z = dot(x[i], theta);
            s += softplus(z) - y[i] * z;
        }
        double r = 0;
        for (int j = 0; j < m; j++) {
            r += gamma * theta[j] * theta[j] / 2 + v[j] * theta[j];
        }
        return (s + r) / n;
    }

    public double[] gradient(double[] theta) {
        return gradientWithBound(theta)[0];
    }

    /**
     * The gradient and, per coordinate, a bound on its floating-point error. Each sum is compensated (Neumaier), so
     * its error is at most (2u + O(n u²))·Σ|terms| (Higham, Accuracy and Stability of Numerical Algorithms, §4.3; the
     * O(n u²) term is taken as 2(n+2)²u²), each product adds u·|term|, the final additions and division 3u·|result|, and
     * each sigmoid is within 4u of its value, contributing 4u·|x_ij|; the bound doubles u for margin.
     *
     * @return {gradient, error bound}
     */
    double[][] gradientWithBound(double[] theta) {
        double[] sum = new double[m];
        double[] comp = new double[m];
        double[] mag = new double[m];
        double[] xs = new double[m];
        for (int i = 0; i < n; i++) {
            double r = sigmoid(dot(x[i], theta)) - y[i];
            for (int j = 0; j < m; j++) {
                double term = r * x[i][j];
                double t = sum[j] + term;
                comp[j] += Math.abs(sum[j]) >= Math.abs(term) ? (sum[j] - t) + term : (term - t) + sum[j];
                sum[j] = t;
                mag[j] += Math.abs(term);
                xs[j] += Math.abs(x[i][j]);
            }
        }
        double[] g = new double[m];
        double[] err = new double[m];
        double u = 0x1p-52;
        double k = n + 2.0;
        for (int j = 0; j < m; j++) {
            double extra = gamma * theta[j] + v[j];
            double total = sum[j] + comp[j] + extra;
            mag[j] += Math.abs(gamma * theta[j]) + Math.abs(v[j]);
            err[j] = (3 * u * Math.abs(total) + (3 * u + 2 * k * k * u * u) * mag[j] + 4 * u * xs[j]) / n;
            g[j] = total / n;
        }
        return new double[][] {g, err};
    }

    /**
     * A certified upper bound on ‖∇J(θ)‖₂: the computed norm plus the norm of the per-coordinate error bounds, rounded
     * up generously.
     */
    public double gradientNormBound(double[] theta) {
        double[][] ge = gradientWithBound(theta);
        return (norm(ge[0]) + norm(ge[1])) * (1 + 0x1p-40) + Double.MIN_NORMAL;
    }

    private double[][] hessian(double[] theta) {
        double[][] h = new double[m][m];
        for (int i = 0; i < n; i++) {
            double p = sigmoid(dot(x[i], theta));
            double w = p * (1 - p);
            for (int a = 0; a < m; a++) {
                double wa = w * x[i][a];
                for (int b = a; b < m; b++) {
                    h[a][b] += wa * x[i][b];
                }
            }
        }
        for (int a = 0; a < m; a++) {
            h[a][a] += gamma;
            for (int b = a; b < m; b++) {
                h[a][b] /= n;
                h[b][a] = h[a][b];
            }
        }
        return h;
    }

    /** The result of a minimisation: the point, its certified gradient-norm bound, and the Newton iterations used. */
    public record Minimum(double[] theta, double gradientBound, int iterations) {
        public Minimum {
            theta = theta.clone();
        }

        @Override
        public double[] theta() {
            return theta.clone();
        }
    }

    /**
     * Newton's method from 0 until the certified gradient bound is at most {@code tolerance}.
     *
     * @throws IllegalStateException if that takes more than {@code maxIterations} (for γ = 0, separable data has no
     *     minimiser)
     */
    public Minimum minimize(double tolerance, int maxIterations) {
        double[] theta = new double[m];
        double f = value(theta);
        for (int it = 0; it <= maxIterations; it++) {
            double bound = gradientNormBound(theta);
            if (bound <= tolerance) {
                return new Minimum(theta, bound, it);
            }
            double[] g = gradient(theta);
            RealVector step;
            try {
                step = new CholeskyDecomposition(new Array2DRowRealMatrix(hessian(theta), false), 1e-14, 1e-300).getSolver()
                        .solve(new ArrayRealVector(g, false)).mapMultiply(-1);
            } catch (RuntimeException e) {
                throw new IllegalStateException("the Hessian is not positive definite at iteration " + it + " (gamma = " + gamma + "): " + e.getMessage(), e);
            }
            // backtracking (Armijo) on the objective; near the optimum the full step is taken
            double slope = 0;
            for (int j = 0; j < m; j++) {
                slope += g[j] * step.getEntry(j);
            }
            double t = 1;
            double[] next = new double[m];
            double fn;
            if (-slope < 1e-10 * Math.max(1, Math.abs(f))) {
                // the Newton decrement is below what f's rounding can resolve: take the full step (quadratic convergence here)
                for (int j = 0; j < m; j++) {
                    theta[j] += step.getEntry(j);
                }
                f = value(theta);
                continue;
            }
            while (true) {
                for (int j = 0; j < m; j++) {
                    next[j] = theta[j] + t * step.getEntry(j);
                }
                fn = value(next);
                if (fn <= f + 1e-4 * t * slope || t < 1e-10) {
                    break;
                }
                t /= 2;
            }
            if (t < 1e-10 && fn >= f) {
                // no further decrease in floating point: the bound above decides whether this is good enough
                if (gradientNormBound(theta) <= tolerance) {
                    return new Minimum(theta, gradientNormBound(theta), it);
                }
                throw new IllegalStateException("Newton's method stalled at gradient bound " + gradientNormBound(theta) + " > tolerance " + tolerance);
            }
            theta = next.clone();
            f = fn;
        }
        throw new IllegalStateException("Newton's method did not reach gradient bound " + tolerance + " in " + maxIterations + " iterations (bound "
                + gradientNormBound(theta) + ")");
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int j = 0; j < a.length; j++) {
            s += a[j] * b[j];
        }
        return s;
    }

    static double norm(double[] a) {
        return Math.sqrt(dot(a, a));
    }
}
