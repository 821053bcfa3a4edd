package org.optimech.runtime;

import java.util.Objects;
import java.util.OptionalInt;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.TableSampler;
import org.optimech.runtime.random.RandomBits;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.InputPolicy;

/**
 * A loaded discrete mechanism, ready to privatize values: maps an input value to its row (by the
 * spec's input policy), draws a row sample exactly, and returns the output value. Thread-safe.
 */
public final class DiscreteMechanism {
    private final DiscreteMechanismSpec spec;
    private final TableSampler sampler;

    private DiscreteMechanism(DiscreteMechanismSpec spec) {
        this.spec = spec;
        this.sampler = TableSampler.of(spec.weights());
    }

    /** A mechanism for a validated spec (see {@link org.optimech.runtime.spec.SpecLoader}). */
    public static DiscreteMechanism of(DiscreteMechanismSpec spec) {
        return new DiscreteMechanism(Objects.requireNonNull(spec, "spec"));
    }

    public DiscreteMechanismSpec spec() {
        return spec;
    }

    /**
     * The row of an input value under the spec's input policy.
     *
     * @throws IllegalArgumentException if the value is not in the domain and the policy is
     *     {@code reject}, or it is not a value of the domain's type at all (e.g. "abc" for a range)
     */
    public int inputIndex(String value) {
        Objects.requireNonNull(value, "value");
        OptionalInt i = spec.inputs().indexOf(value);
        if (i.isPresent()) {
            return i.getAsInt();
        }
        if (spec.inputs() instanceof IntegerRange r) {
            long v;
            try {
                v = Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("input must be an integer in [" + r.from() + ", " + r.to() + "]. Provided value: \"" + value + "\"");
            }
            if (v >= r.from() && v <= r.to() || spec.privacy().inputPolicy() == InputPolicy.CLAMP) {
                return r.clampedIndexOf(v); // in range (written as "05" or " 5"), or clamped
            }
            throw new IllegalArgumentException("input is outside [" + r.from() + ", " + r.to() + "] and the spec's input policy is reject. Provided value: " + v);
        }
        throw new IllegalArgumentException("input is not one of the spec's " + spec.inputs().size() + " labels. Provided value: \"" + value + "\"");
    }

    /** One private output for the input row {@code inputIndex}, as an output index. */
    public int sampleIndex(int inputIndex, RandomBits random) {
        return sampler.sample(inputIndex, random);
    }

    /** One private output for an input value, as an output value. */
    public String sample(String inputValue, RandomBits random) {
        return spec.outputs().valueAt(sampler.sample(inputIndex(inputValue), random));
    }
}
