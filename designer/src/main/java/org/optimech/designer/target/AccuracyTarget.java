package org.optimech.designer.target;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Loss;
import org.optimech.designer.problem.Objective;
import org.optimech.runtime.discrete.IntegerRange;

/**
 * An accuracy target for a count: |output − true value| ≤ a with probability at least {@code confidence}, at every input (the
 * default: a minimax design) or on average over the problem's prior (a Bayes design). Its loss is 1{|ω − θ| &gt; a}, whose
 * risk is exactly the probability the target bounds; the loss is linear in the mechanism, so the optimal risk falls
 * monotonically as ε grows and a bisection on ε is sound.
 *
 * @param maxAbsError a ≥ 0
 * @param confidence 1 − β, in (0, 1), exact as written
 * @param scope at every input or on average
 */
public record AccuracyTarget(long maxAbsError, BigDecimal confidence, Scope scope) {
    private static final Pattern FORM = Pattern.compile(
            "\\s*abs-error\\s*<=\\s*(\\d{1,18})\\s+at\\s+([0-9]*\\.?[0-9]+)\\s*(%?)\\s*(for every input|on average)?\\s*");

    /** Where the probability is taken. */
    public enum Scope {
        /** P(|error| &gt; a) ≤ β at every input (minimax). */
        EVERY_INPUT("for every input"),
        /** The prior-weighted average of P(|error| &gt; a) ≤ β (Bayes). */
        ON_AVERAGE("on average");

        private final String text;

        Scope(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    public AccuracyTarget {
        Objects.requireNonNull(confidence, "confidence");
        Objects.requireNonNull(scope, "scope");
        if (maxAbsError < 0) {
            throw new IllegalArgumentException("the target's abs-error must be >= 0. Provided value: " + maxAbsError);
        }
        if (confidence.signum() <= 0 || confidence.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("the target's confidence must be in (0, 1), e.g. 95%. Provided value: " + confidence.toPlainString());
        }
    }

    /**
     * Parses {@code "abs-error <= A at P%"} (or {@code at 0.95}), optionally followed by {@code "for every input"} (the
     * default) or {@code "on average"}.
     *
     * @throws IllegalArgumentException naming the text and the expected form
     */
    public static AccuracyTarget parse(String text) {
        Objects.requireNonNull(text, "text");
        Matcher m = FORM.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("a target reads \"abs-error <= A at P%\" (A a whole number, P in (0, 100)), optionally followed by \"for every "
                    + "input\" or \"on average\". Provided value: \"" + text + "\"");
        }
        long a = Long.parseLong(m.group(1));
        BigDecimal p = new BigDecimal(m.group(2));
        if (!m.group(3).isEmpty()) {
            p = p.movePointLeft(2);
        }
        Scope scope = "on average".equals(m.group(4)) ? Scope.ON_AVERAGE : Scope.EVERY_INPUT;
        return new AccuracyTarget(a, p.stripTrailingZeros(), scope);
    }

    /** β = 1 − confidence, as a double. */
    public double beta() {
        return BigDecimal.ONE.subtract(confidence).doubleValue();
    }

    /** The objective the target's risk is: minimax for every input, Bayes on average. */
    public Objective objective() {
        return scope == Scope.EVERY_INPUT ? Objective.MINIMAX : Objective.BAYES;
    }

    /**
     * The problem with the target's loss 1{|ω − θ| &gt; a} and objective (its ε, graph, domains, prior and input policy kept),
     * named after the base problem and the target.
     *
     * @throws IllegalArgumentException when the inputs or outputs are not integer ranges (an absolute error needs numbers)
     */
    public DiscreteProblem problem(DiscreteProblem base) {
        if (!(base.inputs() instanceof IntegerRange in) || !(base.outputs() instanceof IntegerRange out)) {
            throw new IllegalArgumentException("an abs-error target needs integer ranges of inputs and outputs; this problem has labels");
        }
        double[][] loss = new double[in.size()][out.size()];
        for (int i = 0; i < loss.length; i++) {
            long x = in.longValueAt(i);
            for (int j = 0; j < loss[i].length; j++) {
                loss[i][j] = exceeds(out.longValueAt(j), x) ? 1 : 0;
            }
        }
        // the problem's own name may describe its own loss and objective ("Bayes-optimal under absolute loss"), which the
        // target replaces: say so, so the report's problem line does not contradict its "matrix loss, minimax objective"
        String name = (base.name().isEmpty() ? "" : base.name() + "; ") + "designed for the target " + this + " (its loss 1{|error| > " + maxAbsError
                + "}, " + (scope == Scope.EVERY_INPUT ? "minimax" : "Bayes over the prior") + ")";
        return new DiscreteProblem(name, base.epsilon(), base.delta(), base.relation(), base.inputs(), base.outputs(), base.neighbours(),
                Loss.ofMatrix("matrix", loss), base.priorName(), base.prior(), objective(), base.inputPolicy(), base.defaultInput());
    }

    /** Whether |y − x| &gt; a, exactly (a difference beyond a long exceeds every a). */
    boolean exceeds(long y, long x) {
        try {
            long d = Math.subtractExact(y, x);
            return d == Long.MIN_VALUE || Math.abs(d) > maxAbsError;
        } catch (ArithmeticException e) {
            return true;
        }
    }

    @Override
    public String toString() {
        return "abs-error <= " + maxAbsError + " at " + confidence.movePointRight(2).stripTrailingZeros().toPlainString() + "% " + scope.text();
    }
}
