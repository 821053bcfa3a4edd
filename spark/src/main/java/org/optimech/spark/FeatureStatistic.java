package org.optimech.spark;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.RecordedProblem;
import org.optimech.runtime.statistic.PolynomialStatistic;
import org.optimech.runtime.statistic.Statistic;

/**
 * The per-row statistic of a K-norm spec, t(x) = (Σ_terms c·Π x_v) per feature, read from the problem the spec was
 * designed for ({@code design.problem}, covered by the digest), and evaluated exactly in 64-bit fixed point.
 *
 * <p>Each variable is clipped to its box [lo, hi] and rounded to a multiple of 2^-Q that stays inside the box, so
 * the row's feature vector is t at a point of the box: exactly what the spec's sensitivity was certified for. With
 * every coefficient a dyadic rational (the designer requires exact doubles), t(x) times 2^{QD+S} is an integer F(x)
 * (D the largest degree, S the coefficients' largest binary scale), and per-group sums of F are exact. Q is the
 * largest value ≤ {@value #MAX_QUANTUM_BITS} for which |F| ≤ 2^62 on the whole box, so no row can overflow.
 *
 * <p>Only multilinear features of box variables are accepted (every power 0 or 1): then t of the box lies in the hull
 * of t at the box's vertices, which makes the coverage check of {@link #coveredRows} exact. Categorical variables and
 * higher powers are refused.
 */
final class FeatureStatistic implements Serializable {
    private static final long serialVersionUID = 1L;
    static final int MAX_QUANTUM_BITS = 40;
    static final int MIN_QUANTUM_BITS = 8;
    private static final BigInteger LIMIT = BigInteger.ONE.shiftLeft(62);

    private final List<String> variables;
    private final BigDecimal[] lower;
    private final BigDecimal[] upper;
    private final List<String> featureNames;
    /** Per feature, per term: the coefficient and the variables (indices) it multiplies. */
    private final BigDecimal[][] coefs;
    private final int[][][] termVariables;
    private final long rowsPerUnitDesigned;
    private final int quantumBits;
    private final int scaleBits;
    /** Per feature, per term: the integer coefficient of F at quantum Q. */
    private final long[][] intCoefs;

    private FeatureStatistic(List<String> variables, BigDecimal[] lower, BigDecimal[] upper, List<String> featureNames, BigDecimal[][] coefs,
            int[][][] termVariables, long rowsPerUnitDesigned) {
        this.variables = variables;
        this.lower = lower;
        this.upper = upper;
        this.featureNames = featureNames;
        this.coefs = coefs;
        this.termVariables = termVariables;
        this.rowsPerUnitDesigned = rowsPerUnitDesigned;
        int degree = 0;
        int coefScale = 0;
        for (int f = 0; f < coefs.length; f++) {
            for (int t = 0; t < coefs[f].length; t++) {
                degree = Math.max(degree, termVariables[f][t].length);
                coefScale = Math.max(coefScale, binaryScale(coefs[f][t]));
            }
        }
        int q = MAX_QUANTUM_BITS;
        long[][] ints = null;
        for (; q >= MIN_QUANTUM_BITS; q--) {
            ints = integerCoefficients(q, degree, coefScale);
            if (ints != null) {
                break;
            }
        }
        if (ints == null) {
            throw new SpecNotApplicableException("the statistic's box and coefficients are too large for exact 64-bit fixed point even at 2^-"
                    + MIN_QUANTUM_BITS + " resolution: |t| times 2^" + (MIN_QUANTUM_BITS * degree + coefScale) + " exceeds 2^62 on the box");
        }
        this.quantumBits = q;
        this.scaleBits = q * degree + coefScale;
        this.intCoefs = ints;
    }

