package org.optimech.runtime.statistic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The canonical form of polynomial features ({@link PolynomialStatistic#canonical()}): the same polynomial, evaluated exactly,
 * with like monomials collected and zero terms dropped.
 */
class CanonicalPolynomialTest {
    private static final List<String> LEVELS = List.of("a", "b", "c");

    /** Random features over box variables (one possibly fixed) and a categorical; coefficients small dyadics, repeated monomials likely. */
    private static PolynomialStatistic random(Random rnd) {
        int k = 1 + rnd.nextInt(3);
        List<PolynomialStatistic.BoxVariable> vars = new ArrayList<>();
        for (int v = 0; v < k; v++) {
            double lo = (rnd.nextInt(9) - 4) / 4.0;
            double hi = rnd.nextInt(5) == 0 ? lo : lo + (1 + rnd.nextInt(8)) / 4.0;
            vars.add(new PolynomialStatistic.BoxVariable("x" + v, lo, hi));
        }
        boolean categorical = rnd.nextBoolean();
        List<PolynomialStatistic.CategoricalVariable> cats = categorical ? List.of(new PolynomialStatistic.CategoricalVariable("c", LEVELS)) : List.of();
        List<PolynomialStatistic.Feature> features = new ArrayList<>();
        int d = 1 + rnd.nextInt(4);
        for (int f = 0; f < d; f++) {
            List<PolynomialStatistic.Term> terms = new ArrayList<>();
            int n = 1 + rnd.nextInt(6);
            for (int t = 0; t < n; t++) {
                Map<String, Integer> powers = new LinkedHashMap<>();
                for (int v = k - 1; v >= 0; v--) { // written in reverse order: the canonical form reorders
                    if (rnd.nextInt(3) == 0) {
                        powers.put("x" + v, 1 + rnd.nextInt(2));
                    }
                }
                if (categorical && rnd.nextInt(3) == 0) {
                    powers.put("c=" + LEVELS.get(rnd.nextInt(3)), 1);
                    if (rnd.nextInt(3) == 0) {
                        powers.put("c=" + LEVELS.get(rnd.nextInt(3)), 1);
                    }
                }
                BigDecimal coef = BigDecimal.valueOf(rnd.nextInt(7) - 3).divide(BigDecimal.valueOf(2));
                terms.add(new PolynomialStatistic.Term(coef, powers));
                if (rnd.nextInt(3) == 0) { // the same monomial again, often cancelling
                    terms.add(new PolynomialStatistic.Term(rnd.nextBoolean() ? coef.negate() : coef, powers));
                }
            }
            features.add(new PolynomialStatistic.Feature("t" + f, terms));
        }
        return new PolynomialStatistic(vars, cats, features);
    }

    /** Each feature evaluated exactly at a point of the box (and a level of the categorical). */
    private static BigDecimal[] evaluate(PolynomialStatistic s, Map<String, BigDecimal> x) {
        BigDecimal[] out = new BigDecimal[s.dimension()];
        for (int f = 0; f < out.length; f++) {
            BigDecimal sum = BigDecimal.ZERO;
            for (PolynomialStatistic.Term t : s.features().get(f).terms()) {
                BigDecimal p = t.coefficient();
                for (Map.Entry<String, Integer> e : t.powers().entrySet()) {
                    p = p.multiply(x.get(e.getKey()).pow(e.getValue()));
                }
                sum = sum.add(p);
            }
            out[f] = sum;
        }
        return out;
    }

    @Property(tries = 300)
    void theCanonicalFormIsTheSamePolynomial(@ForAll @IntRange(min = 0, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        PolynomialStatistic s = random(rnd);
        PolynomialStatistic c = s.canonical();
        assertEquals(s.variables(), c.variables());
        assertEquals(s.names(), c.names());
        for (int trial = 0; trial < 20; trial++) {
            Map<String, BigDecimal> x = new LinkedHashMap<>();
            for (PolynomialStatistic.BoxVariable v : s.variables()) {
                // a dyadic point of the box, its corners included
                x.put(v.name(), new BigDecimal(v.lower()).add(new BigDecimal(v.upper() - v.lower()).multiply(BigDecimal.valueOf(rnd.nextInt(17)).divide(BigDecimal.valueOf(16)))));
            }
            int level = rnd.nextInt(LEVELS.size());
            for (int l = 0; l < LEVELS.size(); l++) {
                x.put("c=" + LEVELS.get(l), l == level ? BigDecimal.ONE : BigDecimal.ZERO);
            }
            BigDecimal[] a = evaluate(s, x);
            BigDecimal[] b = evaluate(c, x);
            for (int f = 0; f < a.length; f++) {
                assertEquals(0, a[f].compareTo(b[f]), "feature " + f + " of " + s + " at " + x + ": " + a[f] + " written, " + b[f] + " canonical " + c);
            }
        }
        // canonical: no zero terms, no monomial twice, and canonical again is the same
        for (PolynomialStatistic.Feature f : c.features()) {
            assertTrue(f.terms().stream().noneMatch(t -> t.coefficient().signum() == 0), f.toString());
            assertEquals(f.terms().size(), f.terms().stream().map(PolynomialStatistic.Term::powers).distinct().count(), f.toString());
        }
        assertEquals(c, c.canonical());
    }

    @Test
    void cancellingTermsAreTheZeroPolynomialAndTheSpanDropsThem() {
        Map<String, Integer> y = Map.of("y", 1);
        Map<String, Integer> xy = new LinkedHashMap<>();
        xy.put("x", 1);
        xy.put("y", 1);
        Map<String, Integer> yx = new LinkedHashMap<>();
        yx.put("y", 1);
        yx.put("x", 1);
        PolynomialStatistic s = new PolynomialStatistic(List.of(new PolynomialStatistic.BoxVariable("x", -1, 1), new PolynomialStatistic.BoxVariable("y", -1, 1)),
                List.of(), List.of(
                        new PolynomialStatistic.Feature("one", List.of(new PolynomialStatistic.Term(BigDecimal.ONE, Map.of()))),
                        new PolynomialStatistic.Feature("x", List.of(new PolynomialStatistic.Term(BigDecimal.ONE, Map.of("x", 1)))),
                        new PolynomialStatistic.Feature("y-y", List.of(new PolynomialStatistic.Term(BigDecimal.ONE, y), new PolynomialStatistic.Term(BigDecimal.ONE.negate(), y))),
                        new PolynomialStatistic.Feature("xy-yx", List.of(new PolynomialStatistic.Term(BigDecimal.ONE, xy), new PolynomialStatistic.Term(BigDecimal.ONE.negate(), yx))),
                        new PolynomialStatistic.Feature("2x+3", List.of(new PolynomialStatistic.Term(BigDecimal.valueOf(2), Map.of("x", 1)),
                                new PolynomialStatistic.Term(BigDecimal.valueOf(3), Map.of())))));
        assertEquals(List.of("y-y", "xy-yx"), s.zeroFeatures());
        // add/remove: span of (1, x, 0, 0, 2x + 3) is 2; differences: (0, x, 0, 0, 2x) spans 1
        assertEquals(2, s.spanDimension(false));
        assertEquals(1, s.spanDimension(true));
    }
}
