package org.optimech.designer.common;

import java.time.Duration;

/**
 * The whole-run time limit of a design: when the run started and when it must end. Long stages divide what remains among
 * themselves and stop at it, keeping the best certified result found so far.
 */
public final class Deadline {
    private final long start;
    private final long end;
    private final Duration limit;

    private Deadline(long start, Duration limit) {
        this(start, limit, limit == null ? Long.MAX_VALUE : start + Math.min(limit.toNanos(), Long.MAX_VALUE / 4));
    }

    private Deadline(long start, Duration limit, long end) {
        this.start = start;
        this.limit = limit;
        this.end = end;
    }

    /**
     * The same run ending earlier by {@code share} of its limit, at most {@code most}: the time held back is for the work that
     * follows the stages (building and checking the spec, writing it).
     *
     * @throws IllegalArgumentException for a share outside [0, 1) or a negative {@code most}
     */
    public Deadline holdingBack(double share, Duration most) {
        if (!(share >= 0 && share < 1) || most.isNegative()) {
            throw new IllegalArgumentException("share must be in [0, 1) and most >= 0. Provided values: " + share + ", " + most);
        }
        if (limit == null) {
            return this;
        }
        long back = Math.min((long) (share * (end - start)), most.toNanos());
        return new Deadline(start, limit, end - back);
    }

    /** No limit. */
    public static Deadline none() {
        return new Deadline(System.nanoTime(), null);
    }

    /**
     * A limit from now.
     *
     * @throws IllegalArgumentException for a limit that is not > 0
     */
    public static Deadline after(Duration limit) {
        if (limit == null) {
            return none();
        }
        if (limit.isZero() || limit.isNegative()) {
            throw new IllegalArgumentException("time limit must be > 0. Provided value: " + limit);
        }
        return new Deadline(System.nanoTime(), limit);
    }

    /** The limit, or null when there is none. */
    public Duration limit() {
        return limit;
    }

    public boolean isLimited() {
        return limit != null;
    }

    public boolean expired() {
        return limit != null && System.nanoTime() - end >= 0;
    }

    public double elapsedSeconds() {
        return (System.nanoTime() - start) / 1e9;
    }

    public double remainingSeconds() {
        return limit == null ? Double.POSITIVE_INFINITY : Math.max(0, (end - System.nanoTime()) / 1e9);
    }

    /** The System.nanoTime() at which the run ends (Long.MAX_VALUE without a limit). */
    public long endNanos() {
        return end;
    }

    /**
     * The end of a stage that is one of {@code stagesLeft} sharing what remains equally (a stage that finishes early leaves
     * its time to the next).
     */
    public long shareNanos(int stagesLeft) {
        if (limit == null) {
            return Long.MAX_VALUE;
        }
        long now = System.nanoTime();
        return now + Math.max(0, (end - now) / Math.max(1, stagesLeft));
    }

    /** The per-solve limit clamped to what remains of the run. */
    public Duration clamp(Duration perSolve) {
        if (limit == null) {
            return perSolve;
        }
        Duration left = Duration.ofNanos(Math.max(1_000_000, end - System.nanoTime()));
        return perSolve.compareTo(left) < 0 ? perSolve : left;
    }
}
