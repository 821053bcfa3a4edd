package org.optimech.designer.problem;

import java.math.BigDecimal;
import org.optimech.runtime.spec.Relation;

/**
 * A release problem, parsed and validated: the closed family of what optimech designs. {@link Problems} reads any of
 * them from JSON (dispatching on {@code kind}); {@code org.optimech.designer.Designers} designs any of them.
 */
public sealed interface Problem permits DiscreteProblem, KNormProblem, FunctionProblem {
    /** The problem's {@code kind} in JSON: {@code discrete}, {@code knorm} or {@code function}. */
    String kind();

    /** The name the user gave (may be empty). */
    String name();

    /** ε as the user wrote it (exact). */
    BigDecimal epsilon();

    /** Who counts as a neighbour. */
    Relation relation();

    /** Calls the visitor's method for this problem's kind. */
    <R> R accept(Visitor<R> visitor);

    /** One method per kind: how callers handle each (a new kind does not compile until every caller does). */
    interface Visitor<R> {
        R visit(DiscreteProblem discrete);

        R visit(KNormProblem knorm);

        R visit(FunctionProblem function);
    }
}
