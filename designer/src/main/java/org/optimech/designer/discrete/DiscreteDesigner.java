package org.optimech.designer.discrete;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.optimech.designer.common.Progress;
import org.optimech.designer.common.SolveProgress;
import org.optimech.designer.lp.LagrangianBound;
import org.optimech.designer.lp.LpException;
import org.optimech.designer.lp.LpSolution;
import org.optimech.designer.lp.LpSolutionCheck;
import org.optimech.designer.lp.LpSolver;
import org.optimech.designer.lp.LpStatus;
import org.optimech.designer.lp.OrToolsLpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;
import org.optimech.runtime.discrete.PrivacyChecks;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.exact.ExpBounds;
import org.optimech.designer.common.DesignException;
import org.optimech.designer.common.DesignOptions;

/**
 * Designs the Bayes- or minimax-optimal discrete mechanism by LP, then certifies what it stores.
 *
 * <ol>
 *   <li>Solve the LP at ε_s = ε − margin (δ_s = δ − margin for δ &gt; 0).
 *   <li>Refuse anything but OPTIMAL, and re-check the returned solution: row and bound residuals,
 *       objective recomputed.
 *   <li>Repair (log-Lipschitz majorant for pure DP; clamp and normalise for δ &gt; 0), round down to
 *       integers over 2^K, and certify ε (or δ) exactly from the integers. If the certificate
 *       exceeds the request, solve again with margin ← 2·(certified − solved) + rounding, up to
 *       {@link DesignOptions#maxAttempts()} times, then fail with the numbers.
 *   <li>Compute the stored mechanism's risk exactly and bound the optimum from below with the LP's
 *       duals evaluated on the model at the exact ε (a rigorous Lagrangian bound).
 * </ol>
 */
public final class DiscreteDesigner {
    /** Repairs of one LP solution at decreasing ε_r before solving again with a larger margin. */
    private static final int REPAIRS_PER_SOLVE = 4;
    /**
     * The first ceiling on the solve ε after every backend failed numerically at a larger one (e^20 ≈ 5e8); each further
     * failure halves it.
     */
    static final double HIGH_CEILING = 20;
    /** No ceiling goes below this: a failure there is not about the size of e^ε, and is reported. */
    static final double LOWEST_CEILING = 2;

    private final DesignOptions options;
    private final Progress progress;

    public DiscreteDesigner(DesignOptions options, Progress progress) {
        this.options = options;
        this.progress = progress;
    }

