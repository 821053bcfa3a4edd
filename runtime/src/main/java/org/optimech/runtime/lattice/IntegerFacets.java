package org.optimech.runtime.lattice;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.optimech.runtime.exact.Rational;

/**
 * The facet proposal's acceptance exponent r‖y‖_K − s·h(y) as one exact fraction in longs, (α·G − β·h)/γ, so that a
 * proposal's coin is {@code ExactBernoulli.bernoulliExpMinus(num, den)} without double enclosures or big numbers.
 *
 * <p>With the offsets b_f = u_f/v_f over a common denominator U (U = lcm u_f), ‖y‖_K = max_f (a_f·y)/b_f = G/U where
 * G = max_f a'_f·y and a'_f = a_f·v_f·U/u_f are integer normals. Then r‖y‖_K − s·h = (p/q)·G/U − (p_s/q_s)·h =
 * (p·q_s·G − p_s·q·U·h)/(q·q_s·U), reduced by the common divisor of the three coefficients α, β, γ. A body symmetric about
 * the origin (every hull of a statistic under add/remove) has its facets in ± pairs with equal offsets: one dot product
 * and its absolute value serve both.
 *
 * <p>Exists only when every scaled normal and α, β, γ fit longs; {@link #numerator} declines (−1) a proposal whose products
 * could pass the long range, and the caller then takes its general path. Whether it declines depends on the proposal only.
 */
final class IntegerFacets {
    /** Scaled normals a'_f, one per ± pair (then {@code paired[f]}: the gauge takes |a'_f·y|). */
    private final long[][] normals;
    private final boolean[] paired;
    private final long alpha;
    private final long beta;
    private final long gamma;
    /** Coordinates below this in magnitude keep every |a'_f·y| below 2^62. */
    private final long coordinateLimit;
    /** The proposal's half-widths m_j, for h(y) = max_j ⌊|y_j|/m_j⌋. */
    private final long[] halfWidths;
    /** G at most this keeps α·G below 2^63; h at most {@link #levelLimit} keeps β·h there. */
    private final long gaugeLimit;
    private final long levelLimit;

    private IntegerFacets(long[][] normals, boolean[] paired, long alpha, long beta, long gamma, long coordinateLimit, long[] halfWidths) {
        this.halfWidths = halfWidths.clone();
        this.normals = normals;
        this.paired = paired;
        this.alpha = alpha;
        this.beta = beta;
        this.gamma = gamma;
        this.coordinateLimit = coordinateLimit;
        this.gaugeLimit = Long.MAX_VALUE / alpha;
        this.levelLimit = Long.MAX_VALUE / beta;
    }

    /**
     * The exact exponent of the facets {a_f·x ≤ b_f} (b_f &gt; 0) at rate r, for the box proposal of half-widths m_j
     * (each at most 2^30) and rate s, or empty when a scaled normal or a coefficient does not fit a long.
     */
    static Optional<IntegerFacets> of(BigInteger[][] a, Rational[] b, Rational rate, long[] halfWidths, Rational proposalRate) {
        int d = a[0].length;
        BigInteger common = BigInteger.ONE;
        for (Rational offset : b) {
            if (offset.signum() <= 0) {
                return Optional.empty(); // not a body around the origin: the general path says so
            }
            BigInteger u = offset.numerator();
            common = common.divide(common.gcd(u)).multiply(u);
        }
        List<long[]> kept = new ArrayList<>();
        List<Boolean> pairs = new ArrayList<>();
        boolean[] covered = new boolean[a.length];
        long largest = 1;
        for (int f = 0; f < a.length; f++) {
            if (covered[f]) {
                continue;
            }
            BigInteger scale = b[f].denominator().multiply(common).divide(b[f].numerator()); // v_f·U/u_f, an integer
            long[] row = new long[d];
            for (int j = 0; j < d; j++) {
                BigInteger v = a[f][j].multiply(scale);
                if (v.bitLength() > 40) {
                    return Optional.empty();
                }
                row[j] = v.longValueExact();
                largest = Math.max(largest, Math.abs(row[j]));
            }
            boolean pair = false;
            for (int g = f + 1; g < a.length && !pair; g++) {
                if (!covered[g] && b[g].equals(b[f]) && negated(a[f], a[g])) {
                    covered[g] = true;
                    pair = true;
                }
            }
            kept.add(row);
            pairs.add(pair);
        }
        BigInteger p = rate.numerator();
        BigInteger q = rate.denominator();
        BigInteger ps = proposalRate.numerator();
        BigInteger qs = proposalRate.denominator();
        BigInteger al = p.multiply(qs);
        BigInteger be = ps.multiply(q).multiply(common);
        BigInteger ga = q.multiply(qs).multiply(common);
        BigInteger g = al.gcd(be).gcd(ga);
        al = al.divide(g);
        be = be.divide(g);
        ga = ga.divide(g);
        if (al.bitLength() > 62 || be.bitLength() > 62 || ga.bitLength() > 62) {
            return Optional.empty();
        }
        boolean[] paired = new boolean[pairs.size()];
        for (int f = 0; f < paired.length; f++) {
            paired[f] = pairs.get(f);
        }
        // |a'_f·y| ≤ d·largest·max|y_j| < 2^62
        long limit = (1L << 62) / ((long) d * largest);
        return Optional.of(new IntegerFacets(kept.toArray(new long[0][]), paired, al.longValueExact(), be.longValueExact(), ga.longValueExact(), limit, halfWidths));
    }

    private static boolean negated(BigInteger[] x, BigInteger[] y) {
        for (int j = 0; j < x.length; j++) {
            if (!x[j].equals(y[j].negate())) {
                return false;
            }
        }
        return true;
    }

    /**
     * α·G − β·h, the numerator of r‖y‖_K − s·h(y) over {@link #denominator()} for a proposal y, h(y) = max_j ⌊|y_j|/m_j⌋;
     * −1 when a product could leave the long range or G is negative (then the caller's exact path decides, and says what is
     * wrong).
     */
    long numerator(long[] y) {
        long reach = 0;
        long level = 0;
        for (int j = 0; j < y.length; j++) {
            long v = Math.abs(y[j]); // |y_j| < 2^61 (the box's coordinates): no overflow
            reach = Math.max(reach, v);
            level = Math.max(level, v / halfWidths[j]);
        }
        if (reach >= coordinateLimit || level > levelLimit) {
            return -1;
        }
        long gauge = Long.MIN_VALUE;
        for (int f = 0; f < normals.length; f++) {
            long[] a = normals[f];
            long dot = 0;
            for (int j = 0; j < y.length; j++) {
                dot += a[j] * y[j];
            }
            gauge = Math.max(gauge, paired[f] ? Math.abs(dot) : dot);
        }
        if (gauge < 0 || gauge > gaugeLimit) {
            return -1;
        }
        long num = alpha * gauge - beta * level; // both products in [0, 2^63)
        return num >= 0 ? num : -1;
    }

    /** γ, the exponent's denominator. */
    long denominator() {
        return gamma;
    }

    /** The facets evaluated per proposal (one per ± pair). */
    int evaluated() {
        return normals.length;
    }

    @Override
    public String toString() {
        return "IntegerFacets[" + normals.length + " rows, (" + alpha + "·G − " + beta + "·h)/" + gamma + ", rows " + Arrays.deepToString(normals) + "]";
    }
}
