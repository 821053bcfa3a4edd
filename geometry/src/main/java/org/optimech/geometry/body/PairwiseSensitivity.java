package org.optimech.geometry.body;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.function.BooleanSupplier;
import org.optimech.runtime.exact.Dyadic;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.spec.Relation;

/**
 * Certified ℓp sensitivities and the bounding box of a finite record domain's S_T, computed from the records without
 * building S_T. Under substitution S_T = {t(x) − t(x′)}: sup |u_j| is max_j − min_j of coordinate j (O(n·d)), and the ℓ1 and ℓ2
 * sensitivities are maxima over record pairs (O(n²·d) time, no storage); under add/remove S_T = {±t(x)} and every figure is
 * O(n·d). All arithmetic is exact: the records are scaled by one power of two to integers ({@link Dyadic}), in {@code long}
 * where every norm provably fits and in {@code BigInteger} otherwise, and only the final maximum is rounded up.
 *
 * <p>The pair loop looks at a stop once per record after the first; stopped, it returns the certified triangle bound (ℓ1: Σ_j w_j, ℓ2:
 * √Σ_j w_j², with w_j = sup |u_j|) as the upper bound and the best pair seen as the witnessed lower bound.
 */
public final class PairwiseSensitivity {
    /** Largest bit length of a scaled entry, and of a norm's triangle bound, computed in {@code long}. */
    private static final int LONG_BITS = 61;

    /**
     * A certified ℓp sensitivity: Δ lies in [lower, upper].
     *
     * @param upper a double at or above the supremum over S_T of the norm
     * @param lower a norm some point of S_T attains, rounded down
     * @param exact whether upper equals the supremum
     * @param pairsDone record pairs (records, under add/remove) examined
     * @param pairs record pairs (records) in all
     * @param stopped whether the stop ended the pair loop before it had the maximum (upper is then the triangle bound); false when
     *     the loop ran to its end or ended early at a pair attaining the triangle bound
     */
    public record Bound(double upper, double lower, boolean exact, long pairsDone, long pairs, boolean stopped) {
    }

    private final Relation relation;
    private final int d;
    private final int shift;
    private final BigInteger[][] y;
    private final long[][] small;
    private final BigInteger[] widths;

    private PairwiseSensitivity(Relation relation, int d, int shift, BigInteger[][] y, long[][] small, BigInteger[] widths) {
        this.relation = relation;
        this.d = d;
        this.shift = shift;
        this.y = y;
        this.small = small;
        this.widths = widths;
    }

