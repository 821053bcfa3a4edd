package org.optimech.geometry.hull;

/** Builds the convex hull of a finite point set. */
public interface HullBuilder {
    /**
     * @param points rows of equal length d ≥ 1, finite coordinates
     * @throws IllegalArgumentException for no points or malformed coordinates, naming the point
     */
    ConvexHull build(double[][] points);
}
