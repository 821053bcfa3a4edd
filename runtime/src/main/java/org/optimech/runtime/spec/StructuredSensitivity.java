package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.statistic.BoundedContribution;
import org.optimech.runtime.statistic.OrderedCounts;
import org.optimech.runtime.statistic.Ranking;
import org.optimech.runtime.statistic.StructuredStatistic;

/**
 * Sensitivities in closed form: sup over a structured statistic's adjacent outputs of a body's gauge, exactly, at any
 * dimension. The gauge is convex, so the supremum is taken at the vertices of the outputs' hull, which are few up to
 * symmetry:
 * <ul>
 *   <li>signed bounded contributions: c·(p entries +1, q entries −1) with p + q = k, times 2 under substitution;</li>
 *   <li>non-negative contributions and counts: ±c·1_S with |S| ≤ k (add/remove), c·(1_P − 1_N) with disjoint |P|, |N| ≤ k
 *       (substitution);</li>
 *   <li>rankings: the permutations of s↑ − reverse(s↑) (substitution) or of ±s (add/remove);</li>
 *   <li>ordered counts: vectors in {−1, 0, 1}^d bounded by the all-ones answer, which is one of them, so every gauge monotone
 *       in |u| (the balls, the sum and count balls) peaks there; the count join with k = d under substitution peaks at 2 when two
 *       answers are incomparable and at 1 when the implications order them totally.</li>
 * </ul>
 * Every gauge here is invariant under permuting coordinates, so one vertex per pattern suffices. Used by the designer (each
 * candidate's Δ) and by the runtime at load (Δ re-derived from the recorded problem), so both compute it the same way.
 */
public final class StructuredSensitivity {
    private StructuredSensitivity() {
    }

    /**
     * An exact supremum: {@code value}, or √{@code value} when {@code squared} (the ℓ2 norm), or +∞ when {@code value} is null (the
     * body does not contain the outputs' span, e.g. a permutohedron in Σx = 0 for outputs off that hyperplane).
     */
    public record Sup(Rational value, boolean squared) {
        /** The supremum as a double (rounded; +∞ when infinite). */
        public double doubleValue() {
            if (value == null) {
                return Double.POSITIVE_INFINITY;
            }
            return squared ? Math.sqrt(value.doubleValue()) : value.doubleValue();
        }

        /** Whether it is at most Δ, exactly. */
        public boolean atMost(BigDecimal delta) {
            if (value == null) {
                return false;
            }
            Rational d = Rational.of(delta);
            return value.compareTo(squared ? d.multiply(d) : d) <= 0;
        }

        public boolean infinite() {
            return value == null;
        }

        @Override
        public String toString() {
            return value == null ? "infinity" : squared ? "sqrt(" + value + ")" : value.toString();
        }
    }

    /**
     * sup over the adjacent outputs of {@code statistic} under {@code relation} of the gauge of {@code body} (a ball or a
     * structured body), exactly; empty when no closed form is known for the pair (then enumerate, or leave Δ unchecked).
     */
    public static Optional<Sup> sup(StructuredStatistic statistic, Relation relation, Body body) {
        boolean substitution = relation == Relation.SUBSTITUTION;
        int d = statistic.dimension();
        return statistic.matchStructure(
                b -> offHyperplane(body, () -> b.nonnegative() ? nonnegative(d, Rational.of(b.maxAbs()), b.maxNonzero(), substitution, body)
                        : signed(b, substitution, body)),
                counts -> offHyperplane(body, () -> nonnegative(d, Rational.of(BigInteger.ONE), counts.maxNonzero(), substitution, body)),
                r -> ranking(r, substitution, body), o -> offHyperplane(body, () -> ordered(o, d, substitution, body)));
    }

    /** Off-hyperplane outputs (any bounded contribution, count or ordered count has some) lie in no multiple of a flat permutohedron. */
    private static Optional<Sup> offHyperplane(Body body, java.util.function.Supplier<Optional<Sup>> otherwise) {
        if (body instanceof StructuredBody.Permutohedron p) {
            return p.prismHalfHeight() == null ? Optional.of(new Sup(null, false)) : Optional.empty();
        }
        return otherwise.get();
    }

