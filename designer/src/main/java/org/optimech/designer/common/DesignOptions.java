package org.optimech.designer.common;

import java.time.Duration;
import java.util.Objects;
import org.optimech.designer.lp.LpSolver;

/**
 * How a discrete design runs.
 *
 * @param solver the LP backend
 * @param timeLimit wall-clock limit per LP solve
 * @param maxAttempts LP solves at growing margins before giving up on certification
 * @param residualTolerance largest relative constraint violation accepted from a solver
 * @param gapTolerance largest relative gap between the stored risk and the dual bound for optimality to count as certified
 * @param initialMargin first solve at ε − initialMargin (pure DP); grown adaptively when the exact
 *     certificate of the rounded table exceeds ε
 */
public record DesignOptions(LpSolver solver, Duration timeLimit, int maxAttempts, double residualTolerance, double gapTolerance, double initialMargin) {
    public DesignOptions {
        Objects.requireNonNull(solver, "solver");
        Objects.requireNonNull(timeLimit, "timeLimit");
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be >= 1. Provided value: " + maxAttempts);
        }
        if (!(residualTolerance > 0) || !(gapTolerance > 0)) {
            throw new IllegalArgumentException("tolerances must be > 0");
        }
        if (!(initialMargin > 0)) {
            throw new IllegalArgumentException("initialMargin must be > 0. Provided value: " + initialMargin);
        }
    }

    /**
     * One hour per solve, 4 solves, residuals to 1e-5 (CLP's honest solutions reach ~1e-6 relative;
     * garbage is orders of magnitude beyond), optimality certified to a relative gap of 1e-4, first
     * margin 1e-8.
     */
    public static DesignOptions defaults(LpSolver solver) {
        return new DesignOptions(solver, Duration.ofHours(1), 4, 1e-5, 1e-4, 1e-8);
    }

    public DesignOptions withTimeLimit(Duration limit) {
        return new DesignOptions(solver, limit, maxAttempts, residualTolerance, gapTolerance, initialMargin);
    }

    public DesignOptions withInitialMargin(double margin) {
        return new DesignOptions(solver, timeLimit, maxAttempts, residualTolerance, gapTolerance, margin);
    }
}
