/**
 * Geometry for K-norm mechanisms: exact integer arithmetic on floating-point inputs
 * ({@link org.optimech.geometry.exact}), convex hulls in d dimensions with reduction to the affine
 * span ({@link org.optimech.geometry.hull}), and bodies with their volumes, second moments and
 * gauges ({@link org.optimech.geometry.body}).
 */
package org.optimech.geometry;
