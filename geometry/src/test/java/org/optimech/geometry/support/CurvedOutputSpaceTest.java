package org.optimech.geometry.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.spec.Relation;

/** Certified support functions and sensitivities of a curved S_T against the K-norm paper's Example 3.1 oracles. */
class CurvedOutputSpaceTest {
    /** Example 3.1: x ∈ [−1, 1], t(x) = (x, 2x²), substitution. */
    static CurvedOutputSpace example31() {
        PolynomialMap t = PolynomialMap.of(new double[][] {{-1, 1}}, List.of(List.of(new PolynomialMap.Term(1, new int[] {1})),
                List.of(new PolynomialMap.Term(2, new int[] {2}))));
        return CurvedOutputSpace.of(t, Relation.SUBSTITUTION, 1e-10, 2_000_000);
    }

    static void assertBrackets(double exact, BoxMaximizer.Bound b, double tol, String what) {
        assertTrue(b.lower() <= exact * (1 + 1e-15) + 1e-15 && exact <= b.upper() * (1 + 1e-15) + 1e-15,
                what + ": [" + b.lower() + ", " + b.upper() + "] does not contain " + exact);
        assertTrue(b.gap() <= tol, what + ": gap " + b.gap());
    }

    /** Δ₁ = 3.125, Δ₂ = ¼√(71+8√2), Δ∞ = 2 (ERRATA K5: the paper's values are right): certified brackets of width ≤ 1e-8. */
    @Test
    void example31Sensitivities() {
        CurvedOutputSpace s = example31();
        assertBrackets(3.125, s.l1Sensitivity(), 1e-8, "l1");
        assertBrackets(2.0, s.linfSensitivity(), 1e-8, "linf");
        assertBrackets(0.25 * Math.sqrt(71 + 8 * Math.sqrt(2)), s.l2Sensitivity(), 1e-7, "l2");
    }

    /**
     * ERRATA K4: the hull of S_T is K₂ = {|u₂| ≤ 2 for |u₁| ≤ 1, |u₂| ≤ 2 − 2(|u₁| − 1)² for 1 < |u₁| ≤ 2}. K₂'s support
     * function, computed from its boundary in closed form (a concave quadratic along each curved piece), matches the
     * certified support of S_T to 1e-9 in 10 directions (about 0.3 s each at this tolerance).
     */
    @Test
    void hullOfExample31IsK2() {
        CurvedOutputSpace s = example31();
        for (int i = 0; i < 10; i++) {
            double th = 2 * Math.PI * (i + 0.37) / 10;
            double[] a = {Math.cos(th), Math.sin(th)};
            double k2 = supportK2(a);
            BoxMaximizer.Bound b = s.support(a);
            assertTrue(b.lower() - 1e-9 <= k2 && k2 <= b.upper() + 1e-9, "direction " + i + ": K2 " + k2 + " vs [" + b.lower() + ", " + b.upper() + "]");
            assertTrue(b.gap() <= 1e-9 * Math.max(1, Math.abs(k2)) + 1e-12, "gap " + b.gap());
        }
    }

    static double supportK2(double[] a) {
        double best = Double.NEGATIVE_INFINITY;
        for (int s1 = -1; s1 <= 1; s1 += 2) {
            for (int s2 = -1; s2 <= 1; s2 += 2) {
                // flat piece: u₂ = 2·s2 for u₁ ∈ [−1, 1]; curved piece: u₁ = s1·w, u₂ = s2·(2 − 2(w − 1)²), w ∈ [1, 2]
                best = Math.max(best, Math.abs(a[0]) + a[1] * 2 * s2);
                double p = a[0] * s1;
                double q = a[1] * s2;
                double[] ws = {1, 2, q > 0 ? Math.min(2, Math.max(1, 1 + p / (4 * q))) : 1};
                for (double w : ws) {
                    best = Math.max(best, p * w + q * (2 - 2 * (w - 1) * (w - 1)));
                }
            }
        }
        return best;
    }

    /**
     * The sandwich for Example 3.1: an inner polytope P with certified Δ = sup gauge ≤ 1 + 1e-3, so S_T ⊂ Δ·P. Against
     * K₂'s area 8 + 2·∫₁²2(2 − 2(w−1)²)dw = 40/3 (independent closed form): vol P ≤ 40/3 ≤ Δ²·vol P.
     */
    @Test
    void sandwichOfExample31BracketsK2() {
        CurvedOutputSpace s = CurvedOutputSpace.of(PolynomialMap.of(new double[][] {{-1, 1}}, List.of(List.of(new PolynomialMap.Term(1, new int[] {1})),
                List.of(new PolynomialMap.Term(2, new int[] {2})))), Relation.SUBSTITUTION, 1e-6, 1_000_000);
        Sandwich.Result r = Sandwich.build(s, 1e-3, 30);
        System.out.printf("sandwich: delta %.9f, %d vertices, %d rounds, %d supports%n", r.sensitivity(), r.hull().vertexCount(), r.rounds(), r.supports());
        assertTrue(r.sensitivity() >= 1 && r.sensitivity() <= 1 + 1e-3, "delta " + r.sensitivity() + " after " + r.rounds() + " rounds");
        double vol = org.optimech.geometry.body.ConeTriangulation.fromOrigin(r.hull()).volume().doubleValue();
        double k2 = 40.0 / 3;
        assertTrue(vol <= k2 * (1 + 1e-9), "inner volume " + vol);
        assertTrue(r.sensitivity() * r.sensitivity() * vol >= k2 * (1 - 1e-9), "outer volume " + r.sensitivity() * r.sensitivity() * vol);
    }

