package org.optimech.designer.problem;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.optimech.runtime.discrete.DiscreteDomain;
import org.optimech.runtime.discrete.DiscreteJson;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonPointer;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonSyntaxException;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.Relation;

/**
 * Reads problem files. The discrete kind:
 *
 * <pre>{@code
 * { "kind": "discrete", "epsilon": 1.0, "delta": 0.0, "relation": "substitution",
 *   "inputs": {"range": [0, 10]}, "outputs": {"range": [0, 10]}, "neighbours": "path",
 *   "loss": "absolute", "prior": "uniform", "objective": "bayes" }
 * }</pre>
 *
 * Only {@code kind}, {@code epsilon} and {@code inputs} are required; the defaults are δ = 0,
 * substitution, outputs = inputs, the path graph, absolute loss for ranges (zero-one for labels), a
 * uniform prior, the Bayes objective, and input policy clamp for ranges (default to the first label for labels). Unknown
 * keys are errors (a misspelt {@code "delat"} must not silently mean δ = 0).
 */
public final class ProblemParser {
    private static final Set<String> KEYS = Set.of("kind", "name", "description", "epsilon", "delta", "relation", "inputs", "outputs",
            "neighbours", "loss", "prior", "objective", "input_policy", "default_input");

    private ProblemParser() {
    }

    /** Reads and validates a problem file. */
    public static DiscreteProblem read(Path file) throws IOException, InvalidProblemException {
        JsonValue doc;
        try {
            doc = JsonParser.parse(file);
        } catch (JsonSyntaxException e) {
            throw new InvalidProblemException("", e.getMessage());
        }
        return parse(doc);
    }

    /** Parses and validates a problem held in a string. */
    public static DiscreteProblem parse(String json) throws InvalidProblemException {
        try {
            return parse(JsonParser.parse(json));
        } catch (JsonSyntaxException e) {
            throw new InvalidProblemException("", e.getMessage());
        }
    }

    /** Validates a parsed problem document. */
    public static DiscreteProblem parse(JsonValue document) throws InvalidProblemException {
        try {
            return parseChecked(document);
        } catch (FieldException e) {
            throw InvalidProblemException.of(e);
        }
    }

