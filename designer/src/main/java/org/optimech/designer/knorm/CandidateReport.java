package org.optimech.designer.knorm;

import org.optimech.runtime.knorm.LpNorm;

import org.optimech.designer.problem.Criterion;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.KNormBlock;

/**
 * One candidate body, measured at a given ε.
 *
 * @param name {@code l1}, {@code l2}, {@code linf}, {@code hull}, {@code search}, {@code weighted-box}, … (for reports)
 * @param shape what the unit body is, typed: what the containment table dispatches on (never the name)
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
public record CandidateReport(String name, Shape shape, int noiseDimension, double sensitivity, boolean sensitivityExact, double volume, double covarianceTrace,
        double[][] covariance, double worstDirectionVariance, String note, double sensitivityLower, Body body, KNormBlock.SensitivityCertificate certificate) {
    public CandidateReport {
        java.util.Objects.requireNonNull(shape, "shape");
        covariance = copy(covariance);
    }

    /**
     * The kind of a candidate's unit body: an ℓp ball (with its norm), the exact hull of the adjacent outputs, or another
     * body (a searched linear image, a weighted box, a sandwich) that no closed form compares.
     *
     * @param kind the kind
     * @param norm the ball's norm (null for the other kinds)
     */
    public record Shape(Kind kind, LpNorm norm) {
        /** The kinds. */
        public enum Kind {
            BALL, HULL, OTHER
        }

        public Shape {
            java.util.Objects.requireNonNull(kind, "kind");
            if ((kind == Kind.BALL) != (norm != null)) {
                throw new IllegalArgumentException("a shape has a norm exactly when it is a ball. Provided: " + kind + ", " + norm);
            }
        }

        /** The ℓp ball of this norm. */
        public static Shape ball(LpNorm norm) {
            return new Shape(Kind.BALL, java.util.Objects.requireNonNull(norm, "norm"));
        }

        /** The exact hull. */
        public static Shape hull() {
            return new Shape(Kind.HULL, null);
        }

        /** Any other body. */
        public static Shape other() {
            return new Shape(Kind.OTHER, null);
        }
    }

    /** A candidate whose body follows from its shape, without a certificate. */
    public CandidateReport(String name, Shape shape, int noiseDimension, double sensitivity, boolean sensitivityExact, double volume, double covarianceTrace,
            double[][] covariance, double worstDirectionVariance, String note) {
        this(name, shape, noiseDimension, sensitivity, sensitivityExact, volume, covarianceTrace, covariance, worstDirectionVariance, note,
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
