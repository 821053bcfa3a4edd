package org.optimech.designer;

import java.util.Optional;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.structural.StructuralDesigner;
import org.optimech.runtime.json.JsonName;

/**
 * How a discrete problem is designed: the full LP, the structural shortcut, whichever applies, or one of the classical
 * mechanisms compiled to a certified table (not optimised).
 */
public enum DesignMethod implements JsonName {
    /** Structural where it applies (Bayes and minimax), else the LP. */
    AUTO("auto"),
    /** The full LP. */
    LP("lp"),
    /** Truncated geometric plus an optimal remap (refused where it does not apply). */
    STRUCTURAL("structural"),
    /** The exponential mechanism with the problem's loss as the score (pure DP, not optimised). */
    EXPONENTIAL("exponential"),
    /** k-ary randomized response on the problem's inputs (local DP, not optimised). */
    RANDOMIZED_RESPONSE("randomized-response");

    private final String json;

    DesignMethod(String json) {
        this.json = json;
    }

    @Override
    public String json() {
        return json;
    }

    /** Whether this method optimises (an LP or the structural solution) rather than compiling a classical mechanism. */
    public boolean optimises() {
        return this == AUTO || this == LP || this == STRUCTURAL;
    }

    /**
     * The path taken for one problem, with the sentence saying why.
     *
     * @param method the resolved method: never {@link #AUTO}
     */
    public record Choice(DesignMethod method, String explanation) {
        /** Whether the structural path was chosen. */
        public boolean structural() {
            return method == STRUCTURAL;
        }
    }

    /** The structural method was asked for a problem it does not apply to; {@link #reason()} says why. */
    public static final class NotApplicableException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final String reason;

        NotApplicableException(String reason) {
            super("the structural method does not apply: " + reason);
            this.reason = reason;
        }

        /** Why, without the method's name. */
        public String reason() {
            return reason;
        }
    }

    /**
     * Parses a method's JSON name.
     *
     * @throws IllegalArgumentException naming the allowed values
     */
    public static DesignMethod parse(String name) {
        return JsonName.parse(DesignMethod.class, name);
    }

    /**
     * Resolves this method for a problem.
     *
     * @throws NotApplicableException for {@link #STRUCTURAL} on a problem it does not apply to
     */
    public Choice choose(DiscreteProblem problem) {
        Optional<String> why = StructuralDesigner.whyNotApplicable(problem);
        switch (this) {
            case AUTO:
                return why.isEmpty() ? new Choice(STRUCTURAL, "method structural (auto: path graph, integer ranges, delta 0, monotone loss)")
                        : new Choice(LP, "method lp (auto: the structural method does not apply: " + why.get() + ")");
            case STRUCTURAL:
                if (why.isPresent()) {
                    throw new NotApplicableException(why.get());
                }
                return new Choice(STRUCTURAL, "method structural (as requested)");
            default:
                return new Choice(this, "method " + json + " (as requested)");
        }
    }
}
