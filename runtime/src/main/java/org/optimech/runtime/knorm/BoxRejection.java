package org.optimech.runtime.knorm;

import java.util.function.Predicate;
import org.optimech.runtime.random.RandomSource;

/**
 * Uniform points of a body by rejection from a box around it (ERRATA K2: the box encloses the unit body;
 * the radius is drawn separately). Throws rather than return a point that is not uniform when no proposal
 * is accepted within the cap.
 */
public final class BoxRejection {
    private BoxRejection() {
    }

    /**
     * @param lower the box's lower corner
     * @param width the box's side lengths
     * @param inside membership in the body
     * @throws IllegalStateException when no proposal is accepted within {@code maxAttempts}
     */
    public static double[] sample(double[] lower, double[] width, Predicate<double[]> inside, int maxAttempts, RandomSource bits) {
        double[] u = new double[lower.length];
        for (int attempt = 0; attempt < maxAttempts; attempt++) {
            for (int j = 0; j < u.length; j++) {
                u[j] = lower[j] + width[j] * Continuous.openUniform(bits);
            }
            if (inside.test(u)) {
                return u;
            }
        }
        throw new IllegalStateException("rejection sampler: no proposal accepted in " + maxAttempts + " attempts; refusing to release a point that is not uniform");
    }

    /** max over facets of (normal_f · x)/offset_f, floored at 0: the gauge of a polytope in H-form (floating point). */
    static double facetGauge(double[][] normals, double[] offsets, double[] x) {
        double g = 0;
        for (int f = 0; f < offsets.length; f++) {
            double s = 0;
            for (int j = 0; j < x.length; j++) {
                s += normals[f][j] * x[j];
            }
            g = Math.max(g, s / offsets[f]);
        }
        return g;
    }
}
