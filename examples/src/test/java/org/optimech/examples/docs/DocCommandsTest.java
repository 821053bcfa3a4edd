package org.optimech.examples.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.optimech.examples.docs.ShellCommands.Command;

/**
 * Runs the shell commands of docs/tutorial.md (every {@code sh} block, in order, in one fresh directory where
 * {@code examples/} is the repository's) and the concrete {@code ./optimech} lines of the README: {@code ./optimech} is the
 * CLI started in its own JVM from this module's class path ({@code ./optimech-spark} the Spark runner, with Spark's JVM
 * options), and each command must exit 0. A renamed flag, a removed
 * command or a file the document forgot to create fails the build.
 */
class DocCommandsTest {
    private static final long TIMEOUT_SECONDS = 300;

    @TempDir
    Path work;

    @Test
    void everyTutorialCommandRuns() throws Exception {
        List<Command> commands = ShellCommands.inBlocks(Files.readString(root().resolve("docs/tutorial.md")), "sh");
        assertTrue(commands.size() >= 10, "the tutorial's sh blocks: " + commands.size() + " commands");
        runAll(commands);
        assertTrue(Files.isRegularFile(work.resolve("count.spec.json")));
        // the headline count, computed by statistic --count-column from the answers' 0/1 column (17 of the 40 say yes)
        assertEquals(List.of("17"), Files.readAllLines(work.resolve("count.txt")));
        // the Spark step's released CSV: the key column, then the regression statistic's columns, one row for the one group
        List<String> released = Files.readAllLines(work.resolve("released.csv"));
        assertEquals("group,sum_x,sum_y,sum_xy", released.get(0));
        assertEquals(2, released.size(), released.toString());
        assertTrue(released.get(1).startsWith("all,"), released.toString());
        // issue 24 (tutorial item 3): the report lines the tutorial quotes (a text block of "FILE:" headers and lines) are what
        // the commands printed, the target's minimax design and the Bayes one (ε 0.782 below 0.816: on average is easier)
        String quoted = ShellCommands.blocks(Files.readString(root().resolve("docs/tutorial.md")), "text").stream().filter(b -> b.startsWith("target.txt:"))
                .findFirst().orElseThrow(() -> new AssertionError("the tutorial's quoted target report is missing"));
        String file = null;
        int checked = 0;
        for (String line : quoted.split("\n")) {
            if (line.endsWith(".txt:")) {
                file = line.substring(0, line.length() - 1);
            } else if (!line.isBlank()) {
                assertTrue(Files.readString(work.resolve(file)).contains(line + "\n"), file + " does not print: " + line);
                checked++;
            }
        }
        assertEquals(8, checked);
        // issue 24 (6): the Spark runner's stderr is its own: the guarantee and its stages, named by what they do, with tasks
        // done of total; Spark's log (INFO and WARN lines at start-up) is kept off it
        String sparkErr = Files.readString(work.resolve(SPARK_STDERR));
        for (String line : sparkErr.split("\n")) {
            assertTrue(line.startsWith("optimech-spark: ") || line.startsWith("  ") || line.matches("\\[ *[0-9.]+s\\] spark stage [0-9]+ \\(.*"),
                    "a line that is not the runner's: " + line + "\n" + sparkErr);
        }
        assertTrue(sparkErr.contains("(reading survey-records.csv), tasks: done, "), sparkErr);
        assertTrue(java.util.regex.Pattern.compile("\\(bounding contributions and releasing per group[^)]*\\), tasks: [0-9]+/[0-9]+ \\([0-9]+%\\)")
                .matcher(sparkErr).find(), sparkErr);
    }

    /** Where the Spark step's stderr is kept, in the work directory. */
    private static final String SPARK_STDERR = "optimech-spark.stderr.txt";

    @Test
    void everyConcreteReadmeCommandRuns() throws Exception {
        List<Command> commands = new ArrayList<>();
        for (Command c : ShellCommands.inBlocks(Files.readString(root().resolve("README.md")), "")) {
            if (!c.words().isEmpty() && c.words().get(0).equals("./optimech") && concrete(c)) {
                commands.add(c);
            }
        }
        assertTrue(commands.size() >= 12, "the README's concrete commands: " + commands.size());
        runAll(commands);
    }

