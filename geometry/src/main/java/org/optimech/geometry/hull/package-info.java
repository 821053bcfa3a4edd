/**
 * Convex hulls of finite point sets in d dimensions, with exact predicates so degenerate input
 * (cube vertices, coplanar and repeated points) is handled by construction, and lower-dimensional
 * sets reduced to their affine span (ERRATA K12) rather than rejected. {@link org.optimech.geometry.hull.QuickHull}
 * filters: a floating-point orientation test with a proven error bound decides almost every case, integer
 * arithmetic on the input's dyadic grid the rest; {@link org.optimech.geometry.hull.ExactQuickHull}, all in
 * integers, is the reference it is tested and benchmarked against.
 */
package org.optimech.geometry.hull;
