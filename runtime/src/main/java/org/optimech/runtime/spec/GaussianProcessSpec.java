package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.runtime.json.JsonObject;

/**
 * A Gaussian-process spec (kind {@code gaussian-process}): a function released on a grid fixed in advance
 * as f_D(grid) + s·G(grid), G a zero-mean Gaussian process with covariance kernel K (functions paper,
 * ERRATA G2: the covariance is s²·K with s = c·Δ/α), plus the recorded jitter on the Gram matrix (ERRATA
 * G3: more noise, never less). (ε, δ)-DP over the reals when Δ bounds the RKHS norm of f_D − f_D' in K's
 * RKHS; the runtime re-checks the calibration of s from Δ, ε and δ, not Δ itself (its derivation is in
 * the design block). Floating-point sampling: numerics idealized.
 *
 * <p>Instances exist only through {@link SpecCodec#read} or {@link #of}; the covariance factor is computed
 * and checked at load.
 */
public final class GaussianProcessSpec implements MechanismSpec {
    /** The mechanism kind name in JSON. */
    public static final String KIND = "gaussian-process";

    private final JsonObject mechanism;
    private final Relation relation;
    private final BigDecimal epsilon;
    private final BigDecimal delta;
    private final BigDecimal certifiedEpsilon;
    private final BigDecimal certifiedDelta;
    private final JsonObject design;
    private final JsonObject provenance;
    private final GaussianProcessCodec.Checked checked;

    GaussianProcessSpec(JsonObject mechanism, Relation relation, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon, BigDecimal certifiedDelta,
            JsonObject design, JsonObject provenance, GaussianProcessCodec.Checked checked) {
        this.mechanism = Objects.requireNonNull(mechanism);
        this.relation = Objects.requireNonNull(relation);
        this.epsilon = Objects.requireNonNull(epsilon);
        this.delta = Objects.requireNonNull(delta);
        this.certifiedEpsilon = Objects.requireNonNull(certifiedEpsilon);
        this.certifiedDelta = Objects.requireNonNull(certifiedDelta);
        this.design = Objects.requireNonNull(design);
        this.provenance = Objects.requireNonNull(provenance);
        this.checked = Objects.requireNonNull(checked);
    }

    /**
     * Validates a {@code mechanism} block with its privacy claim, as the loader does.
     *
     * @throws InvalidSpecException naming the first field that is wrong
     */
    public static GaussianProcessSpec of(JsonObject mechanism, Relation relation, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon,
            BigDecimal certifiedDelta, JsonObject design, JsonObject provenance) throws InvalidSpecException {
        return GaussianProcessCodec.build(mechanism, relation, epsilon, delta, certifiedEpsilon, certifiedDelta, design, provenance);
    }

    @Override
    public String kind() {
        return KIND;
    }

    public JsonObject mechanism() {
        return mechanism;
    }

    @Override
    public Relation relation() {
        return relation;
    }

    @Override
    public BigDecimal epsilon() {
        return epsilon;
    }

    @Override
    public BigDecimal delta() {
        return delta;
    }

    @Override
    public BigDecimal certifiedEpsilon() {
        return certifiedEpsilon;
    }

    @Override
    public BigDecimal certifiedDelta() {
        return certifiedDelta;
    }

    /** Whether Δ was re-derived at load from the KDE problem recorded in {@code design.problem} (closed form; see {@link #sensitivityCheck()}). */
    @Override
    public boolean sensitivityRechecked() {
        return checked.recheck().rechecked();
    }

    /** How Δ was (or why it was not) re-derived at load, in one sentence. */
    public String sensitivityCheck() {
        return checked.recheck().note();
    }

    @Override
    public Numerics numerics() {
        return Numerics.IDEALIZED;
    }

    @Override
    public JsonObject design() {
        return design;
    }

    @Override
    public JsonObject provenance() {
        return provenance;
    }

    /** The grid points. */
    public double[] grid() {
        return checked.grid().clone();
    }

    /** The RKHS sensitivity Δ as stored. */
    public BigDecimal sensitivity() {
        return checked.sensitivity();
    }

    /** s: the noise is s·G with G of covariance K + jitter·I. */
    public double noiseScale() {
        return checked.scale();
    }

    /** The kernel's name in JSON: {@code gaussian} or {@code exponential}. */
    public String kernel() {
        return checked.kernel();
    }

    public double bandwidth() {
        return checked.bandwidth();
    }

    public double jitter() {
        return checked.jitter();
    }

    /** {@code classical} or {@code analytic}. */
    public String calibration() {
        return checked.calibration();
    }

    /**
     * One noise vector on the grid: s·L·z with L the Cholesky factor of K + jitter·I and z standard normal (floating point).
     *
     * @throws IllegalStateException when the policy refuses idealized numerics
     */
    public double[] noise(NumericsPolicy policy, org.optimech.runtime.random.RandomBits bits) {
        policy.check(numerics());
        return checked.noise(bits);
    }
}
