package org.optimech.designer.common;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Regression (issue 24, G2): the bar was chosen from {@code System.console()}, which is about stdin and stdout, so
 * {@code optimech ... 2>log} on a terminal wrote the bar's escapes into the log and {@code optimech ... >out.txt} got plain lines.
 * What the launcher says of stderr now decides, the console only without it.
 */
class ProgressFormTest {
    @Test
    void theLaunchersWordOnStderrDecidesOverTheConsole() {
        assertFalse(ProgressForm.bar(null, "false", true, "xterm"), "stderr redirected on a terminal: lines");
        assertTrue(ProgressForm.bar(null, "true", false, "xterm"), "stdout redirected, stderr a terminal: a bar");
        assertFalse(ProgressForm.bar(null, "true", true, "dumb"), "a dumb terminal: lines");
        assertTrue(ProgressForm.bar(null, null, true, "xterm"), "no launcher: the console decides");
        assertFalse(ProgressForm.bar(null, null, false, "xterm"));
    }

    @Test
    void theEnvironmentVariableOverridesBoth() {
        assertTrue(ProgressForm.bar("bar", "false", false, "dumb"));
        assertFalse(ProgressForm.bar("lines", "true", true, "xterm"));
        assertTrue(ProgressForm.bar("something", "true", false, "xterm"), "an unknown mode leaves it to the terminal");
    }

    /** Plain lines carry no carriage return or escape; the bar does. */
    @Test
    void linesHaveNoTerminalControlAndTheBarHas() {
        java.io.StringWriter lines = new java.io.StringWriter();
        java.io.StringWriter bar = new java.io.StringWriter();
        for (boolean drawBar : new boolean[] {false, true}) {
            Progress p = Progress.to(new java.io.PrintWriter(drawBar ? bar : lines, true), drawBar);
            Progress.Task t = p.task("work", 4);
            for (int i = 0; i < 4; i++) {
                t.advance(1, null);
            }
            t.done();
        }
        assertFalse(lines.toString().contains("\r") || lines.toString().contains("\u001b"), lines.toString());
        assertTrue(bar.toString().contains("\r"), bar.toString());
    }
}
