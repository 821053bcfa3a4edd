package org.optimech.cli.plot;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.optimech.designer.target.TargetSearch;

/** The ε/accuracy curve a target search tried: the stored mechanism's P(|error| &gt; a), its certified lower bound, and β. */
public final class TargetChart {
    private TargetChart() {
    }

    /** Writes {@code DIR/target.csv}, {@code .png} and {@code .svg}; returns the paths. */
    public static List<Path> write(TargetSearch.Result r, Path dir) throws IOException {
        java.nio.file.Files.createDirectories(dir);
        List<TargetSearch.Point> all = r.points();
        // failed designs have no risk to draw; the CSV keeps them with their reason
        List<TargetSearch.Point> pts = all.stream().filter(p -> !p.failed()).toList();
        if (pts.isEmpty()) {
            pts = all;
        }
        double[] x = pts.stream().mapToDouble(p -> p.epsilon().doubleValue()).toArray();
        double[] y = pts.stream().mapToDouble(TargetSearch.Point::risk).toArray();
        XYChart chart = Figures.lineChart("target " + r.target() + ": the epsilons searched", "epsilon", "P(|error| > " + r.target().maxAbsError() + ")",
                900, 600);
        XYSeries s = chart.addSeries("optimal mechanism (exact from the stored numbers)", x, y);
        s.setMarker(SeriesMarkers.CIRCLE);
        s.setLineColor(new Color(0x1f77b4));
        s.setMarkerColor(new Color(0x1f77b4));
        double[] bx = pts.stream().filter(p -> !Double.isNaN(p.lowerBound())).mapToDouble(p -> p.epsilon().doubleValue()).toArray();
        double[] by = pts.stream().filter(p -> !Double.isNaN(p.lowerBound())).mapToDouble(TargetSearch.Point::lowerBound).toArray();
        if (bx.length > 0) {
            Figures.line(chart, "certified lower bound, every mechanism", bx, by, new Color(0x2ca02c), Figures.DOTTED);
        }
        double beta = r.target().beta();
        Figures.line(chart, "beta = 1 - confidence", new double[] {x[0], x[x.length - 1]}, new double[] {beta, beta}, new Color(0xd62728), Figures.DASHED);
        StringBuilder csv = new StringBuilder("epsilon,risk,lower_bound,meets,seconds,failure\n");
        for (TargetSearch.Point p : all) {
            csv.append(p.epsilon().toPlainString()).append(',').append(p.failed() ? "" : p.risk()).append(',').append(Double.isNaN(p.lowerBound()) ? "" : p.lowerBound())
                    .append(',').append(p.meets()).append(',').append(p.seconds()).append(',')
                    .append(p.failed() ? '"' + p.failure().replace("\"", "\"\"") + '"' : "").append('\n');
        }
        return Figures.saveWithData(chart, dir.resolve("target"), csv.toString(), List.of());
    }
}
