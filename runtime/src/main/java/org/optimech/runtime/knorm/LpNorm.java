package org.optimech.runtime.knorm;

import org.optimech.runtime.json.JsonName;

/** The ℓ1, ℓ2 and ℓ∞ norms: one name for the balls wherever they appear (spec bodies, samplers, closed forms, candidates). */
public enum LpNorm implements JsonName {
    L1("l1"), L2("l2"), LINF("linf");

    private final String json;

    LpNorm(String json) {
        this.json = json;
    }

    @Override
    public String json() {
        return json;
    }

    /** ‖x‖ in floating point. */
    public double of(double[] x) {
        double s = 0;
        for (double v : x) {
            switch (this) {
                case L1:
                    s += Math.abs(v);
                    break;
                case L2:
                    s = Math.hypot(s, v);
                    break;
                default:
                    s = Math.max(s, Math.abs(v));
            }
        }
        return s;
    }
}
