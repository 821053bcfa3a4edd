package org.optimech.runtime.budget;

import org.optimech.runtime.testing.TestMechanisms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.SpecCodec;

class BudgetLedgerTest {
    static MechanismSpec golden(String name) throws Exception {
        try (var in = BudgetLedgerTest.class.getResourceAsStream("/golden/v1/" + name)) {
            return TestMechanisms.read(org.optimech.runtime.json.JsonParser.parse(in));
        }
    }

    @Test
    void basicCompositionRefusesTheReleaseThatWouldExceed() throws Exception {
        // count-path.json is certified at epsilon 0.693147181: three fit in 2.1, a fourth does not
        MechanismSpec count = golden("count-path.json");
        BudgetLedger ledger = BudgetLedger.of(new BigDecimal("2.1"), BigDecimal.ZERO);
        for (int i = 1; i <= 3; i++) {
            assertEquals(i, ledger.charge("survey-2026", count).releases());
        }
        assertEquals(new BigDecimal("2.079441543"), ledger.spent("survey-2026").epsilon());
        BudgetExceededException e = assertThrows(BudgetExceededException.class, () -> ledger.charge("survey-2026", count));
        assertTrue(e.getMessage().contains("after 3 releases it has spent epsilon 2.079441543 of 2.1"), e.getMessage());
        assertEquals(3, ledger.spent("survey-2026").releases(), "a refused release charges nothing");
        // datasets are separate budgets
        assertEquals(1, ledger.charge("other", count).releases());
        assertEquals(2, ledger.report().size());
    }

    /** Issue 18 (10): N samples of one input are N releases: N·ε, charged together or not at all. */
    @Test
    void repeatedReleasesAreChargedTogether() throws Exception {
        MechanismSpec count = golden("count-path.json"); // 0.693147181 each
        BudgetLedger ledger = BudgetLedger.of(new BigDecimal("2.1"), BigDecimal.ZERO);
        BudgetExceededException e = assertThrows(BudgetExceededException.class, () -> ledger.charge("d", count, 4));
        assertTrue(e.getMessage().contains("these 4 releases need epsilon 2.772588724"), e.getMessage());
        assertEquals(0, ledger.spent("d").releases(), "nothing is charged when the batch does not fit");
        assertEquals(3, ledger.charge("d", count, 3).releases());
        assertEquals(new BigDecimal("2.079441543"), ledger.spent("d").epsilon());
        assertThrows(IllegalArgumentException.class, () -> ledger.charge("d", count, 0));
    }

    @Test
    void deltaIsBudgetedToo() throws Exception {
        MechanismSpec approx = golden("approximate-dp.json"); // certified delta 0.015625
        BudgetLedger pure = BudgetLedger.of(BigDecimal.TEN, BigDecimal.ZERO);
        assertThrows(BudgetExceededException.class, () -> pure.charge("d", approx));
        BudgetLedger some = BudgetLedger.of(BigDecimal.TEN, new BigDecimal("0.03125"));
        some.charge("d", approx);
        some.charge("d", approx);
        assertThrows(BudgetExceededException.class, () -> some.charge("d", approx));
        assertEquals(new BigDecimal("0.031250"), some.spent("d").delta().setScale(6));
    }

