/**
 * K-norm mechanism design for vector statistics: candidate bodies (ℓ1, ℓ2, ℓ∞ balls and the convex
 * hull of the adjacent output space), their certified sensitivities, volumes and noise covariances
 * Cov(V) = (d+1)(d+2)(Δ/ε)²·M(K), containment relations, and the pick under a criterion.
 */
package org.optimech.designer.knorm;
