package org.optimech.geometry.support;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.optimech.geometry.hull.ConvexHull;
import org.optimech.geometry.hull.HullBudget;
import org.optimech.geometry.hull.QuickHull;

/**
 * A polytope body for a curved S_T given by a {@link SupportOracle}: an inner polytope P (the hull of witness points of S_T, refined
 * where a facet's certified support exceeds it) together with the certified gauge bound
 * Δ = sup over S_T of ‖u‖_P = max over P's facets f of h(n_f)/c_f. The K-norm mechanism with body P
 * and sensitivity Δ is private whatever P is; the refinement only makes Δ approach 1 (P approach the
 * hull of S_T). {@code Δ − 1} is the stated sandwich tolerance: S_T ⊂ Δ·P and P's vertices are (up to
 * floating-point evaluation of t) points of S_T.
 */
public final class Sandwich {
    /**
     * @param hull the inner polytope P (null only when a stop came before any round was certified on all its facets)
     * @param sensitivity certified Δ ≥ sup over S_T of the gauge of P
     * @param rounds refinement rounds
     * @param supports support-function evaluations
     * @param stoppedBecause why the refinement ended before its tolerance or round limit (null when it did not)
     */
    public record Result(ConvexHull hull, double sensitivity, int rounds, int supports, String stoppedBecause) {
    }

    private Sandwich() {
    }

    /**
     * @param tolerance refine until Δ ≤ 1 + tolerance (or maxRounds)
     * @throws IllegalArgumentException if S_T is not full-dimensional around the origin
     */
    public static Result build(SupportOracle space, double tolerance, int maxRounds) {
        return build(space, tolerance, maxRounds, message -> { });
    }

    /** As {@link #build(SupportOracle, double, int)}, reporting each round to {@code progress}. */
    public static Result build(SupportOracle space, double tolerance, int maxRounds, java.util.function.Consumer<String> progress) {
        return build(space, tolerance, maxRounds, progress, () -> false);
    }

    /**
     * As {@link #build(SupportOracle, double, int, java.util.function.Consumer)}, stopping after the first round that ends with
     * {@code stop} true: every round's Δ is certified, so the body returned is private whenever it stops, only coarser.
     */
    public static Result build(SupportOracle space, double tolerance, int maxRounds, java.util.function.Consumer<String> progress,
            java.util.function.BooleanSupplier stop) {
        return build(space, tolerance, maxRounds, progress, stop, Long.MAX_VALUE, Long.MAX_VALUE);
    }

