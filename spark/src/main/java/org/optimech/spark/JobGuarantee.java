package org.optimech.spark;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import org.optimech.runtime.spec.Numerics;

/**
 * The differential-privacy guarantee of a whole Spark release, as enforced by the job, for the neighbouring datasets
 * named by {@link #neighbours()}: a {@link GroupRelease} protects a privacy unit (all its rows added or removed); a
 * {@link LocalRelease} publishes every row, so it protects one row's value under substitution only.
 *
 * @param neighbours which datasets are neighbours, i.e. what the guarantee protects
 * @param epsilon the total ε: G·ε_group under basic composition, plus the selection's ε (per row for a local release)
 * @param delta the total δ: G·δ_group plus the selection's certified δ (0 for pure DP)
 * @param numerics {@code exact} when every random step is sampled exactly, {@code idealized} when the noise is floating
 *     point (Mironov's attack applies)
 * @param reproducible whether the randomness came from a seed ({@link NoiseSource#seededForTesting}): then the guarantee
 *     holds only against someone who does not know the seed
 * @param terms how the totals add up, one line per term, for reports
 */
public record JobGuarantee(Neighbours neighbours, BigDecimal epsilon, BigDecimal delta, Numerics numerics, boolean reproducible, List<String> terms) {
    /** The neighbouring datasets a guarantee is stated for. */
    public enum Neighbours {
        /** Datasets differing in one privacy unit, all its rows added or removed (central releases: {@link GroupRelease}). */
        UNIT_ADD_REMOVE("per privacy unit (all its rows added or removed)"),
        /**
         * Datasets differing in one row's value, substituted; rows are neither added nor removed. A local release
         * ({@link LocalRelease}) publishes each row's presence, so this is all it can protect; a unit with m rows has m·ε.
         */
        ROW_SUBSTITUTION("per row under value substitution (each row's presence is published, so adding or removing a row is visible; "
                + "a unit with m rows has m·ε)");

        private final String description;

        Neighbours(String description) {
            this.description = description;
        }

        /** How {@link JobGuarantee#describe()} states the unit, e.g. {@code per privacy unit (all its rows added or removed)}. */
        public String description() {
            return description;
        }
    }

    public JobGuarantee {
        Objects.requireNonNull(neighbours, "neighbours");
        Objects.requireNonNull(epsilon, "epsilon");
        Objects.requireNonNull(delta, "delta");
        Objects.requireNonNull(numerics, "numerics");
        terms = List.copyOf(terms);
        if (epsilon.signum() <= 0) {
            throw new IllegalArgumentException("epsilon must be > 0. Provided value: " + epsilon);
        }
        if (delta.signum() < 0 || delta.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("delta must be in [0, 1). Provided value: " + delta);
        }
    }

    /** Pure ε-DP when δ = 0. */
    public boolean isPure() {
        return delta.signum() == 0;
    }

    /**
     * One line, e.g. {@code (ε = 3, δ = 1E-9)-DP per privacy unit (all its rows added or removed), numerics exact},
     * then the terms.
     */
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append(isPure() ? "ε = " + epsilon.toPlainString() + " pure DP" : "(ε = " + epsilon.toPlainString() + ", δ = " + delta.toString() + ")-DP")
                .append(' ').append(neighbours.description()).append(", numerics ").append(numerics.name().toLowerCase(java.util.Locale.ROOT));
        if (reproducible) {
            b.append("; SEEDED randomness: NOT private against anyone who knows the seed (testing only)");
        }
        for (String t : terms) {
            b.append(System.lineSeparator()).append("  ").append(t);
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return describe();
    }
}
