package org.optimech.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inputs as users type them (issue 20): values from files and standard input, an output over the input, failing sweep points. */
class CliInputsTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static CliTest.Run withStdin(String text, String... args) {
        InputStream saved = System.in;
        System.setIn(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        try {
            return CliTest.run(args);
        } finally {
            System.setIn(saved);
        }
    }

    private Path countSpec() throws Exception {
        Path spec = dir.resolve("count.spec.json");
        CliTest.Run d = CliTest.run("design", write("count.json", "{\"kind\":\"discrete\",\"epsilon\":0.6931471805599453,\"inputs\":{\"range\":[0,9]}}")
                .toString(), "--out", spec.toString(), "-q");
        assertEquals(0, d.code(), d.err());
        return spec;
    }

    @Test
    void sampleReadsValuesFromFilesAndStandardInput() throws Exception {
        Path spec = countSpec();
        // @FILE is optimech's, not picocli's argument-file expansion (which spliced the file's words into the command line)
        CliTest.Run at = CliTest.run("sample", spec.toString(), "--input", "@" + write("value.txt", "4\n"), "--count", "5", "--seed", "1");
        assertEquals(0, at.code(), at.err());
        CliTest.Run direct = CliTest.run("sample", spec.toString(), "--input", "4", "--count", "5", "--seed", "1");
        assertEquals(direct.out(), at.out(), "the same value and seed, from a file or typed");
        assertEquals(5, at.out().lines().count());

        CliTest.Run stdin = withStdin("4\n", "sample", spec.toString(), "--input", "@-", "--count", "5", "--seed", "1");
        assertEquals(0, stdin.code(), stdin.err());
        assertEquals(direct.out(), stdin.out());

        CliTest.Run lines = CliTest.run("sample", spec.toString(), "--inputs", write("values.txt", "0\r\n9\n4\n").toString(), "--count", "2", "--seed", "3");
        assertEquals(0, lines.code(), lines.err());
        assertEquals(6, lines.out().lines().count(), lines.out());
        CliTest.Run piped = withStdin("0\n9\n4\n", "sample", spec.toString(), "--inputs", "-", "--count", "2", "--seed", "3");
        assertEquals(lines.out(), piped.out());

        CliTest.Run bad = CliTest.run("sample", spec.toString(), "--inputs", write("bad.txt", "1\nseven\n").toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("line 2") && bad.err().contains("seven") && !bad.err().contains("Exception"), bad.err());
        assertTrue(bad.err().contains("the 1 line before it was released, 1 output each, on stdout"), bad.err());
        assertEquals(1, bad.out().lines().count(), "the release of line 1 is not lost: " + bad.out());
        CliTest.Run missing = CliTest.run("sample", spec.toString(), "--input", "@" + dir.resolve("absent.txt"));
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("absent.txt: cannot read: no such file"), missing.err());
        CliTest.Run both = CliTest.run("sample", spec.toString(), "--input", "1", "--inputs", "-");
        assertEquals(2, both.code());
        assertTrue(both.err().contains("mutually exclusive"), both.err());
    }

    @Test
    void knormSpecsRefuseConstantTimeAndReadVectorsFromFiles() throws Exception {
        Path spec = dir.resolve("k.spec.json");
        CliTest.Run d = CliTest.run("design", write("k.json", "{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"add-remove\",\"statistic\":"
                + "{\"records\":[[1,0],[0,1]]}}").toString(), "--out", spec.toString(), "-q");
        assertEquals(0, d.code(), d.err());
        CliTest.Run ct = CliTest.run("sample", spec.toString(), "--input", "1,2", "--sampling", "constant-time");
        assertEquals(2, ct.code(), "refused, not silently sampled in fast mode: " + ct.out());
        assertTrue(ct.err().contains("--sampling constant-time") && ct.err().contains("discrete specs only") && ct.err().contains("--sampling fast"),
                ct.err());
        assertEquals("", ct.out());
        CliTest.Run file = CliTest.run("sample", spec.toString(), "--input", "@" + write("t.txt", "1\n2\n"), "--seed", "2");
        assertEquals(0, file.code(), file.err());
        assertEquals(CliTest.run("sample", spec.toString(), "--input", "1,2", "--seed", "2").out(), file.out());
    }

    /** A function release's input is the function on the grid: long, so it comes from a file or a pipe, one number per line or not. */
    @Test
    void functionSpecsReadTheFunctionFromAFileOrStandardInput() throws Exception {
        Path spec = dir.resolve("f.spec.json");
        CliTest.Run d = CliTest.run("design", write("f.json", "{\"kind\":\"function\",\"estimator\":\"kde\",\"kernel\":\"gaussian\",\"bandwidth\":0.1,"
                + "\"n\":100,\"grid\":{\"from\":0,\"to\":1,\"points\":5},\"epsilon\":0.6931471805599453,\"delta\":1e-6}").toString(), "--out",
                spec.toString(), "-q");
        assertEquals(0, d.code(), d.err());
        CliTest.Run typed = CliTest.run("sample", spec.toString(), "--input", "1,2,3,2,1", "--seed", "4", "--count", "2");
        assertEquals(0, typed.code(), typed.err());
        assertEquals(2, typed.out().lines().count());
        assertEquals(typed.out(), CliTest.run("sample", spec.toString(), "--input", "@" + write("f.txt", "1\n2\n3\n2\n1\n"), "--seed", "4", "--count", "2")
                .out());
        assertEquals(typed.out(), withStdin("1 2 3\n2 1\n", "sample", spec.toString(), "--input", "@-", "--seed", "4", "--count", "2").out());
        CliTest.Run shortInput = CliTest.run("sample", spec.toString(), "--input", "@" + write("short.txt", "1\n2\n"));
        assertEquals(2, shortInput.code());
        assertTrue(shortInput.err().contains("must have 5 numbers") && shortInput.err().contains("(2 fields)"), shortInput.err());
    }

    @Test
    void designRefusesToWriteOverItsProblem() throws Exception {
        String json = "{\"kind\":\"discrete\",\"epsilon\":1,\"inputs\":{\"range\":[0,4]}}";
        Path problem = write("p.json", json);
        for (String out : new String[] {problem.toString(), dir.resolve(".").resolve("p.json").toString()}) {
            CliTest.Run r = CliTest.run("design", problem.toString(), "--out", out);
            assertEquals(2, r.code());
            assertTrue(r.err().contains("--out is the problem file") && r.err().contains("Provided value"), r.err());
        }
        Path link = dir.resolve("link.json");
        Files.createSymbolicLink(link, problem);
        assertEquals(2, CliTest.run("design", problem.toString(), "--out", link.toString()).code());
        assertEquals(json, Files.readString(problem), "the problem is untouched");
    }

    @Test
    void sweepRecordsEachFailedPointAndFinishes() throws Exception {
        Path problem = write("p.json", "{\"kind\":\"discrete\",\"epsilon\":1,\"inputs\":{\"range\":[0,6]}}");
        Path out = dir.resolve("sweep");
        // a grid value outside what a problem takes is refused before any design
        CliTest.Run outOfRange = CliTest.run("sweep", problem.toString(), "--epsilon", "1,60", "--out", out.toString(), "-q");
        assertEquals(2, outOfRange.code());
        assertTrue(outOfRange.err().contains("--epsilon must be > 0 and at most 50. Provided value: 60"), outOfRange.err());
        // the spec of epsilon 2 cannot be written (a directory is in the way): that point fails, the others are designed and written
        Files.createDirectories(out.resolve("specs/epsilon-2.spec.json/x"));
        CliTest.Run r = CliTest.run("sweep", problem.toString(), "--epsilon", "1,2,0.5", "--out", out.toString(), "--specs", "-q");
        assertEquals(1, r.code(), "a failed point makes the exit code 1: " + r.out() + r.err());
        List<String> csv = Files.readAllLines(out.resolve("sweep.csv"));
        assertEquals(4, csv.size(), String.join("\n", csv));
        for (String row : csv.subList(1, csv.size())) {
            assertEquals(row.startsWith("2,"), row.contains("designed, but the spec could not be written"), row);
        }
        assertTrue(Files.size(out.resolve("sweep.png")) > 0 && Files.size(out.resolve("specs/epsilon-0.5.spec.json")) > 0
                && Files.size(out.resolve("specs/epsilon-1.spec.json")) > 0);
        assertTrue(r.err().contains("1 of 3 designs failed"), r.err());
        assertTrue(r.out().contains("failed: designed, but the spec could not be written"), r.out());
    }

    /** A 2-D polynomial statistic whose second feature is identically 0 (y - y): S_T is flat, so the hull's sandwich cannot bound it. */
    private Path flatProblem(String candidates) throws Exception {
        return write("flat-" + candidates.length() + ".json", "{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"add-remove\",\"statistic\":{"
                + "\"variables\":{\"x\":[-1,1],\"y\":[0,1]},\"features\":[{\"name\":\"sum_x2\",\"terms\":[{\"coef\":1,\"powers\":{\"x\":2}}]},"
                + "{\"name\":\"zero\",\"terms\":[{\"coef\":1,\"powers\":{\"y\":1}},{\"coef\":-1,\"powers\":{\"y\":1}}]}]},"
                + "\"candidates\":" + candidates + ",\"criterion\":\"trace\"}");
    }

    @Test
    void compareRecordsEachFailedCandidateAndFinishes() throws Exception {
        Path out = dir.resolve("cmp");
        CliTest.Run r = CliTest.run("compare", flatProblem("[\"l1\",\"linf\",\"hull\"]").toString(), "--out", out.toString(), "-q");
        assertEquals(1, r.code(), "a failed candidate makes the exit code 1: " + r.out() + r.err());
        assertTrue(r.err().contains("1 of 3 candidates failed"), r.err());
        assertTrue(r.out().contains("hull   FAILED: the sandwich body: its certified gauge bound is still infinite"), r.out());
        assertTrue(r.out().contains("<- selected (trace)"), r.out());
        List<String> csv = Files.readAllLines(out.resolve("comparison.csv"));
        assertEquals(org.optimech.designer.knorm.KNormReport.CSV_HEADER, csv.get(0));
        assertEquals(4, csv.size(), String.join("\n", csv));
        assertTrue(csv.get(1).startsWith("l1,2,1.000000000,") && csv.get(1).endsWith(","), csv.get(1));
        assertTrue(csv.get(2).startsWith("linf,2,") && csv.get(2).endsWith(","), csv.get(2));
        assertTrue(csv.get(3).startsWith("hull,,,,,,,,false,\"the sandwich body: its certified gauge bound is still infinite"), csv.get(3));
        assertTrue(Files.readString(out.resolve("comparison.md")).contains("| hull | **failed**: the sandwich body"));
        // the picture is still drawn: the balls that were compared, without the hull
        assertTrue(Files.size(out.resolve("comparison.png")) > 0 && Files.size(out.resolve("comparison.svg")) > 0);

        // every candidate failed: the table still says why, nothing to select, exit code 1; design has no body to store
        Path alone = dir.resolve("alone");
        Path hullOnly = flatProblem("[\"hull\"]");
        CliTest.Run a = CliTest.run("compare", hullOnly.toString(), "--out", alone.toString(), "-q");
        assertEquals(1, a.code(), a.out() + a.err());
        assertTrue(a.err().contains("1 of 1 candidates failed"), a.err());
        assertEquals(2, Files.readAllLines(alone.resolve("comparison.csv")).size());
        assertTrue(Files.readString(alone.resolve("comparison.md")).contains("selected: **none (every candidate failed)**"));
        CliTest.Run d = CliTest.run("design", hullOnly.toString(), "--out", dir.resolve("flat.spec.json").toString(), "-q");
        assertEquals(1, d.code(), d.out() + d.err());
        assertTrue(d.err().contains("every candidate failed, so there is no body to store: hull: the sandwich body"), d.err());
        assertFalse(Files.exists(dir.resolve("flat.spec.json")));
    }

    /**
     * Regression (issue 24, G3b): N releases of an (epsilon, delta) spec were reported at delta min(0.5, N delta), which for the
     * golden Gaussian-process spec (delta 0.1, N = 9) read "epsilon 0 at delta 0.5". The default is now N delta capped at 0.01, and
     * --delta chooses. mu = 0.5/1.25 = 0.4, so 9 releases are 1.2-GDP; scipy (norm.cdf, brentq) gives epsilon 2.964223 at delta
     * 0.01 and 3.938372 at delta 0.001.
     */
    @Test
    void theAccountantReportsAnEpsilonDeltaSpecAtAUsefulOrChosenDelta() throws Exception {
        String spec = Path.of("..", "runtime", "src", "test", "resources", "golden", "v1", "gaussian-process.json").toString();
        String input = "--input=0,0,0,0,0";
        // a hand-written golden file records no design problem: its sensitivity is taken on trust here (the accounting is the point)
        String trust = "--allow-unchecked-sensitivity";
        CliTest.Run byDefault = CliTest.run("sample", spec, input, trust, "--count", "9", "--seed", "1", "--accounting-time-limit", "600");
        assertEquals(0, byDefault.code(), byDefault.err());
        assertFalse(byDefault.err().contains("at delta 0.5"), byDefault.err());
        assertTrue(byDefault.err().matches("(?s).*9 releases: epsilon 2\\.9642[3-5] at delta 0\\.01 .*"), byDefault.err());
        CliTest.Run chosen = CliTest.run("sample", spec, input, trust, "--count", "9", "--seed", "1", "--delta", "1e-3", "--accounting-time-limit", "600");
        assertEquals(0, chosen.code(), chosen.err());
        assertTrue(chosen.err().matches("(?s).*9 releases: epsilon 3\\.9383[8-9] at delta 0\\.001 .*"), chosen.err());
        CliTest.Run bad = CliTest.run("sample", spec, input, trust, "--count", "9", "--delta", "0.5e1");
        assertEquals(2, bad.code(), bad.err());
        assertTrue(bad.err().contains("--delta must be in (0, 1). Provided value: 5.0"), bad.err());
    }

    @Test
    void theAccountantHonoursItsTimeLimitAndFallsBackToACertifiedBound() throws Exception {
        Path spec = countSpec();
        // a limit that has passed before the first pair: stderr gives advanced composition instead, and sampling goes on
        CliTest.Run r = CliTest.run("sample", spec.toString(), "--input", "4", "--count", "200", "--seed", "1", "--accounting-time-limit", "1e-9");
        assertEquals(0, r.code(), r.err());
        assertEquals(200, r.out().strip().split("\\s+").length, r.out());
        assertTrue(r.err().contains("the privacy-loss-distribution accountant stopped at its time limit (--accounting-time-limit 0.000000001 s, 0 of"), r.err());
        // ln 2 x 200 = 138.6 by basic composition; advanced: ln2·sqrt(2·200·ln 1e6) + 200·ln2·(e^ln2 − 1) = 63.5 + 138.6: basic is smaller
        assertTrue(r.err().contains("certified instead by advanced composition (Dwork-Rothblum-Vadhan): 200 releases are (epsilon 138.63, delta 0.000001)-DP"),
                r.err());
        CliTest.Run bad = CliTest.run("sample", spec.toString(), "--input", "4", "--count", "2", "--accounting-time-limit", "0");
        assertEquals(2, bad.code(), bad.err());
        assertTrue(bad.err().contains("--accounting-time-limit must be > 0 seconds and finite. Provided value: 0.0"), bad.err());
    }

    @Test
    void theLedgerCommandChargesShowsAndRefuses() throws Exception {
        Path spec = countSpec(); // ln 2 per release
        Path ledger = dir.resolve("ledger.json");
        CliTest.Run missing = CliTest.run("ledger", "charge", ledger.toString(), "--dataset", "survey", "--spec", spec.toString());
        assertEquals(2, missing.code(), missing.err());
        assertTrue(missing.err().contains("does not exist yet: a new ledger needs --total-epsilon and --total-delta"), missing.err());
        CliTest.Run first = CliTest.run("ledger", "charge", ledger.toString(), "--dataset", "survey", "--spec", spec.toString(), "--releases", "5",
                "--total-epsilon", "4", "--total-delta", "0", "--accounting", "basic");
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().contains("charged 5 releases of " + spec + " to \"survey\": 5 releases in all"), first.out());
        // 5 ln 2 = 3.47; one more (4.16) exceeds 4: refused, nothing charged, exit 1
        CliTest.Run over = CliTest.run("ledger", "charge", ledger.toString(), "--dataset", "survey", "--spec", spec.toString());
        assertEquals(1, over.code(), over.err());
        assertTrue(over.err().contains("privacy budget exceeded for dataset \"survey\"") && over.err().contains("nothing charged"), over.err());
        CliTest.Run show = CliTest.run("ledger", "show", ledger.toString());
        assertEquals(0, show.code(), show.err());
        assertTrue(show.out().contains("basic accounting, total epsilon 4 and delta 0 per dataset"), show.out());
        assertTrue(show.out().contains("5 releases; basic composition epsilon 3.4657"), show.out());
        CliTest.Run none = CliTest.run("ledger", "show", dir.resolve("none.json").toString());
        assertEquals(2, none.code());
        assertTrue(none.err().contains("none.json: no such ledger file"), none.err());
    }

    @Test
    void theStatisticCommandSumsACsvForSample() throws Exception {
        Path spec = dir.resolve("regression.spec.json");
        CliTest.Run d = CliTest.run("design", Path.of("..", "examples", "problems", "knorm-regression.json").toString(), "--out", spec.toString(), "-q");
        assertEquals(0, d.code(), d.err());
        // x in [-1, 1], y in [0, 1]; T = (sum x, sum y, sum xy); the last record's x = 4 is clipped to 1
        Path csv = write("records.csv", "x,y,name\n0.5,1,ann\n-1,0.25,bob\n4,0.5,\"c, d\"\n");
        CliTest.Run s = CliTest.run("statistic", spec.toString(), "--csv", csv.toString());
        assertEquals(0, s.code(), s.err());
        assertEquals("0.5,1.75,0.75", s.out().strip()); // Σxy = 0.5·1 − 1·0.25 + 1·0.5
        assertTrue(s.err().contains("over 3 records") && s.err().contains("1 value of x was outside [-1.0, 1.0] and clipped to it"), s.err());
        // the printed statistic is what sample takes
        CliTest.Run sample = CliTest.run("sample", spec.toString(), "--input", s.out().strip(), "--seed", "3");
        assertEquals(0, sample.code(), sample.err());
        CliTest.Run bad = CliTest.run("statistic", spec.toString(), "--csv", write("bad.csv", "x,y\n0.5,1\n0.1,high\n").toString());
        assertEquals(2, bad.code(), bad.err());
        assertTrue(bad.err().contains("line 3, column \"y\": must be a finite number. Provided value: \"high\""), bad.err());
        CliTest.Run discrete = CliTest.run("statistic", countSpec().toString(), "--csv", csv.toString());
        assertEquals(2, discrete.code(), discrete.err());
        assertTrue(discrete.err().contains("a discrete spec releases a count: name the 0/1 column"), discrete.err());
    }

    @Test
    void statisticOfAStructuredSpecReadsItsOwnColumns() throws Exception {
        Path problem = write("borda.json", "{\"kind\": \"knorm\", \"epsilon\": 1, \"neighbours\": \"substitution\", "
                + "\"statistic\": {\"ranking\": {\"candidates\": 3, \"scores\": \"borda\"}}, \"criterion\": \"trace\"}");
        Path spec = dir.resolve("borda.spec.json");
        CliTest.Run d = CliTest.run("design", problem.toString(), "--out", spec.toString(), "-q");
        assertEquals(0, d.code(), d.err());
        // Borda over 3: place 1 scores 2, place 2 scores 1, place 3 scores 0
        CliTest.Run s = CliTest.run("statistic", spec.toString(), "--csv", write("ballots.csv", "voter,t1,t2,t3\nv1,1,2,3\nv2,2,3,1\n").toString());
        assertEquals(0, s.code(), s.err());
        assertEquals("3.0,1.0,2.0", s.out().strip());
        CliTest.Run bad = CliTest.run("statistic", spec.toString(), "--csv", write("bad-ballots.csv", "t1,t2,t3\n1,2,3\n1,1,3\n").toString());
        assertEquals(2, bad.code(), bad.err());
        assertTrue(bad.err().contains("line 3, column \"t2\": place 1 is already taken by \"t1\""), bad.err());
    }

    @Test
    void statisticCountsAYesColumnForADiscreteCountSpec() throws Exception {
        Path problem = write("count.json", "{\"kind\": \"discrete\", \"epsilon\": 1, \"relation\": \"substitution\", \"inputs\": {\"range\": [0, 3]}, "
                + "\"neighbours\": \"path\", \"loss\": \"absolute\", \"prior\": \"uniform\", \"objective\": \"bayes\"}");
        Path spec = dir.resolve("count.spec.json");
        CliTest.Run d = CliTest.run("design", problem.toString(), "--out", spec.toString(), "-q");
        assertEquals(0, d.code(), d.err());
        String answers = write("answers.csv", "respondent,yes\nr1,1\nr2,0\nr3,1\n").toString();
        CliTest.Run s = CliTest.run("statistic", spec.toString(), "--csv", answers, "--count-column", "yes");
        assertEquals(0, s.code(), s.err());
        assertEquals("2", s.out().strip());
        assertTrue(s.err().contains("counted the records with yes = 1 (3 records read)"), s.err());
        // the count must be an input of the spec: 4 yes answers do not fit inputs 0..3
        CliTest.Run over = CliTest.run("statistic", spec.toString(), "--count-column", "yes", "--csv",
                write("many.csv", "yes\n1\n1\n1\n1\n").toString());
        assertEquals(2, over.code(), over.err());
        assertTrue(over.err().contains("the count 4 of records with yes = 1 (of 4) is not an input of"), over.err());
        CliTest.Run notZeroOne = CliTest.run("statistic", spec.toString(), "--count-column", "yes", "--csv",
                write("yesno.csv", "yes\n1\nyes\n").toString());
        assertEquals(2, notZeroOne.code(), notZeroOne.err());
        assertTrue(notZeroOne.err().contains("line 3, column \"yes\": must be a finite number. Provided value: \"yes\""), notZeroOne.err());
        CliTest.Run noColumn = CliTest.run("statistic", spec.toString(), "--csv", answers);
        assertEquals(2, noColumn.code(), noColumn.err());
        assertTrue(noColumn.err().contains("name the 0/1 column to count with --count-column COLUMN"), noColumn.err());
        CliTest.Run missing = CliTest.run("statistic", spec.toString(), "--csv", answers, "--count-column", "agree");
        assertEquals(2, missing.code(), missing.err());
        assertTrue(missing.err().contains("agree"), missing.err());
    }

    /**
     * Review of the count command: a spec over the labels 0, 2, 1 on the path graph joins the counts 0 and 2, not 0 and 1,
     * so a count released through it is covered by no certified ε (its rows for 0 and 1 differ by 4x at ε = ln 2). The
     * command took any spec whose labels held the count; it now refuses, from the spec alone, before reading a record.
     */
    @Test
    void aCountSpecWhoseGraphDoesNotJoinConsecutiveCountsIsRefused() throws Exception {
        Path problem = write("shuffled.json", "{\"kind\": \"discrete\", \"epsilon\": 0.6931471805599453, \"relation\": \"substitution\", "
                + "\"inputs\": {\"labels\": [\"0\", \"2\", \"1\"]}, \"outputs\": {\"labels\": [\"0\", \"2\", \"1\"]}, \"neighbours\": \"path\", "
                + "\"loss\": \"zero-one\", \"prior\": \"uniform\", \"objective\": \"bayes\"}");
        Path spec = dir.resolve("shuffled.spec.json");
        CliTest.Run d = CliTest.run("design", problem.toString(), "--out", spec.toString(), "-q");
        assertEquals(0, d.code(), d.err());
        CliTest.Run s = CliTest.run("statistic", spec.toString(), "--csv", write("one-yes.csv", "yes\n1\n0\n").toString(), "--count-column", "yes");
        assertEquals(2, s.code(), s.out() + s.err());
        assertEquals("", s.out().strip());
        assertTrue(s.err().contains("not a spec for a count of records: /mechanism/inputs: a count needs consecutive integer inputs"), s.err());
        // the same refusal whatever the data: no answer file is even read
        CliTest.Run missingFile = CliTest.run("statistic", spec.toString(), "--csv", dir.resolve("absent.csv").toString(), "--count-column", "yes");
        assertEquals(2, missingFile.code(), missingFile.err());
        assertTrue(missingFile.err().contains("not a spec for a count of records"), missingFile.err());
    }

    @Test
    void theLedgerShowsAPrivacyLossDistributionChargeBelowBasicComposition() throws Exception {
        Path spec = countSpec(); // ln 2 per release
        Path ledger = dir.resolve("pld.json");
        CliTest.Run charge = CliTest.run("ledger", "charge", ledger.toString(), "--dataset", "survey", "--spec", spec.toString(), "--releases", "30",
                "--total-epsilon", "30", "--total-delta", "0.000001", "--accounting", "privacy-loss-distribution");
        assertEquals(0, charge.code(), charge.err());
        CliTest.Run show = CliTest.run("ledger", "show", ledger.toString());
        assertEquals(0, show.code(), show.err());
        assertTrue(show.out().contains("privacy-loss-distribution accounting, total epsilon 30 and delta 0.000001 per dataset"), show.out());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"survey\" +30 releases; basic composition epsilon ([0-9.]+), delta 0; "
                + "charged epsilon ([0-9.]+) at delta 0.000001").matcher(show.out());
        assertTrue(m.find(), show.out());
        double basic = Double.parseDouble(m.group(1));
        double charged = Double.parseDouble(m.group(2));
        assertEquals(30 * Math.log(2), basic, 1e-9);
        assertTrue(charged < basic, "the accountant must charge less than basic composition: " + show.out());
        // independent bound: 30-fold ln2-DP is dominated by 30-fold randomized response (Kairouz-Oh-Viswanath), whose epsilon at
        // delta is computed here from its binomial privacy loss; the accountant's grid (step 1e-3, pessimistic) may add up to a
        // step per release on top of the mechanism's own (smaller) value
        double rr = org.optimech.runtime.testing.RandomizedResponseBound.epsilonAt(new double[] {basic / 30}, new int[] {30}, 1e-6);
        assertTrue(charged <= rr + 30 * 1e-3, "charged " + charged + " above the randomized-response bound " + rr);
        assertTrue(rr < basic, "sanity: the bound " + rr + " is below basic composition " + basic);

        // --delta (as sample --delta): the same dataset's epsilon also stated at 1e-3, within the same independent bound there
        CliTest.Run at = CliTest.run("ledger", "show", ledger.toString(), "--delta", "1e-3");
        assertEquals(0, at.code(), at.err());
        m = java.util.regex.Pattern.compile("charged epsilon ([0-9.]+) at delta 0.000001; epsilon ([0-9.]+) at delta 0.001 \\(--delta\\)").matcher(at.out());
        assertTrue(m.find(), at.out());
        assertEquals(charged, Double.parseDouble(m.group(1)), 0.0);
        double atDelta = Double.parseDouble(m.group(2));
        double rr3 = org.optimech.runtime.testing.RandomizedResponseBound.epsilonAt(new double[] {basic / 30}, new int[] {30}, 1e-3);
        assertTrue(atDelta < charged && atDelta <= rr3 + 30 * 1e-3, atDelta + " at 1e-3, " + charged + " at 1e-6, bound " + rr3);
        CliTest.Run charged2 = CliTest.run("ledger", "charge", ledger.toString(), "--dataset", "other", "--spec", spec.toString(), "--delta", "0.01", "-q");
        assertEquals(0, charged2.code(), charged2.err());
        assertTrue(charged2.out().contains("at delta 0.01 (--delta)"), charged2.out());
        for (String bad : new String[] {"5", "0", "1", "-1e-3", "NaN"}) {
            for (String command : new String[] {"show", "charge"}) {
                CliTest.Run r = command.equals("show") ? CliTest.run("ledger", "show", ledger.toString(), "--delta", bad)
                        : CliTest.run("ledger", "charge", ledger.toString(), "--dataset", "third", "--spec", spec.toString(), "--delta", bad);
                assertEquals(2, r.code(), r.err());
                assertTrue(r.err().contains("--delta must be in (0, 1). Provided value: " + Double.valueOf(bad)), r.err());
            }
        }
        assertFalse(CliTest.run("ledger", "show", ledger.toString()).out().contains("third"), "a refused --delta charges nothing");
    }
}
