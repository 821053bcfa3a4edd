package org.optimech.examples.functions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Both figures are written (through the runtime's loaded specs) on the paper's settings. */
class KdeFiguresTest {
    @TempDir
    Path dir;

    @Test
    void writesBothFigures() throws Exception {
        double[] data = KdeFigures.sample(100, new SplittableRandom(1));
        assertEquals(100, data.length);
        List<Path> files = KdeFigures.figure("gaussian", "t", "figure-1-kde-gaussian", data, 2, dir, List.of("note"));
        files = new java.util.ArrayList<>(files);
        files.addAll(KdeFigures.figure("exponential", "t", "figure-2-kde-sobolev", data, 3, dir, List.of("note")));
        for (Path f : files) {
            assertTrue(Files.size(f) > 0, f.toString());
        }
        assertEquals(1001, Files.readAllLines(dir.resolve("figure-1-kde-gaussian.csv")).size());
    }
}
