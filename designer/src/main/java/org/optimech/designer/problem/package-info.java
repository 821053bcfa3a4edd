/**
 * Release problems, the sealed {@link org.optimech.designer.problem.Problem} family, parsed once and validated: the
 * discrete kind (a query with finitely many values, a neighbour graph, ε and δ, a loss, a prior, an objective), the
 * K-norm kind (a vector statistic, candidate bodies, a criterion) and the function kind (a kernel density estimate).
 * {@link org.optimech.designer.problem.Problems} reads any of them. Parsers only parse: every rejection names the field
 * by JSON Pointer and the value that was provided, and no geometry is built here.
 */
package org.optimech.designer.problem;
