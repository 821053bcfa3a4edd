package org.optimech.geometry.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.spec.Relation;

/**
 * Property test of the certified bounds: for random polynomial maps (two variables, powers up to 3, coefficients
 * that are binary fractions) and random directions, the certified upper bound of the support function is at least
 * the largest value of a·u over a 61 × 61 grid of each box (pairs for substitution), evaluated exactly in
 * BigDecimal; and the witness lower bound is at most the upper bound. A wrong interval rule (say, x² of an interval
 * containing 0 taken as [lo², hi²]) fails this.
 */
class BoxMaximizerPropertyTest {
    @Test
    void certifiedUpperBoundsDominateExactGridMaxima() {
        SplittableRandom rnd = new SplittableRandom(77);
        for (int trial = 0; trial < 30; trial++) {
            double[][] box = new double[2][];
            for (int v = 0; v < 2; v++) {
                double lo = (rnd.nextInt(9) - 6) / 4.0;
                box[v] = new double[] {lo, lo + (1 + rnd.nextInt(8)) / 4.0};
            }
            List<List<PolynomialMap.Term>> features = new ArrayList<>();
            for (int k = 0; k < 2; k++) {
                List<PolynomialMap.Term> terms = new ArrayList<>();
                for (int j = 0; j < 3; j++) {
                    terms.add(new PolynomialMap.Term((rnd.nextInt(17) - 8) / 8.0, new int[] {rnd.nextInt(4), rnd.nextInt(4)}));
                }
                features.add(terms);
            }
            PolynomialMap t = PolynomialMap.of(box, features);
            Relation rel = trial % 2 == 0 ? Relation.SUBSTITUTION : Relation.ADD_REMOVE;
            CurvedOutputSpace s = CurvedOutputSpace.of(t, rel, 1e-6, 200_000);
            double[] a = {(rnd.nextInt(9) - 4) / 4.0, (rnd.nextInt(9) - 4) / 4.0};
            BoxMaximizer.Bound b = s.support(a);
            BigDecimal gridMax = gridSupport(features, box, a, rel);
            assertTrue(new BigDecimal(b.upper()).compareTo(gridMax) >= 0, "trial " + trial + ": upper " + b.upper() + " below the grid's " + gridMax);
            assertTrue(b.lower() <= b.upper(), "trial " + trial);
        }
    }

    static BigDecimal gridSupport(List<List<PolynomialMap.Term>> features, double[][] box, double[] a, Relation rel) {
        int n = 61;
        BigDecimal max = null;
        BigDecimal min = null;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                BigDecimal x = new BigDecimal(box[0][0]).add(new BigDecimal(box[0][1] - box[0][0]).multiply(BigDecimal.valueOf(i)).divide(BigDecimal.valueOf(n - 1),
                        java.math.MathContext.DECIMAL128));
                BigDecimal y = new BigDecimal(box[1][0]).add(new BigDecimal(box[1][1] - box[1][0]).multiply(BigDecimal.valueOf(j)).divide(BigDecimal.valueOf(n - 1),
                        java.math.MathContext.DECIMAL128));
                BigDecimal g = BigDecimal.ZERO;
                for (int k = 0; k < features.size(); k++) {
                    BigDecimal f = BigDecimal.ZERO;
                    for (PolynomialMap.Term term : features.get(k)) {
                        f = f.add(new BigDecimal(term.coef()).multiply(x.pow(term.powers()[0])).multiply(y.pow(term.powers()[1])));
                    }
                    g = g.add(new BigDecimal(a[k]).multiply(f));
                }
                max = max == null || g.compareTo(max) > 0 ? g : max;
                min = min == null || g.compareTo(min) < 0 ? g : min;
            }
        }
        // substitution: sup (g(x) − g(x′)) = max − min; add/remove: sup ±g = max(max, −min)
        return rel == Relation.SUBSTITUTION ? max.subtract(min) : max.max(min.negate());
    }
}
