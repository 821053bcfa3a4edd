package org.optimech.geometry.adjacent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.optimech.runtime.spec.Relation;
import org.optimech.geometry.hull.HullBudget;
import org.optimech.geometry.hull.QuickHull;

/**
 * A finite adjacent output space: the difference vectors themselves, deduplicated. For a record domain
 * larger than {@link #PRUNE_ABOVE} distinct records in at most {@link #PRUNE_MAX_DIMENSION} dimensions (or too many to pair), only the vertices W of the records' hull are kept:
 * conv(S_T) = conv(W − W) (or conv(±W)), so hulls, gauges and every norm's supremum are unchanged.
 * Every difference is
 * computed exactly or refused: t(x) − t(x′) of two doubles is checked to be representable, since a
 * rounded difference could fall inside the true S_T and make a body too small.
 */
public final class AdjacentOutputSpace {
    /** Largest number of differences built (a finite domain of k records gives up to k² under substitution). */
    public static final int MAX_POINTS = 4_000_000;
    /** Record domains with more distinct records are pruned to their hull's vertices first. */
    public static final int PRUNE_ABOVE = 64;
    /** Above this dimension records are pruned to their hull's vertices only when S_T would otherwise exceed {@link #MAX_POINTS}. */
    public static final int PRUNE_MAX_DIMENSION = 8;

    private final double[][] points;
    private final Relation relation;

    private AdjacentOutputSpace(double[][] points, Relation relation) {
        this.points = points;
        this.relation = relation;
    }

    /**
     * S_T of an additive statistic over a finite record domain.
     *
     * @param features t(x) for every possible record x (the public domain, not a dataset), one row each
     * @throws IllegalArgumentException for an empty domain, rows of different lengths, non-finite values,
     *     a difference that is not exactly representable, or more than {@link #MAX_POINTS} differences
     */
    public static AdjacentOutputSpace finiteDomain(double[][] features, Relation relation) {
        return finiteDomain(features, relation, () -> false);
    }

    /** The share of the heap the records' pruning hull may take (S_T, built after it, takes its own). */
    public static final double PRUNE_HEAP_SHARE = 1.0 / 3;

