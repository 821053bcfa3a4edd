package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.statistic.BoundedContribution;
import org.optimech.runtime.statistic.OrderedCounts;
import org.optimech.runtime.statistic.Ranking;
import org.optimech.runtime.statistic.StructuredStatistic;

/**
 * The Mahalanobis sensitivity of a structured statistic for a permutation-invariant covariance, exactly: with
 * Σ = v⊥·(I − 11ᵀ/d) + v₁·11ᵀ/d, the quantity sup over adjacent outputs u of uᵀΣ⁻¹u = ‖Pu‖²/v⊥ + (Σu)²/(d·v₁) depends on u
 * only through a = ‖Pu‖² = ‖u‖² − (Σu)²/d and b = (Σu)²/d. It is convex in u, so its supremum over the outputs' hull is taken
 * at the outputs themselves; and for a fixed ‖u‖² it is linear in (Σu)², so per support size only the largest and the smallest
 * |Σu| can matter. The adjacent outputs therefore reduce to a few {@link DifferenceClass classes}:
 * <ul>
 *   <li>signed bounded contributions: c′·(p entries +1, q entries −1), p + q = m ≤ k, c′ = c (add/remove) or 2c (substitution);</li>
 *   <li>non-negative contributions and counts: ±c·1_S, |S| = m ≤ k (add/remove); c·(1_P − 1_N), |P|, |N| ≤ k (substitution);</li>
 *   <li>rankings: the one class of every permutation of ±s (add/remove) or the largest one of π(s) − σ(s), s↑ − reverse(s↑), whose
 *       coordinates sum to 0 (substitution);</li>
 *   <li>ordered counts: the classes of every vector in {−1, 0, 1}^d (substitution) or of ±1_S (add/remove): exact without
 *       implications, otherwise a superset of the real outputs, so an upper bound.</li>
 * </ul>
 * The designer fits Σ to these classes and the runtime re-derives the supremum from the recorded statistic at load, with the
 * same code.
 */
public final class MahalanobisSensitivity {
    private MahalanobisSensitivity() {
    }

    /**
     * Adjacent outputs with ‖Pu‖² = {@code across} and (Σu)²/d = {@code along}, exactly.
     *
     * @param across ‖u − ū·1‖², ≥ 0
     * @param along (Σu)²/d, ≥ 0
     */
    public record DifferenceClass(Rational across, Rational along) {
        public DifferenceClass {
            Objects.requireNonNull(across, "across");
            Objects.requireNonNull(along, "along");
        }
    }

    /**
     * The classes of a statistic's adjacent outputs.
     *
     * @param classes at least one
     * @param exact whether every class is attained by an adjacent output (otherwise the classes cover a superset and the supremum
     *     over them is an upper bound)
     */
    public record Classes(List<DifferenceClass> classes, boolean exact) {
        public Classes {
            classes = List.copyOf(classes);
        }

        /** Whether every adjacent output sums to 0 (a ranking under substitution): no noise is needed along 1. */
        public boolean sumZero() {
            return classes.stream().allMatch(c -> c.along().signum() == 0);
        }

        /**
         * sup of uᵀΣ⁻¹u over the classes, exactly, for Σ = across·P + along·11ᵀ/d (variances > 0; {@code along} may be 0 only
         * when {@link #sumZero()}); null when the supremum is infinite (no noise along 1 but an output off Σu = 0).
         */
        public Rational supremum(Rational varianceAcross, Rational varianceAlong) {
            Rational best = Rational.ZERO;
            for (DifferenceClass c : classes) {
                Rational q = Rational.ZERO;
                if (c.across().signum() != 0) {
                    q = q.add(c.across().divide(varianceAcross));
                }
                if (c.along().signum() != 0) {
                    if (varianceAlong.signum() == 0) {
                        return null;
                    }
                    q = q.add(c.along().divide(varianceAlong));
                }
                if (q.compareTo(best) > 0) {
                    best = q;
                }
            }
            return best;
        }

