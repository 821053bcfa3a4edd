package org.optimech.runtime.spec;

/**
 * Which numerics a caller accepts when it builds a sampler from a spec. Floating-point samplers are
 * exact in distribution over the reals but can leak through the low bits of their outputs (Mironov
 * 2012), so a caller must opt in to them explicitly.
 */
public enum NumericsPolicy {
    /** Only specs whose guarantee holds for the bits the runtime outputs. */
    EXACT_ONLY,
    /** Also specs with {@code numerics: idealized} (K-norm noise in floating point). */
    ALLOW_IDEALIZED;

    /**
     * @throws IllegalStateException when this policy refuses {@code numerics}
     */
    public void check(Numerics numerics) {
        if (numerics == Numerics.IDEALIZED && this == EXACT_ONLY) {
            throw new IllegalStateException("the spec's numerics are idealized (floating-point noise, exact in distribution only over the reals; "
                    + "its low bits can leak, Mironov 2012) and the numerics policy is EXACT_ONLY; pass NumericsPolicy.ALLOW_IDEALIZED to accept it");
        }
    }
}
