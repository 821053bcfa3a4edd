package org.optimech.geometry.sensitivity;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import org.optimech.runtime.certificate.Gauge;
import org.optimech.runtime.certificate.IntervalPolynomial;
import org.optimech.runtime.certificate.Outward;
import org.optimech.runtime.certificate.PairObjective;
import org.optimech.runtime.certificate.StatisticPolynomials;

/**
 * Certified bounds on sup over S_T of a body's gauge for a polynomial statistic, with the certificate trees: by rows (the
 * range of each m_r·t, for ℓ∞, weighted boxes and facet bodies), by Σ|m_r·u| (ℓ1 and its linear images) or by Σ(m_r·u)²
 * (ℓ2). The search stops at a relative gap, at the budget's deadline or at its node budget; whatever stopped it, the upper
 * bound and the trees are certified (the runtime re-checks them), and the witness lower bound is attained.
 */
public final class CertifiedSensitivity {
    /**
     * A search's result.
     *
     * @param upper certified upper bound on the gauge's supremum over S_T (for ranges: the largest range over its row bound)
     * @param lower attained by a witness
     * @param rowUpper ranges: each row's certified range bound (null for other gauges)
     * @param rowLower ranges: each row's witnessed range
     * @param nodes boxes evaluated
     * @param seconds time spent
     * @param complete whether the relative gap was reached (else the deadline, the node budget or a losing witness stopped it)
     * @param losing whether it stopped because its witness already made the candidate lose ({@link SearchBudget#losing()})
     * @param trees the certificate's trees, written with the stored slack
     */
    public record Outcome(double upper, double lower, double[] rowUpper, double[] rowLower, long nodes, double seconds, boolean complete, boolean losing,
            byte[] trees) {
        public Outcome {
            rowUpper = rowUpper == null ? null : rowUpper.clone();
            rowLower = rowLower == null ? null : rowLower.clone();
            trees = trees.clone();
        }

        @Override
        public byte[] trees() {
            return trees.clone();
        }

        @Override
        public double[] rowUpper() {
            return rowUpper == null ? null : rowUpper.clone();
        }

        @Override
        public double[] rowLower() {
            return rowLower == null ? null : rowLower.clone();
        }

        public double relativeGap() {
            return lower <= 0 ? Double.POSITIVE_INFINITY : (upper - lower) / lower;
        }
    }

    /** How far a stored tree may prove above the design bound (relative): subtrees proving no more are collapsed into leaves. */
    public static final double STORED_SLACK = 1e-9;

    /** Random starts of the local witness searches before a branch and bound. */
    static final int LOCAL_STARTS = 64;

    private CertifiedSensitivity() {
    }

    /** Starting points of the local witness searches: the given witnesses (the designer's genetic search) and seeded random points. */
    private static List<double[]> starts(double[][] witnesses, double[] lo, double[] hi) {
        List<double[]> starts = new ArrayList<>(Arrays.asList(witnesses));
        starts.addAll(Witnesses.randomStarts(lo, hi, LOCAL_STARTS, 1));
        return starts;
    }

    /** Whether the search should stop now: the gap is reached, or the budget says so. */
    private static final class Clock {
        final long start = System.nanoTime();
        long lastReport = start;
        final SearchBudget budget;
        final String stage;

        Clock(SearchBudget budget, String stage) {
            this.budget = budget;
            this.stage = stage;
        }

        double seconds() {
            return (System.nanoTime() - start) / 1e9;
        }

        boolean outOfBudget(long nodes) {
            return budget.expired(nodes) || nodes >= budget.maxNodes();
        }

        void report(long nodes, double lower, double upper, boolean force) {
            long now = System.nanoTime();
            if (force || (now - lastReport) / 1e9 >= budget.reportSeconds()) {
                lastReport = now;
                budget.listener().accept(new SearchStatus(stage, nodes, lower, upper, (now - start) / 1e9));
            }
        }
    }

    /** upper − lower within gap·|lower|, or within a few ulps of the values' scale (a range that is 0 up to rounding). */
    static boolean reached(double upper, double lower, double gap) {
        return upper - lower <= gap * Math.abs(lower) + 1e-13 * Math.max(Math.abs(upper), Math.abs(lower)) + Double.MIN_NORMAL;
    }

