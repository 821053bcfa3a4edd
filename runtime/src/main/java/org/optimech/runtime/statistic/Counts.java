package org.optimech.runtime.statistic;

import java.util.List;

/**
 * Counts over d items where each record adds 1 to at most k of them (JSON
 * {@code {"counts": {"dimension": d, "max_nonzero": k}}}): the non-negative {@link BoundedContribution} with c = 1, whose
 * hull it shares (the 0/1 vectors with at most k ones span Q = [0, 1]^d ∩ {Σx ≤ k}).
 *
 * @param dimension d
 * @param maxNonzero k in [1, d]
 */
public record Counts(int dimension, int maxNonzero) implements StructuredStatistic {
    public Counts {
        StructuredStatistic.checkDimension("dimension", dimension, 1);
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
        return "counts";
    }

    @Override
    public List<String> names() {
        return StructuredStatistic.defaultNames(dimension);
    }

    @Override
    public double[][] records(int limit) {
        return StructuredStatistic.sparseVectors(dimension, maxNonzero, new double[] {1}, limit);
    }
}
