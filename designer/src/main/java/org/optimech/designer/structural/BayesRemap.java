package org.optimech.designer.structural;

import org.optimech.designer.problem.Loss;
import org.optimech.runtime.discrete.Remap;

/**
 * The Bayes-optimal deterministic remap of the truncated geometric mechanism for a prior: for each
 * intermediate value z, the output minimising the posterior expected loss Σ_i p_i·α^{|i−z|}·L(i, ω).
 *
 * <p>Losses in {@link Loss.DistanceForm distance form} c_i·|x_i − ω|^power use exponentially
 * weighted prefix sums (positive recurrences, no cancellation): the weighted median (power 1) or
 * mean (power 2), clipped to the output range, in O(log n) per z. The absolute loss's value at the median is a walk from z,
 * one step per unit of distance, while all walks together take at most {@link #WALK_BUDGET} steps; beyond that (outputs far
 * from most noisy values at a small ε: 4.4·10⁹ steps, 27 s, at n = 10⁵) every value comes from the runtime's column values
 * ({@link org.optimech.runtime.certificate.GeometricDual#columns}, O(n + window) by moments), the same quantity in other
 * roundings. The values only choose the dual of a bound that is verified whatever they are. Other losses are evaluated
 * densely, O(n²·|Ω|).
 */
final class BayesRemap {
    /** Largest n²·|Ω| the dense engine accepts. */
    static final double DENSE_LIMIT = 2e9;
    /**
     * Steps of the absolute loss's walks in all up to which each value is walked (the arithmetic every design so far was
     * made with, so their numbers stay the same; about 0.1 s of work).
     */
    static final long WALK_BUDGET = 1L << 26;

    /**
     * @param target output index per z
     * @param value b_z = Σ_i p_i·α^{|i−z|}·L(i, target[z]) (column scale α^{|i−z|}, not κ_z·α^{|i−z|})
     * @param steps the work beyond the O(log n) searches: steps walked plus correction terms the column values summed one by one
     */
    record Result(int[] target, double[] value, long steps) {
    }

    private BayesRemap() {
    }

    static boolean denseFits(int inputs, int outputs) {
        return (double) inputs * inputs * outputs <= DENSE_LIMIT;
    }

    static Result solve(double[] prior, Loss loss, Geometric g) {
        return loss.distanceForm().isPresent() ? distance(prior, loss.distanceForm().get(), g) : dense(prior, loss, g);
    }

    /** Dense: every z, every output, every input with positive weight. */
    static Result dense(double[] prior, Loss loss, Geometric g) {
        int n = g.n();
        int m = loss.outputs();
        double[] pw = new double[n + 1];
        for (int d = 0; d <= n; d++) {
            pw[d] = g.pow(d);
        }
        int[] target = new int[n + 1];
        double[] value = new double[n + 1];
        double[] w = new double[n + 1];
        for (int z = 0; z <= n; z++) {
            for (int i = 0; i <= n; i++) {
                w[i] = prior[i] * pw[Math.abs(i - z)];
            }
            double best = Double.POSITIVE_INFINITY;
            int arg = 0;
            for (int j = 0; j < m; j++) {
                double s = 0;
                for (int i = 0; i <= n; i++) {
                    if (w[i] != 0) {
                        s += w[i] * loss.at(i, j);
                    }
                }
                if (s < best) {
                    best = s;
                    arg = j;
                }
            }
            target[z] = arg;
            value[z] = best;
        }
        return new Result(target, value, 0);
    }

    /** Distance form: recurrences for the exponentially weighted moments about z. */
    static Result distance(double[] prior, Loss.DistanceForm f, Geometric g) {
        return distance(prior, f, g, WALK_BUDGET);
    }

