package org.optimech.runtime.statistic;

/**
 * The RKHS sensitivity of the kernel density estimate f_D(x) = (1/n)·Σ φ_h(x − x_i) (Gaussian φ of bandwidth h) under
 * substitution of one of n records, in the RKHS of the noise's kernel (functions paper §4; ERRATA G5 for the Sobolev
 * integrals): √2/(n·√(2π)·h) for the Gaussian kernel, 2/((2π)^{1/4}·n·h) for the exponential (Sobolev) kernel. One
 * formula for the designer, which rounds it up into a spec, and the runtime, which re-derives it at load.
 */
public final class KdeSensitivity {
    private KdeSensitivity() {
    }

    /**
     * The closed form in double arithmetic (a few ulps from the real value: callers compare with a relative margin).
     *
     * @param kernel {@code gaussian} or {@code exponential}
     * @param n the number of records, public under substitution
     * @param bandwidth h &gt; 0
     * @throws IllegalArgumentException for another kernel, n &lt; 1 or a bandwidth that is not positive and finite
     */
    public static double of(String kernel, long n, double bandwidth) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1. Provided value: " + n);
        }
        if (!(bandwidth > 0) || Double.isInfinite(bandwidth)) {
            throw new IllegalArgumentException("bandwidth must be > 0 and finite. Provided value: " + bandwidth);
        }
        switch (kernel) {
            case "gaussian":
                return Math.sqrt(2) / (n * Math.sqrt(2 * Math.PI) * bandwidth);
            case "exponential":
                return 2 / (Math.pow(2 * Math.PI, 0.25) * n * bandwidth);
            default:
                throw new IllegalArgumentException("kernel must be gaussian or exponential. Provided value: " + kernel);
        }
    }
}
