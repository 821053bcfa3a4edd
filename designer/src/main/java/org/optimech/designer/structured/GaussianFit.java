package org.optimech.designer.structured;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.noise.GaussianProfile;
import org.optimech.runtime.spec.MahalanobisSensitivity;
import org.optimech.runtime.spec.StructuredSensitivity;

/**
 * Gaussian noise for a structured statistic at (ε, δ), calibrated from a certified Mahalanobis sensitivity.
 *
 * <p>Every structured statistic is symmetric under permuting coordinates, so the covariance that minimises E‖V‖² among all
 * Gaussians with the same privacy is invariant too (averaging a feasible Σ⁻¹ over permutations keeps every constraint
 * uᵀΣ⁻¹u ≤ 1 and does not increase trace(Σ), which is convex in Σ⁻¹): Σ = across·P + along·11ᵀ/d, P = I − 11ᵀ/d. For unit
 * Mahalanobis sensitivity the constraints are across⁻¹·a_i + along⁻¹·b_i ≤ 1 over the adjacent outputs' classes
 * ({@link MahalanobisSensitivity}); writing t = across/along, the smallest feasible scale is across = h(t) = max_i(a_i + t·b_i),
 * and trace(Σ) = h(t)·(d − 1 + 1/t) = max_i (a_i + t·b_i)(d − 1 + 1/t), a maximum of functions convex in s = ln t, hence convex
 * in s: golden-section search finds its minimum (Joseph–Yu's elliptic Gaussian is this optimum for their bodies; for one
 * class it is (√((d − 1)a) + √b)², against d·(a + b) for the sphere). The spherical Gaussian (t = 1) is optimal for the
 * worst-direction variance: lowering the larger of across and along keeps every constraint.
 *
 * <p>Calibration: σ = the analytic Gaussian calibration at unit sensitivity (the exact Balle–Wang profile bounded with its
 * evaluation error); the variances are σ²·(shape) rounded up to 17 digits, Δ_Σ is then the exact supremum over the classes
 * rounded up, and the stored numbers are re-checked against δ exactly as the runtime checks them at load.
 */
final class GaussianFit {
    private static final MathContext UP = new MathContext(17, RoundingMode.CEILING);

    private GaussianFit() {
    }

    /** The spherical Gaussian: Σ = σ²·Δ₂²·I. */
    static GaussianCovariance spherical(MahalanobisSensitivity.Classes classes, double epsilon, double delta) {
        double l2 = classes.l2Squared().doubleValue();
        return calibrate(classes, l2, l2, epsilon, delta);
    }

    /** The trace-optimal elliptic Gaussian (see the class comment). */
    static GaussianCovariance elliptic(MahalanobisSensitivity.Classes classes, int d, double epsilon, double delta) {
        double[] shape = traceOptimalShape(classes, d);
        return calibrate(classes, shape[0], shape[1], epsilon, delta);
    }