    /** {@link #distance} with the walks' budget given (tests force the column values with −1). */
    static Result distance(double[] prior, Loss.DistanceForm f, Geometric g, long walkBudget) {
        int n = g.n();
        double a = g.alpha();
        double[] wt = new double[n + 1];
        for (int i = 0; i <= n; i++) {
            wt[i] = prior[i] * f.scaleAt(i);
        }
        // Left sums over i ≤ z of wt_i·α^{z−i}·(z−i)^k; right sums over i ≥ z of wt_i·α^{i−z}·(i−z)^k.
        double[] l0 = new double[n + 1];
        double[] l1 = new double[n + 1];
        double[] l2 = new double[n + 1];
        double[] r0 = new double[n + 2];
        double[] r1 = new double[n + 2];
        double[] r2 = new double[n + 2];
        for (int z = 0; z <= n; z++) {
            double p0 = z > 0 ? l0[z - 1] : 0;
            double p1 = z > 0 ? l1[z - 1] : 0;
            double p2 = z > 0 ? l2[z - 1] : 0;
            l0[z] = a * p0 + wt[z];
            l1[z] = a * (p1 + p0);
            l2[z] = a * (p2 + 2 * p1 + p0);
        }
        for (int z = n; z >= 0; z--) {
            r0[z] = a * r0[z + 1] + wt[z];
            r1[z] = a * (r1[z + 1] + r0[z + 1]);
            r2[z] = a * (r2[z + 1] + 2 * r1[z + 1] + r0[z + 1]);
        }
        // Output j sits at input-index position k = j + shift.
        long shift = f.outputs().from() - f.inputs().from();
        long kLo = shift;
        long kHi = shift + f.outputs().size() - 1;
        int[] target = new int[n + 1];
        double[] value = new double[n + 1];
        Moments mo = new Moments(g, l0, r0);
        for (int z = 0; z <= n; z++) {
            double m0 = l0[z] + a * r0[z + 1];
            double s1r = a * (r1[z + 1] + r0[z + 1]);
            double s2r = a * (r2[z + 1] + 2 * r1[z + 1] + r0[z + 1]);
            long k;
            double v;
            if (f.power() == 2) {
                double m1 = s1r - l1[z];
                double m2 = l2[z] + s2r;
                double t = m0 > 0 ? m1 / m0 : 0;
                long k1 = clip((long) Math.floor(z + t), kLo, kHi);
                long k2 = clip((long) Math.ceil(z + t), kLo, kHi);
                double v1 = squared(m0, m1, m2, k1 - z);
                double v2 = squared(m0, m1, m2, k2 - z);
                k = v2 < v1 ? k2 : k1;
                v = Math.min(v1, v2);
            } else {
                k = clip(mo.median(z, m0), kLo, kHi);
                v = 0; // below, once every walk's length is known
            }
            target[z] = (int) (k - shift);
            value[z] = v;
        }
        if (f.power() == 2) {
            return new Result(target, value, 0);
        }
        long steps = 0;
        for (int z = 0; z <= n && steps <= walkBudget; z++) {
            steps += Moments.steps(n, z, target[z] + shift);
        }
        if (steps > walkBudget) {
            org.optimech.runtime.certificate.GeometricDual.Columns columns = org.optimech.runtime.certificate.GeometricDual.columns(prior,
                    GeometricDual.distance(f), g.epsilon(), Remap.deterministic(f.outputs().size(), target));
            return new Result(target, columns.values(), columns.directTerms());
        }
        for (int z = 0; z <= n; z++) {
            double m0 = l0[z] + a * r0[z + 1];
            double s1r = a * (r1[z + 1] + r0[z + 1]);
            value[z] = mo.absolute(z, m0, l1[z] + s1r, target[z] + shift);
        }
        return new Result(target, value, steps);
    }

    /** Σ w (i − z − t)² from the moments about z. */
    private static double squared(double m0, double m1, double m2, long t) {
        return Math.max(0, m2 - 2 * t * m1 + (double) t * t * m0);
    }

    private static long clip(long k, long lo, long hi) {
        return Math.max(lo, Math.min(hi, k));
    }

    /** Weighted median and absolute-loss evaluation for one z from the left/right sums. */
    private record Moments(Geometric g, double[] l0, double[] r0) {
        /** Mass of inputs i > k under the weights wt_i·α^{|i−z|}, for k ≥ z. */
        double right(int z, long k) {
            int n = g.n();
            return k >= n ? 0 : g.pow(k + 1 - z) * r0[(int) k + 1];
        }

        /** Mass of inputs i ≤ k, for k < z. */
        double left(int z, long k) {
            return k < 0 ? 0 : g.pow(z - k) * l0[(int) k];
        }

        /** Smallest k in [0, n] with mass(i ≤ k) ≥ mass(i > k). */
        long median(int z, double m0) {
            long lo = 0;
            long hi = g.n();
            while (lo < hi) {
                long mid = (lo + hi) >>> 1;
                if (atLeastHalf(z, m0, mid)) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            return lo;
        }

        private boolean atLeastHalf(int z, double m0, long k) {
            return k >= z ? 2 * right(z, k) <= m0 : 2 * left(z, k) >= m0;
        }

        /** The steps {@link #absolute} walks from z to k. */
        static long steps(int n, int z, long k) {
            return k > z ? Math.min(k, n) - z : k < z ? z - Math.max(k, 0) : 0;
        }

        /** Σ_i wt_i·α^{|i−z|}·|i − k|, walking from z: each unit step changes it by mass(≤ j) − mass(> j). */
        double absolute(int z, double m0, double atZ, long k) {
            int n = g.n();
            double e = atZ;
            if (k > z) {
                long stop = Math.min(k, n);
                for (long j = z; j < stop; j++) {
                    e += m0 - 2 * right(z, j);
                }
                e += (k - stop) * m0; // beyond n every input is to the left
            } else if (k < z) {
                long stop = Math.max(k, 0);
                for (long j = z - 1; j >= stop; j--) {
                    e += m0 - 2 * left(z, j);
                }
                e += (stop - k) * m0;
            }
            return Math.max(0, e);
        }
    }
}
