package org.optimech.designer.structural;

/**
 * The truncated geometric mechanism on 0..n with α = e^{-ε}: G[i][z] = κ_z·α^{|i−z|}, κ_0 = κ_n =
 * 1/(1+α) and κ_z = (1−α)/(1+α) inside (n ≥ 1). Doubles; used for design and risk, never for privacy. Powers of α come
 * from {@link StrictMath#exp}, so a design (remap, risk, bound) is the same on every JVM ({@link Math#exp} may differ by an ulp).
 */
record Geometric(int n, double epsilon, double alpha) {

    static Geometric of(int n, double epsilon) {
        if (n < 1) {
            throw new IllegalArgumentException("need at least 2 inputs. Provided value: n = " + n);
        }
        return new Geometric(n, epsilon, StrictMath.exp(-epsilon));
    }

    /** α^d, accurate for large d (no repeated multiplication). */
    double pow(long d) {
        return StrictMath.exp(-epsilon * d);
    }

    double kappa(int z) {
        return z == 0 || z == n ? 1 / (1 + alpha) : (1 - alpha) / (1 + alpha);
    }

    /** P(z ≥ i + d + 1) for d ≥ 0 when the clamp at n is further away: α^{d+1}/(1+α), the mass beyond a window. */
    double tailBeyond(int d) {
        return pow(d + 1L) / (1 + alpha);
    }
}
