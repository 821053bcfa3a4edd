package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.security.PublicKey;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonObject;

/**
 * What a runtime accepts beyond a valid spec, and what the guarantee must be about:
 * <ul>
 *   <li><b>authorship</b>: trusted Ed25519 keys, and whether a signature is required. Only a trusted signature stops
 *       someone who edits a spec and recomputes its digest;</li>
 *   <li><b>how much privacy</b>: the largest certified ε and δ, and the numerics (refuse floating-point noise);</li>
 *   <li><b>about what</b>: the allowed neighbour relations, neighbour graphs (discrete kinds) and input policies: a spec
 *       designed for the path graph, say, is private only for neighbours on the path;</li>
 *   <li><b>unchecked sensitivity</b>: a spec whose calibration the runtime could not re-derive from its stored numbers
 *       ({@link MechanismSpec#sensitivityRechecked()} false: a curved K-norm statistic, a spec without its recorded
 *       problem) is refused unless a trusted key signed it or the policy explicitly allows it.</li>
 * </ul>
 * {@link #standard()} is what loading without a policy applies. Build others with {@link #builder()}. Immutable.
 */
public final class RuntimePolicy {
    private final Map<String, PublicKey> trustedKeys;
    private final boolean requireSignature;
    private final BigDecimal maxEpsilon;
    private final BigDecimal maxDelta;
    private final NumericsPolicy numerics;
    private final Set<Relation> relations;
    private final Set<NeighbourGraph.Kind> graphs;
    private final Set<InputPolicy> inputPolicies;
    private final boolean allowUncheckedSensitivity;

    private RuntimePolicy(Builder b) {
        this.trustedKeys = Map.copyOf(b.trustedKeys);
        this.requireSignature = b.requireSignature;
        this.maxEpsilon = b.maxEpsilon;
        this.maxDelta = b.maxDelta;
        this.numerics = b.numerics;
        this.relations = Set.copyOf(b.relations);
        this.graphs = Set.copyOf(b.graphs);
        this.inputPolicies = Set.copyOf(b.inputPolicies);
        this.allowUncheckedSensitivity = b.allowUncheckedSensitivity;
    }

    /**
     * The default: any valid spec whose sensitivity the runtime re-derived, signed or not, of any relation, graph and
     * numerics, with input policy clamp or default. Refused: unchecked sensitivity (unless signed by a trusted key), and the
     * legacy input policy reject, which fails a release on an out-of-domain private value (an observable channel; allow it
     * with {@link Builder#inputPolicies}).
     */
    public static RuntimePolicy standard() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Trusted key id → public key. */
    public Map<String, PublicKey> trustedKeys() {
        return trustedKeys;
    }

    public boolean requireSignature() {
        return requireSignature;
    }

    public boolean allowsUncheckedSensitivity() {
        return allowUncheckedSensitivity;
    }

    /**
     * The numerics a mechanism built under this policy may sample: {@link NumericsPolicy#ALLOW_IDEALIZED} only when it was
     * chosen explicitly ({@link Builder#numerics}); otherwise {@link NumericsPolicy#EXACT_ONLY}. Floating-point noise is
     * never sampled by default: it is exact in distribution only over the reals, and its low bits can leak.
     */
    public NumericsPolicy numerics() {
        return numerics == NumericsPolicy.ALLOW_IDEALIZED ? numerics : NumericsPolicy.EXACT_ONLY;
    }

    /** This policy with the numerics chosen explicitly (the other settings unchanged). */
    public RuntimePolicy withNumerics(NumericsPolicy policy) {
        Builder b = new Builder();
        b.trustedKeys.putAll(trustedKeys);
        b.requireSignature = requireSignature;
        b.maxEpsilon = maxEpsilon;
        b.maxDelta = maxDelta;
        b.numerics = Objects.requireNonNull(policy, "policy");
        b.relations = relations;
        b.graphs = graphs;
        b.inputPolicies = inputPolicies;
        b.allowUncheckedSensitivity = allowUncheckedSensitivity;
        return new RuntimePolicy(b);
    }

    private String verified(JsonObject document, LoadProgress progress, long fileBytes) throws FieldException {
        if (!document.has("signature")) {
            return SpecSignature.verify(document, trustedKeys); // refused: nothing to hash
        }
        progress.report(LoadProgress.Step.SIGNATURE, 0, fileBytes);
        long[] last = {0};
        // the estimate is raised, never passed, as the digest's: a canonical form larger than the file still ends at its total
        String signer = SpecSignature.verify(document, trustedKeys, hashed -> {
            progress.report(LoadProgress.Step.SIGNATURE, hashed, Math.max(fileBytes, hashed));
            last[0] = hashed;
        });
        progress.report(LoadProgress.Step.SIGNATURE, last[0], last[0]);
        return signer;
    }

    /** The relations a spec may state (all by default). */
    public Set<Relation> relations() {
        return relations;
    }

