package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Optional;
import org.optimech.runtime.certificate.GeometricDual;
import org.optimech.runtime.discrete.DiscreteDomain;
import org.optimech.runtime.discrete.DiscreteJson;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.Remap;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;

/**
 * The loader's re-check of a structural Bayes design's optimality certificate ({@code design.optimality}, kind
 * {@code geometric-dual}) from the spec's own numbers: the recorded problem's prior, named distance loss and ε, and the
 * stored remap. The dual bound is recomputed with the designer's functions ({@link GeometricDual#ofRemap}), so an honest
 * spec reproduces its {@code lower_bound} bit for bit (to a relative 1e-9 for specs written before it stated
 * {@code gap_tolerance}, whose dual came from the designer's own roundings, and for remaps whose column values take more than
 * 2^26 correction terms, which a designer before the moments summed one by one); the stored risk is recomputed from the geometric noise at
 * {@code noise_epsilon} and the remap. A spec is refused, naming the field, when its lower bound is above the re-derived
 * one, its stored risk is below the recomputed risk (beyond a relative 1e-9 for the summation order), its relative gap is
 * understated, or it claims {@code certified} with a gap above its tolerance. Minimax designs, explicit loss matrices and
 * specs without a bound ({@code theorem-only}) are not re-checked; {@link #recheck} then says so by returning false.
 *
 * <p>Optimality is a claim about risk, not privacy: privacy is re-checked separately from ε and the path graph.
 */
final class StructuralOptimality {
    static final String POINTER = "/design/optimality";
    /** The designer's default tolerance, which specs written before {@code gap_tolerance} was stored were certified against. */
    static final double DEFAULT_GAP_TOLERANCE = 1e-4;
    /**
     * Relative slack for the lower bound of a spec written before the designer used the runtime's functions (no
     * {@code gap_tolerance}): its dual came from other roundings of the same column values (measured: 1e-13 relative). The
     * same for a remap beyond the direct-summing budget ({@link GeometricDual.Columns#allDirect()} false), whose column values
     * a designer before that budget summed one by one (forced on honest designs: 5e-11 relative at most).
     */
    static final double LEGACY_SLACK = 1e-9;
    /** Relative slack for the stored risk against the recomputed one (both sum about 10^6·window terms, in different orders). */
    static final double RISK_SLACK = 1e-9;

    private StructuralOptimality() {
    }