    /**
     * The statistic of a K-norm spec designed from {@code variables} and {@code features}.
     *
     * @throws SpecNotApplicableException naming the field when the spec has no such statistic or one this job cannot
     *     evaluate exactly (categorical variables, powers above 1)
     */
    static FeatureStatistic of(KNormSpec spec) {
        // the one reader of the recorded problem: the loader re-derived Δ from the same statistic, which the designer parsed
        Statistic read;
        long rowsPerUnit;
        JsonValue stJson;
        try {
            RecordedProblem problem = RecordedProblem.read(spec.design())
                    .orElseThrow(() -> new SpecNotApplicableException("/design/problem/statistic: the K-norm spec does not record the problem it was designed "
                            + "for, so the job cannot know the per-row statistic its sensitivity covers; design it with optimech design"));
            stJson = problem.statisticJson();
            read = problem.statistic();
            rowsPerUnit = problem.rowsPerUnit();
        } catch (FieldException e) {
            throw new SpecNotApplicableException(e.getMessage());
        }
        PolynomialStatistic st = read.polynomial().orElseThrow(() -> new SpecNotApplicableException("/design/problem/statistic: the spec was designed from "
                + stJson.asObject().names() + ", not from variables and features; a job can only compute and bound a statistic given as features of box variables"));
        if (!st.categoricals().isEmpty()) {
            throw new SpecNotApplicableException("/design/problem/statistic/variables/" + st.categoricals().get(0).name() + ": only numeric box variables "
                    + "[lower, upper] are supported by the Spark job (categorical variables are not yet)");
        }
        if (!st.isMultilinear()) {
            throw new SpecNotApplicableException("/design/problem/statistic/features: power " + st.degree() + " makes the statistic curved; the Spark job "
                    + "re-checks sensitivity exactly only for multilinear features (every power 0 or 1)");
        }
        List<String> vars = st.variableNames();
        BigDecimal[] lo = new BigDecimal[vars.size()];
        BigDecimal[] hi = new BigDecimal[vars.size()];
        for (int v = 0; v < lo.length; v++) {
            lo[v] = new BigDecimal(st.variables().get(v).lower());
            hi[v] = new BigDecimal(st.variables().get(v).upper());
        }
        BigDecimal[][] coefs = new BigDecimal[st.features().size()][];
        int[][][] termVars = new int[coefs.length][][];
        for (int f = 0; f < coefs.length; f++) {
            List<PolynomialStatistic.Term> terms = st.features().get(f).terms();
            coefs[f] = new BigDecimal[terms.size()];
            termVars[f] = new int[terms.size()][];
            for (int t = 0; t < terms.size(); t++) {
                coefs[f][t] = terms.get(t).coefficient();
                termVars[f][t] = terms.get(t).powers().keySet().stream().mapToInt(vars::indexOf).toArray();
            }
        }
        if (st.dimension() != spec.dimension()) {
            throw new SpecNotApplicableException("/design/problem/statistic/features: " + st.dimension() + " features but the mechanism's dimension is "
                    + spec.dimension());
        }
        return new FeatureStatistic(Collections.unmodifiableList(vars), lo, hi, Collections.unmodifiableList(st.names()), coefs, termVars, rowsPerUnit);
    }

    /** The smallest s ≥ 0 with c·2^s an integer (c dyadic). */
    private static int binaryScale(BigDecimal c) {
        BigDecimal x = c.stripTrailingZeros();
        int s = 0;
        while (x.scale() > 0) {
            x = x.multiply(BigDecimal.valueOf(2)).stripTrailingZeros();
            if (++s > 1100) {
                throw new SpecNotApplicableException("coefficient " + c.toPlainString() + " is not a dyadic rational (not exactly a double)");
            }
        }
        return s;
    }

    /** The integer coefficients of F at quantum 2^-q, or null when |F| could exceed 2^62 somewhere on the box. */
    private long[][] integerCoefficients(int q, int degree, int coefScale) {
        BigInteger[] maxX = new BigInteger[variables.size()];
        for (int v = 0; v < maxX.length; v++) {
            BigInteger m = quantizedBound(v, q, true).abs().max(quantizedBound(v, q, false).abs());
            maxX[v] = m.max(BigInteger.ONE); // ≥ 1 so that partial products are bounded by the full bound too
        }
        long[][] out = new long[coefs.length][];
        for (int f = 0; f < coefs.length; f++) {
            out[f] = new long[coefs[f].length];
            BigInteger bound = BigInteger.ZERO;
            for (int t = 0; t < coefs[f].length; t++) {
                int shift = coefScale + q * (degree - termVariables[f][t].length);
                BigInteger c = coefs[f][t].multiply(new BigDecimal(BigInteger.ONE.shiftLeft(shift))).toBigIntegerExact();
                BigInteger b = c.abs();
                for (int v : termVariables[f][t]) {
                    b = b.multiply(maxX[v]);
                }
                bound = bound.add(b);
                if (bound.compareTo(LIMIT) > 0) {
                    return null;
                }
                out[f][t] = c.longValueExact();
            }
        }
        return out;
    }

    /** The quantized box side in units of 2^-q: ceil(lo·2^q) (lower) or floor(hi·2^q) (upper), inside the box. */
    BigInteger quantizedBound(int v, int q, boolean isLower) {
        BigDecimal scaled = (isLower ? lower[v] : upper[v]).multiply(new BigDecimal(BigInteger.ONE.shiftLeft(q)));
        return scaled.setScale(0, isLower ? RoundingMode.CEILING : RoundingMode.FLOOR).toBigIntegerExact();
    }

