package org.optimech.geometry.body;

import java.math.BigInteger;
import java.util.Objects;
import org.optimech.runtime.exact.Rational;

/**
 * A large axis-parallel box [−u, u] inside a polytope {x : a_f·x ≤ b_f} that contains the origin, certified exactly: its
 * volume share of an outer box is a proven lower bound on the acceptance rate of rejection sampling from the outer box
 * (the spec stores it, and the runtime re-checks every facet against the box's corners).
 *
 * <p>The half-widths maximise Σ log u_j subject to Σ_j |a_fj|·u_j ≤ b_f and u_j ≤ the outer box (which puts every corner of
 * the box inside every facet), by Newton's method on a log barrier. The optimisation only sets how large the box is; the
 * box returned is checked in exact arithmetic and shrunk until it passes, so it is always inside.
 */
public final class InscribedBox {
    private InscribedBox() {
    }

    /**
     * @param normals facet normals a_f (integers over the common scale given by {@code unit})
     * @param offsets facet offsets b_f &gt; 0 in the same integer scale
     * @param unit the coordinates' scale: a point x satisfies facet f when (x·2^unit)·a_f ≤ b_f
     * @param lower the outer box's lower corner (each &lt; 0)
     * @param upper the outer box's upper corner (each &gt; 0)
     * @return {lower, upper} of the inscribed box, doubles, checked exactly against every facet
     */
    public static double[][] of(BigInteger[][] normals, BigInteger[] offsets, int unit, double[] lower, double[] upper) {
        Objects.requireNonNull(normals, "normals");
        int k = lower.length;
        int m = normals.length;
        double[][] c = new double[m][k];
        double[] b = new double[m];
        double scale = Math.scalb(1.0, unit);
        for (int f = 0; f < m; f++) {
            for (int j = 0; j < k; j++) {
                c[f][j] = Math.abs(normals[f][j].doubleValue()) * scale;
            }
            b[f] = offsets[f].doubleValue();
            if (!(b[f] > 0)) {
                throw new IllegalArgumentException("facet offsets must be > 0 (the origin strictly inside). Provided value at facet " + f + ": " + offsets[f]);
            }
        }
        double[] cap = new double[k];
        for (int j = 0; j < k; j++) {
            cap[j] = Math.min(-lower[j], upper[j]);
        }
        // a strictly feasible start: the outer box scaled about the origin until it fits, then halved
        double t = 1;
        for (int f = 0; f < m; f++) {
            double s = 0;
            for (int j = 0; j < k; j++) {
                s += c[f][j] * cap[j];
            }
            if (s > 0) {
                t = Math.min(t, b[f] / s);
            }
        }
        double[] u = new double[k];
        for (int j = 0; j < k; j++) {
            u[j] = 0.5 * t * cap[j];
        }
        double weight = 4.0 * (m + k); // weight on Σ log u: large, so the barrier's pull is small at the end
        for (int iter = 0; iter < 60; iter++) {
            double[] g = new double[k];
            double[][] h = new double[k][k];
            for (int j = 0; j < k; j++) {
                g[j] = -weight / u[j] + 1 / (cap[j] - u[j]);
                h[j][j] = weight / (u[j] * u[j]) + 1 / ((cap[j] - u[j]) * (cap[j] - u[j]));
            }
            for (int f = 0; f < m; f++) {
                double slack = b[f];
                for (int j = 0; j < k; j++) {
                    slack -= c[f][j] * u[j];
                }
                for (int i = 0; i < k; i++) {
                    if (c[f][i] == 0) {
                        continue;
                    }
                    g[i] += c[f][i] / slack;
                    for (int j = 0; j < k; j++) {
                        h[i][j] += c[f][i] * c[f][j] / (slack * slack);
                    }
                }
            }
            double[] step = solve(h, g);
            if (step == null) {
                break;
            }
            double alpha = 1;
            while (alpha > 1e-12 && !strictlyFeasible(u, step, alpha, c, b, cap)) {
                alpha *= 0.5;
            }
            if (alpha <= 1e-12) {
                break;
            }
            double change = 0;
            for (int j = 0; j < k; j++) {
                double next = u[j] - alpha * step[j];
                change = Math.max(change, Math.abs(next - u[j]) / u[j]);
                u[j] = next;
            }
            if (change < 1e-10) {
                break;
            }
        }
        // round inward to doubles and certify exactly; shrink until every facet holds
        for (double shrink = 1 - 1e-9; ; shrink *= 0.5) {
            double[] lo = new double[k];
            double[] hi = new double[k];
            for (int j = 0; j < k; j++) {
                hi[j] = Math.min(upper[j], Math.nextDown(u[j] * shrink));
                lo[j] = Math.max(lower[j], -hi[j]);
            }
            if (inside(normals, offsets, unit, lo, hi)) {
                return new double[][] {lo, hi};
            }
            if (shrink < 1e-6) {
                throw new IllegalStateException("no inscribed box found: the polytope does not contain a neighbourhood of the origin");
            }
        }
    }

    /** Whether every corner of [lo, hi] satisfies every facet, exactly. */
    static boolean inside(BigInteger[][] normals, BigInteger[] offsets, int unit, double[] lo, double[] hi) {
        Rational two = unit >= 0 ? Rational.of(BigInteger.ONE.shiftLeft(unit)) : new Rational(BigInteger.ONE, BigInteger.ONE.shiftLeft(-unit));
        for (int f = 0; f < normals.length; f++) {
            Rational s = Rational.ZERO;
            for (int j = 0; j < lo.length; j++) {
                int sign = normals[f][j].signum();
                if (sign != 0) {
                    s = s.add(Rational.of(sign > 0 ? hi[j] : lo[j]).multiply(Rational.of(normals[f][j])));
                }
            }
            if (s.multiply(two).compareTo(Rational.of(offsets[f])) > 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean strictlyFeasible(double[] u, double[] step, double alpha, double[][] c, double[] b, double[] cap) {
        double[] v = new double[u.length];
        for (int j = 0; j < u.length; j++) {
            v[j] = u[j] - alpha * step[j];
            if (!(v[j] > 0) || !(v[j] < cap[j])) {
                return false;
            }
        }
        for (int f = 0; f < b.length; f++) {
            double s = 0;
            for (int j = 0; j < v.length; j++) {
                s += c[f][j] * v[j];
            }
            if (!(s < b[f])) {
                return false;
            }
        }
        return true;
    }

    /** Gaussian elimination with partial pivoting; null when singular. */
    private static double[] solve(double[][] a, double[] rhs) {
        int n = rhs.length;
        double[][] m = new double[n][n + 1];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], 0, m[i], 0, n);
            m[i][n] = rhs[i];
        }
        for (int col = 0; col < n; col++) {
            int p = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(m[r][col]) > Math.abs(m[p][col])) {
                    p = r;
                }
            }
            double[] tmp = m[col];
            m[col] = m[p];
            m[p] = tmp;
            if (!(Math.abs(m[col][col]) > 0)) {
                return null;
            }
            for (int r = col + 1; r < n; r++) {
                double fct = m[r][col] / m[col][col];
                for (int j = col; j <= n; j++) {
                    m[r][j] -= fct * m[col][j];
                }
            }
        }
        double[] x = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            double s = m[i][n];
            for (int j = i + 1; j < n; j++) {
                s -= m[i][j] * x[j];
            }
            x[i] = s / m[i][i];
        }
        return x;
    }
}
