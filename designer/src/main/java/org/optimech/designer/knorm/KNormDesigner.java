package org.optimech.designer.knorm;

import java.util.Objects;
import java.util.function.Consumer;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.geometry.adjacent.AdjacentOutputSpace;
import org.optimech.geometry.adjacent.StatisticSpaces;
import org.optimech.geometry.support.CurvedOutputSpace;
import org.optimech.runtime.statistic.DifferenceStatistic;
import org.optimech.runtime.statistic.PolynomialStatistic;
import org.optimech.runtime.statistic.RecordStatistic;
import org.optimech.runtime.statistic.StructuredStatistic;

/**
 * Designs a K-norm problem: builds its adjacent output space (finite and exact, or curved through certified support
 * bounds) and compares the candidate bodies over it. Where a parsed problem meets geometry.
 */
public final class KNormDesigner {
    /** Relative gap of each certified support bound of a curved S_T. */
    public static final double CURVED_TOLERANCE = 1e-7;
    /** Box budget of each interval branch and bound over a curved S_T. */
    public static final long CURVED_MAX_BOXES = 2_000_000;

    private KNormDesigner() {
    }

    /** {@link #compare(KNormProblem, Consumer)} without progress lines. */
    public static KNormComparison.Result compare(KNormProblem problem) throws InvalidProblemException {
        return compare(problem, message -> { });
    }

    /**
     * Compares the problem's candidate bodies over its adjacent output space, reporting each stage to {@code progress}.
     *
     * @throws InvalidProblemException when the statistic's S_T cannot be built (too large, not exactly representable, only
     *     the origin); the pointer names the statistic
     */
    public static KNormComparison.Result compare(KNormProblem problem, Consumer<String> progress) throws InvalidProblemException {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(progress, "progress");
        double epsilon = problem.epsilon().doubleValue();
        if (problem.statistic() instanceof StructuredStatistic s) {
            // its adjacent output space has up to 3^d points: compared in closed form by designer.structured instead
            throw new InvalidProblemException("/statistic", "the " + s.form() + " statistic is designed in closed form (org.optimech.designer.structured"
                    + ".StructuredDesigner, or Designers.design), not over an enumerated adjacent output space");
        }
        try {
            if (problem.oracle() != null) {
                return KNormComparison.compareCurved(problem.oracle(), epsilon, problem.candidates(), problem.criterion(), progress);
            }
            if (StatisticSpaces.isFinite(problem.statistic())) {
                AdjacentOutputSpace space = StatisticSpaces.finite(problem.statistic(), problem.relation());
                return KNormComparison.compare(space, epsilon, problem.candidates(), problem.criterion());
            }
            CurvedOutputSpace curved = StatisticSpaces.curved((PolynomialStatistic) problem.statistic(), problem.relation(), CURVED_TOLERANCE, CURVED_MAX_BOXES);
            return KNormComparison.compareCurved(curved, epsilon, problem.candidates(), problem.criterion(), progress);
        } catch (IllegalArgumentException e) {
            String ptr = problem.statistic() instanceof RecordStatistic ? "/statistic/records"
                    : problem.statistic() instanceof DifferenceStatistic ? "/statistic/differences" : "/statistic";
            throw new InvalidProblemException(ptr, e.getMessage());
        }
    }
}
