package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.runtime.discrete.DiscreteDomain;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.Remap;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.noise.DiscreteLaplace;

/**
 * A structural discrete mechanism (kind {@code geometric-remap}): the input index i ∈ 0..n gets two-sided geometric noise
 * with α = e^{-noiseEpsilon}, is clamped to 0..n (the truncated geometric mechanism), and the result is post-processed by a
 * {@link Remap} to an output index.
 *
 * <p>Its privacy follows from structure, not from a table: on the path graph, neighbouring indices i and i+1 give each
 * intermediate value with probability ratio exactly e^{±noiseEpsilon}, and a remap is post-processing. So the spec is valid
 * exactly when the neighbour graph is the path and {@code noiseEpsilon ≤ certified_epsilon}, which every way to obtain one
 * ({@link #of} and the loader) checks. Stores O(n) numbers instead of a dense (n+1)×|Ω| table. Immutable.
 */
public final class GeometricRemapSpec extends AbstractMechanismSpec implements DiscreteSpec {
    /** The mechanism kind name in JSON. */
    public static final String KIND = "geometric-remap";

    private final IntegerRange inputs;
    private final DiscreteDomain outputs;
    private final BigDecimal noiseEpsilon;
    private final Remap remap;
    private final PrivacyGuarantee privacy;

    private GeometricRemapSpec(IntegerRange inputs, DiscreteDomain outputs, BigDecimal noiseEpsilon, Remap remap, PrivacyGuarantee privacy, JsonObject design,
            JsonObject provenance, JsonObject document) {
        super(privacy.relation(), privacy.epsilon(), privacy.delta(), privacy.certifiedEpsilon(), privacy.certifiedDelta(), design, provenance, document);
        this.inputs = inputs;
        this.outputs = outputs;
        this.noiseEpsilon = noiseEpsilon;
        this.remap = remap;
        this.privacy = privacy;
    }

    /**
     * A spec from its parts, checked as the loader checks it, with its sealed document.
     *
     * @throws InvalidSpecException naming the first field that is wrong (pointers as in the spec file)
     */
    public static GeometricRemapSpec of(IntegerRange inputs, DiscreteDomain outputs, BigDecimal noiseEpsilon, Remap remap, PrivacyGuarantee privacy,
            JsonObject design, JsonObject provenance) throws InvalidSpecException {
        Objects.requireNonNull(remap, "remap");
        Objects.requireNonNull(noiseEpsilon, "noiseEpsilon");
        Objects.requireNonNull(privacy, "privacy");
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(provenance, "provenance");
        JsonObject doc;
        try {
            doc = SpecCodec.sealChecked(SpecCodec.writeGeometricRemap(inputs, outputs, noiseEpsilon, remap), SpecCodec.privacyJson(privacy, inputs), design,
                    provenance);
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
        return read(inputs, outputs, noiseEpsilon, remap, privacy, design, provenance, doc);
    }

    /** The codec's way in: the document as read (its digest already checked). */
    static GeometricRemapSpec read(IntegerRange inputs, DiscreteDomain outputs, BigDecimal noiseEpsilon, Remap remap, PrivacyGuarantee privacy,
            JsonObject design, JsonObject provenance, JsonObject document) throws InvalidSpecException {
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(outputs, "outputs");
        Objects.requireNonNull(privacy, "privacy");
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(provenance, "provenance");
        try {
            SpecCodec.checkRecordedRelation(design, privacy.relation());
            if (noiseEpsilon.signum() <= 0 || noiseEpsilon.compareTo(privacy.certifiedEpsilon()) > 0) {
                throw new FieldException("/mechanism/noise_epsilon", "must be > 0 and at most certified_epsilon = " + privacy.certifiedEpsilon()
                        + " (the geometric mechanism is exactly noise_epsilon-DP, no better). Provided value: " + noiseEpsilon);
            }
            try {
                DiscreteLaplace.of(noiseEpsilon);
            } catch (IllegalArgumentException e) {
                throw new FieldException("/mechanism/noise_epsilon", e.getMessage());
            }
            if (remap.rows() != inputs.size() || remap.outputCount() != outputs.size()) {
                throw new FieldException("/mechanism/remap", "the remap is " + remap.rows() + " rows onto " + remap.outputCount() + " outputs but the domains "
                        + "have " + inputs.size() + " inputs and " + outputs.size() + " outputs");
            }
            if (privacy.neighbours().kind() != NeighbourGraph.Kind.PATH || privacy.neighbours().size() != inputs.size()) {
                throw new FieldException("/privacy/neighbours", "a geometric-remap mechanism is private only on the path graph over its " + inputs.size()
                        + " inputs. Provided value: " + privacy.neighbours());
            }
            if (privacy.numerics() != Numerics.EXACT) {
                throw new FieldException("/privacy/numerics", "a geometric-remap mechanism is sampled exactly; numerics must be exact");
            }
            StructuralOptimality.recheck(inputs, outputs, noiseEpsilon, remap, design);
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
        return new GeometricRemapSpec(inputs, outputs, noiseEpsilon, remap, privacy, design, provenance, document);
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public IntegerRange inputs() {
        return inputs;
    }

    @Override
    public DiscreteDomain outputs() {
        return outputs;
    }

    /** The ε of the geometric noise (at most the certified ε). */
    public BigDecimal noiseEpsilon() {
        return noiseEpsilon;
    }

    /**
     * Whether the loader re-derived the design's optimality certificate from the spec's numbers: a Bayes design with a
     * named distance loss and a stated bound (see the README). Both ways to obtain a spec ({@link #of} and the loader) run
     * the re-check and refuse a certificate that does not hold, so a spec of that form that exists has passed it.
     */
    public boolean optimalityRechecked() {
        return StructuralOptimality.covers(design(), outputs);
    }

    /** The post-processing from noisy input indices to outputs. */
    public Remap remap() {
        return remap;
    }

    @Override
    public PrivacyGuarantee privacy() {
        return privacy;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }
}
