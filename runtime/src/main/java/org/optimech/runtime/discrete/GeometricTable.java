package org.optimech.runtime.discrete;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import org.optimech.runtime.exact.ExpBounds;

/**
 * The truncated geometric mechanism on 0..n−1 (z = clamp(i + Z), Z two-sided geometric with α = e^{−ε′}) as a
 * dyadic weight table, for constant-time sampling: P(k|i) = (1−α)/(1+α)·α^{|k−i|} inside, α^i/(1+α) at 0 and
 * α^{n−1−i}/(1+α) at n−1, rounded to multiples of 2^−K with every row summing to exactly 2^K. It is built at
 * ε′ = ε − max(10^−9·ε, 10^−10), just below the target, so that the rounding (relative error below 10^−12) keeps
 * every ratio under e^ε; the table is then <b>certified exactly</b> with {@link PrivacyChecks} on the path graph,
 * and a table that fails is never returned.
 */
public final class GeometricTable {
    /** Largest n·K (bits stored per row times rows) accepted: about 64 MB of weights. */
    static final long MAX_TABLE_BITS = 1L << 29;

    private GeometricTable() {
    }

    /**
     * The certified table for n inputs and outputs at noise ε, certified against {@code certifiedEpsilon} (≥ ε).
     *
     * @throws IllegalArgumentException when the table would be too large (the message gives the size)
     * @throws IllegalStateException when exact certification fails (never expected; refused rather than weakened)
     */
    public static WeightTable of(int n, BigDecimal epsilon, BigDecimal certifiedEpsilon) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1. Provided value: " + n);
        }
        double eps = epsilon.doubleValue();
        double epsPrime = eps - Math.max(1e-9 * eps, 1e-10);
        if (!(epsPrime > 0)) {
            throw new IllegalArgumentException("epsilon is too small for a constant-time geometric table. Provided value: " + epsilon);
        }
        int bits = 64 + (int) Math.ceil((n - 1) * epsPrime / Math.log(2)) + 4;
        if ((long) n * n * bits > MAX_TABLE_BITS) {
            throw new IllegalArgumentException("a constant-time geometric table for " + n + " inputs at epsilon " + epsilon + " needs " + n + " x " + n + " weights of "
                    + bits + " bits (" + ((long) n * n * bits / 8 / 1_000_000) + " MB); at most " + (MAX_TABLE_BITS / 8 / 1_000_000)
                    + " MB is supported: use fast sampling for this spec");
        }
        double ln2 = Math.log(2);
        double alpha = Math.exp(-epsPrime);
        double logInterior = Math.log1p(-alpha) - Math.log1p(alpha);
        double logEnd = -Math.log1p(alpha);
        BigInteger total = BigInteger.ONE.shiftLeft(bits);
        BigInteger[][] rows = new BigInteger[n][n];
        for (int i = 0; i < n; i++) {
            BigInteger sum = BigInteger.ZERO;
            for (int k = 0; k < n; k++) {
                if (k == i) {
                    continue;
                }
                double lp = n == 1 ? 0 : k == 0 ? logEnd - epsPrime * i : k == n - 1 ? logEnd - epsPrime * (n - 1 - i) : logInterior - epsPrime * Math.abs(k - i);
                rows[i][k] = power(lp / ln2 + bits);
                sum = sum.add(rows[i][k]);
            }
            // the diagonal (the largest entry) takes the rest, so the row sums to 2^K exactly
            rows[i][i] = total.subtract(sum);
        }
        WeightTable table = WeightTable.of(bits, rows);
        BigInteger r = ExpBounds.lowerNumerator(certifiedEpsilon);
        Optional<PrivacyChecks.RatioViolation> v = PrivacyChecks.firstRatioViolation(table, NeighbourGraph.path(n), r);
        if (v.isPresent()) {
            throw new IllegalStateException("the constant-time geometric table fails exact certification at epsilon " + certifiedEpsilon + ": rows " + v.get().from()
                    + " and " + v.get().to() + " at output " + v.get().output() + " (ratio " + v.get().ratio() + "); refusing to sample");
        }
        return table;
    }

    /** ⌊2^x⌋ for x ≥ 64, through a 53-bit mantissa (relative error below 2^−52). */
    private static BigInteger power(double x) {
        int whole = (int) Math.floor(x);
        long mantissa = (long) Math.scalb(Math.pow(2, x - whole), 52); // in [2^52, 2^53)
        return BigInteger.valueOf(mantissa).shiftLeft(whole - 52);
    }
}
