package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonObject;

/**
 * An elliptic Gaussian spec (kind {@code elliptic-gaussian}): a structured vector statistic of dimension d released as T + V,
 * V ~ N(0, Σ), Σ = across·(I − 11ᵀ/d) + along·11ᵀ/d fitted to the statistic's adjacent outputs (Joseph–Yu 2023; across = along
 * is the spherical Gaussian). (ε, δ)-DP when every adjacent output u has √(uᵀΣ⁻¹u) ≤ Δ_Σ and the Gaussian mechanism's exact
 * privacy profile at sensitivity Δ_Σ and unit noise is at most δ at ε. Every way to obtain one ({@link #of} and the loader)
 * re-checks that profile and re-derives Δ_Σ exactly from the statistic recorded in {@code design.problem}. Sampled in floating
 * point (numerics idealized): an exact sampler of a Gaussian with an irrational covariance factor is not offered. Immutable.
 */
public final class EllipticGaussianSpec extends AbstractMechanismSpec implements MechanismSpec {
    /** The mechanism kind name in JSON. */
    public static final String KIND = EllipticGaussianBlock.KIND;

    private final EllipticGaussianBlock block;
    private final SensitivityCheck checked;
    private final Double hyperplaneSum; // σ for noise in the hyperplane Σx = 0, null when not derivable or not needed

    private EllipticGaussianSpec(EllipticGaussianBlock block, Relation relation, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon,
            BigDecimal certifiedDelta, JsonObject design, JsonObject provenance, JsonObject document, SensitivityCheck checked) throws FieldException {
        super(relation, epsilon, delta, certifiedEpsilon, certifiedDelta, design, provenance, document);
        this.hyperplaneSum = block.varianceAlong().signum() != 0 ? null
                : SubspaceOffsets.hyperplaneRecordSum(design, relation).map(org.optimech.runtime.exact.Rational::doubleValue).orElse(null);
        this.block = block;
        this.checked = checked;
    }

    /**
     * A spec from its parts, checked as the loader checks it, with its sealed document.
     *
     * @throws InvalidSpecException naming the first field that is wrong
     */
    public static EllipticGaussianSpec of(EllipticGaussianBlock block, Relation relation, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon,
            BigDecimal certifiedDelta, JsonObject design, JsonObject provenance) throws InvalidSpecException {
        Objects.requireNonNull(block, "block");
        JsonObject doc = SpecCodec.sealContinuous(EllipticGaussianJson.write(block), relation, epsilon, delta, certifiedEpsilon, certifiedDelta,
                Numerics.IDEALIZED, design, provenance);
        return read(block, relation, epsilon, delta, certifiedEpsilon, certifiedDelta, design, provenance, doc);
    }

    /** The codec's way in: the document as read (its digest already checked). */
    static EllipticGaussianSpec read(EllipticGaussianBlock block, Relation relation, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon,
            BigDecimal certifiedDelta, JsonObject design, JsonObject provenance, JsonObject document) throws InvalidSpecException {
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(provenance, "provenance");
        try {
            SpecCodec.checkStatement(epsilon, delta, certifiedEpsilon, certifiedDelta);
            return new EllipticGaussianSpec(block, relation, epsilon, delta, certifiedEpsilon, certifiedDelta, design, provenance, document,
                    EllipticGaussianChecks.check(block, certifiedEpsilon, certifiedDelta, relation, design));
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    /** The typed mechanism block, as stored. */
    public EllipticGaussianBlock block() {
        return block;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    /** Whether Δ_Σ was re-derived at load from the structured statistic recorded in {@code design.problem}. */
    @Override
    public boolean sensitivityRechecked() {
        return checked.rechecked();
    }

    /** How Δ_Σ was (or why it was not) re-derived at load, in one sentence. */
    public String sensitivityCheck() {
        return checked.note();
    }

    @Override
    public Numerics numerics() {
        return Numerics.IDEALIZED;
    }

    /** The statistic's dimension d. */
    public int dimension() {
        return block.dimension();
    }

    /** The Mahalanobis sensitivity Δ_Σ as stored. */
    public BigDecimal sensitivity() {
        return block.sensitivity();
    }

    /** The variance in every direction orthogonal to 1. */
    public double varianceAcross() {
        return block.varianceAcross().doubleValue();
    }

    /** The variance along 1/√d (0: noise in the hyperplane Σx = 0). */
    public double varianceAlong() {
        return block.varianceAlong().doubleValue();
    }

    /**
     * For noise with no variance along 1: σ, the sum of one record's contributions (0 under add/remove; the recorded
     * ranking's score sum under substitution), so the statistic of n records sums to n·σ and the release publishes no more of
     * the caller's Σ t than n. Empty when the noise has variance along 1, or under substitution when the spec records no
     * ranking: then no release is built for it.
     */
    public java.util.Optional<Double> hyperplaneRecordSum() {
        return java.util.Optional.ofNullable(hyperplaneSum);
    }

    /** Each coordinate's noise variance, ((d − 1)·across + along)/d. */
    public double coordinateVariance() {
        int d = dimension();
        return ((d - 1) * varianceAcross() + varianceAlong()) / d;
    }

    /** E‖V‖², the covariance's trace (d − 1)·across + along. */
    public double trace() {
        return (dimension() - 1) * varianceAcross() + varianceAlong();
    }
}
