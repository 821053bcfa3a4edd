/**
 * Geometry for K-norm mechanisms, on the runtime's exact arithmetic ({@code org.optimech.runtime.exact}): adjacent output
 * spaces ({@link org.optimech.geometry.adjacent}), support functions of curved ones ({@link org.optimech.geometry.support}), convex hulls in d dimensions with reduction to the affine
 * span ({@link org.optimech.geometry.hull}), and bodies with their volumes, second moments and
 * gauges ({@code org.optimech.geometry.body}).
 */
package org.optimech.geometry;
