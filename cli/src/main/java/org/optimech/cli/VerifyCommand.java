package org.optimech.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonPointer;
import org.optimech.runtime.json.JsonWriter;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.SpecCodec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code optimech verify SPEC.json}: JSON on stdout, exit 0 iff valid. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Re-checks a spec the way the runtime does before sampling: digest, version, shapes, exact row sums, and the privacy "
                + "constraints re-checked from the stored integers (a table) or the structure (geometric noise on the path graph, then a remap); for a K-norm spec, the body's convexity and tiling and its "
                + "sensitivity re-derived exactly from the recorded statistic; for a Gaussian-process spec, the calibration and the recorded KDE's sensitivity.",
            "Then applies a runtime policy: trusted keys, maximum epsilon and delta, numerics, and what the guarantee is about (relation, neighbour graph, "
                + "input policy). A spec whose sensitivity cannot be re-derived is refused unless signed by a trusted key or --allow-unchecked-sensitivity.",
            "Prints a JSON object with at least \"valid\", \"certified_epsilon\", \"relation\" and, for discrete specs, \"neighbours\" and \"input_policy\"; "
                + "exits 0 iff valid."})
final class VerifyCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SPEC.json")
    Path file;

    @picocli.CommandLine.Mixin
    ProgressOption progressOption = new ProgressOption();

    @picocli.CommandLine.Option(names = "--trusted-key", paramLabel = "NAME=FILE",
            description = "Trust this Ed25519 public key (from keygen) under NAME; repeatable. With any trusted key a present signature must verify.")
    java.util.Map<String, Path> trustedKeys = new java.util.LinkedHashMap<>();

    @picocli.CommandLine.Option(names = "--require-signature", description = "Refuse unsigned specs (needs --trusted-key).")
    boolean requireSignature;

    @picocli.CommandLine.Option(names = "--max-epsilon", paramLabel = "E", description = "Refuse specs certified above this epsilon.")
    java.math.BigDecimal maxEpsilon;

    @picocli.CommandLine.Option(names = "--exact-only", description = "Refuse specs with idealized (floating-point) numerics.")
    boolean exactOnly;

    @picocli.CommandLine.Option(names = "--max-delta", paramLabel = "D", description = "Refuse specs certified above this delta.")
    java.math.BigDecimal maxDelta;

    @picocli.CommandLine.Option(names = "--relation", paramLabel = "RELATION", split = ",",
            description = "Accept only guarantees for these neighbour relations: substitution, add-remove (comma-separated or repeated).")
    java.util.List<String> relations = new java.util.ArrayList<>();

    @picocli.CommandLine.Option(names = "--neighbours", paramLabel = "GRAPH", split = ",",
            description = "Discrete specs: accept only these neighbour graphs: path, complete, edges (comma-separated or repeated).")
    java.util.List<String> graphs = new java.util.ArrayList<>();

    @picocli.CommandLine.Option(names = "--input-policy", paramLabel = "POLICY", split = ",",
            description = "Discrete specs: accept only these input policies: clamp, default, reject (comma-separated or repeated). Default: clamp,default "
                    + "(the legacy reject fails a release on an out-of-domain value, an observable channel).")
    java.util.List<String> inputPolicies = new java.util.ArrayList<>();

    @picocli.CommandLine.Option(names = "--allow-unchecked-sensitivity",
            description = "Accept a spec whose sensitivity the runtime cannot re-derive from its stored numbers (a curved K-norm statistic, a spec "
                    + "without its recorded problem) even unsigned: its calibration is then the designer's word.")
    boolean allowUnchecked;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    private org.optimech.runtime.spec.RuntimePolicy policy() {
        org.optimech.runtime.spec.RuntimePolicy.Builder b = org.optimech.runtime.spec.RuntimePolicy.builder();
        for (java.util.Map.Entry<String, Path> e : trustedKeys.entrySet()) {
            try {
                b.trustKeyFile(e.getKey(), e.getValue());
            } catch (IOException ex) {
                throw SpecFiles.ioError(e.getValue(), ex);
            } catch (IllegalArgumentException ex) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--trusted-key " + e.getKey() + ": " + e.getValue() + ": " + ex.getMessage(), ex);
            }
        }
        try {
            if (requireSignature) {
                b.requireSignature();
            }
            if (maxEpsilon != null) {
                b.maxEpsilon(maxEpsilon);
            }
            if (maxDelta != null) {
                b.maxDelta(maxDelta);
            }
            b.numerics(exactOnly ? org.optimech.runtime.spec.NumericsPolicy.EXACT_ONLY : org.optimech.runtime.spec.NumericsPolicy.ALLOW_IDEALIZED);
            if (!relations.isEmpty()) {
                java.util.Set<org.optimech.runtime.spec.Relation> set = new java.util.HashSet<>();
                for (String r : relations) {
                    set.add(parse("--relation", r, () -> org.optimech.runtime.json.JsonName.parse(org.optimech.runtime.spec.Relation.class, r), "substitution, add-remove"));
                }
                b.relations(set);
            }
            if (!graphs.isEmpty()) {
                java.util.Set<org.optimech.runtime.discrete.NeighbourGraph.Kind> set = new java.util.HashSet<>();
                for (String g : graphs) {
                    set.add(parse("--neighbours", g, () -> org.optimech.runtime.json.JsonName.parse(org.optimech.runtime.discrete.NeighbourGraph.Kind.class, g),
                            "path, complete, edges"));
                }
                b.neighbourGraphs(set);
            }
            if (!inputPolicies.isEmpty()) {
                java.util.Set<org.optimech.runtime.spec.InputPolicy> set = new java.util.HashSet<>();
                for (String p : inputPolicies) {
                    set.add(parse("--input-policy", p, () -> org.optimech.runtime.json.JsonName.parse(org.optimech.runtime.spec.InputPolicy.class, p), "clamp, default, reject"));
                }
                b.inputPolicies(set);
            }
            if (allowUnchecked) {
                b.allowUncheckedSensitivity();
            }
            return b.build();
        } catch (IllegalArgumentException ex) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, (requireSignature ? "--require-signature: " : "") + ex.getMessage(), ex);
        }
    }

    private static <T> T parse(String option, String value, java.util.function.Supplier<T> parser, String allowed) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, option + " must be one of " + allowed + ". Provided value: " + value, e);
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        JsonObject.Builder b = JsonObject.builder();
        int code;
        try {
            org.optimech.runtime.spec.RuntimePolicy policy = policy();
            // a big exact spec (millions of table entries, an exact lattice body) takes seconds to re-check: heartbeats meanwhile
            MechanismSpec s = progressOption.loading("verifying " + file.getFileName() + " (digest, shapes, privacy re-check)", file, policy);
            b.put("valid", true);
            b.put("file", file.toString());
            b.put("mechanism", s.kind());
            b.put("guarantee", s.delta().signum() == 0 ? "pure-dp" : "approximate-dp");
            b.put("epsilon", s.epsilon().toString());
            b.put("delta", s.delta().toString());
            b.put("certified_epsilon", s.certifiedEpsilon().toString());
            b.put("certified_delta", s.certifiedDelta().toString());
            b.put("numerics", s.numerics().json());
            // what the guarantee is about: which datasets are neighbours, and what happens to values outside the domain
            b.put("relation", s.relation().json());
            b.put("sensitivity_rechecked", s.sensitivityRechecked());
            s.accept(new Details(b));
            b.put("digest", SpecCodec.write(s).get("digest").orElseThrow().asObject().get("value").orElseThrow().asString());
            String signer = policy.check(s);
            b.put("signature", signer != null ? "verified: key " + signer : s.document().has("signature") ? "present, not verified (no --trusted-key)" : "none");
            code = 0;
        } catch (InvalidSpecException e) {
            b.put("valid", false);
            b.put("file", file.toString());
            b.put("certified_epsilon", org.optimech.runtime.json.JsonNull.INSTANCE);
            JsonObject.Builder error = JsonObject.builder().put("pointer", JsonPointer.display(e.pointer())).put("message", e.detail());
            SpecFiles.hint(e).ifPresent(h -> error.put("hint", h));
            b.put("error", error.build());
            code = OptimechCli.EXIT_FAILED;
        } catch (IOException e) {
            throw SpecFiles.ioError(file, e);
        }
        out.print(JsonWriter.pretty(b.build()));
        out.flush();
        return code;
    }

    /** The kind-specific fields of the report. */
    private static final class Details implements MechanismSpec.Visitor<Void> {
        private final JsonObject.Builder b;

        Details(JsonObject.Builder b) {
            this.b = b;
        }

        /** What the guarantee is about for a discrete spec: which values are neighbours, what happens to values outside the domain. */
        private void privacy(org.optimech.runtime.spec.DiscreteSpec d) {
            b.put("neighbours", org.optimech.runtime.spec.RuntimePolicy.graphName(d.privacy().neighbours().kind()));
            if (d.privacy().neighbours().kind() == org.optimech.runtime.discrete.NeighbourGraph.Kind.EDGES) {
                b.put("neighbour_edges", d.privacy().neighbours().edgeCount());
            }
            b.put("input_policy", d.privacy().inputPolicy().json());
            if (d.privacy().inputPolicy() == org.optimech.runtime.spec.InputPolicy.DEFAULT) {
                b.put("default_input", d.inputs().valueAt(d.privacy().defaultInput()));
            }
        }

        @Override
        public Void visit(DiscreteMechanismSpec t) {
            privacy(t);
            b.put("inputs", t.inputs().size());
            b.put("outputs", t.outputs().size());
            b.put("denominator_bits", t.weights().denominatorBits());
            return null;
        }

        @Override
        public Void visit(GeometricRemapSpec g) {
            privacy(g);
            b.put("inputs", g.inputs().size());
            b.put("outputs", g.outputs().size());
            b.put("noise_epsilon", g.noiseEpsilon().toString());
            b.put("denominator_bits", g.remap().bits());
            return null;
        }

        @Override
        public Void visit(KNormSpec k) {
            b.put("dimension", k.dimension());
            b.put("noise_dimension", k.noiseDimension());
            b.put("body", k.bodyType());
            b.put("sensitivity", k.sensitivity().toString());
            b.put("noise_epsilon", k.noiseEpsilon().toString());
            b.put("sensitivity_check", k.sensitivityCheck());
            b.put("adjacent_points", k.pointCount());
            k.pointSource().ifPresent(src -> b.put("adjacent_points_source", src.json()));
            k.latticeNoise().ifPresent(l -> b.put("lattice_spacing", "2^" + l.exponent()).put("lattice_noise_rate", l.rate().toString()));
            return null;
        }

        @Override
        public Void visit(org.optimech.runtime.spec.GaussianProcessSpec g) {
            b.put("grid_points", g.grid().length);
            b.put("kernel", g.kernel());
            b.put("sensitivity", g.sensitivity().toString());
            b.put("noise_scale", g.noiseScale());
            b.put("calibration", g.calibration());
            b.put("jitter", g.jitter());
            b.put("sensitivity_check", g.sensitivityCheck());
            return null;
        }

        @Override
        public Void visit(org.optimech.runtime.spec.EllipticGaussianSpec g) {
            b.put("dimension", g.dimension());
            b.put("variance_across", g.block().varianceAcross().toPlainString());
            b.put("variance_along", g.block().varianceAlong().toPlainString());
            b.put("mahalanobis_sensitivity", g.sensitivity().toPlainString());
            b.put("calibration", "analytic");
            b.put("sensitivity_check", g.sensitivityCheck());
            return null;
        }
    }
}
