/**
 * Geometry for K-norm design: adjacent output spaces, support functions, exact convex hulls, bodies with their volumes
 * and second moments. On the runtime's exact arithmetic.
 */
module org.optimech.geometry {
    requires transitive org.optimech.runtime;
    requires transitive commons.math3;

    exports org.optimech.geometry.adjacent;
    exports org.optimech.geometry.body;
    exports org.optimech.geometry.hull;
    exports org.optimech.geometry.sensitivity;
    exports org.optimech.geometry.support;
}
