package org.optimech.examples.tutorial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.optimech.designer.Design;
import org.optimech.designer.Designers;
import org.optimech.designer.problem.Problem;
import org.optimech.designer.problem.Problems;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.accounting.Accountant;
import org.optimech.runtime.accuracy.Accuracy;
import org.optimech.runtime.budget.BudgetLedger;
import org.optimech.runtime.json.JsonWriter;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.spec.RuntimePolicy;
import org.optimech.runtime.spec.SpecCodec;
import org.optimech.runtime.spec.SpecLoader;
import org.optimech.runtime.statistic.CsvStatistic;
import org.optimech.spark.GroupRelease;

/**
 * The Java code of docs/tutorial.md, compiled and run: each block between the comments "tutorial:begin NAME" and
 * "tutorial:end" must appear verbatim (up to indentation) as a java block of the tutorial, so the document cannot drift.
 */
class TutorialTest {
    @TempDir
    Path dir;

    @Test
    void designLoadSampleAndAccount() throws Exception {
        Path specFile = dir.resolve("count.spec.json");
        // tutorial:begin design
        Problem problem = Problems.parse("""
                {"kind": "discrete", "epsilon": 0.5, "relation": "substitution", "inputs": {"range": [0, 40]},
                 "neighbours": "path", "loss": "absolute", "prior": "uniform", "objective": "bayes"}""");
        Design design = Designers.design(problem, Designers.Options.defaults());
        Files.writeString(specFile, JsonWriter.pretty(SpecCodec.write(design.spec())));
        // tutorial:end
        Path answersCsv = repositoryRoot().resolve("examples/problems/survey-answers.csv");
        // tutorial:begin load
        Mechanism mechanism = Mechanisms.load(specFile, RuntimePolicy.standard());
        long yes;
        try (Reader answers = Files.newBufferedReader(answersCsv)) {
            yes = Math.round(CsvStatistic.count("yes", answers).value()[0]); // the records whose "yes" is 1
        }
        // tutorial:end
        // independently: the data lines ending in ",1"
        assertEquals(Files.readAllLines(answersCsv).stream().skip(1).filter(l -> l.strip().endsWith(",1")).count(), yes);
        assertEquals(40, Files.readAllLines(answersCsv).size() - 1, "the tutorial's survey has 40 respondents");
        // tutorial:begin account
        BudgetLedger ledger = BudgetLedger.open(dir.resolve("ledger.json"), new java.math.BigDecimal("14"), new java.math.BigDecimal("0.000001"),
                BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION);
        ledger.charge("survey-2026", mechanism.spec(), 30); // basic composition (15) would refuse; BudgetExceededException when over
        System.out.println(Accountant.releases(mechanism.spec(), 30).describe(0.000001));
        // tutorial:end
        // tutorial:begin sample
        long[] released = new long[30];
        for (int i = 0; i < released.length; i++) {
            released[i] = mechanism.sample(yes, RandomSource.secure());
        }
        Accuracy accuracy = mechanism.accuracy(0.05);
        System.out.println(java.util.Arrays.toString(released) + "; each " + accuracy.describe());
        // tutorial:end
        for (long value : released) {
            assertTrue(value >= 0 && value <= 40, java.util.Arrays.toString(released));
        }
        assertTrue(accuracy.describe().contains("within"), accuracy.describe());
        assertTrue(ledger.chargedEpsilon("survey-2026") <= 14);
        assertEquals(30, ledger.spent("survey-2026").releases());
    }

    @Test
    void theRegressionReleaseRunsOnSpark() throws Exception {
        Path root = repositoryRoot();
        String csvFile = root.resolve("examples/problems/survey-records.csv").toString();
        Path regressionSpecFile = dir.resolve("regression.spec.json");
        Design regression = Designers.design(Problems.read(root.resolve("examples/problems/knorm-regression.json")), Designers.Options.defaults());
        Files.writeString(regressionSpecFile, JsonWriter.pretty(SpecCodec.write(regression.spec())));
        SparkSession spark = SparkSession.builder().master("local[2]").config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
        // tutorial:begin spark
        Dataset<Row> records = spark.read().option("header", "true").option("inferSchema", "true").csv(csvFile)
                .withColumn("survey", functions.lit("2026"));
        GroupRelease job = GroupRelease.builder(SpecLoader.load(regressionSpecFile))
                .privacyUnit("respondent").groupBy("survey").publicKeys(List.of("2026"))
                .maxGroupsPerUnit(1).maxRowsPerGroup(1)       // contribution bounding, enforced by the job
                .allowIdealizedNumerics()                     // this K-norm spec's noise is floating point
                .build();
        GroupRelease.Release release = job.release(records);
        release.released().show();                            // one row per survey: the noisy (Σx, Σy, Σxy)
        System.out.println(release.guarantee().describe());
        // tutorial:end
        List<Row> rows = release.released().collectAsList();
        assertEquals(1, rows.size());
        assertEquals("2026", rows.get(0).getString(0));
        assertEquals(4, rows.get(0).size(), rows.get(0).toString());
        assertTrue(release.guarantee().describe().contains("0.5"), release.guarantee().describe());
    }

