package org.optimech.runtime.discrete;

/**
 * How a discrete mechanism draws its outputs (docs/THREAT_MODEL.md, Timing).
 *
 * <ul>
 *   <li>{@link #FAST}: binary search in the row's cumulative weights, and for geometric-remap specs the
 *       exact discrete Laplace sampler, whose running time depends on the noise drawn.</li>
 *   <li>{@link #CONSTANT_TIME}: a fixed number of random bits and a fixed number of operations per
 *       sample, independent of the input and of the noise: every cumulative bound of the row is compared
 *       branch-free with the draw. A geometric-remap spec is first compiled at load into a dyadic table of
 *       the truncated geometric mechanism, certified exactly against the spec's ε.</li>
 * </ul>
 */
public enum SamplingMode implements org.optimech.runtime.json.JsonName {
    FAST,
    CONSTANT_TIME;

    /** {@code fast} or {@code constant-time}. */
    @Override
    public String json() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
