package org.optimech.runtime.certificate;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.optimech.runtime.exact.Dyadic;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.statistic.PolynomialStatistic;

/**
 * A polynomial statistic's features as interval polynomials over one monomial basis of its box variables, and the rows
 * m·t of a gauge as polynomials (their coefficients Σ_j m_j·c_j enclosed by the nearest doubles when not exact).
 */
public final class StatisticPolynomials {
    private final MonomialBasis basis;
    private final Rational[][] coefficients; // feature × monomial, exact
    private final double[] lower;
    private final double[] upper;

    private StatisticPolynomials(MonomialBasis basis, Rational[][] coefficients, double[] lower, double[] upper) {
        this.basis = basis;
        this.coefficients = coefficients;
        this.lower = lower;
        this.upper = upper;
    }

    /**
     * The statistic's canonical form ({@link PolynomialStatistic#canonical()}, the one the designer's geometry evaluates too):
     * y − y is the zero polynomial here, not an interval of width 4.
     *
     * @throws IllegalArgumentException for categorical variables (their one-hot structure is not a box)
     */
    public static StatisticPolynomials of(PolynomialStatistic written) {
        if (!written.categoricals().isEmpty()) {
            throw new IllegalArgumentException("certificates cover box variables only; this statistic has categorical variables");
        }
        PolynomialStatistic statistic = written.canonical();
        List<String> names = statistic.variableNames();
        int k = names.size();
        List<int[]> monomials = new ArrayList<>();
        for (PolynomialStatistic.Feature f : statistic.features()) {
            for (PolynomialStatistic.Term t : f.terms()) {
                monomials.add(exponents(t, names));
            }
        }
        MonomialBasis basis = MonomialBasis.of(k, monomials);
        Rational[][] c = new Rational[statistic.features().size()][basis.size()];
        for (int j = 0; j < c.length; j++) {
            java.util.Arrays.fill(c[j], Rational.ZERO);
            for (PolynomialStatistic.Term t : statistic.features().get(j).terms()) {
                int m = basis.indexOf(exponents(t, names));
                c[j][m] = c[j][m].add(Rational.of(t.coefficient()));
            }
        }
        double[] lo = new double[k];
        double[] hi = new double[k];
        for (int v = 0; v < k; v++) {
            lo[v] = statistic.variables().get(v).lower();
            hi[v] = statistic.variables().get(v).upper();
        }
        return new StatisticPolynomials(basis, c, lo, hi);
    }

    private static int[] exponents(PolynomialStatistic.Term t, List<String> names) {
        int[] e = new int[names.size()];
        for (Map.Entry<String, Integer> p : t.powers().entrySet()) {
            e[names.indexOf(p.getKey())] += p.getValue();
        }
        return e;
    }

    public MonomialBasis basis() {
        return basis;
    }

    /** The number of box variables k. */
    public int variables() {
        return basis.variables();
    }

    /** The statistic's dimension d. */
    public int dimension() {
        return coefficients.length;
    }

    /** The box's lower corner (a copy). */
    public double[] lower() {
        return lower.clone();
    }

    /** The box's upper corner (a copy). */
    public double[] upper() {
        return upper.clone();
    }

    /** The lower corner of the searched box: one record's (add/remove) or a pair's, the record box twice (substitution). */
    public double[] searchLower(boolean pairs) {
        return twice(lower, pairs);
    }

    /** The upper corner of the searched box (see {@link #searchLower}). */
    public double[] searchUpper(boolean pairs) {
        return twice(upper, pairs);
    }

    private static double[] twice(double[] b, boolean pairs) {
        if (!pairs) {
            return b.clone();
        }
        double[] out = new double[2 * b.length];
        System.arraycopy(b, 0, out, 0, b.length);
        System.arraycopy(b, 0, out, b.length, b.length);
        return out;
    }

    /**
     * Whether every adjacent output lies in the subspace x = basis·x[pivots], proved exactly on the canonical coefficients:
     * t_j ≡ Σ_i basis[j][i]·t_{pivots[i]} as polynomials for every coordinate j (for pairs, up to the constant term, which
     * cancels in t(x) − t(x′)). A certificate over the pivot coordinates then bounds the gauge of the body in the subspace.
     *
     * @param basis d × k exact rationals
     */
    public boolean liesIn(int[] pivots, Rational[][] basis, boolean pairs) {
        if (basis.length != coefficients.length) {
            throw new IllegalArgumentException("a subspace basis must have " + coefficients.length + " rows. Provided length: " + basis.length);
        }
        int constant = basis().constantIndex();
        for (int j = 0; j < coefficients.length; j++) {
            if (basis[j].length != pivots.length) {
                throw new IllegalArgumentException("every basis row must have " + pivots.length + " entries. Provided length: " + basis[j].length);
            }
            for (int mono = 0; mono < this.basis.size(); mono++) {
                if (pairs && mono == constant) {
                    continue;
                }
                Rational s = coefficients[j][mono];
                for (int i = 0; i < pivots.length; i++) {
                    if (basis[j][i].signum() != 0) {
                        s = s.subtract(basis[j][i].multiply(coefficients[pivots[i]][mono]));
                    }
                }
                if (s.signum() != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Feature j as a polynomial (exact coefficients: points). */
    public IntervalPolynomial feature(int j) {
        Rational[] e = new Rational[coefficients.length];
        java.util.Arrays.fill(e, Rational.ZERO);
        e[j] = Rational.of(java.math.BigInteger.ONE);
        return row(e);
    }

    /** m·t for a row m of d exact rationals, coefficients enclosed by their nearest doubles. */
    public IntervalPolynomial row(Rational[] m) {
        if (m.length != coefficients.length) {
            throw new IllegalArgumentException("a row must have " + coefficients.length + " entries. Provided length: " + m.length);
        }
        double[] lo = new double[basis.size()];
        double[] hi = new double[basis.size()];
        for (int mono = 0; mono < basis.size(); mono++) {
            Rational s = Rational.ZERO;
            for (int j = 0; j < m.length; j++) {
                if (m[j].signum() != 0 && coefficients[j][mono].signum() != 0) {
                    s = s.add(m[j].multiply(coefficients[j][mono]));
                }
            }
            if (s.signum() != 0) {
                lo[mono] = down(s);
                hi[mono] = up(s);
            }
        }
        return IntervalPolynomial.of(basis, lo, hi);
    }

    /** All rows of a gauge as polynomials. */
    public IntervalPolynomial[] rows(Gauge gauge) {
        Rational[][] r = gauge.rows();
        IntervalPolynomial[] out = new IntervalPolynomial[r.length];
        for (int i = 0; i < r.length; i++) {
            out[i] = row(r[i]);
        }
        return out;
    }

    static double down(Rational q) {
        BigDecimal x = new BigDecimal(q.numerator()).divide(new BigDecimal(q.denominator()), new MathContext(40, RoundingMode.FLOOR));
        return Dyadic.doubleAtMost(x);
    }

    static double up(Rational q) {
        BigDecimal x = new BigDecimal(q.numerator()).divide(new BigDecimal(q.denominator()), new MathContext(40, RoundingMode.CEILING));
        return Dyadic.doubleAtLeast(x);
    }
}
