package org.optimech.designer.structural;

import org.optimech.designer.problem.Loss;

/**
 * A rigorous lower bound on the Bayes risk of every ε-DP mechanism on the path graph, from an
 * explicit dual solution of the full LP.
 *
 * <p>The Bayes LP is min Σ_{i,j} p_i L_ij q_ij subject to rows summing to 1 and every output column
 * q_{·j} in the cone C_ε of log-Lipschitz vectors (q_i ≤ e^ε q_{i±1}). Its dual is max Σ_i u_i
 * subject to (p_i L_ij − u_i)_i ∈ C_ε^* for every j; weak duality makes Σ u_i a lower bound. The
 * geometric-plus-remap design suggests u: complementary slackness on the geometric columns
 * α^{|i−z|} gives A·u = b with A the Kac–Murdock–Szegő matrix α^{|i−z|}, whose inverse is
 * tridiagonal. Membership in C_ε^* is then verified per column: the extreme rays of C_ε are the
 * vectors whose log moves by ±ε at every step, so min over rays normalised to max 1 of w·v is a
 * shortest path over (index, depth below the maximum) — depths beyond K are lumped with a bound
 * that can only lower the result. Every operation rounds toward the bound (nextDown / nextUp), and
 * any remaining deficit η is paid for by lowering all u_i by η (each normalised ray has an entry 1).
 * Normalising rays by their maximum rather than their first entry keeps rounding errors from being
 * amplified by e^{ε·n}.
 */
final class GeometricDual {
    /** Largest (n+1)·(K+1)·|Ω| the verification accepts. */
    static final double WORK_LIMIT = 1.5e9;
    /** Paid deficit, relative to the bound, below which the windowed verification is used even where the full one fits. */
    static final double NEGLIGIBLE = 1e-9;

    /**
     * @param lowerBound a certified lower bound on the optimal Bayes risk (NaN when not computed)
     * @param deficit the largest dual infeasibility found (paid for in the bound)
     * @param depth levels K of the verification
     * @param reason why no bound was computed, or null
     */
    record Bound(double lowerBound, double deficit, int depth, String reason) {
        boolean computed() {
            return reason == null;
        }
    }

    private GeometricDual() {
    }

    static int depth(int n, double epsilon) {
        // n + 1 levels can never be reached by a ray over n + 1 inputs that touches level 0, so small n are exact
        return (int) Math.min(n + 1L, (long) Math.ceil(46.0 / epsilon) + 1);
    }

    static boolean fits(int n, int outputs, double epsilon) {
        return (double) (n + 1) * (depth(n, epsilon) + 1) * outputs <= WORK_LIMIT;
    }

    /**
     * @param b b_z of the Bayes remap (column scale α^{|i−z|}), from {@link BayesRemap}
     */
    static Bound bound(double[] prior, Loss loss, Geometric g, double[] b) {
        boolean fits = fits(g.n(), loss.outputs(), g.epsilon());
        if (loss.distanceForm().isPresent()) {
            Bound windowed = windowed(prior, loss.distanceForm().get(), loss, g, b);
            // a window wide enough to amplify rounding (a prior with tiny entries) pays a visible deficit: the full check is tighter
            if (!fits || windowed.computed() && windowed.deficit() * (g.n() + 1.0) <= NEGLIGIBLE * Math.abs(windowed.lowerBound())) {
                return windowed;
            }
        }
        return full(prior, loss, g, b);
    }

