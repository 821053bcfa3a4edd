package org.optimech.runtime.spec;

import org.optimech.runtime.discrete.DiscreteDomain;
import org.optimech.runtime.json.JsonObject;

/**
 * A validated mechanism spec of any kind: a dense {@link DiscreteMechanismSpec table} or a
 * {@link GeometricRemapSpec geometric mechanism followed by a remap}. Both map input values to
 * output values of discrete domains and are sampled exactly.
 */
public sealed interface MechanismSpec permits DiscreteMechanismSpec, GeometricRemapSpec {
    /** The {@code mechanism.kind} name in JSON. */
    String kind();

    DiscreteDomain inputs();

    DiscreteDomain outputs();

    PrivacyGuarantee privacy();

    JsonObject design();

    JsonObject provenance();
}
