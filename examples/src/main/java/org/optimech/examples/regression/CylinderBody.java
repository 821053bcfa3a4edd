package org.optimech.examples.regression;

import org.optimech.runtime.knorm.UnitBody;
import org.optimech.runtime.random.RandomSource;

/**
 * The K-norm paper's §6.1 body for the linear-regression statistic ({@link
 * org.optimech.geometry.adjacent.RegressionStatistic} order), as corrected by ERRATA K7: the
 * <em>intersection</em> of cylinders over the two-dimensional sets K₂ (for each (Σx_j, Σ2x_j²)) and the
 * three-dimensional sets K₃ (for each (Σx_j, Σx_k, Σx_j x_k) and (Σx_j, Σy, Σx_j y)), optionally also cut
 * by the ℓ1 ball of radius Δ₁. Every piece contains the corresponding projection of the adjacent output
 * space S_T, so the intersection contains S_T: it is a private body with Δ = 1, an outer set, not the hull
 * (the paper's "optimal" is wrong). Sampled by rejection from the box [−2, 2]^d that contains it (ERRATA K2);
 * a draw that needs more than {@code maxAttempts} proposals throws.
 *
 * <p>K₂ = {|u₁| ≤ 2, |u₂| ≤ 2, and |u₂| ≤ 2 − 2(|u₁| − 1)² when |u₁| &gt; 1} (ERRATA K4): for u = (x − x', 2x² − 2x'²)
 * with s = |x − x'| the largest |u₂| is 2s(2 − s), which is 2 − 2(s − 1)² exactly. K₃ = {|u₁| + |u₂| + |u₃| ≤ 4} ∩
 * [−2, 2]³: the differences of (a, b, ab) over the box (a multilinear map; the test checks the exact hull's vertices).
 */
public final class CylinderBody implements UnitBody {
    private final int p;
    private final int d;
    private final double l1Radius; // 0: no ℓ1 cut
    private final int maxAttempts;
    private final int[][] k2;
    private final int[][] k3;
    private final double[] boxLower;
    private final double[] boxWidth;

    private CylinderBody(int p, double l1Radius, int maxAttempts) {
        this.p = p;
        this.d = (p * p + 5 * p + 2) / 2;
        this.l1Radius = l1Radius;
        this.maxAttempts = maxAttempts;
        this.boxLower = new double[d];
        this.boxWidth = new double[d];
        java.util.Arrays.fill(boxLower, -2);
        java.util.Arrays.fill(boxWidth, 4);
        int[] cross = new int[p * p];
        int i = p;
        for (int j = 0; j < p; j++) {
            for (int k = j + 1; k < p; k++) {
                cross[j * p + k] = i++;
            }
        }
        int squares = i;
        int y = squares + p;
        k2 = new int[p][];
        for (int j = 0; j < p; j++) {
            k2[j] = new int[] {j, squares + j};
        }
        k3 = new int[p * (p - 1) / 2 + p][];
        int c = 0;
        for (int j = 0; j < p; j++) {
            for (int k = j + 1; k < p; k++) {
                k3[c++] = new int[] {j, k, cross[j * p + k]};
            }
        }
        for (int j = 0; j < p; j++) {
            k3[c++] = new int[] {j, y, y + 1 + j};
        }
    }

    /**
     * @param p the number of covariates
     * @param l1Radius also intersect with {‖u‖₁ ≤ l1Radius} (a certified Δ₁), or 0 for the cylinders alone
     * @param maxAttempts the most proposals per draw
     */
    public static CylinderBody of(int p, double l1Radius, int maxAttempts) {
        if (p < 1) {
            throw new IllegalArgumentException("p must be >= 1. Provided value: " + p);
        }
        if (!(l1Radius >= 0) || Double.isInfinite(l1Radius)) {
            throw new IllegalArgumentException("l1Radius must be >= 0 and finite. Provided value: " + l1Radius);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be >= 1. Provided value: " + maxAttempts);
        }
        return new CylinderBody(p, l1Radius, maxAttempts);
    }

    @Override
    public int dimension() {
        return d;
    }

    @Override
    public String name() {
        return l1Radius > 0 ? "cylinders and l1" : "cylinders";
    }

    static boolean inK2(double u1, double u2) {
        double a = Math.abs(u1);
        double b = Math.abs(u2);
        if (a > 2 || b > 2) {
            return false;
        }
        return a <= 1 || b <= 2 - 2 * (a - 1) * (a - 1);
    }

    static boolean inK3(double u1, double u2, double u3) {
        return Math.abs(u1) <= 2 && Math.abs(u2) <= 2 && Math.abs(u3) <= 2 && Math.abs(u1) + Math.abs(u2) + Math.abs(u3) <= 4;
    }

    /** Membership (floating point). */
    public boolean contains(double[] u) {
        for (int[] c : k2) {
            if (!inK2(u[c[0]], u[c[1]])) {
                return false;
            }
        }
        for (int[] c : k3) {
            if (!inK3(u[c[0]], u[c[1]], u[c[2]])) {
                return false;
            }
        }
        if (l1Radius > 0) {
            double s = 0;
            for (double v : u) {
                s += Math.abs(v);
            }
            return s <= l1Radius;
        }
        return true;
    }

    /**
     * @throws IllegalStateException when no proposal is accepted within maxAttempts
     */
    @Override
    public double[] uniformPoint(RandomSource bits) {
        return org.optimech.runtime.knorm.BoxRejection.sample(boxLower, boxWidth, this::contains, maxAttempts, bits);
    }

    /** The gauge by bisection on the segment (display only; the mechanism never needs it). */
    @Override
    public double norm(double[] x) {
        double lo = 0;
        double hi = 1;
        double[] y = new double[d];
        while (true) {
            for (int j = 0; j < d; j++) {
                y[j] = x[j] / hi;
            }
            if (contains(y)) {
                break;
            }
            hi *= 2;
        }
        for (int it = 0; it < 60; it++) {
            double mid = (lo + hi) / 2;
            for (int j = 0; j < d; j++) {
                y[j] = x[j] / mid;
            }
            if (mid > 0 && contains(y)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /** The number of covariates. */
    public int covariates() {
        return p;
    }
}
