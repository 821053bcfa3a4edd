package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24 (6): loading and re-checking a big spec reported nothing a display could turn into a figure; {@link SpecLoader#load(Path,
 * RuntimePolicy, java.util.function.BiConsumer)} reports the bytes read of the file's size, then the checks as the last unit, and
 * {@link SpecLoader#load(Path, RuntimePolicy, LoadProgress)} gives the checks that take longest (the digest, a table's rows) their
 * own figures.
 */
class LoadProgressTest {
    @TempDir
    Path dir;

    private static Path written(Path file, MechanismSpec spec) throws Exception {
        try (OutputStream out = Files.newOutputStream(file)) {
            SpecLoader.write(spec, out);
        }
        return file;
    }

    @Test
    void theCountsOnlyGrowAndEndAtTheFilesSizePlusTheChecks() throws Exception {
        // 100 x 100 weights of up to 100 bits: about 170 KB, so at least 3 reads of 64 KiB
        DiscreteMechanismSpec spec = SpecStreamTest.table(new Random(24), 100, 100, 100);
        Path file = written(dir.resolve("big.spec.json"), spec);
        long size = Files.size(file);
        assertTrue(size > 2 * 65536, "the file spans several reads: " + size);
        List<long[]> reports = new ArrayList<>();
        MechanismSpec loaded = SpecLoader.load(file, RuntimePolicy.standard(), (done, total) -> reports.add(new long[] {done, total}));

        assertEquals(SpecLoader.load(file, RuntimePolicy.standard()), loaded, "the same spec as the load without progress");
        assertEquals(spec, loaded);
        assertTrue(reports.size() >= 4, "a start, several reads and the end: " + reports.size());
        assertEquals(0, reports.get(0)[0], "the first report is the start");
        long previous = -1;
        for (long[] r : reports) {
            assertEquals(size + 1, r[1], "the total is the file's size and the checks, fixed up front");
            assertTrue(r[0] >= previous, "the counts only grow: " + r[0] + " after " + previous);
            assertTrue(r[0] <= r[1], "never beyond the total");
            previous = r[0];
        }
        assertEquals(size, reports.get(reports.size() - 2)[0], "every byte is counted before the checks end");
        assertEquals(size + 1, reports.get(reports.size() - 1)[0], "the last report is the end, after the checks");
        assertTrue(reports.stream().filter(r -> r[0] > 0 && r[0] < size).count() >= 2, "counts in between, not only the start and the end");
    }

    /** One report of a load's steps. */
    private record Report(LoadProgress.Step step, long done, long total) {
    }

    /**
     * The checks after the reading took as long as the reading itself (a 12 MB table: 0.7 s reading, 1.5 s of digest and rows) and
     * were one unit; now the bytes digested and the table's rows are counted, each step's counts only grow, and each ends at its
     * total: the digest's at the canonical form's size, counted here independently from the canonical text.
     */
    @Test
    void theDigestAndTheTableRowsHaveTheirOwnFiguresAfterTheBytesRead() throws Exception {
        DiscreteMechanismSpec spec = SpecStreamTest.table(new Random(24), 100, 100, 100);
        Path file = written(dir.resolve("big.spec.json"), spec);
        long size = Files.size(file);
        List<Report> reports = new ArrayList<>();
        MechanismSpec loaded = SpecLoader.load(file, RuntimePolicy.standard(), (LoadProgress) (step, done, total) -> reports.add(new Report(step, done, total)));
        assertEquals(SpecLoader.load(file, RuntimePolicy.standard()), loaded, "the same spec as the load without progress");

        long canonical = org.optimech.runtime.json.JsonWriter.canonicalBytes(spec.document().without("digest").without("signature")).length;
        assertTrue(canonical < size && canonical > size / 2, "the canonical form is the file without its layout: " + canonical + " of " + size);
        assertEquals(List.of(LoadProgress.Step.READ, LoadProgress.Step.DIGEST, LoadProgress.Step.TABLE_ROWS),
                reports.stream().map(Report::step).distinct().toList(), "the steps, in order, each once");
        long[][] ends = {{size, size}, {canonical, canonical}, {100, 100}};
        for (LoadProgress.Step step : List.of(LoadProgress.Step.READ, LoadProgress.Step.DIGEST, LoadProgress.Step.TABLE_ROWS)) {
            List<Report> of = reports.stream().filter(r -> r.step() == step).toList();
            // each step's reports are one run: no other step's report comes between its first and its last
            assertEquals(of, reports.subList(reports.indexOf(of.get(0)), reports.indexOf(of.get(of.size() - 1)) + 1), step + " is one run");
            assertEquals(0, of.get(0).done(), step + " starts at 0");
            long previous = -1;
            for (Report r : of) {
                assertTrue(r.done() >= previous && r.done() <= r.total(), step + ": counts only grow, never beyond the total: " + r);
                previous = r.done();
            }
            Report last = of.get(of.size() - 1);
            assertEquals(ends[step.ordinal()][0], last.done(), step + " ends with every unit done");
            assertEquals(ends[step.ordinal()][1], last.total(), step + "'s total at the end");
            assertTrue(of.stream().filter(r -> r.done() > 0 && r.done() < last.done()).count() >= 2, step + ": counts in between, not only the start and the end");
        }
        assertTrue(reports.stream().filter(r -> r.step() == LoadProgress.Step.DIGEST && r.done() < canonical).allMatch(r -> r.total() == size),
                "until its end the digest's total is the file's size, an estimate above the canonical form's size");
    }

    /**
     * A signed spec under a policy that trusts its key is hashed a second time to verify the signature, as long as the digest:
     * that pass is the last step, counted from 0 to the canonical form's size (counted here independently); a signature that
     * does not verify never reports the step's end. An unsigned load, or a policy without keys, has no such step.
     */
    @Test
    void aSignaturesVerificationIsTheLastStepWithItsOwnFigure() throws Exception {
        DiscreteMechanismSpec spec = SpecStreamTest.table(new Random(25), 100, 100, 100);
        org.optimech.runtime.json.JsonObject signed = SpecSignature.sign(spec.document(), SignatureTest.PUBLISHER.getPrivate(), "publisher");
        Path file = Files.writeString(dir.resolve("signed.spec.json"), org.optimech.runtime.json.JsonWriter.pretty(signed));
        long size = Files.size(file);
        RuntimePolicy trusting = SignatureTest.strict();
        List<Report> reports = new ArrayList<>();
        MechanismSpec loaded = SpecLoader.load(file, trusting, (LoadProgress) (step, done, total) -> reports.add(new Report(step, done, total)));
        assertEquals(SpecLoader.load(file, trusting), loaded, "the same spec as the load without progress");

        assertEquals(List.of(LoadProgress.Step.READ, LoadProgress.Step.DIGEST, LoadProgress.Step.TABLE_ROWS, LoadProgress.Step.SIGNATURE),
                reports.stream().map(Report::step).distinct().toList(), "the signature's pass comes last");
        List<Report> of = reports.stream().filter(r -> r.step() == LoadProgress.Step.SIGNATURE).toList();
        assertEquals(of, reports.subList(reports.indexOf(of.get(0)), reports.size()), "one run, at the end");
        long canonical = org.optimech.runtime.json.JsonWriter.canonicalBytes(signed.without("signature")).length;
        assertEquals(new Report(LoadProgress.Step.SIGNATURE, 0, size), of.get(0), "starts at 0 of the file's size");
        assertEquals(new Report(LoadProgress.Step.SIGNATURE, canonical, canonical), of.get(of.size() - 1), "ends at the canonical form's size");
        long previous = -1;
        for (Report r : of) {
            assertTrue(r.done() >= previous && r.done() <= r.total(), "counts only grow, never beyond the total: " + r);
            previous = r.done();
        }
        assertTrue(of.stream().filter(r -> r.done() > 0 && r.done() < canonical).count() >= 2, "counts in between: " + of.size());

        List<Report> unsigned = new ArrayList<>();
        SpecLoader.load(file, RuntimePolicy.standard(), (LoadProgress) (step, done, total) -> unsigned.add(new Report(step, done, total)));
        assertTrue(unsigned.stream().noneMatch(r -> r.step() == LoadProgress.Step.SIGNATURE), "no trusted key: nothing to verify");

        // another key's signature over the same spec: hashed, refused, and the step never ends
        org.optimech.runtime.json.JsonObject forged = SpecSignature.sign(spec.document(), SignatureTest.OTHER.getPrivate(), "publisher");
        Path bad = Files.writeString(dir.resolve("forged.spec.json"), org.optimech.runtime.json.JsonWriter.pretty(forged));
        List<Report> refused = new ArrayList<>();
        InvalidSpecException e = assertThrows(InvalidSpecException.class,
                () -> SpecLoader.load(bad, trusting, (LoadProgress) (step, done, total) -> refused.add(new Report(step, done, total))));
        assertEquals("/signature/value", e.pointer());
        assertTrue(refused.stream().anyMatch(r -> r.step() == LoadProgress.Step.SIGNATURE), "the signature was hashed");
        assertTrue(refused.stream().filter(r -> r.step() == LoadProgress.Step.SIGNATURE).allMatch(r -> r.done() < r.total()), "but never reported its end");
    }

    @Test
    void aRefusedDigestNeverReportsTheDigestsEndNorTheRows() throws Exception {
        DiscreteMechanismSpec spec = SpecStreamTest.table(new Random(7), 100, 100, 100);
        String text = SpecLoader.toText(spec);
        String w = spec.weights().weight(3, 4).toString();
        String tampered = text.replaceFirst("\"" + w + "\"", "\"" + spec.weights().weight(3, 4).add(java.math.BigInteger.ONE) + "\"");
        Path file = Files.writeString(dir.resolve("tampered.spec.json"), tampered);
        List<Report> reports = new ArrayList<>();
        InvalidSpecException e = assertThrows(InvalidSpecException.class,
                () -> SpecLoader.load(file, RuntimePolicy.standard(), (LoadProgress) (step, done, total) -> reports.add(new Report(step, done, total))));
        assertEquals("/digest/value", e.pointer());
        assertTrue(reports.stream().anyMatch(r -> r.step() == LoadProgress.Step.DIGEST), "the digest ran");
        assertTrue(reports.stream().filter(r -> r.step() == LoadProgress.Step.DIGEST).allMatch(r -> r.done() < r.total()), "but never reported its end");
        assertTrue(reports.stream().noneMatch(r -> r.step() == LoadProgress.Step.TABLE_ROWS), "no step after the refusal");
    }

    @Test
    void aRefusedLoadIsRefusedAlikeAndNeverReportsItsEnd() throws Exception {
        DiscreteMechanismSpec spec = SpecStreamTest.table(new Random(7), 20, 20, 90);
        String text = SpecLoader.toText(spec);
        // one weight changed without resealing: the digest refuses it
        String w = spec.weights().weight(3, 4).toString();
        String tampered = text.replaceFirst("\"" + w + "\"", "\"" + spec.weights().weight(3, 4).add(java.math.BigInteger.ONE) + "\"");
        Path file = Files.writeString(dir.resolve("tampered.spec.json"), tampered);
        InvalidSpecException plain = assertThrows(InvalidSpecException.class, () -> SpecLoader.load(file, RuntimePolicy.standard()));
        List<long[]> reports = new ArrayList<>();
        InvalidSpecException reported = assertThrows(InvalidSpecException.class,
                () -> SpecLoader.load(file, RuntimePolicy.standard(), (done, total) -> reports.add(new long[] {done, total})));
        assertEquals(plain.pointer(), reported.pointer());
        assertEquals(plain.detail(), reported.detail());
        assertTrue(reports.stream().allMatch(r -> r[0] < r[1]), "a refused load never reports the end");
    }
}