    private static DiscreteProblem parseChecked(JsonValue document) throws FieldException {
        JsonObject o = Fields.object(document, "");
        String kind = Fields.string(Fields.member(o, "kind", ""), "/kind");
        if (kind.equals("knorm")) {
            throw new FieldException("/kind", "a K-norm problem (Problems reads every kind); this parser reads \"discrete\" problems only. "
                    + "Provided value: \"knorm\"");
        }
        if (!kind.equals("discrete")) {
            throw new FieldException("/kind", "this parser reads \"discrete\" problems only. Provided value: " + Fields.quote(kind));
        }
        Fields.allowedKeys(o, "", KEYS);

        String name = o.has("name") ? Fields.string(o.get("name").orElseThrow(), "/name") : "";
        if (o.has("description")) {
            Fields.string(o.get("description").orElseThrow(), "/description");
        }
        BigDecimal epsilon = parameter(Fields.member(o, "epsilon", ""), "/epsilon");
        if (epsilon.signum() <= 0) {
            throw new FieldException("/epsilon", "must be > 0 and finite. Provided value: " + epsilon);
        }
        if (epsilon.compareTo(DiscreteProblem.MAX_EPSILON) > 0) {
            throw new FieldException("/epsilon", "must be at most " + DiscreteProblem.MAX_EPSILON
                    + " (likelihood ratios of e^50 ≈ 5e21 are beyond what LP solvers resolve). Provided value: " + epsilon);
        }
        BigDecimal delta = o.has("delta") ? parameter(o.get("delta").orElseThrow(), "/delta") : BigDecimal.ZERO;
        if (delta.signum() < 0 || delta.compareTo(BigDecimal.ONE) >= 0) {
            throw new FieldException("/delta", "must be in [0, 1). Provided value: " + delta);
        }
        Relation relation = o.has("relation")
                ? Fields.enumValue(o.get("relation").orElseThrow(), "/relation", Relation.class)
                : Relation.SUBSTITUTION;

        JsonValue inputsJson = Fields.member(o, "inputs", "");
        Histograms histograms = readHistograms(inputsJson);
        DiscreteDomain inputs = histograms != null ? histograms.domain() : DiscreteJson.readDomain(inputsJson, "/inputs");
        if (inputs.size() < 2) {
            throw new FieldException("/inputs", "must have at least 2 values (one input leaves nothing to protect). Provided value: 1 value");
        }
        if (histograms != null && o.has("outputs")) {
            throw new FieldException("/outputs", "must be omitted for histogram inputs (the outputs are the same histograms)");
        }
        if (histograms != null && relation != Relation.SUBSTITUTION) {
            throw new FieldException("/relation", "histogram inputs have a fixed number of records, so neighbours are substitutions; "
                    + "\"add-remove\" is not supported for them. Provided value: \"add-remove\"");
        }
        DiscreteDomain outputs = o.has("outputs") ? DiscreteJson.readDomain(o.get("outputs").orElseThrow(), "/outputs") : inputs;
        // histograms listed as labels (as specs written before the histogram form was kept recorded them) take their losses too
        Histograms listed = histograms == null && outputs.equals(inputs) ? Histograms.recognise(inputs).orElse(null) : null;

        NeighbourGraph graph = o.has("neighbours")
                ? DiscreteJson.readGraph(o.get("neighbours").orElseThrow(), "/neighbours", inputs.size())
                : histograms != null ? histograms.substitutionGraph() : NeighbourGraph.path(inputs.size());
        var unreachable = graph.unreachableFromFirst();
        if (!unreachable.isEmpty()) {
            throw new FieldException("/neighbours", "the graph is disconnected: inputs " + shortList(unreachable) + " cannot be reached from input 0; "
                    + "a mechanism may then reveal which component the true value is in. Add edges joining every input.");
        }

        // Default loss: absolute error for numbers, misclassification for labels.
        String defaultLoss = histograms != null ? "l1" : inputs instanceof IntegerRange && outputs instanceof IntegerRange ? "absolute" : "zero-one";
        JsonValue lossJson = o.get("loss").orElse(new JsonString(defaultLoss));
        Loss loss;
        Histograms lossDomain = histograms != null ? histograms : listed;
        Optional<String> named = lossJson.string();
        if (named.isPresent() && lossDomain != null) {
            try {
                loss = lossDomain.loss(named.get());
            } catch (IllegalArgumentException e) {
                throw new FieldException("/loss", e.getMessage() + ". Provided value: " + Fields.quote(named.get()));
            }
        } else {
            loss = readLoss(lossJson, inputs, outputs);
        }
        String priorName;
        double[] prior;
        JsonValue pv = o.get("prior").orElse(new JsonString("uniform"));
        Optional<String> namedPrior = pv.string();
        if (namedPrior.isPresent()) {
            if (!namedPrior.get().equals("uniform")) {
                throw new FieldException("/prior", "must be \"uniform\" or an array of probabilities, one per input. Provided value: " + Fields.quote(namedPrior.get()));
            }
            priorName = "uniform";
            prior = Losses.uniform(inputs.size());
        } else {
            priorName = "explicit";
            prior = readPrior(pv, inputs.size());
        }
        Objective objective = o.has("objective")
                ? (Fields.oneOf(o.get("objective").orElseThrow(), "/objective", "bayes", "minimax").equals("bayes") ? Objective.BAYES : Objective.MINIMAX)
                : Objective.BAYES;
        InputPolicy policy = inputs instanceof IntegerRange ? InputPolicy.CLAMP : InputPolicy.DEFAULT;
        if (o.has("input_policy")) {
            policy = Fields.enumValue(o.get("input_policy").orElseThrow(), "/input_policy", InputPolicy.class);
            if (policy == InputPolicy.REJECT) {
                throw new FieldException("/input_policy", "\"reject\" is no longer designed: an error raised on an out-of-domain private value is an "
                        + "observable channel. Use \"default\" with \"default_input\" (out-of-domain values are released as that input) or, for an "
                        + "integer range, \"clamp\". Provided value: \"reject\"");
            }
            if (policy == InputPolicy.CLAMP && !(inputs instanceof IntegerRange)) {
                throw new FieldException("/input_policy", "\"clamp\" needs an integer range of inputs; labels take \"default\" (with \"default_input\")");
            }
        } else if (o.has("default_input")) {
            policy = InputPolicy.DEFAULT;
        }
        int defaultInput = -1;
        if (policy == InputPolicy.DEFAULT && inputs instanceof IntegerRange && graph.kind() != NeighbourGraph.Kind.COMPLETE) {
            throw new FieldException("/input_policy", "\"default\" on an integer range needs the complete neighbour graph: on the "
                    + graph.kind().json() + " graph an integer just outside the range would be released as the default, "
                    + "far from its neighbour just inside. Use \"clamp\". Provided value: \"default\"");
        }
        if (policy == InputPolicy.DEFAULT) {
            if (o.has("default_input")) {
                JsonValue dv = o.get("default_input").orElseThrow();
                // an integer input may be written as a number; everything else is the input's text
                Optional<String> integer = inputs instanceof IntegerRange ? dv.number().map(JsonNumber::literal) : Optional.empty();
                String value = integer.isPresent() ? integer.get() : dv.asString("/default_input");
                defaultInput = inputs.indexOf(value).orElseThrow(() -> new FieldException("/default_input", "must be one of the inputs, written as they are. "
                        + "Provided value: " + Fields.quote(value)));
            } else {
                defaultInput = 0; // the first input: public, and stated in the design summary
            }
        } else if (o.has("default_input")) {
            throw new FieldException("/default_input", "is only used with input_policy \"default\". Provided input_policy: " + Fields.quote(policy.json()));
        }
        try {
            return new DiscreteProblem(name, epsilon, delta, relation, inputs, outputs, graph, loss, priorName, prior, objective, policy, defaultInput);
        } catch (IllegalArgumentException e) {
            throw new FieldException("", e.getMessage());
        }
    }

