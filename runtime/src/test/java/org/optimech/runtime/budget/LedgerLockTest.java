package org.optimech.runtime.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several writers on one ledger file: separate processes lose no charge, and a writer kept waiting fails naming the lock. */
class LedgerLockTest {
    @TempDir
    Path dir;

    private static final BigDecimal TOTAL = new BigDecimal("100");

    @Test
    void twoProcessesChargingAtOnceLoseNothing() throws Exception {
        Path file = dir.resolve("ledger.json");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> writers = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            writers.add(new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), LedgerWriterMain.class.getName(), file.toString(), "40")
                    .redirectErrorStream(true).start());
        }
        // and this process charges at the same time, through its own ledger object
        BudgetLedger here = BudgetLedger.open(file, TOTAL, BigDecimal.ZERO, BudgetLedger.Accounting.BASIC);
        for (int i = 0; i < 20; i++) {
            here.charge("survey", new BigDecimal("0.1"), BigDecimal.ZERO);
        }
        for (Process p : writers) {
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "a writer did not finish");
            assertEquals(0, p.exitValue(), new String(p.getInputStream().readAllBytes()));
        }
        // every charge of every writer is in the file: 100 releases of 0.1, exactly
        BudgetLedger.Spent s = BudgetLedger.open(file).spent("survey");
        assertEquals(100, s.releases());
        assertEquals(0, new BigDecimal("10.0").compareTo(s.epsilon()), s.epsilon().toPlainString());
        // the in-memory view of the object that charged first is refreshed by its next charge
        assertEquals(101, here.charge("survey", new BigDecimal("0.1"), BigDecimal.ZERO).releases());
    }

    @Test
    void aWriterKeptWaitingFailsNamingTheLockAndChargesNothing() throws Exception {
        Path file = dir.resolve("held.json");
        BudgetLedger first = BudgetLedger.open(file, TOTAL, BigDecimal.ZERO, BudgetLedger.Accounting.BASIC);
        first.charge("survey", BigDecimal.ONE, BigDecimal.ZERO);
        BudgetLedger second = BudgetLedger.open(file, TOTAL, BigDecimal.ZERO, BudgetLedger.Accounting.BASIC, Duration.ofMillis(200));
        UncheckedIOException e = LedgerLock.holding(file, Duration.ofSeconds(1), () -> assertThrows(UncheckedIOException.class,
                () -> second.charge("survey", BigDecimal.ONE, BigDecimal.ZERO)));
        assertTrue(e.getMessage().contains("is locked by another writer (lock file " + LedgerLock.lockFile(file) + ")")
                && e.getMessage().contains("within 200 ms"), e.getMessage());
        assertEquals(1, BudgetLedger.open(file).spent("survey").releases());
        assertTrue(Files.exists(LedgerLock.lockFile(file)));
        assertThrows(IllegalArgumentException.class, () -> BudgetLedger.open(file, TOTAL, BigDecimal.ZERO, BudgetLedger.Accounting.BASIC,
                Duration.ofMillis(-1)));
        assertThrows(java.nio.file.NoSuchFileException.class, () -> BudgetLedger.open(dir.resolve("none.json")));
    }
}
