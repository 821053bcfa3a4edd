/**
 * Exact noise samplers: integer and rational arithmetic only, so the distribution of the bits
 * returned is exactly the one the privacy proof assumes (no floating-point leak, Mironov 2012).
 *
 * <p>{@link org.optimech.runtime.noise.ExactBernoulli} draws Bernoulli(p/q) and Bernoulli(e^{-γ})
 * for rational p/q and γ; {@link org.optimech.runtime.noise.DiscreteLaplace} draws the two-sided
 * geometric distribution P(z) ∝ e^{-ε|z|} for a rational ε (Canonne, Kamath, Steinke 2020,
 * Algorithms 1 and 2), built on {@link org.optimech.runtime.noise.Geometric}, the one-sided geometric
 * for big rational rates that the lattice K-norm samplers also use; {@link
 * org.optimech.runtime.noise.DiscreteGaussian} is their Algorithm 3. {@link
 * org.optimech.runtime.noise.TabulatedLaw} is the entropy-optimal Knuth–Yao walker of any law given by certified
 * enclosures ({@link org.optimech.runtime.noise.ExactPmf}, as the geometric and Gaussian walkers are): the lattice
 * sampler's box radius uses it.
 */
package org.optimech.runtime.noise;
