package org.optimech.cli.plot;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.knowm.xchart.XYChart;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.structured.StructuredCandidate;
import org.optimech.designer.structured.StructuredDesigner;

/** Error against d for a structured statistic's family: each candidate's E‖V‖² as a ratio to per-coordinate Laplace. */
public final class StructuredChart {
    private StructuredChart() {
    }

    /**
     * Writes {@code DIR/error-vs-dimension.png}, {@code .svg} and its data as CSV, at d = 2, 5, 10, 20, 50, … up to
     * max(1000, the problem's d) and the problem's own d; nothing when the family has no other dimension.
     */
    public static List<Path> write(KNormProblem p, Path dir) throws IOException {
        int own = p.dimension();
        TreeSet<Integer> dims = new TreeSet<>();
        for (int base = 1; base <= 1000; base *= 10) {
            for (int m : new int[] {2, 5, 10}) {
                if (m * base <= Math.max(1000, own)) {
                    dims.add(m * base);
                }
            }
        }
        dims.add(own);
        Map<Integer, List<StructuredCandidate>> curve = StructuredDesigner.curve(p, dims.stream().mapToInt(Integer::intValue).toArray());
        if (curve.isEmpty()) {
            return List.of();
        }
        XYChart chart = Figures.lineChart("E||V||^2 / per-coordinate Laplace, " + p.statistic().structured().orElseThrow().form() + " family, "
                + p.relation().json(), "dimension d", "trace ratio to Laplace", 900, 600);
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        Color[] colors = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728), new Color(0x9467bd)};
        List<String> names = curve.values().iterator().next().stream().map(StructuredCandidate::name).toList();
        StringBuilder csv = new StringBuilder("dimension," + String.join(",", names) + "\n");
        for (Map.Entry<Integer, List<StructuredCandidate>> e : curve.entrySet()) {
            csv.append(e.getKey());
            for (StructuredCandidate c : e.getValue()) {
                csv.append(String.format(Locale.ROOT, ",%.10g", c.laplaceRatio()));
            }
            csv.append('\n');
        }
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (Map.Entry<Integer, List<StructuredCandidate>> e : curve.entrySet()) {
                e.getValue().stream().filter(c -> c.name().equals(name)).findFirst().ifPresent(c -> {
                    x.add((double) e.getKey());
                    y.add(c.laplaceRatio());
                });
            }
            Figures.line(chart, name, x.stream().mapToDouble(Double::doubleValue).toArray(), y.stream().mapToDouble(Double::doubleValue).toArray(),
                    colors[i % colors.length], null);
        }
        return Figures.saveWithData(chart, dir.resolve("error-vs-dimension"), csv.toString(), List.of("k capped at d; epsilon " + p.epsilon().toPlainString()
                + "; the ratio does not depend on epsilon"));
    }
}
