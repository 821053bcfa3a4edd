package org.optimech.runtime.statistic;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A per-record statistic t: records → ℝ^d, in one of four forms: {@link PolynomialStatistic polynomial features} of box
 * (and categorical) variables, {@link RecordStatistic t listed for every possible record}, the {@link DifferenceStatistic
 * adjacent outputs themselves}, or a {@link StructuredStatistic statistic of known structure} (bounded contributions, counts,
 * rankings, ordered counts) whose hull has a closed form.
 */
public sealed interface Statistic permits PolynomialStatistic, RecordStatistic, DifferenceStatistic, StructuredStatistic {
    /** The dimension d of t. */
    int dimension();

    /** One name per coordinate. */
    List<String> names();

    /** Dispatches on the statistic's form: code outside this package reads a statistic through this (or {@link #match}), never by testing its kind. */
    <R> R accept(Visitor<R> visitor);

    /** The statistic's form as an expression: one function per form (dispatch a structured one further with {@link StructuredStatistic#matchStructure}). */
    default <R> R match(Function<? super PolynomialStatistic, ? extends R> polynomial, Function<? super RecordStatistic, ? extends R> records,
            Function<? super DifferenceStatistic, ? extends R> differences, Function<? super StructuredStatistic, ? extends R> structured) {
        return accept(new Visitor<R>() {
            @Override
            public R visit(PolynomialStatistic p) {
                return polynomial.apply(p);
            }

            @Override
            public R visit(RecordStatistic r) {
                return records.apply(r);
            }

            @Override
            public R visit(DifferenceStatistic d) {
                return differences.apply(d);
            }

            @Override
            public R visit(StructuredStatistic s) {
                return structured.apply(s);
            }
        });
    }

    /** This statistic when it is polynomial features (the form with its own geometry: curved output spaces, exact domain images), else empty. */
    default Optional<PolynomialStatistic> polynomial() {
        return match(Optional::of, r -> Optional.empty(), d -> Optional.empty(), s -> Optional.empty());
    }

    /** This statistic when it has a known structure (the form with closed-form hulls and sensitivities), else empty. */
    default Optional<StructuredStatistic> structured() {
        return match(p -> Optional.empty(), r -> Optional.empty(), d -> Optional.empty(), Optional::of);
    }

    /** One method per form of {@link Statistic}. */
    interface Visitor<R> {
        R visit(PolynomialStatistic polynomial);

        R visit(RecordStatistic records);

        R visit(DifferenceStatistic differences);

        R visit(StructuredStatistic structured);
    }
}
