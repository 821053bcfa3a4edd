package org.optimech.geometry.adjacent;

import java.util.ArrayList;
import java.util.List;
import org.optimech.runtime.exact.Rational;

/**
 * The sufficient statistic of main-effects linear regression (K-norm paper §6): for a record with
 * covariates x ∈ [−1, 1]^p and response y ∈ [−1, 1], t = (x_j; x_j·x_k for j &lt; k; 2x_j²; y; x_j·y),
 * the unique non-constant entries of XᵀX and XᵀY with the diagonal doubled so every coordinate has
 * sensitivity 2. Its dimension is d = (p² + 5p + 2)/2.
 *
 * <h2>Exact ℓ1 sensitivity</h2>
 * Δ₁ = max over record pairs (z, z') of F = ‖t(z) − t(z')‖₁ (substitution; T is a sum of t over records).
 * The maximisation reduces to finitely many concave quadratic programs, solved exactly:
 * <ol>
 *   <li>For one coordinate pair (u, v) = (z_i, z'_i) with the rest fixed, F = c + L(u, v) + 2|u² − v²|
 *       with L a sum of |αu − βv| (positively homogeneous, ≥ 0). Along every ray from (0, 0), F is convex
 *       (t·L + t²·2|u² − v²|), and F(0, 0) = c ≤ F(1, 1); so F's maximum over the square is on its boundary:
 *       one of z_i, z'_i is ±1. F is convex in y and in y' alone, so y, y' ∈ {±1}. Applying these one
 *       coordinate at a time never decreases F, so some maximiser has all of these properties.</li>
 *   <li>F is invariant under flipping the sign of a coordinate in both records and under permuting the
 *       covariates, so: y = 1, the fixed member of each covariate pair is +1, and the covariates whose free
 *       member is in z are the first a of them (a = 0..p).</li>
 *   <li>With w_j the free members, every term is then smooth except |w_j − w_k| for covariates on opposite
 *       sides: F(w) = 4p + |1 − y'| + #same-side pairs − (1 + y')Σw_j − 2Σw_j² − Σ_same w_j w_k
 *       + Σ_cross |w_j − w_k|. Writing each cross term as ρ(w_j − w_k) with ρ = ±1 makes F the maximum of
 *       quadratics Q_ρ whose Hessian −4I − (block-diagonal J − I) is negative definite.</li>
 *   <li>A strictly concave quadratic's maximum over the box is attained at a point where each w_j is −1, 1
 *       or free, with the free ones solving the stationarity equations; every such feasible point is
 *       enumerated in exact rationals (3^p active sets per ρ, a, y') and F evaluated at it. The largest value
 *       is Δ₁: every candidate is a feasible point, and the maximiser is among them.</li>
 * </ol>
 * The result is Δ₁ = (p² + 7p + 4)/2 = d + p + 1 (e.g. 32 for p = 5, against the crude 2d = 52),
 * attained at z = (x = (±1, …), y = −1), z' = (0, …, 0, 1).
 */
public final class RegressionStatistic {
    /** Largest p for the exact enumeration (3^p active sets times 2^(a(p−a)) sign patterns). */
    public static final int MAX_EXACT_P = 6;

    private RegressionStatistic() {
    }

    /** d = (p² + 5p + 2)/2. */
    public static int dimension(int p) {
        if (p < 1) {
            throw new IllegalArgumentException("p must be >= 1. Provided value: " + p);
        }
        return (p * p + 5 * p + 2) / 2;
    }

    /** The coordinate names, in order: x_j, x_j*x_k (j &lt; k), 2*x_j^2, y, x_j*y. */
    public static List<String> names(int p) {
        List<String> n = new ArrayList<>();
        for (int j = 1; j <= p; j++) {
            n.add("x" + j);
        }
        for (int j = 1; j <= p; j++) {
            for (int k = j + 1; k <= p; k++) {
                n.add("x" + j + "*x" + k);
            }
        }
        for (int j = 1; j <= p; j++) {
            n.add("2*x" + j + "^2");
        }
        n.add("y");
        for (int j = 1; j <= p; j++) {
            n.add("x" + j + "*y");
        }
        return n;
    }

