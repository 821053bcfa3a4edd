/**
 * Proof-carrying sensitivities: the bisection trees a designer stores with a polynomial statistic's K-norm spec, and the
 * small interval evaluator that re-checks them at load (JDK only). A tree covers the box of one record's variables (or
 * of a pair of records) by dyadic bisection; each leaf is bounded in outward-rounded interval arithmetic (the natural
 * extension and the mean-value form, a tangent-plane bound where the Hessian is certified negative definite), and
 * monotonicity reduces a box to a face. The designer builds its trees with the very bound functions of this package,
 * so the runtime reproduces every leaf's bound exactly and only has to compare the largest with the stored Δ.
 *
 * <p>The same holds for the optimality certificate of a structural (geometric plus remap) Bayes design
 * ({@link org.optimech.runtime.certificate.GeometricDual}): the designer computes its dual bound with these functions, and
 * the loader recomputes it from the spec's recorded problem and remap.
 */
package org.optimech.runtime.certificate;
