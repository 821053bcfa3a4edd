package org.optimech.runtime.certificate;

import org.optimech.runtime.discrete.Remap;

/**
 * The column values b_z = Σ_i p_i·α^{|i−z|}·Σ_k R[z][k]·L(i, ω_k) of a remap R for a distance loss c_i·|x_i − y|^power, in
 * O(n + W + entries of R) whatever the remap: with q_i = p_i·c_i, the exponentially weighted moments of q about z from either
 * side, M_e = Σ q_i·α^{|i−z|}·|i−z|^e (positive recurrences), give each (z, output) term in closed form for the squared
 * loss, and for the absolute loss up to a correction over the inputs between z and its output.
 *
 * <p>That correction is summed term by term (the arithmetic every spec written so far was certified with, so their stored
 * bounds are reproduced bit for bit) while all such terms together number at most {@link #BUDGET}; beyond it, each
 * correction longer than {@link #SHORT} terms is the difference of the one-sided moments at z and past the output, scaled
 * by α^{D+1}, in O(1), so a remap that sends inputs far away cannot make the work O(n·W). Column values need no directed
 * rounding: they only choose the dual, which the verification then checks whatever it is.
 */
final class ColumnValues {
    /** Direct correction terms summed in all before the long corrections come from the moments (about 0.1 s of work). */
    static final long BUDGET = 1L << 26;
    /** Correction length summed directly even beyond the budget (the O(1) form costs about as much). */
    static final int SHORT = 32;

    private final double[] q;
    private final double[] pow;
    private final double a;
    private final int n;
    private final int w;
    private final boolean squared;
    /** Left moments over i ≤ z of q_i·α^{z−i}·(z−i)^e, right moments over i ≥ z of q_i·α^{i−z}·(i−z)^e (e ≤ power). */
    private final double[][] left;
    private final double[][] right;

    private ColumnValues(double[] q, double[] pow, boolean squared) {
        this.q = q;
        this.pow = pow;
        this.n = q.length - 1;
        this.w = pow.length - 1;
        this.a = pow.length > 1 ? pow[1] : StrictMath.exp(-1); // α (any value serves when the window is empty: n = 0)
        this.squared = squared;
        int moments = squared ? 3 : 2; // the absolute loss needs no second moment
        left = new double[moments][n + 1];
        right = new double[moments][n + 2];
        // the two sides are independent sequential recurrences: one thread each
        java.util.stream.IntStream.range(0, 2).parallel().forEach(side -> {
            if (side == 0) {
                leftMoments();
            } else {
                rightMoments();
            }
        });
    }

    private void leftMoments() {
        for (int z = 0; z <= n; z++) {
            double p0 = z > 0 ? left[0][z - 1] : 0;
            double p1 = z > 0 ? left[1][z - 1] : 0;
            left[0][z] = a * p0 + q[z];
            left[1][z] = a * (p1 + p0);
            if (squared) {
                double p2 = z > 0 ? left[2][z - 1] : 0;
                left[2][z] = a * (p2 + 2 * p1 + p0);
            }
        }
    }

    private void rightMoments() {
        for (int z = n; z >= 0; z--) {
            right[0][z] = a * right[0][z + 1] + q[z];
            right[1][z] = a * (right[1][z + 1] + right[0][z + 1]);
            if (squared) {
                right[2][z] = a * (right[2][z + 1] + 2 * right[1][z + 1] + right[0][z + 1]);
            }
        }
    }

