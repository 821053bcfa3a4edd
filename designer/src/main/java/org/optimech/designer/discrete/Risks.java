package org.optimech.designer.discrete;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.optimech.designer.problem.Loss;
import org.optimech.runtime.discrete.WeightTable;

/** The risk of a stored mechanism, computed exactly from its integer weights. */
final class Risks {
    private Risks() {
    }

    /** {@code Σ_ω loss(θ, ω) w[θ][ω] / 2^K} for each θ, exactly. */
    static BigDecimal[] perInput(WeightTable w, Loss loss) {
        int bits = w.denominatorBits();
        BigDecimal fivePow = new BigDecimal(BigInteger.valueOf(5).pow(bits)); // 1/2^K = 5^K / 10^K
        BigDecimal[] r = new BigDecimal[w.rows()];
        for (int i = 0; i < w.rows(); i++) {
            BigDecimal sum = BigDecimal.ZERO;
            for (int j = 0; j < w.cols(); j++) {
                if (w.weight(i, j).signum() != 0 && loss.at(i, j) != 0) {
                    sum = sum.add(new BigDecimal(loss.at(i, j)).multiply(new BigDecimal(w.weight(i, j))));
                }
            }
            r[i] = sum.multiply(fivePow).scaleByPowerOfTen(-bits);
        }
        return r;
    }

    /** {@code Σ_θ prior(θ) risk(θ)}, exactly. */
    static BigDecimal bayes(BigDecimal[] perInput, double[] prior) {
        BigDecimal s = BigDecimal.ZERO;
        for (int i = 0; i < perInput.length; i++) {
            s = s.add(new BigDecimal(prior[i]).multiply(perInput[i]));
        }
        return s;
    }

    static BigDecimal max(BigDecimal[] perInput) {
        BigDecimal m = perInput[0];
        for (BigDecimal r : perInput) {
            m = m.max(r);
        }
        return m;
    }
}