    public DiscreteDesign design(DiscreteProblem p) throws DesignException {
        long vars = DiscreteLp.variableCount(p);
        long rows = DiscreteLp.rowCount(p);
        LpSolver solver = algorithmFor(p, vars, options.solver());
        List<LpSolver> backends = fallbacks(solver);
        int backend = 0;
        if (vars > solver.maxVariables() || rows > solver.maxRows()) {
            String structural = org.optimech.designer.structural.StructuralDesigner.whyNotApplicable(p).isEmpty()
                    ? "; this problem suits the structural method (truncated geometric plus remap), which needs no LP" : "";
            throw new DesignException("problem too large for the " + solver.name() + " backend: the LP has " + vars + " variables and " + rows
                    + " rows (" + p.inputCount() + " inputs x " + p.outputCount() + " outputs, " + p.neighbours().edgeCount() + " neighbour pairs); "
                    + solver.name() + " is trusted with at most " + solver.maxVariables() + " variables"
                    + (solver.maxRows() == Long.MAX_VALUE ? "" : " and " + solver.maxRows() + " rows")
                    + (solver.name().equals("ojalgo") ? "; use the clp backend (OR-Tools)" : "") + structural);
        }
        if (vars > Integer.MAX_VALUE / 4 || rows > Integer.MAX_VALUE / 4) {
            throw new DesignException("problem too large: the LP has " + vars + " variables and " + rows + " rows");
        }
        double eps = p.epsilon().doubleValue();
        double delta = p.delta().doubleValue();
        boolean pure = p.isPure();
        // The problem the LP is solved for: p, or p at δ = 0 once δ proves too small for the backend to honour (a pure ε-DP
        // mechanism is (ε, δ)-DP for every δ; the lower bound is still taken for p).
        DiscreteProblem solved = p;
        // The last solution of an LP for p itself, with its backend: its duals bound p's optimum (those of p at δ = 0 would not).
        LpSolution boundSolution = null;
        LpSolver boundSolver = null;
        double margin = pure ? Math.min(options.initialMargin(), eps / 100) : 0;
        double deltaMargin = pure ? 0 : Math.max(delta * 1e-6, 1e-15);
        List<DiscreteDesign.Attempt> attempts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        double tBuild = 0;
        double tSolve = 0;
        double tCertify = 0;
        // The LP is solved at most at this ε: lowered when a backend fails numerically at a large ε (an ε′-DP mechanism with
        // ε′ < ε meets the request; the lower bound stays at the exact ε, so the report says what that costs).
        double ceiling = Double.POSITIVE_INFINITY;
        if (!pure && !(delta - deltaMargin > 0)) {
            pureInstead(p, "delta " + p.delta() + " is below the margin of " + deltaMargin + " an LP backend needs on it", notes);
            solved = p.withDelta(BigDecimal.ZERO);
            pure = true;
            margin = Math.min(options.initialMargin(), eps / 100);
            deltaMargin = delta;
        }

        for (int attempt = 1; attempt <= options.maxAttempts(); attempt++) {
            double epsS = Math.min(eps - margin, ceiling);
            double deltaS = delta - deltaMargin;
            if (!(epsS > 0) || deltaS < 0) {
                throw new DesignException("cannot certify: the margin needed (" + margin + " on epsilon, " + deltaMargin + " on delta) leaves nothing to solve at; attempts: " + attempts);
            }
            double expS = Math.exp(epsS);
            long t0 = System.nanoTime();
            DiscreteLp model = DiscreteLp.build(solved, expS, expS, deltaS, deltaS, false);
            tBuild += seconds(t0);
            progress.stage(String.format(java.util.Locale.ROOT, "LP: %d variables, %d rows, %d nonzeros (%d inputs x %d outputs, %s, %s)", model.lp().variables(), model.lp().rows(),
                    model.lp().nonzeros(), p.inputCount(), p.outputCount(), p.objective().json(), pure ? "epsilon_s = " + epsS : "delta_s = " + deltaS));
            LpSolution sol;
            long t1 = System.nanoTime();
            try {
                sol = SolveProgress.solve(progress, "LP (attempt " + attempt + ")", solver, model.lp(), options.timeLimit(), Double.NaN, 10);
            } catch (LpException e) {
                throw new DesignException(e.getMessage(), e);
            } catch (RuntimeException e) {
                throw new DesignException("solver " + solver.name() + " failed: " + e, e);
            }
            tSolve += seconds(t1);
            Optional<String> numericalFailure = sol.status() == LpStatus.OPTIMAL || sol.status() == LpStatus.LIMIT_REACHED ? Optional.empty()
                    : Optional.of("status " + sol.status() + " (" + sol.statusDetail() + ")");
            LpSolutionCheck.Report check = null;
            if (numericalFailure.isEmpty() && sol.status() == LpStatus.OPTIMAL) {
                check = LpSolutionCheck.check(model.lp(), sol);
                if (!check.acceptable(options.residualTolerance())) {
                    numericalFailure = Optional.of(String.format(java.util.Locale.ROOT, "an OPTIMAL solution whose rows are violated by %.3g", check.rowViolation()));
                }
            }
            if (numericalFailure.isPresent() && (backend + 1 < backends.size() || epsS > LOWEST_CEILING)) {
                String failed = label(solver) + " failed numerically at epsilon_s = " + epsS + " (" + numericalFailure.get() + ")";
                String note;
                if (backend + 1 < backends.size()) {
                    backend++;
                    note = failed + "; solved again with " + label(backends.get(backend));
                } else {
                    backend = 0;
                    ceiling = epsS > 2 * HIGH_CEILING ? HIGH_CEILING : Math.max(LOWEST_CEILING, epsS / 2);
                    note = (backends.size() > 1 ? "every backend (" + names(backends) + ") failed numerically at epsilon_s = " + epsS + ", the last with "
                            + numericalFailure.get() : failed) + ": likelihood ratios of e^" + Math.round(epsS) + " are beyond what the backends resolve here; solved again at epsilon_s = "
                            + ceiling + ", a mechanism that meets the request with room to spare (the lower bound is still taken at the requested epsilon)";
                }
                solver = backends.get(backend);
                notes.add(note);
                progress.stage(note);
                attempt--; // another backend or a lower ceiling is not a certification attempt
                continue;
            }
            if (sol.status() != LpStatus.OPTIMAL) {
                String hint = switch (sol.status()) {
                    case LIMIT_REACHED -> " (raise the time limit)";
                    // The uniform mechanism satisfies every constraint, so this LP is never infeasible
                    // or unbounded: such a status is a numerical failure of the backend.
                    case INFEASIBLE, UNBOUNDED -> "; this LP always has a solution (the uniform mechanism satisfies it), so the backend failed "
                            + "numerically: try another LP backend (clp, highs, glop)";
                    default -> "; try another LP backend (clp, highs, glop)";
                };
                throw new DesignException("solver " + solver.name() + " ended with status " + sol.status() + " (" + sol.statusDetail() + ") after "
                        + String.format(java.util.Locale.ROOT, "%.1f", sol.seconds()) + " s; only an optimal solution is a result" + hint);
            }
            if (solved == p) {
                boundSolution = sol;
                boundSolver = solver;
            }
            if (!check.acceptable(options.residualTolerance())) {
                throw new DesignException(String.format(java.util.Locale.ROOT, "solver %s reported OPTIMAL but its solution does not check out: worst row violation %.3g at %s, "
                        + "worst bound violation %.3g at %s, objective recomputed %.12g vs reported %.12g (tolerance %.1g); refusing it",
                        solver.name(), check.rowViolation(), check.worstRow() < 0 ? "-" : model.lp().rowName(check.worstRow()), check.boundViolation(),
                        check.worstVariable() < 0 ? "-" : model.lp().variableName(check.worstVariable()), check.objective(), check.reportedObjective(),
                        options.residualTolerance()));
            }
            long t2 = System.nanoTime();
            double[][] q = model.mechanism(sol.primal());
            WeightTable w;
            if (pure) {
                // Repair at ε_r = ε_s first; if the exact certificate of the rounded table overshoots
                // (ratio violations of the solver, ~ its primal tolerance, survive as row-sum
                // differences), repair the same solution again at a lower ε_r — milliseconds, where a
                // new solve costs seconds.
                double epsR = epsS;
                Certifier.EpsilonCertificate c = null;
                for (int repair = 0; repair < REPAIRS_PER_SOLVE && epsR > 0; repair++) {
                    w = Quantizer.fromLog(MechanismRepair.logMajorant(q, p.neighbours(), epsR));
                    c = Certifier.epsilon(w, p.neighbours(), p.epsilon());
                    boolean ok = c.epsilon().compareTo(p.epsilon()) <= 0;
                    attempts.add(new DiscreteDesign.Attempt(epsS, epsR, 0, c.epsilon(), BigDecimal.ZERO, ok));
                    progress.stage("repaired at epsilon " + epsR + ", rounded to 2^" + w.denominatorBits() + ", certified epsilon " + c.epsilon()
                            + (ok ? "" : ": above the request"));
                    if (ok) {
                        tCertify += seconds(t2);
                        return finish(p, solver, model, sol, boundSolver, boundSolution, w, c.epsilon(), BigDecimal.ZERO, attempts, notes, tBuild, tSolve, tCertify);
                    }
                    // the overshoot is mostly the row normalisation after the majorant, nearly independent of epsR: aim below the
                    // request by a growing multiple of it
                    epsR = epsR - (1.25 + repair) * Math.max(0, c.lnMaxRatio() - eps) - 1e-12 * Math.max(1, eps);
                }
                tCertify += seconds(t2);
                margin = Math.max(2 * margin, 2 * (c.lnMaxRatio() - epsS) + 1e-9);
                progress.stage("solving again with margin " + margin);
                continue;
            }
            w = Quantizer.fromProbabilities(MechanismRepair.clampAndNormalize(q), WeightTable.LONG_BITS);
            BigDecimal d = Certifier.delta(w, p.neighbours(), p.epsilon());
            boolean ok = d.compareTo(p.delta()) <= 0;
            attempts.add(new DiscreteDesign.Attempt(eps, eps, deltaS, p.epsilon(), d, ok));
            tCertify += seconds(t2);
            progress.stage("certified delta " + d + " at epsilon " + p.epsilon() + " from the stored integers" + (ok ? "" : ": above the request, solving again with a larger margin"));
            if (!ok) {
                deltaMargin = 2 * (d.doubleValue() - deltaS) + 1e-15;
                if (!(delta - deltaMargin > 0)) {
                    // The backend's primal tolerance (about 1e-7 absolute for CLP) is of the order of δ: its δ rows cannot be
                    // honoured. Design the pure ε-DP mechanism instead, whose ratios the repair makes exact.
                    pureInstead(p, "certified delta " + d + " exceeds the request by more than the LP can take back (its backend honours "
                            + "constraints to about 1e-7 absolute)", notes);
                    solved = p.withDelta(BigDecimal.ZERO);
                    pure = true;
                    margin = Math.min(options.initialMargin(), eps / 100);
                    deltaMargin = delta;
                    attempt--;
                }
                continue;
            }
            return finish(p, solver, model, sol, boundSolver, boundSolution, w, p.epsilon(), d, attempts, notes, tBuild, tSolve, tCertify);
        }
        throw new DesignException("could not certify the requested guarantee after " + options.maxAttempts() + " solves; attempts: " + attempts);
    }

