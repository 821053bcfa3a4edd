/**
 * What repeated and combined releases cost: privacy loss distributions on a grid ({@link
 * org.optimech.runtime.accounting.PrivacyLossDistribution}), rounded up (pessimistic) and down (optimistic) so the two bracket
 * the truth; N releases of one spec composed exactly pair by pair from the stored numbers ({@link
 * org.optimech.runtime.accounting.Accountant#releases}); a dominating pair per spec for composing different mechanisms ({@link
 * org.optimech.runtime.accounting.Accountant#dominatingPair}); closed forms where they are exact (randomized response, the
 * Gaussian mechanism through μ-GDP).
 */
package org.optimech.runtime.accounting;