    /**
     * Thrown when S_T is not built because it (or the records' hull that would prune it) is larger than the limits: more than
     * {@link #MAX_POINTS} points, or a pruning hull beyond {@link #PRUNE_HEAP_SHARE} of the heap. Nothing is kept.
     */
    public static final class TooLarge extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        TooLarge(String message) {
            super(message);
        }
    }

    /**
     * Thrown when the stop given to {@link #finiteDomain(double[][], Relation, java.util.function.BooleanSupplier)} turns true
     * before S_T is built; nothing is kept.
     */
    public static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final long built;
        private final long points;

        Stopped(long built, long points) {
            this(String.format(java.util.Locale.ROOT, "building the adjacent output space was stopped by the time limit after %,d of about %,d points", built,
                    points), built, points);
        }

        private Stopped(String message, long built, long points) {
            super(message);
            this.built = built;
            this.points = points;
        }

        /** Differences built when it stopped. */
        public long built() {
            return built;
        }

        /** Differences S_T would have had before deduplication. */
        public long points() {
            return points;
        }
    }

    /**
     * As {@link #finiteDomain(double[][], Relation)}, looking at {@code stop} once per record and every few thousand points while
     * deduplicating, and abandoning the build when it turns true.
     *
     * @throws Stopped when the stop turned true first
     */
    public static AdjacentOutputSpace finiteDomain(double[][] features, Relation relation, java.util.function.BooleanSupplier stop) {
        return finiteDomain(features, relation, stop, null);
    }

    /**
     * As {@link #finiteDomain(double[][], Relation, java.util.function.BooleanSupplier)}, reporting {@code (done, total)} for a
     * progress display once the number of differences {@code n} is known (after any pruning to the records' hull): {@code total}
     * is {@code 2n}, the differences formed and then deduplicated, one unit per point each; reported per record while forming
     * and every 4,096 points while deduplicating, so the counts only grow and end at {@code total} when the space is built.
     *
     * @param progress called on the building thread, or null for none
     */
    public static AdjacentOutputSpace finiteDomain(double[][] features, Relation relation, java.util.function.BooleanSupplier stop,
            java.util.function.BiConsumer<Long, Long> progress) {
        return finiteDomain(features, relation, stop, null, progress);
    }

    /**
     * As {@link #finiteDomain(double[][], Relation, java.util.function.BooleanSupplier, java.util.function.BiConsumer)}, also
     * reporting the pruning to the records' hull (more than {@link #PRUNE_ABOVE} distinct records, see the class comment) as
     * {@code (records settled, distinct records)}: a record is settled once it is a vertex or known to be inside (see {@link
     * HullBudget#progress()}). When the pruning hull is abandoned (it would hold more facets than S_T has points) its counts
     * stop short of the total, and the differences' counts follow.
     *
     * @param pruning called on the building thread while the records' hull is built, or null for none
     */
    public static AdjacentOutputSpace finiteDomain(double[][] features, Relation relation, java.util.function.BooleanSupplier stop,
            java.util.function.BiConsumer<Integer, Integer> pruning, java.util.function.BiConsumer<Long, Long> progress) {
        java.util.Objects.requireNonNull(stop, "stop");
        java.util.function.BiConsumer<Integer, Integer> settled = pruning == null ? (done, total) -> { } : pruning;
        int d = requireRecords(features);
        double[][] distinct = distinct(Arrays.asList(features));
        long unpruned = relation == Relation.SUBSTITUTION ? (long) distinct.length * distinct.length : 2L * distinct.length;
        // the records' hull is cheap in low dimensions and the only way to shrink too many points; elsewhere it costs more than it saves
        if (distinct.length > PRUNE_ABOVE && (d <= PRUNE_MAX_DIMENSION || unpruned > MAX_POINTS)) {
            int[] v = null;
            // bounded by a share of the heap as well, so a records' hull too large for memory ends as "not built", never as an
            // OutOfMemoryError
            long heapFacets = HullBudget.facetsForHeap(d, PRUNE_HEAP_SHARE);
            if (unpruned > MAX_POINTS) {
                try {
                    v = QuickHull.of(distinct, new HullBudget(heapFacets, stop, settled)).vertices();
                } catch (HullBudget.Exceeded e) {
                    if (e.stopped()) {
                        throw new Stopped("building the adjacent output space was stopped by the time limit while pruning its " + distinct.length
                                + " distinct records to their hull's vertices (" + e.getMessage() + ")", 0, unpruned);
                    }
                    throw new TooLarge("the adjacent output space was not built: the hull of its " + distinct.length + " distinct records, needed to "
                            + "prune its " + unpruned + " points to at most " + MAX_POINTS + ", did not fit its share of the heap (" + e.getMessage() + ")");
                }
            } else {
                // only a saving here: abandoned once the records' hull holds more facets than S_T would have points unpruned
                try {
                    v = QuickHull.of(distinct, new HullBudget(Math.min(unpruned, heapFacets), stop, settled)).vertices();
                } catch (HullBudget.Exceeded e) {
                    if (e.stopped()) {
                        throw new Stopped("building the adjacent output space was stopped by the time limit while pruning its " + distinct.length
                                + " distinct records to their hull's vertices (" + e.getMessage() + ")", 0, unpruned);
                    }
                    v = null;
                }
            }
            if (v != null) {
                double[][] kept = new double[v.length][];
                for (int k = 0; k < v.length; k++) {
                    kept[k] = distinct[v[k]];
                }
                distinct = kept;
            }
        }
        long count = relation == Relation.SUBSTITUTION ? (long) distinct.length * distinct.length : 2L * distinct.length;
        if (count > MAX_POINTS) {
            throw new TooLarge("the adjacent output space would have " + count + " points (" + distinct.length
                    + " distinct records); at most " + MAX_POINTS + " are built");
        }
        List<double[]> out = new ArrayList<>();
        if (progress != null) {
            progress.accept(0L, 2 * count);
        }
        if (relation == Relation.ADD_REMOVE) {
            for (double[] t : distinct) {
                out.add(t.clone());
                double[] neg = new double[d];
                for (int j = 0; j < d; j++) {
                    neg[j] = -t[j];
                }
                out.add(neg);
            }
        } else {
            for (int a = 0; a < distinct.length; a++) {
                if (stop.getAsBoolean()) {
                    throw new Stopped(out.size(), count);
                }
                for (int b = 0; b < distinct.length; b++) {
                    double[] u = new double[d];
                    for (int j = 0; j < d; j++) {
                        u[j] = exactDifference(distinct[a][j], distinct[b][j], a, b, j);
                    }
                    out.add(u);
                }
                if (progress != null) {
                    progress.accept((long) out.size(), 2 * count);
                }
            }
        }
        return new AdjacentOutputSpace(distinct(out, stop, count, progress), relation);
    }

    /**
     * Checks a finite record domain: not empty, at least one feature, every record as long as the first, every value finite.
     *
     * @return the number of features
     * @throws IllegalArgumentException naming the record and feature at fault
     */
    public static int requireRecords(double[][] features) {
        if (features == null || features.length == 0) {
            throw new IllegalArgumentException("records must not be empty");
        }
        int d = features[0].length;
        if (d == 0) {
            throw new IllegalArgumentException("records must have at least one feature");
        }
        for (int i = 0; i < features.length; i++) {
            if (features[i].length != d) {
                throw new IllegalArgumentException("every record must have " + d + " features; record " + i + " has " + features[i].length);
            }
            for (int j = 0; j < d; j++) {
                if (!Double.isFinite(features[i][j])) {
                    throw new IllegalArgumentException("record " + i + " feature " + j + " must be finite. Provided value: " + features[i][j]);
                }
            }
        }
        return d;
    }

    /**
     * S_T given directly as difference vectors; closed under negation by adding −u for each u (neighbouring is
     * symmetric, so S_T always is).
     */
    public static AdjacentOutputSpace differences(double[][] differences, Relation relation) {
        if (differences == null || differences.length == 0) {
            throw new IllegalArgumentException("differences must not be empty");
        }
        int d = differences[0].length;
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < differences.length; i++) {
            if (differences[i].length != d || d == 0) {
                throw new IllegalArgumentException("every difference must have " + d + " coordinates; difference " + i + " has " + differences[i].length);
            }
            double[] neg = new double[d];
            for (int j = 0; j < d; j++) {
                if (!Double.isFinite(differences[i][j])) {
                    throw new IllegalArgumentException("difference " + i + " coordinate " + j + " must be finite. Provided value: " + differences[i][j]);
                }
                neg[j] = -differences[i][j];
            }
            out.add(differences[i].clone());
            out.add(neg);
        }
        return new AdjacentOutputSpace(distinct(out), relation);
    }

    static double exactDifference(double x, double y, int a, int b, int j) {
        double u = x - y;
        // Sterbenz/TwoSum: the rounding error of x − y is (x − u) − y when |x| ≥ |y|, computed exactly
        double err = Math.abs(x) >= Math.abs(y) ? (x - u) - y : x - (u + y);
        if (err != 0 || !Double.isFinite(u)) {
            throw new IllegalArgumentException("the difference of records " + a + " and " + b + " in feature " + j + " (" + x + " - " + y
                    + ") is not exactly representable as a double; rescale the features");
        }
        return u;
    }

    private static double[][] distinct(List<double[]> rows) {
        return distinct(rows, () -> false, rows.size(), null);
    }

    private static double[][] distinct(List<double[]> rows, java.util.function.BooleanSupplier stop, long count,
            java.util.function.BiConsumer<Long, Long> progress) {
        Set<Point> seen = new LinkedHashSet<>();
        int i0 = 0;
        for (double[] r : rows) {
            if ((++i0 & 4095) == 0 && progress != null) {
                progress.accept(count + i0, 2 * count);
            }
            if ((i0 & 4095) == 0 && stop.getAsBoolean()) {
                throw new Stopped(String.format(java.util.Locale.ROOT, "building the adjacent output space was stopped by the time limit while "
                        + "deduplicating its %,d differences, after %,d of them", rows.size(), i0), count, count);
            }
            double[] key = r.clone();
            for (int j = 0; j < key.length; j++) {
                key[j] = key[j] == 0 ? 0.0 : key[j]; // −0 and +0 are the same point
            }
            seen.add(new Point(key));
        }
        if (progress != null) {
            progress.accept(2 * count, 2 * count);
        }
        double[][] out = new double[seen.size()][];
        int i = 0;
        for (Point k : seen) {
            out[i++] = k.x;
        }
        return out;
    }

    /**
     * A point as a hash key. Its hash mixes every bit: small integers and halves (the usual coordinates) differ only in
     * their exponent's high bits, and List&lt;Double&gt;'s hash left them in a few buckets (43 s for 65,000 points at d = 14).
     */
    private static final class Point {
        final double[] x;
        final int hash;

        Point(double[] x) {
            this.x = x;
            long h = 0x9E3779B97F4A7C15L;
            for (double v : x) {
                h = (h ^ Double.doubleToLongBits(v)) * 0xBF58476D1CE4E5B9L;
                h ^= h >>> 31;
            }
            this.hash = (int) (h ^ (h >>> 32));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Point p && Arrays.equals(x, p.x);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    public Relation relation() {
        return relation;
    }

    public int dimension() {
        return points[0].length;
    }

    public int size() {
        return points.length;
    }

    /** The points of S_T (copies); for a pruned record domain, the differences of the record hull's vertices. */
    public double[][] points() {
        double[][] c = new double[points.length][];
        for (int i = 0; i < points.length; i++) {
            c[i] = points[i].clone();
        }
        return c;
    }
}