    /**
     * The same dual, verified column by column over every extreme ray: O(n·|Ω|·depth). Kept as the
     * independent check of {@link #windowed} and for losses without a distance form.
     */
    static Bound full(double[] prior, Loss loss, Geometric g, double[] b) {
        int n = g.n();
        int m = loss.outputs();
        int depth = depth(n, g.epsilon());
        if (!fits(n, m, g.epsilon())) {
            return new Bound(Double.NaN, Double.NaN, depth, "dual verification skipped: " + (n + 1) + " inputs x " + m + " outputs x " + (depth + 1)
                    + " levels exceeds " + (long) WORK_LIMIT + " steps");
        }
        double[] u = kmsSolve(b, g.alpha());
        // Enclosures of α^k for the exact ε (the double ε may differ from the decimal by half an ulp: a relative 1e-14 covers it up to ε = 50).
        double[] powLo = new double[depth + 1];
        double[] powHi = new double[depth + 1];
        powLo[0] = 1;
        powHi[0] = 1;
        double aLo = g.alpha() * (1 - 1e-14);
        double aHi = g.alpha() * (1 + 1e-14);
        for (int k = 1; k <= depth; k++) {
            powLo[k] = Math.nextDown(powLo[k - 1] * aLo);
            powHi[k] = Math.nextUp(powHi[k - 1] * aHi);
        }
        // Output columns are independent: verify them in parallel.
        double deficit = java.util.stream.IntStream.range(0, m).parallel().mapToDouble(j -> {
            double[] w = new double[n + 1];
            for (int i = 0; i <= n; i++) {
                double pl = prior[i] * loss.at(i, j);
                pl = pl > 0 ? Math.nextDown(pl) : pl;
                w[i] = Math.nextDown(pl - u[i]);
            }
            return -minOverRays(w, depth, powLo, powHi, new double[2][depth + 1], new double[2][depth + 1]);
        }).max().orElse(0);
        deficit = Math.max(0, deficit);
        double sum = 0;
        for (double x : u) {
            sum = Math.nextDown(sum + x);
        }
        double bound = Math.nextDown(sum - Math.nextUp(deficit * (n + 1)));
        return new Bound(bound, deficit, depth, null);
    }

