package org.optimech.designer.knorm;

/** What "best" means when comparing K-norm mechanisms; the criteria can disagree. */
public enum Criterion {
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

    public String json() {
        return json;
    }

    public static Criterion parse(String name) {
        for (Criterion c : values()) {
            if (c.json.equals(name)) {
                return c;
            }
        }
        throw new IllegalArgumentException("criterion must be trace, max-variance or volume. Provided value: " + name);
    }
}
