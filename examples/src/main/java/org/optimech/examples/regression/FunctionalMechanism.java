package org.optimech.examples.regression;

import java.util.List;
import org.ejml.simple.SimpleMatrix;
import org.optimech.geometry.adjacent.RegressionStatistic;
import org.optimech.runtime.knorm.KNormSampler;
import org.optimech.runtime.knorm.LpBody;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.knorm.UnitBody;
import org.optimech.runtime.random.RandomSource;

/**
 * Private linear regression by the functional mechanism as in the K-norm paper §6: release T = the unique
 * non-constant entries of XᵀX and XᵀY (X = [1, X⁰]), with the diagonal doubled so every coordinate has
 * sensitivity 2, plus K-norm noise; rebuild (XᵀX)* and (XᵀY)* (halving the diagonal) and estimate
 * β* = [(XᵀX)*]^† (XᵀY)* (pseudo-inverse, EJML) or the ridge version [(XᵀX)* + λI]^† (XᵀY)*. Covariates must
 * lie in [−1, 1]; responses are clipped to the public bounds [−1, 1] (ERRATA K10: never to data quantiles).
 * n is public (substitution neighbours).
 */
public final class FunctionalMechanism {
    /** A noise body with its certified Δ, and whether Δ is the exact supremum. */
    public record Mechanism(String name, UnitBody body, double sensitivity, boolean exact, String note) {
    }

    private FunctionalMechanism() {
    }

    /**
     * The mechanisms of the study, with sensitivities from the geometry module: ℓ1 with the exact Δ₁, ℓ∞ with
     * Δ∞ = 2 (exact), the paper's cylinder intersection (an outer set, Δ = 1), and the intersection of the
     * cylinders with the ℓ1 ball of radius Δ₁ (the smallest body the geometry module certifies here, Δ = 1).
     */
    public static List<Mechanism> mechanisms(int p, int maxAttempts) {
        int d = RegressionStatistic.dimension(p);
        double delta1 = RegressionStatistic.l1Sensitivity(p).value().doubleValue();
        return List.of(
                new Mechanism("l1", LpBody.of(LpNorm.L1, d), delta1, true, "exact Delta_1 = " + delta1 + " (the crude bound is 2d = " + 2 * d + ")"),
                new Mechanism("linf", LpBody.of(LpNorm.LINF, d), RegressionStatistic.linfSensitivity(), true, "Delta_inf = 2, exact"),
                new Mechanism("cylinders", CylinderBody.of(p, 0, maxAttempts), 1, false,
                        "the paper's K_T: intersection of K2 and K3 cylinders, an outer set containing S_T (ERRATA K7), sampled by rejection"),
                new Mechanism("cylinders+l1", CylinderBody.of(p, delta1, maxAttempts), 1, false,
                        "cylinders intersected with the l1 ball of radius Delta_1: every piece certified to contain S_T"));
    }

    /** T = Σ t(x_i, clip(y_i)), in {@link RegressionStatistic} order. */
    public static double[] statistic(double[][] x, double[] y) {
        if (x.length == 0 || x.length != y.length) {
            throw new IllegalArgumentException("x and y must be non-empty and of equal length. Provided lengths: " + x.length + ", " + y.length);
        }
        int p = x[0].length;
        double[] t = new double[RegressionStatistic.dimension(p)];
        for (int i = 0; i < x.length; i++) {
            if (x[i].length != p) {
                throw new IllegalArgumentException("every row of x must have " + p + " covariates; row " + i + " has " + x[i].length);
            }
            for (double v : x[i]) {
                if (!(v >= -1 && v <= 1)) {
                    throw new IllegalArgumentException("covariates must lie in [-1, 1] (the sensitivity assumes it); row " + i + " has " + v);
                }
            }
            accumulate(t, x[i], clip(y[i]));
        }
        return t;
    }

    /** t += t(x, y) without allocating (the order of {@link RegressionStatistic#features}). */
    static void accumulate(double[] t, double[] x, double y) {
        int p = x.length;
        int i = 0;
        for (int j = 0; j < p; j++) {
            t[i++] += x[j];
        }
        for (int j = 0; j < p; j++) {
            for (int k = j + 1; k < p; k++) {
                t[i++] += x[j] * x[k];
            }
        }
        for (int j = 0; j < p; j++) {
            t[i++] += 2 * x[j] * x[j];
        }
        t[i++] += y;
        for (int j = 0; j < p; j++) {
            t[i++] += x[j] * y;
        }
    }

    /** y clipped to the public bounds [−1, 1]; NaN is refused. */
    static double clip(double y) {
        if (Double.isNaN(y)) {
            throw new IllegalArgumentException("y must be a number. Provided value: NaN");
        }
        return Math.max(-1, Math.min(1, y));
    }

    /** T plus one draw of the mechanism's noise at ε. */
    public static double[] privatize(double[] t, Mechanism m, double epsilon, RandomSource bits) {
        return KNormSampler.of(m.body(), m.sensitivity(), epsilon).release(t, bits);
    }

    /** {(XᵀX), (XᵀY)} rebuilt from T and the public n: the diagonal entries are T's doubled squares halved. */
    public static SimpleMatrix[] normalEquations(double[] t, int n, int p) {
        SimpleMatrix xtx = new SimpleMatrix(p + 1, p + 1);
        SimpleMatrix xty = new SimpleMatrix(p + 1, 1);
        xtx.set(0, 0, n);
        int i = 0;
        for (int j = 0; j < p; j++) {
            xtx.set(0, j + 1, t[i]);
            xtx.set(j + 1, 0, t[i]);
            i++;
        }
        for (int j = 0; j < p; j++) {
            for (int k = j + 1; k < p; k++) {
                xtx.set(j + 1, k + 1, t[i]);
                xtx.set(k + 1, j + 1, t[i]);
                i++;
            }
        }
        for (int j = 0; j < p; j++) {
            xtx.set(j + 1, j + 1, t[i++] / 2);
        }
        xty.set(0, 0, t[i++]);
        for (int j = 0; j < p; j++) {
            xty.set(j + 1, 0, t[i++]);
        }
        return new SimpleMatrix[] {xtx, xty};
    }

    /** β* = [(XᵀX)* + λI]^† (XᵀY)* (λ = 0: equation (5); λ > 0: ridge, equation (6)). */
    public static double[] estimate(double[] t, int n, int p, double lambda) {
        SimpleMatrix[] ne = normalEquations(t, n, p);
        SimpleMatrix a = ne[0];
        if (lambda > 0) {
            a = a.plus(SimpleMatrix.identity(p + 1).scale(lambda));
        }
        SimpleMatrix beta = a.pseudoInverse().mult(ne[1]);
        double[] out = new double[p + 1];
        for (int j = 0; j <= p; j++) {
            out[j] = beta.get(j, 0);
        }
        return out;
    }
}