    /**
     * The same dual u, verified in O(|Ω|·(reach + depth)) for a distance-form loss c_i·|x_i − ω|^power.
     *
     * <p>For input i, w^j_i = p_i·L_ij − u_i is ≥ 0 in every column j whose output is at least
     * reach_i away from x_i, since the loss does not decrease with the distance. With reach the
     * largest reach_i, a column's negative entries lie in the window |x_i − y_j| < reach. A cone
     * vector cannot decay faster than α per step, so the non-negative entries next to the window
     * still count: beyond each edge the cheapest continuation decays by exactly α per step, and its
     * cost over {@link #depth} inputs is added (what lies further is non-negative and dropped, which
     * can only lower w·v). On the window the minimum of w·v over the cone with entry 1 at the
     * column's output c is exact by two one-pass recursions meeting at c: the cone is homogeneous,
     * so the best prefix ending at value t costs t·φ_i, with φ_i = w_i + min(α·φ_{i−1}, φ_{i−1}/α),
     * and likewise for suffixes. A cone vector with maximum 1 has v_c ≤ 1, so its w·v ≥ min(0, value):
     * the deficit is paid as in {@link #full}. Directed rounding throughout.
     */
    static Bound windowed(double[] prior, Loss.DistanceForm f, Loss loss, Geometric g, double[] b) {
        int n = g.n();
        int m = loss.outputs();
        double[] u = kmsSolve(b, g.alpha());
        long reach = 0;
        for (int i = 0; i <= n; i++) {
            long r = reach(prior[i], f.scaleAt(i), f.power(), u[i]);
            if (r < 0) {
                return new Bound(Double.NaN, Double.NaN, -1, "windowed dual verification: input " + i + " (prior " + prior[i] + ", dual " + u[i]
                        + ") is negative in every output column");
            }
            reach = Math.max(reach, r);
        }
        long radius = reach - 1;
        int depth = depth(n, g.epsilon());
        double width = 2.0 * Math.max(radius, 0) + 1 + 2.0 * Math.min(depth, Math.ceil(30 / g.epsilon()) + 1);
        if (m * width > WORK_LIMIT) {
            return new Bound(Double.NaN, Double.NaN, depth, "windowed dual verification: " + m + " outputs x a window of " + (long) width
                    + " inputs exceeds " + (long) WORK_LIMIT + " steps");
        }
        double aLo = Math.nextDown(g.alpha() * (1 - 1e-14));
        double invHi = Math.nextUp((1 / g.alpha()) * (1 + 1e-14));
        // The continuations beyond a window weigh α^k: past 30/ε inputs (1e-13 of the window's edge) they are dropped.
        int tailDepth = (int) Math.min(depth, (long) Math.ceil(30 / g.epsilon()) + 1);
        double[] powLo = new double[tailDepth + 1];
        powLo[0] = 1;
        for (int k = 1; k <= tailDepth; k++) {
            powLo[k] = Math.nextDown(powLo[k - 1] * aLo);
        }
        long xFrom = f.inputs().from();
        double deficit = radius < 0 ? 0 : java.util.stream.IntStream.range(0, m).parallel().mapToDouble(j -> {
            long y = f.outputs().longValueAt(j);
            int lo = (int) Math.max(0, y - radius - xFrom);
            int hi = (int) Math.min(n, y + radius - xFrom);
            if (lo > hi) {
                return 0; // every entry of the column is non-negative
            }
            // Normalise at the column's own output (clamped into the window), where the cheapest vectors peak: forward
            // from the left edge and backward from the right one, each starting with the cheapest continuation beyond
            // its edge (decaying by α per step). Rounding then grows by at most e^{ε·radius}.
            int c = (int) Math.max(lo, Math.min(hi, y - xFrom));
            long shift = xFrom - y; // x_i − y_j = i + shift
            double tailLeft = tail(prior, f, u, shift, lo, -1, tailDepth, powLo);
            double tailRight = tail(prior, f, u, shift, hi, 1, tailDepth, powLo);
            double fromLeft; // the cheapest part left of c per unit of v_c
            if (c > lo) {
                double left = Math.nextDown(wLower(prior, f, u, lo, lo + shift) + tailLeft);
                for (int i = lo + 1; i < c; i++) {
                    left = Math.nextDown(wLower(prior, f, u, i, i + shift) + step(left, aLo, invHi));
                }
                fromLeft = step(left, aLo, invHi);
            } else {
                fromLeft = tailLeft;
            }
            double fromRight;
            if (c < hi) {
                double right = Math.nextDown(wLower(prior, f, u, hi, hi + shift) + tailRight);
                for (int i = hi - 1; i > c; i--) {
                    right = Math.nextDown(wLower(prior, f, u, i, i + shift) + step(right, aLo, invHi));
                }
                fromRight = step(right, aLo, invHi);
            } else {
                fromRight = tailRight;
            }
            return -Math.nextDown(wLower(prior, f, u, c, c + shift) + Math.nextDown(fromLeft + fromRight));
        }).max().orElse(0);
        deficit = Math.max(0, deficit);
        double sum = 0;
        for (double x : u) {
            sum = Math.nextDown(sum + x);
        }
        double bound = Math.nextDown(sum - Math.nextUp(deficit * (n + 1)));
        return new Bound(bound, deficit, depth, null);
    }

    /** A lower bound of min over s in [α, 1/α] of s·φ, from a lower bound of φ (the minimum is non-decreasing in φ). */
    private static double step(double phi, double aLo, double invHi) {
        return phi >= 0 ? Math.nextDown(phi * aLo) : Math.nextDown(phi * invHi);
    }

    /** A lower bound of w^j_i = p_i·L_ij − u_i, with L_ij as {@link Loss.DistanceForm} rounds it (x_i − y_j given). */
    private static double wLower(double[] prior, Loss.DistanceForm f, double[] u, int i, long xMinusY) {
        double d = Math.abs((double) xMinusY);
        double pl = prior[i] * (f.scaleAt(i) * (f.power() == 1 ? d : d * d));
        pl = pl > 0 ? Math.nextDown(pl) : pl;
        return Math.nextDown(pl - u[i]);
    }

    /**
     * A lower bound of Σ_{k ≥ 1} w_{edge+k·step}·α^k over the inputs beyond a window's edge, where
     * every w is ≥ 0 (so the cone vector decaying fastest is the cheapest); terms beyond depth are
     * dropped, which can only lower it.
     */
    private static double tail(double[] prior, Loss.DistanceForm f, double[] u, long shift, int edge, int step, int depth, double[] powLo) {
        double sum = 0;
        int last = prior.length - 1;
        for (int k = 1; k <= depth; k++) {
            int i = edge + k * step;
            if (i < 0 || i > last) {
                break;
            }
            double w = Math.max(0, wLower(prior, f, u, i, i + shift));
            sum = Math.nextDown(sum + Math.nextDown(w * powLo[k]));
        }
        return sum;
    }