    private DiscreteDesign finish(DiscreteProblem p, LpSolver s, DiscreteLp model, LpSolution sol, LpSolver boundSolver, LpSolution boundSolution, WeightTable w, BigDecimal certEps, BigDecimal certDelta,
            List<DiscreteDesign.Attempt> attempts, List<String> notes, double tBuild, double tSolve, double tCertify) {
        long t0 = System.nanoTime();
        BigDecimal[] risks = Risks.perInput(w, p.loss());
        BigDecimal objective = p.objective() == Objective.BAYES ? Risks.bayes(risks, p.prior()) : Risks.max(risks);
        DiscreteDesign.Certificate certificate = certificate(p, boundSolver, boundSolution, objective);
        double revealing = 0;
        if (!p.isPure()) {
            for (double v : PrivacyChecks.revealingMass(w)) {
                revealing = Math.max(revealing, v);
            }
        }
        tCertify += seconds(t0);
        return new DiscreteDesign(p, w, certEps, certDelta, List.of(risks), objective, sol.objectiveValue(), certificate,
                new DiscreteDesign.SolverRun(s.name(), s.description(), sol.status().toString(), sol.iterations(), sol.seconds()), attempts, notes,
                model.lp().variables(), model.lp().rows(), model.lp().nonzeros(), revealing, tBuild, tSolve, tCertify);
    }

