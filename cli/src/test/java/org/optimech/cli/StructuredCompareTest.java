package org.optimech.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code optimech compare} on structured statistics (issue 22, item 5): the table's trace, worst direction and ratio to
 * per-coordinate Laplace at the user's d and k, and the error-against-d plot of the problem's family, checked against
 * closed forms derived here by hand (not by the designer's code) and the plot opened as a PNG.
 *
 * <p>Closed forms (ε = 1, Cov = (d+1)(d+2)Δ²·E[UUᵀ], U uniform in the unit body; Laplace: trace 2d·Δ₁²):
 * ℓ1 ball E U₁² = 2/((d+1)(d+2)), ℓ2 ball 1/(d+2), ℓ∞ ball 1/3. The sum ball B∞ ∩ 2B1 in d = 3 is the cube without its 8
 * corner simplices of volume 1/6: per octant ∫x² = 1/3 − 1/10 over volume 5/6, E U₁² = 7/25. The count ball of d = 2, k = 1 is
 * the hexagon {|x_j| ≤ 1, |x₁ + x₂| ≤ 1}: area 3, ∫x₁² = 4/3 − 2·(1/4), ∫x₁x₂ = −2·(5/24), so E U₁² = 5/18, E U₁U₂ = −5/36.
 */
class StructuredCompareTest {
    @TempDir
    Path dir;

    private Map<String, String[]> rows(Path csv) throws Exception {
        List<String> lines = Files.readAllLines(csv);
        Map<String, String[]> m = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            m.put(f[0], f);
        }
        return m;
    }

    private Path compare(String statistic, String neighbours) throws Exception {
        Path problem = dir.resolve(neighbours + ".json");
        Files.writeString(problem, "{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"" + neighbours + "\",\"statistic\":" + statistic
                + ",\"candidates\":[\"l1\",\"l2\",\"linf\",\"hull\"],\"criterion\":\"trace\"}");
        Path out = dir.resolve("out-" + neighbours);
        CliTest.Run r = CliTest.run("compare", problem.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        return out;
    }

    /** Columns of comparison.csv: covariance_trace 8, worst_direction_variance 9, laplace_ratio 10. */
    private static void assertRow(Map<String, String[]> rows, String body, double trace, double worst, double ratio) {
        String[] f = rows.get(body);
        assertNotNull(f, body + " missing");
        assertEquals(trace, Double.parseDouble(f[8]), 1e-9 * trace, body + " trace");
        assertEquals(worst, Double.parseDouble(f[9]), 1e-9 * worst, body + " worst direction");
        assertEquals(ratio, Double.parseDouble(f[10]), 1e-9, body + " ratio to Laplace");
    }

    private static void assertPng(Path png) throws Exception {
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(png), 8);
        assertEquals(List.of(0x89, (int) 'P', (int) 'N', (int) 'G'), List.of(head[0] & 0xff, (int) head[1], (int) head[2], (int) head[3]), "PNG signature");
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, "ImageIO cannot decode " + png);
        assertEquals(900, image.getWidth());
        assertEquals(600, image.getHeight());
        // not a blank canvas: the lines and labels give many colours
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int x = 0; x < image.getWidth(); x += 3) {
            for (int y = 0; y < image.getHeight(); y += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 10, "the plot has " + colours.size() + " colours");
    }

    @Test
    void sumBallTableAndFamilyPlotMatchTheClosedForms() throws Exception {
        // signed contributions, d = 3, k = 2, add-remove: Δ₁ = 2, Δ₂ = √2, Δ∞ = 1, hull B∞ ∩ 2B1 at Δ = 1; Laplace trace 2·3·4 = 24
        Path out = compare("{\"bounded_contribution\":{\"dimension\":3,\"max_abs\":1,\"max_nonzero\":2,\"nonnegative\":false}}", "add-remove");
        Map<String, String[]> rows = rows(out.resolve("comparison.csv"));
        double d = 3;
        double laplace = 2 * d * 4;
        double l1 = 20 * 4 * d * 2 / 20;
        double l2 = 20 * 2 * d / 5;
        double linf = 20 * d / 3;
        double sumBall = 20 * d * 7 / 25;
        // every body is sign- and permutation-symmetric: Cov = σ·I, worst direction = trace / d
        assertRow(rows, "l1", l1, l1 / d, l1 / laplace);
        assertRow(rows, "l2", l2, l2 / d, l2 / laplace);
        assertRow(rows, "linf", linf, linf / d, linf / laplace);
        assertRow(rows, "hull", sumBall, sumBall / d, 0.7);
        assertTrue(Files.readString(out.resolve("comparison.md")).contains("| hull (selected) | sum-ball k=2 | 3 | 1 | 16.800000 | 5.6000000 | 0.7000 |"),
                Files.readString(out.resolve("comparison.md")));

        // the family at every plotted d (k = 2): ℓ1 1, ℓ2 (d+1)/(2k), ℓ∞ (d+1)(d+2)/(6k²); the sum ball is the cube at d = 2
        List<String> family = Files.readAllLines(out.resolve("error-vs-dimension.csv"));
        assertEquals("dimension,l1,l2,linf,hull", family.get(0));
        int seen = 0;
        for (String line : family.subList(1, family.size())) {
            String[] f = line.split(",");
            int n = Integer.parseInt(f[0]);
            assertEquals(1, Double.parseDouble(f[1]), 1e-9, line);
            assertEquals((n + 1) / 4.0, Double.parseDouble(f[2]), 1e-9 * n, line);
            assertEquals((n + 1.0) * (n + 2) / 24, Double.parseDouble(f[3]), 1e-9 * n * n, line);
            double hull = Double.parseDouble(f[4]);
            if (n == 2) {
                assertEquals(0.5, hull, 1e-9, "B∞ ∩ 2B1 is the square at d = 2");
            } else if (n == 3) {
                assertEquals(0.7, hull, 1e-9, "the problem's own d");
            } else {
                assertTrue(hull <= 1 + 1e-9 && hull < Double.parseDouble(f[3]), line);
            }
            seen++;
        }
        assertEquals(10, seen, "d = 2, 3, 5, 10, 20, 50, 100, 200, 500, 1000");
        assertPng(out.resolve("error-vs-dimension.png"));
        assertTrue(Files.readString(out.resolve("error-vs-dimension.svg")).contains("<svg"));
    }

    @Test
    void countBallWorstDirectionIsTheOffDiagonalEigenvalue() throws Exception {
        // counts d = 2, k = 1, substitution: Δ₁ = 2 (e_i − e_j), Laplace trace 2·2·4 = 16; hull the hexagon at Δ = 1
        Path out = compare("{\"counts\":{\"dimension\":2,\"max_nonzero\":1}}", "substitution");
        Map<String, String[]> rows = rows(out.resolve("comparison.csv"));
        double scale = 3 * 4; // (d+1)(d+2)
        double diagonal = scale * 5 / 18;
        double off = scale * -5 / 36;
        assertRow(rows, "hull", 2 * diagonal, diagonal - off, 2 * diagonal / 16);
        assertEquals(5, diagonal - off, 1e-12, "the largest eigenvalue, along (1, −1)");
        assertRow(rows, "linf", scale * 2 / 3, scale / 3, scale * 2 / 3 / 16);
        List<String> family = Files.readAllLines(out.resolve("error-vs-dimension.csv"));
        assertEquals(5.0 / 12, Double.parseDouble(family.get(1).split(",")[4]), 1e-9, family.get(1));
        assertPng(out.resolve("error-vs-dimension.png"));
    }
}
