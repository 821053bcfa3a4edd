package org.optimech.runtime.statistic;

import java.util.List;

/**
 * A per-record statistic t: records → ℝ^d, in one of four forms: {@link PolynomialStatistic polynomial features} of box
 * (and categorical) variables, {@link RecordStatistic t listed for every possible record}, the {@link DifferenceStatistic
 * adjacent outputs themselves}, or a {@link StructuredStatistic statistic of known structure} (bounded contributions, counts,
 * rankings, ordered counts) whose hull has a closed form.
 */
public sealed interface Statistic permits PolynomialStatistic, RecordStatistic, DifferenceStatistic, StructuredStatistic {
    /** The dimension d of t. */
    int dimension();

    /** One name per coordinate. */
    List<String> names();
}
