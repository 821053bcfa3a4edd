package org.optimech.designer.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.optimech.designer.lp.LinearProgram;
import org.optimech.designer.lp.LpSolution;
import org.optimech.designer.lp.LpSolver;
import org.optimech.designer.lp.LpStatus;

/**
 * Issue 24 (6): an LP solve longer than the heartbeat reports while it runs, with figures (model size, elapsed time, and once
 * the backend has been timed an estimate), and closes with the backend's iterations; silent progress reports nothing.
 */
class SolveProgressTest {
    /** A backend that takes {@code millis} and reports {@code iterations}. */
    private static LpSolver slow(String name, long millis, long iterations) {
        return new LpSolver() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return "sleeps " + millis + " ms";
            }

            @Override
            public boolean dualsReliable() {
                return false;
            }

            @Override
            public long maxVariables() {
                return Long.MAX_VALUE;
            }

            @Override
            public LpSolution solve(LinearProgram lp, Duration timeLimit) {
                long start = System.nanoTime();
                try {
                    Thread.sleep(millis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return new LpSolution(LpStatus.OPTIMAL, "OPTIMAL", new double[lp.variables()], null, 1.5, iterations, (System.nanoTime() - start) / 1e9);
            }
        };
    }

    /** min x subject to 0 <= x <= 1, 0 <= x <= 1: one variable, one row, one nonzero. */
    private static LinearProgram lp() {
        LinearProgram.Builder b = LinearProgram.builder();
        int x = b.variable(0, 1, 1);
        b.row(0, 1);
        b.term(x, 1);
        return b.build(j -> "x" + j, r -> "r" + r);
    }

    @Test
    void aSolveLongerThanTheHeartbeatReportsElapsedTimeAndThenAnEstimate() throws Exception {
        String backend = "slow-" + System.nanoTime(); // a backend this process has never timed
        StringWriter text = new StringWriter();
        Progress lines = Progress.to(new PrintWriter(text, true), false);
        LpSolution sol = SolveProgress.solve(lines, "test LP", slow(backend, 2_300, 4_321), lp(), Duration.ofSeconds(60), Double.NaN, 1);
        assertEquals(LpStatus.OPTIMAL, sol.status());
        String first = text.toString();
        assertTrue(first.contains("test LP: solving with " + backend + ", 1 variables, 1 rows, 1 nonzeros, time limit 1 min 0 s"), first);
        Matcher beat = Pattern.compile("\\.\\.\\. still running \\(([0-9.]+) s\\)").matcher(first);
        assertTrue(beat.find(), "a heartbeat with the elapsed time: " + first);
        assertTrue(Double.parseDouble(beat.group(1)) >= 0.9, first);
        // the backend's own time: at least the 2.3 s it slept, and on a loaded machine more (a line fixed at 2.3 or 2.4 s failed
        // whenever the sleep overran by 0.15 s), so the line is read against the time the solution states
        assertTrue(sol.seconds() >= 2.3, "the backend slept 2.3 s: " + sol.seconds());
        String took = Progress.Eta.seconds(sol.seconds());
        assertTrue(first.contains("test LP: " + backend + " ended OPTIMAL after 4,321 iterations in " + took + ", objective 1.5"), first);

        // the backend is timed now: the next solve of the same model states an estimate, and its heartbeats compare with it
        StringWriter again = new StringWriter();
        SolveProgress.solve(Progress.to(new PrintWriter(again, true), false), "test LP", slow(backend, 2_300, 4_321), lp(), null, Double.NaN, 1);
        // the same model: the estimate is the last solve's time, scaled by (work / work)^0.8 = 1
        assertTrue(again.toString().contains("1 nonzeros, scaled from its last solve (expected about " + took + ")"), again.toString());
        assertTrue(Pattern.compile("still running \\([0-9.]+ s of about " + Pattern.quote(took) + " expected\\)").matcher(again.toString()).find(),
                again.toString());

        // on a terminal the same solve is a bar redrawn in place, ended by its elapsed time
        StringWriter bar = new StringWriter();
        SolveProgress.solve(Progress.to(new PrintWriter(bar, true), true), "test LP", slow(backend, 1_600, 7), lp(), null, Double.NaN, 10);
        assertTrue(bar.toString().contains("\r") && Pattern.compile("\\[#+\\.*\\] [0-9.]+ s of about").matcher(bar.toString()).find(), bar.toString());
        // the elapsed wall time is at least the 1.6 s slept (more on a loaded machine), printed to a tenth
        Matcher done = Pattern.compile("\\] done in ([0-9.]+) s").matcher(bar.toString());
        assertTrue(done.find() && Double.parseDouble(done.group(1)) >= 1.6, bar.toString());
    }

    @Test
    void silentProgressReportsNothing() throws Exception {
        java.util.List<String> seen = new java.util.ArrayList<>();
        Progress none = Progress.silent();
        // silent() is what --quiet selects; a Progress that records proves the same call would have said something
        SolveProgress.solve(none, "test LP", slow("quiet-" + System.nanoTime(), 1_200, 3), lp(), null, Double.NaN, 1);
        SolveProgress.solve(seen::add, "test LP", slow("loud-" + System.nanoTime(), 10, 3), lp(), null, Double.NaN, 1);
        assertEquals(2, seen.size(), seen.toString());
        StringWriter text = new StringWriter();
        Progress.Task t = none.task("nothing", 3);
        t.advance(1, null);
        t.done();
        assertFalse(text.toString().contains("nothing"));
    }

    /**
     * Regression (found by issue 24's statistic progress): the line sink started its throttle from Long.MIN_VALUE, so
     * {@code now - last} overflowed and a task whose first step was several units (bytes read) printed nothing until done.
     */
    @Test
    void aTaskWhoseFirstStepIsManyUnitsReportsItAtOnce() {
        StringWriter text = new StringWriter();
        Progress lines = Progress.console(new PrintWriter(text, true));
        Progress.Task t = lines.task("reading", 100_000);
        t.advance(8_192, null);
        t.advance(8_192, null); // within the second: throttled
        assertTrue(text.toString().contains("reading: 8192/100000 (8%)"), text.toString());
        assertFalse(text.toString().contains("16384/100000"), text.toString());
        t.done();
        assertTrue(text.toString().contains("reading: done, 16384 in "), text.toString());
    }

    @Test
    void heartbeatFiguresSayWhenTheEstimateIsPassed() {
        assertEquals("3.0 s", Progress.Heartbeat.figures(3, 0));
        assertEquals("3.0 s of about 8.0 s expected", Progress.Heartbeat.figures(3, 8));
        assertEquals("12 s, over the expected 8.0 s", Progress.Heartbeat.figures(12, 8));
    }
}