    /** t(x, y), in the order of {@link #names}. */
    public static double[] features(double[] x, double y) {
        int p = x.length;
        double[] t = new double[dimension(p)];
        int i = 0;
        for (int j = 0; j < p; j++) {
            t[i++] = x[j];
        }
        for (int j = 0; j < p; j++) {
            for (int k = j + 1; k < p; k++) {
                t[i++] = x[j] * x[k];
            }
        }
        for (int j = 0; j < p; j++) {
            t[i++] = 2 * x[j] * x[j];
        }
        t[i++] = y;
        for (int j = 0; j < p; j++) {
            t[i++] = x[j] * y;
        }
        return t;
    }

    /** Δ∞ = 2 exactly: every coordinate of t lies in [−1, 1] (the doubled squares in [0, 2]) and each range's extremes are attained. */
    public static double linfSensitivity() {
        return 2;
    }

    /**
     * The exact ℓ1 sensitivity and a pair of records attaining it.
     *
     * @param z one record's (x, y), p + 1 entries
     * @param zPrime the other's
     */
    public record L1(Rational value, double[] z, double[] zPrime) {
        public L1 {
            z = z.clone();
            zPrime = zPrime.clone();
        }

        @Override
        public double[] z() {
            return z.clone();
        }

        @Override
        public double[] zPrime() {
            return zPrime.clone();
        }
    }

    /**
     * Δ₁ by the exact enumeration described in the class documentation.
     *
     * @throws IllegalArgumentException for p outside [1, {@value #MAX_EXACT_P}]
     */
    public static L1 l1Sensitivity(int p) {
        if (p < 1 || p > MAX_EXACT_P) {
            throw new IllegalArgumentException("p must be in [1, " + MAX_EXACT_P + "] for the exact l1 sensitivity. Provided value: " + p);
        }
        Rational best = null;
        Rational[] bestW = null;
        int bestA = 0;
        int bestY = 0;
        for (int a = 0; a <= p; a++) {
            List<int[]> same = new ArrayList<>();
            List<int[]> cross = new ArrayList<>();
            for (int j = 0; j < p; j++) {
                for (int k = j + 1; k < p; k++) {
                    ((j < a) == (k < a) ? same : cross).add(new int[] {j, k});
                }
            }
            for (int yp = -1; yp <= 1; yp += 2) {
                Rational constant = Rational.of(4L * p + Math.abs(1 - yp) + same.size());
                for (long rho = 0; rho < (1L << cross.size()); rho++) {
                    // Q(w) = constant + lin·w + ½ wᵀHw, H = −4I − same-side pairs
                    long[] lin = new long[p];
                    java.util.Arrays.fill(lin, -(1 + yp));
                    for (int c = 0; c < cross.size(); c++) {
                        int r = ((rho >> c) & 1) == 0 ? 1 : -1;
                        lin[cross.get(c)[0]] += r;
                        lin[cross.get(c)[1]] -= r;
                    }
                    long[][] h = new long[p][p];
                    for (int j = 0; j < p; j++) {
                        h[j][j] = -4;
                    }
                    for (int[] s : same) {
                        h[s[0]][s[1]] = -1;
                        h[s[1]][s[0]] = -1;
                    }
                    int patterns = 1;
                    for (int j = 0; j < p; j++) {
                        patterns *= 3;
                    }
                    for (int pat = 0; pat < patterns; pat++) {
                        Rational[] w = candidate(pat, p, lin, h);
                        if (w == null) {
                            continue;
                        }
                        Rational f = reducedObjective(w, constant, yp, same, cross);
                        if (best == null || f.compareTo(best) > 0) {
                            best = f;
                            bestW = w;
                            bestA = a;
                            bestY = yp;
                        }
                    }
                }
            }
        }
        // the witness in record coordinates: y = 1, y' = bestY; covariate j < a has z_j = w_j, z'_j = 1; otherwise z_j = 1, z'_j = w_j
        double[] z = new double[p + 1];
        double[] zp = new double[p + 1];
        for (int j = 0; j < p; j++) {
            z[j] = j < bestA ? bestW[j].doubleValue() : 1;
            zp[j] = j < bestA ? 1 : bestW[j].doubleValue();
        }
        z[p] = 1;
        zp[p] = bestY;
        return new L1(best, z, zp);
    }

