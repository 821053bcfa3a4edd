package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomSource;

/** A convex body containing the origin in its interior, the unit ball of the norm ‖·‖_K. */
public interface UnitBody {
    int dimension();

    /** A point uniform in the body. */
    double[] uniformPoint(RandomSource bits);

    /** The gauge ‖x‖_K (floating point). */
    double norm(double[] x);

    /** A short name: {@code l1}, {@code l2}, {@code linf}, {@code polytope}. */
    String name();
}
