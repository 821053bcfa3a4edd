package org.optimech.designer.sweep;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.optimech.designer.problem.DiscreteProblem;

/**
 * The ε values of a sweep, as exact decimals: {@code FROM:TO:STEP} (FROM, FROM+STEP, … up to and
 * including TO, computed in decimal arithmetic so 0.1:1:0.1 ends exactly at 1) or a comma list.
 */
public record EpsilonGrid(List<BigDecimal> values) {
    /** Most points in one sweep: each is a full design. */
    public static final int MAX_POINTS = 1000;

    public EpsilonGrid {
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("epsilon grid must have at least one value");
        }
        if (values.size() > MAX_POINTS) {
            throw new IllegalArgumentException("epsilon grid must have at most " + MAX_POINTS + " values. Provided value: " + values.size() + " values");
        }
        for (BigDecimal e : values) {
            if (e.signum() <= 0 || e.compareTo(DiscreteProblem.MAX_EPSILON) > 0) {
                throw new IllegalArgumentException("epsilon must be > 0 and at most " + DiscreteProblem.MAX_EPSILON + ". Provided value: " + e.toPlainString());
            }
        }
    }

    /**
     * Parses {@code FROM:TO:STEP} or {@code E1,E2,…}.
     *
     * @throws IllegalArgumentException naming the part and the value
     */
    public static EpsilonGrid parse(String text) {
        String t = text.strip();
        if (t.contains(":")) {
            String[] parts = t.split(":", -1);
            if (parts.length != 3) {
                throw new IllegalArgumentException("epsilon must be FROM:TO:STEP or a comma list. Provided value: " + text);
            }
            BigDecimal from = decimal(parts[0], "FROM");
            BigDecimal to = decimal(parts[1], "TO");
            BigDecimal step = decimal(parts[2], "STEP");
            if (step.signum() <= 0) {
                throw new IllegalArgumentException("epsilon STEP must be > 0. Provided value: " + parts[2]);
            }
            if (to.compareTo(from) < 0) {
                throw new IllegalArgumentException("epsilon TO must be >= FROM. Provided value: " + text);
            }
            BigDecimal count = to.subtract(from).divideToIntegralValue(step);
            if (count.compareTo(BigDecimal.valueOf(MAX_POINTS)) >= 0) {
                throw new IllegalArgumentException("epsilon grid must have at most " + MAX_POINTS + " values. Provided value: " + text
                        + " (" + count.add(BigDecimal.ONE).toPlainString() + " values)");
            }
            List<BigDecimal> values = new ArrayList<>();
            for (BigDecimal e = from; e.compareTo(to) <= 0; e = e.add(step)) {
                values.add(e.stripTrailingZeros());
            }
            return new EpsilonGrid(values);
        }
        List<BigDecimal> values = new ArrayList<>();
        for (String part : t.split(",", -1)) {
            values.add(decimal(part, "value").stripTrailingZeros());
        }
        return new EpsilonGrid(values);
    }

    private static BigDecimal decimal(String s, String what) {
        try {
            return new BigDecimal(s.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("epsilon " + what + " must be a decimal number. Provided value: \"" + s + "\"", e);
        }
    }
}
