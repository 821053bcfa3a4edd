package org.optimech.spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line of the Spark runner: every malformed option and a spec the job cannot apply are refused with exit 2 and
 * a message naming the option and the value, before any Spark session starts (the end-to-end run is the tutorial's Spark
 * step, run by DocCommandsTest).
 */
class SparkReleaseCliTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SparkReleaseCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Path spec(String name) {
        return Path.of("src/test/resources/specs", name);
    }

    @Test
    void helpAndMissingArgumentsAreNamed() {
        Run help = run("--help");
        assertEquals(0, help.code());
        assertTrue(help.out().startsWith("Usage: optimech-spark SPEC.json --csv FILE --unit COLUMN"), help.out());
        assertEquals(2, run().code());
        assertBad("--csv FILE is required", "s.json", "--unit", "u");
        assertBad("--unit COLUMN is required", "s.json", "--csv", "r.csv");
        assertBad("--max-rows must be an integer >= 1. Provided value: 0", "s.json", "--csv", "r.csv", "--unit", "u", "--max-rows", "0");
        assertBad("--max-groups must be an integer >= 1. Provided value: two", "s.json", "--csv", "r.csv", "--unit", "u", "--max-groups", "two");
        assertBad("--partition-selection must be EPSILON,DELTA (two decimal numbers). Provided value: 1", "s.json", "--csv", "r.csv", "--unit", "u",
                "--group", "g", "--partition-selection", "1");
        assertBad("--variable must be NAME=COLUMN. Provided value: x", "s.json", "--csv", "r.csv", "--unit", "u", "--variable", "x");
        assertBad("with --group, exactly one of --keys", "s.json", "--csv", "r.csv", "--unit", "u", "--group", "g");
        assertBad("without --group all rows are one group", "s.json", "--csv", "r.csv", "--unit", "u", "--keys", "a");
        assertBad("unknown option --bogus", "s.json", "--bogus");
        assertBad("--out needs a value", "s.json", "--out");
        assertBad("one spec file is expected; a second was given: t.json", "s.json", "t.json");
    }

    @Test
    void specsTheJobCannotApplyAreRefusedBeforeSparkStarts() throws Exception {
        Path csv = Files.writeString(dir.resolve("r.csv"), "respondent,x\n1,0.5\n");
        assertBad("no-such.json: no such spec file", "no-such.json", "--csv", csv.toString(), "--unit", "respondent");
        Files.writeString(dir.resolve("broken.json"), "{");
        Run broken = run(dir.resolve("broken.json").toString(), "--csv", csv.toString(), "--unit", "respondent");
        assertEquals(2, broken.code(), broken.err());
        assertTrue(broken.err().contains("broken.json"), broken.err());
        assertBad("(--allow-idealized-numerics accepts it)", spec("count-sum-idealized.spec.json").toString(), "--csv", csv.toString(), "--unit", "respondent");
        assertBad("design the spec with add-remove neighbours. Provided value: substitution", spec("count-substitution.spec.json").toString(), "--csv",
                csv.toString(), "--unit", "respondent");
        assertBad("absent.csv: no such file", spec("count-sum-idealized.spec.json").toString(), "--csv", dir.resolve("absent.csv").toString(), "--unit",
                "respondent", "--allow-idealized-numerics");
    }

    private static void assertBad(String message, String... args) {
        Run r = run(args);
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains(message), "expected \"" + message + "\" in: " + r.err());
    }

    /**
     * Issue 24 (6): the runner shows each Spark stage as a task of the tool's progress: on a terminal a bar redrawn in place with
     * tasks done of total and the time left, elsewhere plain lines with the same figures.
     */
    @Test
    void stagesAreABarOnATerminalAndLinesElsewhere() {
        for (boolean bar : new boolean[] {true, false}) {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            SparkReleaseCli.StageTasks stages = new SparkReleaseCli.StageTasks(org.optimech.designer.common.Progress.to(new PrintStream(buf, true,
                    StandardCharsets.UTF_8), bar));
            stages.submitted(3, "reading r.csv", 4);
            for (int done = 1; done <= 4; done++) {
                stages.taskDone(3, done, 4);
            }
            stages.completed(3, null);
            String out = buf.toString(StandardCharsets.UTF_8);
            if (bar) {
                assertTrue(out.contains("\rspark stage 3 (reading r.csv), tasks [######..................] 1/4  25% "), out);
                assertTrue(out.contains("spark stage 3 (reading r.csv), tasks [########################] 4/4 100% done in "), out);
            } else {
                assertTrue(out.contains("spark stage 3 (reading r.csv), tasks: 0/4 (0%), estimating"), out);
                assertTrue(out.contains("spark stage 3 (reading r.csv), tasks: done, 4 in "), out);
                assertTrue(!out.contains("\r"), out);
            }
        }
    }
}
