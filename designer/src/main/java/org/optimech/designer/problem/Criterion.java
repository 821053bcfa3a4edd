package org.optimech.designer.problem;

import org.optimech.runtime.json.JsonName;

/** What "best" means when comparing K-norm mechanisms; the criteria can disagree. */
public enum Criterion implements JsonName {
    /** Smallest trace of the noise covariance (total variance). */
    TRACE("trace"),
    /** Smallest variance in the worst direction (largest eigenvalue of the covariance). */
    MAX_VARIANCE("max-variance"),
    /** Smallest volume of the scaled body Δ·K. */
    VOLUME("volume");

    private final String json;

    Criterion(String json) {
        this.json = json;
    }

    @Override
    public String json() {
        return json;
    }

    public static Criterion parse(String name) {
        try {
            return JsonName.parse(Criterion.class, name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("criterion " + e.getMessage(), e);
        }
    }
}
