package org.optimech.runtime.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.optimech.runtime.accounting.Accountant;
import org.optimech.runtime.spec.MechanismSpec;

/** A ledger persisted in a file: restarts resume the spending, privacy-loss-distribution accounting allows what basic refuses. */
class PersistentLedgerTest {
    @TempDir
    Path dir;

    @Test
    void spendingSurvivesARestart() throws Exception {
        MechanismSpec rr = BudgetLedgerTest.golden("randomized-response.json");
        Path file = dir.resolve("ledger.json");
        BudgetLedger a = BudgetLedger.open(file, new BigDecimal("5"), BigDecimal.ZERO, BudgetLedger.Accounting.BASIC);
        a.charge("people", rr, 3);
        assertTrue(Files.readString(file).contains("\"accounting\": \"basic\""), Files.readString(file));
        BudgetLedger b = BudgetLedger.open(file, new BigDecimal("5"), BigDecimal.ZERO, BudgetLedger.Accounting.BASIC);
        assertEquals(3, b.spent("people").releases());
        assertEquals(0, new BigDecimal("3.295836867").compareTo(b.spent("people").epsilon()));
        // 3 x 1.0986 + 2 x 1.0986 > 5: refused after the restart, and the file is unchanged
        String before = Files.readString(file);
        BudgetExceededException e = assertThrows(BudgetExceededException.class, () -> b.charge("people", rr, 2));
        assertTrue(e.getMessage().contains("basic composition"), e.getMessage());
        assertEquals(before, Files.readString(file));
        // a ledger with other totals or accounting does not silently take over the file
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> BudgetLedger.open(file, new BigDecimal("5"), BigDecimal.ZERO, BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION));
        assertTrue(other.getMessage().contains("basic accounting"), other.getMessage());
        // no temporary files left behind: the ledger and its (empty, permanent) lock file only
        try (var files = Files.list(dir)) {
            assertEquals(java.util.Set.of(file, LedgerLock.lockFile(file)), files.collect(java.util.stream.Collectors.toSet()));
        }
    }

    @Test
    void privacyLossDistributionAccountingAllowsMoreThanBasicAndPersists() throws Exception {
        MechanismSpec rr = BudgetLedgerTest.golden("randomized-response.json");
        double eps0 = rr.certifiedEpsilon().doubleValue();
        Path file = dir.resolve("pld.json");
        BigDecimal total = new BigDecimal("40");
        BigDecimal delta = new BigDecimal("0.001");
        BudgetLedger pld = BudgetLedger.open(file, total, delta, BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION);
        BudgetLedger basic = BudgetLedger.of(total, delta);
        long n = 0;
        while (true) {
            try {
                basic.charge("d", rr, 1);
                n++;
            } catch (BudgetExceededException e) {
                break;
            }
        }
        assertEquals((long) Math.floor(40 / eps0), n);
        for (int i = 0; i < 8; i++) {
            pld.charge("d", rr, 5);
        }
        // 40 releases of ln 3 randomized response: 37.33 at delta 1e-3 by the binomial (scipy), basic composition says 43.94
        double charged = pld.chargedEpsilon("d");
        double lower = Accountant.releases(rr, 40).epsilonLower(1e-3);
        // a guarantee: at least the true epsilon (bracketed from below pair by pair), and within the grid's drift of 40 steps
        assertTrue(charged < 40 && charged >= lower && lower >= 37.3 && charged <= 37.331 + 40 * BudgetLedger.PLD_STEP, "charged " + charged + ", lower " + lower);
        BudgetLedger again = BudgetLedger.open(file, total, delta, BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION);
        assertEquals(40, again.spent("d").releases());
        assertEquals(charged, again.chargedEpsilon("d"));
        BudgetExceededException e = assertThrows(BudgetExceededException.class, () -> again.charge("d", rr, 20));
        assertTrue(e.getMessage().contains("privacy loss distribution accounting"), e.getMessage());
        assertEquals(40, BudgetLedger.open(file, total, delta, BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION).spent("d").releases());
    }

    @Test
    void aDamagedFileIsAClearError() throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\"format\": \"optimech-ledger\", \"version\": 1, \"accounting\": \"basic\", \"total_epsilon\": \"1\", \"total_delta\": \"0\", "
                + "\"datasets\": [{\"name\": \"x\", \"releases\": 1, \"epsilon\": \"-1\", \"delta\": \"0\"}]}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BudgetLedger.open(file, BigDecimal.ONE, BigDecimal.ZERO, BudgetLedger.Accounting.BASIC));
        assertTrue(e.getMessage().contains("/datasets/0/epsilon") && e.getMessage().contains("-1"), e.getMessage());
    }
}
