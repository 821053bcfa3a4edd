/**
 * Where the samplers of vector specs are built, and only here: {@link org.optimech.runtime.sampling.Samplers} turns the
 * read-only geometry a checked {@code KNormSpec} or {@code GaussianProcessSpec} holds into a K-norm, lattice or Gaussian-process
 * sampler, honouring the caller's numerics policy. Internal: the module does not export it; its callers are the runtime's
 * mechanisms ({@code Mechanisms}) and the noise-only Monte Carlo of {@code runtime.accuracy} (an architecture test holds this).
 */
package org.optimech.runtime.sampling;
