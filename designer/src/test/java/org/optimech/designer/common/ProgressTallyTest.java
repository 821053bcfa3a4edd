package org.optimech.designer.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 24 (6): work with a count but no total (records read from standard input) had no form of its own, only the stage's
 * heartbeat; a tally shows the count so far and its rate, says that without a total there is no estimate, and on a terminal
 * draws no bar (a bar would need the total).
 */
class ProgressTallyTest {
    private static final String FORM = "records \\(read\\): [0-9,]+ \\([0-9.]+[kMG]?/s\\), total unknown so no estimate";

    @Test
    void aTallyShowsItsCountAndRateAndSaysThereIsNoEstimate() throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Progress p = Progress.to(new PrintStream(buf, true, StandardCharsets.UTF_8), false);
        Progress.Task t = p.tally("records (read)");
        t.advance(4096, null);
        Thread.sleep(1100); // lines come at most once a second after the first
        t.advance(1_230_000, null);
        t.done();
        String out = buf.toString(StandardCharsets.UTF_8);
        assertTrue(Pattern.compile("(?m)^\\[ *[0-9.]+s\\] records \\(read\\): 4,096 \\([0-9.]+[kMG]?/s\\), total unknown so no estimate$").matcher(out).find(), out);
        assertTrue(Pattern.compile("(?m)^\\[ *[0-9.]+s\\] records \\(read\\): 1,234,096 \\([0-9.]+[kMG]?/s\\), total unknown so no estimate$").matcher(out).find(), out);
        assertTrue(out.contains("records (read): done, 1,234,096 in "), out);
        assertFalse(out.contains("%") || out.contains("left") || out.contains("/1 "), "no total, no percentage, no time left: " + out);
        assertTrue(Double.isNaN(t.remaining()), "no estimate without a total");
    }

    @Test
    void onATerminalATallyIsRedrawnInPlaceWithoutABar() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Progress p = Progress.to(new PrintStream(buf, true, StandardCharsets.UTF_8), true);
        Progress.Task t = p.tally("records (read)");
        t.advance(10, null);
        t.advance(10, null);
        t.done();
        String out = buf.toString(StandardCharsets.UTF_8);
        assertTrue(Pattern.compile("\r" + FORM + "\u001b\\[K\r" + FORM + "\u001b\\[K\rrecords \\(read\\): done, 20 in [0-9.]+ s\u001b\\[K\n").matcher(out).find(), out);
        assertFalse(out.contains("[#") || out.contains("[."), "no bar: " + out);
    }

    @Test
    void aTallyIsSilencedAndItsHeartbeatLeftOut() throws Exception {
        Progress.Task silent = Progress.silent().tally("records (read)");
        silent.advance(5, null);
        silent.done();
        assertEquals(5, silent.completed());

        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Progress p = Progress.to(new PrintStream(buf, true, StandardCharsets.UTF_8), false);
        p.during("summing", 1, () -> {
            Progress.Task t = p.tally("records (read)");
            t.advance(1, null);
            Thread.sleep(2300);
            t.done();
            return null;
        });
        String out = buf.toString(StandardCharsets.UTF_8);
        assertFalse(out.contains("still running"), "the tally's figures say more than a heartbeat: " + out);
    }

    @Test
    void ratesAreRoundedDownToThreeDigits() {
        assertEquals("850", Progress.Rate.of(850.9));
        assertEquals("410k", Progress.Rate.of(410_999));
        assertEquals("2.3M", Progress.Rate.of(2_399_999));
        assertEquals("999k", Progress.Rate.of(999_999));
        assertEquals("1.0M", Progress.Rate.of(1_000_000));
        assertEquals("?", Progress.Rate.of(Double.POSITIVE_INFINITY));
        assertEquals("?", Progress.Rate.of(Double.NaN));
    }
}
