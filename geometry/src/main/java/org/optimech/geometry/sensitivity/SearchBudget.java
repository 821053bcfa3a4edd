package org.optimech.geometry.sensitivity;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Limits of a search: a deadline (System.nanoTime), the most boxes held (a memory plan), and where progress goes.
 *
 * @param deadlineNanos stop at this {@link System#nanoTime()} (Long.MAX_VALUE: no deadline)
 * @param maxNodes the most boxes one search may create
 * @param listener receives a status about every {@code reportSeconds}
 * @param reportSeconds seconds between reports
 */
public record SearchBudget(long deadlineNanos, long maxNodes, Consumer<SearchStatus> listener, double reportSeconds) {
    public SearchBudget {
        Objects.requireNonNull(listener, "listener");
        if (maxNodes < 1) {
            throw new IllegalArgumentException("maxNodes must be >= 1. Provided value: " + maxNodes);
        }
    }

    /** No deadline, a node budget from the heap (about 400 bytes a box), no reports. */
    public static SearchBudget unlimited() {
        return new SearchBudget(Long.MAX_VALUE, nodesForHeap(), s -> { }, Double.POSITIVE_INFINITY);
    }

    /** The boxes a search may hold: a third of the heap at about 400 bytes a box. */
    public static long nodesForHeap() {
        return Math.max(10_000, Runtime.getRuntime().maxMemory() / 3 / 400);
    }

    public boolean expired() {
        return deadlineNanos != Long.MAX_VALUE && System.nanoTime() - deadlineNanos >= 0;
    }

    /** The same budget with another deadline. */
    public SearchBudget withDeadline(long nanos) {
        return new SearchBudget(nanos, maxNodes, listener, reportSeconds);
    }
}