    /** The neighbour graphs a discrete spec may be designed on (all by default). */
    public Set<NeighbourGraph.Kind> neighbourGraphs() {
        return graphs;
    }

    /** The input policies a discrete spec may have (clamp and default by default; the legacy reject only when allowed). */
    public Set<InputPolicy> inputPolicies() {
        return inputPolicies;
    }

    /**
     * Applies the policy to a validated spec (its {@link MechanismSpec#document() document} carries any signature).
     *
     * @return the id of the trusted key that signed it, or null for an unsigned spec the policy allows
     * @throws InvalidSpecException naming the field that the policy refuses
     */
    public String check(MechanismSpec spec) throws InvalidSpecException {
        return check(spec, LoadProgress.none(), 1);
    }

    /**
     * As {@link #check(MechanismSpec)}, reporting a signature's verification as {@link LoadProgress.Step#SIGNATURE} (bytes
     * hashed, of about {@code fileBytes}; the last report, after the signature verified, gives the count as both done and
     * total).
     */
    String check(MechanismSpec spec, LoadProgress progress, long fileBytes) throws InvalidSpecException {
        JsonObject document = spec.document();
        try {
            String signer = null;
            if (document.has("signature") || requireSignature) {
                if (!trustedKeys.isEmpty() || requireSignature) {
                    signer = verified(document, progress, fileBytes);
                } else {
                    SpecSignature.checkShape(document);
                }
            }
            if (maxEpsilon != null && spec.certifiedEpsilon().compareTo(maxEpsilon) > 0) {
                throw new FieldException("/privacy/certified_epsilon", "exceeds the runtime policy's maximum epsilon " + maxEpsilon + ". Provided value: "
                        + spec.certifiedEpsilon());
            }
            if (maxDelta != null && spec.certifiedDelta().compareTo(maxDelta) > 0) {
                throw new FieldException("/privacy/certified_delta", "exceeds the runtime policy's maximum delta " + maxDelta + ". Provided value: "
                        + spec.certifiedDelta());
            }
            if (numerics == NumericsPolicy.EXACT_ONLY && spec.numerics() != Numerics.EXACT) {
                throw new FieldException("/privacy/numerics", "the runtime policy accepts exact numerics only. Provided value: \"" + spec.numerics().json() + "\"");
            }
            if (!relations.contains(spec.relation())) {
                throw new FieldException("/privacy/relation", "the runtime policy accepts only " + names(relations, Relation::json) + " guarantees. Provided value: \""
                        + spec.relation().json() + "\"");
            }
            java.util.Optional<DiscreteSpec> discrete = DiscreteSpec.of(spec);
            if (discrete.isPresent()) {
                DiscreteSpec d = discrete.get();
                NeighbourGraph.Kind g = d.privacy().neighbours().kind();
                if (!graphs.contains(g)) {
                    throw new FieldException("/privacy/neighbours", "the runtime policy accepts only specs designed on the " + names(graphs, RuntimePolicy::graphName)
                            + " neighbour graph; this one is private only between neighbours on the " + graphName(g) + " graph. Provided value: " + graphName(g));
                }
                if (!inputPolicies.contains(d.privacy().inputPolicy())) {
                    throw new FieldException("/privacy/input_policy", "the runtime policy accepts only input policies " + names(inputPolicies, InputPolicy::json)
                            + ". Provided value: \"" + d.privacy().inputPolicy().json() + "\"");
                }
            }
            if (!spec.sensitivityRechecked() && !allowUncheckedSensitivity && signer == null) {
                String why = spec.accept(new MechanismSpec.Visitor<String>() {
                    @Override
                    public String visit(DiscreteMechanismSpec table) {
                        return "";
                    }

                    @Override
                    public String visit(GeometricRemapSpec geometricRemap) {
                        return "";
                    }

                    @Override
                    public String visit(KNormSpec knorm) {
                        return knorm.sensitivityCheck();
                    }

                    @Override
                    public String visit(GaussianProcessSpec gaussianProcess) {
                        return gaussianProcess.sensitivityCheck();
                    }

                    @Override
                    public String visit(EllipticGaussianSpec ellipticGaussian) {
                        return ellipticGaussian.sensitivityCheck();
                    }
                });
                throw new FieldException("/mechanism/sensitivity", "could not be re-checked from the stored numbers (" + why + "), so the noise's calibration "
                        + "rests on the designer's word alone; sign the spec with a trusted key, or allow unchecked sensitivity explicitly "
                        + "(RuntimePolicy.builder().allowUncheckedSensitivity())");
            }
            return signer;
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
    }

    /** {@code path}, {@code complete} or {@code edges}. */
    public static String graphName(NeighbourGraph.Kind kind) {
        return kind.json();
    }

    private static <T> String names(Set<T> set, java.util.function.Function<T, String> name) {
        return set.stream().map(name).sorted().collect(Collectors.joining(", "));
    }

    /**
     * Settings of a {@link RuntimePolicy}; every setting has a permissive default except unchecked sensitivity and the
     * sampling of idealized (floating-point) noise, which need an explicit choice.
     */
    public static final class Builder {
        private final Map<String, PublicKey> trustedKeys = new LinkedHashMap<>();
        private boolean requireSignature;
        private BigDecimal maxEpsilon;
        private BigDecimal maxDelta;
        /** null: not chosen, so idealized specs load (for inspection) but are not sampled (see {@link RuntimePolicy#numerics()}). */
        private NumericsPolicy numerics;
        private Set<Relation> relations = EnumSet.allOf(Relation.class);
        private Set<NeighbourGraph.Kind> graphs = EnumSet.allOf(NeighbourGraph.Kind.class);
        private Set<InputPolicy> inputPolicies = EnumSet.of(InputPolicy.CLAMP, InputPolicy.DEFAULT);
        private boolean allowUncheckedSensitivity;

        private Builder() {
        }

        /** Trusts an Ed25519 public key under an id; a present signature must then verify against a trusted key. */
        public Builder trustKey(String keyId, PublicKey key) {
            Objects.requireNonNull(keyId, "keyId");
            Objects.requireNonNull(key, "key");
            if (keyId.isEmpty()) {
                throw new IllegalArgumentException("keyId must not be empty");
            }
            trustedKeys.put(keyId, key);
            return this;
        }

        /** Trusts every key of the map (key id → public key). */
        public Builder trustKeys(Map<String, PublicKey> keys) {
            keys.forEach(this::trustKey);
            return this;
        }

        /**
         * Trusts the public key stored in a file written by {@code optimech keygen} ({@code NAME.public.key}).
         *
         * @throws java.io.IOException when the file cannot be read
         * @throws IllegalArgumentException when it holds no Ed25519 public key
         */
        public Builder trustKeyFile(String keyId, java.nio.file.Path file) throws java.io.IOException {
            return trustKey(keyId, SpecSignature.publicKey(java.nio.file.Files.readString(file)));
        }

        /** Refuse unsigned specs (needs at least one trusted key). */
        public Builder requireSignature() {
            this.requireSignature = true;
            return this;
        }

        /** Refuse specs certified above this ε. */
        public Builder maxEpsilon(BigDecimal epsilon) {
            this.maxEpsilon = Objects.requireNonNull(epsilon, "epsilon");
            if (epsilon.signum() <= 0) {
                throw new IllegalArgumentException("maxEpsilon must be > 0. Provided value: " + epsilon);
            }
            return this;
        }

        /** Refuse specs certified above this δ. */
        public Builder maxDelta(BigDecimal delta) {
            this.maxDelta = Objects.requireNonNull(delta, "delta");
            if (delta.signum() < 0) {
                throw new IllegalArgumentException("maxDelta must be >= 0. Provided value: " + delta);
            }
            return this;
        }

        /**
         * {@link NumericsPolicy#EXACT_ONLY} refuses idealized (floating-point) specs at load; {@link NumericsPolicy#ALLOW_IDEALIZED}
         * is the explicit opt-in to sampling them. Not chosen (the default): they load, so they can be inspected and
         * verified, but no mechanism samples them.
         */
        public Builder numerics(NumericsPolicy policy) {
            this.numerics = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** Accept only guarantees stated for these relations. */
        public Builder relations(Set<Relation> allowed) {
            this.relations = nonEmpty(allowed, "relations");
            return this;
        }

        /** Accept only discrete specs designed on these neighbour graphs. */
        public Builder neighbourGraphs(Set<NeighbourGraph.Kind> allowed) {
            this.graphs = nonEmpty(allowed, "neighbourGraphs");
            return this;
        }

        /** Accept only discrete specs with these input policies (default: clamp and default; add reject to load legacy reject specs). */
        public Builder inputPolicies(Set<InputPolicy> allowed) {
            this.inputPolicies = nonEmpty(allowed, "inputPolicies");
            return this;
        }

        /** Accept specs whose sensitivity the runtime could not re-derive, even unsigned: their calibration is the designer's word. */
        public Builder allowUncheckedSensitivity() {
            this.allowUncheckedSensitivity = true;
            return this;
        }

        /**
         * @throws IllegalArgumentException when a signature is required but no key is trusted
         */
        public RuntimePolicy build() {
            if (requireSignature && trustedKeys.isEmpty()) {
                throw new IllegalArgumentException("requireSignature needs at least one trusted key");
            }
            return new RuntimePolicy(this);
        }

        private static <T> Set<T> nonEmpty(Set<T> s, String what) {
            Objects.requireNonNull(s, what);
            if (s.isEmpty()) {
                throw new IllegalArgumentException(what + " must not be empty: a policy that accepts nothing is a mistake");
            }
            for (T t : s) {
                Objects.requireNonNull(t, what + " element");
            }
            return Set.copyOf(s);
        }
    }
}