    /**
     * As {@link #build(SupportOracle, double, int, java.util.function.Consumer, java.util.function.BooleanSupplier)}, with each
     * round's hull planned before it is certified: every facet needs one certified support, so a round may hold at most
     * {@code maxFacets} (its memory) and at most as many facets as the supports the time left to {@code endNanos} allows at
     * the rate measured on the supports so far. A round whose hull grows past that estimate is abandoned within one Quickhull
     * step (and the stop is also checked inside Quickhull), keeping the last round whose every facet was certified.
     *
     * @param endNanos the {@link System#nanoTime()} the whole build must end by (Long.MAX_VALUE: none)
     */
    public static Result build(SupportOracle space, double tolerance, int maxRounds, java.util.function.Consumer<String> progress,
            java.util.function.BooleanSupplier stop, long maxFacets, long endNanos) {
        int d = space.dimension();
        long started = System.nanoTime();
        List<double[]> points = new ArrayList<>();
        int supports = 0;
        // start: ± each axis and, in 2-D, 16 directions around the circle
        List<double[]> dirs = new ArrayList<>();
        for (int k = 0; k < d; k++) {
            double[] e = new double[d];
            e[k] = 1;
            dirs.add(e);
            double[] f = new double[d];
            f[k] = -1;
            dirs.add(f);
        }
        if (d == 2) {
            for (int i = 0; i < 16; i++) {
                double th = 2 * Math.PI * (i + 0.5) / 16;
                dirs.add(new double[] {Math.cos(th), Math.sin(th)});
            }
        } else {
            for (int mask = 0; mask < (1 << d) && mask < 4096; mask++) {
                double[] s = new double[d];
                for (int k = 0; k < d; k++) {
                    s[k] = ((mask >> k) & 1) == 1 ? 1 : -1;
                }
                dirs.add(s);
            }
        }
        for (double[] a : dirs) {
            if (stop.getAsBoolean()) {
                progress.accept("sandwich stopped by the time limit while collecting its first witnesses (" + supports + " of " + dirs.size() + ")");
                return new Result(null, Double.POSITIVE_INFINITY, 0, supports, "stopped by the time limit while collecting its first witnesses");
            }
            points.add(space.supportValue(a).point());
            supports++;
        }
        double[] extent = new double[d]; // sup |u_k| over S_T, for the slack of rounded normals
        for (int k = 0; k < d; k++) {
            double[] e = new double[d];
            e[k] = 1;
            extent[k] = space.supportValue(e).upper();
            supports++;
        }
        ConvexHull hull = null;
        double delta = Double.POSITIVE_INFINITY;
        int round = 0;
        long lastReport = System.nanoTime();
        while (round < maxRounds) {
            ConvexHull certified = hull;
            double certifiedDelta = delta;
            round++;
            double nanosPerSupport = (double) (System.nanoTime() - started) / Math.max(1, supports);
            long byTime = endNanos == Long.MAX_VALUE ? Long.MAX_VALUE : (long) Math.max(1, (endNanos - System.nanoTime()) / nanosPerSupport);
            long budget = Math.min(maxFacets, byTime);
            progress.accept(String.format(java.util.Locale.ROOT, "sandwich round %d: hull of %d witness points%s", round, points.size(),
                    budget == Long.MAX_VALUE ? "" : String.format(java.util.Locale.ROOT, " (budget %,d facets: %s)", budget, byTime < maxFacets
                            ? String.format(java.util.Locale.ROOT, "the supports the time left allows at %.2f ms each", nanosPerSupport / 1e6) : "its memory share")));
            try {
                hull = QuickHull.of(points.toArray(new double[0][]), new HullBudget(budget, stop));
            } catch (HullBudget.Exceeded e) {
                progress.accept(String.format(java.util.Locale.ROOT, "sandwich round %d abandoned: %s%s; %s", round, e.getMessage(), e.stopped() ? ""
                        : byTime < maxFacets ? String.format(java.util.Locale.ROOT, ", more facets than the %,d certified supports the time left allows at %.2f ms each",
                                byTime, nanosPerSupport / 1e6) : ", past its share of the heap", certified == null ? "no round was complete, so there is no certified hull"
                                        : "keeping round " + (round - 1) + " at certified gauge bound " + certifiedDelta));
                return new Result(certified, certified == null ? Double.POSITIVE_INFINITY : certifiedDelta, round - 1, supports,
                        (e.stopped() ? "stopped by the time limit in round " : "abandoned by its size estimate in round ") + round + ": " + e.getMessage());
            }
            int[] pivots = hull.span().pivots();
            if (!hull.span().isFull() && !space.liesIn(hull.span())) {
                throw new IllegalArgumentException("S_T spans only " + hull.dimension() + " of " + d + " dimensions; reduce the features first");
            }
            // in a proved subspace the hull's coordinates are x[pivots]: its facet normals act on S_T through those coordinates
            double[] pivotExtent = new double[pivots.length];
            for (int i = 0; i < pivots.length; i++) {
                pivotExtent[i] = extent[pivots[i]];
            }
            delta = 0;
            List<double[]> added = new ArrayList<>();
            int done = 0;
            for (ConvexHull.Facet f : hull.facets()) {
                if (stop.getAsBoolean()) {
                    // this round's Δ covers only the facets done: keep the last round whose every facet was certified (none: no body)
                    progress.accept(String.format(java.util.Locale.ROOT, "sandwich stopped by the time limit in round %d after %d of %d facets; %s", round,
                            done, hull.facets().size(), certified == null ? "no round was complete, so there is no certified hull"
                                    : "keeping round " + (round - 1) + " at certified gauge bound " + certifiedDelta));
                    return new Result(certified, certified == null ? Double.POSITIVE_INFINITY : certifiedDelta, round - 1, supports,
                            "stopped by the time limit in round " + round + " after " + done + " of " + hull.facets().size() + " facets");
                }
                if (System.nanoTime() - lastReport > 2_000_000_000L) {
                    lastReport = System.nanoTime();
                    progress.accept(String.format(java.util.Locale.ROOT, "  sandwich round %d: %,d of %,d facets certified, gauge bound so far %.9f", round, done,
                            hull.facets().size(), delta));
                }
                done++;
                if (f.exactOffset().signum() <= 0) {
                    throw new IllegalArgumentException("the origin is not strictly inside the witnesses' hull");
                }
                double[] n = f.normal(); // exact normal scaled by a power of two, rounded if wider than 53 bits
                double[] lifted = new double[d];
                for (int i = 0; i < pivots.length; i++) {
                    lifted[pivots[i]] = n[i];
                }
                SupportOracle.Value h = space.supportValue(lifted);
                supports++;
                double slack = roundingSlack(f.exactNormal(), n, pivotExtent);
                double offset = offsetLowerBound(f.exactOffset(), f.exactNormal(), n, hull.shift());
                double ratio = Math.nextUp(Math.nextUp(h.upper() + slack) / offset);
                delta = Math.max(delta, ratio);
                if (ratio > 1 + tolerance) {
                    added.add(h.point());
                }
            }
            progress.accept(String.format(java.util.Locale.ROOT, "sandwich round %d: %d vertices, %d facets, certified gauge bound %.9f; %d points added",
                    round, hull.vertexCount(), hull.facets().size(), delta, added.size()));
            if (added.isEmpty()) {
                break;
            }
            if (stop.getAsBoolean()) {
                progress.accept("sandwich stopped by the time limit after round " + round + " at certified gauge bound " + delta);
                return new Result(hull, delta, round, supports, "stopped by the time limit after round " + round);
            }
            points.addAll(added);
        }
        return new Result(hull, delta, round, supports, null);
    }