    /**
     * Re-checks the certificate when the spec states one that the runtime can re-derive.
     *
     * @return whether the certificate was re-checked (false: nothing to check, or a form this re-check does not cover)
     * @throws FieldException naming the field of a certificate the spec's numbers do not support
     */
    static boolean recheck(IntegerRange inputs, DiscreteDomain outputs, BigDecimal noiseEpsilon, Remap remap, JsonObject design) throws FieldException {
        requireCheckableClaim(design);
        if (!covers(design, outputs) || !(outputs instanceof IntegerRange out)) {
            return false;
        }
        JsonObject o = design.get("optimality").flatMap(JsonValue::object).orElseThrow();
        JsonObject p = design.get("problem").flatMap(JsonValue::object).orElseThrow();
        String pp = "/design/problem";
        String lossName = p.get("loss").flatMap(JsonValue::string).orElseThrow();
        // the record must describe this mechanism's domains
        DiscreteDomain recordedInputs = DiscreteJson.readDomain(Fields.member(p, "inputs", pp), pp + "/inputs");
        DiscreteDomain recordedOutputs = p.has("outputs") ? DiscreteJson.readDomain(p.get("outputs").orElseThrow(), pp + "/outputs") : recordedInputs;
        if (!recordedInputs.equals(inputs) || !recordedOutputs.equals(outputs)) {
            throw new FieldException(pp, "the recorded problem's inputs and outputs are not the mechanism's (" + inputs + " onto " + outputs
                    + "), so its optimality certificate cannot be about this mechanism");
        }
        BigDecimal epsilon = Fields.exactNumber(Fields.member(p, "epsilon", pp), pp + "/epsilon");
        if (epsilon.signum() <= 0 || epsilon.compareTo(BigDecimal.valueOf(GeometricDual.MAX_EPSILON)) > 0) {
            // beyond it the verification's enclosure of e^-epsilon is not proven, so a stated bound cannot be re-derived
            throw new FieldException(pp + "/epsilon", "must be > 0 and at most " + GeometricDual.MAX_EPSILON + " (the designer's limit) for the optimality "
                    + "certificate to be re-derived. Provided value: " + epsilon);
        }
        int count = inputs.size();
        double[] prior = prior(p.get("prior").orElse(null), count, pp + "/prior");
        double[] scale = new double[count];
        for (int i = 0; i < count; i++) {
            // as the designer's named losses: relative divides by max(|x|, 1)
            scale[i] = lossName.equals("relative") ? 1.0 / Math.max(Math.abs((double) inputs.longValueAt(i)), 1.0) : 1.0;
        }
        GeometricDual.Distance loss = new GeometricDual.Distance(inputs, out, lossName.equals("squared") ? 2 : 1, scale);

        double eps = epsilon.doubleValue();
        // GeometricDual.ofRemap with b kept for the risk (the designer's own derivation when this is the spec of a design just certified)
        GeometricDual.Derived derived = GeometricDual.derive(prior, loss, eps, remap);
        GeometricDual.Columns columns = derived.columns();
        double[] b = columns.values();
        GeometricDual.Bound bound = derived.bound();
        double stored = Fields.finiteDouble(Fields.member(o, "lower_bound", POINTER), POINTER + "/lower_bound");
        if (!bound.computed()) {
            throw new FieldException(POINTER + "/lower_bound", "states a lower bound that the runtime cannot re-derive from the recorded problem and the remap: "
                    + bound.reason() + ". Provided value: " + stored);
        }
        // a spec written with the runtime's functions (it states gap_tolerance) reproduces its bound exactly; an older one took
        // its dual from the designer's own column values, a rigorous bound too, which the re-derivation matches to rounding.
        // So may one written before long corrections came from the moments (more than 2^26 correction terms: none measured
        // among honest certified designs; 5e-11 apart when forced)
        boolean sameFunctions = o.has("gap_tolerance") && columns.allDirect();
        if (sameFunctions ? stored > bound.lowerBound() : stored > bound.lowerBound() + LEGACY_SLACK * Math.abs(bound.lowerBound())) {
            throw new FieldException(POINTER + "/lower_bound", "is above the lower bound re-derived from the recorded problem and the remap ("
                    + bound.lowerBound() + ", dual deficit " + bound.deficit() + "): the certificate does not hold. Provided value: " + stored);
        }
        double noise = noiseEpsilon.doubleValue();
        double risk = GeometricDual.bayesRisk(noise == eps ? b : GeometricDual.columnValues(prior, loss, noise, remap), noise);
        double value = Fields.finiteDouble(Fields.member(design, "objective_value", "/design"), "/design/objective_value");
        if (value < risk - RISK_SLACK * Math.abs(risk)) {
            throw new FieldException("/design/objective_value", "is below the Bayes risk of the stored mechanism recomputed from the recorded problem, noise_epsilon "
                    + "and the remap (" + risk + "): the certificate's gap would be understated. Provided value: " + value);
        }
        double lossScale = Math.max(Math.abs(value), Math.max(Double.MIN_NORMAL, 1e-12 * Math.abs(loss.max())));
        double gap = Math.max(0, (value - stored) / lossScale);
        // the gap from the re-derived bound: a legacy spec may state its bound and gap within LEGACY_SLACK of it, no more
        double rederivedGap = Math.max(0, (value - bound.lowerBound()) / lossScale);
        double slack = sameFunctions ? 0 : LEGACY_SLACK * Math.abs(bound.lowerBound()) / lossScale;
        double statedGap = Fields.finiteDouble(Fields.member(o, "relative_gap", POINTER), POINTER + "/relative_gap");
        if (statedGap < gap || statedGap < rederivedGap - slack) {
            throw new FieldException(POINTER + "/relative_gap", "is below (objective_value - lower_bound) / scale = " + Math.max(gap, rederivedGap - slack)
                    + ". Provided value: " + statedGap);
        }
        double tolerance = o.has("gap_tolerance") ? Fields.finiteDouble(o.get("gap_tolerance").orElseThrow(), POINTER + "/gap_tolerance") : DEFAULT_GAP_TOLERANCE;
        if (!(tolerance > 0 && tolerance < 1)) {
            // a relative gap of 1 or more certifies nothing (the bound would be at most 0)
            throw new FieldException(POINTER + "/gap_tolerance", "must be > 0 and < 1. Provided value: " + tolerance);
        }
        boolean certified = o.get("certified").flatMap(JsonValue::bool).orElse(false);
        if (certified && !(Math.max(gap, rederivedGap) <= tolerance)) {
            throw new FieldException(POINTER + "/certified", "is true but the re-derived relative gap " + Math.max(gap, rederivedGap) + " exceeds the tolerance "
                    + tolerance);
        }
        return true;
    }

