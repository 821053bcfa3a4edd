package org.optimech.runtime.statistic;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A statistic of a known structure whose adjacent output space has a closed-form hull (Joseph–Yu 2023, Joseph–Ribero–Yu
 * 2025): a sum of bounded contributions with at most k non-zero coordinates, counts over d items with at most k per record,
 * a ranking (vote) over d candidates, and counts of 0/1 answers ordered by implications. The designer derives each
 * candidate body's sensitivity and covariance in closed form from these numbers, and the runtime re-derives the
 * sensitivity from them at load, for any dimension. {@link #records(int)} lists the record domain's extreme points when it
 * is small, for the generic exact path (cross-checks, bodies without a closed form).
 */
public sealed interface StructuredStatistic extends Statistic permits BoundedContribution, Counts, Ranking, OrderedCounts {
    /** Largest dimension a structured statistic may have. */
    int MAX_DIMENSION = 10_000;

    @Override
    default <R> R accept(Statistic.Visitor<R> visitor) {
        return visitor.visit(this);
    }

    /** Dispatches on the structure: code outside this package reads a structured statistic through this (or {@link #matchStructure}), never by testing its kind. */
    <R> R accept(Visitor<R> visitor);

    /** The structure as an expression: one function per kind. */
    default <R> R matchStructure(Function<? super BoundedContribution, ? extends R> bounded, Function<? super Counts, ? extends R> counts,
            Function<? super Ranking, ? extends R> ranking, Function<? super OrderedCounts, ? extends R> ordered) {
        return accept(new Visitor<R>() {
            @Override
            public R visit(BoundedContribution b) {
                return bounded.apply(b);
            }

            @Override
            public R visit(Counts c) {
                return counts.apply(c);
            }

            @Override
            public R visit(Ranking r) {
                return ranking.apply(r);
            }

            @Override
            public R visit(OrderedCounts o) {
                return ordered.apply(o);
            }
        });
    }

    /** One method per kind of {@link StructuredStatistic}. */
    interface Visitor<R> {
        R visit(BoundedContribution bounded);

        R visit(Counts counts);

        R visit(Ranking ranking);

        R visit(OrderedCounts ordered);
    }

    /** The statistic's key in JSON ({@code bounded_contribution}, {@code counts}, {@code ranking}, {@code ordered_counts}). */
    String form();

    /**
     * The extreme points of the set of one record's contributions t(x) (the adjacent outputs are ±t(x) under add/remove and
     * t(x) − t(x′) under substitution, and their hull is spanned by these), or null when there are more than {@code limit}.
     */
    double[][] records(int limit);

    /** t1 … td. */
    static List<String> defaultNames(int d) {
        List<String> out = new ArrayList<>(d);
        for (int j = 0; j < d; j++) {
            out.add("t" + (j + 1));
        }
        return List.copyOf(out);
    }

    /** Checks a dimension against [min, {@link #MAX_DIMENSION}]. */
    static void checkDimension(String what, int d, int min) {
        if (d < min || d > MAX_DIMENSION) {
            throw new IllegalArgumentException(what + " must be in [" + min + ", " + MAX_DIMENSION + "]. Provided value: " + d);
        }
    }

    /**
     * Every vector with entries in {@code values} except 0 on at most {@code k} of {@code d} coordinates (zeros elsewhere), or null
     * when there are more than {@code limit}.
     */
    static double[][] sparseVectors(int d, int k, double[] values, int limit) {
        double count = 0;
        double binom = 1;
        for (int i = 0; i <= k; i++) {
            count += binom * Math.pow(values.length, i);
            binom = binom * (d - i) / (i + 1);
        }
        if (count > limit) {
            return null;
        }
        List<double[]> out = new ArrayList<>();
        sparse(new double[d], 0, k, values, out);
        return out.toArray(new double[0][]);
    }

    private static void sparse(double[] v, int from, int left, double[] values, List<double[]> out) {
        out.add(v.clone());
        if (left == 0) {
            return;
        }
        for (int j = from; j < v.length; j++) {
            for (double x : values) {
                v[j] = x;
                sparse(v, j + 1, left - 1, values, out);
            }
            v[j] = 0;
        }
    }
}