    /** Σ_r |m_r·u|: the ℓ1 ball (identity rows) and linear images of it. */
    public static Outcome sum(StatisticPolynomials statistic, boolean pairs, Gauge gauge, double gap, SearchBudget budget, String stage,
            double[][] witnesses) {
        PairObjective o = new PairObjective(statistic.rows(gauge), pairs);
        double[] lo = statistic.searchLower(pairs);
        double[] hi = statistic.searchUpper(pairs);
        SumSearch s = new SumSearch(o, lo, hi);
        for (double[] w : starts(witnesses, lo, hi)) {
            s.offer(Witnesses.sumLocal(o, lo, hi, w));
            if (budget.expired()) {
                break; // at least one local search; the rest only tighten the lower bound
            }
        }
        Clock clock = new Clock(budget, stage);
        boolean complete = true;
        boolean losing = false;
        while (!reached(s.upper(), s.lower(), gap)) {
            if (budget.losing().test(s.lower())) {
                losing = true;
                complete = false;
                break;
            }
            if (clock.outOfBudget(s.nodes()) || !s.step()) {
                complete = false;
                break;
            }
            if ((s.nodes() & 63) == 0) {
                clock.report(s.nodes(), s.lower(), s.upper(), false);
            }
        }
        clock.report(s.nodes(), s.lower(), s.upper(), true);
        if (System.getenv("OPTIMECH_DEBUG") != null) {
            System.err.println(s.describeTop());
        }
        double slack = STORED_SLACK * Math.abs(s.upper());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        s.write(out, s.upper() + slack, slack / 2);
        return new Outcome(s.upper(), s.lower(), null, null, s.nodes(), clock.seconds(), complete, losing, out.toByteArray());
    }

    /** Σ_r (m_r·u)², reported as its square root: the ℓ2 ball. */
    public static Outcome square(StatisticPolynomials statistic, boolean pairs, Gauge gauge, double gap, SearchBudget budget, String stage,
            double[][] witnesses) {
        PairObjective o = new PairObjective(statistic.rows(gauge), pairs);
        double[] lo = statistic.searchLower(pairs);
        double[] hi = statistic.searchUpper(pairs);
        SmoothSearch s = new SmoothSearch(Smooth.square(o), lo, hi);
        for (double[] w : starts(witnesses, lo, hi)) {
            s.offer(Witnesses.squareLocal(o, lo, hi, w));
            if (budget.expired()) {
                break; // at least one local search; the rest only tighten the lower bound
            }
        }
        Clock clock = new Clock(budget, stage);
        boolean complete = true;
        // the gap is stated for the norm; squared values need twice it
        boolean losing = false;
        while (!reached(s.upper(), s.lower(), 2 * gap)) {
            if (budget.losing().test(Math.nextDown(Math.sqrt(Math.max(0, s.lower()))))) {
                losing = true;
                complete = false;
                break;
            }
            if (clock.outOfBudget(s.nodes()) || !s.step()) {
                complete = false;
                break;
            }
            if ((s.nodes() & 63) == 0) {
                clock.report(s.nodes(), Math.sqrt(Math.max(0, s.lower())), Math.sqrt(s.upper()), false);
            }
        }
        double up = Math.nextUp(Math.sqrt(s.upper()));
        double down = Math.nextDown(Math.sqrt(Math.max(0, s.lower())));
        clock.report(s.nodes(), down, up, true);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        s.write(out, s.upper() + 2 * STORED_SLACK * Math.abs(s.upper()));
        return new Outcome(up, down, null, null, s.nodes(), clock.seconds(), complete, losing, out.toByteArray());
    }

