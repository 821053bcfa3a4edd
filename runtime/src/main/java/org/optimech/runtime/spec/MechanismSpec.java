package org.optimech.runtime.spec;

import java.math.BigDecimal;
import org.optimech.runtime.json.JsonObject;

/**
 * A validated mechanism spec of any kind: a {@link DiscreteMechanismSpec discrete table}, a {@link GeometricRemapSpec
 * geometric mechanism and a remap}, a {@link KNormSpec K-norm mechanism} on a vector statistic, or a {@link GaussianProcessSpec
 * Gaussian-process release} of a function, or an {@link EllipticGaussianSpec elliptic Gaussian} on a structured vector statistic. Every way to obtain one checks the stored numbers exactly (the privacy constraints
 * of a table, a K-norm body and its sensitivity, a Gaussian calibration), so an instance is a spec that passed them. Code
 * outside the spec package tells the kinds apart with a {@link Visitor}, not with {@code instanceof}.
 */
public sealed interface MechanismSpec permits DiscreteSpec, KNormSpec, GaussianProcessSpec, EllipticGaussianSpec {
    /** The {@code mechanism.kind} name in JSON. */
    String kind();

    /** The relation between neighbouring datasets the guarantee is stated for. */
    Relation relation();

    /** The ε the user asked for, exactly as given. */
    BigDecimal epsilon();

    /** The δ the user asked for (0 for pure DP). */
    BigDecimal delta();

    /** The ε the stored numbers achieve, at most {@link #epsilon()}. */
    BigDecimal certifiedEpsilon();

    /** The δ the stored numbers achieve (0 for pure DP). */
    BigDecimal certifiedDelta();

    Numerics numerics();

    /**
     * Whether the runtime re-derived the noise's calibration from the stored numbers at load: always for the discrete kinds
     * (every privacy constraint is re-checked from the stored integers); for K-norm specs when Δ was re-derived from the
     * recorded statistic; for Gaussian-process specs when Δ was re-derived from the recorded KDE problem (closed form). A spec
     * for which this is false is refused by the default runtime policy unless signed by a trusted key or explicitly allowed.
     */
    boolean sensitivityRechecked();

    JsonObject design();

    JsonObject provenance();

    /**
     * The sealed document: as read for a loaded spec (digest and any signature included), as written for a new one. The weight
     * table of a discrete-table spec and the remap rows of a geometric-remap spec are {@link org.optimech.runtime.json.JsonArray#view
     * views} over the spec's own numbers, equal to what was read: a spec of millions of entries does not hold them twice.
     * Arrays of numbers (a K-norm spec's stored points, say) are held packed as doubles, 8 bytes a number.
     */
    JsonObject document();

    /** Calls the visitor's method for this spec's kind. */
    <R> R accept(Visitor<R> visitor);

    /** One method per kind: how code outside the spec package handles each. */
    interface Visitor<R> {
        R visit(DiscreteMechanismSpec table);

        R visit(GeometricRemapSpec geometricRemap);

        R visit(KNormSpec knorm);

        R visit(GaussianProcessSpec gaussianProcess);

        R visit(EllipticGaussianSpec ellipticGaussian);
    }

    /**
     * A visitor for a question about one or two kinds: every kind it does not override answers {@link #otherwise}. A full
     * {@link Visitor} is for dispatch that must handle each kind (a new kind does not compile until it does).
     */
    abstract class Otherwise<R> implements Visitor<R> {
        /** The answer for a kind not overridden. */
        protected abstract R otherwise(MechanismSpec value);

        @Override
        public R visit(DiscreteMechanismSpec table) {
            return otherwise(table);
        }

        @Override
        public R visit(GeometricRemapSpec geometricRemap) {
            return otherwise(geometricRemap);
        }

        @Override
        public R visit(KNormSpec knorm) {
            return otherwise(knorm);
        }

        @Override
        public R visit(GaussianProcessSpec gaussianProcess) {
            return otherwise(gaussianProcess);
        }

        @Override
        public R visit(EllipticGaussianSpec ellipticGaussian) {
            return otherwise(ellipticGaussian);
        }
    }
}
