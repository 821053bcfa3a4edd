package org.optimech.designer.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Issue 24 (G1): the runtime's (done, total) callbacks (ledger charge, hull, accountant) shown as a task with done/total and
 * the time left; a heartbeat of an enclosing step says less than a live task, so none is written while one runs.
 */
class ProgressCountsTest {
    @Test
    void countsBecomeATaskThatEndsAtItsTotal() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Progress p = Progress.to(new PrintStream(buf, true, StandardCharsets.UTF_8), false);
        try (Progress.Counts c = p.counts("charging (pairs)")) {
            c.accept(0, 5);
            c.accept(1, 5);
            c.accept(5, 5);
            c.accept(5, 5); // a repeat after the end says nothing
        }
        String out = buf.toString(StandardCharsets.UTF_8);
        assertTrue(out.matches("(?s).*charging \\(pairs\\): 1/5 \\(20%\\), about .* left\n.*"), out);
        assertTrue(out.contains("charging (pairs): done, 5 in "), out);
        assertEquals(1, out.split("done, ", -1).length - 1, "one closing line: " + out);

        // a second estimate after the end (another quantile's Monte Carlo draws) is a new task
        buf.reset();
        Progress.Counts draws = p.counts("draws");
        draws.report(10, 10);
        draws.report(3, 20);
        draws.report(20, 20);
        out = buf.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("draws: done, 10 in ") && out.contains("draws: 3/20 (15%)") && out.contains("draws: done, 20 in "), out);
    }

    @Test
    void noHeartbeatWhileATaskRuns() throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Progress p = Progress.to(new PrintStream(buf, true, StandardCharsets.UTF_8), false);
        p.during("comparing", 1, () -> {
            try (Progress.Counts c = p.counts("hull (points settled)")) {
                c.accept(1, 100);
                Thread.sleep(2500); // two heartbeats' time
                c.accept(100, 100);
            }
            return null;
        });
        String out = buf.toString(StandardCharsets.UTF_8);
        assertFalse(out.contains("still running"), out);
        assertTrue(out.contains("hull (points settled): done, 100 in "), out);
        // without a task, the heartbeat is there
        buf.reset();
        p.during("waiting", 1, () -> {
            Thread.sleep(1500);
            return null;
        });
        assertTrue(buf.toString(StandardCharsets.UTF_8).contains("still running"), buf.toString(StandardCharsets.UTF_8));
    }
}
