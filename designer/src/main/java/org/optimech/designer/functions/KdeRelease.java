package org.optimech.designer.functions;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Objects;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.noise.GaussianProfile;
import org.optimech.runtime.spec.GaussianProcessBlock;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.json.JsonName;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.Relation;

/**
 * A private kernel density estimate on [lo, hi] (functions paper §4.1 and §4.2), d = 1.
 *
 * <ul>
 *   <li><b>gaussian</b>: f_D = (1/n) Σ φ_h(x − x_i), the GP covariance K(x, y) = exp(−(x−y)²/(2h²)); f_D − f_D' =
 *       (K_{x_n} − K_{x'_n})/(n√(2π)h), whose RKHS norm is at most Δ = √2/(n√(2π)h).</li>
 *   <li><b>exponential</b> (Sobolev H¹[0, 1], γ = 1/h): K(x, y) = exp(−|x − y|/h); with ∫φ² = 1/(2√π h) and sup φ² =
 *       1/(2πh²) (ERRATA G5) the norm of one kernel bump is at most 1/((2π)^{1/4} h), so Δ = 2/((2π)^{1/4} n h). The
 *       norm is that of functions on [0, 1], so the grid must lie in [0, 1].</li>
 * </ul>
 * Noise s·G with s = c·Δ/α (ERRATA G2: covariance s²K): {@code classical} c(β) = √(2 ln(2/β)), only for α ≤ 1
 * (ERRATA G1); {@code analytic} the smallest s whose exact Gaussian privacy profile gives δ(α) ≤ β. The Gram matrix
 * gets the smallest jitter from {0, 10⁻¹², 10⁻¹¹, …} that makes it numerically positive definite (ERRATA G3),
 * recorded in the spec.
 */
