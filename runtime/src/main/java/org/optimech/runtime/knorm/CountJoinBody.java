package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomSource;

/**
 * conv(Q ∪ −Q), Q = [0, 1]^d ∩ {Σx ≤ k}: the hull of ±t(x) for records adding at most 1 to at most k of d counts
 * (non-negative contributions under add/remove; the "count ball" of Joseph–Yu's code). Its gauge is g(x₊) + g(x₋) (g the gauge
 * of Q, which is monotone on the orthant), and on the orthant with positive coordinates P (|P| = j) it is the join
 * {(c·a, (1 − c)·b) : a ∈ ∂Q_P, b ∈ Q_{P^c}, c ∈ [0, 1]}, whose volume element is c^{j−1}(1 − c)^{d−j} dc × (cone measure on
 * ∂Q_P) × db. A uniform point: j with probability vol(Q_j)·vol(Q_{d−j}) (the C(d, j) orthants of the class times the join's
 * volume vol(Q_j)vol(Q_{d−j})·j!(d−j)!/d!), a uniform j-subset P, c ~ Beta(j, d − j + 1), a = X/g(X) for X uniform in Q_j
 * (radial projection of a uniform point is the cone measure), b uniform in Q_{d−j}: O(d) per draw.
 */
public final class CountJoinBody implements UnitBody {
    private final int d;
    private final int k;
    private final CubeSlices slices;
    private final double[] classCdf;
    private final double logVolume;

    private CountJoinBody(int d, int k, CubeSlices slices) {
        this.d = d;
        this.k = k;
        this.slices = slices;
        double[] w = new double[d + 1];
        for (int j = 0; j <= d; j++) {
            w[j] = slices.logVolume(j) + slices.logVolume(d - j);
        }
        this.classCdf = StructuredBodies.cdfOfLogWeights(w);
        this.logVolume = StructuredBodies.logSumOfLogWeights(w);
    }

    /**
     * ln vol(conv(Q ∪ −Q)) = ln Σ_j vol(Q_j)·vol(Q_{d−j}) (C(d, j) orthants per class, each a join of volume
     * vol(Q_j)vol(Q_{d−j})·j!(d−j)!/d!), from the exact Eulerian numbers: a double within a relative 1e-12 of the true value.
     */
    public double logVolume() {
        return logVolume;
    }

    /**
     * @param dimension d ≥ 1
     * @param k the bound on a record's count total, in [1, d]
     */
    public static CountJoinBody of(int dimension, int k) {
        StructuredBodies.check(dimension, k);
        return new CountJoinBody(dimension, k, EulerianNumbers.slices(dimension, k));
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
        return "count-join";
    }

    @Override
    public double[] uniformPoint(RandomSource bits) {
        int j = StructuredBodies.draw(classCdf, bits);
        int[] order = StructuredBodies.randomSubsetFirst(d, j, bits);
        double[] minus = slices.uniform(d - j, bits);
        double[] x = new double[d];
        double c = 0;
        if (j > 0) {
            double a = Continuous.gamma(j, 1, bits);
            double b = Continuous.gamma(d - j + 1, 1, bits);
            c = a / (a + b);
            double[] plus = slices.uniform(j, bits);
            double g = StructuredBodies.gaugeQ(plus, k);
            for (int t = 0; t < j; t++) {
                x[order[t]] = c * plus[t] / g;
            }
        }
        for (int t = j; t < d; t++) {
            x[order[t]] = -(1 - c) * minus[t - j];
        }
        return x;
    }

    @Override
    public double norm(double[] x) {
        double[] g = StructuredBodies.partGauges(x, k);
        return g[0] + g[1];
    }
}
