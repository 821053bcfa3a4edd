package org.optimech.geometry.sensitivity;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Issue 21 (1): a search leaves time before its deadline for re-proving the boxes it holds. */
class SearchBudgetTest {
    @Test
    void theReserveMovesTheDeadlineEarlierPerBox() {
        long deadline = System.nanoTime() + 60_000_000_000L;
        SearchBudget b = new SearchBudget(deadline, 1_000_000, s -> { }, 1.0).withReserve(1_000_000); // 1 ms a box
        assertFalse(b.expired());
        assertFalse(b.expired(0));
        assertFalse(b.expired(1_000), "1 s of re-proof fits in a minute");
        assertTrue(b.expired(120_000), "two minutes of re-proof do not");
        assertFalse(b.withReserve(0).expired(Long.MAX_VALUE / 2), "no reserve: only the clock");
        assertFalse(SearchBudget.unlimited().withReserve(1e9).expired(Long.MAX_VALUE / 2), "no deadline: never");
        assertTrue(b.losingWhen(v -> true).expired(120_000), "kept through losingWhen");
        assertTrue(b.withDeadline(deadline).expired(120_000), "kept through withDeadline");
        assertThrows(IllegalArgumentException.class, () -> b.withReserve(-1));
        assertThrows(IllegalArgumentException.class, () -> b.withReserve(Double.NaN));
    }
}
