package org.optimech.geometry.body;

import java.util.List;
import org.optimech.geometry.hull.ConvexHull;

/**
 * A convex polytope in V-form (its vertices) and H-form (normal·y ≤ offset per facet), from a
 * {@link ConvexHull}, in the hull's reduced coordinates. The H-form offsets are rounded outward, so
 * every vertex satisfies them in real arithmetic.
 */
public final class Polytope {
    private final ConvexHull hull;
    private final double[][] vertices;
    private final double[][] normals;
    private final double[] offsets;

    private Polytope(ConvexHull hull) {
        this.hull = hull;
        this.vertices = hull.vertexCoordinates();
        List<ConvexHull.Facet> f = hull.facets();
        this.normals = new double[f.size()][];
        this.offsets = new double[f.size()];
        for (int i = 0; i < f.size(); i++) {
            normals[i] = f.get(i).normal();
            offsets[i] = f.get(i).offset();
        }
    }

    /** @throws IllegalArgumentException for a hull of dimension 0 */
    public static Polytope of(ConvexHull hull) {
        if (hull.dimension() == 0) {
            throw new IllegalArgumentException("a single point is not a body");
        }
        return new Polytope(hull);
    }

    public ConvexHull hull() {
        return hull;
    }

    public int dimension() {
        return hull.dimension();
    }

    public double[][] vertices() {
        double[][] v = new double[vertices.length][];
        for (int i = 0; i < v.length; i++) {
            v[i] = vertices[i].clone();
        }
        return v;
    }

    public int facetCount() {
        return offsets.length;
    }

    /** h(a) = max over vertices of a·v (floating point). */
    public double support(double[] a) {
        requireLength(a);
        double best = Double.NEGATIVE_INFINITY;
        for (double[] v : vertices) {
            double s = 0;
            for (int j = 0; j < a.length; j++) {
                s += a[j] * v[j];
            }
            best = Math.max(best, s);
        }
        return best;
    }

    /** Whether normal·y ≤ offset for every facet (floating point). */
    public boolean contains(double[] y) {
        requireLength(y);
        for (int i = 0; i < offsets.length; i++) {
            double s = 0;
            for (int j = 0; j < y.length; j++) {
                s += normals[i][j] * y[j];
            }
            if (s > offsets[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The gauge ‖y‖_K = max over facets of (normal·y)/offset, for a body with the origin strictly
     * inside (floating point).
     *
     * @throws IllegalStateException if the origin is not strictly inside
     */
    public double gauge(double[] y) {
        requireLength(y);
        double g = 0;
        for (int i = 0; i < offsets.length; i++) {
            if (!(offsets[i] > 0)) {
                throw new IllegalStateException("the gauge needs the origin strictly inside the body");
            }
            double s = 0;
            for (int j = 0; j < y.length; j++) {
                s += normals[i][j] * y[j];
            }
            g = Math.max(g, s / offsets[i]);
        }
        return g;
    }

    private void requireLength(double[] y) {
        if (y.length != hull.dimension()) {
            throw new IllegalArgumentException("vector must have " + hull.dimension() + " coordinates. Provided length: " + y.length);
        }
    }
}
