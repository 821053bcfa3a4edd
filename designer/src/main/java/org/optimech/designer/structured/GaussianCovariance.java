package org.optimech.designer.structured;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.runtime.exact.Rational;

/**
 * A calibrated Gaussian for a structured statistic: V ~ N(0, Σ), Σ = across·(I − 11ᵀ/d) + along·11ᵀ/d.
 *
 * @param across the variance orthogonal to 1, &gt; 0
 * @param along the variance along 1/√d (0: noise in the hyperplane Σx = 0)
 * @param sensitivity Δ_Σ, at least √(sup uᵀΣ⁻¹u) over the adjacent outputs (a 17-digit decimal rounded up)
 * @param supremum sup uᵀΣ⁻¹u over the adjacent outputs' classes, exactly
 * @param supremumExact whether the classes are attained (otherwise the supremum is an upper bound)
 */
public record GaussianCovariance(BigDecimal across, BigDecimal along, BigDecimal sensitivity, Rational supremum, boolean supremumExact) {
    public GaussianCovariance {
        Objects.requireNonNull(across, "across");
        Objects.requireNonNull(along, "along");
        Objects.requireNonNull(sensitivity, "sensitivity");
        Objects.requireNonNull(supremum, "supremum");
    }

    /** E‖V‖² = (d − 1)·across + along. */
    public double trace(int d) {
        return (d - 1) * across.doubleValue() + along.doubleValue();
    }

    /** The largest eigenvalue of Σ. */
    public double worstDirection(int d) {
        return d == 1 ? along.doubleValue() : Math.max(across.doubleValue(), along.doubleValue());
    }

    /** Whether Σ is a multiple of the identity. */
    public boolean spherical() {
        return across.compareTo(along) == 0;
    }
}
