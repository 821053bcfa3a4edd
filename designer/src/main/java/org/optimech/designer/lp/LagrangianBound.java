package org.optimech.designer.lp;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * A rigorous lower bound on the optimum of a (possibly interval) linear program from any vector of
 * row multipliers: weak Lagrangian duality with the variable box.
 *
 * <p>For multipliers y (OR-Tools sign convention: y_i &gt; 0 prices the row's lower bound, y_i &lt; 0
 * its upper bound; a sign whose bound is infinite is dropped), every feasible x satisfies
 * {@code c·x ≥ Σ_i y_i b_i + Σ_j (c − Aᵀy)_j x_j}, hence
 * {@code OPT ≥ Σ_i y_i b_i + Σ_j min over x_j in [l_j, u_j] of (c − Aᵀy)_j x_j}. With interval data
 * every term is taken at its worst value, and every operation is rounded toward −∞, so the result
 * bounds the optimum of every LP inside the intervals — in particular the one with the exact
 * coefficient e^ε. Wrong or stale multipliers give a weaker bound, never an invalid one.
 *
 * <p>Where the multipliers are huge (exact duals of the ratio rows grow like e^(ε·distance)), their
 * double values carry too little precision for any tight bound: the result stays valid but weak.
 */
public final class LagrangianBound {
    private LagrangianBound() {
    }

    /**
     * The bound, or empty when it is −∞ (a reduced cost of the wrong sign on an unbounded variable)
     * or the arithmetic overflowed.
     *
     * <p>Evaluated in doubles with directed rounding: every sum and product is computed to nearest
     * and then moved one ulp toward −∞ ({@link Math#nextDown}) or +∞ ({@link Math#nextUp}), as the
     * bound needs. Round-to-nearest is within half an ulp (also at a power of two), so the moved
     * value always encloses the exact one.
     *
     * @param duals one multiplier per row of {@code lp}
     */
    public static Optional<BigDecimal> lowerBound(LinearProgram lp, double[] duals) {
        if (duals.length != lp.rows()) {
            throw new IllegalArgumentException("need one multiplier per row: " + lp.rows() + ", got " + duals.length);
        }
        int n = lp.variables();
        double[] rcLo = new double[n];
        double[] rcHi = new double[n];
        for (int j = 0; j < n; j++) {
            rcLo[j] = lp.costLo(j);
            rcHi[j] = lp.costHi(j);
        }
        double total = 0;
        for (int i = 0; i < lp.rows(); i++) {
            double y = duals[i];
            if (!Double.isFinite(y) || y == 0.0) {
                continue;
            }
            if (y > 0) {
                if (lp.rowLowerLo(i) == Double.NEGATIVE_INFINITY) {
                    continue; // no finite lower bound to price
                }
                total = down(total + down(y * lp.rowLowerLo(i)));
            } else {
                if (lp.rowUpperHi(i) == Double.POSITIVE_INFINITY) {
                    continue;
                }
                total = down(total + down(y * lp.rowUpperHi(i)));
            }
            for (int k = lp.rowStart(i); k < lp.rowStart(i + 1); k++) {
                int j = lp.column(k);
                double a = y * lp.coefLo(k);
                double b = lp.coefHi(k) == lp.coefLo(k) ? a : y * lp.coefHi(k);
                // y·a lies in [down(min), up(max)] of the two rounded products
                rcLo[j] = down(rcLo[j] - up(Math.max(a, b)));
                rcHi[j] = up(rcHi[j] - down(Math.min(a, b)));
            }
        }
        for (int j = 0; j < n; j++) {
            double m = boxMinimum(rcLo[j], rcHi[j], lp.variableLower(j), lp.variableUpper(j));
            if (m == Double.NEGATIVE_INFINITY || Double.isNaN(m)) {
                return Optional.empty();
            }
            total = down(total + m);
        }
        return Double.isFinite(total) ? Optional.of(new BigDecimal(total)) : Optional.empty();
    }

    private static double down(double x) {
        return Math.nextDown(x);
    }

    private static double up(double x) {
        return Math.nextUp(x);
    }

    /** min of r·x over r in [rLo, rHi], x in [l, u] (attained at a corner), rounded down; −∞ if unbounded. */
    private static double boxMinimum(double rLo, double rHi, double l, double u) {
        double best = Double.POSITIVE_INFINITY;
        for (double r : new double[] {rLo, rHi}) {
            for (double x : new double[] {l, u}) {
                double v;
                if (r == 0) {
                    v = 0;
                } else if (Double.isInfinite(x)) {
                    if ((r > 0) == (x > 0)) {
                        continue; // +∞ is never the minimum
                    }
                    return Double.NEGATIVE_INFINITY;
                } else {
                    v = x == 0 ? 0 : down(r * x);
                }
                best = Math.min(best, v);
            }
        }
        return best == Double.POSITIVE_INFINITY ? 0 : best;
    }

    /**
     * Improves multipliers by coordinate ascent on the dual function: each row's multiplier in turn
     * is moved to a maximiser of the function of that multiplier alone — the same worst-case
     * (interval) function {@link #lowerBound} evaluates, in doubles. The result is only a choice of
     * multipliers; {@link #lowerBound} then evaluates it rigorously, so this can tighten a bound
     * (never below where it started, up to rounding) but never make it invalid. Coordinate ascent can
     * stall at a kink short of the dual optimum.
     *
     * <p>Why it matters: multipliers from a solve at ε_s evaluated at the exact ε leave small negative
     * reduced costs, each paid in full over the variable's box; re-optimising a row-sum multiplier
     * pays only the smallest of them.
     */
    public static double[] polish(LinearProgram lp, double[] duals, int passes) {
        return polish(lp, duals, passes, pass -> { });
    }

