package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomSource;

/** A convex body containing the origin in its interior, the unit ball of the norm ‖·‖_K. */
public interface UnitBody {
    /** The dimension of the points it returns (the statistic's). */
    int dimension();

    /**
     * The dimension of the body's linear span: the Gamma shape of the radius is this plus one (ERRATA K1, K12). The
     * dimension itself unless the body lies in a proper subspace (the centred permutohedron lies in Σx = 0).
     */
    default int spanDimension() {
        return dimension();
    }

    /** A point uniform in the body. */
    double[] uniformPoint(RandomSource bits);

    /** The gauge ‖x‖_K (floating point). */
    double norm(double[] x);

    /** A short name: {@code l1}, {@code l2}, {@code linf}, {@code polytope}, or a structured body's type ({@code sum-ball}, …). */
    String name();
}
