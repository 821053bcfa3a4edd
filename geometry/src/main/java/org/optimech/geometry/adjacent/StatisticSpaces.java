package org.optimech.geometry.adjacent;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.optimech.geometry.support.CurvedOutputSpace;
import org.optimech.geometry.support.PolynomialMap;
import org.optimech.runtime.spec.Relation;
import org.optimech.runtime.statistic.PolynomialStatistic;
import org.optimech.runtime.statistic.Statistic;

/**
 * The adjacent output space S_T of a parsed statistic: finite and exact for records, differences and multilinear features
 * (the hull of S_T is the hull of the differences of t at the box vertices), or curved, through certified support bounds,
 * for polynomial features of higher degree. Where problems meet geometry: the problem parsers only parse.
 */
public final class StatisticSpaces {
    private StatisticSpaces() {
    }

    /** Whether the statistic's S_T is finite (records, differences, multilinear features) rather than curved. */
    public static boolean isFinite(Statistic statistic) {
        return statistic.polynomial().map(PolynomialStatistic::isMultilinear).orElse(true);
    }

    /**
     * The finite S_T: ±t(x) under add/remove and t(x) − t(x′) under substitution for records and multilinear features, the
     * differences themselves (closed under negation) for a difference statistic.
     *
     * @throws IllegalArgumentException when the statistic is curved, a difference is not exactly a double, or S_T is too large
     */
    public static AdjacentOutputSpace finite(Statistic statistic, Relation relation) {
        return statistic.match(p -> {
            if (!p.isMultilinear()) {
                throw new IllegalArgumentException("the statistic has degree " + p.degree() + ": its adjacent output space is curved, not finite");
            }
            return AdjacentOutputSpace.finiteDomain(p.domainImages(), relation);
        }, r -> AdjacentOutputSpace.finiteDomain(r.records(), relation), d -> AdjacentOutputSpace.differences(d.differences(), relation), s -> {
            throw new IllegalArgumentException("a structured statistic (" + s.form() + ") has a closed-form hull; its adjacent outputs are not enumerated here");
        });
    }

    /**
     * The curved S_T of polynomial features, known through certified support bounds (interval branch and bound).
     *
     * @param tolerance relative gap of each support bound
     * @param maxBoxes box budget per branch and bound
     * @throws IllegalArgumentException for categorical variables (multilinear features only) or a malformed statistic
     */
    public static CurvedOutputSpace curved(PolynomialStatistic statistic, Relation relation, double tolerance, long maxBoxes) {
        if (!statistic.categoricals().isEmpty()) {
            throw new IllegalArgumentException("categorical variables combine with multilinear features only (every power 0 or 1)");
        }
        org.optimech.runtime.certificate.StatisticPolynomials exact = org.optimech.runtime.certificate.StatisticPolynomials.of(statistic);
        return CurvedOutputSpace.of(polynomialMap(statistic), relation, tolerance, maxBoxes)
                .withSpanProof(span -> exact.liesIn(span.pivots(), span.basis(), relation == Relation.SUBSTITUTION));
    }

    /**
     * The statistic's canonical form ({@link PolynomialStatistic#canonical()}, the same one the runtime's certificate evaluator
     * uses) as a polynomial map on its box. A collected coefficient that is not a double is written as a sum of doubles
     * (several terms of the same monomial), so the map is the canonical polynomial exactly.
     */
    public static PolynomialMap polynomialMap(PolynomialStatistic poly) {
        List<String> names = poly.variableNames();
        double[][] box = new double[names.size()][];
        for (int v = 0; v < names.size(); v++) {
            box[v] = new double[] {poly.variables().get(v).lower(), poly.variables().get(v).upper()};
        }
        List<List<PolynomialMap.Term>> fs = new ArrayList<>();
        for (PolynomialStatistic.Feature f : poly.canonical().features()) {
            List<PolynomialMap.Term> ts = new ArrayList<>();
            for (PolynomialStatistic.Term t : f.terms()) {
                int[] powers = new int[names.size()];
                for (Map.Entry<String, Integer> e : t.powers().entrySet()) {
                    powers[names.indexOf(e.getKey())] = e.getValue();
                }
                for (double c : exactDoubles(t.coefficient())) {
                    ts.add(new PolynomialMap.Term(c, powers));
                }
            }
            fs.add(ts);
        }
        return PolynomialMap.of(box, fs);
    }

    /** Doubles whose exact sum is c (one when c is a double); each step takes the nearest double of what remains. */
    static List<Double> exactDoubles(java.math.BigDecimal c) {
        List<Double> out = new ArrayList<>();
        java.math.BigDecimal rest = c;
        while (rest.signum() != 0) {
            double x = rest.doubleValue();
            if (!Double.isFinite(x) || x == 0 || out.size() > 64) {
                throw new IllegalArgumentException("coefficient " + c.toPlainString() + " cannot be written exactly as a sum of doubles");
            }
            out.add(x);
            rest = rest.subtract(new java.math.BigDecimal(x));
        }
        return out;
    }
}