    /** As {@link #polish(LinearProgram, double[], int)}, telling {@code passDone} the number of each pass as it ends. */
    public static double[] polish(LinearProgram lp, double[] duals, int passes, java.util.function.IntConsumer passDone) {
        int n = lp.variables();
        int m = lp.rows();
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            y[i] = Double.isFinite(duals[i]) ? duals[i] : 0;
            if (y[i] > 0 && lp.rowLowerLo(i) == Double.NEGATIVE_INFINITY || y[i] < 0 && lp.rowUpperHi(i) == Double.POSITIVE_INFINITY) {
                y[i] = 0;
            }
        }
        // reduced-cost intervals [rl, rh] = c − Aᵀy over the coefficient intervals
        double[] rl = new double[n];
        double[] rh = new double[n];
        for (int j = 0; j < n; j++) {
            rl[j] = lp.costLo(j);
            rh[j] = lp.costHi(j);
        }
        for (int i = 0; i < m; i++) {
            apply(lp, i, y[i], rl, rh, -1);
        }
        int widest = 0;
        for (int i = 0; i < m; i++) {
            widest = Math.max(widest, lp.rowStart(i + 1) - lp.rowStart(i));
        }
        double[] kinks = new double[4 * widest + 2]; // one buffer for every row (a buffer per row was most of the bound's garbage)
        for (int pass = 0; pass < passes; pass++) {
            for (int i = 0; i < m; i++) {
                apply(lp, i, y[i], rl, rh, +1); // remove the row's current contribution
                y[i] = bestMultiplier(lp, i, y[i], rl, rh, kinks);
                apply(lp, i, y[i], rl, rh, -1);
            }
            passDone.accept(pass + 1);
        }
        return y;
    }

    /** Adds (sign = +1) or subtracts (−1) row i's contribution y·a to the reduced-cost intervals. */
    private static void apply(LinearProgram lp, int i, double y, double[] rl, double[] rh, int sign) {
        if (y == 0) {
            return;
        }
        for (int k = lp.rowStart(i); k < lp.rowStart(i + 1); k++) {
            int j = lp.column(k);
            double a = y * lp.coefLo(k);
            double b = y * lp.coefHi(k);
            rl[j] += sign * Math.max(a, b);
            rh[j] += sign * Math.min(a, b);
        }
    }

    /**
     * A maximiser over the allowed signs of row i's dual function (the row's bound term plus the
     * worst case of each of its variables' terms). It is concave and piecewise linear with kinks at 0
     * and where a reduced-cost end crosses 0, so it is maximised at a kink, found by bisection.
     */
    private static double bestMultiplier(LinearProgram lp, int i, double current, double[] rl, double[] rh, double[] kinks) {
        boolean positiveAllowed = lp.rowLowerLo(i) > Double.NEGATIVE_INFINITY;
        boolean negativeAllowed = lp.rowUpperHi(i) < Double.POSITIVE_INFINITY;
        if (!positiveAllowed && !negativeAllowed) {
            return 0;
        }
        int start = lp.rowStart(i);
        int end = lp.rowStart(i + 1);
        int count = 0;
        kinks[count++] = 0;
        kinks[count++] = current;
        for (int k = start; k < end; k++) {
            int j = lp.column(k);
            for (int side = 0; side < 2; side++) {
                double a = side == 0 ? lp.coefLo(k) : lp.coefHi(k);
                for (int which = 0; which < 2; which++) {
                    double t = (which == 0 ? rl[j] : rh[j]) / a;
                    if (a != 0 && Double.isFinite(t) && (t >= 0 ? positiveAllowed : negativeAllowed)) {
                        kinks[count++] = t;
                    }
                }
            }
        }
        double[] c = kinks;
        java.util.Arrays.sort(c, 0, count);
        int lo = 0;
        int hi = count - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (rowValue(lp, i, c[mid], rl, rh) < rowValue(lp, i, c[mid + 1], rl, rh)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        double best = c[lo];
        // never step back from where the row was (bisection on a nearly flat function can)
        return rowValue(lp, i, best, rl, rh) >= rowValue(lp, i, current, rl, rh) ? best : current;
    }

    /** Row i's part of the dual function at multiplier y (reduced costs given without row i). */
    private static double rowValue(LinearProgram lp, int i, double y, double[] rl, double[] rh) {
        double v;
        if (y > 0) {
            v = y * lp.rowLowerLo(i);
        } else if (y < 0) {
            v = y * lp.rowUpperHi(i);
        } else {
            v = 0;
        }
        if (Double.isNaN(v) || v == Double.NEGATIVE_INFINITY) {
            return Double.NEGATIVE_INFINITY;
        }
        for (int k = lp.rowStart(i); k < lp.rowStart(i + 1); k++) {
            int j = lp.column(k);
            double a = y * lp.coefLo(k);
            double b = y * lp.coefHi(k);
            double low = rl[j] - Math.max(a, b);
            double high = rh[j] - Math.min(a, b);
            double l = lp.variableLower(j);
            double u = lp.variableUpper(j);
            double term = Math.min(Math.min(corner(low, l), corner(low, u)), Math.min(corner(high, l), corner(high, u)));
            v += term;
        }
        return v;
    }

    private static double corner(double r, double x) {
        return r == 0 ? 0 : r * x;
    }
}
