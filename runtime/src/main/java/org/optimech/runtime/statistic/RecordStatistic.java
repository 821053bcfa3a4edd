package org.optimech.runtime.statistic;

import java.util.List;

/**
 * t listed for every possible record (the public record domain, never a dataset): the user asserts the list is complete.
 *
 * @param records t(x) per record as doubles, one row each (copied in and out)
 * @param names one name per coordinate
 */
public record RecordStatistic(double[][] records, List<String> names) implements Statistic {
    public RecordStatistic {
        records = Matrices.checkedCopy(records, "records");
        names = List.copyOf(names);
        if (names.size() != records[0].length) {
            throw new IllegalArgumentException("names must have one entry per coordinate (" + records[0].length + "). Provided: " + names.size());
        }
    }

    @Override
    public double[][] records() {
        return Matrices.copy(records);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public int dimension() {
        return records[0].length;
    }
}
