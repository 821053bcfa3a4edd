/**
 * Optimal discrete mechanisms: the LP of ERRATA D1–D3, the repair that makes a solver's matrix
 * exactly private (log-Lipschitz majorant, directed rounding to integers over 2^K), exact
 * certification of ε (or δ), the exact risk of the stored mechanism, and the Lagrangian certificate
 * of its optimality.
 */
package org.optimech.designer.discrete;
