/**
 * Convex hulls of finite point sets in d dimensions, with exact predicates so degenerate input
 * (cube vertices, coplanar and repeated points) is handled by construction, and lower-dimensional
 * sets reduced to their affine span (ERRATA K12) rather than rejected.
 */
package org.optimech.geometry.hull;
