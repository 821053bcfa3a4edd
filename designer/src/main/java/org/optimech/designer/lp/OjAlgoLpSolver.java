package org.optimech.designer.lp;

import java.time.Duration;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * ojAlgo's pure-Java LP solver: the fallback where the OR-Tools native library cannot load. Trusted
 * with small models only: docs/DESIGN.md §4 measured OPTIMAL-with-garbage answers on minimax LPs from
 * n ≈ 30 and stalls near n = 70 (the designer's residual check catches the garbage either way). Its
 * dual values are not used: presolve folds rows into bounds and drops their multipliers, and the
 * multipliers it does report did not match the true duals on a two-variable test.
 */
public final class OjAlgoLpSolver implements LpSolver {
    /** Measured limit (see README, "LP backends"): beyond it ojAlgo is slow or wrong. */
    public static final long MAX_VARIABLES = 1_000;

    @Override
    public String name() {
        return "ojalgo";
    }

    @Override
    public String description() {
        String v = ExpressionsBasedModel.class.getPackage().getImplementationVersion();
        return "ojAlgo " + (v == null ? "57.1.0" : v);
    }

    @Override
    public boolean dualsReliable() {
        return false;
    }

    @Override
    public long maxVariables() {
        return MAX_VARIABLES;
    }

    @Override
    public LpSolution solve(LinearProgram lp, Duration timeLimit) throws LpException {
        if (!lp.isPoint()) {
            throw new IllegalArgumentException("a solver needs a point model");
        }
        long start = System.nanoTime();
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        if (timeLimit != null) {
            model.options.time_abort = Math.max(1, timeLimit.toMillis());
        }
        int n = lp.variables();
        Variable[] x = new Variable[n];
        for (int j = 0; j < n; j++) {
            Variable v = model.addVariable("x" + j);
            if (lp.variableLower(j) > Double.NEGATIVE_INFINITY) {
                v.lower(lp.variableLower(j));
            }
            if (lp.variableUpper(j) < Double.POSITIVE_INFINITY) {
                v.upper(lp.variableUpper(j));
            }
            if (lp.costLo(j) != 0.0) {
                v.weight(lp.costLo(j));
            }
            x[j] = v;
        }
        for (int i = 0; i < lp.rows(); i++) {
            Expression e = model.addExpression("r" + i);
            if (lp.rowLowerLo(i) > Double.NEGATIVE_INFINITY) {
                e.lower(lp.rowLowerLo(i));
            }
            if (lp.rowUpperLo(i) < Double.POSITIVE_INFINITY) {
                e.upper(lp.rowUpperLo(i));
            }
            for (int k = lp.rowStart(i); k < lp.rowStart(i + 1); k++) {
                e.set(x[lp.column(k)], lp.coefLo(k));
            }
        }
        Optimisation.Result r;
        try {
            r = model.minimise();
        } catch (RuntimeException e) {
            throw new LpException("ojAlgo failed: " + e, e);
        }
        Optimisation.State state = r.getState();
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!state.isOptimal()) {
            LpStatus s = state == Optimisation.State.INFEASIBLE ? LpStatus.INFEASIBLE
                    : state == Optimisation.State.UNBOUNDED ? LpStatus.UNBOUNDED
                    : state.isFeasible() || state == Optimisation.State.APPROXIMATE ? LpStatus.LIMIT_REACHED : LpStatus.FAILED;
            return new LpSolution(s, state.toString(), null, null, Double.NaN, 0, seconds);
        }
        double[] primal = new double[n];
        for (int j = 0; j < n; j++) {
            primal[j] = r.doubleValue(j);
        }
        return new LpSolution(LpStatus.OPTIMAL, state.toString(), primal, null, r.getValue(), 0, seconds);
    }
}
