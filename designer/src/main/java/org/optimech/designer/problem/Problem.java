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

    /**
     * A visitor for a question about one or two kinds: every kind it does not override answers {@link #otherwise}. A full
     * {@link Visitor} is for dispatch that must handle each kind (a new kind does not compile until it does).
     */
    abstract class Otherwise<R> implements Visitor<R> {
        /** The answer for a kind not overridden. */
        protected abstract R otherwise(Problem value);

        @Override
        public R visit(DiscreteProblem discrete) {
            return otherwise(discrete);
        }

        @Override
        public R visit(KNormProblem knorm) {
            return otherwise(knorm);
        }

        @Override
        public R visit(FunctionProblem function) {
            return otherwise(function);
        }
    }
}
