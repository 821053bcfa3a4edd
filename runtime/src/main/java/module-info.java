/**
 * The optimech runtime: loads mechanism specs, re-checks their privacy from the stored numbers, and samples private
 * outputs. Depends on the JDK alone ({@code java.base}). Every package but {@code runtime.sampling} is API: the designer, the CLI and Spark jobs build
 * and read specs through them.
 */
module org.optimech.runtime {
    exports org.optimech.runtime;
    exports org.optimech.runtime.accounting;
    exports org.optimech.runtime.accuracy;
    exports org.optimech.runtime.budget;
    exports org.optimech.runtime.certificate;
    exports org.optimech.runtime.discrete;
    exports org.optimech.runtime.exact;
    exports org.optimech.runtime.histogram;
    exports org.optimech.runtime.io;
    exports org.optimech.runtime.json;
    exports org.optimech.runtime.knorm;
    exports org.optimech.runtime.lattice;
    exports org.optimech.runtime.noise;
    exports org.optimech.runtime.random;
    // runtime.sampling is internal: samplers are built only by the mechanisms (and the accuracy Monte Carlo)
    exports org.optimech.runtime.spec;
    exports org.optimech.runtime.statistic;
}
