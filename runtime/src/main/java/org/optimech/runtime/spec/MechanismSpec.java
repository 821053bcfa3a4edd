package org.optimech.runtime.spec;

import java.math.BigDecimal;
import org.optimech.runtime.json.JsonObject;

/**
 * A validated mechanism spec of any kind: {@link DiscreteSpec discrete} (a table, or geometric noise
 * and a remap; sampled exactly) or {@link KNormSpec K-norm} (continuous noise on a vector statistic;
 * idealized numerics).
 */
public sealed interface MechanismSpec permits DiscreteSpec, KNormSpec, GaussianProcessSpec {
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
     * recorded statistic; for Gaussian-process specs when Δ was re-derived from the recorded KDE problem (closed form). A spec for
     * which this is false is refused by the default runtime policy unless signed by a trusted key or explicitly allowed.
     */
    boolean sensitivityRechecked();

    JsonObject design();

    JsonObject provenance();
}
