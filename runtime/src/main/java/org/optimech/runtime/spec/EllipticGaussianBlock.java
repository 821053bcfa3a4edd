package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * The {@code mechanism} block of an elliptic Gaussian spec, typed: a vector statistic of dimension d released as T + V,
 * V ~ N(0, Σ) with the permutation-invariant covariance Σ = across·(I − 11ᵀ/d) + along·11ᵀ/d (Joseph–Yu's elliptic Gaussian;
 * across = along is the spherical Gaussian). Shapes only; {@link EllipticGaussianSpec#of} checks the numbers.
 *
 * @param dimension d
 * @param varianceAcross the variance in every direction orthogonal to 1, &gt; 0
 * @param varianceAlong the variance along 1/√d, ≥ 0 (0 only for a statistic whose adjacent outputs all sum to 0)
 * @param sensitivity the Mahalanobis sensitivity Δ_Σ ≥ sup over adjacent outputs u of √(uᵀΣ⁻¹u), exact decimal
 */
public record EllipticGaussianBlock(int dimension, BigDecimal varianceAcross, BigDecimal varianceAlong, BigDecimal sensitivity) {
    /** The mechanism kind name in JSON. */
    public static final String KIND = "elliptic-gaussian";

    public EllipticGaussianBlock {
        Objects.requireNonNull(varianceAcross, "varianceAcross");
        Objects.requireNonNull(varianceAlong, "varianceAlong");
        Objects.requireNonNull(sensitivity, "sensitivity");
    }

    /** Whether Σ is a multiple of the identity. */
    public boolean spherical() {
        return varianceAcross.compareTo(varianceAlong) == 0;
    }
}
