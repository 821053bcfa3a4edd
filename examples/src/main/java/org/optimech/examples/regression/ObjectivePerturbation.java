package org.optimech.examples.regression;

import java.util.Objects;
import org.optimech.runtime.knorm.KNormSampler;
import org.optimech.runtime.knorm.LpBody;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.knorm.UnitBody;
import org.optimech.runtime.random.RandomSource;

/**
 * Private logistic regression by extended objective perturbation (K-norm paper Algorithm 2, corrected:
 * ERRATA K9), made private for the minimiser actually computed by approximate minima perturbation
 * (Iyengar et al. 2019).
 *
 * <ol>
 *   <li>Objective perturbation at ε₁ = (1 − ρ)ε: γ = λ/(e^{ε₁(1−q)} − 1) with λ = m/4 (the largest
 *       eigenvalue of ∇²ℓ for x ∈ [−1, 1]^m), V with density ∝ exp(−ε₁q‖V‖_K/Δ) (one Gamma(m+1) radius,
 *       ERRATA K1), and J(θ) = L̂(θ) + (γ/2n)‖θ‖² + Vᵀθ/n. Its exact minimiser θ* is ε₁-DP (the proof needs
 *       rank ∇²ℓ ≤ 1, true for GLMs).</li>
 *   <li>Newton's method until a certified bound ‖∇J(θ̃)‖₂ ≤ τ = rγ/n, for a public radius r. J is
 *       (γ/n)-strongly convex, so ‖θ̃ − θ*‖₂ ≤ r, and θ̃ is a function of θ* for fixed data (V ↔ θ* is a
 *       bijection). When τ is below what double precision can certify (γ tiny: very large ε), the release
 *       fails loudly instead of calibrating to a weaker bound.</li>
 *   <li>Output perturbation at ε₂ = ρε: release θ̃ + Z with Z ~ ℓ2 K-norm noise of sensitivity 2r. For
 *       neighbours D, D' and any t, ‖θ̃_D(t) − θ̃_{D'}(t)‖ ≤ 2r, so the release is (ε₁ + ε₂)-DP.</li>
 * </ol>
 *
 * <p>Numerics: floating point throughout (the K-norm noise is idealized, like every K-norm spec). With
 * {@code ρ = 0} the output step is skipped and the release is labelled as assuming the exact minimiser.
 *
 * @param epsilon the total ε
 * @param q the share of ε₁ spent on the noise, in (0, 1) (tuning q on the private data is not private)
 * @param body the unit ball of the K-norm, of dimension m
 * @param sensitivity Δ_K of the gradient differences (certified: see {@link LogisticSensitivity})
 * @param outputShare ρ in [0, 1): the share of ε spent on output perturbation (0: assume the exact minimiser)
 * @param radius r, the certified distance from the computed to the exact minimiser (public; the output noise is calibrated to 2r)
 */
public record ObjectivePerturbation(double epsilon, double q, UnitBody body, double sensitivity, double outputShare, double radius) {
    /** Default ρ: 1% of ε buys an output noise far below the objective noise at the default radius. */
    public static final double DEFAULT_OUTPUT_SHARE = 0.01;
    /** Default r: the output noise then has scale about 2(m+1)·r/(ρε), negligible next to the objective noise. */
    public static final double DEFAULT_RADIUS = 1e-8;
    private static final int MAX_ITERATIONS = 200;
    /** The gradient bound reached when the exact minimiser is assumed (ρ = 0). */
    static final double EXACT_ASSUMED_TOLERANCE = 1e-10;