    private DiscreteDesign.Certificate certificate(DiscreteProblem p, LpSolver solver, LpSolution sol, BigDecimal stored) {
        if (sol == null) {
            // the mechanism came from p at δ = 0: solve p's own LP once, for multipliers only (any multipliers give a valid bound)
            solver = options.solver();
            try {
                double e = Math.exp(p.epsilon().doubleValue());
                LpSolution own = SolveProgress.solve(progress, "LP at the requested (epsilon, delta), for the lower bound", solver,
                        DiscreteLp.build(p, e, e, p.delta().doubleValue(), p.delta().doubleValue(), false).lp(), options.timeLimit(), Double.NaN, 10);
                if (own.status() != LpStatus.OPTIMAL) {
                    return DiscreteDesign.Certificate.none("the LP for the requested (epsilon, delta) ended " + own.status() + " on " + solver.name()
                            + ", so there are no multipliers to bound the optimum with");
                }
                sol = own;
            } catch (LpException e) {
                return DiscreteDesign.Certificate.none("the LP for the requested (epsilon, delta) failed on " + solver.name() + ": " + e.getMessage());
            }
        }
        Optional<double[]> duals = sol.dualValues();
        if (duals.isEmpty()) {
            return DiscreteDesign.Certificate.none("the " + solver.name() + " backend returns no usable dual values");
        }
        double[] expEnclosure = expEnclosure(p.epsilon());
        double deltaLo = Doubles.floor(p.delta());
        double deltaHi = Doubles.ceil(p.delta());
        // directed-rounding arithmetic over the whole model: long on big tables, so it counts its steps (the model at the exact
        // epsilon, each polishing pass over the multipliers, the bound itself) with the time left at the rate so far
        int passes = 2;
        Progress.Task steps = progress.task("bounding the optimum from the duals at the exact epsilon (model, " + passes + " polishing passes, bound)",
                passes + 2);
        DualBound dual;
        try {
            DiscreteLp built = DiscreteLp.build(p, expEnclosure[0], expEnclosure[1], deltaLo, deltaHi, true);
            steps.advance(1, "model built");
            double[] polished = LagrangianBound.polish(built.lp(), duals.get(), passes, pass -> steps.advance(1, "polishing pass " + pass + " done"));
            dual = new DualBound(built, polished, LagrangianBound.lowerBound(built.lp(), polished));
            steps.advance(1, null);
        } finally {
            steps.done();
        }
        DiscreteLp exact = dual.exact();
        double[] multipliers = dual.multipliers();
        Optional<BigDecimal> bound = dual.bound();
        if (bound.isEmpty()) {
            return DiscreteDesign.Certificate.none("the " + solver.name() + " duals give no finite bound");
        }
        BigDecimal lb = bound.get().round(new MathContext(20, java.math.RoundingMode.FLOOR));
        BigDecimal gap = stored.subtract(lb);
        // The stored mechanism meets the request, so it is feasible for the exact model: a bound above
        // its risk means a bug in the bound or the risk, never a result.
        if (gap.signum() < 0 && gap.abs().compareTo(new BigDecimal("1e-12").multiply(BigDecimal.ONE.max(stored.abs()))) > 0) {
            throw new IllegalStateException("internal error: certified lower bound " + lb + " exceeds the stored risk " + stored);
        }
        double rel = gap.doubleValue() / Math.max(Math.abs(stored.doubleValue()), 1e-300);
        double[] prior = p.objective() == Objective.MINIMAX ? exact.epigraphPrior(multipliers) : null;
        boolean certified = rel <= options.gapTolerance();
        String reason = certified ? null
                : solver.dualsReliable()
                        ? String.format(java.util.Locale.ROOT, "the dual bound is %.3g below the stored risk (relative %.3g > %.1g): the solver's duals are too inexact to certify "
                                + "optimality (they grow like e^(epsilon*distance) and lose precision in double)", gap.doubleValue(), rel, options.gapTolerance())
                        : "the " + solver.name() + " backend's dual values are unreliable (see README); the bound they give is weak";
        return new DiscreteDesign.Certificate(certified ? "lagrangian-dual-bound" : "weak-lagrangian-bound", lb, gap.round(new MathContext(6, java.math.RoundingMode.CEILING)),
                rel, solver.name(), solver.dualsReliable(), prior, reason);
    }

