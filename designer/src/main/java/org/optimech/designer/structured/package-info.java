/**
 * K-norm design for structured statistics (bounded contributions, counts, rankings, ordered counts; Joseph–Yu 2023,
 * Joseph–Ribero–Yu 2025): each candidate body's certified sensitivity, covariance trace, worst direction and volume in closed
 * form at any dimension (Eulerian-number slices of the cube, a facet recursion for the permutohedron), the pick under the
 * criterion, the elliptic Gaussian alternative for (ε, δ), the comparison with per-coordinate Laplace, and the spec with the
 * structured body.
 */
package org.optimech.designer.structured;
