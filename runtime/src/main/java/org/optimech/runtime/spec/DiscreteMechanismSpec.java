package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Objects;
import java.util.Optional;
import org.optimech.runtime.discrete.DiscreteDomain;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.PrivacyChecks;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.exact.ExpBounds;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonObject;

/**
 * A discrete mechanism spec (kind {@code discrete-table}): domains, the exact weight table, the privacy guarantee, and the
 * designer's free-form design and provenance blocks. Every way to obtain one ({@link #of}, and the loader) checks the shapes
 * and re-checks the privacy claim exactly from the stored integers: every neighbour ratio against a rational lower bound of
 * e^certified_epsilon, or for δ &gt; 0 the exact hockey-stick divergence against certified_delta. Immutable.
 */
public final class DiscreteMechanismSpec extends AbstractMechanismSpec implements DiscreteSpec {
    /** The mechanism kind name in JSON. */
    public static final String KIND = "discrete-table";

    private final DiscreteDomain inputs;
    private final DiscreteDomain outputs;
    private final WeightTable weights;
    private final PrivacyGuarantee privacy;

    private DiscreteMechanismSpec(DiscreteDomain inputs, DiscreteDomain outputs, WeightTable weights, PrivacyGuarantee privacy, JsonObject design,
            JsonObject provenance, JsonObject document) {
        super(privacy.relation(), privacy.epsilon(), privacy.delta(), privacy.certifiedEpsilon(), privacy.certifiedDelta(), design, provenance, document);
        this.inputs = inputs;
        this.outputs = outputs;
        this.weights = weights;
        this.privacy = privacy;
    }

    /**
     * A spec from its parts, checked exactly as the loader checks it (shapes, then every privacy constraint from the
     * integers), with its sealed document.
     *
     * @throws InvalidSpecException naming the first field that is wrong (pointers as in the spec file)
     */
    public static DiscreteMechanismSpec of(DiscreteDomain inputs, DiscreteDomain outputs, WeightTable weights, PrivacyGuarantee privacy, JsonObject design,
            JsonObject provenance) throws InvalidSpecException {
        Objects.requireNonNull(weights, "weights");
        Objects.requireNonNull(privacy, "privacy");
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(provenance, "provenance");
        JsonObject doc;
        try {
            doc = SpecCodec.sealChecked(SpecCodec.writeTable(inputs, outputs, weights), SpecCodec.privacyJson(privacy, inputs), design, provenance);
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
        return read(inputs, outputs, weights, privacy, design, provenance, doc);
    }

    /** The codec's way in: the document as read (its digest already checked). */
    static DiscreteMechanismSpec read(DiscreteDomain inputs, DiscreteDomain outputs, WeightTable weights, PrivacyGuarantee privacy, JsonObject design,
            JsonObject provenance, JsonObject document) throws InvalidSpecException {
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(outputs, "outputs");
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(provenance, "provenance");
        try {
            if (weights.rows() != inputs.size() || weights.cols() != outputs.size()) {
                throw new FieldException("/mechanism/weights", "the table is " + weights.rows() + "x" + weights.cols() + " but the domains are " + inputs.size()
                        + " inputs x " + outputs.size() + " outputs");
            }
            if (privacy.neighbours().size() != inputs.size()) {
                throw new FieldException("/privacy/neighbours", "the graph has " + privacy.neighbours().size() + " inputs; the domain has " + inputs.size());
            }
            if (privacy.inputPolicy() == InputPolicy.CLAMP && !(inputs instanceof IntegerRange)) {
                throw new FieldException("/privacy/input_policy", "\"clamp\" needs an integer range of inputs; labels take \"default\" (with default_input)");
            }
            if (privacy.numerics() != Numerics.EXACT) {
                throw new FieldException("/privacy/numerics", "a discrete table is sampled exactly; numerics must be exact");
            }
            SpecCodec.checkRecordedRelation(design, privacy.relation());
            checkPrivacy(weights, privacy, inputs);
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
        return new DiscreteMechanismSpec(inputs, outputs, weights, privacy, design, provenance, document);
    }

    private static void checkPrivacy(WeightTable w, PrivacyGuarantee p, DiscreteDomain inputs) throws FieldException {
        BigInteger r = ExpBounds.lowerNumerator(p.certifiedEpsilon());
        if (p.isPure()) {
            Optional<PrivacyChecks.RatioViolation> v = PrivacyChecks.firstRatioViolation(w, p.neighbours(), r);
            if (v.isPresent()) {
                PrivacyChecks.RatioViolation x = v.get();
                throw new FieldException("/mechanism/weights/" + x.from() + "/" + x.output(),
                        "violates the certified guarantee: neighbouring inputs " + Fields.quote(inputs.valueAt(x.from())) + " and "
                                + Fields.quote(inputs.valueAt(x.to())) + " give output " + x.output() + " with probability ratio "
                                + x.ratio() + " > e^certified_epsilon = e^" + p.certifiedEpsilon() + " (≥ " + ExpBounds.lowerAsDouble(p.certifiedEpsilon()) + ")");
            }
            return;
        }
        BigInteger n = PrivacyChecks.hockeyStickNumerator(w, p.neighbours(), r);
        BigDecimal bound = p.certifiedDelta().multiply(new BigDecimal(BigInteger.ONE.shiftLeft(PrivacyChecks.hockeyStickDenominatorBits(w))));
        if (new BigDecimal(n).compareTo(bound) > 0) {
            BigDecimal actual = new BigDecimal(n).divide(new BigDecimal(BigInteger.ONE.shiftLeft(PrivacyChecks.hockeyStickDenominatorBits(w))), MathContext.DECIMAL64);
            throw new FieldException("/privacy/certified_delta", "the stored weights are not (" + p.certifiedEpsilon() + ", " + p.certifiedDelta()
                    + ")-DP: their hockey-stick divergence at e^" + p.certifiedEpsilon() + " is " + actual.toString());
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public DiscreteDomain inputs() {
        return inputs;
    }

    @Override
    public DiscreteDomain outputs() {
        return outputs;
    }

    /** The exact weights: row i sums to 2^K. */
    public WeightTable weights() {
        return weights;
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
