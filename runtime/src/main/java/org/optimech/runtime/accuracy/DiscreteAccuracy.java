package org.optimech.runtime.accuracy;

import java.math.BigInteger;
import java.util.Locale;
import java.util.Objects;
import org.optimech.runtime.discrete.DiscreteDomain;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.spec.DiscreteSpec;

/**
 * The accuracy of a discrete mechanism at every input, from the stored numbers: for integer inputs and outputs the error
 * {@code output − input}, its equal-tailed interval at 1 − β, the smallest ±a it stays within with probability 1 − β, its
 * median and quartiles, and P(output = input); for labels, P(output = input) alone. Exact for tables with K ≤ 62; otherwise
 * certified (see {@link #method()}): every interval is wide enough whatever the slack hides. Immutable.
 */
public final class DiscreteAccuracy implements Accuracy {
    private final double beta;
    private final DiscreteDomain inputs;
    private final String method;
    private final double slack;
    private final long[] lower;
    private final long[] upper;
    private final long[] absolute;
    private final long[] median;
    private final long[] lowerQuartile;
    private final long[] upperQuartile;
    private final double[] exact;

    /**
     * One input's accuracy. For label domains only {@code input} and {@code probabilityExact} are meaningful (the error
     * fields are 0).
     *
     * @param input the input value
     * @param lowerError lo: P(error &lt; lo) ≤ β/2
     * @param upperError hi: P(error &gt; hi) ≤ β/2
     * @param absoluteError the smallest a ≥ 0 with P(|error| &gt; a) ≤ β
     * @param median the error's median
     * @param lowerQuartile the error's 1/4-quantile
     * @param upperQuartile the error's 3/4-quantile
     * @param probabilityExact a lower bound on P(output = input)
     */
    public record InputAccuracy(String input, long lowerError, long upperError, long absoluteError, long median, long lowerQuartile, long upperQuartile,
            double probabilityExact) {
    }

    private DiscreteAccuracy(double beta, DiscreteDomain inputs, String method, double slack, long[] lower, long[] upper, long[] absolute, long[] median,
            long[] lowerQuartile, long[] upperQuartile, double[] exact) {
        this.beta = beta;
        this.inputs = inputs;
        this.method = method;
        this.slack = slack;
        this.lower = lower;
        this.upper = upper;
        this.absolute = absolute;
        this.median = median;
        this.lowerQuartile = lowerQuartile;
        this.upperQuartile = upperQuartile;
        this.exact = exact;
    }

    /**
     * The accuracy of a discrete spec at every input. Costs one pass over the stored numbers: O(inputs × outputs) for a table,
     * O(inputs × (80·ln 2/ε) × remap width) for a geometric remap.
     *
     * @throws IllegalArgumentException for β outside (0, 1)
     */
    public static DiscreteAccuracy of(DiscreteSpec spec, double beta) {
        Objects.requireNonNull(spec, "spec");
        Accuracy.checkBeta(beta);
        RowMasses rows = RowMasses.of(spec);
        int n = spec.inputs().size();
        boolean numeric = numeric(spec);
        double[] exact = new double[n];
        long[] lower = numeric ? new long[n] : null;
        long[] upper = numeric ? new long[n] : null;
        long[] absolute = numeric ? new long[n] : null;
        long[] median = numeric ? new long[n] : null;
        long[] q1 = numeric ? new long[n] : null;
        long[] q3 = numeric ? new long[n] : null;
        long maxSlack = 0;
        for (int i = 0; i < n; i++) {
            rows.load(i);
            maxSlack = Math.max(maxSlack, rows.slack);
            if (numeric) {
                ErrorDistribution d = errors(spec, rows, i);
                long[] iv = d.interval(beta);
                lower[i] = iv[0];
                upper[i] = iv[1];
                absolute[i] = d.absoluteError(beta);
                median[i] = d.quantile(0.5);
                q1[i] = d.quantile(0.25);
                q3[i] = d.quantile(0.75);
                exact[i] = d.probabilityExact();
            } else {
                exact[i] = sameValueMass(spec, rows, i);
            }
        }
        return new DiscreteAccuracy(beta, spec.inputs(), rows.method(), Math.scalb((double) maxSlack, -rows.bits), lower, upper, absolute, median, q1, q3,
                exact);
    }

    /**
     * The error distribution at one input index.
     *
     * @throws IllegalArgumentException when the spec's inputs or outputs are labels (no numeric error), or the index is out of range
     */
    static ErrorDistribution distribution(DiscreteSpec spec, int input) {
        if (!numeric(spec)) {
            throw new IllegalArgumentException("the error output - input needs integer inputs and outputs; this spec has labels");
        }
        if (input < 0 || input >= spec.inputs().size()) {
            throw new IllegalArgumentException("input index must be in [0, " + spec.inputs().size() + "). Provided value: " + input);
        }
        RowMasses rows = RowMasses.of(spec);
        rows.load(input);
        return errors(spec, rows, input);
    }

