package org.optimech.runtime.accounting;

/**
 * Convolution of non-negative arrays with a bound on its floating-point error in ℓ1: directly when the product of the lengths is
 * small (each output a sum of at most min(la, lb) non-negative products: relative error at most (min + 1)·2^-53 of
 * ‖a‖₁‖b‖₁), otherwise by a radix-2 FFT, whose ℓ2 error is at most log2(M)·η/(1 − log2(M)·η) relative per transform with
 * η = 10·2^-53 (Higham, Accuracy and Stability of Numerical Algorithms, Thm 24.2, twiddles accurate to a few ulps), which
 * through the pointwise product and the inverse gives at most 3r(‖a‖₂‖b‖₁ + ‖a‖₁‖b‖₂) + 4u in ℓ2 and √M times that in ℓ1.
 * Negative outputs (rounding) are set to 0, their size already covered by the bound.
 */
final class Convolution {
    private static final double U = 0x1.0p-53;
    /** Above this many multiply-adds the FFT is used. */
    static final long DIRECT_LIMIT = 1L << 22;

    private Convolution() {
    }

    /** The result and an upper bound on ‖computed − exact‖₁. */
    record Result(double[] values, double errorL1) {
    }

    static Result of(double[] a, double[] b) {
        long work = (long) a.length * b.length;
        return work <= DIRECT_LIMIT ? direct(a, b) : fft(a, b);
    }

    static Result direct(double[] a, double[] b) {
        double[] c = new double[a.length + b.length - 1];
        for (int i = 0; i < a.length; i++) {
            double ai = a[i];
            if (ai == 0) {
                continue;
            }
            for (int j = 0; j < b.length; j++) {
                c[i + j] += ai * b[j];
            }
        }
        double bound = (Math.min(a.length, b.length) + 1) * U * 1.01 * l1(a) * l1(b);
        return new Result(c, bound);
    }

    static Result fft(double[] a, double[] b) {
        int len = a.length + b.length - 1;
        int m = Integer.highestOneBit(Math.max(1, len - 1)) << 1;
        if (m < len) {
            m <<= 1;
        }
        double[] ar = new double[m];
        double[] ai = new double[m];
        double[] br = new double[m];
        double[] bi = new double[m];
        System.arraycopy(a, 0, ar, 0, a.length);
        System.arraycopy(b, 0, br, 0, b.length);
        double[][] tw = twiddles(m);
        transform(ar, ai, tw, false);
        transform(br, bi, tw, false);
        for (int k = 0; k < m; k++) {
            double re = ar[k] * br[k] - ai[k] * bi[k];
            double im = ar[k] * bi[k] + ai[k] * br[k];
            ar[k] = re;
            ai[k] = im;
        }
        transform(ar, ai, tw, true);
        double[] c = new double[len];
        for (int k = 0; k < len; k++) {
            c[k] = Math.max(0, ar[k] / m);
        }
        int log = Integer.numberOfTrailingZeros(m);
        double eta = 10 * U;
        double r = log * eta / (1 - log * eta);
        double l2 = 3 * r * (l2(a) * l1(b) + l1(a) * l2(b)) + 4 * U * l1(a) * l1(b);
        return new Result(c, Math.sqrt(m) * l2 * 1.01);
    }

