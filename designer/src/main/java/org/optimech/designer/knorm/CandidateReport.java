package org.optimech.designer.knorm;

import org.optimech.designer.problem.Criterion;

/**
 * One candidate body, measured at a given ε.
 *
 * @param name {@code l1}, {@code l2}, {@code linf} or {@code hull}
 * @param noiseDimension the dimension the noise lives in (smaller than the statistic's for a reduced hull)
 * @param sensitivity Δ_K, a certified upper bound on sup over S_T of ‖u‖_K
 * @param sensitivityExact whether Δ_K equals the supremum exactly
 * @param volume the volume of Δ·K in its noise coordinates
 * @param covarianceTrace trace of Cov(V) in the statistic's coordinates
 * @param covariance Cov(V) in the statistic's coordinates
 * @param worstDirectionVariance the largest eigenvalue of Cov(V)
 * @param note how the numbers were obtained
 */
public record CandidateReport(String name, int noiseDimension, double sensitivity, boolean sensitivityExact, double volume, double covarianceTrace,
        double[][] covariance, double worstDirectionVariance, String note) {
    public CandidateReport {
        covariance = copy(covariance);
    }

    @Override
    public double[][] covariance() {
        return copy(covariance);
    }

    /** The per-coordinate noise variances. */
    public double[] varianceDiagonal() {
        double[] d = new double[covariance.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = covariance[i][i];
        }
        return d;
    }

    private static double[][] copy(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    /** The value the criterion minimises. */
    public double score(Criterion c) {
        switch (c) {
            case TRACE:
                return covarianceTrace;
            case MAX_VARIANCE:
                return worstDirectionVariance;
            default:
                return volume;
        }
    }
}