    /** Whether errors are numbers: integer inputs and outputs whose differences fit a long. */
    static boolean numeric(DiscreteSpec spec) {
        if (!(spec.inputs() instanceof IntegerRange in) || !(spec.outputs() instanceof IntegerRange out)) {
            return false;
        }
        BigInteger a = BigInteger.valueOf(out.to()).subtract(BigInteger.valueOf(in.from()));
        BigInteger b = BigInteger.valueOf(in.to()).subtract(BigInteger.valueOf(out.from()));
        return a.bitLength() < 63 && b.bitLength() < 63;
    }

    private static ErrorDistribution errors(DiscreteSpec spec, RowMasses rows, int i) {
        IntegerRange in = (IntegerRange) spec.inputs();
        IntegerRange out = (IntegerRange) spec.outputs();
        long x = in.longValueAt(i);
        long[] e = new long[rows.size];
        long[] m = new long[rows.size];
        for (int k = 0; k < rows.size; k++) {
            e[k] = out.longValueAt(rows.outputs[k]) - x; // fits: checked by numeric()
            m[k] = rows.masses[k];
        }
        return new ErrorDistribution(in.valueAt(i), e, m, rows.bits, rows.slack);
    }

    private static double sameValueMass(DiscreteSpec spec, RowMasses rows, int i) {
        int target = spec.outputs().indexOf(spec.inputs().valueAt(i)).orElse(-1);
        for (int k = 0; k < rows.size; k++) {
            if (rows.outputs[k] == target) {
                return Math.scalb((double) rows.masses[k], -rows.bits);
            }
        }
        return 0;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public double beta() {
        return beta;
    }

    @Override
    public String method() {
        return method;
    }

    /** The largest slack of any input: 0 when exact, else what any probability may be off by (always in the safe direction). */
    public double slack() {
        return slack;
    }

    /** Whether errors are numbers (integer inputs and outputs); else only {@link InputAccuracy#probabilityExact()} is meaningful. */
    public boolean numeric() {
        return lower != null;
    }

    public int inputCount() {
        return exact.length;
    }

    /** One input's accuracy, by index. */
    public InputAccuracy input(int index) {
        Objects.checkIndex(index, exact.length);
        if (!numeric()) {
            return new InputAccuracy(inputs.valueAt(index), 0, 0, 0, 0, 0, 0, exact[index]);
        }
        return new InputAccuracy(inputs.valueAt(index), lower[index], upper[index], absolute[index], median[index], lowerQuartile[index], upperQuartile[index],
                exact[index]);
    }

    /**
     * The guarantee that holds at every input: the lowest lower end, the highest upper end, the largest ±a, the median and
     * quartiles farthest from 0, the smallest P(output = input); {@code input} names the input with the largest ±a (or the
     * smallest P(output = input) for labels).
     */
    public InputAccuracy worst() {
        int arg = 0;
        for (int i = 1; i < exact.length; i++) {
            if (numeric() ? absolute[i] > absolute[arg] : exact[i] < exact[arg]) {
                arg = i;
            }
        }
        double minExact = Double.POSITIVE_INFINITY;
        for (double p : exact) {
            minExact = Math.min(minExact, p);
        }
        if (!numeric()) {
            return new InputAccuracy(inputs.valueAt(arg), 0, 0, 0, 0, 0, 0, minExact);
        }
        return new InputAccuracy(inputs.valueAt(arg), min(lower), max(upper), max(absolute), farthest(median), min(lowerQuartile), max(upperQuartile),
                minExact);
    }

    /** The index of the input with the largest ±a at 1 − β (the smallest P(output = input) for labels). */
    public int worstInput() {
        int arg = 0;
        for (int i = 1; i < exact.length; i++) {
            if (numeric() ? absolute[i] > absolute[arg] : exact[i] < exact[arg]) {
                arg = i;
            }
        }
        return arg;
    }

    @Override
    public String describe() {
        String conf = percent(1 - beta);
        if (!numeric()) {
            InputAccuracy w = worst();
            return String.format(Locale.ROOT, "the output equals the true value with probability at least %s at every input (lowest at \"%s\")",
                    decimal(w.probabilityExact()), w.input());
        }
        InputAccuracy w = worst();
        return "with probability " + conf + " the output is within [" + signed(w.lowerError()) + ", " + signed(w.upperError()) + "] of the true value at every "
                + "input, and within +-" + (w.absoluteError() == Long.MAX_VALUE ? "inf" : w.absoluteError()) + " (largest at input " + w.input() + ")";
    }

    static String percent(double p) {
        String s = new java.math.BigDecimal(p * 100).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
        return s + "%";
    }

    static String decimal(double p) {
        return String.format(Locale.ROOT, "%.6g", p);
    }

    static String signed(long v) {
        if (v == Long.MIN_VALUE || v == Long.MAX_VALUE) {
            return v > 0 ? "+inf" : "-inf"; // not certifiable at this beta
        }
        return v > 0 ? "+" + v : Long.toString(v);
    }

    private static long min(long[] a) {
        long m = Long.MAX_VALUE;
        for (long v : a) {
            m = Math.min(m, v);
        }
        return m;
    }

    private static long max(long[] a) {
        long m = Long.MIN_VALUE;
        for (long v : a) {
            m = Math.max(m, v);
        }
        return m;
    }

    private static long farthest(long[] a) {
        long m = 0;
        for (long v : a) {
            if (Math.abs(v) > Math.abs(m)) {
                m = v;
            }
        }
        return m;
    }
}
