package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.knorm.KNormSampler;
import org.optimech.runtime.lattice.LatticeSampler;

/**
 * A K-norm mechanism spec (kind {@code knorm}): a vector statistic of dimension d released as
 * T + B·(r·U), r ~ Gamma(k+1, Δ/ε) and U uniform in the stored unit body (ERRATA K1, K12). Pure ε-DP
 * over the real numbers when every adjacent output has K-norm at most Δ; sampled in floating point,
 * so {@link #numerics()} is {@code idealized}. With a {@code lattice} block the release is the
 * discretized mechanism on 2^e·ℤ^d instead, sampled exactly ({@link #latticeSampler()},
 * {@code numerics: exact}; proof in {@code docs/LATTICE_KNORM.md}).
 *
 * <p>Instances exist only through {@link SpecCodec#read} or {@link #of}, which validate the body
 * exactly (see {@link KNormCodec}); the sampler is built once at load and shared.
 */
public final class KNormSpec implements MechanismSpec {
    /** The mechanism kind name in JSON. */
    public static final String KIND = "knorm";

    /** Where the stored adjacent points come from. */
    public enum PointSource {
        /** Computed exactly from the problem's statistic (e.g. the vertices of a multilinear map on a box). */
        EXACT("exact"),
        /** Taken from records or differences the user declared complete. */
        ASSERTED("asserted");

        private final String json;

        PointSource(String json) {
            this.json = json;
        }

        public String json() {
            return json;
        }
    }

    private final JsonObject mechanism;
    private final Relation relation;
    private final BigDecimal epsilon;
    private final BigDecimal certifiedEpsilon;
    private final JsonObject design;
    private final JsonObject provenance;
    private final KNormCodec.Checked checked;

    KNormSpec(JsonObject mechanism, Relation relation, BigDecimal epsilon, BigDecimal certifiedEpsilon, JsonObject design, JsonObject provenance,
            KNormCodec.Checked checked) {
        this.mechanism = Objects.requireNonNull(mechanism, "mechanism");
        this.relation = Objects.requireNonNull(relation, "relation");
        this.epsilon = Objects.requireNonNull(epsilon, "epsilon");
        this.certifiedEpsilon = Objects.requireNonNull(certifiedEpsilon, "certifiedEpsilon");
        this.design = Objects.requireNonNull(design, "design");
        this.provenance = Objects.requireNonNull(provenance, "provenance");
        this.checked = Objects.requireNonNull(checked, "checked");
    }

    /**
     * Validates a {@code mechanism} block (kind {@code knorm}) with its privacy claim, as the loader does.
     *
     * @throws InvalidSpecException naming the first field that is wrong (pointers under {@code /mechanism} and {@code /privacy})
     */
    public static KNormSpec of(JsonObject mechanism, Relation relation, BigDecimal epsilon, BigDecimal certifiedEpsilon, JsonObject design,
            JsonObject provenance) throws InvalidSpecException {
        return KNormCodec.build(mechanism, relation, epsilon, certifiedEpsilon, design, provenance);
    }

