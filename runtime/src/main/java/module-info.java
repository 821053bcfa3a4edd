/**
 * The optimech runtime: loads mechanism specs, re-checks their privacy from the stored numbers, and samples private
 * outputs. Depends on the JDK alone ({@code java.base}).
 *
 * <p>The API is what a service loading and sampling specs, the CLI and Spark jobs use: the front door
 * ({@code org.optimech.runtime}), the spec model and codec, JSON, randomness, exact arithmetic, accuracy, budgets and
 * accounting, statistics, and the documented samplers (discrete, K-norm, lattice, scalar noise). Internal: how the
 * mechanisms build their samplers ({@code sampling}), the polynomial sensitivity certificates the loader and the
 * designer share ({@code certificate}, open to geometry and the designer only) and atomic file writing ({@code io},
 * open to the designer only, which offers it as {@code designer.common.AtomicFiles}).
 */
module org.optimech.runtime {
    exports org.optimech.runtime;
    exports org.optimech.runtime.accounting;
    exports org.optimech.runtime.accuracy;
    exports org.optimech.runtime.budget;
    exports org.optimech.runtime.discrete;
    exports org.optimech.runtime.exact;
    exports org.optimech.runtime.histogram;
    exports org.optimech.runtime.json;
    exports org.optimech.runtime.knorm;
    exports org.optimech.runtime.lattice;
    exports org.optimech.runtime.noise;
    exports org.optimech.runtime.random;
    exports org.optimech.runtime.spec;
    exports org.optimech.runtime.statistic;

    exports org.optimech.runtime.certificate to org.optimech.geometry, org.optimech.designer;
    exports org.optimech.runtime.io to org.optimech.designer;
    // runtime.sampling is not exported: samplers are built only by the mechanisms (and the accuracy Monte Carlo)
}
