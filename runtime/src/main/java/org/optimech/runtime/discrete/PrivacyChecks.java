package org.optimech.runtime.discrete;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import org.optimech.runtime.exact.ExpBounds;

/**
 * Exact checks of a {@link WeightTable} against a neighbour graph, in integer arithmetic.
 *
 * <p>A bound {@code R} on the likelihood ratio is a numerator over {@code 2^128} (see
 * {@link ExpBounds}). Pure ε-DP holds iff for every ordered neighbouring pair (a, b) and every output
 * ω, {@code w[a][ω] · 2^128 ≤ R · w[b][ω]}; with R a lower bound of {@code e^ε}, passing proves
 * ε-DP. The hockey-stick divergence {@code Σ_ω max(0, w[a][ω] − R·w[b][ω]) / 2^K}, maximised over
 * ordered pairs, is the δ of (ε, δ)-DP; with R a lower bound of {@code e^ε} it is an upper bound of
 * the true δ.
 */
public final class PrivacyChecks {
    private static final int FB = ExpBounds.FRACTION_BITS;

    private PrivacyChecks() {
    }

    /** One ordered pair and output at which a ratio bound fails. */
    public record RatioViolation(int from, int to, int output, BigInteger fromWeight, BigInteger toWeight) {
        /** The offending ratio as a double ({@code +∞} if the denominator weight is 0). */
        public double ratio() {
            if (toWeight.signum() == 0) {
                return Double.POSITIVE_INFINITY;
            }
            return new BigDecimal(fromWeight).divide(new BigDecimal(toWeight), java.math.MathContext.DECIMAL64).doubleValue();
        }
    }

    /** The largest neighbour ratio of a table, exactly: {@code numerator / denominator} at a pair and output. */
    public record MaxRatio(int from, int to, int output, BigInteger numerator, BigInteger denominator) {
        public boolean isInfinite() {
            return denominator.signum() == 0;
        }

        /** ln of the ratio, as a double (+∞ if infinite, 0 for a table with no constrained pair). */
        public double ln() {
            if (isInfinite()) {
                return Double.POSITIVE_INFINITY;
            }
            return (WeightTable.log2(numerator) - WeightTable.log2(denominator)) * Math.log(2);
        }
    }

