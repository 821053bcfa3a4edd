package org.optimech.designer.lp;

/**
 * Re-checks a primal solution against its model instead of trusting the backend's status: the worst
 * row and bound violations, each relative to the size of the terms involved, and the objective
 * recomputed from the primal values.
 */
public final class LpSolutionCheck {
    private LpSolutionCheck() {
    }

    /** The worst violations found and where. */
    public record Report(double rowViolation, int worstRow, double boundViolation, int worstVariable, double objective, double reportedObjective) {
        /** Relative difference between the recomputed and the reported objective. */
        public double objectiveMismatch() {
            return Math.abs(objective - reportedObjective) / (1.0 + Math.abs(objective));
        }

        public boolean acceptable(double tolerance) {
            return rowViolation <= tolerance && boundViolation <= tolerance && objectiveMismatch() <= tolerance;
        }
    }

    public static Report check(LinearProgram lp, LpSolution s) {
        double worstRow = 0;
        int worstRowIndex = -1;
        for (int i = 0; i < lp.rows(); i++) {
            double activity = 0;
            double scale = 1;
            for (int k = lp.rowStart(i); k < lp.rowStart(i + 1); k++) {
                double t = lp.coefLo(k) * s.x(lp.column(k));
                activity += t;
                scale += Math.abs(t);
            }
            double v = Math.max(lp.rowLowerLo(i) - activity, activity - lp.rowUpperLo(i));
            v = v / scale;
            if (v > worstRow || Double.isNaN(v)) {
                worstRow = Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
                worstRowIndex = i;
            }
        }
        double worstBound = 0;
        int worstVar = -1;
        double objective = 0;
        for (int j = 0; j < lp.variables(); j++) {
            double x = s.x(j);
            double v = Math.max(lp.variableLower(j) - x, x - lp.variableUpper(j)) / (1 + Math.abs(x));
            if (v > worstBound || Double.isNaN(v)) {
                worstBound = Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
                worstVar = j;
            }
            objective += lp.costLo(j) * x;
        }
        return new Report(worstRow, worstRowIndex, worstBound, worstVar, objective, s.objectiveValue());
    }
}
