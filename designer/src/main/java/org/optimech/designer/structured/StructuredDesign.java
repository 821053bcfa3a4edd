package org.optimech.designer.structured;

import java.util.List;
import java.util.Objects;
import org.optimech.designer.problem.Criterion;

/**
 * The comparison of the candidate bodies for a structured statistic and the one stored.
 *
 * @param hull the hull of the adjacent outputs, in words
 * @param hullExact whether the {@code hull} candidate's body (times its Δ) is exactly that hull (otherwise a certified outer body)
 * @param hullNote how the {@code hull} candidate's body relates to the hull
 * @param candidates the compared candidates, in the problem's order
 * @param selected the candidate the criterion picks
 * @param stored the candidate stored in the spec (the selected one unless another was asked for)
 * @param skipped candidates the problem listed that were not compared, each with the reason
 * @param containment containment[a][b]: candidate a's scaled body lies inside b's (null where not decided: a Gaussian, a prism)
 */
public record StructuredDesign(Criterion criterion, String hull, boolean hullExact, String hullNote, List<StructuredCandidate> candidates,
        StructuredCandidate selected, StructuredCandidate stored, List<String> skipped, Boolean[][] containment) {
    public StructuredDesign {
        Boolean[][] copy = new Boolean[containment.length][];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = containment[i].clone();
        }
        containment = copy;
        Objects.requireNonNull(criterion, "criterion");
        Objects.requireNonNull(hull, "hull");
        Objects.requireNonNull(hullNote, "hullNote");
        Objects.requireNonNull(selected, "selected");
        Objects.requireNonNull(stored, "stored");
        candidates = List.copyOf(candidates);
        skipped = List.copyOf(skipped);
    }

    @Override
    public Boolean[][] containment() {
        Boolean[][] copy = new Boolean[containment.length][];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = containment[i].clone();
        }
        return copy;
    }

    /** The compared candidate of this name. */
    public java.util.Optional<StructuredCandidate> candidate(String name) {
        return candidates.stream().filter(c -> c.name().equals(name)).findFirst();
    }
}