    @Test
    void everyMarkedBlockIsInTheTutorial() throws Exception {
        String doc = normalize(Files.readString(repositoryRoot().resolve("docs/tutorial.md")));
        List<String> blocks = markedBlocks();
        assertEquals(5, blocks.size()); // design, load, account, sample, spark
        for (String b : blocks) {
            assertTrue(doc.contains(normalize(b)), "docs/tutorial.md lacks the block:\n" + b);
        }
    }

    /** doc -> test: every java block of the tutorial is one this test runs, or is marked "tutorial: not run: REASON" just above it. */
    @Test
    void everyJavaBlockOfTheTutorialIsRun() throws Exception {
        List<String> unchecked = uncheckedJavaBlocks(Files.readString(repositoryRoot().resolve("docs/tutorial.md")), markedBlocks());
        assertTrue(unchecked.isEmpty(), "java blocks of docs/tutorial.md that TutorialTest does not run (mark one with "
                + "<!-- tutorial: not run: REASON --> if it cannot run):\n" + String.join("\n---\n", unchecked));
    }

    @Test
    void aJavaBlockNotRunIsReportedUnlessMarkedWithAReason() throws Exception {
        List<String> run = List.of("int a = 1;\n");
        String doc = "text\n```java\nint a = 1;\n```\n\n```java\nint b = 2;\n```\n";
        assertEquals(List.of("int b = 2;\n"), uncheckedJavaBlocks(doc, run));
        String marked = "text\n```java\nint a = 1;\n```\n<!-- tutorial: not run: needs a cluster -->\n```java\nint b = 2;\n```\n";
        assertEquals(List.of(), uncheckedJavaBlocks(marked, run));
        String noReason = "<!-- tutorial: not run: -->\n```java\nint b = 2;\n```\n";
        assertEquals(List.of("int b = 2;\n"), uncheckedJavaBlocks(noReason, run));
    }

    /** The java blocks of {@code doc} that are none of {@code run} (up to indentation) and not marked as not run with a reason. */
    static List<String> uncheckedJavaBlocks(String doc, List<String> run) {
        List<String> runNormalized = run.stream().map(TutorialTest::normalize).toList();
        List<String> unchecked = new ArrayList<>();
        int at = 0;
        while ((at = doc.indexOf("```java\n", at)) >= 0) {
            int start = at + "```java\n".length();
            int end = doc.indexOf("```", start);
            String block = doc.substring(start, end);
            String before = doc.substring(0, at).stripTrailing();
            String previousLine = before.substring(before.lastIndexOf('\n') + 1).strip();
            boolean markedNotRun = previousLine.matches("<!-- tutorial: not run: \\S.*-->");
            if (!markedNotRun && !runNormalized.contains(normalize(block))) {
                unchecked.add(block);
            }
            at = end + 3;
        }
        return unchecked;
    }

    private static List<String> markedBlocks() throws java.io.IOException {
        String src = Files.readString(Path.of("src/test/java/org/optimech/examples/tutorial/TutorialTest.java"));
        List<String> blocks = new ArrayList<>();
        int at = 0;
        while ((at = src.indexOf("// tutorial:" + "begin ", at)) >= 0) {
            int start = src.indexOf('\n', at) + 1;
            int end = src.indexOf("// tutorial:" + "end", start);
            blocks.add(src.substring(start, src.lastIndexOf('\n', end) + 1));
            at = end;
        }
        return blocks;
    }

    private static Path repositoryRoot() {
        Path root = Path.of("").toAbsolutePath();
        return Files.exists(root.resolve("docs/tutorial.md")) ? root : root.getParent();
    }

    private static String normalize(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n")) {
            out.append(line.strip()).append('\n');
        }
        return out.toString();
    }
}
