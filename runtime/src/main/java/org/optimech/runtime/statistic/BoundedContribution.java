package org.optimech.runtime.statistic;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * A sum over records of vectors x ∈ ℝ^d with |x_j| ≤ c and at most k non-zero coordinates (JSON
 * {@code {"bounded_contribution": {"dimension": d, "max_abs": c, "max_nonzero": k, "nonnegative": false}}}). Signed
 * contributions span c·(B∞ ∩ k·B1) (the sum ball) under add/remove and twice that under substitution; non-negative ones span
 * c·Q with Q = [0, 1]^d ∩ {Σx ≤ k}, so the adjacent outputs' hull is c·(Q − Q) (the count ball) under substitution and
 * c·conv(Q ∪ −Q) under add/remove.
 *
 * @param dimension d
 * @param maxAbs c &gt; 0, exact
 * @param maxNonzero k in [1, d]
 * @param nonnegative whether every contribution is ≥ 0
 */
public record BoundedContribution(int dimension, BigDecimal maxAbs, int maxNonzero, boolean nonnegative) implements StructuredStatistic {
    public BoundedContribution {
        StructuredStatistic.checkDimension("dimension", dimension, 1);
        Objects.requireNonNull(maxAbs, "maxAbs");
        if (maxAbs.signum() <= 0) {
            throw new IllegalArgumentException("max_abs must be > 0. Provided value: " + maxAbs);
        }
        if (maxNonzero < 1 || maxNonzero > dimension) {
            throw new IllegalArgumentException("max_nonzero must be in [1, dimension = " + dimension + "]. Provided value: " + maxNonzero);
        }
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public String form() {
        return "bounded_contribution";
    }

    @Override
    public List<String> names() {
        return StructuredStatistic.defaultNames(dimension);
    }

    @Override
    public double[][] records(int limit) {
        double c = maxAbs.doubleValue();
        if (new BigDecimal(c).compareTo(maxAbs) != 0) {
            return null; // the generic path computes with doubles: only an exact double bound is enumerated
        }
        return StructuredStatistic.sparseVectors(dimension, maxNonzero, nonnegative ? new double[] {c} : new double[] {c, -c}, limit);
    }
}
