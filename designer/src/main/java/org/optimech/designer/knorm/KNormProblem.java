package org.optimech.designer.knorm;

import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;

import java.math.BigDecimal;
import java.util.List;
import org.optimech.geometry.adjacent.AdjacentOutputSpace;
import org.optimech.runtime.spec.Relation;
import org.optimech.geometry.support.SupportOracle;

/**
 * A K-norm design problem: a vector statistic's adjacent output space, ε, the candidate bodies and the
 * criterion. S_T is either finite ({@code space}, exact) or known through certified support bounds
 * ({@code curved}: polynomial features of degree above 1 on a box, or any user-supplied
 * {@link SupportOracle} through the Java API); exactly one is set.
 *
 * @param featureNames the statistic's coordinates, in order
 * @param provenance how S_T was obtained and which numbers the user asserted
 * @param pointsAsserted whether a finite S_T comes from records or differences the user declared complete (rather than
 *     computed exactly from the statistic's definition)
 * @param document the problem as given (recorded in a spec's design block)
 */
public record KNormProblem(String name, BigDecimal epsilon, AdjacentOutputSpace space, SupportOracle curved, Relation relation,
        List<String> featureNames, List<String> candidates, Criterion criterion, String provenance, boolean pointsAsserted, JsonObject document) {
    public KNormProblem {
        featureNames = List.copyOf(featureNames);
        java.util.Objects.requireNonNull(document, "document");
        candidates = List.copyOf(candidates);
        if ((space == null) == (curved == null)) {
            throw new IllegalArgumentException("exactly one of space and curved must be given");
        }
        int d = space != null ? space.dimension() : curved.dimension(); // fields are not assigned yet in a compact constructor
        if (featureNames.size() != d) {
            throw new IllegalArgumentException("featureNames must have " + d + " entries");
        }
    }

    public int dimension() {
        return space != null ? space.dimension() : curved.dimension();
    }

    /**
     * A problem over a user-supplied feature map: its adjacent output space through the user's certified support
     * function (Java API).
     */
    public static KNormProblem ofOracle(String name, BigDecimal epsilon, SupportOracle oracle, Relation relation, List<String> featureNames,
            List<String> candidates, Criterion criterion) {
        JsonObject doc = JsonObject.builder().put("kind", "knorm").put("name", name).put("epsilon", epsilon.toString()).put("neighbours", relation.json())
                .put("statistic", JsonObject.builder().put("support_oracle", oracle.getClass().getName())
                        .put("names", JsonArray.ofStrings(featureNames)).build())
                .put("candidates", JsonArray.ofStrings(candidates)).put("criterion", criterion.json()).build();
        return new KNormProblem(name, epsilon, null, oracle, relation, featureNames, candidates, criterion,
                "user-supplied feature map with a user-supplied certified support function (" + oracle.getClass().getSimpleName() + ")", true, doc);
    }

    /** A one-line description of S_T. */
    public String describeSpace() {
        return space != null ? space.size() + " points" : "curved (certified support bounds)";
    }

    /** Compares the candidates. */
    public KNormComparison.Result compare() {
        return compare(message -> { });
    }

    /** Compares the candidates, reporting the stages of a curved S_T's certification to {@code progress}. */
    public KNormComparison.Result compare(java.util.function.Consumer<String> progress) {
        return space != null ? KNormComparison.compare(space, epsilon.doubleValue(), candidates, criterion)
                : KNormComparison.compareCurved(curved, epsilon.doubleValue(), candidates, criterion, progress);
    }
}
