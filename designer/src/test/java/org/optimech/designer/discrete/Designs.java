package org.optimech.designer.discrete;

import org.optimech.designer.common.Progress;
import org.optimech.designer.lp.LpSolver;
import org.optimech.designer.lp.OrToolsLpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.ProblemParser;
import org.optimech.designer.common.DesignException;
import org.optimech.designer.common.DesignOptions;

/** Test helper: designs with the default backend (CLP), silently. */
public final class Designs {
    private Designs() {
    }

    public static DiscreteDesign design(DiscreteProblem p) throws DesignException {
        return design(p, OrToolsLpSolver.clp());
    }

    public static DiscreteDesign design(DiscreteProblem p, LpSolver solver) throws DesignException {
        return new DiscreteDesigner(DesignOptions.defaults(solver), Progress.silent()).design(p);
    }

    public static DiscreteDesign design(String json) throws Exception {
        return design(ProblemParser.parse(json));
    }

    /** P(output j | input i) of the stored mechanism, as doubles. */
    public static double[][] probabilities(DiscreteDesign d) {
        double[][] p = new double[d.weights().rows()][d.weights().cols()];
        for (int i = 0; i < p.length; i++) {
            for (int j = 0; j < p[i].length; j++) {
                p[i][j] = d.weights().probability(i, j);
            }
        }
        return p;
    }
}