    /**
     * A Bayes design with a named loss that claims to be certified must state the certificate this re-check covers: the
     * designer writes {@code geometric-dual} with a {@code lower_bound} and one of the three distance losses for it, so any
     * other form of that claim (another kind, a missing bound, a loss name spelled otherwise) would skip the re-check while
     * still reading as certified. Minimax, loss matrices, the zero-one loss (the designer's bound from its dense posterior
     * loss, which this re-check does not derive, as for a matrix) and uncertified ({@code theorem-only}) designs are not
     * concerned.
     */
    private static void requireCheckableClaim(JsonObject design) throws FieldException {
        Optional<JsonObject> optimality = design.get("optimality").flatMap(JsonValue::object);
        Optional<JsonObject> recorded = design.get("problem").flatMap(JsonValue::object);
        if (optimality.isEmpty() || recorded.isEmpty() || !optimality.get().get("certified").flatMap(JsonValue::bool).orElse(false)
                || !recorded.get().get("objective").flatMap(JsonValue::string).filter("bayes"::equals).isPresent()) {
            return;
        }
        Optional<String> loss = recorded.get().get("loss").flatMap(JsonValue::string);
        if (loss.isEmpty() || loss.get().equals("zero-one")) {
            return; // a loss matrix or the zero-one loss: not re-derivable here (covers() says so), the designer's statement
        }
        if (!(loss.get().equals("absolute") || loss.get().equals("squared") || loss.get().equals("relative"))) {
            throw new FieldException("/design/problem/loss", "a certified structural Bayes design records one of the distance losses absolute, squared or "
                    + "relative, whose certificate the loader re-derives. Provided value: " + loss.get());
        }
        JsonObject o = optimality.get();
        if (!o.get("kind").flatMap(JsonValue::string).filter("geometric-dual"::equals).isPresent()) {
            throw new FieldException(POINTER + "/kind", "a certified structural Bayes design with a distance loss states its certificate as geometric-dual, "
                    + "which the loader re-derives. Provided value: " + o.get("kind").map(v -> v.string().orElseGet(v::toString)).orElse("(missing)"));
        }
        if (!o.has("lower_bound")) {
            throw new FieldException(POINTER + "/lower_bound", "is missing: a certified geometric-dual certificate states its lower bound");
        }
    }

    /**
     * Whether {@link #recheck} covers a spec's certificate: a {@code geometric-dual} bound stated for a Bayes problem with a
     * named distance loss (absolute, squared, relative) onto an integer range.
     */
    static boolean covers(JsonObject design, DiscreteDomain outputs) {
        Optional<JsonObject> optimality = design.get("optimality").flatMap(JsonValue::object);
        Optional<JsonObject> recorded = design.get("problem").flatMap(JsonValue::object);
        if (optimality.isEmpty() || recorded.isEmpty() || !optimality.get().has("lower_bound")
                || !optimality.get().get("kind").flatMap(JsonValue::string).filter("geometric-dual"::equals).isPresent()) {
            return false;
        }
        JsonObject p = recorded.get();
        Optional<String> loss = p.get("loss").flatMap(JsonValue::string);
        return p.get("objective").flatMap(JsonValue::string).filter("bayes"::equals).isPresent() && outputs instanceof IntegerRange
                && loss.filter(l -> l.equals("absolute") || l.equals("squared") || l.equals("relative")).isPresent();
    }

    /** The recorded prior: "uniform" (1/n each, as the designer fills it) or one finite probability ≥ 0 per input. */
    private static double[] prior(JsonValue v, int count, String ptr) throws FieldException {
        double[] p = new double[count];
        if (v == null || v.string().filter("uniform"::equals).isPresent()) {
            Arrays.fill(p, 1.0 / count);
            return p;
        }
        JsonArray a = Fields.array(v, ptr);
        if (a.size() != count) {
            throw new FieldException(ptr, "must have one probability per input (" + count + "). Provided value: " + a.size() + " entries");
        }
        for (int i = 0; i < count; i++) {
            String ip = ptr + "/" + i;
            p[i] = Fields.finiteDouble(a.get(i), ip);
            if (p[i] < 0) {
                throw new FieldException(ip, "must be >= 0. Provided value: " + p[i]);
            }
        }
        return p;
    }
}
