/**
 * The structural discrete designer: for a counting-type query (integer range, path neighbour graph,
 * pure DP) and a loss non-decreasing in |θ − ω| on each side of θ, the truncated geometric mechanism
 * followed by an optimal remap is optimal (Ghosh, Roughgarden, Sundararajan 2009 for Bayes;
 * Gupte, Sundararajan 2010 for minimax, with a randomized remap). Designs cost O(n log n) to O(n²)
 * instead of an LP with (n+1)² variables, and are stored as structure (kind {@code geometric-remap}).
 *
 * <p>Optimality is not taken on trust from the theorems: {@link org.optimech.designer.structural.GeometricDual}
 * builds an explicit dual solution of the full LP and verifies it with directed rounding, which
 * bounds the risk of every ε-DP mechanism from below; minimax designs carry the least-favourable
 * prior whose Bayes bound closes the gap.
 */
package org.optimech.designer.structural;