    /** The feasible stationary point of Q for one active set (each w_j at −1, free, or 1), or null. */
    static Rational[] candidate(int pattern, int p, long[] lin, long[][] h) {
        int[] state = new int[p];
        List<Integer> free = new ArrayList<>();
        int code = pattern;
        for (int j = 0; j < p; j++) {
            state[j] = code % 3 - 1;
            code /= 3;
            if (state[j] == 0) {
                free.add(j);
            }
        }
        Rational[] w = new Rational[p];
        for (int j = 0; j < p; j++) {
            w[j] = Rational.of(state[j]);
        }
        int n = free.size();
        if (n == 0) {
            return w;
        }
        // H_ff w_f = −(lin_f + H_fb w_b), by Gauss–Jordan in exact rationals (H_ff is negative definite: nonsingular)
        Rational[][] m = new Rational[n][n + 1];
        for (int r = 0; r < n; r++) {
            int i = free.get(r);
            Rational rhs = Rational.of(-lin[i]);
            for (int b = 0; b < p; b++) {
                if (state[b] != 0) {
                    rhs = rhs.subtract(Rational.of(h[i][b] * state[b]));
                }
            }
            for (int c = 0; c < n; c++) {
                m[r][c] = Rational.of(h[i][free.get(c)]);
            }
            m[r][n] = rhs;
        }
        for (int c = 0; c < n; c++) {
            int piv = c;
            while (m[piv][c].signum() == 0) {
                piv++;
            }
            Rational[] t = m[c];
            m[c] = m[piv];
            m[piv] = t;
            for (int r = 0; r < n; r++) {
                if (r != c && m[r][c].signum() != 0) {
                    Rational f = m[r][c].divide(m[c][c]);
                    for (int k = c; k <= n; k++) {
                        m[r][k] = m[r][k].subtract(f.multiply(m[c][k]));
                    }
                }
            }
        }
        for (int r = 0; r < n; r++) {
            Rational v = m[r][n].divide(m[r][r]);
            if (v.abs().compareTo(Rational.ONE) > 0) {
                return null;
            }
            w[free.get(r)] = v;
        }
        return w;
    }

    /** F at the reduced point w (the true objective, with |w_j − w_k| for cross pairs). */
    static Rational reducedObjective(Rational[] w, Rational constant, int yp, List<int[]> same, List<int[]> cross) {
        Rational f = constant;
        for (Rational x : w) {
            f = f.subtract(x.multiply(Rational.of(1 + yp))).subtract(x.multiply(x).multiply(Rational.of(2)));
        }
        for (int[] s : same) {
            f = f.subtract(w[s[0]].multiply(w[s[1]]));
        }
        for (int[] c : cross) {
            f = f.add(w[c[0]].subtract(w[c[1]]).abs());
        }
        return f;
    }

    /** ‖t(z) − t(z')‖₁ in floating point, for checking a witness independently of the reduction. */
    public static double l1Distance(double[] z, double[] zPrime) {
        int p = z.length - 1;
        double[] a = features(java.util.Arrays.copyOf(z, p), z[p]);
        double[] b = features(java.util.Arrays.copyOf(zPrime, p), zPrime[p]);
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += Math.abs(a[i] - b[i]);
        }
        return s;
    }
}
