package org.optimech.designer.properties;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;

/** Each input's expected loss recomputed from a spec's stored numbers and the problem's loss, independently of the designer. */
final class RiskRecomputation {
    private RiskRecomputation() {
    }

    /** A weight table: Σ_ω loss(θ, ω)·w[θ][ω]/2^K, exactly, then as a double. */
    static double[] table(JsonObject mech, DiscreteProblem p) {
        int bits = (int) mech.get("denominator_bits").orElseThrow().asNumber().doubleValue();
        BigDecimal scale = new BigDecimal(BigInteger.ONE.shiftLeft(bits));
        JsonArray rows = mech.get("weights").orElseThrow().asArray();
        double[] risk = new double[rows.size()];
        for (int i = 0; i < risk.length; i++) {
            JsonArray row = rows.get(i).asArray();
            BigDecimal sum = BigDecimal.ZERO;
            for (int j = 0; j < row.size(); j++) {
                sum = sum.add(new BigDecimal(p.loss().at(i, j)).multiply(new BigDecimal(new BigInteger(row.get(j).asString()))));
            }
            risk[i] = sum.divide(scale, MathContext.DECIMAL128).doubleValue();
        }
        return risk;
    }

    /**
     * A geometric remap: z = clamp(i + Z) with P(z | i) = κ_z·α^|i−z| (κ = 1/(1+α) at the ends, (1−α)/(1+α) inside,
     * α = e^−noise_epsilon), then the remap's row z.
     */
    static double[] geometricRemap(JsonObject mech, DiscreteProblem p) {
        double eps = new BigDecimal(mech.get("noise_epsilon").orElseThrow().asString()).doubleValue();
        double alpha = Math.exp(-eps);
        int n = p.inputCount();
        int bits = (int) mech.get("denominator_bits").orElseThrow().asNumber().doubleValue();
        JsonArray remap = mech.get("remap").orElseThrow().asArray();
        double[] risk = new double[n];
        for (int i = 0; i < n; i++) {
            double r = 0;
            for (int z = 0; z < n; z++) {
                double kappa = z == 0 || z == n - 1 ? 1 / (1 + alpha) : (1 - alpha) / (1 + alpha);
                double g = kappa * Math.exp(-eps * Math.abs(i - z));
                if (g == 0) {
                    continue;
                }
                JsonValue row = remap.get(z);
                double expected = 0;
                if (row instanceof JsonObject o) {
                    JsonArray outs = o.get("outputs").orElseThrow().asArray();
                    JsonArray ws = o.get("weights").orElseThrow().asArray();
                    for (int k = 0; k < outs.size(); k++) {
                        double w = Math.scalb(new BigInteger(ws.get(k).asString()).doubleValue(), -bits);
                        expected += w * p.loss().at(i, (int) outs.get(k).asNumber().doubleValue());
                    }
                } else {
                    expected = p.loss().at(i, (int) row.asNumber().doubleValue());
                }
                r += g * expected;
            }
            risk[i] = r;
        }
        return risk;
    }
}
