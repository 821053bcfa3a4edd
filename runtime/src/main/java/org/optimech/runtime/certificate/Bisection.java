package org.optimech.runtime.certificate;

/**
 * The split rule of every certificate tree: a box side [lo, hi] is cut at its midpoint, which must be exactly a double, so
 * the two halves cover the side with nothing rounded away (coverage is structural).
 */
public final class Bisection {
    private Bisection() {
    }

    /** The exact midpoint of [lo, hi], or NaN when lo ≥ hi or the midpoint is not exactly a double strictly inside. */
    public static double midpoint(double lo, double hi) {
        if (!(lo < hi)) {
            return Double.NaN;
        }
        double s = lo + hi;
        double bb = s - lo;
        double err = (lo - (s - bb)) + (hi - bb);
        if (err != 0 || Double.isInfinite(s)) {
            return Double.NaN;
        }
        double m = s * 0.5;
        if (m * 2 != s || !(lo < m) || !(m < hi)) {
            return Double.NaN;
        }
        return m;
    }
}
