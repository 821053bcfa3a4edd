package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomSource;

/** Floating-point variates from random bits (idealized: exact in distribution over the reals up to 2^-53 granularity). */
final class Continuous {
    private Continuous() {
    }

    /** Uniform on the open interval (0, 1): the midpoint of one of 2^53 equal cells. */
    static double openUniform(RandomSource bits) {
        return ((bits.nextLong() >>> 11) + 0.5) * 0x1.0p-53;
    }

    /** Standard exponential, −log U. */
    static double exponential(RandomSource bits) {
        return -Math.log(openUniform(bits));
    }

    /**
     * Gamma with integer shape k and the given scale: the sum of k exponentials, taken as −log of a product of
     * uniforms in chunks of 16 (each uniform is at least 2^-54, so a chunk's product stays above 2^-864, far from
     * underflow): one logarithm per 16 shapes instead of one each.
     */
    static double gamma(int k, double scale, RandomSource bits) {
        double s = 0;
        for (int i = 0; i < k; i += 16) {
            double p = 1;
            for (int j = i; j < Math.min(k, i + 16); j++) {
                p *= openUniform(bits);
            }
            s -= Math.log(p);
        }
        return scale * s;
    }

    /** Standard normal by Box–Muller (one of the pair). */
    static double normal(RandomSource bits) {
        return Math.sqrt(-2 * Math.log(openUniform(bits))) * Math.cos(2 * Math.PI * openUniform(bits));
    }

    /** Uniform on (−1, 1). */
    static double symmetricUniform(RandomSource bits) {
        return 2 * openUniform(bits) - 1;
    }

    /** A random sign. */
    static double sign(RandomSource bits) {
        return bits.nextBits(1) == 0 ? -1 : 1;
    }
}
