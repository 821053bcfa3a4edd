package org.optimech.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24 (3): the accuracy of a K-norm spec as {@code inspect} prints it (per coordinate, every coordinate at once, the l2
 * norm) and as {@code inspect --plot} writes it (a chart and a CSV with the same figures).
 */
class CliVectorAccuracyTest {
    @TempDir
    Path dir;

    @Test
    void inspectPrintsAndPlotsTheAccuracyOfAKNormSpec() throws Exception {
        Path spec = dir.resolve("regression.spec.json");
        assertEquals(0, CliTest.run("design", Path.of("..", "examples", "problems", "knorm-regression.json").toString(), "--out", spec.toString(), "-q")
                .code());
        Path plots = dir.resolve("plots");
        CliTest.Run inspect = CliTest.run("inspect", spec.toString(), "--plot", plots.toString(), "-q");
        assertEquals(0, inspect.code(), inspect.err());
        String out = inspect.out();
        assertTrue(out.contains("accuracy per coordinate (error = output - statistic, the same for every statistic):"), out);
        List<String> names = List.of("sum_x", "sum_y", "sum_xy");
        double[] printed = new double[names.size()];
        for (int j = 0; j < names.size(); j++) {
            printed[j] = figure(out, names.get(j));
        }
        double max = figure(out, "all at once (max)");
        double l2 = figure(out, "l2 norm");
        // a bound holding for every coordinate at once is at least each coordinate's, and |e|_2 >= |e|_inf draw by draw
        for (int j = 0; j < names.size(); j++) {
            assertTrue(printed[j] > 0 && printed[j] <= max * (1 + 1e-9), names.get(j) + " " + printed[j] + " vs max " + max + "\n" + out);
        }
        assertTrue(max <= l2 * (1 + 1e-9), "max " + max + " vs l2 " + l2 + "\n" + out);

        // the plot: a chart and a CSV of the same figures
        assertTrue(Files.size(plots.resolve("accuracy.png")) > 0);
        assertTrue(Files.readString(plots.resolve("accuracy.svg")).contains("<svg"));
        List<String> csv = Files.readAllLines(plots.resolve("accuracy.csv"));
        assertEquals("coordinate,abs_error,standard_error,standard_deviation", csv.get(0));
        assertEquals(1 + names.size() + 2, csv.size(), csv.toString());
        List<String> rowNames = new ArrayList<>();
        for (int r = 1; r < csv.size(); r++) {
            String[] f = csv.get(r).split(",", -1);
            assertEquals(4, f.length, csv.get(r));
            rowNames.add(f[0].replace("\"", ""));
            double value = Double.parseDouble(f[1]);
            double expected = r <= names.size() ? printed[r - 1] : r == names.size() + 1 ? max : l2;
            // stdout prints 6 significant digits
            assertEquals(expected, value, 1e-5 * Math.abs(expected), csv.get(r));
            assertTrue(Double.parseDouble(f[2]) >= 0, csv.get(r));
            if (r <= names.size()) {
                assertTrue(Double.parseDouble(f[3]) > 0, "a coordinate's standard deviation: " + csv.get(r));
            }
        }
        assertEquals(List.of("sum_x", "sum_y", "sum_xy", "max", "l2"), rowNames);
    }

    /** The first figure printed on the table row named {@code name}. */
    private static double figure(String out, String name) {
        Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(name) + "\\s+([0-9.eE+-]+)").matcher(out);
        assertTrue(m.find(), "no row " + name + " in\n" + out);
        return Double.parseDouble(m.group(1));
    }
}
