package org.optimech.runtime.accuracy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.Objects;

/**
 * The distribution of the error {@code output − true value} of a discrete mechanism at one input, as integer lower bounds over
 * 2^bits plus a slack: every event E has {@code lo(E) ≤ P(E) ≤ lo(E) + slack}. For a table designed with K ≤ 62 the slack is 0
 * and every answer is exact; otherwise answers are conservative (intervals only widen). Immutable.
 */
public final class ErrorDistribution {
    private final String input;
    private final long[] errors;
    private final long[] masses;
    private final int bits;
    private final long slack;

    ErrorDistribution(String input, long[] errors, long[] masses, int bits, long slack) {
        this.input = Objects.requireNonNull(input, "input");
        this.errors = errors;
        this.masses = masses;
        this.bits = bits;
        this.slack = slack;
    }

    /** The input value, as the spec writes it. */
    public String input() {
        return input;
    }

    /** The error values with positive mass, increasing (a copy). */
    public long[] errors() {
        return errors.clone();
    }

    /** Their probabilities (lower bounds, as the nearest doubles), in the order of {@link #errors()}. */
    public double[] probabilities() {
        double[] p = new double[masses.length];
        for (int k = 0; k < p.length; k++) {
            p[k] = Math.scalb((double) masses[k], -bits);
        }
        return p;
    }

    /** The probability no error value accounts for: 0 when exact; an upper bound on what every answer may be off by. */
    public double slack() {
        return Math.scalb((double) slack, -bits);
    }

    /** Whether every answer is exact (no slack). */
    public boolean exact() {
        return slack == 0;
    }

    /**
     * The two-sided interval [lo, hi] of errors with P(error &lt; lo) ≤ β/2 and P(error &gt; hi) ≤ β/2, each end as close to
     * the centre as the distribution allows (equal tails), so the output is within [true + lo, true + hi] with probability at
     * least 1 − β. Either end may lie on either side of 0 (a clamped end of the range errs one way). When the slack alone
     * exceeds β/2 no end can be certified: {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE} (unbounded).
     *
     * @return {lo, hi}
     * @throws IllegalArgumentException for β outside (0, 1)
     */
    public long[] interval(double beta) {
        Accuracy.checkBeta(beta);
        long t = floorScaled(beta / 2, bits);
        if (slack > t) {
            return new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
        }
        long lo = errors[errors.length - 1];
        long cum = 0;
        for (int k = 0; k < errors.length; k++) {
            cum += masses[k];
            if (cum + slack > t) {
                lo = errors[k];
                break;
            }
        }
        long hi = errors[0];
        cum = 0;
        for (int k = errors.length - 1; k >= 0; k--) {
            cum += masses[k];
            if (cum + slack > t) {
                hi = errors[k];
                break;
            }
        }
        return new long[] {lo, hi};
    }

    /**
     * The smallest a ≥ 0 with P(|error| &gt; a) ≤ β: the output is within ±a of the true value with probability at least 1 − β;
     * {@link Long#MAX_VALUE} (unbounded) when the slack alone exceeds β.
     *
     * @throws IllegalArgumentException for β outside (0, 1)
     */
    public long absoluteError(double beta) {
        Accuracy.checkBeta(beta);
        long t = floorScaled(beta, bits);
        if (slack > t) {
            return Long.MAX_VALUE;
        }
        long[][] byAbs = byAbsoluteValue();
        long[] abs = byAbs[0];
        long[] mass = byAbs[1];
        // mass strictly above a candidate: total minus the prefix up to it
        long above = 0;
        for (long m : mass) {
            above += m;
        }
        long candidate = 0;
        int k = 0;
        while (true) {
            while (k < abs.length && abs[k] <= candidate) {
                above -= mass[k++];
            }
            if (above + slack <= t || k >= abs.length) {
                return candidate;
            }
            candidate = abs[k];
        }
    }

    /** An upper bound on P(|error| &gt; a). */
    public double probabilityAbsAbove(long a) {
        if (a < 0) {
            throw new IllegalArgumentException("a must be >= 0. Provided value: " + a);
        }
        long above = 0;
        for (int k = 0; k < errors.length; k++) {
            if (Math.abs(errors[k]) > a) {
                above += masses[k];
            }
        }
        return Math.min(1, Math.scalb((double) (above + slack), -bits));
    }

    /** A lower bound on P(error = 0): the output is exactly the true value. */
    public double probabilityExact() {
        int k = Arrays.binarySearch(errors, 0);
        return k < 0 ? 0 : Math.scalb((double) masses[k], -bits);
    }

    /**
     * The q-quantile of the error, the smallest e with P(error ≤ e) ≥ q; with slack, taken away from the centre (the lower
     * CDF for q ≥ 1/2, the upper one below), so the spread is never understated.
     *
     * @throws IllegalArgumentException for q outside (0, 1)
     */
    public long quantile(double q) {
        if (!(q > 0 && q < 1)) {
            throw new IllegalArgumentException("q must be in (0, 1). Provided value: " + q);
        }
        long need = ceilScaled(q, bits);
        long extra = q < 0.5 ? slack : 0;
        long cum = 0;
        for (int k = 0; k < errors.length; k++) {
            cum += masses[k];
            if (cum + extra >= need) {
                return errors[k];
            }
        }
        return errors[errors.length - 1];
    }

    /** The mean absolute error over the stored masses (the slack's mass excluded; a floating-point summary). */
    public double meanAbsoluteError() {
        double s = 0;
        for (int k = 0; k < errors.length; k++) {
            s += Math.abs((double) errors[k]) * Math.scalb((double) masses[k], -bits);
        }
        return s;
    }

    private long[][] byAbsoluteValue() {
        // errors are increasing: merge the negative part (reversed) with the non-negative part
        int firstNonNeg = 0;
        while (firstNonNeg < errors.length && errors[firstNonNeg] < 0) {
            firstNonNeg++;
        }
        long[] abs = new long[errors.length];
        long[] mass = new long[errors.length];
        int neg = firstNonNeg - 1;
        int pos = firstNonNeg;
        int out = 0;
        while (neg >= 0 || pos < errors.length) {
            boolean takeNeg = pos >= errors.length || neg >= 0 && -errors[neg] <= errors[pos];
            if (takeNeg) {
                abs[out] = -errors[neg];
                mass[out++] = masses[neg--];
            } else {
                abs[out] = errors[pos];
                mass[out++] = masses[pos++];
            }
        }
        return new long[][] {abs, mass};
    }

    /** floor(p·2^bits) exactly (p in [0, 1]). */
    static long floorScaled(double p, int bits) {
        return new BigDecimal(p).multiply(new BigDecimal(BigInteger.ONE.shiftLeft(bits))).setScale(0, RoundingMode.FLOOR).longValueExact();
    }

    /** ceil(p·2^bits) exactly (p in [0, 1]). */
    static long ceilScaled(double p, int bits) {
        return new BigDecimal(p).multiply(new BigDecimal(BigInteger.ONE.shiftLeft(bits))).setScale(0, RoundingMode.CEILING).longValueExact();
    }
}