    /**
     * Issue 21 (1, 2): a round whose hull outgrows its facet budget is abandoned, keeping the last certified round (none here:
     * the first), and the reason is given; the same with the budget from a deadline already past.
     */
    @Test
    void sandwichRoundsArePlannedAndStop() {
        CurvedOutputSpace s = CurvedOutputSpace.of(PolynomialMap.of(new double[][] {{-1, 1}}, List.of(List.of(new PolynomialMap.Term(1, new int[] {1})),
                List.of(new PolynomialMap.Term(2, new int[] {2})))), Relation.SUBSTITUTION, 1e-6, 1_000_000);
        List<String> lines = new java.util.ArrayList<>();
        Sandwich.Result small = Sandwich.build(s, 1e-3, 30, lines::add, () -> false, 3, Long.MAX_VALUE);
        assertTrue(small.hull() == null && small.rounds() == 0 && Double.isInfinite(small.sensitivity()), String.valueOf(small));
        assertTrue(small.stoppedBecause().contains("size estimate"), small.stoppedBecause());
        assertTrue(lines.stream().anyMatch(l -> l.contains("abandoned") && l.contains("no certified hull")), String.valueOf(lines));
        // a facet budget that admits the first round but not the refined ones keeps round 1, whose Δ is certified
        Sandwich.Result full = Sandwich.build(s, 1e-3, 30);
        Sandwich.Result first = Sandwich.build(s, 1e-3, 1);
        Sandwich.Result kept = Sandwich.build(s, 1e-3, 30, m -> { }, () -> false, first.hull().facets().size(), Long.MAX_VALUE);
        assertTrue(full.rounds() > 1, "the example needs refinement: " + full.rounds());
        assertEquals(first.sensitivity(), kept.sensitivity(), "round 1 kept");
        assertEquals(1, kept.rounds());
        assertTrue(kept.stoppedBecause().contains("round 2"), kept.stoppedBecause());
        Sandwich.Result late = Sandwich.build(s, 1e-3, 30, m -> { }, () -> true, Long.MAX_VALUE, System.nanoTime());
        assertTrue(late.hull() == null && late.stoppedBecause().contains("time limit"), late.stoppedBecause());
    }

    @Test
    void addRemoveSupportIsTheLargerSide() {
        PolynomialMap t = PolynomialMap.of(new double[][] {{0, 1}, {-1, 1}}, List.of(List.of(new PolynomialMap.Term(1, new int[] {1, 1})),
                List.of(new PolynomialMap.Term(1, new int[] {0, 2}))));
        CurvedOutputSpace s = CurvedOutputSpace.of(t, Relation.ADD_REMOVE, 1e-10, 1_000_000);
        // t = (x·y, y²) on [0,1]×[−1,1]: ±t, so h(e1) = max |x·y| = 1, h(e2) = max y² = 1, Δ₁ = max |xy| + y² = 2
        assertBrackets(1, s.support(new double[] {1, 0}), 1e-8, "h(e1)");
        assertBrackets(1, s.support(new double[] {0, -1}), 1e-8, "h(-e2)");
        assertBrackets(2, s.l1Sensitivity(), 1e-8, "l1");
        assertBrackets(Math.sqrt(2), s.l2Sensitivity(), 1e-7, "l2");
    }

    /** The bound is certified even when the budget stops the search early: the upper bound still covers the maximum. */
    @Test
    void anExhaustedBudgetStillGivesACertifiedUpperBound() {
        PolynomialMap t = PolynomialMap.of(new double[][] {{-1, 1}}, List.of(List.of(new PolynomialMap.Term(1, new int[] {1})),
                List.of(new PolynomialMap.Term(2, new int[] {2}))));
        BoxMaximizer.Bound b = CurvedOutputSpace.of(t, Relation.SUBSTITUTION, 1e-12, 5).l1Sensitivity();
        assertTrue(b.upper() >= 3.125 && b.lower() <= 3.125 && b.gap() > 1e-6, b.toString());
    }

    @Test
    void intervalsContainTheTrueValues() {
        Interval x = new Interval(-0.5, 2);
        assertEquals(0.0, x.pow(2).lo(), 0.0);
        assertTrue(x.pow(2).hi() >= 4 && x.pow(2).hi() < 4 + 1e-12);
        assertTrue(x.pow(3).lo() <= -0.125 && x.pow(3).hi() >= 8);
        Interval tenth = Interval.point(0.1).multiply(Interval.point(3));
        assertTrue(tenth.lo() <= 0.30000000000000004 && tenth.hi() >= 0.3);
        assertThrows(IllegalArgumentException.class, () -> new Interval(1, 0));
    }
}
