package org.optimech.spark;

import java.io.Serializable;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.RuntimePolicy;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.SpecCodec;
import org.optimech.runtime.spec.SpecLoader;

/**
 * A spec shipped to the executors once: its sealed text is broadcast, and each executor JVM re-loads it through the
 * runtime's validator once (cached by digest), checking that the digest is the one the driver loaded.
 */
final class SpecBroadcast implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Loaded specs per executor JVM, by digest: a spec is validated once per JVM, not once per task. */
    private static final ConcurrentHashMap<String, MechanismSpec> LOADED = new ConcurrentHashMap<>();
    /** The executors' policy: the driver applied the caller's; here only integrity and the re-checks are repeated. */
    private static final RuntimePolicy EXECUTOR = RuntimePolicy.builder().allowUncheckedSensitivity()
            .numerics(org.optimech.runtime.spec.NumericsPolicy.ALLOW_IDEALIZED).build();

    private final Broadcast<String> text;
    private final String digest;

    private SpecBroadcast(Broadcast<String> text, String digest) {
        this.text = text;
        this.digest = digest;
    }

    static SpecBroadcast of(SparkSession spark, MechanismSpec spec) {
        String digest = digest(spec);
        String text = SpecLoader.toText(spec);
        return new SpecBroadcast(JavaSparkContext.fromSparkContext(spark.sparkContext()).broadcast(text), digest);
    }

    static String digest(MechanismSpec spec) {
        return SpecCodec.write(Objects.requireNonNull(spec, "spec")).get("digest").orElseThrow().asObject().get("value").orElseThrow().asString();
    }

    String digest() {
        return digest;
    }

    /** The spec on this JVM, loaded and validated on first use. */
    MechanismSpec spec() {
        return LOADED.computeIfAbsent(digest, d -> {
            try {
                // the driver loaded the spec under the caller's policy; here only its integrity (the digest) and re-checks are repeated
                MechanismSpec s = SpecLoader.parse(text.value(), EXECUTOR);
                if (!digest(s).equals(d)) {
                    throw new IllegalStateException("the broadcast spec's digest " + digest(s) + " is not the driver's " + d);
                }
                return s;
            } catch (InvalidSpecException e) {
                throw new IllegalStateException("the broadcast spec failed validation on an executor: " + e.getMessage(), e);
            }
        });
    }

    /** A mechanism for the spec on this JVM (fast sampling; idealized numerics were accepted, or refused, on the driver). */
    Mechanism mechanism() {
        try {
            return Mechanisms.of(spec(), EXECUTOR);
        } catch (InvalidSpecException e) {
            throw executorRefused(e);
        }
    }

    /** As {@link #mechanism()}, typed, for a UDF that the driver built for a discrete spec. */
    org.optimech.runtime.DiscreteMechanism discreteMechanism() {
        org.optimech.runtime.spec.DiscreteSpec d = org.optimech.runtime.spec.DiscreteSpec.of(spec())
                .orElseThrow(() -> new IllegalStateException("the broadcast spec is not discrete: " + spec().kind()));
        try {
            return Mechanisms.discrete(d, EXECUTOR, org.optimech.runtime.discrete.SamplingMode.FAST);
        } catch (InvalidSpecException e) {
            throw executorRefused(e);
        }
    }

    /** As {@link #mechanism()}, typed, for a UDF that the driver built for a K-norm spec. */
    org.optimech.runtime.KNormMechanism knormMechanism() {
        org.optimech.runtime.spec.KNormSpec k = org.optimech.runtime.spec.KNormSpec.of(spec())
                .orElseThrow(() -> new IllegalStateException("the broadcast spec is not a K-norm spec: " + spec().kind()));
        try {
            return Mechanisms.knorm(k, EXECUTOR);
        } catch (InvalidSpecException e) {
            throw executorRefused(e);
        }
    }

    private static IllegalStateException executorRefused(InvalidSpecException e) {
        return new IllegalStateException("the broadcast spec failed validation on an executor: " + e.getMessage(), e);
    }
}
