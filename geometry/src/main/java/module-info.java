/**
 * Geometry for K-norm design: adjacent output spaces, support functions, exact convex hulls, bodies with their volumes
 * and second moments. On the runtime's exact arithmetic.
 *
 * <p>The API is what a K-norm problem is made of: the adjacent output spaces of statistics ({@code adjacent}), the support
 * functions of curved ones ({@code support}, which {@code KNormProblem} carries) and exact convex hulls ({@code hull}).
 * Bodies and certified sensitivities are how the designer builds and certifies K-norm mechanisms: open to the designer
 * only.
 */
module org.optimech.geometry {
    requires transitive org.optimech.runtime;
    requires commons.math3; // Gamma for the l2 ball's volume; no commons-math type in the API

    exports org.optimech.geometry.adjacent;
    exports org.optimech.geometry.hull;
    exports org.optimech.geometry.support;

    exports org.optimech.geometry.body to org.optimech.designer;
    exports org.optimech.geometry.sensitivity to org.optimech.designer;
}
