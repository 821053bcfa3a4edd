package org.optimech.runtime.statistic;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Polynomial features of box variables and one-hot categorical variables: t_f(x) = Σ_terms c·Π_v x_v^{p_v}, where a
 * categorical variable c with levels L appears through its indicators {@code c=level} (exactly one of them is 1).
 * Coefficients and box bounds are exact doubles. <b>Multilinear</b> features (every power 0 or 1) are affine along every
 * box coordinate, so t of the box lies in the hull of t at the box's vertices: {@link #domainImages()} enumerates those
 * (times every choice of levels) exactly, and the hull of the adjacent outputs is exact. Higher powers make the adjacent
 * output space curved.
 *
 * @param variables the box variables, in order
 * @param categoricals the categorical variables, in order
 * @param features the features, one per coordinate of t
 */
public record PolynomialStatistic(List<BoxVariable> variables, List<CategoricalVariable> categoricals, List<Feature> features) implements Statistic {
    /** Box variables at most: 2^k vertices are enumerated. */
    public static final int MAX_VARIABLES = 16;
    /** Largest power of a variable in a term. */
    public static final int MAX_POWER = 8;
    /** Box vertices × category levels enumerated for multilinear features. */
    public static final int MAX_DOMAIN_POINTS = 1 << 16;

    /** A box variable x ∈ [lower, upper]; both bounds exact doubles. */
    public record BoxVariable(String name, double lower, double upper) {
        public BoxVariable {
            Objects.requireNonNull(name, "name");
            if (!Double.isFinite(lower) || !Double.isFinite(upper) || !(lower <= upper)) {
                throw new IllegalArgumentException("variable " + name + " must be a finite box with lower <= upper. Provided value: [" + lower + ", " + upper + "]");
            }
        }
    }

    /** A categorical variable with at least two distinct levels, entering features through the indicators {@code name=level}. */
    public record CategoricalVariable(String name, List<String> levels) {
        public CategoricalVariable {
            Objects.requireNonNull(name, "name");
            levels = List.copyOf(levels);
            if (levels.size() < 2 || levels.stream().distinct().count() != levels.size()) {
                throw new IllegalArgumentException("categorical variable " + name + " must have at least 2 distinct levels. Provided value: " + levels);
            }
        }

        /** The indicator's name for a level: {@code name=level}. */
        public String indicator(String level) {
            return name + "=" + level;
        }
    }

    /**
     * One term c·Π x_v^{p_v}: powers of box variables (1..{@value #MAX_POWER}) and indicators (power 1).
     *
     * @param coefficient an exact double, as a decimal
     * @param powers variable or indicator name → power ≥ 1 (in the order written)
     */
    public record Term(BigDecimal coefficient, Map<String, Integer> powers) {
        public Term {
            Objects.requireNonNull(coefficient, "coefficient");
            powers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(powers));
            for (Map.Entry<String, Integer> e : powers.entrySet()) {
                if (e.getValue() < 1 || e.getValue() > MAX_POWER) {
                    throw new IllegalArgumentException("power of " + e.getKey() + " must be in [1, " + MAX_POWER + "]. Provided value: " + e.getValue());
                }
            }
        }

