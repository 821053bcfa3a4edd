package org.optimech.designer;

import java.util.Locale;
import java.util.Optional;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.structural.StructuralDesigner;

/** How a discrete problem is designed: the full LP, the structural shortcut, or whichever applies. */
public enum DesignMethod {
    /** Structural where it applies (Bayes and minimax), else the LP. */
    AUTO,
    /** The full LP. */
    LP,
    /** Truncated geometric plus an optimal remap (refused where it does not apply). */
    STRUCTURAL;

    /** The path taken for one problem, with the sentence saying why. */
    public record Choice(boolean structural, String explanation) {
    }

    /** Parses {@code auto}, {@code lp} or {@code structural}. */
    public static DesignMethod parse(String name) {
        for (DesignMethod m : values()) {
            if (m.json().equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("method must be lp, structural or auto. Provided value: " + name);
    }

    /** The lower-case name used on the command line and in specs. */
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Resolves this method for a problem.
     *
     * @throws IllegalArgumentException for {@link #STRUCTURAL} on a problem it does not apply to (the message says why)
     */
    public Choice choose(DiscreteProblem problem) {
        Optional<String> why = StructuralDesigner.whyNotApplicable(problem);
        switch (this) {
            case LP:
                return new Choice(false, "method lp (as requested)");
            case STRUCTURAL:
                if (why.isPresent()) {
                    throw new IllegalArgumentException(why.get());
                }
                return new Choice(true, "method structural (as requested)");
            default:
                return why.isEmpty() ? new Choice(true, "method structural (auto: path graph, integer ranges, delta 0, monotone loss)")
                        : new Choice(false, "method lp (auto: the structural method does not apply: " + why.get() + ")");
        }
    }
}
