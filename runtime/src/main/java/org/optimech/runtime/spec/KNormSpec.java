package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.knorm.UnitBody;
import org.optimech.runtime.lattice.LatticeGauge;
import org.optimech.runtime.lattice.LatticeSampler;

/**
 * A K-norm mechanism spec (kind {@code knorm}): a vector statistic of dimension d released as T + B·(r·U),
 * r ~ Gamma(k+1, Δ/ε) and U uniform in the stored unit body (ERRATA K1, K12). Pure ε-DP over the real numbers when every
 * adjacent output has K-norm at most Δ; sampled in floating point, so {@link #numerics()} is {@code idealized}. With a
 * lattice block the release is the discretized mechanism on 2^e·ℤ^d instead, sampled exactly ({@code numerics: exact};
 * proof in {@code docs/LATTICE_KNORM.md}).
 *
 * <p>The typed {@link KNormBlock} holds the stored numbers; every way to obtain a spec ({@link #of}, and the codec's
 * loading) checks them exactly first ({@link BodyChecks}: the body's convexity and tiling, Δ over the stored points and
 * over every adjacent output of the recorded statistic, the lattice sensitivity, a half-space body's acceptance rate). A
 * spec is read-only data: it hands out no sampler. The runtime's mechanisms ({@code Mechanisms.of(spec, policy)}) build the
 * samplers from the checked geometry below, under the policy's numerics choice. Immutable and thread-safe.
 */
public final class KNormSpec extends AbstractMechanismSpec implements MechanismSpec {
    /** The mechanism kind name in JSON. */
    public static final String KIND = KNormBlock.KIND;
    /**
     * The noise scale sensitivity/noise_epsilon a K-norm spec may state lies in [2^-e, 2^e] for this e: noise and releases stay
     * normal doubles whatever the statistic (the loader refuses other scales; the designer refuses problems that would need them).
     */
    public static final int MAX_NOISE_SCALE_EXPONENT = 900;

    /** The spec as a K-norm spec (by its visitor), or empty for the other kinds. */
    public static java.util.Optional<KNormSpec> of(MechanismSpec spec) {
        return spec.accept(new Otherwise<java.util.Optional<KNormSpec>>() {
            @Override
            protected java.util.Optional<KNormSpec> otherwise(MechanismSpec other) {
                return java.util.Optional.empty();
            }

            @Override
            public java.util.Optional<KNormSpec> visit(KNormSpec knorm) {
                return java.util.Optional.of(knorm);
            }
        });
    }

    private final KNormBlock block;
    private final BodyChecks.Checked checked;

    private KNormSpec(KNormBlock block, Relation relation, BigDecimal epsilon, BigDecimal certifiedEpsilon, JsonObject design, JsonObject provenance,
            JsonObject document, BodyChecks.Checked checked) {
        super(relation, epsilon, BigDecimal.ZERO, certifiedEpsilon, BigDecimal.ZERO, design, provenance, document); // pure DP
        this.block = block;
        this.checked = checked;
    }

    /**
     * A spec from its parts, checked exactly as the loader checks it, with its sealed document.
     *
     * @throws InvalidSpecException naming the first field that is wrong (pointers as in the spec file)
     */
    public static KNormSpec of(KNormBlock block, Relation relation, BigDecimal epsilon, BigDecimal certifiedEpsilon, JsonObject design, JsonObject provenance)
            throws InvalidSpecException {
        Objects.requireNonNull(block, "block");
        Numerics numerics = block.lattice() != null ? Numerics.EXACT : Numerics.IDEALIZED;
        JsonObject doc = SpecCodec.sealContinuous(KNormJson.write(block), relation, epsilon, BigDecimal.ZERO, certifiedEpsilon, BigDecimal.ZERO, numerics, design,
                provenance);
        return read(block, relation, epsilon, certifiedEpsilon, design, provenance, doc);
    }