    public ObjectivePerturbation {
        Objects.requireNonNull(body, "body");
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be > 0 and finite. Provided value: " + epsilon);
        }
        if (!(q > 0 && q < 1)) {
            throw new IllegalArgumentException("q must be in (0, 1). Provided value: " + q);
        }
        if (!(sensitivity > 0) || Double.isInfinite(sensitivity)) {
            throw new IllegalArgumentException("sensitivity must be > 0 and finite. Provided value: " + sensitivity);
        }
        if (!(outputShare >= 0 && outputShare < 1)) {
            throw new IllegalArgumentException("outputShare must be in [0, 1). Provided value: " + outputShare);
        }
        if (!(radius > 0) || Double.isInfinite(radius)) {
            throw new IllegalArgumentException("radius must be > 0 and finite. Provided value: " + radius);
        }
    }

    /** The ℓp ball of dimension m ({@code l1}, {@code l2} or {@code linf}) with its certified Δ, at the defaults for ρ and r. */
    public static ObjectivePerturbation of(double epsilon, double q, String norm, int m, double sensitivity) {
        LpNorm n;
        try {
            n = org.optimech.runtime.json.JsonName.parse(LpNorm.class, norm);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("norm " + e.getMessage(), e);
        }
        return new ObjectivePerturbation(epsilon, q, LpBody.of(n, m), sensitivity, DEFAULT_OUTPUT_SHARE, DEFAULT_RADIUS);
    }

    /**
     * Any K-norm body the designer wrote as a spec for the gradient's adjacent output space (for example from
     * {@link LogisticSensitivity#problem}): its checked body and Δ (read-only data of the spec), at the defaults for ρ and r.
     * Objective perturbation is its own mechanism, with its own floating-point K-norm noise on that body (idealized numerics,
     * as every K-norm release here).
     *
     * @throws IllegalArgumentException when the spec's noise lives in a subspace (the gradient differences span all of ℝ^m)
     */
    public static ObjectivePerturbation of(double epsilon, double q, org.optimech.runtime.spec.KNormSpec spec) {
        if (spec.noiseDimension() != spec.dimension()) {
            throw new IllegalArgumentException("the spec's noise lives in a " + spec.noiseDimension() + "-dimensional subspace of R^" + spec.dimension()
                    + "; objective perturbation needs a full-dimensional body");
        }
        UnitBody body = spec.unitBody();
        double delta = org.optimech.runtime.exact.Dyadic.doubleAtLeast(spec.sensitivity());
        return new ObjectivePerturbation(epsilon, q, body, delta, DEFAULT_OUTPUT_SHARE, DEFAULT_RADIUS);
    }

    /** ε₁, the objective-perturbation share. */
    public double objectiveEpsilon() {
        return epsilon * (1 - outputShare);
    }

    /** λ = m/4: the largest eigenvalue of (σ(1 − σ))·xxᵀ over x ∈ [−1, 1]^m. */
    public static double lambda(int m) {
        return m / 4.0;
    }

    /** γ = λ/(e^{ε(1−q)} − 1) (ERRATA K9: the printed e^{ε(q−1)} − 1 is negative). */
    public static double gamma(double lambda, double epsilon, double q) {
        return lambda / Math.expm1(epsilon * (1 - q));
    }

    /**
     * One private estimate.
     *
     * @param numerics how private the estimate is: approximate minima perturbation (ε₁ + ε₂, floating-point noise) or the exact minimiser assumed (idealized)
     */
    public record Release(double[] theta, double gamma, double epsilonObjective, double epsilonOutput, double gradientBound, double radius,
            int iterations, String numerics) {
        public Release {
            theta = theta.clone();
        }

        @Override
        public double[] theta() {
            return theta.clone();
        }
    }

    /**
     * Draws V, minimises the perturbed objective to the certified tolerance, and adds the output noise.
     *
     * @param x covariates in [−1, 1] (checked: the sensitivity and λ assume it)
     * @param y labels in {0, 1}
     */
    public Release release(double[][] x, int[] y, RandomSource bits) {
        int m = body.dimension();
        for (int i = 0; i < x.length; i++) {
            if (x[i].length != m) {
                throw new IllegalArgumentException("every row of x must have " + m + " covariates (the body's dimension); row " + i + " has " + x[i].length);
            }
            for (double v : x[i]) {
                if (!(v >= -1 && v <= 1)) {
                    throw new IllegalArgumentException("covariates must lie in [-1, 1] (the sensitivity assumes it); row " + i + " has " + v);
                }
            }
        }
        double e1 = objectiveEpsilon();
        double g = gamma(lambda(m), e1, q);
        double[] v = KNormSampler.of(body, sensitivity, e1 * q).noise(bits);
        // with ρ = 0 nothing is calibrated to the radius: minimise to a fixed gradient bound and label the release idealized
        double tolerance = outputShare == 0 ? EXACT_ASSUMED_TOLERANCE : radius * g / x.length;
        LogisticObjective.Minimum min;
        try {
            min = new LogisticObjective(x, y, g, v).minimize(tolerance, MAX_ITERATIONS);
        } catch (IllegalStateException e) {
            throw new IllegalStateException("cannot certify the minimiser to radius " + radius + " (gradient bound " + tolerance + " with gamma = " + g
                    + "): " + e.getMessage() + "; use a larger radius, or outputShare 0 to assume the exact minimiser (idealized)", e);
        }
        double[] theta = min.theta();
        if (outputShare == 0) {
            return new Release(theta, g, e1, 0, min.gradientBound(), 0, min.iterations(), "exact minimiser assumed (idealized)");
        }
        double[] z = KNormSampler.of(LpBody.of(LpNorm.L2, m), 2 * radius, epsilon * outputShare).noise(bits);
        for (int j = 0; j < m; j++) {
            theta[j] += z[j];
        }
        return new Release(theta, g, e1, epsilon * outputShare, min.gradientBound(), radius, min.iterations(),
                "approximate-minima-perturbation (epsilon1 + epsilon2; floating-point noise, so idealized numerics)");
    }
}