        /** The largest power in the term (0 for a constant). */
        public int degree() {
            return powers.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        }
    }

    /**
     * A named feature: a sum of terms. No terms is the zero polynomial, which only {@link #canonical()} produces (the reader
     * refuses an empty list of terms).
     */
    public record Feature(String name, List<Term> terms) {
        public Feature {
            Objects.requireNonNull(name, "name");
            terms = List.copyOf(terms);
        }
    }

    public PolynomialStatistic {
        variables = List.copyOf(variables);
        categoricals = List.copyOf(categoricals);
        features = List.copyOf(features);
        if (features.isEmpty()) {
            throw new IllegalArgumentException("features must not be empty");
        }
        if (variables.size() + categoricals.size() == 0) {
            throw new IllegalArgumentException("variables must not be empty");
        }
        if (variables.size() > MAX_VARIABLES) {
            throw new IllegalArgumentException("at most " + MAX_VARIABLES + " box variables (2^k vertices are enumerated). Provided value: " + variables.size());
        }
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public int dimension() {
        return features.size();
    }

    @Override
    public List<String> names() {
        List<String> n = new ArrayList<>();
        for (Feature f : features) {
            n.add(f.name());
        }
        return n;
    }

    /** The largest power of a box variable in any term: 1 for multilinear features (0 for constants only). */
    public int degree() {
        int d = 0;
        for (Feature f : features) {
            for (Term t : f.terms()) {
                d = Math.max(d, t.degree());
            }
        }
        return d;
    }

    public boolean isMultilinear() {
        return degree() <= 1;
    }

    /** The box variables' names, in order. */
    public List<String> variableNames() {
        List<String> n = new ArrayList<>();
        for (BoxVariable v : variables) {
            n.add(v.name());
        }
        return n;
    }

    /**
     * The statistic of a privacy unit of up to k rows, as the designer builds it: every coefficient times k, exactly.
     *
     * @throws IllegalArgumentException when a scaled coefficient is not exactly a double
     */
    public PolynomialStatistic scaled(long k) {
        if (k < 1) {
            throw new IllegalArgumentException("rows per unit must be >= 1. Provided value: " + k);
        }
        if (k == 1) {
            return this;
        }
        BigDecimal factor = BigDecimal.valueOf(k);
        List<Feature> out = new ArrayList<>();
        for (Feature f : features) {
            List<Term> ts = new ArrayList<>();
            for (Term t : f.terms()) {
                BigDecimal c = t.coefficient().multiply(factor);
                if (new BigDecimal(Double.parseDouble(c.toString())).compareTo(c) != 0) {
                    throw new IllegalArgumentException("rows per unit " + k + " makes the coefficient " + t.coefficient().toPlainString() + " of feature " + f.name()
                            + " inexact as a double; choose a smaller rows per unit");
                }
                ts.add(new Term(c, t.powers()));
            }
            out.add(new Feature(f.name(), ts));
        }
        return new PolynomialStatistic(variables, categoricals, out);
    }

    /**
     * The same features in canonical form, the one every exact use of the polynomials starts from (the runtime's certificate
     * evaluator and the geometry's polynomial map): like monomials collected with exact decimal sums, terms whose sum is zero
     * dropped (so y − y and x·y − y·x are the zero polynomial, with no terms), a variable whose box is a single value
     * substituted, an indicator's power taken as 1 and a product of two levels of one categorical variable dropped (exactly
     * one level is 1). Terms are ordered by their exponent vector over the box variables, then by indicators; powers are
     * listed in the variables' order. Collected coefficients are exact decimals that need not be doubles.
     */
    public PolynomialStatistic canonical() {
        List<String> boxNames = variableNames();
        Map<String, Integer> categoryOf = new java.util.HashMap<>();
        List<String> indicators = new ArrayList<>();
        for (int c = 0; c < categoricals.size(); c++) {
            for (String level : categoricals.get(c).levels()) {
                categoryOf.put(categoricals.get(c).indicator(level), c);
                indicators.add(categoricals.get(c).indicator(level));
            }
        }
        int k = boxNames.size();
        List<Feature> out = new ArrayList<>();
        for (Feature f : features) {
            java.util.TreeMap<List<Integer>, BigDecimal> sums = new java.util.TreeMap<>(PolynomialStatistic::compareKeys);
            for (Term t : f.terms()) {
                Integer[] key = new Integer[k + indicators.size()];
                java.util.Arrays.fill(key, 0);
                BigDecimal c = t.coefficient();
                boolean zero = false;
                int[] levelOf = new int[categoricals.size()];
                java.util.Arrays.fill(levelOf, -1);
                for (Map.Entry<String, Integer> e : t.powers().entrySet()) {
                    int v = boxNames.indexOf(e.getKey());
                    if (v >= 0) {
                        BoxVariable b = variables.get(v);
                        if (b.lower() == b.upper()) {
                            c = c.multiply(new BigDecimal(b.lower()).pow(e.getValue()));
                        } else {
                            key[v] += e.getValue();
                        }
                        continue;
                    }
                    int i = indicators.indexOf(e.getKey());
                    if (i < 0) {
                        throw new IllegalArgumentException("feature " + f.name() + " uses " + e.getKey() + ", which is neither a box variable nor a level's indicator");
                    }
                    int cat = categoryOf.get(e.getKey());
                    zero |= levelOf[cat] >= 0 && levelOf[cat] != i;
                    levelOf[cat] = i;
                    key[k + i] = 1;
                }
                if (!zero && c.signum() != 0) {
                    sums.merge(java.util.Arrays.asList(key), c, BigDecimal::add);
                }
            }
            List<Term> terms = new ArrayList<>();
            for (Map.Entry<List<Integer>, BigDecimal> e : sums.entrySet()) {
                if (e.getValue().signum() == 0) {
                    continue;
                }
                Map<String, Integer> powers = new LinkedHashMap<>();
                for (int v = 0; v < e.getKey().size(); v++) {
                    if (e.getKey().get(v) > 0) {
                        powers.put(v < k ? boxNames.get(v) : indicators.get(v - k), e.getKey().get(v));
                    }
                }
                terms.add(new Term(e.getValue().stripTrailingZeros(), powers));
            }
            out.add(new Feature(f.name(), terms));
        }
        return new PolynomialStatistic(variables, categoricals, out);
    }

    /** Total degree first, then the exponent vector lexicographically with the earlier variable's higher power first. */
    private static int compareKeys(List<Integer> a, List<Integer> b) {
        int da = a.stream().mapToInt(Integer::intValue).sum();
        int db = b.stream().mapToInt(Integer::intValue).sum();
        if (da != db) {
            return Integer.compare(da, db);
        }
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).equals(b.get(i))) {
                return Integer.compare(b.get(i), a.get(i));
            }
        }
        return 0;
    }

    /** The names of the features that are identically zero (in canonical form: no terms). */
    public List<String> zeroFeatures() {
        List<String> out = new ArrayList<>();
        for (Feature f : canonical().features()) {
            if (f.terms().isEmpty()) {
                out.add(f.name());
            }
        }
        return out;
    }

    /**
     * The dimension of the linear span of the adjacent outputs: of {±t(x)} (add/remove, {@code differences} false) or of
     * {t(x) − t(x′)} ({@code differences} true), computed exactly as the rank of the canonical coefficient matrix (without its
     * constant column for differences). Distinct monomials of box variables are linearly independent functions on a box with
     * interior, so the rank is the span's dimension; with categorical variables the indicators of one variable sum to 1, so
     * the rank is then an upper bound. Below {@link #dimension()} the adjacent output space lies in a proper subspace.
     */
    public int spanDimension(boolean differences) {
        List<Feature> fs = canonical().features();
        Map<Map<String, Integer>, Integer> column = new LinkedHashMap<>();
        for (Feature f : fs) {
            for (Term t : f.terms()) {
                if (!(differences && t.powers().isEmpty())) {
                    column.putIfAbsent(t.powers(), column.size());
                }
            }
        }
        if (column.isEmpty()) {
            return 0;
        }
        int scale = 0;
        for (Feature f : fs) {
            for (Term t : f.terms()) {
                scale = Math.max(scale, t.coefficient().scale());
            }
        }
        java.math.BigInteger[][] m = new java.math.BigInteger[fs.size()][column.size()];
        for (int j = 0; j < fs.size(); j++) {
            java.util.Arrays.fill(m[j], java.math.BigInteger.ZERO);
            for (Term t : fs.get(j).terms()) {
                Integer col = column.get(t.powers());
                if (col != null) {
                    m[j][col] = t.coefficient().movePointRight(scale).toBigIntegerExact();
                }
            }
        }
        return org.optimech.runtime.exact.IntegerMatrices.rank(m);
    }

    /** How many points {@link #domainImages()} enumerates: 2^k box vertices times the product of the level counts. */
    public long domainPointCount() {
        long count = 1L << variables.size();
        for (CategoricalVariable c : categoricals) {
            count = Math.multiplyExact(count, c.levels().size());
            if (count > Integer.MAX_VALUE) {
                return Long.MAX_VALUE;
            }
        }
        return count;
    }

    /**
     * For multilinear features: t at every vertex of the box combined with every choice of category levels, evaluated
     * exactly. Its hull is the hull of t over the whole record domain.
     *
     * @throws IllegalStateException when the features are not multilinear
     * @throws IllegalArgumentException naming the feature when a value is not exactly a double, or for more than
     *     {@value #MAX_DOMAIN_POINTS} points
     */
    public double[][] domainImages() {
        if (!isMultilinear()) {
            throw new IllegalStateException("only multilinear features have their hull at the box vertices; this statistic has degree " + degree());
        }
        long count = domainPointCount();
        if (count > MAX_DOMAIN_POINTS) {
            throw new IllegalArgumentException("box vertices times category levels give " + (count == Long.MAX_VALUE ? "more than 2^31" : count) + " points; at most "
                    + MAX_DOMAIN_POINTS + " are enumerated");
        }
        double[][] out = new double[(int) count][features.size()];
        for (int idx = 0; idx < count; idx++) {
            BigDecimal[] image = exactDomainImage(idx);
            for (int f = 0; f < features.size(); f++) {
                BigDecimal s = image[f];
                double dv = Double.parseDouble(s.toString());
                if (new BigDecimal(dv).compareTo(s) != 0) {
                    throw new IllegalArgumentException("feature " + features.get(f).name() + ": its value " + s.toPlainString() + " at a box vertex is not exactly a "
                            + "double; use coefficients and bounds that are binary fractions (e.g. 0.5, not 0.1)");
                }
                out[idx][f] = dv;
            }
        }
        return out;
    }

    /**
     * t at domain point {@code index}, exactly (features of any degree): the box vertex whose bit v of {@code index} picks the
     * upper bound of variable v, then each categorical variable's level from the remaining quotient, in the order
     * {@link #domainImages()} lists them (index 0: every lower bound, every first level).
     *
     * @throws IllegalArgumentException for an index outside [0, {@link #domainPointCount()})
     */
    public BigDecimal[] exactDomainImage(long index) {
        if (index < 0 || index >= domainPointCount()) {
            throw new IllegalArgumentException("index must be in [0, " + domainPointCount() + "). Provided value: " + index);
        }
        Map<String, BigDecimal> x = new java.util.HashMap<>();
        long rest = index;
        for (BoxVariable v : variables) {
            x.put(v.name(), new BigDecimal((rest & 1) == 0 ? v.lower() : v.upper()));
            rest >>= 1;
        }
        for (CategoricalVariable c : categoricals) {
            long chosen = rest % c.levels().size();
            rest /= c.levels().size();
            for (int l = 0; l < c.levels().size(); l++) {
                x.put(c.indicator(c.levels().get(l)), l == chosen ? BigDecimal.ONE : BigDecimal.ZERO);
            }
        }
        BigDecimal[] image = new BigDecimal[features.size()];
        for (int f = 0; f < image.length; f++) {
            BigDecimal s = BigDecimal.ZERO;
            for (Term t : features.get(f).terms()) {
                BigDecimal p = t.coefficient();
                for (Map.Entry<String, Integer> e : t.powers().entrySet()) {
                    p = p.multiply(x.get(e.getKey()).pow(e.getValue()));
                }
                s = s.add(p);
            }
            image[f] = s;
        }
        return image;
    }
}
