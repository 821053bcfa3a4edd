package org.optimech.designer.lp;

import java.time.Duration;

/** A linear programming backend. Implementations are stateless between solves. */
public interface LpSolver {
    /** The name used to select it: {@code clp}, {@code highs}, {@code glop}, {@code ojalgo}. */
    String name();

    /** Library and version, e.g. {@code OR-Tools 9.15 / Clp 1.17.10}. */
    String description();

    /** Whether its dual values are trusted to be a near-optimal dual (else they give a weak bound). */
    boolean dualsReliable();

    /** The largest number of variables this backend is trusted with. */
    long maxVariables();

    /** The largest number of rows this backend is trusted with. */
    default long maxRows() {
        return Long.MAX_VALUE;
    }

    /**
     * Solves a point model.
     *
     * @throws LpException if the backend fails outright; a solve that ends without an optimum
     *     returns a non-OPTIMAL status instead
     */
    LpSolution solve(LinearProgram lp, Duration timeLimit) throws LpException;

    /**
     * Solves a point model with the given primal and dual feasibility tolerance where the backend
     * accepts one (the OR-Tools backends do); others use their own. Accuracy only: every result is
     * checked or certified downstream.
     */
    default LpSolution solve(LinearProgram lp, Duration timeLimit, double tolerance) throws LpException {
        return solve(lp, timeLimit);
    }
}