    /**
     * The n-fold circular self-convolution of {@code a} zero-padded to {@code m} (a power of two, at least a.length): one FFT, the
     * pointwise n-th power of the spectrum, one inverse FFT. Where n·(a.length − 1) &lt; m it equals the linear n-fold
     * convolution; otherwise entry k holds the sum of the linear entries j ≡ k (mod m), and the caller bounds that aliasing.
     *
     * <p>Error against the exact circular result, in ℓ2 (then √m times it in ℓ1): with s ≥ ‖a‖₁, A = F·a and r the FFT's relative
     * ℓ2 error as in {@link #fft}, the computed spectrum is off by E with ‖E‖₂ ≤ r√m‖a‖₂ and |A_k| ≤ s; so |Â_k^n − A_k^n| ≤
     * n·|E_k|·g with g = (s + ‖E‖₂)^(n−1). Binary powering makes each n-th power with relative error at most ρ = (1 + √5·u)^(2n) − 1
     * (each complex product within √5·u, Brent, Percival and Zimmermann 2007; an error is raised at most to the power 2n). The
     * inverse transform adds r of its input's norm, and dividing by m = 2^k is exact. Together
     * ‖ĉ − c‖₂ ≤ g‖a‖₂[(n·r + ρ(1 + r))(1 + r) + r]. Negative outputs are set to 0, which only brings them nearer.
     *
     * @throws IllegalArgumentException when m is not a power of two at least a.length, or n &lt; 1
     */
    static Result power(double[] a, long n, int m) {
        if (Integer.bitCount(m) != 1 || m < a.length || n < 1) {
            throw new IllegalArgumentException("power needs m a power of two >= " + a.length + " and n >= 1. Provided values: m " + m + ", n " + n);
        }
        double[] re = new double[m];
        double[] im = new double[m];
        System.arraycopy(a, 0, re, 0, a.length);
        double[][] tw = twiddles(m);
        transform(re, im, tw, false);
        for (int k = 0; k < m; k++) {
            // binary powering of (re[k] + i·im[k])^n
            double br = re[k];
            double bi = im[k];
            double rr = 1;
            double ri = 0;
            boolean first = true;
            for (long e = n; e > 0; e >>= 1) {
                if ((e & 1) == 1) {
                    if (first) {
                        rr = br;
                        ri = bi;
                        first = false;
                    } else {
                        double t = rr * br - ri * bi;
                        ri = rr * bi + ri * br;
                        rr = t;
                    }
                }
                if (e > 1) {
                    double t = br * br - bi * bi;
                    bi = 2 * br * bi;
                    br = t;
                }
            }
            re[k] = rr;
            im[k] = ri;
        }
        transform(re, im, tw, true);
        double[] c = new double[m];
        for (int k = 0; k < m; k++) {
            c[k] = Math.max(0, re[k] / m);
        }
        int log = Integer.numberOfTrailingZeros(m);
        double eta = 10 * U;
        double r = log * eta / (1 - log * eta);
        double s = l1(a);
        double l2 = l2(a);
        double e = r * Math.sqrt(m) * l2;
        double g = Math.exp((n - 1) * Math.log1p(s - 1 + e) * (1 + 1e-12)) * (1 + 1e-12);
        if (s - 1 + e < 0) {
            g = 1; // (s + e) < 1: every power is at most 1
        }
        double rho = Math.expm1(2.0 * n * Math.log1p(Math.sqrt(5) * U * 1.01)) * 1.01;
        double errL2 = g * l2 * ((n * r + rho * (1 + r)) * (1 + r) + r);
        // subnormal quotients: at most 2^-1074 each
        return new Result(c, (Math.sqrt(m) * errL2 + m * 0x1.0p-1074) * 1.01);
    }

    /** cos and sin of 2πk/m for k &lt; m/2, each computed directly (accurate to an ulp or two). */
    private static double[][] twiddles(int m) {
        double[] cos = new double[m / 2];
        double[] sin = new double[m / 2];
        for (int k = 0; k < m / 2; k++) {
            double t = 2 * Math.PI * k / m;
            cos[k] = Math.cos(t);
            sin[k] = Math.sin(t);
        }
        return new double[][] {cos, sin};
    }

    /** In-place iterative radix-2 FFT (sign −1 forward, +1 inverse; the inverse is not scaled). */
    private static void transform(double[] re, double[] im, double[][] tw, boolean inverse) {
        int n = re.length;
        for (int i = 1, j = 0; i < n; i++) {
            int bit = n >> 1;
            for (; (j & bit) != 0; bit >>= 1) {
                j ^= bit;
            }
            j ^= bit;
            if (i < j) {
                double t = re[i];
                re[i] = re[j];
                re[j] = t;
                t = im[i];
                im[i] = im[j];
                im[j] = t;
            }
        }
        double[] cos = tw[0];
        double[] sin = tw[1];
        for (int len = 2; len <= n; len <<= 1) {
            int step = n / len;
            int half = len >> 1;
            for (int i = 0; i < n; i += len) {
                for (int k = 0; k < half; k++) {
                    double wr = cos[k * step];
                    double wi = inverse ? sin[k * step] : -sin[k * step];
                    int p = i + k;
                    int q = p + half;
                    double xr = re[q] * wr - im[q] * wi;
                    double xi = re[q] * wi + im[q] * wr;
                    re[q] = re[p] - xr;
                    im[q] = im[p] - xi;
                    re[p] += xr;
                    im[p] += xi;
                }
            }
        }
    }

    static double l1(double[] x) {
        double s = 0;
        for (double v : x) {
            s += Math.abs(v);
        }
        return s * (1 + x.length * U);
    }

    static double l2(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v * v;
        }
        return Math.sqrt(s * (1 + x.length * U)) * (1 + 2 * U);
    }
}
