package org.optimech.designer.knorm;

import java.math.BigDecimal;
import java.util.List;
import org.optimech.geometry.adjacent.AdjacentOutputSpace;

/**
 * A K-norm design problem: a vector statistic's adjacent output space, ε, the candidate bodies and the
 * criterion.
 *
 * @param featureNames the statistic's coordinates, in order
 * @param provenance how S_T was obtained (listed records, box vertices of multilinear features, explicit
 *     differences) and which numbers the user asserted
 */
public record KNormProblem(String name, BigDecimal epsilon, AdjacentOutputSpace space, List<String> featureNames, List<String> candidates,
        Criterion criterion, String provenance) {
    public KNormProblem {
        featureNames = List.copyOf(featureNames);
        candidates = List.copyOf(candidates);
        if (featureNames.size() != space.dimension()) {
            throw new IllegalArgumentException("featureNames must have " + space.dimension() + " entries");
        }
    }

    /** Compares the candidates. */
    public KNormComparison.Result compare() {
        return KNormComparison.compare(space, epsilon.doubleValue(), candidates, criterion);
    }
}
