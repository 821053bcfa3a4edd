package org.optimech.geometry.sensitivity;

import org.optimech.runtime.certificate.IntervalPolynomial;
import org.optimech.runtime.certificate.OneSided;
import org.optimech.runtime.certificate.PairObjective;

/**
 * A smooth objective maximised over a box: its certified bounds (the runtime's) and its floating-point value, gradient and
 * Hessian for local searches.
 */
interface Smooth {
    int n();

    double leaf(double[] lo, double[] hi);

    int reduce(double[] lo, double[] hi);

    double concave(double[] lo, double[] hi, double[] y);

    double lowerAt(double[] x);

    double[] smear(double[] lo, double[] hi);

    double value(double[] x);

    double[] gradient(double[] x);

    double[][] hessian(double[] x);

    /** Whether the halves z ≤ 0 and z ≥ 0 of the box have the same maximum by a symmetry the runtime re-derives. */
    default boolean mirror(double[] lo, double[] hi, int z) {
        return false;
    }

    /** One polynomial of k variables. */
    static Smooth of(IntervalPolynomial p) {
        int k = p.basis().variables();
        return new Smooth() {
            @Override
            public int n() {
                return k;
            }

            @Override
            public double leaf(double[] lo, double[] hi) {
                return OneSided.leaf(p, lo, hi, 0);
            }

            @Override
            public int reduce(double[] lo, double[] hi) {
                return OneSided.reduce(p, lo, hi, 0);
            }

            @Override
            public double concave(double[] lo, double[] hi, double[] y) {
                return OneSided.concave(p, lo, hi, 0, y, 0);
            }

            @Override
            public double lowerAt(double[] x) {
                return OneSided.lowerAt(p, x, 0);
            }

            @Override
            public double[] smear(double[] lo, double[] hi) {
                return OneSided.smear(p, lo, hi, 0);
            }

            @Override
            public double value(double[] x) {
                return OneSided.valueAt(p, x, 0);
            }

            @Override
            public double[] gradient(double[] x) {
                double[] g = new double[k];
                for (int v = 0; v < k; v++) {
                    g[v] = OneSided.valueAt(p.derivative(v), x, 0);
                }
                return g;
            }

            @Override
            public double[][] hessian(double[] x) {
                double[][] h = new double[k][k];
                for (int u = 0; u < k; u++) {
                    for (int v = u; v < k; v++) {
                        h[u][v] = OneSided.valueAt(p.derivative(u).derivative(v), x, 0);
                        h[v][u] = h[u][v];
                    }
                }
                return h;
            }
        };
    }

    /** Σ_j u_j² of a gauge's rows over the box of a record (or a pair). */
    static Smooth square(PairObjective o) {
        int n = o.dimensions();
        int k = o.variables();
        int pairs = o.pairs() ? 2 : 1;
        return new Smooth() {
            @Override
            public int n() {
                return n;
            }

            @Override
            public double leaf(double[] lo, double[] hi) {
                return o.squareLeaf(lo, hi);
            }

            @Override
            public boolean mirror(double[] lo, double[] hi, int z) {
                return o.mirrorHalf(lo, hi, z);
            }

            @Override
            public int reduce(double[] lo, double[] hi) {
                return o.squareReduce(lo, hi);
            }

            @Override
            public double concave(double[] lo, double[] hi, double[] y) {
                return o.squareConcave(lo, hi, y);
            }

            @Override
            public double lowerAt(double[] x) {
                return o.squareLowerAt(x);
            }

            @Override
            public double[] smear(double[] lo, double[] hi) {
                return o.smear(lo, hi);
            }

            /** Midpoints of the basis enclosures at each side's point: [side][0] lo, [side][1] hi. */
            private double[][][] basisAt(double[] x) {
                double[][][] e = new double[pairs][2][o.basis().size()];
                for (int side = 0; side < pairs; side++) {
                    o.basis().encloseAt(x, side * k, e[side][0], e[side][1]);
                }
                return e;
            }

            private static double mid(org.optimech.runtime.certificate.IntervalPolynomial p, double[][] e) {
                double[] out = new double[2];
                p.value(e[0], e[1], out);
                return out[0] * 0.5 + out[1] * 0.5;
            }

            private double[] u(double[][][] e) {
                double[] u = new double[o.rowCount()];
                for (int j = 0; j < u.length; j++) {
                    u[j] = mid(o.row(j), e[0]) - (pairs == 2 ? mid(o.row(j), e[1]) : 0);
                }
                return u;
            }

            private double[] u(double[] x) {
                return u(basisAt(x));
            }

            /** ∂u_j/∂z at the point. */
            private double[][] du(double[][][] e) {
                double[][] d = new double[o.rowCount()][n];
                for (int j = 0; j < d.length; j++) {
                    for (int side = 0; side < pairs; side++) {
                        for (int v = 0; v < k; v++) {
                            double g = mid(o.row(j).derivative(v), e[side]);
                            d[j][side * k + v] = side == 0 ? g : -g;
                        }
                    }
                }
                return d;
            }

            @Override
            public double value(double[] x) {
                double s = 0;
                for (double v : u(x)) {
                    s += v * v;
                }
                return s;
            }

            @Override
            public double[] gradient(double[] x) {
                double[][][] e = basisAt(x);
                double[] u = u(e);
                double[][] d = du(e);
                double[] g = new double[n];
                for (int j = 0; j < u.length; j++) {
                    for (int z = 0; z < n; z++) {
                        g[z] += 2 * u[j] * d[j][z];
                    }
                }
                return g;
            }

            @Override
            public double[][] hessian(double[] x) {
                double[][][] e = basisAt(x);
                double[] u = u(e);
                double[][] d = du(e);
                double[][] h = new double[n][n];
                for (int j = 0; j < u.length; j++) {
                    for (int a = 0; a < n; a++) {
                        for (int b = a; b < n; b++) {
                            double t = 2 * d[j][a] * d[j][b];
                            if (a / k == b / k) {
                                double second = mid(o.row(j).derivative(a % k).derivative(b % k), e[a / k]);
                                t += 2 * u[j] * (a / k == 0 ? second : -second);
                            }
                            h[a][b] += t;
                        }
                    }
                }
                for (int a = 0; a < n; a++) {
                    for (int b = 0; b < a; b++) {
                        h[a][b] = h[b][a];
                    }
                }
                return h;
            }
        };
    }
}
