package org.optimech.geometry.support;

/**
 * An adjacent output space S_T known through its support function h(a) = sup over S_T of a·u. The
 * Java API's extension point: a user-supplied feature map comes with a user-supplied oracle, and the
 * privacy of every body built from it rests on {@link Value#upper()} being a true upper bound. S_T must
 * be symmetric (u ∈ S_T ⇔ −u ∈ S_T), as it is for every neighbour relation.
 */
public interface SupportOracle {
    /**
     * @param upper a certified upper bound on h(a)
     * @param lower a value a·point of a point of S_T (at most h(a))
     * @param point that point of S_T
     */
    record Value(double upper, double lower, double[] point) {
        public Value {
            if (!(lower <= upper)) {
                throw new IllegalArgumentException("support bounds must have lower <= upper. Provided value: [" + lower + ", " + upper + "]");
            }
            point = point.clone();
        }

        @Override
        public double[] point() {
            return point.clone();
        }
    }

    int dimension();

    /** Bounds on h(a) with a witness point. */
    Value supportValue(double[] a);

    /**
     * Whether S_T is proved to lie in the linear subspace spanned by {@code span} (x = map applied to x[pivots]). When it is, a
     * hull of witness points that spans only that subspace is refined there instead of being refused. By default nothing is
     * proved (a user oracle would have to assert it).
     */
    default boolean liesIn(org.optimech.geometry.hull.AffineSpan span) {
        return false;
    }
}
