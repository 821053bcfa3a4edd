/**
 * Linear programs and the backends that solve them. {@link org.optimech.designer.lp.LinearProgram} is a
 * sparse model whose entries may be intervals (so one model can state "the coefficient is e^ε" for
 * a certificate while the solver sees a double); {@link org.optimech.designer.lp.LpSolver} hides
 * OR-Tools (CLP, HiGHS, GLOP: native) and ojAlgo (pure Java, small problems). Nothing here trusts a
 * solver's status: {@link org.optimech.designer.lp.LpSolutionCheck} re-checks every primal solution
 * and {@link org.optimech.designer.lp.LagrangianBound} turns any dual vector into a rigorous lower
 * bound on the optimum.
 */
package org.optimech.designer.lp;
