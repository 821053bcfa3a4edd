package org.optimech.designer.lp;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
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
 */
public final class LagrangianBound {
    private static final MathContext DOWN = new MathContext(34, RoundingMode.FLOOR);
    private static final MathContext UP = new MathContext(34, RoundingMode.CEILING);

    private LagrangianBound() {
    }

    /**
     * The bound, or empty when it is −∞ (a reduced cost of the wrong sign on an unbounded variable).
     *
     * @param duals one multiplier per row of {@code lp}
     */
    public static Optional<BigDecimal> lowerBound(LinearProgram lp, double[] duals) {
        if (duals.length != lp.rows()) {
            throw new IllegalArgumentException("need one multiplier per row: " + lp.rows() + ", got " + duals.length);
        }
        int n = lp.variables();
        BigDecimal[] rcLo = new BigDecimal[n];
        BigDecimal[] rcHi = new BigDecimal[n];
        for (int j = 0; j < n; j++) {
            rcLo[j] = new BigDecimal(lp.costLo(j));
            rcHi[j] = new BigDecimal(lp.costHi(j));
        }
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 0; i < lp.rows(); i++) {
            double y = duals[i];
            if (!Double.isFinite(y) || y == 0.0) {
                continue;
            }
            if (y > 0) {
                if (lp.rowLowerLo(i) == Double.NEGATIVE_INFINITY) {
                    continue; // no finite lower bound to price
                }
                total = total.add(new BigDecimal(y).multiply(new BigDecimal(lp.rowLowerLo(i))), DOWN);
            } else {
                if (lp.rowUpperHi(i) == Double.POSITIVE_INFINITY) {
                    continue;
                }
                total = total.add(new BigDecimal(y).multiply(new BigDecimal(lp.rowUpperHi(i))), DOWN);
            }
            BigDecimal yd = new BigDecimal(y);
            for (int k = lp.rowStart(i); k < lp.rowStart(i + 1); k++) {
                int j = lp.column(k);
                BigDecimal a = yd.multiply(new BigDecimal(lp.coefLo(k)));
                BigDecimal b = yd.multiply(new BigDecimal(lp.coefHi(k)));
                BigDecimal hi = a.max(b);
                BigDecimal lo = a.min(b);
                rcLo[j] = rcLo[j].subtract(hi, DOWN);
                rcHi[j] = rcHi[j].subtract(lo, UP);
            }
        }
        for (int j = 0; j < n; j++) {
            Optional<BigDecimal> m = boxMinimum(rcLo[j], rcHi[j], lp.variableLower(j), lp.variableUpper(j));
            if (m.isEmpty()) {
                return Optional.empty();
            }
            total = total.add(m.get(), DOWN);
        }
        return Optional.of(total);
    }

    /**
     * Improves multipliers by exact coordinate ascent on the dual function (in doubles, at the
     * midpoints of the intervals): each row's multiplier in turn is moved to a maximiser of the
     * concave piecewise-linear function of that multiplier alone. The result is only a choice of
     * multipliers; {@link #lowerBound} then evaluates it rigorously, so this can tighten a bound but
     * never make it invalid.
     *
     * <p>Why it matters: multipliers from a solve at ε_s evaluated at the exact ε leave small negative
     * reduced costs, each paid in full over the variable's box; re-optimising a row-sum multiplier
     * pays only the smallest of them. It also turns garbage multipliers (see
     * {@link OrToolsLpSolver#highs()}) into a usable bound.
     */
    public static double[] polish(LinearProgram lp, double[] duals, int passes) {
        int n = lp.variables();
        int m = lp.rows();
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            y[i] = Double.isFinite(duals[i]) ? duals[i] : 0;
            if (y[i] > 0 && lp.rowLowerLo(i) == Double.NEGATIVE_INFINITY || y[i] < 0 && lp.rowUpperHi(i) == Double.POSITIVE_INFINITY) {
                y[i] = 0;
            }
        }
        double[] rc = new double[n];
        for (int j = 0; j < n; j++) {
            rc[j] = 0.5 * (lp.costLo(j) + lp.costHi(j));
        }
        for (int i = 0; i < m; i++) {
            for (int k = lp.rowStart(i); k < lp.rowStart(i + 1); k++) {
                rc[lp.column(k)] -= y[i] * mid(lp, k);
            }
        }
        for (int pass = 0; pass < passes; pass++) {
            for (int i = 0; i < m; i++) {
                int start = lp.rowStart(i);
                int end = lp.rowStart(i + 1);
                // reduced costs without this row's current contribution
                for (int k = start; k < end; k++) {
                    rc[lp.column(k)] += y[i] * mid(lp, k);
                }
                double best = bestMultiplier(lp, i, rc);
                for (int k = start; k < end; k++) {
                    rc[lp.column(k)] -= best * mid(lp, k);
                }
                y[i] = best;
            }
        }
        return y;
    }

    /**
     * A maximiser of {@code g(y) = y·b(y) + Σ_j min over x_j in [l_j, u_j] of (r_j − y·a_j)·x_j} over
     * the multipliers allowed for row i ({@code b} is the row's lower bound for y ≥ 0 and its upper
     * bound for y &lt; 0; a side whose bound is infinite is not allowed). g is concave and piecewise
     * linear with kinks at {@code r_j / a_j} and 0, so the maximiser is the first kink, in increasing
     * order, whose right slope is ≤ 0.
     */
    private static double bestMultiplier(LinearProgram lp, int i, double[] r) {
        double lo = 0.5 * (lp.rowLowerLo(i) + lp.rowLowerHi(i));
        double hi = 0.5 * (lp.rowUpperLo(i) + lp.rowUpperHi(i));
        boolean positiveAllowed = lo > Double.NEGATIVE_INFINITY;
        boolean negativeAllowed = hi < Double.POSITIVE_INFINITY;
        if (!positiveAllowed && !negativeAllowed) {
            return 0;
        }
        int start = lp.rowStart(i);
        int end = lp.rowStart(i + 1);
        double[] kinks = new double[end - start + 1];
        int count = 0;
        kinks[count++] = 0;
        for (int k = start; k < end; k++) {
            double a = mid(lp, k);
            double t = r[lp.column(k)] / a;
            if (a != 0 && Double.isFinite(t) && (t > 0 ? positiveAllowed : t < 0 ? negativeAllowed : true)) {
                kinks[count++] = t;
            }
        }
        kinks = java.util.Arrays.copyOf(kinks, count);
        java.util.Arrays.sort(kinks);
        // first kink with right slope ≤ 0 (the right slope does not increase along the sorted kinks)
        int a = 0;
        int b = count - 1;
        if (rightSlope(lp, i, r, kinks[b], lo, hi) > 0) {
            return kinks[b];
        }
        while (a < b) {
            int mid = (a + b) >>> 1;
            if (rightSlope(lp, i, r, kinks[mid], lo, hi) <= 0) {
                b = mid;
            } else {
                a = mid + 1;
            }
        }
        return kinks[a];
    }

    /** Slope of g just to the right of y. */
    private static double rightSlope(LinearProgram lp, int i, double[] r, double y, double lo, double hi) {
        double s = y >= 0 ? lo : hi;
        for (int k = lp.rowStart(i); k < lp.rowStart(i + 1); k++) {
            int j = lp.column(k);
            double a = mid(lp, k);
            double reduced = r[j] - y * a;
            // just right of y the reduced cost moves by −a: at a tie it takes the sign of −a
            boolean atLower = reduced > 0 || (reduced == 0 && a < 0);
            s -= a * (atLower ? lp.variableLower(j) : lp.variableUpper(j));
        }
        return s;
    }

    private static double mid(LinearProgram lp, int k) {
        return 0.5 * (lp.coefLo(k) + lp.coefHi(k));
    }

    /** min of r·x over r in [rLo, rHi], x in [l, u]: attained at a corner. */
    private static Optional<BigDecimal> boxMinimum(BigDecimal rLo, BigDecimal rHi, double l, double u) {
        BigDecimal best = null;
        for (BigDecimal r : new BigDecimal[] {rLo, rHi}) {
            for (double x : new double[] {l, u}) {
                BigDecimal v;
                if (Double.isInfinite(x)) {
                    if (r.signum() == 0) {
                        v = BigDecimal.ZERO;
                    } else if ((r.signum() > 0) == (x > 0)) {
                        continue; // +∞ never the minimum
                    } else {
                        return Optional.empty();
                    }
                } else {
                    v = r.multiply(new BigDecimal(x), DOWN);
                }
                best = best == null ? v : best.min(v);
            }
        }
        return Optional.of(best == null ? BigDecimal.ZERO : best);
    }
}