    /** Signed bounded contributions: up to k entries in [−c, c] (2c apart under substitution). */
    private static Optional<Sup> signed(BoundedContribution b, boolean substitution, Body body) {
        Rational c = Rational.of(b.maxAbs()).multiply(Rational.of(BigInteger.valueOf(substitution ? 2 : 1)));
        int k = b.maxNonzero();
        long[][] patterns = new long[k + 1][];
        for (int p = 0; p <= k; p++) {
            patterns[p] = new long[] {p, k - p};
        }
        return patternSup(patterns, c, body);
    }

    private static Optional<Sup> ordered(OrderedCounts o, int d, boolean substitution, Body body) {
        if (body instanceof StructuredBody.CountJoin j && substitution) {
            if (j.k() != d) {
                return Optional.empty(); // g(u₊) + g(u₋) peaks at a pair of answers that depends on the order
            }
            // k = d: g(y) = max y on [0, 1]^d, so the gauge of x − x′ is (some i with x_i > x′_i) + (some j with x′_j > x_j): 2 when two
            // answers i, j are incomparable (x, x′ the up-closures of i and j), else 1 (nested up-sets: one-signed differences)
            return Optional.of(new Sup(Rational.of(BigInteger.valueOf(o.totallyOrdered() ? 1 : 2)), false));
        }
        return patternSup(new long[][] {{d, 0}}, Rational.of(BigInteger.ONE), body);
    }

    /** Non-negative contributions of at most c on at most k coordinates (counts: c = 1). */
    private static Optional<Sup> nonnegative(int d, Rational c, int k, boolean substitution, Body body) {
        long[][] patterns;
        if (substitution) {
            java.util.List<long[]> list = new java.util.ArrayList<>();
            for (int p = 0; p <= k; p++) {
                for (int q = 0; q <= k && p + q <= d; q++) {
                    if (p + q > 0) {
                        list.add(new long[] {p, q});
                    }
                }
            }
            patterns = list.toArray(new long[0][]);
        } else {
            patterns = new long[k][];
            for (int m = 1; m <= k; m++) {
                patterns[m - 1] = new long[] {m, 0}; // and its negative, which every gauge here treats alike
            }
        }
        return patternSup(patterns, c, body);
    }

    /** max over (p, q) patterns (p entries c, q entries −c, the rest 0) of the body's gauge. */
    private static Optional<Sup> patternSup(long[][] patterns, Rational c, Body body) {
        long kb;
        int kind; // 0 l1, 1 l2 (squared), 2 linf, 3 sum ball, 4 count ball, 5 count join
        if (body instanceof Body.Ball ball) {
            kind = ball.norm() == LpNorm.L1 ? 0 : ball.norm() == LpNorm.L2 ? 1 : 2;
            kb = 1;
        } else if (body instanceof StructuredBody.SumBall s) {
            kind = 3;
            kb = s.k();
        } else if (body instanceof StructuredBody.CountBall s) {
            kind = 4;
            kb = s.k();
        } else if (body instanceof StructuredBody.CountJoin s) {
            kind = 5;
            kb = s.k();
        } else {
            return Optional.empty();
        }
        long best = 0; // the gauge times kb, an integer for every pattern
        for (long[] pq : patterns) {
            long p = pq[0];
            long q = pq[1];
            long g;
            switch (kind) {
                case 0:
                case 1:
                    g = p + q;
                    break;
                case 2:
                    g = p + q > 0 ? 1 : 0;
                    break;
                case 3:
                    g = Math.max(kb, p + q);
                    break;
                case 4:
                    g = Math.max(kb, Math.max(p, q));
                    break;
                default:
                    g = (p > 0 ? Math.max(kb, p) : 0) + (q > 0 ? Math.max(kb, q) : 0);
            }
            best = Math.max(best, g);
        }
        Rational g = new Rational(BigInteger.valueOf(best), BigInteger.valueOf(kb));
        return Optional.of(kind == 1 ? new Sup(g.multiply(c).multiply(c), true) : new Sup(g.multiply(c), false));
    }

