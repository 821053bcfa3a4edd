package org.optimech.examples.histogram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The study's synthetic settings have the thesis's shape, and the study writes its files on reduced settings. */
class SparseHistogramStudyTest {
    @TempDir
    Path dir;

    @Test
    void settingsHaveTheThesisShape() {
        long[] e = SparseHistogramStudy.edwards(new SplittableRandom(1));
        assertEquals(64, e.length);
        assertEquals(22, java.util.Arrays.stream(e).filter(c -> c > 0).count());
        assertEquals(70, java.util.Arrays.stream(e).sum());
        long[] n = SparseHistogramStudy.nltcs(new SplittableRandom(2));
        assertEquals(1 << 16, n.length);
        assertEquals(3277, java.util.Arrays.stream(n).filter(c -> c > 0).count());
        assertEquals(21_574, java.util.Arrays.stream(n).sum());
        assertTrue(java.util.Arrays.stream(n).max().getAsLong() > 21_574 / 2, "one cell holds most records");
    }

    @Test
    void studyWritesItsFigure() throws Exception {
        SparseHistogramStudy.Setting s = SparseHistogramStudy.run("test", SparseHistogramStudy.edwards(new SplittableRandom(3)), 50, 4);
        for (Path f : SparseHistogramStudy.write(s, dir, "figure-2.3-sparse-histogram")) {
            assertTrue(Files.size(f) > 0, f.toString());
        }
        assertTrue(s.error()[1][0] < s.error()[0][0], "at epsilon 0.1 thresholding beats plain noise");
    }
}
