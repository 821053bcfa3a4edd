package org.optimech.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's {@code --help} prints its usage and nothing else. Regression (issue 24, G9): an unescaped {@code %} in an option
 * description ("(95%)", "at 95%") made picocli print {@code [picocli WARN] Could not format ...} three times for {@code design}
 * and {@code inspect}, on {@code System.err}, which is why this test watches that stream too.
 */
class CliHelpTest {
    @Test
    void everyCommandsHelpPrintsNoWarning() {
        List<List<String>> commands = new ArrayList<>();
        collect(new CommandLine(new OptimechCli()), new ArrayList<>(), commands);
        assertTrue(commands.size() > 10, commands.toString());
        PrintStream saved = System.err;
        ByteArrayOutputStream systemErr = new ByteArrayOutputStream();
        System.setErr(new PrintStream(systemErr, true, StandardCharsets.UTF_8));
        try {
            for (List<String> command : commands) {
                List<String> args = new ArrayList<>(command);
                args.add("--help");
                CliTest.Run r = CliTest.run(args.toArray(String[]::new));
                assertEquals(0, r.code(), command + ": " + r.err());
                assertTrue(r.out().contains("Usage:"), command + ": " + r.out());
                assertFalse(r.out().contains("WARN") || r.out().contains("Could not format"), command + ": " + r.out());
                assertEquals("", r.err(), command.toString());
            }
        } finally {
            System.setErr(saved);
        }
        assertEquals("", systemErr.toString(StandardCharsets.UTF_8), "picocli's warnings go to System.err");
    }

    private static void collect(CommandLine command, List<String> path, List<List<String>> into) {
        into.add(List.copyOf(path));
        for (var e : command.getSubcommands().entrySet()) {
            if (e.getKey().equals("help")) {
                continue;
            }
            List<String> sub = new ArrayList<>(path);
            sub.add(e.getKey());
            collect(e.getValue(), sub, into);
        }
    }
}
