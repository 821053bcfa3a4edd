package org.optimech.spark;

/**
 * A spec that a Spark job cannot apply without weakening its guarantee: a substitution spec for per-group
 * releases, a sensitivity that does not cover the job's contribution bound, a statistic the job cannot compute
 * exactly. The message names the spec field or job setting and the value.
 */
public final class SpecNotApplicableException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public SpecNotApplicableException(String message) {
        super(message);
    }
}