    /**
     * The record domain's figures, ready to be computed.
     *
     * @param records t(x) for every possible record x (the public domain), one row each
     * @throws IllegalArgumentException for an empty domain, rows of different lengths, or non-finite values
     */
    public static PairwiseSensitivity of(double[][] records, Relation relation) {
        java.util.Objects.requireNonNull(relation, "relation");
        int d = org.optimech.geometry.adjacent.AdjacentOutputSpace.requireRecords(records);
        int s = Dyadic.shift(records);
        BigInteger[][] y = Dyadic.scale(records, s);
        BigInteger[] w = new BigInteger[d];
        int bits = 0;
        for (int j = 0; j < d; j++) {
            BigInteger max = y[0][j];
            BigInteger min = y[0][j];
            for (BigInteger[] row : y) {
                max = row[j].max(max);
                min = row[j].min(min);
                bits = Math.max(bits, row[j].bitLength());
            }
            w[j] = relation == Relation.SUBSTITUTION ? max.subtract(min) : max.abs().max(min.abs());
            if (new BigDecimal(w[j]).multiply(Dyadic.powerOfTwo(-s)).compareTo(LARGEST) > 0) {
                throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "feature %d of the records spans more than the largest double (%s): "
                        + "the difference of its values is not finite; rescale the features. Provided values: from %s to %s", j, Double.MAX_VALUE,
                        minOf(records, j), maxOf(records, j)));
            }
        }
        long[][] small = null;
        if (bits <= LONG_BITS) {
            small = new long[y.length][d];
            for (int i = 0; i < y.length; i++) {
                for (int j = 0; j < d; j++) {
                    small[i][j] = y[i][j].longValueExact();
                }
            }
        }
        return new PairwiseSensitivity(relation, d, s, y, small, w);
    }

    /** The statistic's dimension. */
    public int dimension() {
        return d;
    }

    /** Records in the domain (with repeats). */
    public int records() {
        return y.length;
    }

    /** Points S_T would have if built, before deduplication: n² under substitution, 2n under add/remove. */
    public long spacePoints() {
        return relation == Relation.SUBSTITUTION ? (long) y.length * y.length : 2L * y.length;
    }

    /** Record pairs (records, under add/remove) the ℓ1 and ℓ2 maxima examine. */
    public long pairs() {
        long n = y.length;
        return relation == Relation.SUBSTITUTION ? n * (n - 1) / 2 : n;
    }

    /** sup over S_T of |u_j| for each coordinate, rounded up: the bounding box of S_T. */
    public double[] halfWidths() {
        double[] b = new double[d];
        for (int j = 0; j < d; j++) {
            b[j] = Sensitivity.ofNorm(LpNorm.LINF, unscale(widths[j], 1)).upper();
        }
        return b;
    }

    /** Whether every half-width is exactly a double (the bounding box is then S_T's exactly). */
    public boolean halfWidthsExact() {
        for (int j = 0; j < d; j++) {
            if (!Sensitivity.ofNorm(LpNorm.LINF, unscale(widths[j], 1)).exact()) {
                return false;
            }
        }
        return true;
    }

    /** The ℓ∞ sensitivity max_j sup |u_j|, exact and rounded up (O(d): needs no pairs). */
    public Sensitivity linf() {
        BigInteger best = BigInteger.ZERO;
        for (BigInteger w : widths) {
            best = best.max(w);
        }
        return Sensitivity.ofNorm(LpNorm.LINF, unscale(best, 1));
    }

    /**
     * The ball's sensitivity. ℓ∞ needs no pairs; ℓ1 and ℓ2 take the maximum over record pairs (records, under add/remove) and
     * end early when a pair attains the triangle bound. When {@code stop} turns true first, the triangle bound is returned with
     * the best pair seen as the lower bound.
     */
    public Bound ball(LpNorm norm, BooleanSupplier stop) {
        java.util.Objects.requireNonNull(norm, "norm");
        java.util.Objects.requireNonNull(stop, "stop");
        if (norm == LpNorm.LINF) {
            Sensitivity s = linf();
            return new Bound(s.upper(), s.exact() ? s.upper() : Math.nextDown(s.upper()), s.exact(), 0, pairs(), false);
        }
        int power = norm == LpNorm.L1 ? 1 : 2;
        BigInteger triangle = BigInteger.ZERO;
        for (BigInteger w : widths) {
            triangle = triangle.add(power == 1 ? w : w.multiply(w));
        }
        boolean add = relation == Relation.ADD_REMOVE;
        long total = pairs();
        long done = 0;
        BigInteger best;
        boolean stopped = false;
        if (small != null && triangle.bitLength() <= LONG_BITS + 1) {
            long t = triangle.longValueExact();
            long b = 0;
            outer:
            for (int a = 0; a < small.length; a++) {
                if (a > 0 && done < total && stop.getAsBoolean()) { // the first record's pairs always (a witness); no look once all are done
                    stopped = true;
                    break;
                }
                long[] ya = small[a];
                for (int c = add ? a : a + 1; c < (add ? a + 1 : small.length); c++) {
                    long[] yc = add ? null : small[c];
                    long v = 0;
                    for (int j = 0; j < d; j++) {
                        long u = add ? ya[j] : ya[j] - yc[j];
                        v += power == 1 ? Math.abs(u) : u * u;
                    }
                    done++;
                    if (v > b) {
                        b = v;
                        if (b == t) {
                            break outer;
                        }
                    }
                }
            }
            best = BigInteger.valueOf(b);
        } else {
            best = BigInteger.ZERO;
            outer:
            for (int a = 0; a < y.length; a++) {
                if (a > 0 && done < total && stop.getAsBoolean()) { // the first record's pairs always (a witness); no look once all are done
                    stopped = true;
                    break;
                }
                for (int c = add ? a : a + 1; c < (add ? a + 1 : y.length); c++) {
                    BigInteger v = BigInteger.ZERO;
                    for (int j = 0; j < d; j++) {
                        BigInteger u = add ? y[a][j] : y[a][j].subtract(y[c][j]);
                        v = v.add(power == 1 ? u.abs() : u.multiply(u));
                    }
                    done++;
                    if (v.compareTo(best) > 0) {
                        best = v;
                        if (best.equals(triangle)) {
                            break outer;
                        }
                    }
                }
            }
        }
        Sensitivity witnessed = Sensitivity.ofNorm(norm, unscale(best, power));
        double lower = witnessed.exact() ? witnessed.upper() : Math.nextDown(witnessed.upper());
        if (stopped && !best.equals(triangle)) {
            Sensitivity up = Sensitivity.ofNorm(norm, unscale(triangle, power));
            return new Bound(up.upper(), Math.min(lower, up.upper()), false, done, pairs(), true);
        }
        return new Bound(witnessed.upper(), lower, witnessed.exact(), done, pairs(), false);
    }

    private static final BigDecimal LARGEST = new BigDecimal(Double.MAX_VALUE);

    private static double minOf(double[][] records, int j) {
        double m = records[0][j];
        for (double[] r : records) {
            m = Math.min(m, r[j]);
        }
        return m;
    }

    private static double maxOf(double[][] records, int j) {
        double m = records[0][j];
        for (double[] r : records) {
            m = Math.max(m, r[j]);
        }
        return m;
    }

    /** v · 2^(−power·shift) exactly. */
    private BigDecimal unscale(BigInteger v, int power) {
        return new BigDecimal(v).multiply(Dyadic.powerOfTwo(-power * shift));
    }
}