    /** {across, along} with sup over the classes of a/across + b/along = 1 (to rounding) and the least trace. */
    static double[] traceOptimalShape(MahalanobisSensitivity.Classes classes, int d) {
        List<MahalanobisSensitivity.DifferenceClass> cs = classes.classes();
        int n = cs.size();
        double[] a = new double[n];
        double[] b = new double[n];
        boolean anyA = false;
        boolean anyB = false;
        for (int i = 0; i < n; i++) {
            a[i] = cs.get(i).across().doubleValue();
            b[i] = cs.get(i).along().doubleValue();
            anyA |= a[i] > 0;
            anyB |= b[i] > 0;
        }
        if (!anyB) {
            // every output sums to 0 (a ranking under substitution): no noise along 1
            return new double[] {max(a, b, 0), 0};
        }
        if (!anyA || d == 1) {
            // no direction orthogonal to 1 is used (d = 1): the sphere
            double h = max(a, b, 1);
            return new double[] {h, h};
        }
        // the minimiser lies between the classes' own minimisers s_i = ln √(a_i/((d − 1)b_i)) (each term decreases before its own
        // and increases after it); a class with a or b equal to 0 pushes the bound to ±60
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double si = a[i] == 0 ? -60 : b[i] == 0 ? 60 : 0.5 * Math.log(a[i] / ((d - 1) * b[i]));
            lo = Math.min(lo, si);
            hi = Math.max(hi, si);
        }
        lo = Math.max(lo, -60) - 1e-9;
        hi = Math.min(hi, 60) + 1e-9;
        double g = (Math.sqrt(5) - 1) / 2;
        double x1 = hi - g * (hi - lo);
        double x2 = lo + g * (hi - lo);
        double f1 = traceAt(a, b, d, x1);
        double f2 = traceAt(a, b, d, x2);
        for (int it = 0; it < 200 && hi - lo > 1e-13 * Math.max(1, Math.abs(lo)); it++) {
            if (f1 <= f2) {
                hi = x2;
                x2 = x1;
                f2 = f1;
                x1 = hi - g * (hi - lo);
                f1 = traceAt(a, b, d, x1);
            } else {
                lo = x1;
                x1 = x2;
                f1 = f2;
                x2 = lo + g * (hi - lo);
                f2 = traceAt(a, b, d, x2);
            }
        }
        double s = (lo + hi) / 2;
        if (lo <= 0 && 0 <= hi && traceAt(a, b, d, 0) <= traceAt(a, b, d, s)) {
            s = 0; // the sphere is the optimum (e.g. signed contributions): store it exactly
        }
        double t = Math.exp(s);
        double h = max(a, b, t);
        return new double[] {h, h / t};
    }

    /** max_i (a_i + t·b_i). */
    private static double max(double[] a, double[] b, double t) {
        double h = 0;
        for (int i = 0; i < a.length; i++) {
            h = Math.max(h, a[i] + t * b[i]);
        }
        return h;
    }

    /** trace of the unit-sensitivity covariance with across/along = e^s. */
    static double traceAt(double[] a, double[] b, int d, double s) {
        double t = Math.exp(s);
        return max(a, b, t) * (d - 1 + 1 / t);
    }

    /**
     * Stores σ²·(shape), rounds up, takes the exact supremum over the classes as Δ_Σ (rounded up) and checks the profile the way
     * the runtime does; nudges the variances up in the rare case the rounding leaves the bound above δ.
     */
    private static GaussianCovariance calibrate(MahalanobisSensitivity.Classes classes, double shapeAcross, double shapeAlong, double epsilon, double delta) {
        double sigma = GaussianProfile.calibrate(epsilon, 1, delta);
        double scale = sigma * sigma;
        for (int attempt = 0; attempt < 60; attempt++, scale *= 1 + 1e-6) {
            BigDecimal across = up(shapeAcross * scale);
            BigDecimal along = shapeAlong == 0 ? BigDecimal.ZERO : up(shapeAlong * scale);
            Rational sup = classes.supremum(Rational.of(across), Rational.of(along));
            if (sup == null) {
                throw new IllegalStateException("an output off the hyperplane with no noise along 1: a designer bug, please report it");
            }
            BigDecimal sensitivity = StructuredDesigner.roundUp(new StructuredSensitivity.Sup(sup, true));
            if (GaussianProfile.deltaUpperBound(epsilon, Math.nextUp(sensitivity.doubleValue()), 1) <= Math.nextDown(delta)) {
                return new GaussianCovariance(across, along, sensitivity, sup, classes.exact());
            }
        }
        throw new IllegalStateException("the Gaussian calibration did not meet delta after rounding: a designer bug, please report it");
    }

    private static BigDecimal up(double x) {
        BigDecimal v = new BigDecimal(x).round(UP).stripTrailingZeros();
        return v.scale() < 0 ? v.setScale(0) : v;
    }
}
