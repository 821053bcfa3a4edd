package org.optimech.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24 (6): commands with long work report through the one progress mechanism on the command's error stream, with
 * figures (model size, iterations, seconds; pairs done of total with the time left), and {@code --quiet} silences all of it
 * while keeping the command's own notes.
 */
class CliProgressTest {
    /** A timestamped progress line ({@code [   1.23s] ...}). */
    private static final Pattern PROGRESS_LINE = Pattern.compile("(?m)^\\[ *[0-9]+\\.[0-9]{2}s\\] ");

    @TempDir
    Path dir;

    @Test
    void designAndSampleReportProgressWithFiguresAndQuietSilencesIt() throws Exception {
        Path problem = dir.resolve("count.json");
        Files.writeString(problem, "{\"kind\":\"discrete\",\"epsilon\":1.0,\"inputs\":{\"range\":[0,12]}}");
        Path spec = dir.resolve("count.spec.json");

        CliTest.Run design = CliTest.run("design", problem.toString(), "--out", spec.toString(), "--method", "lp");
        assertEquals(0, design.code(), design.err());
        assertTrue(PROGRESS_LINE.matcher(design.err()).find(), design.err());
        assertTrue(Pattern.compile("LP \\(attempt 1\\): solving with [a-z]+, 169 variables, [0-9,]+ rows, [0-9,]+ nonzeros").matcher(design.err()).find(),
                design.err());
        assertTrue(Pattern.compile("LP \\(attempt 1\\): [a-z]+ ended OPTIMAL after [0-9,]+ iterations in [0-9.]+ s, objective ").matcher(design.err()).find(),
                design.err());
        // issue 24 (6): the exact dual bound counts its steps (it was a heartbeat without a figure)
        assertTrue(Pattern.compile("bounding the optimum from the duals at the exact epsilon \\(model, 2 polishing passes, bound\\): 1/4 \\(25%\\), about .* "
                + "left: model built").matcher(design.err()).find(), design.err());
        assertTrue(design.err().contains("bounding the optimum from the duals at the exact epsilon (model, 2 polishing passes, bound): done, 4 in "), design.err());

        CliTest.Run quiet = CliTest.run("design", problem.toString(), "--out", dir.resolve("q.spec.json").toString(), "--method", "lp", "--quiet");
        assertEquals(0, quiet.code(), quiet.err());
        assertEquals("", quiet.err(), "--quiet: no progress at all");

        CliTest.Run sample = CliTest.run("sample", spec.toString(), "--input", "3", "--count", "30", "--seed", "1");
        assertEquals(0, sample.code(), sample.err());
        assertTrue(Pattern.compile("privacy-loss accountant, 30 releases \\(neighbouring pairs composed\\): [0-9]+/[0-9]+ \\([0-9]+%\\), (about .* left|estimating)")
                .matcher(sample.err()).find(), sample.err());
        assertTrue(Pattern.compile("privacy-loss accountant, 30 releases \\(neighbouring pairs composed\\): done, [0-9]+ in [0-9.]+ s").matcher(sample.err()).find(),
                sample.err());

        CliTest.Run sampleQuiet = CliTest.run("sample", spec.toString(), "--input", "3", "--count", "30", "--seed", "1", "--quiet");
        assertEquals(0, sampleQuiet.code(), sampleQuiet.err());
        assertFalse(PROGRESS_LINE.matcher(sampleQuiet.err()).find(), sampleQuiet.err());
        assertFalse(sampleQuiet.err().contains("accountant,"), sampleQuiet.err());
        assertTrue(sampleQuiet.err().contains("30 releases: epsilon"), "the accountant's result is a note, not progress: " + sampleQuiet.err());
        assertEquals(sample.out(), sampleQuiet.out());

        CliTest.Run inspect = CliTest.run("inspect", spec.toString());
        assertEquals(0, inspect.code(), inspect.err());
        assertTrue(inspect.err().contains("] accuracy of count.spec.json at beta 0.05"), inspect.err());
        CliTest.Run inspectQuiet = CliTest.run("inspect", spec.toString(), "--quiet");
        assertEquals(0, inspectQuiet.code(), inspectQuiet.err());
        assertEquals("", inspectQuiet.err());
        assertEquals(inspect.out(), inspectQuiet.out());
    }

