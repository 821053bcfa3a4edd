/**
 * The exact discretized K-norm mechanism: a statistic rounded to the lattice 2^e·ℤ^d plus lattice noise
 * P(z) ∝ exp(−r‖z‖_K), sampled with integer and rational arithmetic only, for ℓ1 and ℓ∞ balls and bodies
 * with rational facets. {@link org.optimech.runtime.lattice.LatticeGauge} evaluates the gauge exactly and
 * gives the rounding term the sensitivity must include; {@link org.optimech.runtime.lattice.LatticeSampler}
 * samples. The ε-DP proof and the samplers' correctness are in {@code docs/LATTICE_KNORM.md}.
 */
package org.optimech.runtime.lattice;
