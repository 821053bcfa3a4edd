/**
 * The optimech designer: problems in, certified mechanism specs out ({@link org.optimech.designer.Designers}). The LP
 * backends are OR-Tools (CLP, HiGHS, GLOP) and ojAlgo.
 *
 * <p>Every package is API: a {@code Design} carries the discrete, structural, structured, K-norm and function designs
 * and their reports; the CLI's sub-commands (design, compare, sweep, target search, backend choice) and the examples use
 * each package. What the designer shares with no user (exact certificates, bodies, sensitivities) lives in the runtime's
 * and geometry's qualified exports.
 */
module org.optimech.designer {
    requires transitive org.optimech.runtime;
    requires transitive org.optimech.geometry;
    requires commons.math3;
    requires ortools.java;
    requires ojalgo;
    requires io.jenetics.base;

    exports org.optimech.designer;
    exports org.optimech.designer.common;
    exports org.optimech.designer.discrete;
    exports org.optimech.designer.functions;
    exports org.optimech.designer.knorm;
    exports org.optimech.designer.lp;
    exports org.optimech.designer.problem;
    exports org.optimech.designer.spec;
    exports org.optimech.designer.structural;
    exports org.optimech.designer.structured;
    exports org.optimech.designer.sweep;
    exports org.optimech.designer.target;
}