    @Test
    void verifySignKeygenAndStatisticReportProgressAndQuietSilencesIt() throws Exception {
        Path problem = dir.resolve("count.json");
        Files.writeString(problem, "{\"kind\":\"discrete\",\"epsilon\":1.0,\"inputs\":{\"range\":[0,12]}}");
        Path spec = dir.resolve("count.spec.json");
        assertEquals(0, CliTest.run("design", problem.toString(), "--out", spec.toString(), "--quiet").code());

        CliTest.Run verify = CliTest.run("verify", spec.toString());
        assertEquals(0, verify.code(), verify.err());
        assertTrue(verify.err().contains("] verifying count.spec.json (digest, shapes, privacy re-check)"), verify.err());
        CliTest.Run verifyQuiet = CliTest.run("verify", spec.toString(), "--quiet");
        assertEquals("", verifyQuiet.err());
        assertEquals(verify.out(), verifyQuiet.out());

        CliTest.Run keygen = CliTest.run("keygen", "--key-id", "k1", "--out", dir.resolve("keys").toString());
        assertEquals(0, keygen.code(), keygen.err());
        assertTrue(keygen.err().contains("] generating an Ed25519 key pair k1"), keygen.err());
        assertEquals("", CliTest.run("keygen", "--key-id", "k2", "--out", dir.resolve("keys").toString(), "--quiet").err());

        CliTest.Run sign = CliTest.run("sign", spec.toString(), "--key", dir.resolve("keys/k1.private.key").toString(), "--key-id", "k1", "--out",
                dir.resolve("signed.json").toString());
        assertEquals(0, sign.code(), sign.err());
        assertTrue(sign.err().contains("] validating count.spec.json before signing") && sign.err().contains("] signing the canonical form of count.spec.json"),
                sign.err());
        // issue 24 (6): the signing's canonical pass had the stage's heartbeat only; its bytes are counted, ending at the canonical
        // form's size, below the file's (its estimate)
        java.util.regex.Matcher hashed = Pattern.compile("signing count\\.spec\\.json \\(bytes of the canonical form hashed, of about the file's size\\): "
                + "done, ([0-9]+) in ").matcher(sign.err());
        assertTrue(hashed.find(), sign.err());
        assertTrue(Long.parseLong(hashed.group(1)) > Files.size(spec) / 2 && Long.parseLong(hashed.group(1)) < Files.size(spec), sign.err());
        assertEquals("", CliTest.run("sign", spec.toString(), "--key", dir.resolve("keys/k1.private.key").toString(), "--key-id", "k1", "--out",
                dir.resolve("signed2.json").toString(), "--quiet").err());

        // statistic over a CSV of 200,000 records: bytes read of the file's size, then a closing line
        Path regression = regressionSpec();
        Path records = Files.writeString(dir.resolve("big.csv"), regressionRecords());
        long size = Files.size(records);
        CliTest.Run statistic = CliTest.run("statistic", regression.toString(), "--csv", records.toString());
        assertEquals(0, statistic.code(), statistic.err());
        assertTrue(Pattern.compile("summing big.csv \\(bytes read\\): [0-9]+/" + size + " \\([0-9]+%\\)").matcher(statistic.err()).find(), statistic.err());
        assertTrue(statistic.err().contains("summing big.csv (bytes read): done, " + size + " in "), statistic.err());
        CliTest.Run statisticQuiet = CliTest.run("statistic", regression.toString(), "--csv", records.toString(), "--quiet");
        assertFalse(PROGRESS_LINE.matcher(statisticQuiet.err()).find(), statisticQuiet.err());
        assertTrue(statisticQuiet.err().contains("over 200000 records"), "the record count is a note, not progress: " + statisticQuiet.err());
        assertEquals(statistic.out(), statisticQuiet.out());
    }

    /**
     * Issue 24 (6): {@code statistic --csv -} showed only a heartbeat while it read standard input (its size is unknown); it now
     * shows the records read so far with their rate, says that without a total there is no estimate, and --quiet silences it.
     */
    @Test
    void statisticOnStandardInputCountsTheRecordsReadWithTheirRateAndQuietSilencesIt() throws Exception {
        Path regression = regressionSpec();
        String csv = regressionRecords();
        CliTest.Run statistic = onStandardInput(csv, "statistic", regression.toString(), "--csv", "-");
        assertEquals(0, statistic.code(), statistic.err());
        assertTrue(Pattern.compile("\\] summing standard input \\(records read\\): [0-9]{1,3}(,[0-9]{3})* \\([0-9.]+[kMG]?/s\\), total unknown so no estimate")
                .matcher(statistic.err()).find(), statistic.err());
        assertTrue(statistic.err().contains("summing standard input (records read): done, 200,000 in "), statistic.err());
        assertFalse(statistic.err().contains("still running"), statistic.err());
        CliTest.Run quiet = onStandardInput(csv, "statistic", regression.toString(), "--csv", "-", "--quiet");
        assertEquals(0, quiet.code(), quiet.err());
        assertFalse(PROGRESS_LINE.matcher(quiet.err()).find() || quiet.err().contains("records read"), quiet.err());
        assertTrue(quiet.err().contains("over 200000 records"), "the record count is a note, not progress: " + quiet.err());
        assertEquals(statistic.out(), quiet.out());
    }

