package org.optimech.designer.structured;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Arrays;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.Relation;
import org.optimech.runtime.spec.StructuredBody;
import org.optimech.runtime.statistic.BoundedContribution;
import org.optimech.runtime.statistic.OrderedCounts;
import org.optimech.runtime.statistic.Ranking;
import org.optimech.runtime.statistic.StructuredStatistic;

/**
 * What a structured statistic's adjacent outputs look like under a relation, and the body that matches them (Joseph–Yu
 * 2023): with Q = [0, 1]^d ∩ {Σx ≤ k},
 * <table>
 *   <caption>hulls of the adjacent outputs</caption>
 *   <tr><th>statistic</th><th>add/remove</th><th>substitution</th></tr>
 *   <tr><td>signed contributions, |x_j| ≤ c, k non-zero</td><td>c·(B∞ ∩ kB1), the sum ball</td><td>2c·(B∞ ∩ kB1)</td></tr>
 *   <tr><td>non-negative contributions, counts</td><td>c·conv(Q ∪ −Q), the count join</td><td>c·(Q − Q), the count ball</td></tr>
 *   <tr><td>ranking with scores s</td><td>conv(Π(s) ∪ −Π(s)): a prism over Π(s − s̄) when s − s̄ is symmetric</td>
 *       <td>Π(s) − Π(s) = Π(s↑ − reverse(s↑)), in Σx = 0</td></tr>
 *   <tr><td>ordered counts</td><td>conv(O ∪ −O), O the order polytope: inside the count join with k = d</td><td>O − O: inside the count join with k = d
 *       scaled by 1 (a total order) or 2</td></tr>
 * </table>
 * The ranking's permutohedron is the Borda one scaled by Δ, so it is the exact hull when the vertex vector is an arithmetic
 * progression, and a certified outer body otherwise.
 *
 * @param body the family's structured body (null when there is none)
 * @param exact whether the body (times its Δ) is exactly the hull of the adjacent outputs
 * @param hull the hull in words
 * @param note how the body relates to the hull, for the report
 */
record StructuredFamily(StructuredStatistic statistic, Relation relation, StructuredBody body, boolean exact, String hull, String note) {
    static StructuredFamily of(StructuredStatistic s, Relation r) {
        return s.matchStructure(b -> b.nonnegative() ? countLike(b, r, b.maxNonzero(), b.maxAbs().toPlainString()) : sumBall(b, r),
                c -> countLike(c, r, c.maxNonzero(), "1"), rk -> ranking(rk, r), oc -> ordered(oc, r));
    }

    /** Signed bounded contributions: the sum ball. */
    private static StructuredFamily sumBall(BoundedContribution b, Relation r) {
        boolean sub = r == Relation.SUBSTITUTION;
        return new StructuredFamily(b, r, new StructuredBody.SumBall(b.maxNonzero()), true, (sub ? "2c" : "c") + "·(B∞ ∩ " + b.maxNonzero()
                + "·B1) with c = " + b.maxAbs().toPlainString(), "the exact hull (Joseph–Yu's sum ball), sampled by Eulerian slices of the cube");
    }

    /** Non-negative bounded contributions (at most c on k coordinates) and counts (c = 1): the count ball or count join. */
    private static StructuredFamily countLike(StructuredStatistic s, Relation r, int k, String c) {
        boolean sub = r == Relation.SUBSTITUTION;
        return sub
                ? new StructuredFamily(s, r, new StructuredBody.CountBall(k), true, "c·(Q − Q) = {|u_j| ≤ c, Σu₊ ≤ " + k + "c, Σu₋ ≤ " + k + "c}, c = " + c,
                        "the exact hull (the count ball), sampled orthant class by orthant class as a product of two slices")
                : new StructuredFamily(s, r, new StructuredBody.CountJoin(k), true, "c·conv(Q ∪ −Q), Q = [0, 1]^d ∩ {Σx ≤ " + k + "}, c = " + c,
                        "the exact hull (the count join, gauge g(u₊) + g(u₋)), sampled as a join: a Beta cross-section, the cone measure of one part, "
                                + "a uniform point of the other; the issue this closes expected no sampler for it, Joseph–Yu's count mechanism is one");
    }

