package org.optimech.designer.problem;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.runtime.discrete.DiscreteDomain;
import org.optimech.runtime.discrete.DiscreteJson;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.Relation;

/**
 * A discrete release problem: design {@code q[θ][ω] = P(output ω | true value θ)} that is ε-DP (or
 * (ε, δ)-DP) over the neighbour graph and minimises the Bayes or minimax risk of the loss.
 *
 * <p>ε and δ are exact decimals (as the user wrote them); the prior and loss are doubles taken as
 * exact values. Build one with {@link #builder()} or read one with {@link ProblemParser}.
 */
public record DiscreteProblem(
        String name,
        BigDecimal epsilon,
        BigDecimal delta,
        Relation relation,
        DiscreteDomain inputs,
        DiscreteDomain outputs,
        NeighbourGraph neighbours,
        Loss loss,
        String priorName,
        double[] prior,
        Objective objective,
        InputPolicy inputPolicy,
        int defaultInput) implements Problem {

    /** The problem as a discrete problem (by its visitor), or empty for the other kinds. */
    public static java.util.Optional<DiscreteProblem> of(Problem problem) {
        return problem.accept(new Otherwise<java.util.Optional<DiscreteProblem>>() {
            @Override
            protected java.util.Optional<DiscreteProblem> otherwise(Problem other) {
                return java.util.Optional.empty();
            }

            @Override
            public java.util.Optional<DiscreteProblem> visit(DiscreteProblem discrete) {
                return java.util.Optional.of(discrete);
            }
        });
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public String kind() {
        return "discrete";
    }

    /** Largest ε accepted: e^50 ≈ 5e21 is already beyond what an LP solver resolves reliably. */
    public static final BigDecimal MAX_EPSILON = BigDecimal.valueOf(50);
    /** How far a prior's sum may be from 1. */
    public static final double PRIOR_SUM_TOLERANCE = 1e-9;

    public DiscreteProblem {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(outputs, "outputs");
        Objects.requireNonNull(neighbours, "neighbours");
        Objects.requireNonNull(loss, "loss");
        Objects.requireNonNull(priorName, "priorName");
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(inputPolicy, "inputPolicy");
        if (epsilon == null || epsilon.signum() <= 0 || epsilon.compareTo(MAX_EPSILON) > 0) {
            throw new IllegalArgumentException("epsilon must be > 0 and at most " + MAX_EPSILON + ". Provided value: " + epsilon);
        }
        if (delta == null || delta.signum() < 0 || delta.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("delta must be in [0, 1). Provided value: " + delta);
        }
        if (inputs.size() < 2) {
            throw new IllegalArgumentException("inputs must have at least 2 values. Provided value: " + inputs.size() + " value");
        }
        if (neighbours.size() != inputs.size()) {
            throw new IllegalArgumentException("neighbours must be a graph on the " + inputs.size() + " inputs. Provided value: " + neighbours);
        }
        if (!neighbours.unreachableFromFirst().isEmpty()) {
            throw new IllegalArgumentException("neighbours must connect every input; unreachable from the first: " + neighbours.unreachableFromFirst());
        }
        if (loss.inputs() != inputs.size() || loss.outputs() != outputs.size()) {
            throw new IllegalArgumentException("loss must be " + inputs.size() + "x" + outputs.size() + ". Provided value: " + loss.inputs() + "x" + loss.outputs());
        }
        prior = Objects.requireNonNull(prior, "prior").clone();
        if (prior.length != inputs.size()) {
            throw new IllegalArgumentException("prior must have one entry per input (" + inputs.size() + "). Provided value: " + prior.length + " entries");
        }
        // Neumaier's compensated sum: for non-negative entries its error is below 2^-52 of the sum plus n·2^-104 of it, far inside
        // the tolerance, in O(n) doubles (an exact BigDecimal sum of ten million doubles grows to thousands of digits)
        double sum = 0;
        double compensation = 0;
        for (int i = 0; i < prior.length; i++) {
            double x = prior[i];
            if (!Double.isFinite(x) || x < 0) {
                throw new IllegalArgumentException("prior[" + i + "] must be >= 0 and finite. Provided value: " + x);
            }
            double t = sum + x;
            compensation += Math.abs(sum) >= Math.abs(x) ? (sum - t) + x : (x - t) + sum;
            sum = t;
        }
        sum += compensation;
        if (!(Math.abs(sum - 1) <= PRIOR_SUM_TOLERANCE)) {
            throw new IllegalArgumentException("prior must sum to 1 (within " + PRIOR_SUM_TOLERANCE + "). Provided value: sum " + sum);
        }
        if (inputPolicy == InputPolicy.CLAMP && !(inputs instanceof IntegerRange)) {
            throw new IllegalArgumentException("input_policy clamp needs an integer range of inputs; labels take input_policy default (with default_input)");
        }
        if (inputPolicy == InputPolicy.REJECT) {
            throw new IllegalArgumentException("input_policy reject is refused: an error raised on an out-of-domain private value is an observable "
                    + "channel; use default (out-of-domain values are released as default_input) or, for integer ranges, clamp");
        }
        if (inputPolicy == InputPolicy.DEFAULT && inputs instanceof IntegerRange && neighbours.kind() != NeighbourGraph.Kind.COMPLETE) {
            // an integer just outside the range would be released as the default, possibly far from its neighbour just inside
            throw new IllegalArgumentException("input_policy default on an integer range needs the complete neighbour graph (on the " + neighbours.kind().name()
                    .toLowerCase(java.util.Locale.ROOT) + " graph a value just outside the range and its neighbour inside would be released as far-apart "
                    + "inputs); use input_policy clamp");
        }
        if (inputPolicy == InputPolicy.DEFAULT ? defaultInput < 0 || defaultInput >= inputs.size() : defaultInput != -1) {
            throw new IllegalArgumentException("default_input must be an input exactly when input_policy is default. Provided value: index " + defaultInput
                    + " with input_policy " + inputPolicy.json());
        }
    }

    @Override
    public double[] prior() {
        return prior.clone();
    }

    /** One prior entry, without copying. */
    public double priorAt(int input) {
        return prior[input];
    }

    /** |Θ|, the number of input values. */
    public int inputCount() {
        return inputs.size();
    }

    /** |Ω|, the number of output values. */
    public int outputCount() {
        return outputs.size();
    }

    /** The same problem at another ε (validated like any other). */
    public DiscreteProblem withEpsilon(BigDecimal newEpsilon) {
        return new DiscreteProblem(name, newEpsilon, delta, relation, inputs, outputs, neighbours, loss, priorName, prior, objective, inputPolicy, defaultInput);
    }

    /** The same problem at another δ (validated like any other). */
    public DiscreteProblem withDelta(BigDecimal newDelta) {
        return new DiscreteProblem(name, epsilon, newDelta, relation, inputs, outputs, neighbours, loss, priorName, prior, objective, inputPolicy, defaultInput);
    }

    public boolean isPure() {
        return delta.signum() == 0;
    }

    /** The problem in its JSON form, defaults filled in (what specs record under design.problem). */
    public JsonObject toJson() {
        JsonObject.Builder b = JsonObject.builder();
        b.put("kind", "discrete");
        if (!name.isEmpty()) {
            b.put("name", name);
        }
        // exactly: a number where it survives canonicalization, a decimal string where it would not (the digest must cover it)
        b.put("epsilon", JsonNumber.exact(epsilon));
        b.put("delta", JsonNumber.exact(delta));
        b.put("relation", relation.json());
        java.util.Optional<Histograms> histograms = outputs.equals(inputs) && relation == Relation.SUBSTITUTION ? Histograms.recognise(inputs)
                : java.util.Optional.empty();
        if (histograms.isPresent()) {
            // as the user wrote it: the parser then takes the histogram losses ("l1") and the substitution graph back
            Histograms h = histograms.get();
            b.put("inputs", JsonObject.builder().put("histograms", JsonObject.builder().put("cells", h.cells()).put("records", h.records()).build()).build());
            if (!neighbours.equals(h.substitutionGraph())) {
                b.put("neighbours", DiscreteJson.writeGraph(neighbours));
            }
        } else {
            b.put("inputs", DiscreteJson.writeDomain(inputs));
            b.put("outputs", DiscreteJson.writeDomain(outputs));
            b.put("neighbours", DiscreteJson.writeGraph(neighbours));
        }
        if (loss.name().equals("matrix")) {
            double[][] m = loss.matrix(); // a copy: take it once
            JsonValue[] rows = new JsonValue[m.length];
            for (int i = 0; i < rows.length; i++) {
                rows[i] = JsonArray.ofDoubles(m[i]);
            }
            b.put("loss", JsonObject.builder().put("matrix", JsonArray.of(rows)).build());
        } else {
            b.put("loss", loss.name());
        }
        b.put("prior", priorName.equals("uniform") ? new JsonString("uniform") : JsonArray.ofDoubles(prior));
        b.put("objective", objective.json());
        b.put("input_policy", inputPolicy.json());
        if (inputPolicy == InputPolicy.DEFAULT) {
            b.put("default_input", inputs.valueAt(defaultInput));
        }
        return b.build();
    }

    private static String jsonLiteral(BigDecimal d) {
        String s = d.toString();
        return s.replace("E+", "e").replace("E", "e");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DiscreteProblem p && toJson().equals(p.toJson());
    }

    @Override
    public int hashCode() {
        return toJson().hashCode();
    }

    @Override
    public String toString() {
        return "DiscreteProblem" + toJson();
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Builds a problem in Java. Defaults: δ = 0, substitution, outputs = inputs, path graph,
     * absolute loss for ranges (zero-one for labels), uniform prior, Bayes objective, clamp for
     * ranges (default to the first label for labels).
     */
    public static final class Builder {
        private String name = "";
        private BigDecimal epsilon;
        private BigDecimal delta = BigDecimal.ZERO;
        private Relation relation = Relation.SUBSTITUTION;
        private DiscreteDomain inputs;
        private DiscreteDomain outputs;
        private NeighbourGraph neighbours;
        private String lossName;
        private double[][] lossMatrix;
        private double[] prior;
        private Objective objective = Objective.BAYES;
        private InputPolicy inputPolicy;
        private String defaultInput;

        private Builder() {
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder epsilon(String decimal) {
            this.epsilon = new BigDecimal(decimal);
            return this;
        }

        public Builder delta(String decimal) {
            this.delta = new BigDecimal(decimal);
            return this;
        }

        public Builder relation(Relation r) {
            this.relation = r;
            return this;
        }

        public Builder inputs(DiscreteDomain d) {
            this.inputs = d;
            return this;
        }

        public Builder range(long from, long to) {
            this.inputs = new IntegerRange(from, to);
            return this;
        }

        public Builder outputs(DiscreteDomain d) {
            this.outputs = d;
            return this;
        }

        public Builder neighbours(NeighbourGraph g) {
            this.neighbours = g;
            return this;
        }

        /** "absolute", "squared", "relative" or "zero-one". */
        public Builder loss(String named) {
            this.lossName = named;
            this.lossMatrix = null;
            return this;
        }

        public Builder lossMatrix(double[][] m) {
            this.lossName = "matrix";
            this.lossMatrix = m;
            return this;
        }

        public Builder prior(double... p) {
            this.prior = p.clone();
            return this;
        }

        public Builder objective(Objective o) {
            this.objective = o;
            return this;
        }

        public Builder inputPolicy(InputPolicy p) {
            this.inputPolicy = p;
            return this;
        }

        /** Input policy default: values outside the domain are released as this input value. */
        public Builder defaultInput(String value) {
            this.inputPolicy = InputPolicy.DEFAULT;
            this.defaultInput = value;
            return this;
        }

        public DiscreteProblem build() {
            Objects.requireNonNull(inputs, "inputs");
            DiscreteDomain out = outputs == null ? inputs : outputs;
            NeighbourGraph g = neighbours == null ? NeighbourGraph.path(inputs.size()) : neighbours;
            String named = lossName != null ? lossName : inputs instanceof IntegerRange && out instanceof IntegerRange ? "absolute" : "zero-one";
            Loss loss = lossMatrix != null ? Loss.ofMatrix("matrix", lossMatrix) : Losses.named(named, inputs, out);
            String priorName = prior == null ? "uniform" : "explicit";
            double[] p = prior == null ? Losses.uniform(inputs.size()) : prior;
            InputPolicy policy = inputPolicy != null ? inputPolicy : inputs instanceof IntegerRange ? InputPolicy.CLAMP : InputPolicy.DEFAULT;
            int def = -1;
            if (policy == InputPolicy.DEFAULT) {
                def = defaultInput == null ? 0 : inputs.indexOf(defaultInput).orElseThrow(() -> new IllegalArgumentException(
                        "default_input must be one of the inputs. Provided value: \"" + defaultInput + "\""));
            }
            return new DiscreteProblem(name, epsilon, delta, relation, inputs, out, g, loss, priorName, p, objective, policy, def);
        }
    }

}
