package org.optimech.geometry.sensitivity;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.DoublePredicate;

/**
 * Limits of a search: a deadline (System.nanoTime), the most boxes held (a memory plan), and where progress goes.
 * A search's certificate must still be re-proved and stored after it stops, which takes time in proportion to its boxes:
 * {@code reserveNanosPerBox} moves the deadline earlier by that much per box held, so that work ends by the deadline too.
 *
 * @param deadlineNanos stop at this {@link System#nanoTime()} (Long.MAX_VALUE: no deadline)
 * @param maxNodes the most boxes one search may create
 * @param listener receives a status about every {@code reportSeconds}
 * @param reportSeconds seconds between reports
 * @param losing true for a witnessed value that already makes the bounded candidate lose to one certified before it (the
 *     search may then stop: its certified bound can only be larger, so it would lose too)
 */
public record SearchBudget(long deadlineNanos, long maxNodes, Consumer<SearchStatus> listener, double reportSeconds, DoublePredicate losing,
        double reserveNanosPerBox) {
    public SearchBudget {
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(losing, "losing");
        if (!(reserveNanosPerBox >= 0) || Double.isInfinite(reserveNanosPerBox)) {
            throw new IllegalArgumentException("reserveNanosPerBox must be >= 0 and finite. Provided value: " + reserveNanosPerBox);
        }
        if (maxNodes < 1) {
            throw new IllegalArgumentException("maxNodes must be >= 1. Provided value: " + maxNodes);
        }
    }

    /** A budget under which no witness makes the candidate lose. */
    public SearchBudget(long deadlineNanos, long maxNodes, Consumer<SearchStatus> listener, double reportSeconds) {
        this(deadlineNanos, maxNodes, listener, reportSeconds, v -> false, 0);
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

    /** Whether a search holding {@code boxes} must stop now to re-prove and store them by the deadline. */
    public boolean expired(long boxes) {
        return deadlineNanos != Long.MAX_VALUE && System.nanoTime() + (long) Math.min(Long.MAX_VALUE / 4, boxes * reserveNanosPerBox) - deadlineNanos >= 0;
    }

    /** The same budget stopping once a witness makes the candidate lose. */
    public SearchBudget losingWhen(DoublePredicate p) {
        return new SearchBudget(deadlineNanos, maxNodes, listener, reportSeconds, p, reserveNanosPerBox);
    }

    /** The same budget with another deadline. */
    public SearchBudget withDeadline(long nanos) {
        return new SearchBudget(nanos, maxNodes, listener, reportSeconds, losing, reserveNanosPerBox);
    }

    /** The same budget reserving {@code nanosPerBox} of the time before the deadline for each box held. */
    public SearchBudget withReserve(double nanosPerBox) {
        return new SearchBudget(deadlineNanos, maxNodes, listener, reportSeconds, losing, nanosPerBox);
    }
}
