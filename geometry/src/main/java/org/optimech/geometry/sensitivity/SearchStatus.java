package org.optimech.geometry.sensitivity;

/**
 * A progress report of a running search.
 *
 * @param stage what is being bounded
 * @param nodes boxes evaluated so far
 * @param lower the best witness value (a point attains it)
 * @param upper the certified upper bound so far
 * @param elapsedSeconds time spent in this search
 */
public record SearchStatus(String stage, long nodes, double lower, double upper, double elapsedSeconds) {
    /** (upper − lower)/|lower|, or infinity when lower is 0. */
    public double relativeGap() {
        return lower == 0 ? Double.POSITIVE_INFINITY : (upper - lower) / Math.abs(lower);
    }
}