    List<String> variables() {
        return variables;
    }

    List<String> featureNames() {
        return featureNames;
    }

    int dimension() {
        return featureNames.size();
    }

    /** Q: variables are rounded to multiples of 2^-Q. */
    int quantumBits() {
        return quantumBits;
    }

    /** QD + S: a group's statistic is its integer sum divided by 2^scaleBits. */
    int scaleBits() {
        return scaleBits;
    }

    /** The rows per unit the spec was designed for ({@code rows_per_unit}, 1 when absent). */
    long rowsPerUnitDesigned() {
        return rowsPerUnitDesigned;
    }

    double lowerDouble(int v) {
        return roundInward(lower[v], true);
    }

    double upperDouble(int v) {
        return roundInward(upper[v], false);
    }

    long lowerQuantized(int v) {
        return quantizedBound(v, quantumBits, true).longValueExact();
    }

    long upperQuantized(int v) {
        return quantizedBound(v, quantumBits, false).longValueExact();
    }

    long integerCoefficient(int feature, int term) {
        return intCoefs[feature][term];
    }

    int[] termVariables(int feature, int term) {
        return termVariables[feature][term].clone();
    }

    int terms(int feature) {
        return coefs[feature].length;
    }

    private static double roundInward(BigDecimal b, boolean isLower) {
        double d = b.doubleValue();
        int c = new BigDecimal(d).compareTo(b);
        if (isLower && c < 0) {
            return Math.nextUp(d);
        }
        if (!isLower && c > 0) {
            return Math.nextDown(d);
        }
        return d;
    }

    /** F(x) for one row of quantized variables (units 2^-Q), exactly; the bound on the box rules out overflow. */
    long[] integerFeatures(long[] x) {
        long[] out = new long[coefs.length];
        for (int f = 0; f < coefs.length; f++) {
            long s = 0;
            for (int t = 0; t < coefs[f].length; t++) {
                long p = intCoefs[f][t];
                for (int v : termVariables[f][t]) {
                    p = Math.multiplyExact(p, x[v]);
                }
                s = Math.addExact(s, p);
            }
            out[f] = s;
        }
        return out;
    }

    /**
     * Whether the spec's noise covers a privacy unit with up to {@code rows} rows per group: every ±rows·t(v), v a vertex
     * of the box, has K-norm at most Δ (decided exactly). Multilinear t maps the box into the hull of those points, and
     * the sum of up to {@code rows} rows lies in rows times the hull of ±t(v) (which contains 0), so this suffices.
     */
    boolean coveredRows(KNormSpec spec, long rows) {
        int n = variables.size();
        List<BigDecimal[]> points = new ArrayList<>();
        int scale = 0;
        for (long mask = 0; mask < (1L << n); mask++) {
            BigDecimal[] x = new BigDecimal[n];
            for (int v = 0; v < n; v++) {
                x[v] = (mask >> v & 1) == 0 ? lower[v] : upper[v];
            }
            BigDecimal[] y = new BigDecimal[coefs.length];
            for (int f = 0; f < coefs.length; f++) {
                BigDecimal s = BigDecimal.ZERO;
                for (int t = 0; t < coefs[f].length; t++) {
                    BigDecimal p = coefs[f][t];
                    for (int v : termVariables[f][t]) {
                        p = p.multiply(x[v]);
                    }
                    s = s.add(p);
                }
                y[f] = s.multiply(BigDecimal.valueOf(rows));
                scale = Math.max(scale, y[f].scale());
            }
            points.add(y);
        }
        BigInteger[][] numerators = new BigInteger[points.size()][];
        for (int i = 0; i < numerators.length; i++) {
            numerators[i] = new BigInteger[coefs.length];
            for (int f = 0; f < coefs.length; f++) {
                numerators[i][f] = points.get(i)[f].setScale(scale, RoundingMode.UNNECESSARY).unscaledValue();
            }
        }
        return spec.withinSensitivity(numerators, BigInteger.TEN.pow(scale));
    }

    /** The variables' boxes, for reports. */
    Map<String, String> boxes() {
        Map<String, String> m = new LinkedHashMap<>();
        for (int v = 0; v < variables.size(); v++) {
            m.put(variables.get(v), "[" + lower[v].toPlainString() + ", " + upper[v].toPlainString() + "]");
        }
        return m;
    }
}
