package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomSource;

/**
 * The sum ball B∞ ∩ k·B1 = {x : |x_j| ≤ 1, Σ|x_j| ≤ k} in d dimensions, the hull of the vectors with at most k non-zero
 * entries in [−1, 1] (Joseph–Yu 2023). A uniform point: |x| uniform in [0, 1]^d ∩ {Σx ≤ k} by slicing the cube (Eulerian
 * numbers, {@link CubeSlices}), then independent random signs: O(d) per draw after an O(d·k) big-integer table built once per
 * (d, k) and shared. Gauge max(‖x‖∞, ‖x‖₁/k).
 */
public final class SumBallBody implements UnitBody {
    private final int d;
    private final int k;
    private final CubeSlices slices;

    private SumBallBody(int d, int k, CubeSlices slices) {
        this.d = d;
        this.k = k;
        this.slices = slices;
    }

    /**
     * @param dimension d ≥ 1
     * @param k the ℓ1 bound, in [1, d]
     */
    public static SumBallBody of(int dimension, int k) {
        StructuredBodies.check(dimension, k);
        return new SumBallBody(dimension, k, EulerianNumbers.slices(dimension, k));
    }

    @Override
    public int dimension() {
        return d;
    }

    /** The ℓ1 bound k. */
    public int k() {
        return k;
    }

    @Override
    public String name() {
        return "sum-ball";
    }

    /**
     * ln vol(B∞ ∩ k·B1) = d·ln 2 + ln vol([0, 1]^d ∩ {Σx ≤ k}), from the exact Eulerian numbers: a double within a few
     * units in the last place of the true value.
     */
    public double logVolume() {
        return d * Math.log(2) + slices.logVolume(d);
    }

    @Override
    public double[] uniformPoint(RandomSource bits) {
        double[] x = slices.uniform(d, bits);
        for (int j = 0; j < d; j += 64) {
            long signs = bits.nextLong();
            for (int t = j; t < Math.min(d, j + 64); t++) {
                if (((signs >>> (t - j)) & 1) == 1) {
                    x[t] = -x[t];
                }
            }
        }
        return x;
    }

    @Override
    public double norm(double[] x) {
        double max = 0;
        double sum = 0;
        for (double v : x) {
            max = Math.max(max, Math.abs(v));
            sum += Math.abs(v);
        }
        return Math.max(max, sum / k);
    }
}
