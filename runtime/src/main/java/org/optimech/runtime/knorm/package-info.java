/**
 * K-norm mechanisms for vector statistics, sampled in floating point (idealized numerics: exact in
 * distribution over the reals, but a double-valued output can leak through its low bits, Mironov
 * 2012; specs that use these say {@code numerics: idealized}). The noise is V = r·U with one
 * r ~ Gamma(d+1, Δ/ε) per release and U uniform inside the unit body (ERRATA K1), so
 * ‖V‖_K ~ Gamma(d, Δ/ε).
 */
package org.optimech.runtime.knorm;
