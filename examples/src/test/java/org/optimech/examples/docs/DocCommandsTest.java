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
        assertEquals(8, checkQuoted(quoted, work, "the default backend"));
        // the quoted ε and risks come from LP solves, so they are checked with each OR-Tools backend, not only the default one
        // ("auto" is CLP where OR-Tools loads): the commands that print them run again with --solver clp, highs and glop, and
        // each must print every quoted line. Without OR-Tools "auto" is ojAlgo, which returns no duals, and the tutorial's
        // minimax target cannot be designed (the structural minimax design needs them): the tutorial needs OR-Tools, said here
        List<String> backends = List.of("clp", "highs", "glop");
        assertEquals(backends, lpBackendsHere().stream().filter(backends::contains).toList(), "the tutorial's LP backends load on this platform");
        List<String> printing = List.of("target.txt", "target-bayes.txt", "target-bayes-inspect.txt");
        List<Command> quoting = commands.stream().filter(c -> c.stdoutFile() != null && printing.contains(c.stdoutFile())).toList();
        assertEquals(3, quoting.size(), "the commands that print the quoted files: " + quoting);
        for (String backend : backends) {
            Path dir = Files.createDirectories(work.resolve("backend-" + backend));
            Files.createSymbolicLink(dir.resolve("examples"), root().resolve("examples"));
            for (Command c : quoting) {
                run(c, dir, c.words().get(1).equals("design") ? List.of("--solver", backend) : List.of());
            }
            assertEquals(8, checkQuoted(quoted, dir, "LP backend " + backend));
        }
        // issue 24 (6): the Spark runner's stderr is its own: the guarantee and its stages, named by what they do, with tasks
        // done of total; Spark's log (INFO and WARN lines at start-up) is kept off it. The JVM's own start-up lines (a
        // JAVA_TOOL_OPTIONS notice, a VM warning) are not Spark's log and not the runner's: the runner is started with
        // JAVA_TOOL_OPTIONS set, so the test sees such a line every time and shows that it is told apart
        String sparkErr = Files.readString(work.resolve(SPARK_STDERR));
        assertTrue(sparkErr.lines().anyMatch(l -> l.startsWith("Picked up JAVA_TOOL_OPTIONS: ")), "the JVM's notice is there to be told apart: " + sparkErr);
        for (String line : sparkErr.lines().filter(l -> !jvmStartupLine(l)).toList()) {
            assertTrue(line.startsWith("optimech-spark: ") || line.startsWith("  ") || line.matches("\\[ *[0-9.]+s\\] spark stage [0-9]+ \\(.*"),
                    "a line that is not the runner's: " + line + "\n" + sparkErr);
        }
        assertTrue(sparkErr.contains("(reading survey-records.csv), tasks: done, "), sparkErr);
        assertTrue(java.util.regex.Pattern.compile("\\(bounding contributions and releasing per group[^)]*\\), tasks: [0-9]+/[0-9]+ \\([0-9]+%\\)")
                .matcher(sparkErr).find(), sparkErr);
    }

    /** Checks each line quoted under a "FILE:" header against that file in {@code dir}; the number of lines checked. */
    private static int checkQuoted(String quoted, Path dir, String by) throws IOException {
        String file = null;
        int checked = 0;
        for (String line : quoted.split("\n")) {
            if (line.endsWith(".txt:")) {
                file = line.substring(0, line.length() - 1);
            } else if (!line.isBlank()) {
                assertTrue(Files.readString(dir.resolve(file)).contains(line + "\n"), file + " (" + by + ") does not print: " + line);
                checked++;
            }
        }
        return checked;
    }

    /** The LP backends that load on this machine (the native ones need OR-Tools' library). */
    private static List<String> lpBackendsHere() {
        List<String> here = new ArrayList<>();
        for (String name : org.optimech.designer.lp.LpBackends.NAMES) {
            try {
                if (!name.equals("auto")) {
                    org.optimech.designer.lp.LpBackends.byName(name);
                    here.add(name);
                }
            } catch (org.optimech.designer.lp.LpException e) {
                // not on this platform
            }
        }
        return here;
    }

    /**
     * A line the JVM itself writes to stderr at start-up, before any of the program's: the launcher's notice of an options
     * variable, or a VM warning. Exact forms, so nothing Spark's logger writes passes for one.
     */
    static boolean jvmStartupLine(String line) {
        return line.matches("(NOTE: )?Picked up (JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS): .*")
                || line.matches("(OpenJDK|Java HotSpot\\(TM\\)) (64-Bit )?(Server|Client) VM warning: .*");
    }

    @Test
    void jvmStartupLinesAreToldApartFromSparksLog() {
        assertTrue(jvmStartupLine("Picked up JAVA_TOOL_OPTIONS: -Dfile.encoding=UTF-8"));
        assertTrue(jvmStartupLine("NOTE: Picked up JDK_JAVA_OPTIONS: -Xmx2g"));
        assertTrue(jvmStartupLine("Picked up _JAVA_OPTIONS: -Xss4m"));
        assertTrue(jvmStartupLine("OpenJDK 64-Bit Server VM warning: Options -Xverify:none and -noverify were deprecated"));
        assertTrue(jvmStartupLine("Java HotSpot(TM) 64-Bit Server VM warning: Sharing is only supported for boot loader classes"));
        // Spark's log at start-up (log4j's and java.util.logging's forms) and anything else is not
        assertTrue(!jvmStartupLine("26/11/29 02:00:00 WARN NativeCodeLoader: Unable to load native-hadoop library for your platform"));
        assertTrue(!jvmStartupLine("26/11/29 02:00:00 INFO SparkContext: Running Spark version 3.5.5"));
        assertTrue(!jvmStartupLine("WARNING: Picked up JAVA_TOOL_OPTIONS: x"));
        assertTrue(!jvmStartupLine("Using Spark's default log4j profile: org/apache/spark/log4j2-defaults.properties"));
        assertTrue(!jvmStartupLine("  Picked up JAVA_TOOL_OPTIONS: indented"));
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
            run(c, work, List.of());
        }
    }

    /** Runs a documented command in {@code dir}, with {@code extra} arguments after its own. */
    private void run(Command c, Path dir, List<String> extra) throws IOException, InterruptedException {
        List<String> w = c.words();
        if (w.size() >= 2 && w.get(0).equals("mkdir") && w.get(1).equals("-p")) {
            for (String d : w.subList(2, w.size())) {
                Files.createDirectories(dir.resolve(d));
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
        argv.addAll(extra);
        Path out = c.stdoutFile() != null ? dir.resolve(c.stdoutFile()) : Files.createTempFile(dir, "stdout", ".txt");
        Path err = spark ? dir.resolve(SPARK_STDERR) : Files.createTempFile(dir, "stderr", ".txt");
        ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
        if (spark) {
            // the JVM then writes its "Picked up" notice first, which the stderr check must tell apart from Spark's log
            pb.environment().merge("JAVA_TOOL_OPTIONS", "-Doptimech.docs.test=true", (mine, added) -> mine + " " + added);
        }
        Process p = pb.start();
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
