package org.optimech.cli.plot;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.optimech.designer.knorm.CandidateReport;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.knorm.KNormReport;

/** The picture of a two-dimensional K-norm comparison (the K-norm paper's Figure 1 style). */
public final class ComparisonChart {
    private ComparisonChart() {
    }

    /** Writes {@code DIR/comparison.png} and {@code .svg} for a d = 2 problem with something to draw; nothing otherwise. */
    public static List<Path> write(KNormProblem p, KNormComparison.Result r, Path dir) throws IOException {
        boolean nothingToDraw = r.candidates().isEmpty() && r.space() == null && r.hull() == null;
        return p.dimension() == 2 && !nothingToDraw ? Figures.save(chart(p, r), dir.resolve("comparison")) : List.of();
    }

    /** The d = 2 picture: S_T's points, its hull, and each ball scaled by its sensitivity. */
    public static XYChart chart(KNormProblem p, KNormComparison.Result r) {
        XYChart chart = Figures.lineChart("S_T, its hull and the candidate balls (epsilon " + p.epsilon().toPlainString() + ")", p.featureNames().get(0),
                p.featureNames().get(1), 800, 800);
        Color[] colors = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728), new Color(0x9467bd)};
        int ci = 0;
        for (CandidateReport c : r.candidates()) {
            double[][] xy = c.name().equals("hull") ? hullOutline(r) : c.name().equals("search") ? searchOutline(r, c.sensitivity())
                    : ballOutline(c.name(), c.sensitivity());
            if (xy != null) {
                Figures.line(chart, c.name() + " (sensitivity " + KNormReport.num(c.sensitivity()) + ")", xy[0], xy[1], colors[ci % colors.length], null);
            }
            ci++;
        }
        if (r.space() == null && r.hull() == null) {
            return chart; // S_T known only through support bounds and no hull built (its candidate failed or was not listed): the balls alone
        }
        double[][] pts = r.space() != null ? r.space().points() : r.hull().vertexCoordinates();
        XYSeries s = chart.addSeries(r.space() != null ? "S_T (" + pts.length + " points)" : "witness points of S_T (" + pts.length + ")", Arrays.stream(pts).mapToDouble(u -> u[0]).toArray(),
                Arrays.stream(pts).mapToDouble(u -> u[1]).toArray());
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.CIRCLE);
        s.setMarkerColor(Color.BLACK);
        return chart;
    }

    private static double[][] ballOutline(String name, double delta) {
        int n = 361;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * i / (n - 1);
            double cx = Math.cos(t);
            double cy = Math.sin(t);
            double norm = name.equals("l1") ? Math.abs(cx) + Math.abs(cy) : name.equals("linf") ? Math.max(Math.abs(cx), Math.abs(cy)) : 1;
            x[i] = delta * cx / norm;
            y[i] = delta * cy / norm;
        }
        return new double[][] {x, y};
    }

    /** Δ·A·(boundary of the base ball) for the searched body. */
    private static double[][] searchOutline(KNormComparison.Result r, double delta) {
        double[][] base = ballOutline(r.search().base().json(), delta);
        double[][] a = r.search().a();
        double[] x = new double[base[0].length];
        double[] y = new double[base[0].length];
        for (int i = 0; i < x.length; i++) {
            x[i] = a[0][0] * base[0][i] + a[0][1] * base[1][i];
            y[i] = a[1][0] * base[0][i] + a[1][1] * base[1][i];
        }
        return new double[][] {x, y};
    }

    /** The hull's vertices in angular order, closed; a reduced (segment) hull as its two ends mapped back. */
    private static double[][] hullOutline(KNormComparison.Result r) {
        double[][] v = r.hull().vertexCoordinates();
        if (!r.hull().span().isFull()) {
            double[][] pts = new double[v.length][];
            for (int i = 0; i < v.length; i++) {
                pts[i] = r.hull().span().embed(v[i]);
            }
            v = pts;
        } else {
            Arrays.sort(v, (a, b) -> Double.compare(Math.atan2(a[1], a[0]), Math.atan2(b[1], b[0])));
        }
        double[] x = new double[v.length + 1];
        double[] y = new double[v.length + 1];
        for (int i = 0; i <= v.length; i++) {
            x[i] = v[i % v.length][0];
            y[i] = v[i % v.length][1];
        }
        return new double[][] {x, y};
    }

}
