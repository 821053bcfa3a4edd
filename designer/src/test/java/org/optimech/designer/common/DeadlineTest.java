package org.optimech.designer.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Issue 21 (1): the stages of a run end early enough to leave time for its spec. */
class DeadlineTest {
    @Test
    void holdingBackEndsTheStagesEarlierByAShareAtMostACap() {
        Deadline d = Deadline.after(Duration.ofSeconds(10));
        assertEquals(d.endNanos() - 2_000_000_000L, d.holdingBack(0.2, Duration.ofSeconds(5)).endNanos(), "a fifth of 10 s");
        assertEquals(d.endNanos() - 1_000_000_000L, d.holdingBack(0.2, Duration.ofSeconds(1)).endNanos(), "capped at 1 s");
        assertEquals(d.limit(), d.holdingBack(0.2, Duration.ofSeconds(5)).limit(), "the run's limit is unchanged");
        Deadline none = Deadline.none();
        assertSame(none, none.holdingBack(0.5, Duration.ofSeconds(5)));
        assertTrue(Deadline.after(Duration.ofNanos(10)).holdingBack(0.9, Duration.ofSeconds(1)).endNanos() <= Deadline.after(Duration.ofSeconds(1)).endNanos());
        assertThrows(IllegalArgumentException.class, () -> d.holdingBack(1, Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> d.holdingBack(0.1, Duration.ofSeconds(-1)));
    }
}