    /**
     * The range of every row (its maximum plus minus its minimum for pairs, its largest absolute value for one record), over
     * its row bound. {@code each}: every row to the gap (a weighted box needs each side tight); otherwise only the largest.
     */
    public static Outcome ranges(StatisticPolynomials statistic, boolean pairs, Gauge gauge, boolean each, double gap, SearchBudget budget, String stage) {
        IntervalPolynomial[] rows = statistic.rows(gauge);
        double[] bounds = new double[rows.length];
        for (int r = 0; r < rows.length; r++) {
            bounds[r] = gauge.bounds()[r].doubleValue();
        }
        Row[] all = new Row[rows.length];
        for (int r = 0; r < rows.length; r++) {
            all[r] = new Row(r, new SmoothSearch(Smooth.of(rows[r]), statistic.lower(), statistic.upper()),
                    new SmoothSearch(Smooth.of(rows[r].negate()), statistic.lower(), statistic.upper()), pairs, bounds[r]);
        }
        // each mode: the row of largest relative gap first; max mode: the row of largest bound
        PriorityQueue<Row> queue = new PriorityQueue<>((x, y) -> each ? Double.compare(y.excess(gap), x.excess(gap)) : Double.compare(y.value(), x.value()));
        queue.addAll(Arrays.asList(all));
        Clock clock = new Clock(budget, stage);
        boolean complete = true;
        long steps = 0;
        while (true) {
            double best = Double.NEGATIVE_INFINITY;
            for (Row r : all) {
                best = Math.max(best, r.lowerValue());
            }
            Row top = queue.peek();
            boolean done = each ? reached(top.value(), top.lowerValue(), gap) : reached(top.value(), best, gap);
            if (done) {
                break;
            }
            long nodes = 0;
            for (Row r : all) {
                nodes += r.nodes();
            }
            if (clock.outOfBudget(nodes)) {
                complete = false;
                break;
            }
            queue.poll();
            if (!top.step()) {
                complete = false;
                queue.add(top);
                break;
            }
            queue.add(top);
            if ((++steps & 63) == 0) {
                clock.report(nodes, best, maxValue(all), false);
            }
        }
        double[] up = new double[rows.length];
        double[] lo = new double[rows.length];
        long nodes = 0;
        double upper = Double.NEGATIVE_INFINITY;
        double lower = Double.NEGATIVE_INFINITY;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Row r : all) {
            up[r.index] = r.range();
            lo[r.index] = r.lowerRange();
            upper = Math.max(upper, r.value());
            lower = Math.max(lower, r.lowerValue());
            nodes += r.nodes();
            double slack = STORED_SLACK * Math.abs(r.range()) / 2;
            r.plus.write(out, r.plus.upper() + slack);
            r.minus.write(out, r.minus.upper() + slack);
        }
        clock.report(nodes, lower, upper, true);
        return new Outcome(upper, lower, up, lo, nodes, clock.seconds(), complete, false, out.toByteArray());
    }

    private static double maxValue(Row[] all) {
        double m = Double.NEGATIVE_INFINITY;
        for (Row r : all) {
            m = Math.max(m, r.value());
        }
        return m;
    }

    /** One row's maximum and minimum searches. */
    private static final class Row {
        final int index;
        final SmoothSearch plus;
        final SmoothSearch minus;
        final boolean pairs;
        final double bound;

        Row(int index, SmoothSearch plus, SmoothSearch minus, boolean pairs, double bound) {
            this.index = index;
            this.plus = plus;
            this.minus = minus;
            this.pairs = pairs;
            this.bound = bound;
        }

        double range() {
            return pairs ? Outward.addUp(plus.upper(), minus.upper()) : Math.max(plus.upper(), minus.upper());
        }

        double lowerRange() {
            return pairs ? Outward.addDown(plus.lower(), minus.lower()) : Math.max(plus.lower(), minus.lower());
        }

        double value() {
            return range() / bound;
        }

        double lowerValue() {
            return lowerRange() / bound;
        }

        /** How far the row is from its gap (≤ 0: reached). */
        double excess(double gap) {
            double u = value();
            double l = lowerValue();
            return u - l - gap * Math.abs(l) - 1e-13 * Math.max(Math.abs(u), Math.abs(l));
        }

        long nodes() {
            return plus.nodes() + minus.nodes();
        }

        boolean step() {
            SmoothSearch s;
            if (pairs) {
                s = plus.upper() - plus.lower() >= minus.upper() - minus.lower() ? plus : minus;
            } else {
                s = plus.upper() >= minus.upper() ? plus : minus;
            }
            return s.step() || (s == plus ? minus : plus).step();
        }
    }
}