    /** ε or δ: a JSON number, kept as the exact decimal the user wrote. */
    private static BigDecimal parameter(JsonValue v, String ptr) throws FieldException {
        Optional<String> str = v.string();
        if (str.isPresent()) {
            // a decimal string keeps every digit (specs store such values as strings); anything else is not a number
            return org.optimech.runtime.exact.Decimals.parse(str.get()).orElseThrow(() -> new FieldException(ptr, "must be a number. Provided value: "
                    + v.describe() + " (a decimal string such as \"0.5\" is also accepted)"));
        }
        JsonNumber n = v.number().orElseThrow(() -> new FieldException(ptr, "must be a number. Provided value: " + v.describe()));
        if (!Double.isFinite(n.doubleValue())) {
            throw new FieldException(ptr, "must be finite. Provided value: " + n.literal());
        }
        return n.decimal();
    }

    /** {@code {"histograms": {"cells": p, "records": n}}}, or null for the other domain forms. */
    private static Histograms readHistograms(JsonValue v) throws FieldException {
        Optional<JsonObject> histograms = v.object().filter(x -> x.has("histograms"));
        if (histograms.isEmpty()) {
            return null;
        }
        JsonObject o = histograms.get();
        if (o.size() != 1) {
            throw new FieldException("/inputs", "must have exactly one of \"range\", \"labels\" or \"histograms\". Provided value: " + o.describe());
        }
        String hp = "/inputs/histograms";
        JsonObject h = Fields.object(o.get("histograms").orElseThrow(), hp);
        Fields.allowedKeys(h, hp, Set.of("cells", "records"));
        int cells = (int) Fields.integer(Fields.member(h, "cells", hp), hp + "/cells", 2, 1000);
        int records = (int) Fields.integer(Fields.member(h, "records", hp), hp + "/records", 1, 1_000_000);
        try {
            return new Histograms(cells, records);
        } catch (IllegalArgumentException e) {
            throw new FieldException(hp, e.getMessage());
        }
    }

    private static Loss readLoss(JsonValue v, DiscreteDomain inputs, DiscreteDomain outputs) throws FieldException {
        String ptr = "/loss";
        Optional<String> named = v.string();
        if (named.isPresent()) {
            try {
                return Losses.named(named.get(), inputs, outputs);
            } catch (IllegalArgumentException e) {
                throw new FieldException(ptr, e.getMessage() + ". Provided value: " + Fields.quote(named.get()));
            }
        }
        JsonObject o = Fields.object(v, ptr);
        Fields.allowedKeys(o, ptr, Set.of("matrix"));
        String mp = JsonPointer.child(ptr, "matrix");
        JsonArray rows = Fields.array(Fields.member(o, "matrix", ptr), mp);
        if (rows.size() != inputs.size()) {
            throw new FieldException(mp, "must have one row per input (" + inputs.size() + "); found " + rows.size() + " rows");
        }
        double[][] m = new double[inputs.size()][];
        for (int i = 0; i < rows.size(); i++) {
            String rp = JsonPointer.child(mp, i);
            JsonArray row = Fields.array(rows.get(i), rp);
            if (row.size() != outputs.size()) {
                throw new FieldException(rp, "must have one entry per output (" + outputs.size() + "); found " + row.size());
            }
            m[i] = new double[outputs.size()];
            for (int j = 0; j < row.size(); j++) {
                m[i][j] = Fields.finiteDouble(row.get(j), JsonPointer.child(rp, j));
            }
        }
        return Loss.ofMatrix("matrix", m);
    }

    private static double[] readPrior(JsonValue v, int n) throws FieldException {
        String ptr = "/prior";
        JsonArray a = Fields.array(v, ptr);
        if (a.size() != n) {
            throw new FieldException(ptr, "must have one probability per input (" + n + "); found " + a.size());
        }
        double[] p = new double[n];
        BigDecimal sum = BigDecimal.ZERO;
        for (int i = 0; i < n; i++) {
            String ip = JsonPointer.child(ptr, i);
            JsonNumber x = Fields.number(a.get(i), ip);
            p[i] = Fields.finiteDouble(x, ip);
            if (x.decimal().signum() < 0) {
                throw new FieldException(ip, "must be >= 0. Provided value: " + x.literal());
            }
            sum = sum.add(x.decimal());
        }
        if (sum.subtract(BigDecimal.ONE).abs().doubleValue() > DiscreteProblem.PRIOR_SUM_TOLERANCE) {
            throw new FieldException(ptr, "must sum to 1 (within " + DiscreteProblem.PRIOR_SUM_TOLERANCE + "). Provided value: " + n + " entries summing to " + sum.toPlainString());
        }
        return p;
    }

    private static String shortList(java.util.List<Integer> l) {
        return l.size() <= 10 ? l.toString() : l.subList(0, 10) + " and " + (l.size() - 10) + " more";
    }
}
