package org.optimech.designer.common;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Optional;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;
import org.optimech.runtime.discrete.Remap;
import org.optimech.runtime.discrete.WeightTable;

/**
 * Whether a designed mechanism ignores its input (every input gets the same output distribution), and the warning that says
 * so. At a small enough ε the optimum is such a mechanism: under the Bayes objective it answers from the prior alone, under
 * minimax with the best constant. It is optimal, certificate and all, and releases nothing about the data; a user who sees
 * only "optimal" would not know.
 */
public final class InputIgnored {
    private InputIgnored() {
    }

    /** True when every row of the table is the same (exactly, on the stored integers). */
    public static boolean of(WeightTable w) {
        for (int i = 1; i < w.rows(); i++) {
            if (!Arrays.equals(w.row(i), w.row(0))) {
                return false;
            }
        }
        return true;
    }

    /** True when every row of the remap is the same, so noise followed by it releases the same distribution for every input. */
    public static boolean of(Remap r) {
        for (int z = 1; z < r.rows(); z++) {
            if (!Arrays.equals(r.outputs(z), r.outputs(0)) || !Arrays.equals(r.weights(z), r.weights(0))) {
                return false;
            }
        }
        return true;
    }

    /** The warning for a design whose stored mechanism ignores the input, or empty. */
    public static Optional<String> warning(DiscreteProblem p, boolean ignored, BigDecimal certifiedEpsilon) {
        if (!ignored || p.inputCount() < 2) {
            return Optional.empty();
        }
        String what = p.objective() == Objective.BAYES ? "the prior alone (the output the prior makes best, whatever the input) is optimal"
                : "one fixed answer for every input is optimal";
        return Optional.of("the stored mechanism ignores its input: every input has the same output distribution, so a release says nothing about the "
                + "data. At epsilon " + p.epsilon().toPlainString() + (certifiedEpsilon.compareTo(p.epsilon()) == 0 ? ""
                        : certifiedEpsilon.signum() == 0 ? " (certified 0: what ignores the input is 0-DP)" : " (certified " + certifiedEpsilon.toPlainString() + ")") + " " + what + " under this loss" + (p.objective() == Objective.BAYES ? " and prior" : "")
                + ": raise epsilon, or change the loss or prior, for a mechanism that uses the input");
    }
}