    /**
     * The first ordered pair and output with {@code w[a][ω]·2^128 > rNumerator·w[b][ω]}, or empty
     * when the table meets the ratio bound everywhere.
     */
    public static Optional<RatioViolation> firstRatioViolation(WeightTable w, NeighbourGraph g, BigInteger rNumerator) {
        checkShape(w, g);
        int cols = w.cols();
        if (g.kind() == NeighbourGraph.Kind.COMPLETE) {
            // Every pair is constrained: per output, the largest entry against the smallest.
            for (int c = 0; c < cols; c++) {
                int[] x = columnExtremes(w, c);
                if (violates(w.weight(x[0], c), w.weight(x[1], c), rNumerator)) {
                    return Optional.of(new RatioViolation(x[0], x[1], c, w.weight(x[0], c), w.weight(x[1], c)));
                }
            }
            return Optional.empty();
        }
        RatioFilter fast = new RatioFilter(rNumerator);
        boolean longs = w.fitsInLong();
        for (int[] e : g.edges()) {
            for (int dir = 0; dir < 2; dir++) {
                int a = e[dir];
                int b = e[1 - dir];
                for (int c = 0; c < cols; c++) {
                    boolean bad = longs ? fast.violates(w.longWeight(a, c), w.longWeight(b, c)) : fast.violates(w.weight(a, c), w.weight(b, c));
                    if (bad) {
                        return Optional.of(new RatioViolation(a, b, c, w.weight(a, c), w.weight(b, c)));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * A sound floating-point pre-test of {@code w_a·2^128 > R·w_b}: the doubles decide where the ratio is clear of the bound
     * by a relative 2^-40 (far beyond their few ulps of error), and the exact BigInteger comparison decides
     * the rest, so a whole table is checked without a BigInteger product per entry. Integers beyond
     * {@value #MAX_BITS} bits, whose doubles would overflow, always go to the exact comparison.
     */
    static final class RatioFilter {
        private static final double MARGIN = 0x1p-40;
        /** Larger integers are compared exactly ({@code BigInteger.doubleValue()} overflows from 1024 bits). */
        static final int MAX_BITS = 1000;
        private final BigInteger rNumerator;
        /** Bounds of rNumerator / 2^128 (two ulps out each way); NaN when R is beyond a double. */
        private final double lo;
        private final double hi;

        RatioFilter(BigInteger rNumerator) {
            this.rNumerator = rNumerator;
            double r = rNumerator.bitLength() <= MAX_BITS + FB ? Math.scalb(rNumerator.doubleValue(), -FB) : Double.NaN;
            this.lo = Math.nextDown(Math.nextDown(r));
            this.hi = Math.nextUp(Math.nextUp(r));
        }

        boolean violates(long wa, long wb) {
            if (wa == 0) {
                return false;
            }
            if (wb == 0) {
                return true;
            }
            Boolean clear = decide((double) wa / (double) wb);
            return clear != null ? clear : PrivacyChecks.violates(BigInteger.valueOf(wa), BigInteger.valueOf(wb), rNumerator);
        }

        boolean violates(BigInteger wa, BigInteger wb) {
            if (wa.signum() == 0) {
                return false;
            }
            if (wb.signum() == 0) {
                return true;
            }
            if (wa.bitLength() <= MAX_BITS && wb.bitLength() <= MAX_BITS) {
                Boolean clear = decide(quotient(wa, wb));
                if (clear != null) {
                    return clear;
                }
            }
            return PrivacyChecks.violates(wa, wb, rNumerator);
        }

        /** The quotient of two positive integers' doubles (within 3 ulps of their ratio), or NaN where either is out of range. */
        static double quotient(BigInteger a, BigInteger b) {
            if (a.signum() <= 0 || b.signum() <= 0 || a.bitLength() > MAX_BITS || b.bitLength() > MAX_BITS) {
                return Double.NaN;
            }
            return a.doubleValue() / b.doubleValue();
        }

        /** Whether a/b is surely below the ratio whose {@link #quotient} is q (false where it cannot tell). */
        static boolean below(BigInteger a, BigInteger b, double q) {
            double x = quotient(a, b);
            return x < q * (1 - MARGIN); // false for NaN on either side
        }

        /**
         * For q, the quotient of two positive integers' correctly rounded doubles (within 3 ulps of the true ratio, or an
         * absolute 2^-1074 where subnormal, far below R ≥ 1): whether it violates, or null where too close to tell.
         */
        private Boolean decide(double q) {
            if (!(hi < Double.POSITIVE_INFINITY)) {
                return null; // R beyond a double (or NaN)
            }
            if (q < lo * (1 - MARGIN)) {
                return Boolean.FALSE;
            }
            if (q > hi * (1 + MARGIN)) {
                return Boolean.TRUE;
            }
            return null;
        }
    }

    /**
     * The largest ratio {@code w[a][ω] / w[b][ω]} over ordered neighbouring pairs and outputs (0/0
     * counts as 1), exactly. A table with no edges gives 1/1.
     */
    public static MaxRatio maxRatio(WeightTable w, NeighbourGraph g) {
        checkShape(w, g);
        MaxRatio best = new MaxRatio(0, 0, 0, BigInteger.ONE, BigInteger.ONE);
        int cols = w.cols();
        if (g.kind() == NeighbourGraph.Kind.COMPLETE) {
            for (int c = 0; c < cols; c++) {
                int[] x = columnExtremes(w, c);
                best = larger(best, x[0], x[1], c, w.weight(x[0], c), w.weight(x[1], c));
            }
            return best;
        }
        // the double of the best ratio so far (NaN where not approximable) skips, soundly, the entries clearly below it
        double bestQ = 1;
        for (int[] e : g.edges()) {
            for (int dir = 0; dir < 2; dir++) {
                int a = e[dir];
                int b = e[1 - dir];
                for (int c = 0; c < cols; c++) {
                    BigInteger wa = w.weight(a, c);
                    BigInteger wb = w.weight(b, c);
                    if (RatioFilter.below(wa, wb, bestQ)) {
                        continue;
                    }
                    MaxRatio next = larger(best, a, b, c, wa, wb);
                    if (next != best) {
                        best = next;
                        bestQ = RatioFilter.quotient(best.numerator(), best.denominator());
                    }
                }
            }
        }
        return best;
    }

    /**
     * The hockey-stick δ at ratio bound {@code rNumerator / 2^128}, as a numerator over
     * {@code 2^(128 + K)}: the largest, over ordered neighbouring pairs (a, b), of
     * {@code Σ_ω max(0, w[a][ω]·2^128 − rNumerator·w[b][ω])}.
     */
    public static BigInteger hockeyStickNumerator(WeightTable w, NeighbourGraph g, BigInteger rNumerator) {
        checkShape(w, g);
        BigInteger best = BigInteger.ZERO;
        if (g.kind() == NeighbourGraph.Kind.COMPLETE) {
            for (int a = 0; a < w.rows(); a++) {
                for (int b = 0; b < w.rows(); b++) {
                    if (a != b) {
                        best = best.max(pairDivergence(w, a, b, rNumerator));
                    }
                }
            }
            return best;
        }
        for (int[] e : g.edges()) {
            best = best.max(pairDivergence(w, e[0], e[1], rNumerator));
            best = best.max(pairDivergence(w, e[1], e[0], rNumerator));
        }
        return best;
    }

    /** Exponent of the denominator of {@link #hockeyStickNumerator}: {@code 128 + K}. */
    public static int hockeyStickDenominatorBits(WeightTable w) {
        return FB + w.denominatorBits();
    }

    /** The mass each input puts on outputs that no other input can produce (outputs that reveal it). */
    public static double[] revealingMass(WeightTable w) {
        double[] mass = new double[w.rows()];
        for (int c = 0; c < w.cols(); c++) {
            int owner = -1;
            int count = 0;
            for (int r = 0; r < w.rows(); r++) {
                if (w.weight(r, c).signum() > 0) {
                    owner = r;
                    count++;
                }
            }
            if (count == 1 && w.rows() > 1) {
                mass[owner] += w.probability(owner, c);
            }
        }
        return mass;
    }

    /** Rows of the largest and the smallest weight in column c: on the complete graph that pair decides the column. */
    private static int[] columnExtremes(WeightTable w, int c) {
        int hi = 0;
        int lo = 0;
        for (int r = 1; r < w.rows(); r++) {
            if (w.weight(r, c).compareTo(w.weight(hi, c)) > 0) {
                hi = r;
            }
            if (w.weight(r, c).compareTo(w.weight(lo, c)) < 0) {
                lo = r;
            }
        }
        return new int[] {hi, lo};
    }

    private static BigInteger pairDivergence(WeightTable w, int a, int b, BigInteger rNumerator) {
        BigInteger sum = BigInteger.ZERO;
        for (int c = 0; c < w.cols(); c++) {
            BigInteger excess = w.weight(a, c).shiftLeft(FB).subtract(rNumerator.multiply(w.weight(b, c)));
            if (excess.signum() > 0) {
                sum = sum.add(excess);
            }
        }
        return sum;
    }

    private static boolean violates(BigInteger wa, BigInteger wb, BigInteger rNumerator) {
        if (wa.signum() == 0) {
            return false;
        }
        if (wb.signum() == 0) {
            return true;
        }
        return wa.shiftLeft(FB).compareTo(rNumerator.multiply(wb)) > 0;
    }

    private static MaxRatio larger(MaxRatio best, int a, int b, int c, BigInteger wa, BigInteger wb) {
        if (wa.signum() == 0) {
            return best; // 0/x and 0/0 never exceed 1
        }
        if (best.isInfinite()) {
            return best;
        }
        if (wb.signum() == 0) {
            return new MaxRatio(a, b, c, wa, wb);
        }
        // wa/wb > num/den  <=>  wa·den > num·wb
        if (wa.multiply(best.denominator()).compareTo(best.numerator().multiply(wb)) > 0) {
            return new MaxRatio(a, b, c, wa, wb);
        }
        return best;
    }

    private static void checkShape(WeightTable w, NeighbourGraph g) {
        if (g.size() != w.rows()) {
            throw new IllegalArgumentException("neighbour graph has " + g.size() + " inputs; the table has " + w.rows() + " rows");
        }
    }
}
