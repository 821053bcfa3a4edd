package org.optimech.designer.lp;

/** How a solve ended. Only {@link #OPTIMAL} is a result; everything else is an error. */
public enum LpStatus {
    OPTIMAL, INFEASIBLE, UNBOUNDED, LIMIT_REACHED, FAILED
}
