package org.optimech.runtime.statistic;

import java.util.List;

/**
 * The adjacent output space given directly: the vectors T(X) − T(X′) of neighbouring datasets (closed under negation by
 * whoever reads it). The user asserts the list is complete.
 *
 * @param differences one vector per row as doubles (copied in and out)
 * @param names one name per coordinate
 */
public record DifferenceStatistic(double[][] differences, List<String> names) implements Statistic {
    public DifferenceStatistic {
        differences = Matrices.checkedCopy(differences, "differences");
        names = List.copyOf(names);
        if (names.size() != differences[0].length) {
            throw new IllegalArgumentException("names must have one entry per coordinate (" + differences[0].length + "). Provided: " + names.size());
        }
    }

    @Override
    public double[][] differences() {
        return Matrices.copy(differences);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public int dimension() {
        return differences[0].length;
    }
}
