package org.optimech.designer.functions;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Objects;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.noise.GaussianProfile;
import org.optimech.designer.problem.FunctionProblem;
import org.optimech.runtime.spec.GaussianProcessBlock;
import org.optimech.runtime.spec.GaussianProcessBlock.Calibration;
import org.optimech.runtime.spec.GaussianProcessBlock.Kernel;
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
public record KdeRelease(FunctionProblem problem) {
    public KdeRelease {
        Objects.requireNonNull(problem, "problem");
    }

    /** A release for an unnamed problem with these parameters (kernel and calibration by their JSON names). */
    public KdeRelease(String kernel, double bandwidth, int n, double lo, double hi, int gridPoints, BigDecimal alpha, BigDecimal beta, String calibration) {
        this(new FunctionProblem("", JsonName.parse(Kernel.class, Objects.requireNonNull(kernel, "kernel")), bandwidth, n, lo, hi, gridPoints, alpha, beta,
                JsonName.parse(Calibration.class, Objects.requireNonNull(calibration, "calibration"))));
    }

    /** The grid: gridPoints evenly spaced points from lo to hi. */
    public double[] grid() {
        return problem.grid();
    }

    /** How many times the analytic noise scale may grow by 1e-6 relative before the runtime's check of it is taken as final. */
    static final int MAX_SCALE_BUMPS = 1000;

    /** The RKHS sensitivity Δ (closed form, rounded up). */
    public double sensitivity() {
        return org.optimech.runtime.statistic.KdeSensitivity.of(problem.kernel().json(), problem.n(), problem.bandwidth()) * (1 + 1e-12);
    }

    /** c: s = c·Δ/α. */
    public double c() {
        double a = problem.epsilon().doubleValue();
        double b = problem.delta().doubleValue();
        return problem.calibration() == Calibration.CLASSICAL ? GaussianProfile.classicalConstantAtLeast(problem.delta()) * (1 + 1e-12)
                : GaussianProfile.calibrate(a, 1, b) * a;
    }

    /** The KDE f_D on the grid (the value a release adds noise to). */
    public double[] estimate(double[] data) {
        int n = problem.n();
        double bandwidth = problem.bandwidth();
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
        BigDecimal alpha = problem.epsilon();
        BigDecimal beta = problem.delta();
        double s = c * delta / alpha.doubleValue() * (1 + 1e-12);
        String sens = new BigDecimal(delta).round(new MathContext(17, RoundingMode.CEILING)).toString();
        InvalidSpecException last = null;
        // Where the privacy profile is nearly flat in the noise (tiny epsilon and delta), its floating-point upper bound wobbles
        // by more than the calibration's margin: the runtime's check of the stored numbers decides, and the noise grows by
        // 1e-6 relative until it passes (more noise is never less private).
        int bumps = 0;
        for (int k = -1; k <= 6; k++) {
            String scale = new BigDecimal(s).round(new MathContext(17, RoundingMode.CEILING)).toString();
            String jitter = k < 0 ? "0" : "1e-" + (12 - k);
            GaussianProcessBlock block = new GaussianProcessBlock(grid(), problem.kernel(), problem.bandwidth(), new BigDecimal(sens), new BigDecimal(scale),
                    problem.calibration(), new BigDecimal(jitter));
            try {
                return GaussianProcessSpec.of(block, Relation.SUBSTITUTION, alpha, beta, alpha, beta, design.with("jitter", JsonNumber.ofLiteral(jitter))
                        .with("noise_constant_c", JsonNumber.of(c)), provenance);
            } catch (InvalidSpecException e) {
                if (e.pointer().equals("/mechanism/noise_scale") && problem.calibration() == Calibration.ANALYTIC && bumps++ < MAX_SCALE_BUMPS) {
                    s *= 1 + 1e-6;
                    k--;
                    continue;
                }
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
        String derivation = problem.kernel() == Kernel.GAUSSIAN
                ? "RKHS of K(x,y) = exp(-(x-y)^2/(2h^2)): f_D - f_D' = (K_x - K_x')/(n sqrt(2 pi) h), norm^2 = (2 - 2K(x,x'))/(n sqrt(2 pi) h)^2 <= 2/(n sqrt(2 pi) h)^2"
                : "Sobolev H^1[0,1] with K(x,y) = exp(-|x-y|/h): ||phi||^2 <= 1/(2 pi h^2) + 1/(8 sqrt(pi) h^2) + 1/(4 sqrt(pi) h^2) <= 1/(sqrt(2 pi) h^2) "
                        + "(ERRATA G5), so Delta = 2/((2 pi)^(1/4) n h)";
        return JsonObject.builder()
                .put("method", "gaussian-process")
                .put("problem", problem.document())
                .put("sensitivity_derivation", derivation)
                .put("calibration_note", problem.calibration() == Calibration.CLASSICAL ? "c(beta) = sqrt(2 ln(2/beta)), valid for epsilon <= 1 (ERRATA G1)"
                        : String.format(Locale.ROOT, "the smallest noise whose exact Gaussian privacy profile (Balle and Wang 2018) gives delta(%s) <= %s; "
                                + "the classical c(beta) would be %.6g", problem.epsilon(), problem.delta(), GaussianProfile.classicalConstantAtLeast(problem.delta())))
                .build();
    }
}
