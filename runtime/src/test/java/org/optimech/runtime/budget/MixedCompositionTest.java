package org.optimech.runtime.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.testing.RandomizedResponseBound;

/**
 * Issue 24 (5): a table spec and a K-norm spec charged to one dataset of a privacy-loss-distribution ledger compose into one
 * distribution, whose ε is checked against bounds computed here by brute force over binomial privacy losses: above it,
 * every ε-DP mechanism is a post-processing of randomized response at ε (Kairouz-Oh-Viswanath), so the mixed releases are
 * dominated by randomized response at each spec's ε composed (plus the grid's pessimism, at most a step per release);
 * below it, the K-norm releases alone (the accountant's pair for a K-norm spec is randomized response, and composing more
 * releases never lowers ε).
 */
class MixedCompositionTest {
    private static final double DELTA = 1e-6;

    @Test
    void aTableAndAKNormSpecInOneDatasetMeetTheRandomizedResponseBounds() throws Exception {
        mixedCompositionMeetsTheBounds("randomized-response.json");
    }

    /**
     * count-path's pairs leave several undominated distributions, so its dominating pair is an envelope: this found the
     * envelope's e^-h defect (session 6), fixed in {@code Envelope.curves}; before, the ledger charged basic composition
     * (81.59 where randomized response bounds it by 64.18).
     */
    @Test
    void aTableWithSeveralUndominatedPairsIsChargedBelowBasicComposition() throws Exception {
        mixedCompositionMeetsTheBounds("count-path.json");
    }

    private static void mixedCompositionMeetsTheBounds(String tableFile) throws Exception {
        MechanismSpec table = BudgetLedgerTest.golden(tableFile);
        MechanismSpec knorm = BudgetLedgerTest.golden("knorm-hexagon.json");
        int n1 = 60;
        int n2 = 40;
        BudgetLedger ledger = BudgetLedger.of(new BigDecimal("1000"), new BigDecimal("0.000001"), BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION);
        ledger.charge("mixed", table, n1);
        ledger.charge("mixed", knorm, n2);
        double et = table.certifiedEpsilon().doubleValue();
        double ek = knorm.certifiedEpsilon().doubleValue();
        double charged = ledger.chargedEpsilon("mixed");
        double basic = ledger.spent("mixed").epsilon().doubleValue();
        assertEquals(n1 * et + n2 * ek, basic, 1e-6);
        double upper = epsilonAt(new double[] {et, ek}, new int[] {n1, n2}, DELTA);
        double lower = epsilonAt(new double[] {ek}, new int[] {n2}, DELTA);
        assertTrue(upper < basic, "sanity: the randomized-response bound " + upper + " is below basic composition " + basic);
        assertTrue(charged <= upper + (n1 + n2) * BudgetLedger.PLD_STEP, "charged " + charged + " above the bound " + upper);
        assertTrue(charged >= lower, "charged " + charged + " below the K-norm releases alone " + lower);
        // the order of the charges does not matter (one composed distribution)
        BudgetLedger reversed = BudgetLedger.of(new BigDecimal("1000"), new BigDecimal("0.000001"), BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION);
        reversed.charge("mixed", knorm, n2);
        reversed.charge("mixed", table, n1);
        assertEquals(charged, reversed.chargedEpsilon("mixed"), 1e-6);
        // and the mixture costs more than the table's releases alone
        BudgetLedger tableOnly = BudgetLedger.of(new BigDecimal("1000"), new BigDecimal("0.000001"), BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION);
        tableOnly.charge("t", table, n1);
        assertTrue(charged > tableOnly.chargedEpsilon("t"), charged + " vs " + tableOnly.chargedEpsilon("t"));
    }

    @Test
    void theBruteForceBoundIsRandomizedResponsesKnownValueForOneRelease() {
        // one release of randomized response at epsilon: delta(eps') = (1 - e^(eps' - eps)) e^eps / (1 + e^eps) for eps' < eps
        double e = Math.log(3);
        double target = (1 - Math.exp(0.5 - e)) * 3 / 4;
        assertEquals(0.5, epsilonAt(new double[] {e}, new int[] {1}, target), 1e-9);
        // two releases at e: loss 2e w.p. 9/16, 0 w.p. 6/16: delta(0) = 9/16 (1 - e^-2e) = 9/16 · 8/9 = 1/2
        assertEquals(0.0, epsilonAt(new double[] {e}, new int[] {2}, 0.5), 1e-9);
    }

    private static double epsilonAt(double[] eps, int[] counts, double delta) {
        return RandomizedResponseBound.epsilonAt(eps, counts, delta);
    }
}