    /**
     * Σ|n_j − nd_j|·extent_j, rounded up: how much the support in the exact normal's direction (scaled like nd) can
     * exceed the support in the rounded direction nd.
     */
    static double roundingSlack(BigInteger[] exact, double[] nd, double[] extent) {
        int bits = 0;
        for (BigInteger x : exact) {
            bits = Math.max(bits, x.bitLength());
        }
        double s = 0;
        for (int j = 0; j < nd.length; j++) {
            double e = new java.math.BigDecimal(exact[j]).multiply(new java.math.BigDecimal(Math.scalb(1.0, -bits)))
                    .subtract(new java.math.BigDecimal(nd[j])).abs().doubleValue();
            s = Math.nextUp(s + Math.nextUp(Math.nextUp(e) * extent[j]));
        }
        return s;
    }

    /** The facet's offset in the units of nd (exact normal scaled by 2^-bits), as a double rounded down. */
    static double offsetLowerBound(BigInteger exactOffset, BigInteger[] exactNormal, double[] nd, int shift) {
        int bits = 0;
        for (BigInteger x : exactNormal) {
            bits = Math.max(bits, x.bitLength());
        }
        java.math.BigDecimal c = new java.math.BigDecimal(exactOffset).multiply(new java.math.BigDecimal(Math.scalb(1.0, -bits - shift)));
        double v = c.doubleValue();
        if (new java.math.BigDecimal(v).compareTo(c) > 0) {
            v = Math.nextDown(v);
        }
        return v;
    }
}
