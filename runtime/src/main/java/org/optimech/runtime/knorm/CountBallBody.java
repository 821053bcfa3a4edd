package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomSource;

/**
 * The count ball Q − Q = {x : |x_j| ≤ 1, Σx₊ ≤ k, Σx₋ ≤ k}, Q = [0, 1]^d ∩ {Σx ≤ k}: the hull of the differences of two
 * records that each add at most 1 to at most k of d counts (non-negative contributions under substitution). On the orthant
 * with positive coordinates P (|P| = j) it is the product Q_P × (−Q_{P^c}), so a uniform point is: j with probability
 * C(d, j)·vol(Q_j)·vol(Q_{d−j}) over the whole (from the Eulerian tables), a uniform j-subset P, then independent uniform
 * points of Q_j and Q_{d−j} ({@link CubeSlices}): O(d) per draw. Gauge max(g(x₊), g(x₋)) with g the gauge of Q.
 */
public final class CountBallBody implements UnitBody {
    private final int d;
    private final int k;
    private final CubeSlices slices;
    private final double[] classCdf;
    private final double logVolume;

    private CountBallBody(int d, int k, CubeSlices slices) {
        this.d = d;
        this.k = k;
        this.slices = slices;
        double[] logBinom = StructuredBodies.logBinomials(d);
        double[] w = new double[d + 1];
        for (int j = 0; j <= d; j++) {
            w[j] = logBinom[j] + slices.logVolume(j) + slices.logVolume(d - j);
        }
        this.classCdf = StructuredBodies.cdfOfLogWeights(w);
        this.logVolume = StructuredBodies.logSumOfLogWeights(w);
    }

    /**
     * ln vol(Q − Q) = ln Σ_j C(d, j)·vol(Q_j)·vol(Q_{d−j}) (one term per sign class), from the exact Eulerian numbers: a
     * double within a relative 1e-12 of the true value.
     */
    public double logVolume() {
        return logVolume;
    }

    /**
     * @param dimension d ≥ 1
     * @param k the bound on each part's sum, in [1, d]
     */
    public static CountBallBody of(int dimension, int k) {
        StructuredBodies.check(dimension, k);
        return new CountBallBody(dimension, k, EulerianNumbers.slices(dimension, k));
    }

    @Override
    public int dimension() {
        return d;
    }

    public int k() {
        return k;
    }

    @Override
    public String name() {
        return "count-ball";
    }

    @Override
    public double[] uniformPoint(RandomSource bits) {
        int j = StructuredBodies.draw(classCdf, bits);
        int[] order = StructuredBodies.randomSubsetFirst(d, j, bits);
        double[] plus = slices.uniform(j, bits);
        double[] minus = slices.uniform(d - j, bits);
        double[] x = new double[d];
        for (int t = 0; t < j; t++) {
            x[order[t]] = plus[t];
        }
        for (int t = j; t < d; t++) {
            x[order[t]] = -minus[t - j];
        }
        return x;
    }

    @Override
    public double norm(double[] x) {
        double[] g = StructuredBodies.partGauges(x, k);
        return Math.max(g[0], g[1]);
    }
}
