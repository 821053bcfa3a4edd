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
        LongRatio fast = w.fitsInLong() ? new LongRatio(rNumerator) : null;
        for (int[] e : g.edges()) {
            for (int dir = 0; dir < 2; dir++) {
                int a = e[dir];
                int b = e[1 - dir];
                for (int c = 0; c < cols; c++) {
                    boolean bad = fast != null ? fast.violates(w.longWeight(a, c), w.longWeight(b, c)) : violates(w.weight(a, c), w.weight(b, c), rNumerator);
                    if (bad) {
                        return Optional.of(new RatioViolation(a, b, c, w.weight(a, c), w.weight(b, c)));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * {@link #violates} for {@code long} weights: decided in floating point when the two sides differ by more than the
     * rounding can explain (relative 2^-48, against at most about 2^-51 of rounding), exactly otherwise. A table of millions
     * of entries is checked without a BigInteger per entry.
     */
    private static final class LongRatio {
        private static final double MARGIN = 0x1p-48;
        private final BigInteger rNumerator;
        /** Bounds of rNumerator / 2^128 (two ulps out each way, beyond the truncation of the shift). */
        private final double lo;
        private final double hi;

        LongRatio(BigInteger rNumerator) {
            this.rNumerator = rNumerator;
            double r = Math.scalb(rNumerator.shiftRight(64).doubleValue(), 64 - FB);
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
            double a = wa;
            double b = wb;
            if (Double.isFinite(hi)) {
                if (a < b * lo * (1 - MARGIN)) {
                    return false;
                }
                if (a > b * hi * (1 + MARGIN)) {
                    return true;
                }
            }
            return PrivacyChecks.violates(BigInteger.valueOf(wa), BigInteger.valueOf(wb), rNumerator);
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
        for (int[] e : g.edges()) {
            for (int dir = 0; dir < 2; dir++) {
                int a = e[dir];
                int b = e[1 - dir];
                for (int c = 0; c < cols; c++) {
                    best = larger(best, a, b, c, w.weight(a, c), w.weight(b, c));
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