    /**
     * @param pow α^d for d = 0..W (W the window beyond which α^W is negligible)
     * @param budget direct correction terms allowed in all before long corrections come from the moments
     * @param shortRun corrections of at most this many terms are summed directly in any case
     */
    static GeometricDual.Columns of(double[] prior, GeometricDual.Distance loss, double[] pow, Remap remap, long budget, int shortRun) {
        int n = prior.length - 1;
        double[] q = new double[n + 1];
        for (int i = 0; i <= n; i++) {
            q[i] = prior[i] * loss.scaleAt(i);
        }
        ColumnValues m = new ColumnValues(q, pow, loss.power() == 2);
        long xFrom = loss.inputs().from();
        // the plan first: whether every correction fits the budget (then all are summed directly, as before)
        long total = 0;
        for (int z = 0; z <= n && total <= budget; z++) {
            for (int k = 0, width = remap.width(z); k < width; k++) {
                total += m.terms(z, offset(loss, remap.outputAt(z, k), xFrom, z));
            }
        }
        boolean allDirect = total <= budget;
        double[] b = new double[n + 1];
        // each b_z is independent of the others: in parallel, the same doubles in any order
        long summed = java.util.stream.IntStream.rangeClosed(0, n).parallel().mapToLong(z -> {
            long terms = 0;
            if (remap.isDeterministic()) {
                double c = offset(loss, remap.outputAt(z, 0), xFrom, z);
                boolean direct = allDirect || m.terms(z, c) <= shortRun;
                terms += direct ? m.terms(z, c) : 0;
                b[z] = Math.max(0, m.value(z, c, direct));
            } else {
                double s = 0;
                for (int k = 0, width = remap.width(z); k < width; k++) {
                    double c = offset(loss, remap.outputAt(z, k), xFrom, z);
                    boolean direct = allDirect || m.terms(z, c) <= shortRun;
                    terms += direct ? m.terms(z, c) : 0;
                    s += remap.probabilityAt(z, k) * Math.max(0, m.value(z, c, direct));
                }
                b[z] = s;
            }
            return terms;
        }).sum();
        return new GeometricDual.Columns(b, summed, allDirect);
    }

    /** c: output j sits c inputs from z (x_i − y = (i − z) − c). */
    private static double offset(GeometricDual.Distance loss, int j, long xFrom, int z) {
        return (double) (loss.outputs().longValueAt(j) - xFrom - z);
    }

    /** The absolute loss's correction length at z for an output c inputs away (0 for the squared loss). */
    private long terms(int z, double c) {
        if (squared) {
            return 0;
        }
        if (c >= 0) {
            return Math.max(0, (long) Math.min(Math.min(c - 1, w), n - z));
        }
        return (long) Math.min(Math.min(-c - 1, w), z) + 1;
    }

    /** Σ_i q_i·α^{|i−z|}·|(i − z) − c|^power, the absolute loss's correction summed directly or from the moments. */
    private double value(int z, double c, boolean direct) {
        // moments over i ≥ z + 1 of q_i·α^{i−z}·d^e, d = i − z ≥ 1, from the right sums at z + 1 (d = d' + 1)
        double r0 = a * right[0][z + 1];
        double r1 = a * (right[1][z + 1] + right[0][z + 1]);
        double l0 = left[0][z];
        double l1 = left[1][z];
        if (squared) {
            double r2 = a * (right[2][z + 1] + 2 * right[1][z + 1] + right[0][z + 1]);
            // Σ_left q·α^{z−i}·((z−i) + c)² + Σ_right q·α^{d}·(d − c)²
            return left[2][z] + 2 * c * l1 + c * c * l0 + r2 - 2 * c * r1 + c * c * r0;
        }
        double v;
        if (c >= 0) {
            // left: (z−i) + c; right: d − c, plus twice (c − d) for d = 1..D, D = min(c − 1, W, n − z)
            v = l1 + c * l0 + r1 - c * r0;
            if (direct) {
                for (int d = 1, stop = (int) Math.min(c - 1, w); d <= stop && z + d <= n; d++) {
                    v += 2 * q[z + d] * pow[d] * (c - d);
                }
            } else {
                int d = (int) terms(z, c);
                int y = z + d + 1; // the first input past the correction (n + 1: none, its moments are 0)
                double scale = pow[d] * a; // α^{D+1}
                double p0 = r0 - scale * right[0][y];
                double p1 = r1 - scale * (right[1][y] + (d + 1) * right[0][y]);
                v += 2 * (c * p0 - p1);
            }
        } else {
            // right: d − c = d + |c|; left: (z−i) − |c|, plus twice (|c| − (z−i)) for z−i = 0..D, D = min(|c| − 1, W, z)
            double m = -c;
            v = r1 + m * r0 + l1 - m * l0;
            if (direct) {
                for (int d = 0, stop = (int) Math.min(m - 1, w); d <= stop && z - d >= 0; d++) {
                    v += 2 * q[z - d] * pow[d] * (m - d);
                }
            } else {
                int d = (int) terms(z, c) - 1;
                int y = z - d - 1; // the first input before the correction (−1: none)
                double scale = pow[d] * a;
                double p0 = y < 0 ? l0 : l0 - scale * left[0][y];
                double p1 = y < 0 ? l1 : l1 - scale * (left[1][y] + (d + 1) * left[0][y]);
                v += 2 * (m * p0 - p1);
            }
        }
        return v;
    }
}