    /** Records (and reports) that a δ too small for the LP backend is met by a pure ε-DP design. */
    private void pureInstead(DiscreteProblem p, String why, List<String> notes) {
        String note = why + ": designed a pure epsilon-DP mechanism, which meets (epsilon, delta = " + p.delta() + ")-DP as every pure one does; the "
                + "lower bound is still for the requested (epsilon, delta)";
        notes.add(note);
        progress.stage(note);
    }

    /**
     * CLP's barrier (interior point) instead of its dual simplex for a large pure-DP LP at ε ≤ {@value #BARRIER_MAX_EPSILON}:
     * measured on the counting query (Bayes, absolute loss, ε = 0.5, shared 2-core machine at load 5–11) CLP alone solved
     * n = 100 / 140 / 200 (10,201 / 19,881 / 40,401 variables) in 1.8 / 3.6 / 5.4 s against 3.3 / 6.1–6.8 / 13.7 s, and
     * the whole design at n = 200 took 17.7 s against 24.9 s with a tighter dual bound (relative gap 3.6e-6 against
     * 7.7e-6); at ε = 6 or 15 (n = 100) the dual simplex was twice as fast and its duals certified better (issue-23-s6
     * note). Only the choice of algorithm changes: the solution is
     * checked, repaired, rounded and certified as before, and a barrier failure falls back to the dual simplex.
     */
    static LpSolver algorithmFor(DiscreteProblem p, long variables, LpSolver chosen) {
        if (chosen instanceof OrToolsLpSolver clp && clp.name().equals("clp") && clp.algorithm() == OrToolsLpSolver.Algorithm.DUAL && p.isPure()
                && variables >= BARRIER_MIN_VARIABLES && p.epsilon().compareTo(BARRIER_MAX_EPSILON_DECIMAL) <= 0) {
            return OrToolsLpSolver.clp(OrToolsLpSolver.Algorithm.BARRIER);
        }
        return chosen;
    }

