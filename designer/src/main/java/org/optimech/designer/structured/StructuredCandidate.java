package org.optimech.designer.structured;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.designer.problem.Criterion;
import org.optimech.runtime.spec.Body;

/**
 * One candidate body for a structured statistic, measured at the problem's ε. Every structured statistic is symmetric under
 * permuting its coordinates, so the noise covariance is σ_d·I + σ_o·(11ᵀ − I): one variance per coordinate and one covariance
 * between coordinates, with eigenvalues σ_d + (d − 1)σ_o along 1 and σ_d − σ_o across it.
 *
 * @param name {@code l1}, {@code l2}, {@code linf} or {@code hull} (the family's structured body)
 * @param body the unit body as stored in a spec
 * @param noiseDimension the dimension of the body's span (d − 1 for the permutohedron in its hyperplane)
 * @param sensitivity Δ_K, exact or rounded up to a decimal
 * @param sensitivityExact whether Δ_K is exactly the supremum over the adjacent outputs
 * @param logVolume the natural logarithm of the volume of Δ·K in its span
 * @param variance each coordinate's noise variance
 * @param covariance the covariance of two different coordinates' noise
 * @param trace E‖V‖², the trace of Cov(V)
 * @param worstDirection the largest eigenvalue of Cov(V)
 * @param laplaceRatio trace divided by the trace of per-coordinate Laplace noise at the ℓ1 sensitivity (what most libraries add)
 * @param method how the moments were obtained ({@code closed form} here; a Monte Carlo estimate would say so with its standard error)
 * @param note how Δ and the body were obtained, and whether the body is the exact hull
 * @param gaussian for the (ε, δ) candidates {@code gaussian} and {@code elliptic-gaussian}: the calibrated covariance (then
 *     {@code body} is null, {@code sensitivity} is Δ_Σ and {@code logVolume} is NaN: a Gaussian has no body to compare); null for
 *     a K-norm body
 */
public record StructuredCandidate(String name, Body body, int noiseDimension, BigDecimal sensitivity, boolean sensitivityExact, double logVolume,
        double variance, double covariance, double trace, double worstDirection, double laplaceRatio, String method, String note,
        GaussianCovariance gaussian) {
    /** A K-norm body's candidate. */
    public StructuredCandidate(String name, Body body, int noiseDimension, BigDecimal sensitivity, boolean sensitivityExact, double logVolume,
            double variance, double covariance, double trace, double worstDirection, double laplaceRatio, String method, String note) {
        this(name, body, noiseDimension, sensitivity, sensitivityExact, logVolume, variance, covariance, trace, worstDirection, laplaceRatio, method, note,
                null);
    }

    public StructuredCandidate {
        Objects.requireNonNull(name, "name");
        if ((body == null) == (gaussian == null)) {
            throw new IllegalArgumentException("a candidate has either a body (K-norm) or a Gaussian covariance");
        }
        Objects.requireNonNull(sensitivity, "sensitivity");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(note, "note");
    }

    /** The value the criterion minimises (the volume through its logarithm, finite at any dimension). */
    public double score(Criterion c) {
        if (gaussian != null && c == Criterion.VOLUME) {
            return Double.NaN;
        }
        switch (c) {
            case TRACE:
                return trace;
            case MAX_VARIANCE:
                return worstDirection;
            default:
                return logVolume;
        }
    }

    /** The body in a few words: {@code sum-ball k=20}, {@code l1 ball}, … */
    public String describeBody() {
        if (gaussian != null) {
            return gaussian.spherical() ? "spherical gaussian" : "elliptic gaussian";
        }
        return StructuredFamily.describe(body);
    }
}