        /** sup ‖u‖₂² over the classes (the spherical Gaussian's squared sensitivity). */
        public Rational l2Squared() {
            Rational best = Rational.ZERO;
            for (DifferenceClass c : classes) {
                Rational q = c.across().add(c.along());
                if (q.compareTo(best) > 0) {
                    best = q;
                }
            }
            return best;
        }
    }

    /** The classes of {@code statistic}'s adjacent outputs under {@code relation}. */
    public static Classes classes(StructuredStatistic statistic, Relation relation) {
        Objects.requireNonNull(statistic, "statistic");
        boolean substitution = Objects.requireNonNull(relation, "relation") == Relation.SUBSTITUTION;
        int d = statistic.dimension();
        return statistic.matchStructure(
                b -> b.nonnegative() ? countLike(d, Rational.of(b.maxAbs()), b.maxNonzero(), substitution) : signed(b, d, substitution),
                counts -> countLike(d, Rational.of(BigInteger.ONE), counts.maxNonzero(), substitution), r -> ranking(r, d, substitution),
                o -> ordered(o, d, substitution));
    }

    private static Classes ranking(Ranking r, int d, boolean substitution) {
        BigDecimal[] sorted = r.sortedScores();
        Rational[] v = new Rational[d];
        for (int i = 0; i < d; i++) {
            v[i] = Rational.of(substitution ? sorted[i].subtract(sorted[d - 1 - i]) : sorted[i]);
        }
        return new Classes(List.of(of(v)), true);
    }

    private static Classes ordered(OrderedCounts o, int d, boolean substitution) {
        List<DifferenceClass> out = new ArrayList<>();
        for (long m = 1; m <= d; m++) {
            addSigned(out, d, m, substitution ? m % 2 : m, m, Rational.of(BigInteger.ONE));
        }
        return new Classes(out, o.implies().length == 0);
    }

    /** Signed bounded contributions: m entries ±c (2c under substitution), m ≤ k. */
    private static Classes signed(BoundedContribution b, int d, boolean substitution) {
        List<DifferenceClass> out = new ArrayList<>();
        Rational c = Rational.of(b.maxAbs());
        int k = b.maxNonzero();
        Rational scaled = substitution ? c.add(c) : c;
        for (long m = 1; m <= k; m++) {
            addSigned(out, d, m, m % 2, m, scaled);
        }
        return new Classes(out, true);
    }

    /** Non-negative contributions of at most c on at most k coordinates (counts: c = 1). */
    private static Classes countLike(int d, Rational c, int k, boolean substitution) {
        List<DifferenceClass> out = new ArrayList<>();
        if (!substitution) {
            for (long m = 1; m <= k; m++) {
                addSigned(out, d, m, m, m, c);
            }
        } else {
            // c·(1_P − 1_N), |P|, |N| ≤ k, |P| + |N| = m ≤ min(2k, d): |Σu|/c runs over m mod 2 … min(m, 2k − m) in steps of 2
            for (long m = 1; m <= Math.min(2L * k, d); m++) {
                addSigned(out, d, m, m % 2, Math.min(m, 2L * k - m), c);
            }
        }
        return new Classes(out, true);
    }

    /** Classes with m entries ±c and |Σu| = c·s for s ∈ {smallest, largest}. */
    private static void addSigned(List<DifferenceClass> out, int d, long m, long smallest, long largest, Rational c) {
        Rational c2 = c.multiply(c);
        Rational dd = Rational.of(BigInteger.valueOf(d));
        for (long s : smallest == largest ? new long[] {largest} : new long[] {smallest, largest}) {
            Rational along = Rational.of(BigInteger.valueOf(s * s)).multiply(c2).divide(dd);
            out.add(new DifferenceClass(Rational.of(BigInteger.valueOf(m)).multiply(c2).subtract(along), along));
        }
    }

    private static DifferenceClass of(Rational[] v) {
        Rational sum = Rational.ZERO;
        Rational sq = Rational.ZERO;
        for (Rational x : v) {
            sum = sum.add(x);
            sq = sq.add(x.multiply(x));
        }
        Rational along = sum.multiply(sum).divide(Rational.of(BigInteger.valueOf(v.length)));
        return new DifferenceClass(sq.subtract(along), along);
    }
}
