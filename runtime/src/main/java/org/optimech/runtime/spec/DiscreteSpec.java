package org.optimech.runtime.spec;

import org.optimech.runtime.discrete.DiscreteDomain;

/**
 * A discrete mechanism spec: a dense {@link DiscreteMechanismSpec table} or a
 * {@link GeometricRemapSpec geometric mechanism followed by a remap}. Both map input values to
 * output values of discrete domains and are sampled exactly.
 */
public sealed interface DiscreteSpec extends MechanismSpec permits DiscreteMechanismSpec, GeometricRemapSpec {
    /** The spec as a discrete spec (a table or a structural remap), dispatched by the visitor; empty for a vector kind. */
    static java.util.Optional<DiscreteSpec> of(MechanismSpec spec) {
        return spec.accept(new Otherwise<java.util.Optional<DiscreteSpec>>() {
            @Override
            protected java.util.Optional<DiscreteSpec> otherwise(MechanismSpec vector) {
                return java.util.Optional.empty();
            }

            @Override
            public java.util.Optional<DiscreteSpec> visit(DiscreteMechanismSpec table) {
                return java.util.Optional.of(table);
            }

            @Override
            public java.util.Optional<DiscreteSpec> visit(GeometricRemapSpec geometricRemap) {
                return java.util.Optional.of(geometricRemap);
            }
        });
    }

    DiscreteDomain inputs();

    DiscreteDomain outputs();

    PrivacyGuarantee privacy();

    /** Always: a discrete spec's privacy is re-checked from its stored integers or structure at load. */
    @Override
    default boolean sensitivityRechecked() {
        return true;
    }

    @Override
    default Numerics numerics() {
        return privacy().numerics();
    }
}
