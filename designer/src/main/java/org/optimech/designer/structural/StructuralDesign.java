package org.optimech.designer.structural;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.runtime.discrete.Remap;

/**
 * The outcome of a structural design: the truncated geometric mechanism at {@code noiseEpsilon}
 * followed by {@code remap}, its risk, and the evidence that it is optimal.
 *
 * @param problem what was designed
 * @param noiseEpsilon ε of the geometric noise, what the mechanism is exactly DP at: the requested ε, or the request rounded down
 *     to a fraction the exact sampler takes ({@link org.optimech.runtime.noise.DiscreteLaplace#samplableAtMost})
 * @param remap the stored remap (deterministic for Bayes; quantized to 2^62 where randomized)
 * @param riskLower per-input risk summed over the evaluation window
 * @param riskUpper per-input risk plus the bound on the mass outside the window
 * @param objectiveValue Bayes risk or maximum risk of the stored mechanism (upper value)
 * @param certificate the optimality evidence
 * @param engine how the remap was computed
 * @param iterations minimax: column-generation rounds (0 for Bayes)
 * @param secondsDesign wall time computing the remap
 * @param secondsCertify wall time evaluating risks and the bound
 */
public record StructuralDesign(
        DiscreteProblem problem,
        BigDecimal noiseEpsilon,
        Remap remap,
        double[] riskLower,
        double[] riskUpper,
        double objectiveValue,
        Certificate certificate,
        String engine,
        int iterations,
        double secondsDesign,
        double secondsCertify) {

    public StructuralDesign {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(noiseEpsilon, "noiseEpsilon");
        Objects.requireNonNull(remap, "remap");
        riskLower = riskLower.clone();
        riskUpper = riskUpper.clone();
        Objects.requireNonNull(certificate, "certificate");
        Objects.requireNonNull(engine, "engine");
    }

    @Override
    public double[] riskLower() {
        return riskLower.clone();
    }

    @Override
    public double[] riskUpper() {
        return riskUpper.clone();
    }

    /**
     * Evidence of optimality.
     *
     * @param kind {@code geometric-dual} (Bayes: an explicit dual solution of the full LP, verified with
     *     directed rounding) or {@code least-favourable-prior} (minimax: the same bound under the prior
     *     from the remap LP's duals), or {@code theorem-only} when the bound was not computed
     * @param certified whether {@code lowerBound} is within the tolerance of the stored risk
     * @param lowerBound no ε-DP mechanism on these inputs and outputs has lower risk (NaN if not computed)
     * @param relativeGap (stored risk − lower bound) / stored risk
     * @param deficit the dual infeasibility paid for in the bound
     * @param leastFavourablePrior minimax only, else null
     * @param reason why not certified, or null
     * @param gapTolerance the largest relative gap that counts as certified (the designer's option)
     */
    public record Certificate(String kind, boolean certified, double lowerBound, double relativeGap, double deficit, double[] leastFavourablePrior,
            String reason, double gapTolerance) {
        public Certificate {
            leastFavourablePrior = leastFavourablePrior == null ? null : leastFavourablePrior.clone();
        }

        @Override
        public double[] leastFavourablePrior() {
            return leastFavourablePrior == null ? null : leastFavourablePrior.clone();
        }
    }
}