public record KdeRelease(String kernel, double bandwidth, int n, double lo, double hi, int gridPoints, BigDecimal alpha, BigDecimal beta, String calibration) {
    public KdeRelease {
        Objects.requireNonNull(kernel, "kernel");
        if (!kernel.equals("gaussian") && !kernel.equals("exponential")) {
            throw new IllegalArgumentException("kernel must be gaussian or exponential. Provided value: " + kernel);
        }
        if (!(bandwidth > 0) || Double.isInfinite(bandwidth)) {
            throw new IllegalArgumentException("bandwidth must be > 0 and finite. Provided value: " + bandwidth);
        }
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1. Provided value: " + n);
        }
        if (!(lo < hi) || Double.isInfinite(lo) || Double.isInfinite(hi)) {
            throw new IllegalArgumentException("grid bounds must be finite with lo < hi. Provided values: " + lo + ", " + hi);
        }
        if (kernel.equals("exponential") && (lo < 0 || hi > 1)) {
            throw new IllegalArgumentException("the exponential (Sobolev) kernel's RKHS norm is over [0, 1]: the grid must lie in [0, 1]. Provided: [" + lo + ", "
                    + hi + "]");
        }
        if (gridPoints < 2 || gridPoints > 4000) {
            throw new IllegalArgumentException("grid points must be in [2, 4000]. Provided value: " + gridPoints);
        }
        if (alpha.signum() <= 0) {
            throw new IllegalArgumentException("epsilon must be > 0. Provided value: " + alpha);
        }
        if (beta.signum() <= 0 || beta.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("delta must be in (0, 1). Provided value: " + beta);
        }
        if (!calibration.equals("classical") && !calibration.equals("analytic")) {
            throw new IllegalArgumentException("calibration must be classical or analytic. Provided value: " + calibration);
        }
        if (calibration.equals("classical") && alpha.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("the classical c(beta) is proved only for epsilon <= 1 (ERRATA G1); epsilon is " + alpha + ": use analytic");
        }
    }

    /** Parses a problem of kind {@code function}. */
    public static KdeRelease parse(JsonObject o) throws FieldException {
        Fields.allowedKeys(o, "", java.util.Set.of("kind", "name", "description", "estimator", "kernel", "bandwidth", "n", "grid", "epsilon", "delta", "calibration"));
        Fields.oneOf(Fields.member(o, "kind", ""), "/kind", "function");
        if (o.has("estimator")) {
            Fields.oneOf(o.get("estimator").orElseThrow(), "/estimator", "kde");
        }
        String kernel = o.has("kernel") ? Fields.oneOf(o.get("kernel").orElseThrow(), "/kernel", "gaussian", "exponential") : "gaussian";
        double h = Fields.finiteDouble(Fields.member(o, "bandwidth", ""), "/bandwidth");
        int n = (int) Fields.integer(Fields.member(o, "n", ""), "/n", 1, Integer.MAX_VALUE);
        JsonObject g = Fields.object(Fields.member(o, "grid", ""), "/grid");
        Fields.allowedKeys(g, "/grid", java.util.Set.of("from", "to", "points"));
        double lo = Fields.finiteDouble(Fields.member(g, "from", "/grid"), "/grid/from");
        double hi = Fields.finiteDouble(Fields.member(g, "to", "/grid"), "/grid/to");
        int points = (int) Fields.integer(Fields.member(g, "points", "/grid"), "/grid/points", 2, 4000);
        BigDecimal eps = Fields.exactNumber(Fields.member(o, "epsilon", ""), "/epsilon");
        BigDecimal del = Fields.exactNumber(Fields.member(o, "delta", ""), "/delta");
        String cal = o.has("calibration") ? Fields.oneOf(o.get("calibration").orElseThrow(), "/calibration", "classical", "analytic") : "analytic";
        try {
            return new KdeRelease(kernel, h, n, lo, hi, points, eps, del, cal);
        } catch (IllegalArgumentException e) {
            throw new FieldException("", e.getMessage());
        }
    }

    /** The grid: gridPoints evenly spaced points from lo to hi. */
    public double[] grid() {
        double[] g = new double[gridPoints];
        for (int i = 0; i < gridPoints; i++) {
            g[i] = lo + (hi - lo) * i / (gridPoints - 1);
        }
        return g;
    }

    /** The RKHS sensitivity Δ (closed form, rounded up). */
    public double sensitivity() {
        return org.optimech.runtime.statistic.KdeSensitivity.of(kernel, n, bandwidth) * (1 + 1e-12);
    }

    /** c: s = c·Δ/α. */
    public double c() {
        double a = alpha.doubleValue();
        double b = beta.doubleValue();
        return calibration.equals("classical") ? Math.sqrt(2 * Math.log(2 / b)) * (1 + 1e-12)
                : GaussianProfile.calibrate(a, 1, b) * a;
    }

    /** The KDE f_D on the grid (the value a release adds noise to). */
    public double[] estimate(double[] data) {
        if (data.length != n) {
            throw new IllegalArgumentException("the design is for n = " + n + " records (n is public under substitution). Provided: " + data.length);
        }
        double[] g = grid();
        double[] f = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            double s = 0;
            for (double x : data) {
                double d = g[i] - x;
                // the estimate is the Gaussian-kernel KDE for both kernels; the kernel choice is the noise's covariance (§4.1, §4.2)
                s += Math.exp(-d * d / (2 * bandwidth * bandwidth)) / (Math.sqrt(2 * Math.PI) * bandwidth);
            }
            f[i] = s / n;
        }
        return f;
    }

    /**
     * The spec, with the smallest working jitter.
     *
     * @throws IllegalStateException if no jitter up to 1e-6 makes the Gram matrix numerically positive definite
     */
    public GaussianProcessSpec toSpec(JsonObject design, JsonObject provenance) throws InvalidSpecException {
        double delta = sensitivity();
        double c = c();
        double s = c * delta / alpha.doubleValue() * (1 + 1e-12);
        String sens = new BigDecimal(delta).round(new MathContext(17, RoundingMode.CEILING)).toString();
        String scale = new BigDecimal(s).round(new MathContext(17, RoundingMode.CEILING)).toString();
        InvalidSpecException last = null;
        for (int k = -1; k <= 6; k++) {
            String jitter = k < 0 ? "0" : "1e-" + (12 - k);
            GaussianProcessBlock block = new GaussianProcessBlock(grid(), JsonName.parse(GaussianProcessBlock.Kernel.class, kernel), bandwidth, new BigDecimal(sens),
                    new BigDecimal(scale), JsonName.parse(GaussianProcessBlock.Calibration.class, calibration), new BigDecimal(jitter));
            try {
                return GaussianProcessSpec.of(block, Relation.SUBSTITUTION, alpha, beta, alpha, beta, design.with("jitter", JsonNumber.ofLiteral(jitter))
                        .with("noise_constant_c", JsonNumber.of(c)), provenance);
            } catch (InvalidSpecException e) {
                if (!e.pointer().equals("/mechanism/jitter")) {
                    throw e;
                }
                last = e;
            }
        }
        throw new IllegalStateException("no jitter up to 1e-6 makes the Gram matrix positive definite: " + last.getMessage());
    }

    /** The design block: problem, kernel, Δ with its derivation, calibration. */
    public JsonObject designBlock() {
        String derivation = kernel.equals("gaussian")
                ? "RKHS of K(x,y) = exp(-(x-y)^2/(2h^2)): f_D - f_D' = (K_x - K_x')/(n sqrt(2 pi) h), norm^2 = (2 - 2K(x,x'))/(n sqrt(2 pi) h)^2 <= 2/(n sqrt(2 pi) h)^2"
                : "Sobolev H^1[0,1] with K(x,y) = exp(-|x-y|/h): ||phi||^2 <= 1/(2 pi h^2) + 1/(8 sqrt(pi) h^2) + 1/(4 sqrt(pi) h^2) <= 1/(sqrt(2 pi) h^2) "
                        + "(ERRATA G5), so Delta = 2/((2 pi)^(1/4) n h)";
        return JsonObject.builder()
                .put("method", "gaussian-process")
                .put("problem", JsonObject.builder().put("kind", "function").put("estimator", "kde").put("kernel", kernel).put("bandwidth", bandwidth).put("n", n)
                        .put("grid", JsonObject.builder().put("from", lo).put("to", hi).put("points", gridPoints).build())
                        .put("epsilon", alpha.toString()).put("delta", beta.toString()).put("calibration", calibration).build())
                .put("sensitivity_derivation", derivation)
                .put("calibration_note", calibration.equals("classical") ? "c(beta) = sqrt(2 ln(2/beta)), valid for epsilon <= 1 (ERRATA G1)"
                        : String.format(Locale.ROOT, "the smallest noise whose exact Gaussian privacy profile (Balle and Wang 2018) gives delta(%s) <= %s; "
                                + "the classical c(beta) would be %.6g", alpha, beta, Math.sqrt(2 * Math.log(2 / beta.doubleValue()))))
                .build();
    }
}
