package org.optimech.runtime.certificate;

/**
 * Interval arithmetic on pairs of doubles with outward rounding: every result is widened by one ulp on each side, so the
 * exact real result of the operation on any points of the operands lies inside (Java has no rounding modes; one ulp covers
 * a correctly rounded operation). Results are written to {@code out[0]} (lower) and {@code out[1]} (upper).
 */
public final class Outward {
    private Outward() {
    }

    public static double addDown(double a, double b) {
        double s = a + b;
        return isExactSum(a, b, s) ? s : Math.nextDown(s);
    }

    public static double addUp(double a, double b) {
        double s = a + b;
        return isExactSum(a, b, s) ? s : Math.nextUp(s);
    }

    /** TwoSum: whether a + b was computed without rounding (then no widening is needed). */
    private static boolean isExactSum(double a, double b, double s) {
        if (Double.isInfinite(s) || Double.isNaN(s)) {
            return false;
        }
        double bb = s - a;
        double err = (a - (s - bb)) + (b - bb);
        return err == 0;
    }

    /** Products this small may have lost bits to underflow, where fma's residual is no longer exact: always widened. */
    private static final double TINY = 0x1p-960;

    static double mulDown(double a, double b) {
        double p = a * b;
        if (a == 0 || b == 0) {
            return 0;
        }
        return Math.abs(p) >= TINY && !Double.isInfinite(p) && Math.fma(a, b, -p) >= 0 ? p : Math.nextDown(p);
    }

    static double mulUp(double a, double b) {
        double p = a * b;
        if (a == 0 || b == 0) {
            return 0;
        }
        return Math.abs(p) >= TINY && !Double.isInfinite(p) && Math.fma(a, b, -p) <= 0 ? p : Math.nextUp(p);
    }

    /** [al, ah]·[bl, bh]. */
    public static void mul(double al, double ah, double bl, double bh, double[] out) {
        if (al == ah && bl == bh) {
            out[0] = mulDown(al, bl);
            out[1] = mulUp(al, bl);
            return;
        }
        double lo = Math.min(Math.min(mulDown(al, bl), mulDown(al, bh)), Math.min(mulDown(ah, bl), mulDown(ah, bh)));
        double hi = Math.max(Math.max(mulUp(al, bl), mulUp(al, bh)), Math.max(mulUp(ah, bl), mulUp(ah, bh)));
        out[0] = lo;
        out[1] = hi;
    }

    /** x^e over [l, h], e ≥ 0; tight for even powers of intervals containing 0. */
    static void pow(double l, double h, int e, double[] out) {
        if (e == 0) {
            out[0] = 1;
            out[1] = 1;
            return;
        }
        if (l == h) {
            powPoint(l, e, out);
            return;
        }
        if (e % 2 == 1 || l >= 0) {
            powPoint(l, e, out);
            double lo = out[0];
            powPoint(h, e, out);
            out[0] = lo;
            return;
        }
        if (h <= 0) {
            powPoint(h, e, out);
            double lo = out[0];
            powPoint(l, e, out);
            out[0] = lo;
            return;
        }
        powPoint(Math.max(-l, h), e, out);
        out[0] = 0;
    }

    /** An enclosure of x^e by repeated outward multiplication. */
    private static void powPoint(double x, int e, double[] out) {
        double lo = x;
        double hi = x;
        for (int i = 1; i < e; i++) {
            mul(lo, hi, x, x, out);
            lo = out[0];
            hi = out[1];
        }
        out[0] = lo;
        out[1] = hi;
    }

    /** max over t in [l, h] of t², rounded up, and its minimum rounded down. */
    static void square(double l, double h, double[] out) {
        pow(l, h, 2, out);
    }

    /** The largest |t| over [l, h]. */
    static double absMax(double l, double h) {
        return Math.max(-l, h);
    }
}
