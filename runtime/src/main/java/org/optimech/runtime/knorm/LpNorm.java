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

    /** ‖x‖ in floating point (ℓ2 scaled by the largest entry first, so it neither overflows nor underflows). */
    public double of(double[] x) {
        double s = 0;
        switch (this) {
            case L1:
                for (double v : x) {
                    s += Math.abs(v);
                }
                return s;
            case L2:
                double scale = 0;
                for (double v : x) {
                    scale = Math.max(scale, Math.abs(v));
                }
                if (scale == 0 || Double.isInfinite(scale)) {
                    return scale;
                }
                for (double v : x) {
                    s += (v / scale) * (v / scale);
                }
                return scale * Math.sqrt(s);
            default:
                for (double v : x) {
                    s = Math.max(s, Math.abs(v));
                }
                return s;
        }
    }
}
