/**
 * Exact arithmetic behind every privacy number, shared by the runtime and the geometry module: strict decimal parsing,
 * certified rational bounds on {@code e^x}, doubles as exact dyadic integers ({@link org.optimech.runtime.exact.Dyadic},
 * {@link org.optimech.runtime.exact.ScaledPoints}) and exact integer linear algebra
 * ({@link org.optimech.runtime.exact.IntegerMatrices}). Privacy checks never use a floating-point value of {@code e^ε}: a
 * ratio is accepted only against a rational that is provably at most {@code e^ε}.
 */
package org.optimech.runtime.exact;
