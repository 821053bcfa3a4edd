package org.optimech.geometry.hull;

import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * Limits of one hull construction: the most simplicial facets alive at once (its memory plan) and a stop (a run's
 * deadline), both checked after every point Quickhull adds, so an oversized or late hull ends within one step instead of
 * running to completion. A hull that hits either throws {@link HullBudget.Exceeded}, saying how far it got.
 *
 * @param maxFacets the most simplicial facets alive at once (≥ 1)
 * @param stop true once the construction must end (checked every few points)
 * @param progress receives (points settled, points in all) every few points and at the end: a point is settled once it is a
 *     vertex or known to be inside the hull so far (Quickhull never looks at it again), so the count only grows and reaches the
 *     total when the hull is done
 */
public record HullBudget(long maxFacets, BooleanSupplier stop, java.util.function.BiConsumer<Integer, Integer> progress) {
    /**
     * Bytes one simplicial facet of a d-dimensional hull keeps alive in the K-norm pipeline, rounded up: the hull and its
     * cone triangulation (the body's sampler and second moment are built from it). Measured on hulls of random points on the
     * sphere (20-bit coordinates; heap retained after full collections, per simplicial facet): 881 bytes at d = 6 (43,702
     * facets), 951 at d = 7 (71,904), 1,108 at d = 8 (180,748); this formula gives 890, 1,005 and 1,120. The engine's
     * working arrays while building come on top; the share of the heap a budget takes leaves room for them.
     */
    public static long bytesPerFacet(int d) {
        return 200 + 115L * d;
    }

    /** A budget without progress reports. */
    public HullBudget(long maxFacets, BooleanSupplier stop) {
        this(maxFacets, stop, (settled, total) -> { });
    }

    public HullBudget {
        Objects.requireNonNull(stop, "stop");
        Objects.requireNonNull(progress, "progress");
        if (maxFacets < 1) {
            throw new IllegalArgumentException("maxFacets must be >= 1. Provided value: " + maxFacets);
        }
    }

    /** The same limits, reporting to {@code progress}. */
    public HullBudget reporting(java.util.function.BiConsumer<Integer, Integer> progress) {
        return new HullBudget(maxFacets, stop, progress);
    }

    /** No limit. */
    public static HullBudget none() {
        return new HullBudget(Long.MAX_VALUE, () -> false);
    }

    /** The facets a d-dimensional hull may hold in {@code share} of the heap (the rest is left to the other stages). */
    public static long facetsForHeap(int d, double share) {
        if (!(share > 0) || share > 1) {
            throw new IllegalArgumentException("share must be in (0, 1]. Provided value: " + share);
        }
        return Math.max(1, (long) (Runtime.getRuntime().maxMemory() * share / bytesPerFacet(d)));
    }

    /**
     * The Upper Bound Theorem (McMullen 1970): the most facets a d-polytope with n vertices can have, that of the cyclic
     * polytope, n/(n − m)·C(n − m, m) for d = 2m and 2·C(n − m − 1, m) for d = 2m + 1; saturated at Long.MAX_VALUE. An a-priori
     * bound: when it fits the budget the hull needs no trial; real hulls usually have far fewer facets.
     */
    public static long upperBoundTheorem(long n, int d) {
        if (d < 1 || n < d + 1) {
            throw new IllegalArgumentException("need d >= 1 and n >= d + 1. Provided values: n = " + n + ", d = " + d);
        }
        if (d == 1) {
            return 2;
        }
        int m = d / 2;
        double v = d % 2 == 0 ? (double) n / (n - m) * binomial(n - m, m) : 2 * binomial(n - m - 1, m);
        return v >= 9.2e18 ? Long.MAX_VALUE : Math.round(v);
    }

    private static double binomial(long n, int k) {
        double r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
        }
        return r;
    }

    /**
     * A hull construction that ran past its budget.
     */
    public static final class Exceeded extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final boolean stopped;
        private final long facets;
        private final long pointsAdded;
        private final long points;

        Exceeded(boolean stopped, long facets, long pointsAdded, long points, long maxFacets) {
            super(stopped ? String.format(java.util.Locale.ROOT, "the hull was stopped by the time limit after adding %,d of %,d points (%,d facets so far)",
                    pointsAdded, points, facets)
                    : String.format(java.util.Locale.ROOT, "the hull reached %,d facets (its budget is %,d) after adding %,d of %,d points", facets, maxFacets,
                            pointsAdded, points));
            this.stopped = stopped;
            this.facets = facets;
            this.pointsAdded = pointsAdded;
            this.points = points;
        }

        /** True when the stop ended it, false when the facet budget did. */
        public boolean stopped() {
            return stopped;
        }

        /** Simplicial facets alive when it ended. */
        public long facets() {
            return facets;
        }

        /** Points added to the hull before it ended (vertices so far). */
        public long pointsAdded() {
            return pointsAdded;
        }

        /** Points it was given. */
        public long points() {
            return points;
        }
    }
}
