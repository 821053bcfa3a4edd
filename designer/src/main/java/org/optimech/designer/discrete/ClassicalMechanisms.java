package org.optimech.designer.discrete;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.util.List;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.runtime.discrete.LabelSet;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.PrivacyGuarantee;
import org.optimech.runtime.spec.Relation;

/**
 * Classical mechanisms compiled to discrete specs, so they get the exact integer sampler and the
 * runtime's exact privacy re-check for free:
 * <ul>
 *   <li>the exponential mechanism P(ω | θ) ∝ exp(−ε·g(θ, ω)/(2Δ_g)) with the problem's loss as the score
 *       g and Δ_g = max over neighbours θ ~ θ' and outputs ω of |g(θ, ω) − g(θ', ω)| (ERRATA O1: the factor
 *       2 stays; normalised in log space);</li>
 *   <li>k-ary randomized response P(θ | θ) = e^ε/(e^ε + k − 1), a local-DP mechanism, hence on the
 *       complete neighbour graph.</li>
 * </ul>
 * Both are quantized over 2^K (rounding entries down, the residual on the largest) at ε(1 − 10⁻⁸) − 10⁻¹², so
 * that the exact certificate, rounded up to nine significant digits, stays at or below the request; the spec records
 * the certified ε. Neither is claimed optimal for any objective; the design block says so.
 */
public final class ClassicalMechanisms {
    /** The relative margin kept below the requested ε before quantization. */
    static final double MARGIN = 1e-8;
    /**
     * The absolute margin kept besides: quantization moves a log ratio by up to about 2^-45 (a double exponent near 62 carries
     * 2^-46 absolute), which at ε = 10^-6 exceeds the relative margin.
     */
    static final double ABSOLUTE_MARGIN = 1e-12;

    private ClassicalMechanisms() {
    }

