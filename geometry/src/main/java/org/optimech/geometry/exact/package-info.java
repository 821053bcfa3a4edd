/**
 * Exact arithmetic for geometric predicates. Every finite double is m·2^e exactly, so a point set
 * scaled by a common power of two is a set of integer vectors, on which orientation tests,
 * determinants, ranks and volumes are computed without rounding (fraction-free Bareiss elimination
 * on {@link java.math.BigInteger}).
 */
package org.optimech.geometry.exact;
