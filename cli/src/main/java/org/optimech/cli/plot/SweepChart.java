package org.optimech.cli.plot;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;
import org.optimech.designer.sweep.ReferenceCurves;
import org.optimech.designer.sweep.SweepPoint;

/** The picture of an ε sweep: the stored mechanisms' risk, its certified lower bound, and reference curves. */
public final class SweepChart {
    private SweepChart() {
    }

    /** Writes {@code DIR/sweep.png} and {@code .svg}: the designs, and a cross on the axis at each ε whose design failed. */
    public static List<Path> write(DiscreteProblem problem, List<SweepPoint> points, Path dir) throws IOException {
        return Figures.save(chart(problem, points), dir.resolve("sweep"));
    }

    /** The plot: risk of the stored mechanism and its certified lower bound against ε, with references where they apply. */
    public static XYChart chart(DiscreteProblem problem, List<SweepPoint> points) {
        String what = problem.objective() == Objective.MINIMAX ? "minimax risk (worst input)" : "Bayes risk";
        String title = (problem.name().isBlank() ? "optimal design" : problem.name()) + ": " + what + " vs epsilon";
        XYChart chart = Figures.lineChart(title, "epsilon", what + ", " + problem.loss().name() + " loss", 900, 600);
        List<Double> x = new ArrayList<>();
        List<Double> risk = new ArrayList<>();
        List<Double> boundX = new ArrayList<>();
        List<Double> bound = new ArrayList<>();
        for (SweepPoint p : points) {
            if (p.ok()) {
                x.add(p.epsilon().doubleValue());
                risk.add(p.risk());
                if (!Double.isNaN(p.lowerBound())) {
                    boundX.add(p.epsilon().doubleValue());
                    bound.add(p.lowerBound());
                }
            }
        }
        double[] failed = points.stream().filter(p -> !p.ok()).mapToDouble(p -> p.epsilon().doubleValue()).toArray();
        if (failed.length > 0) {
            XYSeries f = chart.addSeries("design failed (see the failure column of sweep.csv)", failed, new double[failed.length]);
            f.setMarker(SeriesMarkers.CROSS);
            f.setMarkerColor(new Color(0xd62728));
            f.setLineStyle(org.knowm.xchart.style.lines.SeriesLines.NONE);
        }
        if (x.isEmpty()) {
            return chart;
        }
        double[] xs = x.stream().mapToDouble(Double::doubleValue).toArray();
        XYSeries r = chart.addSeries("optimal design (risk of the stored mechanism)", xs, risk.stream().mapToDouble(Double::doubleValue).toArray());
        r.setMarker(SeriesMarkers.CIRCLE);
        r.setLineColor(new Color(0x1f77b4));
        r.setMarkerColor(new Color(0x1f77b4));
        if (!bound.isEmpty()) {
            Figures.line(chart, "certified lower bound, every mechanism", boundX.stream().mapToDouble(Double::doubleValue).toArray(),
                    bound.stream().mapToDouble(Double::doubleValue).toArray(), new Color(0x2ca02c), Figures.DOTTED);
        }
        double max = risk.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        if (ReferenceCurves.applies(problem)) {
            // Dense references, cut where they leave the plotted range so the designs stay readable.
            double[][] lap = dense(xs, ReferenceCurves::laplace, 4 * max);
            double[][] geo = dense(xs, ReferenceCurves::geometric, 4 * max);
            Figures.line(chart, "1/epsilon (Laplace, unbounded count)", lap[0], lap[1], new Color(0xd62728), Figures.DASHED);
            Figures.line(chart, "1/sinh(epsilon) (geometric, unbounded count)", geo[0], geo[1], new Color(0xff7f0e), Figures.DASHED);
        }
        return chart;
    }

    private static double[][] dense(double[] xs, java.util.function.DoubleUnaryOperator f, double cap) {
        double lo = xs[0];
        double hi = xs[xs.length - 1];
        int n = xs.length == 1 ? 1 : 200;
        List<double[]> pts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double e = n == 1 ? lo : lo + (hi - lo) * i / (n - 1);
            double y = f.applyAsDouble(e);
            if (y <= cap) {
                pts.add(new double[] {e, y});
            }
        }
        if (pts.isEmpty()) {
            pts.add(new double[] {hi, f.applyAsDouble(hi)});
        }
        return new double[][] {pts.stream().mapToDouble(p -> p[0]).toArray(), pts.stream().mapToDouble(p -> p[1]).toArray()};
    }

}
