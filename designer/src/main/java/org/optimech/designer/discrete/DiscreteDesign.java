package org.optimech.designer.discrete;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.runtime.discrete.WeightTable;

/**
 * The outcome of a discrete design: the stored integer mechanism, its certified guarantee, its exact
 * risk, the optimality certificate, and how it was obtained.
 *
 * @param problem what was designed
 * @param weights the mechanism as stored
 * @param certifiedEpsilon an ε the weights provably achieve (≤ the request)
 * @param certifiedDelta the δ the weights provably achieve at {@code certifiedEpsilon} (≤ the request)
 * @param riskPerInput expected loss of the stored mechanism for each input, exact
 * @param objectiveValue Bayes or minimax risk of the stored mechanism, exact
 * @param solverObjective the backend's own objective value (of its unrepaired solution)
 * @param certificate the optimality certificate
 * @param solver backend facts: name, description, status, iterations, seconds
 * @param attempts one entry per solve: the margin used and what it certified
 * @param notes what a reader of the report must know about how the solution was reached (a lowered solve ε), possibly empty
 * @param lpVariables size of the LP
 * @param lpRows size of the LP
 * @param lpNonzeros size of the LP
 * @param maxRevealingMass for δ &gt; 0: the largest mass an input puts on outputs only it produces
 * @param secondsBuild wall time building models
 * @param secondsSolve wall time in the backend
 * @param secondsCertify wall time repairing, rounding, certifying
 */
public record DiscreteDesign(
        DiscreteProblem problem,
        WeightTable weights,
        BigDecimal certifiedEpsilon,
        BigDecimal certifiedDelta,
        List<BigDecimal> riskPerInput,
        BigDecimal objectiveValue,
        double solverObjective,
        Certificate certificate,
        SolverRun solver,
        List<Attempt> attempts,
        List<String> notes,
        long lpVariables,
        long lpRows,
        long lpNonzeros,
        double maxRevealingMass,
        double secondsBuild,
        double secondsSolve,
        double secondsCertify) {

    public DiscreteDesign {
        Objects.requireNonNull(problem);
        Objects.requireNonNull(weights);
        riskPerInput = List.copyOf(riskPerInput);
        attempts = List.copyOf(attempts);
        notes = List.copyOf(notes);
    }

    /**
     * Evidence of optimality. {@code kind} is {@code lagrangian-dual-bound} when the rigorous lower
     * bound on the optimal risk (over every mechanism meeting the request) is within the gap
     * tolerance of the stored risk — optimality certified; {@code weak-lagrangian-bound} when a bound
     * exists but is too loose to certify; {@code none} without dual values. {@code reason} explains
     * anything short of certified.
     *
     * @param leastFavourablePrior for minimax: the normalised epigraph multipliers (the bound is the
     *     Bayes bound under this prior); else null
     */
    public record Certificate(String kind, BigDecimal lowerBound, BigDecimal gap, double relativeGap, String dualSource, boolean dualsTrusted,
            double[] leastFavourablePrior, String reason) {
        public Certificate {
            leastFavourablePrior = leastFavourablePrior == null ? null : leastFavourablePrior.clone();
        }

        @Override
        public double[] leastFavourablePrior() {
            return leastFavourablePrior == null ? null : leastFavourablePrior.clone();
        }

        /** Whether optimality is certified (to the relative gap). */
        public boolean certified() {
            return kind.equals("lagrangian-dual-bound");
        }

        static Certificate none(String reason) {
            return new Certificate("none", null, null, Double.NaN, null, false, null, reason);
        }
    }

    /** The backend run that produced the final solution. */
    public record SolverRun(String name, String description, String status, long iterations, double seconds) {
    }

    /**
     * One repair of one solve: ε and δ the LP was solved at, ε the majorant was taken at, and the
     * guarantee the rounded table certified.
     */
    public record Attempt(double solveEpsilon, double repairEpsilon, double solveDelta, BigDecimal certifiedEpsilon, BigDecimal certifiedDelta, boolean accepted) {
    }
}