    private static StructuredFamily ranking(Ranking rk, Relation r) {
        boolean sub = r == Relation.SUBSTITUTION;
        BigDecimal[] sorted = rk.sortedScores();
        int d = sorted.length;
        if (sub) {
            BigDecimal[] v = new BigDecimal[d];
            for (int i = 0; i < d; i++) {
                v[i] = sorted[i].subtract(sorted[d - 1 - i]);
            }
            boolean ap = arithmetic(v);
            return new StructuredFamily(rk, r, new StructuredBody.Permutohedron(null), ap, "Π(v), v = s↑ − reverse(s↑) = " + brief(v)
                    + ", in the hyperplane Σu = 0", ap ? "the exact hull: a scaled Borda permutohedron, noise in the hyperplane (d − 1 dimensions)"
                            : "a certified outer body: the smallest scaled Borda permutohedron containing Π(v) (v is not an arithmetic progression, "
                                    + "and only the Borda permutohedron has a sampler here)");
        }
        BigDecimal sum = BigDecimal.ZERO;
        for (BigDecimal x : sorted) {
            sum = sum.add(x);
        }
        BigDecimal[] centred = new BigDecimal[d];
        for (int i = 0; i < d; i++) {
            centred[i] = sorted[i].multiply(BigDecimal.valueOf(d)).subtract(sum); // d·(s − s̄), exact
        }
        boolean ap = arithmetic(centred);
        if (sum.signum() == 0) {
            return new StructuredFamily(rk, r, new StructuredBody.Permutohedron(null), ap, "conv(Π(s) ∪ −Π(s)) in Σu = 0 (the scores sum to 0)", ap
                    ? "the exact hull: a scaled Borda permutohedron in the hyperplane" : "a certified outer body: a scaled Borda permutohedron");
        }
        // the prism Π(b) + [−h, h]·1 with Δ = g_Π(s − s̄) needs h ≥ |s̄|/Δ: rounded up to a decimal (a larger body only lowers gauges)
        return new StructuredFamily(rk, r, new StructuredBody.Permutohedron(prismHalfHeight(sorted)), ap, "conv(Π(s) ∪ −Π(s)), the scores' mean "
                + sum.divide(BigDecimal.valueOf(d), MathContext.DECIMAL64).toPlainString() + " ≠ 0", ap
                        ? "the exact hull: the prism Π(s − s̄) + [−s̄, s̄]·1 (s − s̄ is a symmetric arithmetic progression), full-dimensional"
                        : "a certified outer body: a prism over the smallest scaled Borda permutohedron containing Π(s − s̄)");
    }

    private static StructuredFamily ordered(OrderedCounts oc, Relation r) {
        boolean sub = r == Relation.SUBSTITUTION;
        int d = oc.dimension();
        if (sub) {
            boolean total = oc.totallyOrdered();
            return new StructuredFamily(oc, r, new StructuredBody.CountJoin(d), false, "O − O, O the order polytope of the implications (its up-sets' hull)",
                    "a certified outer body: conv(cube₊ ∪ −cube₊) (the count join with k = d) scaled by its exact gauge over O − O, "
                            + (total ? "1 (the implications order every answer, so differences of answers are one-signed): inside the linf ball of the "
                                    + "same sensitivity" : "2 (two answers are incomparable): larger than the linf ball, which the criterion then prefers")
                            + "; Joseph-Ribero-Yu give no sampler for O − O itself");
        }
        return new StructuredFamily(oc, r, new StructuredBody.CountJoin(d), oc.implies().length == 0, "conv(O ∪ −O), O the order polytope of the implications",
                oc.implies().length == 0 ? "the exact hull: without implications O is the cube, and conv(cube ∪ −cube) is the count join with k = d"
                        : "a certified outer body: O lies in the cube, so conv(O ∪ −O) lies in the count join with k = d (the exact hull has no sampler here)");
    }

    /** Whether the sorted values are equally spaced. */
    static boolean arithmetic(BigDecimal[] v) {
        for (int i = 2; i < v.length; i++) {
            if (v[i].subtract(v[i - 1]).compareTo(v[1].subtract(v[0])) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * h ≥ |s̄|/g_Π(s − s̄), rounded up to 12 significant digits: the gauge of the Borda permutohedron at the centred scores,
     * max over m of 2·(sum of the m largest)/(m(d − m)).
     */
    static BigDecimal prismHalfHeight(BigDecimal[] sorted) {
        int d = sorted.length;
        BigDecimal sum = BigDecimal.ZERO;
        for (BigDecimal x : sorted) {
            sum = sum.add(x);
        }
        // with q = d·s − Σs (integers times d): g_Π(s − s̄) = max_m 2·top_m(q)/(d·m(d − m)), and |s̄| = |Σs|/d
        BigDecimal best = BigDecimal.ZERO;
        BigDecimal top = BigDecimal.ZERO;
        BigDecimal bottom = BigDecimal.ZERO;
        BigDecimal dd = BigDecimal.valueOf(d);
        for (int m = 1; m < d; m++) {
            top = top.add(sorted[d - m].multiply(dd).subtract(sum));
            bottom = bottom.add(sorted[m - 1].multiply(dd).subtract(sum));
            BigDecimal g = top.max(bottom.negate()).multiply(BigDecimal.valueOf(2)).divide(dd.multiply(BigDecimal.valueOf((long) m * (d - m))),
                    new MathContext(30, RoundingMode.FLOOR));
            best = best.max(g);
        }
        // h = |Σs|/d / g, rounded up (g rounded down above, so the quotient errs high)
        return sum.abs().divide(dd.multiply(best), new MathContext(12, RoundingMode.CEILING)).stripTrailingZeros();
    }

    private static String brief(BigDecimal[] v) {
        if (v.length <= 6) {
            return Arrays.toString(Arrays.stream(v).map(BigDecimal::toPlainString).toArray());
        }
        return "[" + v[0].toPlainString() + ", " + v[1].toPlainString() + ", …, " + v[v.length - 1].toPlainString() + "]";
    }

    /** A body in a few words. */
    static String describe(Body body) {
        return body.match(b -> b.norm().json() + " ball", s -> describe(s), stored -> body.type());
    }

    private static String describe(StructuredBody body) {
        String k = body.type() + " k=" + StructuredBody.kOf(body);
        return body.match(sum -> k, count -> k, join -> k, p -> p.prismHalfHeight() == null ? "permutohedron (in Σx = 0)"
                : "permutohedron prism (half-height " + p.prismHalfHeight().toPlainString() + ")");
    }
}