    /** The codec's way in: the document as read (its digest already checked). */
    static KNormSpec read(KNormBlock block, Relation relation, BigDecimal epsilon, BigDecimal certifiedEpsilon, JsonObject design, JsonObject provenance,
            JsonObject document) throws InvalidSpecException {
        try {
            SpecCodec.checkStatement(epsilon, BigDecimal.ZERO, certifiedEpsilon, BigDecimal.ZERO);
            return new KNormSpec(block, relation, epsilon, certifiedEpsilon, design, provenance, document, BodyChecks.check(block, certifiedEpsilon, relation, design));
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
    }

    /**
     * The rounding term ρ of a block's body: a lattice block for it must state lattice_sensitivity = Δ/2^e + ρ
     * ({@link LatticeSampler#latticeSensitivity}); the loader re-derives it the same way.
     *
     * @throws InvalidSpecException when the body has no exact lattice sampler (l2, linear image, subspace)
     */
    public static Rational latticeRoundingTerm(KNormBlock block) throws InvalidSpecException {
        try {
            return BodyChecks.latticeRoundingTerm(block);
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
    }

    /**
     * Why an exact lattice release of this block's body at spacing 2^exponent would be refused at load (its sampler cannot certify
     * an acceptance rate there; the loader's message), or empty when it would load.
     *
     * @throws InvalidSpecException when the body has no exact lattice sampler at all ({@link #latticeRoundingTerm} says why)
     */
    public static java.util.Optional<String> latticeRefusal(KNormBlock block, int exponent) throws InvalidSpecException {
        latticeRoundingTerm(block);
        try {
            return BodyChecks.latticeRefusal(block, exponent);
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    /** The typed mechanism block, as stored. */
    public KNormBlock block() {
        return block;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public Numerics numerics() {
        return checked.lattice() != null ? Numerics.EXACT : Numerics.IDEALIZED;
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

    /**
     * The checked lattice noise when the spec has a lattice block (then {@link #numerics()} is exact): the spacing 2^e, the
     * rate ε/Δ_L of the noise ∝ exp(−rate·‖z‖_K) on the lattice, the exact gauge and the attempt cap, all re-derived at load.
     */
    public Optional<LatticeNoise> latticeNoise() {
        return Optional.ofNullable(checked.lattice());
    }

    /**
     * The checked unit body K in floating point (its gauge ‖·‖_K, in the noise's k coordinates): the geometry the idealized
     * sampler draws from once a mechanism adds the Gamma radius and the scale Δ/ε. Immutable.
     */
    public UnitBody unitBody() {
        return checked.unit();
    }

    /** The statistic's dimension d. */
    public int dimension() {
        return block.dimension();
    }

    /** The dimension k of the noise (the subspace's when the adjacent output space is degenerate). */
    public int noiseDimension() {
        return block.noiseDimension();
    }

    /** The stored body. */
    public Body body() {
        return block.body();
    }

    /** The body's type in JSON: {@code ball}, {@code polytope}, {@code linear-image} or {@code halfspaces}. */
    public String bodyType() {
        return block.body().type();
    }

    /** Δ_K as stored. */
    public BigDecimal sensitivity() {
        return block.sensitivity();
    }

    /** The ε the noise is calibrated to (at most the certified ε). */
    public BigDecimal noiseEpsilon() {
        return block.noiseEpsilon();
    }

    /**
     * For a spec whose noise lives in a subspace V = {x = B·x[pivots]}: the offset q0 with t(x) − B·t(x)[pivots] = q0 for every
     * record (zero on the pivots; all zero under add/remove), so the statistic of n records lies in n·q0 + V. Derived at load
     * in exact arithmetic from the statistic recorded in {@code design.problem} and rounded to doubles. Empty without a
     * subspace, or under substitution when the spec records no statistic the runtime can evaluate on a record: then no
     * floating-point release is built for it, since the part of a caller's statistic off V could not be told from the public
     * n·q0 and would be published with no noise.
     */
    public Optional<double[]> subspaceRecordOffset() {
        Rational[] q = checked.recordOffset();
        if (q == null) {
            return Optional.empty();
        }
        double[] out = new double[q.length];
        for (int j = 0; j < q.length; j++) {
            out[j] = q[j].doubleValue();
        }
        return Optional.of(out);
    }

    /**
     * For a body in the hyperplane Σx = 0 (a permutohedron without prism): σ, the sum of one record's contributions (0 under
     * add/remove; the recorded ranking's score sum under substitution), so the statistic of n records sums to n·σ. Empty for
     * other bodies, or when the spec records no ranking: then no floating-point release is built for it.
     */
    public Optional<Double> hyperplaneRecordSum() {
        return Optional.ofNullable(checked.hyperplaneSum()).map(Rational::doubleValue);
    }

    /** The subspace the noise lives in, when the adjacent outputs span a proper one. */
    public Optional<KNormBlock.Subspace> subspace() {
        return Optional.ofNullable(block.subspace());
    }

    /** The source of the stored adjacent points; empty when none are stored. */
    public Optional<KNormBlock.PointSource> pointSource() {
        return Optional.ofNullable(block.adjacentPoints()).map(KNormBlock.AdjacentPoints::source);
    }

    /** How many adjacent points Δ was re-checked against (each with its negative); 0 when none are stored. */
    public int pointCount() {
        return block.adjacentPoints() == null ? 0 : block.adjacentPoints().points().length;
    }

    /**
     * The largest gauge of a stored adjacent point, in floating point (at most Δ: the loader checked it exactly); empty when
     * no points are stored.
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
     * The lattice release of a spec, as certified at load (read-only data: the proposal and its certified acceptance, no
     * sampler tables; {@code Mechanisms} builds the sampler from this certificate, so it is certified once).
     *
     * @param certified the lattice sampler's certificate ({@link LatticeSampler#certify}), made by the loader
     */
    public record LatticeNoise(LatticeSampler.Certified certified) {
        public LatticeNoise {
            java.util.Objects.requireNonNull(certified, "certified");
        }

        /** The spacing exponent e (the lattice is 2^e·ℤ^d). */
        public int exponent() {
            return certified.exponent();
        }

        /** ε/Δ_L, the rate of the noise ∝ exp(−rate·‖z‖_K) in lattice units. */
        public Rational rate() {
            return certified.rate();
        }

        /** The body's exact gauge on the lattice. */
        public LatticeGauge gauge() {
            return certified.gauge();
        }

        /** The cap on box proposals per draw for a facet body. */
        public long maxAttempts() {
            return certified.maxAttempts();
        }
    }
}