    /** Many threads charging at once never overspend: exactly floor(total/ε) releases succeed. */
    @Test
    void concurrentChargesNeverOverspend() throws Exception {
        BudgetLedger ledger = BudgetLedger.of(new BigDecimal("10"), BigDecimal.ZERO);
        AtomicInteger ok = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        for (int i = 0; i < 1000; i++) {
            pool.submit(() -> {
                try {
                    ledger.charge("shared", new BigDecimal("0.3"), BigDecimal.ZERO);
                    ok.incrementAndGet();
                } catch (BudgetExceededException e) {
                    // expected once the budget is spent
                }
            });
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
        assertEquals(33, ok.get());
        assertEquals(new BigDecimal("9.9"), ledger.spent("shared").epsilon());
    }

    @Test
    void badConfigurationIsAClearError() {
        assertThrows(IllegalArgumentException.class, () -> BudgetLedger.of(BigDecimal.ZERO, BigDecimal.ZERO));
        assertThrows(IllegalArgumentException.class, () -> BudgetLedger.of(BigDecimal.ONE, BigDecimal.ONE));
        BudgetLedger l = BudgetLedger.of(BigDecimal.ONE, BigDecimal.ZERO);
        assertThrows(IllegalArgumentException.class, () -> l.charge(" ", BigDecimal.ONE, BigDecimal.ZERO));
        assertThrows(IllegalArgumentException.class, () -> l.charge("d", new BigDecimal("-1"), BigDecimal.ZERO));
    }
    /**
     * Regression (issue 24, G4): a privacy-loss-distribution ledger threw IllegalArgumentException when charged an (ε, δ) table
     * with more than 20,000 ordered neighbouring pairs. It now charges it through the spec's certified guarantee, exactly as
     * charging (ε, δ) = (1, 0.25) three times does, and never less than the exact accounting of a small table with the same pairs.
     */
    @Test
    void aLossDistributionLedgerChargesAnEpsilonDeltaTableBeyondThePairLimit() throws Exception {
        MechanismSpec big = TestMechanisms.alternating(10_002);
        BudgetLedger ledger = BudgetLedger.of(new BigDecimal("20"), new BigDecimal("0.7"), BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION);
        assertEquals(3, ledger.charge("survey", big, 3).releases());
        BudgetLedger declared = BudgetLedger.of(new BigDecimal("20"), new BigDecimal("0.7"), BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION);
        for (int i = 0; i < 3; i++) {
            declared.charge("survey", BigDecimal.ONE, new BigDecimal("0.25"));
        }
        BudgetLedger exact = BudgetLedger.of(new BigDecimal("20"), new BigDecimal("0.7"), BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION);
        exact.charge("survey", TestMechanisms.alternating(3), 3);
        double charged = ledger.chargedEpsilon("survey");
        assertEquals(declared.chargedEpsilon("survey"), charged, 1e-6 * charged);
        // both are upper bounds with their own floating-point margins
        assertTrue(charged >= exact.chargedEpsilon("survey") * (1 - 1e-6), charged + " < " + exact.chargedEpsilon("survey"));
    }

    /**
     * Issue 24: the ε a dataset has spent, stated at another δ than the total ({@code ledger --delta}): ten (0.5, 0)-DP charges
     * are ten randomized-response pairs at 0.5, whose N-fold δ(ε) is a binomial sum (closed form, {@code RandomizedResponseBound},
     * not the accountant); the ledger's ε at δ = 1e-3 lies on or above the exact one and within the grid's rounding of it.
     */
    @Test
    void theEpsilonAtAnotherDeltaMatchesTheBinomialClosedForm() {
        BudgetLedger ledger = BudgetLedger.of(new BigDecimal("100"), new BigDecimal("1e-6"), BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION);
        for (int i = 0; i < 10; i++) {
            ledger.charge("d", new BigDecimal("0.5"), BigDecimal.ZERO);
        }
        double exact = org.optimech.runtime.testing.RandomizedResponseBound.epsilonAt(new double[] {0.5}, new int[] {10}, 1e-3);
        double atDelta = ledger.chargedEpsilon("d", 1e-3);
        assertTrue(atDelta >= exact - 1e-9 && atDelta <= exact + 10 * 2 * BudgetLedger.PLD_STEP, atDelta + " vs the closed form " + exact);
        assertTrue(atDelta < ledger.chargedEpsilon("d"), "a larger delta, a smaller epsilon");
        assertEquals(ledger.chargedEpsilon("d"), ledger.chargedEpsilon("d", 1e-6), 0.0, "at the total delta, the charged epsilon");
        for (double bad : new double[] {0, 1, -0.5, 2, Double.NaN}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ledger.chargedEpsilon("d", bad));
            assertEquals("delta must be in (0, 1). Provided value: " + bad, e.getMessage());
        }
        // basic accounting: 10 x 0.5 at any delta
        BudgetLedger basic = BudgetLedger.of(new BigDecimal("100"), new BigDecimal("1e-6"));
        basic.charge("d", new BigDecimal("0.5"), BigDecimal.ZERO);
        assertEquals(0.5, basic.chargedEpsilon("d", 1e-3), 0.0);
    }