    /**
     * The smallest distance D ≥ 0 such that p·L ≥ u for every loss value L at distance D or more
     * (c·D^power, rounded as {@link Loss} rounds it, is the least of them), or −1 if none is.
     */
    static long reach(double p, double c, int power, double u) {
        if (u <= 0) {
            return 0;
        }
        double t = u / (p * c);
        if (!(p > 0) || !Double.isFinite(t) || t > 1e30) {
            return -1;
        }
        long d = Math.max(1, (long) Math.ceil(power == 1 ? t : Math.sqrt(t)));
        while (!covers(p, c, power, u, d)) {
            d++;
        }
        while (d > 1 && covers(p, c, power, u, d - 1)) {
            d--;
        }
        return d;
    }

    private static boolean covers(double p, double c, int power, double u, long d) {
        double x = d;
        double pl = p * (c * (power == 1 ? x : x * x));
        return Math.nextDown(pl) >= u;
    }

    /** u with A·u = b, A_{zi} = α^{|i−z|}: the tridiagonal inverse of the KMS matrix. */
    static double[] kmsSolve(double[] b, double a) {
        int n = b.length - 1;
        double s = 1 - a * a;
        double[] u = new double[n + 1];
        u[0] = (b[0] - a * b[1]) / s;
        u[n] = (b[n] - a * b[n - 1]) / s;
        for (int i = 1; i < n; i++) {
            u[i] = ((1 + a * a) * b[i] - a * (b[i - 1] + b[i + 1])) / s;
        }
        return u;
    }

    /** A lower bound on min Σ w_i v_i over extreme rays v of C_ε with max v = 1 (v_i = α^{level}). */
    private static double minOverRays(double[] w, int depth, double[] powLo, double[] powHi, double[][] cur, double[][] next) {
        double inf = Double.POSITIVE_INFINITY;
        for (int k = 0; k <= depth; k++) {
            cur[0][k] = k == 0 ? inf : term(w[0], k, depth, powLo, powHi);
            cur[1][k] = k == 0 ? term(w[0], 0, depth, powLo, powHi) : inf;
        }
        for (int i = 1; i < w.length; i++) {
            java.util.Arrays.fill(next[0], inf);
            java.util.Arrays.fill(next[1], inf);
            for (int k = 0; k <= depth; k++) {
                double c = term(w[i], k, depth, powLo, powHi);
                // predecessors of level k: k−1, k+1, and k itself at the lumped depth
                for (int s = 0; s < 2; s++) {
                    double best = inf;
                    if (k > 0) {
                        best = Math.min(best, cur[s][k - 1]);
                    }
                    if (k < depth) {
                        best = Math.min(best, cur[s][k + 1]);
                    } else {
                        best = Math.min(best, cur[s][k]);
                    }
                    if (best == inf) {
                        continue;
                    }
                    int t = s == 1 || k == 0 ? 1 : 0;
                    double v = Math.nextDown(best + c);
                    if (v < next[t][k]) {
                        next[t][k] = v;
                    }
                }
            }
            double[][] tmp = cur;
            cur = next;
            next = tmp;
        }
        double min = inf;
        for (int k = 0; k <= depth; k++) {
            min = Math.min(min, cur[1][k]);
        }
        return min;
    }

    /** A lower bound of w·α^k; at the lumped depth, of w·α^{k'} for every k' ≥ depth. */
    private static double term(double w, int k, int depth, double[] powLo, double[] powHi) {
        if (k == depth && depth > 0) {
            return w >= 0 ? 0 : Math.nextDown(w * powHi[k]);
        }
        return Math.nextDown(w >= 0 ? w * powLo[k] : w * powHi[k]);
    }
}