    @Test
    void parsesTheShellFormsTheDocumentsUse() {
        List<Command> cs = ShellCommands.inBlocks("""
                text
                ```sh
                ./optimech design a.json --target "abs-error <= 3 at 95%" --out 'x y.json'   # a comment
                ./optimech ledger charge l.json \\
                    --dataset survey
                ./optimech statistic s.json --csv r.csv > t.txt
                ```
                ```
                ./optimech not-sh
                ```
                """, "sh");
        assertEquals(3, cs.size());
        assertEquals(List.of("./optimech", "design", "a.json", "--target", "abs-error <= 3 at 95%", "--out", "x y.json"), cs.get(0).words());
        assertNull(cs.get(0).stdoutFile());
        assertEquals(List.of("./optimech", "ledger", "charge", "l.json", "--dataset", "survey"), cs.get(1).words());
        assertEquals("t.txt", cs.get(2).stdoutFile());
        assertEquals(List.of("./optimech", "statistic", "s.json", "--csv", "r.csv"), cs.get(2).words());
    }

    /** A README line is concrete when it has no placeholder: no SPEC.json-like capitals, no [option], no a|b choice. */
    private static boolean concrete(Command c) {
        for (String w : c.words()) {
            if (w.matches(".*[A-Z]{2,}[A-Z-]*(\\.json|/.*)?") && !w.startsWith("--") || w.contains("[") || w.equals("|") || w.contains("…")) {
                return false;
            }
        }
        return true;
    }

    private void runAll(List<Command> commands) throws Exception {
        Files.createSymbolicLink(work.resolve("examples"), root().resolve("examples"));
        for (Command c : commands) {
            run(c);
        }
    }

    private void run(Command c) throws IOException, InterruptedException {
        List<String> w = c.words();
        if (w.size() >= 2 && w.get(0).equals("mkdir") && w.get(1).equals("-p")) {
            for (String dir : w.subList(2, w.size())) {
                Files.createDirectories(work.resolve(dir));
            }
            return;
        }
        boolean spark = !w.isEmpty() && w.get(0).equals("./optimech-spark");
        if (w.isEmpty() || !w.get(0).equals("./optimech") && !spark) {
            fail("a documented command this test cannot run (only ./optimech, ./optimech-spark and mkdir -p): " + c.line());
        }
        List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Djava.awt.headless=true"));
        if (spark) {
            // Spark needs the JVM options this test JVM was started with (the build's spark.test.jvm.options), as the launcher passes them
            argv.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                    .filter(a -> a.startsWith("--add-opens") || a.startsWith("-Xss") || a.startsWith("-Djdk.reflect") || a.startsWith("-Dio.netty")).toList());
        }
        argv.addAll(List.of("-cp", System.getProperty("java.class.path"), spark ? "org.optimech.spark.cli.SparkReleaseCli" : "org.optimech.cli.OptimechCli"));
        argv.addAll(w.subList(1, w.size()));
        Path out = c.stdoutFile() != null ? work.resolve(c.stdoutFile()) : Files.createTempFile(work, "stdout", ".txt");
        Path err = spark ? work.resolve(SPARK_STDERR) : Files.createTempFile(work, "stderr", ".txt");
        Process p = new ProcessBuilder(argv).directory(work.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("did not finish in " + TIMEOUT_SECONDS + " s: " + c.line());
        }
        if (p.exitValue() != 0) {
            fail("exit " + p.exitValue() + " from " + c.line() + "\nstdout:\n" + tail(out) + "\nstderr:\n" + tail(err));
        }
    }

    private static String tail(Path file) throws IOException {
        String s = Files.readString(file);
        return s.length() > 4000 ? "…" + s.substring(s.length() - 4000) : s;
    }

    private static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.exists(here.resolve("docs/tutorial.md")) ? here : here.getParent();
    }
}
