package org.optimech.designer.structural;

/**
 * The truncated geometric mechanism on 0..n with α = e^{-ε}: G[i][z] = κ_z·α^{|i−z|}, κ_0 = κ_n =
 * 1/(1+α) and κ_z = (1−α)/(1+α) inside (n ≥ 1). Doubles; used for design and risk, never for privacy. Powers of α come
 * from {@link StrictMath#exp}, so a design (remap, risk, bound) is the same on every JVM ({@link Math#exp} may differ by an ulp).
 */
final class Geometric {
    /** Largest table of powers kept (8 MB); beyond, each power is computed. */
    private static final int TABLE_LIMIT = 1 << 20;
    /** ε·d beyond which e^{−ε·d} is 0 in doubles (StrictMath's underflow threshold is −745.13). */
    private static final double UNDERFLOW = 746;

    private final int n;
    private final double epsilon;
    private final double alpha;
    /**
     * α^d for d below its length, each exactly {@code StrictMath.exp(-epsilon * d)}: the median search and the risk ask for
     * the same few powers millions of times (the largest cost of a design at n = 10^6 was exp).
     */
    private final double[] table;

    private Geometric(int n, double epsilon) {
        this.n = n;
        this.epsilon = epsilon;
        this.alpha = StrictMath.exp(-epsilon);
        int size = (int) Math.min(Math.min(n + 2L, TABLE_LIMIT), (long) Math.ceil(UNDERFLOW / epsilon) + 1);
        this.table = new double[size];
        for (int d = 0; d < size; d++) {
            table[d] = StrictMath.exp(-epsilon * d);
        }
    }

    static Geometric of(int n, double epsilon) {
        if (n < 1) {
            throw new IllegalArgumentException("need at least 2 inputs. Provided value: n = " + n);
        }
        return new Geometric(n, epsilon);
    }

    int n() {
        return n;
    }

    double epsilon() {
        return epsilon;
    }

    double alpha() {
        return alpha;
    }

    /** α^d = e^{−ε·d}, accurate for large d (no repeated multiplication), the same double whether tabled or not. */
    double pow(long d) {
        if (d >= 0 && d < table.length) {
            return table[(int) d];
        }
        double x = -epsilon * d;
        return x < -UNDERFLOW ? 0 : StrictMath.exp(x);
    }

    double kappa(int z) {
        return z == 0 || z == n ? 1 / (1 + alpha) : (1 - alpha) / (1 + alpha);
    }

    /** P(z ≥ i + d + 1) for d ≥ 0 when the clamp at n is further away: α^{d+1}/(1+α), the mass beyond a window. */
    double tailBeyond(int d) {
        return pow(d + 1L) / (1 + alpha);
    }
}
