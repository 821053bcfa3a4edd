package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomBits;

/** Floating-point variates from random bits (idealized: exact in distribution over the reals up to 2^-53 granularity). */
final class Continuous {
    private Continuous() {
    }

    /** Uniform on the open interval (0, 1): the midpoint of one of 2^53 equal cells. */
    static double openUniform(RandomBits bits) {
        return ((bits.nextLong() >>> 11) + 0.5) * 0x1.0p-53;
    }

    /** Standard exponential, −log U. */
    static double exponential(RandomBits bits) {
        return -Math.log(openUniform(bits));
    }

    /** Gamma with integer shape k and the given scale: the sum of k exponentials. */
    static double gamma(int k, double scale, RandomBits bits) {
        double s = 0;
        for (int i = 0; i < k; i++) {
            s += exponential(bits);
        }
        return scale * s;
    }

    /** Standard normal by Box–Muller (one of the pair). */
    static double normal(RandomBits bits) {
        return Math.sqrt(-2 * Math.log(openUniform(bits))) * Math.cos(2 * Math.PI * openUniform(bits));
    }

    /** Uniform on (−1, 1). */
    static double symmetricUniform(RandomBits bits) {
        return 2 * openUniform(bits) - 1;
    }

    /** A random sign. */
    static double sign(RandomBits bits) {
        return bits.nextBits(1) == 0 ? -1 : 1;
    }
}