    private static Optional<Sup> ranking(Ranking r, boolean substitution, Body body) {
        int d = r.candidates();
        BigDecimal[] sorted = r.sortedScores();
        // one vertex, scaled to integers: v = s↑ − reverse(s↑) under substitution, s under add/remove (its negative alike)
        int scale = 0;
        for (BigDecimal s : sorted) {
            scale = Math.max(scale, s.stripTrailingZeros().scale());
        }
        BigInteger[] v = new BigInteger[d];
        for (int i = 0; i < d; i++) {
            BigDecimal x = substitution ? sorted[i].subtract(sorted[d - 1 - i]) : sorted[i];
            v[i] = x.movePointRight(scale).toBigIntegerExact();
        }
        Rational unit = new Rational(BigInteger.ONE, BigInteger.TEN.pow(scale)); // scale ≥ 0: v = the vertex / unit
        BigInteger maxAbs = BigInteger.ZERO;
        BigInteger sumAbs = BigInteger.ZERO;
        BigInteger sumSq = BigInteger.ZERO;
        for (BigInteger x : v) {
            maxAbs = maxAbs.max(x.abs());
            sumAbs = sumAbs.add(x.abs());
            sumSq = sumSq.add(x.multiply(x));
        }
        Rational value;
        if (body instanceof Body.Ball ball) {
            switch (ball.norm()) {
                case L1:
                    value = Rational.of(sumAbs);
                    break;
                case L2:
                    return Optional.of(new Sup(Rational.of(sumSq).multiply(unit).multiply(unit), true));
                default:
                    value = Rational.of(maxAbs);
            }
        } else if (body instanceof StructuredBody.Permutohedron p) {
            // the gauge is homogeneous: gauge(v/unit) = gauge(v)/unit with the same body (h unscaled)
            Rational g = StructuredBodyChecks.permutohedronGauge(v, p.prismHalfHeight() == null ? null : Rational.of(p.prismHalfHeight()));
            if (g == null) {
                return Optional.of(new Sup(null, false));
            }
            value = g;
        } else if (body instanceof StructuredBody s) {
            BigInteger[] parts = StructuredBodyChecks.parts(v);
            BigInteger k = BigInteger.valueOf(StructuredBody.kOf(s));
            Rational kr = Rational.of(k);
            if (s instanceof StructuredBody.SumBall) {
                value = max(Rational.of(maxAbs), Rational.of(sumAbs).divide(kr));
            } else if (s instanceof StructuredBody.CountBall) {
                value = max(Rational.of(maxAbs), Rational.of(parts[1].max(parts[3])).divide(kr));
            } else {
                Rational plus = max(Rational.of(parts[0]), Rational.of(parts[1]).divide(kr));
                Rational minus = max(Rational.of(parts[2]), Rational.of(parts[3]).divide(kr));
                value = plus.add(minus);
            }
        } else {
            return Optional.empty();
        }
        return Optional.of(new Sup(value.multiply(unit), false));
    }

    private static Rational max(Rational a, Rational b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /**
     * The load-time check: Δ against the closed-form supremum; null when there is none for this pair.
     *
     * @throws FieldException when an adjacent output has gauge above Δ
     */
    static SensitivityCheck recheck(StructuredStatistic statistic, Relation relation, Body body, BigDecimal delta, String ptr) throws FieldException {
        Optional<Sup> sup = sup(statistic, relation, body);
        if (sup.isEmpty()) {
            return null;
        }
        if (!sup.get().atMost(delta)) {
            throw new FieldException(ptr, "re-derived from the stored statistic in closed form, the " + statistic.form() + " statistic's adjacent outputs reach K-norm "
                    + sup.get() + " for the " + describe(body) + " body, above sensitivity = " + delta.toPlainString() + ": the noise would be too small for them");
        }
        return new SensitivityCheck(true, 0, "re-derived from design.problem in closed form: the " + statistic.form() + " statistic's adjacent outputs ("
                + relation.json() + ") reach K-norm " + sup.get() + " at most for the " + describe(body) + " body, within Δ");
    }

    private static String describe(Body body) {
        return body instanceof Body.Ball b ? b.norm().json() + " ball" : body.type();
    }
}