    /**
     * The exponential mechanism for a pure-DP problem, scoring each output by the problem's loss.
     *
     * @throws IllegalArgumentException for a problem with δ > 0 (this is a pure-DP mechanism)
     */
    public static DiscreteMechanismSpec exponential(DiscreteProblem p, JsonObject provenance) {
        if (!p.isPure()) {
            throw new IllegalArgumentException("the exponential mechanism is pure DP; the problem asks for delta = " + p.delta());
        }
        int n = p.inputCount();
        int m = p.outputCount();
        double sens = 0;
        for (int[] e : p.neighbours().edges()) {
            for (int j = 0; j < m; j++) {
                sens = Math.max(sens, Math.abs(p.loss().at(e[0], j) - p.loss().at(e[1], j)));
            }
        }
        double eps = buildEpsilon(p.epsilon());
        double[][] logp = new double[n][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                logp[i][j] = sens == 0 ? 0 : -eps * p.loss().at(i, j) / (2 * sens);
            }
            normalizeLog(logp[i]);
        }
        WeightTable w = Quantizer.fromLog(logp);
        String formula = "P(output | input) proportional to exp(-epsilon * loss(input, output) / (2 * " + sens
                + ")), the loss's sensitivity over the neighbour graph; built at epsilon * (1 - 1e-8) - 1e-12, quantized over 2^" + w.denominatorBits();
        return certify(p.relation(), p.neighbours(), p.epsilon(), w, p.inputs(), p.outputs(), p.inputPolicy(), p.defaultInput(), "exponential-mechanism", formula, p.toJson(),
                risk(p, w), provenance);
    }

    /**
     * k-ary randomized response on a problem's inputs (their labels, in order) at its ε, out-of-domain values released as its
     * default input (the first one where the problem names none).
     */
    public static DiscreteMechanismSpec randomizedResponse(DiscreteProblem p, JsonObject provenance) {
        List<String> labels = new java.util.ArrayList<>();
        for (int i = 0; i < p.inputCount(); i++) {
            labels.add(p.inputs().valueAt(i));
        }
        return randomizedResponse(labels, p.epsilon(), Math.max(0, p.defaultInput()), provenance);
    }

    /**
     * k-ary randomized response on the labels, ε-local-DP: the complete neighbour graph, inputs = outputs; values outside the
     * labels are released as the first label (input policy default).
     */
    public static DiscreteMechanismSpec randomizedResponse(List<String> labels, BigDecimal epsilon, JsonObject provenance) {
        return randomizedResponse(labels, epsilon, 0, provenance);
    }

    /**
     * k-ary randomized response whose out-of-domain values are released as {@code labels.get(defaultInput)}: on the complete
     * graph every pair of values is a neighbour, so the mapping keeps ε-local-DP for every value.
     */
    public static DiscreteMechanismSpec randomizedResponse(List<String> labels, BigDecimal epsilon, int defaultInput, JsonObject provenance) {
        if (defaultInput < 0 || defaultInput >= labels.size()) {
            throw new IllegalArgumentException("default input must be a label index in [0, " + labels.size() + "). Provided value: " + defaultInput);
        }
        if (labels.size() < 2) {
            throw new IllegalArgumentException("randomized response needs at least 2 labels. Provided: " + labels.size());
        }
        if (epsilon.signum() <= 0 || epsilon.compareTo(DiscreteProblem.MAX_EPSILON) > 0) {
            throw new IllegalArgumentException("epsilon must be > 0 and at most " + DiscreteProblem.MAX_EPSILON + ". Provided value: " + epsilon);
        }
        int k = labels.size();
        double eps = buildEpsilon(epsilon);
        double[][] logp = new double[k][k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                logp[i][j] = i == j ? eps : 0;
            }
            normalizeLog(logp[i]);
        }
        WeightTable w = Quantizer.fromLog(logp);
        LabelSet domain = new LabelSet(labels);
        JsonObject problem = JsonObject.builder().put("kind", "randomized-response").put("labels", org.optimech.runtime.json.JsonArray.ofStrings(labels))
                .put("epsilon", epsilon.toString()).put("input_policy", "default").put("default_input", labels.get(defaultInput)).build();
        String formula = "P(truth) = e^epsilon / (e^epsilon + " + (k - 1) + "), each other label 1 / (e^epsilon + " + (k - 1)
                + "); local DP, so every pair of inputs are neighbours; built at epsilon * (1 - 1e-8) - 1e-12, quantized over 2^" + w.denominatorBits();
        return certify(Relation.SUBSTITUTION, NeighbourGraph.complete(k), epsilon, w, domain, domain, InputPolicy.DEFAULT, defaultInput, "randomized-response", formula, problem,
                Double.NaN, provenance);
    }

    /** The ε a table is built at before quantization: below the request by both margins. */
    static double buildEpsilon(BigDecimal requested) {
        return requested.doubleValue() * (1 - MARGIN) - ABSOLUTE_MARGIN;
    }

    private static void normalizeLog(double[] row) {
        double z = MechanismRepair.logSumExp(row);
        for (int j = 0; j < row.length; j++) {
            row[j] -= z;
        }
    }

    private static double risk(DiscreteProblem p, WeightTable w) {
        double total = 0;
        double worst = 0;
        for (int i = 0; i < p.inputCount(); i++) {
            double r = 0;
            for (int j = 0; j < p.outputCount(); j++) {
                r += p.loss().at(i, j) * w.probability(i, j);
            }
            total += p.priorAt(i) * r;
            worst = Math.max(worst, r);
        }
        return p.objective() == org.optimech.designer.problem.Objective.MINIMAX ? worst : total;
    }

    private static DiscreteMechanismSpec certify(Relation relation, NeighbourGraph g, BigDecimal epsilon, WeightTable w,
            org.optimech.runtime.discrete.DiscreteDomain inputs, org.optimech.runtime.discrete.DiscreteDomain outputs, InputPolicy policy, int defaultInput, String method,
            String formula, JsonObject problem, double risk, JsonObject provenance) {
        Certifier.EpsilonCertificate c = Certifier.epsilon(w, g, epsilon);
        if (c.epsilon().compareTo(epsilon) > 0) {
            throw new IllegalStateException("internal error: the quantized " + method + " certifies at " + c.epsilon() + " > requested " + epsilon);
        }
        PrivacyGuarantee privacy = new PrivacyGuarantee(relation, g, epsilon, BigDecimal.ZERO, c.epsilon(), BigDecimal.ZERO, Numerics.EXACT, policy, defaultInput);
        JsonObject.Builder design = JsonObject.builder()
                .put("method", method)
                .put("problem", problem)
                .put("formula", formula)
                .put("certified_epsilon_ln_max_ratio", new BigDecimal(c.lnMaxRatio()).round(MathContext.DECIMAL64).toString())
                .put("optimality", JsonObject.builder().put("certified", false)
                        .put("reason", "a classical mechanism compiled to a table, not designed for the problem's objective").build());
        if (!Double.isNaN(risk)) {
            design.put("objective", problem.get("objective").map(v -> v.asString()).orElse("bayes"));
            design.put("objective_value", risk);
        }
        try {
            return DiscreteMechanismSpec.of(inputs, outputs, w, privacy, design.build(), provenance);
        } catch (org.optimech.runtime.spec.InvalidSpecException e) {
            // certified above with the same exact checks: a refusal here is a bug, never a property of the input
            throw new IllegalStateException("internal error: the runtime refuses the " + method + " table it just certified: " + e.getMessage(), e);
        }
    }
}