    /** Issue 24 (G1): a loss-distribution charge reports its pairs, their envelope and the composition, ending at total of total. */
    @Test
    void aChargeReportsItsStepsDoneOfTotal() throws Exception {
        MechanismSpec count = golden("count-path.json");
        BudgetLedger ledger = BudgetLedger.of(new BigDecimal("100"), new BigDecimal("1e-6"), BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION);
        java.util.List<int[]> seen = new java.util.ArrayList<>();
        ledger.charge("d", count, 20, (done, total) -> seen.add(new int[] {done, total}));
        int pairs = 4; // inputs 0..2 on a path: 2 edges, each in both orders
        assertTrue(seen.size() >= pairs, "one report per pair at least: " + seen.size());
        int[] last = seen.get(seen.size() - 1);
        assertEquals(pairs + 2, last[0], "every pair, the envelope, the composition");
        assertEquals(pairs + 2, last[1]);
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i)[0] >= seen.get(i - 1)[0], "done never goes back");
            assertTrue(seen.get(i)[0] <= seen.get(i)[1]);
        }
        java.util.List<int[]> basic = new java.util.ArrayList<>();
        BudgetLedger.of(new BigDecimal("100"), BigDecimal.ZERO).charge("d", count, 20, (done, total) -> basic.add(new int[] {done, total}));
        assertEquals(1, basic.size());
        assertEquals(1, basic.get(0)[1]);
    }

    /**
     * Review 8b (low): basic composition's ε was given as the nearest double, which can lie below the exact sum (3 × 0.1 = 0.3,
     * whose nearest double is 0.29999999999999998889...): it is an upper bound now, the smallest double at or above the sum, at
     * the ledger's δ and at another δ alike.
     */
    @Test
    void theBasicCompositionEpsilonIsRoundedUpNeverToNearest() {
        BudgetLedger ledger = BudgetLedger.of(BigDecimal.TEN, new BigDecimal("0.001"), BudgetLedger.Accounting.BASIC);
        for (int i = 0; i < 3; i++) {
            ledger.charge("d", new BigDecimal("0.1"), BigDecimal.ZERO);
        }
        BigDecimal exact = new BigDecimal("0.3");
        assertEquals(exact, ledger.spent("d").epsilon());
        assertTrue(new BigDecimal(0.3).compareTo(exact) < 0, "the case: the nearest double is below the sum");
        for (double charged : new double[] {ledger.chargedEpsilon("d"), ledger.chargedEpsilon("d", 1e-9)}) {
            assertTrue(new BigDecimal(charged).compareTo(exact) >= 0, "an upper bound: " + new BigDecimal(charged));
            assertTrue(new BigDecimal(Math.nextDown(charged)).compareTo(exact) < 0, "the smallest one: " + new BigDecimal(charged));
        }
        // a sum that is a double is given exactly
        BudgetLedger halves = BudgetLedger.of(BigDecimal.TEN, BigDecimal.ZERO, BudgetLedger.Accounting.BASIC);
        halves.charge("d", new BigDecimal("0.5"), BigDecimal.ZERO);
        halves.charge("d", new BigDecimal("0.25"), BigDecimal.ZERO);
        assertEquals(0.75, halves.chargedEpsilon("d"), 0.0);
    }
}
