package org.optimech.designer.knorm;

import org.optimech.designer.problem.Criterion;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.KNormBlock;

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
 * @param sensitivityLower a value of the gauge some adjacent output attains (a witness; NaN when not computed): Δ lies in
 *     [sensitivityLower, sensitivity]
 * @param body the body to store (null: derived from the name: an ℓp ball, the hull, the searched linear image)
 * @param certificate the proof of Δ the runtime re-checks (null: none; Δ is then re-derived from the stored points, or the
 *     designer's word)
 */
public record CandidateReport(String name, int noiseDimension, double sensitivity, boolean sensitivityExact, double volume, double covarianceTrace,
        double[][] covariance, double worstDirectionVariance, String note, double sensitivityLower, Body body, KNormBlock.SensitivityCertificate certificate) {
    public CandidateReport {
        covariance = copy(covariance);
    }

    /** A candidate whose body follows from its name, without a certificate. */
    public CandidateReport(String name, int noiseDimension, double sensitivity, boolean sensitivityExact, double volume, double covarianceTrace,
            double[][] covariance, double worstDirectionVariance, String note) {
        this(name, noiseDimension, sensitivity, sensitivityExact, volume, covarianceTrace, covariance, worstDirectionVariance, note,
                sensitivityExact ? sensitivity : Double.NaN, null, null);
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
