package org.optimech.runtime.lattice;

import java.math.BigInteger;
import java.util.List;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.knorm.EulerianNumbers;
import org.optimech.runtime.noise.ExactBernoulli;
import org.optimech.runtime.random.RandomSource;

/**
 * Exact draws of q(z) ∝ e^{−r(‖z₊‖∞ + ‖z₋‖∞)} on ℤ^d: the count join's proposal when k is near d, where it is far from both
 * the ℓ1 ball and the cube (docs/LATTICE_KNORM.md, "The count join's level proposal").
 *
 * <p>With x = e^{−r}, x^{‖z₊‖∞} = (1 − x)·Σ_{m₊ ≥ ‖z₊‖∞} x^{m₊} and the same for z₋, so q is the mixture over levels (m₊, m₋)
 * with weight x^{m₊+m₋}·(m₊ + m₋ + 1)^d of the uniform law on the box [−m₋, m₊]^d. Grouping by n = m₊ + m₋ (n + 1 splits,
 * each equally likely): P(n) ∝ (n + 1)^{d+1} x^n, an Eulerian mixture drawn exactly by {@link BoxRadius#ofCoefficients} from
 * the Eulerian numbers A(d + 1, ·) (big integers, built once per load and shared: {@link EulerianNumbers#sharedRow}); then m₊
 * uniform in [0, n] and each coordinate uniform in [−(n − m₊), m₊]. O(d) uniform draws per proposal plus the level's
 * expected O(d) big-integer comparisons. The normaliser is Σ_z q(z) = A_{d+1}(x)/(1 − x)^d, A_{d+1} the Eulerian polynomial.
 */
final class JoinLevelProposal {
    private final int d;
    private final BoxRadius levels;

    private JoinLevelProposal(int d, BoxRadius levels) {
        this.d = d;
        this.levels = levels;
    }

    /**
     * The proposal at rate r in dimension d.
     *
     * @throws IllegalArgumentException when the level law's inner rejection would accept below 10⁻⁶ (r far above 1/d)
     */
    static JoinLevelProposal of(int d, Rational rate) {
        List<BigInteger> row = EulerianNumbers.sharedRow(d + 1);
        BigInteger[] b = new BigInteger[d + 2];
        for (int i = 0; i <= d + 1; i++) {
            b[i] = i < row.size() ? row.get(i) : BigInteger.ZERO; // A(d + 1, d + 1) = 0
        }
        return new JoinLevelProposal(d, BoxRadius.ofCoefficients(b, rate));
    }

    /** Whether building the Eulerian row A(d + 1, ·) fits the runtime's load budget ({@link EulerianNumbers#MAX_LOAD_TABLE_COST}). */
    static boolean affordable(int d) {
        return EulerianNumbers.tableCost(d + 1, d + 1) <= EulerianNumbers.MAX_LOAD_TABLE_COST;
    }

    /**
     * An upper bound on ln Σ_z q(z) = ln A_{d+1}(x) − d·ln(1 − x): A_{d+1}(x) = (d + 1)!·E[x^{descents}] with the mean taken from
     * the built level law ({@code levelAcceptance}, relative error about d·10⁻¹⁶, raised by 10⁻⁹), or at most (d + 1)! without it
     * ({@code levelAcceptance = 1}). Doubles; the callers halve the acceptance bound, far more than this rounding.
     */
    static double logNormalizerUpperBound(int d, double r, double levelAcceptance) {
        return LatticeSampler.logFactorial(d + 1) + Math.log(Math.min(1, levelAcceptance * (1 + 1e-9))) - d * Math.log(-Math.expm1(-r));
    }

    /** The upper bound of {@link #logNormalizerUpperBound} for this proposal's built level law. */
    double logNormalizerUpperBound(double r) {
        return logNormalizerUpperBound(d, r, levels.levelAcceptance());
    }

    /** Builds the level law's draw tables now (a sampler calls it when it is made; certification alone does not). */
    void prepare() {
        levels.prepare();
    }

    /** One proposal: a {@code long[]} while the level is below 2^60, else a {@code BigInteger[]} (the choice depends on the level only). */
    Object draw(RandomSource random) {
        BigInteger[] big = new BigInteger[1];
        long n = levels.sample(random, big);
        if (n >= 0 && n < 1L << 60) {
            long plus = ExactBernoulli.uniformBelow(n + 1, random);
            long shift = n - plus; // m₋
            long[] z = new long[d];
            for (int j = 0; j < d; j++) {
                z[j] = ExactBernoulli.uniformBelow(n + 1, random) - shift;
            }
            return z;
        }
        BigInteger width = (n >= 0 ? BigInteger.valueOf(n) : big[0]).add(BigInteger.ONE);
        BigInteger shift = width.subtract(BigInteger.ONE).subtract(ExactBernoulli.uniformBelow(width, random));
        BigInteger[] z = new BigInteger[d];
        for (int j = 0; j < d; j++) {
            z[j] = ExactBernoulli.uniformBelow(width, random).subtract(shift);
        }
        return z;
    }
}
