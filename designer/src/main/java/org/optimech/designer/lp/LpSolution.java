package org.optimech.designer.lp;

import java.util.Optional;

/**
 * What a backend returned: status, primal values, dual values (OR-Tools convention for a
 * minimisation: ≥ 0 on a binding lower row bound, ≤ 0 on a binding upper one) when the backend has
 * them, its own objective value, and effort.
 */
public record LpSolution(
        LpStatus status,
        String statusDetail,
        double[] primal,
        double[] duals,
        double objectiveValue,
        long iterations,
        double seconds) {

    public LpSolution {
        primal = primal == null ? null : primal.clone();
        duals = duals == null ? null : duals.clone();
    }

    @Override
    public double[] primal() {
        return primal == null ? null : primal.clone();
    }

    /** The dual values, if the backend returned them. */
    public Optional<double[]> dualValues() {
        return Optional.ofNullable(duals).map(double[]::clone);
    }

    @Override
    public double[] duals() {
        return duals == null ? null : duals.clone();
    }

    /** Primal value j, without copying. */
    public double x(int j) {
        return primal[j];
    }
}