    /** Smallest LP (variables) given to CLP's barrier by {@link #algorithmFor}. */
    static final long BARRIER_MIN_VARIABLES = 10_000;
    /** Largest ε given to CLP's barrier by {@link #algorithmFor}. */
    static final double BARRIER_MAX_EPSILON = 1.0;
    private static final BigDecimal BARRIER_MAX_EPSILON_DECIMAL = BigDecimal.valueOf(BARRIER_MAX_EPSILON);

    /**
     * The backends tried in turn after a numerical failure: the chosen one (then CLP's dual simplex after its barrier), then
     * the other OR-Tools backends where it is one.
     */
    private static List<LpSolver> fallbacks(LpSolver chosen) {
        List<LpSolver> list = new ArrayList<>(List.of(chosen));
        if (chosen instanceof OrToolsLpSolver o && o.algorithm() == OrToolsLpSolver.Algorithm.BARRIER) {
            list.add(OrToolsLpSolver.clp());
        }
        if (chosen instanceof OrToolsLpSolver) {
            for (LpSolver other : List.of(OrToolsLpSolver.clp(), OrToolsLpSolver.highs(), OrToolsLpSolver.glop())) {
                if (!other.name().equals(chosen.name())) {
                    list.add(other);
                }
            }
        }
        return list;
    }

    /** A backend's name, with its algorithm where {@link #algorithmFor} chose the barrier. */
    private static String label(LpSolver s) {
        return s instanceof OrToolsLpSolver o && o.algorithm() == OrToolsLpSolver.Algorithm.BARRIER ? s.name() + " (barrier)" : s.name();
    }

    private static String names(List<LpSolver> solvers) {
        return String.join(", ", solvers.stream().map(LpSolver::name).toList());
    }

    /** Doubles enclosing e^ε, from the exact rational bounds. */
    static double[] expEnclosure(BigDecimal epsilon) {
        BigDecimal scale = new BigDecimal(java.math.BigInteger.ONE.shiftLeft(ExpBounds.FRACTION_BITS));
        BigDecimal lo = new BigDecimal(ExpBounds.lowerNumerator(epsilon)).divide(scale);
        BigDecimal hi = new BigDecimal(ExpBounds.upperNumerator(epsilon)).divide(scale);
        return new double[] {Doubles.floor(lo), Doubles.ceil(hi)};
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    /** The exact model, its polished multipliers and the bound they give (the dual-bound step's result). */
    private record DualBound(DiscreteLp exact, double[] multipliers, Optional<BigDecimal> bound) {
    }
}
