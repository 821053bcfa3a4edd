package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonObject;

/**
 * A Gaussian-process spec (kind {@code gaussian-process}): a function released on a grid fixed in advance as
 * f_D(grid) + s·G(grid), G a zero-mean Gaussian process with covariance kernel K (functions paper, ERRATA G2: the covariance
 * is s²·K with s = c·Δ/α), plus the recorded jitter on the Gram matrix (ERRATA G3: more noise, never less). (ε, δ)-DP over
 * the reals when Δ bounds the RKHS norm of f_D − f_D' in K's RKHS. Every way to obtain one ({@link #of} and the loader)
 * re-checks the calibration of s from Δ, ε and δ, re-derives Δ from the recorded KDE problem where there is one, and factors
 * the covariance. Read-only data: the runtime's mechanisms build the (floating-point, numerics idealized) sampler. Immutable.
 */
public final class GaussianProcessSpec extends AbstractMechanismSpec implements MechanismSpec {
    /** The mechanism kind name in JSON. */
    public static final String KIND = GaussianProcessBlock.KIND;

    private final GaussianProcessBlock block;
    private final GaussianProcessChecks.Checked checked;

    private GaussianProcessSpec(GaussianProcessBlock block, Relation relation, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon,
            BigDecimal certifiedDelta, JsonObject design, JsonObject provenance, JsonObject document, GaussianProcessChecks.Checked checked) {
        super(relation, epsilon, delta, certifiedEpsilon, certifiedDelta, design, provenance, document);
        this.block = block;
        this.checked = checked;
    }

    /**
     * A spec from its parts, checked as the loader checks it, with its sealed document.
     *
     * @throws InvalidSpecException naming the first field that is wrong
     */
    public static GaussianProcessSpec of(GaussianProcessBlock block, Relation relation, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon,
            BigDecimal certifiedDelta, JsonObject design, JsonObject provenance) throws InvalidSpecException {
        Objects.requireNonNull(block, "block");
        JsonObject doc = SpecCodec.sealContinuous(GaussianProcessJson.write(block), relation, epsilon, delta, certifiedEpsilon, certifiedDelta, Numerics.IDEALIZED,
                design, provenance);
        return read(block, relation, epsilon, delta, certifiedEpsilon, certifiedDelta, design, provenance, doc);
    }

    /** The codec's way in: the document as read (its digest already checked). */
    static GaussianProcessSpec read(GaussianProcessBlock block, Relation relation, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon,
            BigDecimal certifiedDelta, JsonObject design, JsonObject provenance, JsonObject document) throws InvalidSpecException {
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(provenance, "provenance");
        try {
            SpecCodec.checkStatement(epsilon, delta, certifiedEpsilon, certifiedDelta);
            return new GaussianProcessSpec(block, relation, epsilon, delta, certifiedEpsilon, certifiedDelta, design, provenance, document,
                    GaussianProcessChecks.check(block, certifiedEpsilon, certifiedDelta, relation, design));
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    /** The typed mechanism block, as stored. */
    public GaussianProcessBlock block() {
        return block;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
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

    /** The grid points. */
    public double[] grid() {
        return block.grid();
    }

    /** The RKHS sensitivity Δ as stored. */
    public BigDecimal sensitivity() {
        return block.sensitivity();
    }

    /** s: the noise is s·G with G of covariance K + jitter·I. */
    public double noiseScale() {
        return checked.scale();
    }

    /** The kernel's name in JSON: {@code gaussian} or {@code exponential}. */
    public String kernel() {
        return block.kernel().json();
    }

    public double bandwidth() {
        return block.bandwidth();
    }

    public double jitter() {
        return checked.jitter();
    }

    /** {@code classical} or {@code analytic}. */
    public String calibration() {
        return block.calibration().json();
    }

    /**
     * The lower-triangular Cholesky factor L of K(grid) + jitter·I, computed and checked positive definite at load (a copy:
     * row i has i + 1 entries). The noise is s·L·z with z standard normal; {@code Mechanisms} builds the sampler from it.
     */
    public double[][] covarianceFactor() {
        double[][] f = checked.factor();
        double[][] c = new double[f.length][];
        for (int i = 0; i < f.length; i++) {
            c[i] = f[i].clone();
        }
        return c;
    }
}
