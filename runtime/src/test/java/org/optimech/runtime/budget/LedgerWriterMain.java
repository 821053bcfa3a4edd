package org.optimech.runtime.budget;

import java.math.BigDecimal;
import java.nio.file.Path;

/** A second process for {@link LedgerLockTest}: charges a ledger file {@code args[1]} times at ε = 0.1, then exits. */
public final class LedgerWriterMain {
    private LedgerWriterMain() {
    }

    public static void main(String[] args) throws Exception {
        BudgetLedger ledger = BudgetLedger.open(Path.of(args[0]), new BigDecimal("100"), BigDecimal.ZERO, BudgetLedger.Accounting.BASIC);
        for (int i = 0; i < Integer.parseInt(args[1]); i++) {
            ledger.charge("survey", new BigDecimal("0.1"), BigDecimal.ZERO);
        }
    }
}