    /**
     * The rounding term ρ of a mechanism block's body: a {@code lattice} block for it must state
     * {@code lattice_sensitivity} = Δ/2^e + ρ ({@link LatticeSampler#latticeSensitivity}); the loader re-derives it the same way.
     *
     * @throws InvalidSpecException when the block is invalid or its body has no exact lattice sampler (l2, linear image, subspace)
     */
    public static Rational latticeRoundingTerm(JsonObject mechanism) throws InvalidSpecException {
        try {
            return KNormCodec.latticeRoundingTerm(mechanism);
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    /** The validated {@code mechanism} block, as stored. */
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
    public BigDecimal certifiedEpsilon() {
        return certifiedEpsilon;
    }

    /** K-norm specs are pure DP. */
    @Override
    public BigDecimal delta() {
        return BigDecimal.ZERO;
    }

    @Override
    public BigDecimal certifiedDelta() {
        return BigDecimal.ZERO;
    }

    @Override
    public Numerics numerics() {
        return checked.lattice() != null ? Numerics.EXACT : Numerics.IDEALIZED;
    }

    /** The exact lattice sampler when the spec has a {@code lattice} block (then {@link #numerics()} is exact). */
    public Optional<LatticeSampler> latticeSampler() {
        return Optional.ofNullable(checked.lattice());
    }

    @Override
    public JsonObject design() {
        return design;
    }

    @Override
    public JsonObject provenance() {
        return provenance;
    }

    /** The statistic's dimension d. */
    public int dimension() {
        return checked.dimension();
    }

    /** The dimension k of the noise (the subspace's when the adjacent output space is degenerate). */
    public int noiseDimension() {
        return checked.sampler().body().dimension();
    }

    /** The body's type in JSON: {@code ball}, {@code polytope}, {@code linear-image} or {@code halfspaces}. */
    public String bodyType() {
        return checked.bodyType();
    }

    /** Δ_K as stored. */
    public BigDecimal sensitivity() {
        return checked.sensitivity();
    }

    /** The ε the noise is calibrated to (at most the certified ε). */
    public BigDecimal noiseEpsilon() {
        return checked.noiseEpsilon();
    }

    /** The source of the stored adjacent points; empty when Δ is the designer's bound and could not be re-checked at load. */
    public Optional<PointSource> pointSource() {
        return Optional.ofNullable(checked.pointSource());
    }

    /**
     * Whether Δ was re-derived at load from the statistic stored in {@code design.problem}: every adjacent output of the
     * recorded statistic (finite forms: multilinear features, records, differences) checked exactly against Δ. When false
     * (a curved statistic, no recorded problem, or too large to re-check), Δ is the designer's word, and the runtime policy
     * refuses the spec unless it is signed by a trusted key or unchecked sensitivity is explicitly allowed.
     */
    @Override
    public boolean sensitivityRechecked() {
        return checked.recheck().rechecked();
    }

    /** How Δ was (or why it was not) re-derived at load, in one sentence. */
    public String sensitivityCheck() {
        return checked.recheck().note();
    }

    /** How many adjacent points Δ was re-checked against (each with its negative); 0 when none are stored. */
    public int pointCount() {
        return checked.pointCount();
    }

    /**
     * The largest gauge of a stored adjacent point, rounded up to a double (at most Δ: the loader checked it exactly);
     * empty when no points are stored.
     */
    public Optional<Double> largestPointGauge() {
        return Optional.ofNullable(checked.largestGauge());
    }

    /**
     * Whether every given point y and its negative −y has K-norm at most Δ, decided exactly: each point is
     * {@code numerators[i] / denominator} (integers over one positive denominator). A job that computes the
     * statistic itself uses this to check that the stored noise covers what one privacy unit can change.
     *
     * @throws UnsupportedOperationException for a spec whose noise lives in a subspace (the points would first have to be
     *     shown to lie in it)
     * @throws IllegalArgumentException for a point of the wrong length or a denominator ≤ 0
     */
    public boolean withinSensitivity(BigInteger[][] numerators, BigInteger denominator) {
        if (checked.coverage() == null) {
            throw new UnsupportedOperationException("this spec's noise lives in a subspace of the statistic; exact coverage checks need a full-dimensional body");
        }
        if (denominator.signum() <= 0) {
            throw new IllegalArgumentException("denominator must be > 0. Provided value: " + denominator);
        }
        Rational t = Rational.of(sensitivity()).multiply(Rational.of(denominator));
        for (BigInteger[] y : numerators) {
            if (y.length != dimension()) {
                throw new IllegalArgumentException("each point must have " + dimension() + " coordinates. Provided: " + y.length);
            }
            if (!checked.coverage().within(y.clone(), t)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The floating-point sampler built from the stored body at load (immutable, thread-safe). A lattice spec has one
     * too, but it releases through {@link #latticeSampler()}; this one is only for inspecting the body.
     *
     * @param policy must allow idealized numerics: this sampler is floating point
     * @throws IllegalStateException when the policy refuses idealized numerics
     */
    public KNormSampler sampler(NumericsPolicy policy) {
        policy.check(Numerics.IDEALIZED);
        return checked.sampler();
    }
}