    /** The example regression problem's K-norm spec, designed quietly. */
    private Path regressionSpec() {
        Path regression = dir.resolve("regression.spec.json");
        assertEquals(0, CliTest.run("design", Path.of("..", "examples", "problems", "knorm-regression.json").toString(), "--out", regression.toString(), "-q")
                .code());
        return regression;
    }

    /** A CSV of 200,000 records for the regression statistic (x, y). */
    private static String regressionRecords() {
        StringBuilder csv = new StringBuilder("x,y\n");
        for (int i = 0; i < 200_000; i++) {
            csv.append(i % 3 == 0 ? "0.5,0.25\n" : "-0.25,1\n");
        }
        return csv.toString();
    }

    private static CliTest.Run onStandardInput(String text, String... args) {
        java.io.InputStream saved = System.in;
        System.setIn(new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        try {
            return CliTest.run(args);
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void benchReportsRoundsDoneOfTotalAndQuietSilencesIt() throws Exception {
        Path problem = Files.writeString(dir.resolve("count.json"), "{\"kind\":\"discrete\",\"epsilon\":1.0,\"inputs\":{\"range\":[0,8]}}");
        Path spec = dir.resolve("count.spec.json");
        assertEquals(0, CliTest.run("design", problem.toString(), "--out", spec.toString(), "-q").code());
        CliTest.Run bench = CliTest.run("bench", spec.toString(), "--seconds", "0.02", "--threads", "2");
        assertEquals(0, bench.code(), bench.err());
        assertTrue(bench.err().contains("] counting random bits per draw (200000 draws each of the sampler and the baseline)"), bench.err());
        // issue 24 (6): the counting had the stage's heartbeat only; its draws are counted now (200,000 of each, in batches)
        assertTrue(Pattern.compile("counting random bits per draw \\(draws of the sampler, then the baseline\\): [0-9]+/4[0-9]{5} \\([0-9]+%\\), "
                + "(about .* left|estimating)").matcher(bench.err()).find(), bench.err());
        assertTrue(Pattern.compile("counting random bits per draw \\(draws of the sampler, then the baseline\\): done, 4[0-9]{5} in ").matcher(bench.err()).find(),
                bench.err());
        // 3 rounds each of the sampler and the baseline, on 1 thread and on 2: 12 measurements
        assertTrue(Pattern.compile("measuring \\(rounds of 0.02 s\\): 1/12 \\([0-9]+%\\)").matcher(bench.err()).find(), bench.err());
        assertTrue(bench.err().contains("measuring (rounds of 0.02 s): done, 12 in "), bench.err());
        CliTest.Run quiet = CliTest.run("bench", spec.toString(), "--seconds", "0.02", "--threads", "2", "--quiet");
        assertEquals(0, quiet.code(), quiet.err());
        assertEquals("", quiet.err(), "--quiet: no progress at all");
        // the same report, up to the measured figures
        assertEquals(shape(bench.out()), shape(quiet.out()));
        assertTrue(quiet.out().contains("naive float Laplace"), quiet.out());
    }

    @Test
    void theDesignReportsAndInspectsMonteCarloCountsItsDraws() throws Exception {
        Path regression = dir.resolve("regression.spec.json");
        CliTest.Run design = CliTest.run("design", Path.of("..", "examples", "problems", "knorm-regression.json").toString(), "--out", regression.toString());
        assertEquals(0, design.code(), design.err());
        Pattern draws = Pattern.compile("accuracy of regression.spec.json at beta 0.05 \\(Monte Carlo draws\\): [0-9]+/[0-9]+ \\([0-9]+%\\)");
        assertTrue(draws.matcher(design.err()).find(), design.err());
        assertTrue(design.err().contains("accuracy of regression.spec.json at beta 0.05 (Monte Carlo draws): done, "), design.err());
        assertTrue(design.out().contains("  accuracy     "), design.out());
        CliTest.Run quietDesign = CliTest.run("design", Path.of("..", "examples", "problems", "knorm-regression.json").toString(), "--out",
                dir.resolve("q.spec.json").toString(), "--quiet");
        assertEquals(0, quietDesign.code(), quietDesign.err());
        assertFalse(quietDesign.err().contains("Monte Carlo draws"), quietDesign.err());
        CliTest.Run inspect = CliTest.run("inspect", regression.toString());
        assertEquals(0, inspect.code(), inspect.err());
        assertTrue(Pattern.compile("Monte Carlo draws of the noise: done, [0-9]+ in ").matcher(inspect.err()).find(), inspect.err());
        CliTest.Run inspectQuiet = CliTest.run("inspect", regression.toString(), "--quiet");
        assertEquals("", inspectQuiet.err());
        assertEquals(inspect.out(), inspectQuiet.out());
    }

    /**
     * Issue 24 (G1): {@code ledger charge} showed only "still running" heartbeats while it composed a spec's pairs; it now counts
     * the pairs, their envelope and the composition (13 inputs: 24 ordered pairs + 2) with the time left.
     */
    @Test
    void ledgerChargeCountsPairsDoneOfTotalAndQuietSilencesIt() throws Exception {
        Path problem = Files.writeString(dir.resolve("count.json"), "{\"kind\":\"discrete\",\"epsilon\":1.0,\"inputs\":{\"range\":[0,12]}}");
        Path spec = dir.resolve("count.spec.json");
        assertEquals(0, CliTest.run("design", problem.toString(), "--out", spec.toString(), "-q").code());
        CliTest.Run charge = CliTest.run("ledger", "charge", dir.resolve("ledger.json").toString(), "--dataset", "survey", "--spec", spec.toString(),
                "--releases", "30", "--total-epsilon", "100", "--total-delta", "1e-6");
        assertEquals(0, charge.code(), charge.err());
        String task = Pattern.quote("charging 30 releases of " + spec + " to \"survey\" (neighbouring pairs, their envelope, the composition)");
        assertTrue(Pattern.compile(task + ": [0-9]+/26 \\([0-9]+%\\), (about .* left|estimating)").matcher(charge.err()).find(), charge.err());
        assertTrue(Pattern.compile(task + ": done, 26 in [0-9.]+ s").matcher(charge.err()).find(), charge.err());
        assertFalse(charge.err().contains("still running"), charge.err());
        CliTest.Run quiet = CliTest.run("ledger", "charge", dir.resolve("ledger.json").toString(), "--dataset", "survey", "--spec", spec.toString(),
                "--releases", "30", "--quiet");
        assertEquals(0, quiet.code(), quiet.err());
        assertEquals("", quiet.err(), "--quiet: no progress at all");
    }

    /**
     * Issue 24 (G1): the exact hull of a K-norm comparison showed only heartbeats; it now counts the points of S_T settled
     * (vertices, or known inside) of all of them. Example 3.1 on a grid: 17 records, S_T of their 17 x 16 differences and 0.
     */
    @Test
    void theExactHullCountsPointsSettledOfTotal() throws Exception {
        CliTest.Run design = CliTest.run("design", Path.of("..", "examples", "problems", "knorm-example-3-1-grid.json").toString(), "--out",
                dir.resolve("grid.spec.json").toString());
        assertEquals(0, design.code(), design.err());
        java.util.regex.Matcher m = Pattern.compile("exact hull of S_T \\(points settled of ([0-9]+)\\): [0-9]+/([0-9]+) \\([0-9]+%\\)").matcher(design.err());
        assertTrue(m.find(), design.err());
        assertEquals(m.group(1), m.group(2));
        assertTrue(design.err().contains("exact hull of S_T (points settled of " + m.group(1) + "): done, " + m.group(1) + " in "), design.err());
        CliTest.Run quiet = CliTest.run("design", Path.of("..", "examples", "problems", "knorm-example-3-1-grid.json").toString(), "--out",
                dir.resolve("q.spec.json").toString(), "--quiet");
        assertEquals(0, quiet.code(), quiet.err());
        assertFalse(quiet.err().contains("points settled"), quiet.err());
    }

    /**
     * Issue 24 (6): loading and re-checking a big spec (verify, sign, sample, inspect, and design's write-and-verify) showed a
     * stage line and heartbeats only; it then counted the bytes read of the file's size with the checks as one last unit, so its
     * estimate ignored the digest and the table's rows, which take as long as the reading on a big table. Each step now has its
     * figure and time left: bytes read of the file's size, bytes digested (of about the file's size, ending at the canonical
     * form's), rows of the table checked. A 101-input LP table: several 64 KiB reads and digest blocks.
     */
    @Test
    void loadingABigSpecCountsBytesReadThenDigestedThenTheTablesRowsAndQuietSilencesIt() throws Exception {
        Path problem = Files.writeString(dir.resolve("count.json"), "{\"kind\":\"discrete\",\"epsilon\":1.0,\"inputs\":{\"range\":[0,100]}}");
        Path spec = dir.resolve("big.spec.json");
        CliTest.Run design = CliTest.run("design", problem.toString(), "--out", spec.toString(), "--method", "lp");
        assertEquals(0, design.code(), design.err());
        long size = Files.size(spec);
        assertTrue(size > 3 * 65536, "big enough for several reads: " + size);
        String left = " \\([0-9]+%\\), (about .* left|estimating)";
        String read = Pattern.quote(" (bytes read of the file's size): ");
        String digested = Pattern.quote(" (bytes digested, of about the file's size): ");
        String rows = Pattern.quote(" (weight table rows checked): ");
        for (String[] run : new String[][] {{"verifying", design.err()}, {"loading", CliTest.run("verify", spec.toString()).err()},
                {"loading", CliTest.run("sample", spec.toString(), "--input", "3", "--seed", "1").err()}}) {
            String name = run[0] + " big\\.spec\\.json";
            String err = run[1];
            assertTrue(Pattern.compile(name + read + "[0-9]+/" + size + left).matcher(err).find(), err);
            assertTrue(Pattern.compile(name + read + "done, " + size + " in [0-9.]+ s").matcher(err).find(), err);
            assertTrue(Pattern.compile(name + digested + "[0-9]+/" + size + left).matcher(err).find(), err);
            java.util.regex.Matcher d = Pattern.compile(name + digested + "done, ([0-9]+) in [0-9.]+ s").matcher(err);
            assertTrue(d.find(), err);
            long canonical = Long.parseLong(d.group(1));
            assertTrue(canonical > size / 2 && canonical < size, "the canonical form is the file without its layout: " + canonical + " of " + size);
            assertTrue(Pattern.compile(name + rows + "[0-9]+/101" + left).matcher(err).find(), err);
            assertTrue(Pattern.compile(name + rows + "done, 101 in [0-9.]+ s").matcher(err).find(), err);
            assertTrue(err.indexOf("bytes read of the file's size): done") < err.indexOf("bytes digested, of about the file's size): done")
                    && err.indexOf("bytes digested, of about the file's size): done") < err.indexOf("weight table rows checked): done"), "in order: " + err);
        }

        // a signed spec under a trusted key is hashed again to verify the signature: the last step, with its own figure (it had
        // the stage's heartbeat only, as long as the digest)
        assertEquals(0, CliTest.run("keygen", "--key-id", "pub", "--out", dir.resolve("keys").toString(), "--quiet").code());
        Path signed = dir.resolve("big.signed.json");
        CliTest.Run sign = CliTest.run("sign", spec.toString(), "--key", dir.resolve("keys/pub.private.key").toString(), "--key-id", "pub", "--out",
                signed.toString(), "--quiet");
        assertEquals(0, sign.code(), sign.err());
        long signedSize = Files.size(signed);
        CliTest.Run trusted = CliTest.run("verify", signed.toString(), "--trusted-key", "pub=" + dir.resolve("keys/pub.public.key"), "--require-signature");
        assertEquals(0, trusted.code(), trusted.err());
        String hashed = Pattern.quote("loading big.signed.json (bytes hashed for the signature, of about the file's size): ");
        assertTrue(Pattern.compile(hashed + "[0-9]+/" + signedSize + left).matcher(trusted.err()).find(), trusted.err());
        assertTrue(Pattern.compile(hashed + "done, [0-9]+ in [0-9.]+ s").matcher(trusted.err()).find(), trusted.err());
        assertTrue(trusted.err().indexOf("weight table rows checked): done") < trusted.err().indexOf("bytes hashed for the signature, of about the file's size): done"),
                "after the rows: " + trusted.err());
        assertFalse(CliTest.run("verify", signed.toString(), "--trusted-key", "pub=" + dir.resolve("keys/pub.public.key"), "--quiet").err().contains("hashed"));

        for (String[] args : new String[][] {{"verify", spec.toString(), "--quiet"}, {"sample", spec.toString(), "--input", "3", "--seed", "1", "--quiet"},
                {"design", problem.toString(), "--out", dir.resolve("q.spec.json").toString(), "--method", "lp", "--quiet"}}) {
            CliTest.Run quiet = CliTest.run(args);
            assertEquals(0, quiet.code(), quiet.err());
            assertFalse(quiet.err().contains("bytes") || quiet.err().contains("rows checked"), args[0] + " --quiet: " + quiet.err());
            assertFalse(PROGRESS_LINE.matcher(quiet.err()).find(), args[0] + " --quiet: " + quiet.err());
        }
    }

    /**
     * Issue 24 (6): building S_T from listed records (more than {@code KNormDesigner.REDUNDANT_POINTS} differences, so the
     * candidates come from the records and S_T is built for the hull) showed heartbeats only; it now counts the differences
     * formed, then deduplicated: 40 distinct records under substitution, 1,600 differences, 3,200 units.
     */
    @Test
    void buildingS_TFromRecordsCountsItsDifferences() throws Exception {
        StringBuilder records = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            records.append(i == 0 ? "" : ",").append("[").append(i).append(",").append(i * i % 11).append("]");
        }
        Path problem = Files.writeString(dir.resolve("records.json"), "{\"kind\":\"knorm\",\"epsilon\":1.0,\"candidates\":[\"linf\",\"hull\"],"
                + "\"statistic\":{\"records\":[" + records + "]}}");
        CliTest.Run design = CliTest.run("design", problem.toString(), "--out", dir.resolve("records.spec.json").toString());
        assertEquals(0, design.code(), design.err());
        assertTrue(Pattern.compile("building S_T \\(differences formed, then deduplicated\\): [0-9]+/3200 \\([0-9]+%\\)").matcher(design.err()).find(),
                design.err());
        assertTrue(design.err().contains("building S_T (differences formed, then deduplicated): done, 3200 in "), design.err());
        CliTest.Run quiet = CliTest.run("design", problem.toString(), "--out", dir.resolve("q.spec.json").toString(), "--quiet");
        assertEquals(0, quiet.code(), quiet.err());
        assertEquals("", quiet.err(), "--quiet: no progress at all");
    }

    /**
     * Issue 24 (6): more than 64 listed records in d <= 8 are pruned to their hull's vertices before S_T is built, and that
     * step had only the stage's heartbeat; it now counts the records settled of the distinct ones, then the differences. 70
     * records on a parabola (all of them vertices): 4,900 differences, 9,800 units.
     */
    @Test
    void pruningTheRecordsToTheirHullCountsRecordsSettledAndQuietSilencesIt() throws Exception {
        StringBuilder records = new StringBuilder();
        for (int i = 0; i < 70; i++) {
            records.append(i == 0 ? "" : ",").append("[").append(i).append(",").append(i * i).append("]");
        }
        Path problem = Files.writeString(dir.resolve("parabola.json"), "{\"kind\":\"knorm\",\"epsilon\":1.0,\"candidates\":[\"linf\",\"hull\"],"
                + "\"statistic\":{\"records\":[" + records + "]}}");
        CliTest.Run design = CliTest.run("design", problem.toString(), "--out", dir.resolve("parabola.spec.json").toString());
        assertEquals(0, design.code(), design.err());
        String pruning = Pattern.quote("pruning the records to their hull's vertices (records settled of the distinct ones): ");
        assertTrue(Pattern.compile(pruning + "[0-9]+/70 \\([0-9]+%\\), (about .* left|estimating)").matcher(design.err()).find(), design.err());
        assertTrue(design.err().contains("pruning the records to their hull's vertices (records settled of the distinct ones): done, 70 in "), design.err());
        assertTrue(design.err().indexOf("(records settled of the distinct ones): done") < design.err().indexOf("building S_T (differences formed, then "
                + "deduplicated): done, 9800 in "), "the pruning, then the differences: " + design.err());
        CliTest.Run quiet = CliTest.run("design", problem.toString(), "--out", dir.resolve("q.spec.json").toString(), "--quiet");
        assertEquals(0, quiet.code(), quiet.err());
        assertEquals("", quiet.err(), "--quiet: no progress at all");
    }

    /** A report with its measured numbers blanked: what must not depend on --quiet. */
    private static String shape(String report) {
        return report.replaceAll("[0-9][0-9.,]*x?", "#").replaceAll(" +", " ");
    }
}
