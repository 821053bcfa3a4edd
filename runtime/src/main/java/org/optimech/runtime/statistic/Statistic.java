package org.optimech.runtime.statistic;

import java.util.List;

/**
 * A per-record statistic t: records → ℝ^d, in one of three forms: {@link PolynomialStatistic polynomial features} of box
 * (and categorical) variables, {@link RecordStatistic t listed for every possible record}, or the {@link DifferenceStatistic
 * adjacent outputs themselves}.
 */
public sealed interface Statistic permits PolynomialStatistic, RecordStatistic, DifferenceStatistic {
    /** The dimension d of t. */
    int dimension();

    /** One name per coordinate. */
    List<String> names();
}
