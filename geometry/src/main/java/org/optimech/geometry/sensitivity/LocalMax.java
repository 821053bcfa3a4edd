package org.optimech.geometry.sensitivity;

/**
 * A local maximiser in a box for witnesses and concave leaves: projected Newton steps on the coordinates not held at a bound
 * by the gradient (gradient steps where the Hessian is not negative definite), with a backtracking line search. Floating
 * point only: its points are then evaluated with certified bounds.
 */
final class LocalMax {
    private LocalMax() {
    }

    static double[] maximize(Smooth f, double[] lo, double[] hi, double[] start, int iterations) {
        int n = f.n();
        double[] x = clamp(start, lo, hi);
        double fx = f.value(x);
        int stalls = 0;
        for (int it = 0; it < iterations; it++) {
            double[] g = f.gradient(x);
            boolean[] active = new boolean[n];
            int free = 0;
            for (int z = 0; z < n; z++) {
                active[z] = lo[z] == hi[z] || (x[z] >= hi[z] && g[z] > 0) || (x[z] <= lo[z] && g[z] < 0);
                free += active[z] ? 0 : 1;
            }
            if (free == 0) {
                break;
            }
            double[] d = newton(f.hessian(x), g, active);
            boolean improved = false;
            for (int attempt = 0; attempt < 2 && !improved; attempt++) {
                double[] dir = attempt == 0 && d != null ? d : g;
                double t = attempt == 0 && d != null ? 1 : initialStep(dir, lo, hi, active);
                for (int ls = 0; ls < 40; ls++) {
                    double[] y = new double[n];
                    for (int z = 0; z < n; z++) {
                        y[z] = active[z] ? x[z] : x[z] + t * dir[z];
                    }
                    y = clamp(y, lo, hi);
                    double fy = f.value(y);
                    if (fy > fx) {
                        stalls = fy - fx <= 1e-15 * Math.max(1, Math.abs(fx)) ? stalls + 1 : 0;
                        x = y;
                        fx = fy;
                        improved = true;
                        break;
                    }
                    t *= 0.5;
                }
            }
            if (!improved || stalls >= 3) {
                break;
            }
        }
        return x;
    }

    private static double initialStep(double[] g, double[] lo, double[] hi, boolean[] active) {
        double gmax = 0;
        double wmax = 0;
        for (int z = 0; z < g.length; z++) {
            if (!active[z]) {
                gmax = Math.max(gmax, Math.abs(g[z]));
                wmax = Math.max(wmax, hi[z] - lo[z]);
            }
        }
        return gmax == 0 ? 0 : wmax / gmax;
    }

    /** The Newton step −H_FF⁻¹ g_F on the free coordinates when −H_FF is positive definite (Cholesky), else null. */
    private static double[] newton(double[][] h, double[] g, boolean[] active) {
        int n = g.length;
        int[] f = new int[n];
        int m = 0;
        for (int z = 0; z < n; z++) {
            if (!active[z]) {
                f[m++] = z;
            }
        }
        double[][] a = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                a[i][j] = -h[f[i]][f[j]];
            }
        }
        // Cholesky a = L Lᵀ
        double[][] l = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j <= i; j++) {
                double s = a[i][j];
                for (int q = 0; q < j; q++) {
                    s -= l[i][q] * l[j][q];
                }
                if (i == j) {
                    if (!(s > 0)) {
                        return null;
                    }
                    l[i][i] = Math.sqrt(s);
                } else {
                    l[i][j] = s / l[j][j];
                }
            }
        }
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            double s = g[f[i]];
            for (int q = 0; q < i; q++) {
                s -= l[i][q] * y[q];
            }
            y[i] = s / l[i][i];
        }
        double[] x = new double[m];
        for (int i = m - 1; i >= 0; i--) {
            double s = y[i];
            for (int q = i + 1; q < m; q++) {
                s -= l[q][i] * x[q];
            }
            x[i] = s / l[i][i];
        }
        double[] d = new double[n];
        for (int i = 0; i < m; i++) {
            d[f[i]] = x[i];
        }
        return d;
    }

    static double[] clamp(double[] x, double[] lo, double[] hi) {
        double[] y = new double[x.length];
        for (int z = 0; z < x.length; z++) {
            y[z] = Math.min(hi[z], Math.max(lo[z], x[z]));
        }
        return y;
    }
}
