package org.optimech.designer.sweep;

import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;

/**
 * Closed-form reference risks for counting queries under absolute loss, on unbounded counts:
 * the Laplace mechanism's E|Z| = 1/ε and the (untruncated) two-sided geometric mechanism's
 * E|Z| = 2e^{−ε}/(1 − e^{−2ε}) = 1/sinh ε. An optimal design on a bounded range does at least as
 * well as the geometric, so 1/sinh ε is an upper reference, and the gap to 1/ε shows what
 * discreteness buys at large ε.
 */
public final class ReferenceCurves {
    private ReferenceCurves() {
    }

    /** Whether the references describe the problem: integer ranges, the path graph and absolute loss. */
    public static boolean applies(DiscreteProblem p) {
        return p.inputs() instanceof IntegerRange && p.outputs() instanceof IntegerRange && p.neighbours().kind() == NeighbourGraph.Kind.PATH
                && p.loss().name().equals("absolute");
    }

    /** 1/ε: mean absolute error of Laplace noise of scale 1/ε. */
    public static double laplace(double epsilon) {
        return 1 / epsilon;
    }

    /** 1/sinh ε: mean absolute error of two-sided geometric noise with ratio e^{−ε}. */
    public static double geometric(double epsilon) {
        return 1 / Math.sinh(epsilon);
    }
}
