package org.optimech.examples.regression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The two study commands run end to end on reduced settings and write their figures, data and notes. */
class RegressionStudiesTest {
    @TempDir
    Path dir;

    @Test
    void logisticStudyWritesFigure2() throws Exception {
        LogisticRegressionStudy.Result r = LogisticRegressionStudy.run(2000, 2, new double[] {0.25, 2}, 3, msg -> { });
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("IS the hull")), r.notes().toString());
        List<Path> files = LogisticRegressionStudy.write(r, dir);
        assertEquals(4, files.size());
        for (Path f : files) {
            assertTrue(Files.size(f) > 0, f.toString());
        }
        String csv = Files.readString(dir.resolve("figure-2-logistic.csv"));
        assertTrue(csv.contains("\"linf, q = 0.85\",linf,0.85,0.25,"), csv);
    }

    @Test
    void linearStudyWritesFigures3And4() throws Exception {
        List<FunctionalMechanism.Mechanism> mechs = FunctionalMechanism.mechanisms(LinearRegressionStudy.P, LinearRegressionStudy.MAX_ATTEMPTS);
        LinearRegressionStudy.Coverage c = LinearRegressionStudy.coverage(2000, 2, mechs, 4, msg -> { });
        for (double[] row : c.dp()) {
            for (double v : row) {
                assertTrue(v >= 0 && v <= 1);
            }
        }
        List<Path> files = LinearRegressionStudy.writeCoverage(c, mechs, dir, List.of("note"));
        LinearRegressionStudy.Housing h = LinearRegressionStudy.housingStudy(2000, 3, mechs, 5, msg -> { });
        files = new java.util.ArrayList<>(files);
        files.addAll(LinearRegressionStudy.writeHousing(h, mechs, dir, List.of("note")));
        for (Path f : files) {
            assertTrue(Files.size(f) > 0, f.toString());
        }
        assertTrue(Files.exists(dir.resolve("figure-3-coverage-n2000.png")) && Files.exists(dir.resolve("figure-4-housing-ridge.svg")));
    }
}
