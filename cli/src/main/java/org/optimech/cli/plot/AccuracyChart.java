package org.optimech.cli.plot;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.optimech.runtime.accuracy.Accuracy;
import org.optimech.runtime.accuracy.DiscreteAccuracy;
import org.optimech.runtime.accuracy.VectorAccuracy;

/**
 * The picture of a spec's accuracy: for a discrete spec the error's interval at 1 − β, its quartiles and median per input (a fan
 * chart); for labels P(output = input) per input; for a vector release each coordinate's ±a at 1 − β with its Monte Carlo
 * standard error, and the simultaneous and ℓ2 figures as lines.
 */
public final class AccuracyChart {
    private AccuracyChart() {
    }

    /** Writes {@code DIR/accuracy.csv}, {@code .png} and {@code .svg}; returns the paths. */
    public static List<Path> write(Accuracy a, String title, Path dir) throws IOException {
        java.nio.file.Files.createDirectories(dir);
        XYChart chart = a.match(d -> d.numeric() ? fan(d, title) : labels(d, title), v -> coordinates(v, title));
        return Figures.saveWithData(chart, dir.resolve("accuracy"), a.match(AccuracyChart::csv, AccuracyChart::csv), List.of(a.method()));
    }

    private static String conf(Accuracy a) {
        return new java.math.BigDecimal((1 - a.beta()) * 100).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString() + "%";
    }

    static XYChart fan(DiscreteAccuracy d, String title) {
        int n = d.inputCount();
        double[] x = new double[n];
        double[] lo = new double[n];
        double[] hi = new double[n];
        double[] q1 = new double[n];
        double[] q3 = new double[n];
        double[] med = new double[n];
        for (int i = 0; i < n; i++) {
            DiscreteAccuracy.InputAccuracy r = d.input(i);
            x[i] = Double.parseDouble(r.input());
            lo[i] = clip(r.lowerError());
            hi[i] = clip(r.upperError());
            q1[i] = r.lowerQuartile();
            q3[i] = r.upperQuartile();
            med[i] = r.median();
        }
        XYChart chart = Figures.lineChart(title + ": error per input (output - input)", "input (true value)", "error", 900, 600);
        Color band = new Color(0x1f77b4);
        Figures.line(chart, "upper end, " + conf(d) + " interval", x, hi, band, null);
        Figures.line(chart, "lower end, " + conf(d) + " interval", x, lo, band, null);
        Figures.line(chart, "quartiles", x, q3, new Color(0xff7f0e), Figures.DASHED);
        XYSeries q = Figures.line(chart, "quartiles (lower)", x, q1, new Color(0xff7f0e), Figures.DASHED);
        q.setShowInLegend(false);
        XYSeries m = chart.addSeries("median", x, med);
        m.setMarker(SeriesMarkers.NONE);
        m.setLineColor(Color.BLACK);
        return chart;
    }

    private static double clip(long v) {
        return v == Long.MIN_VALUE || v == Long.MAX_VALUE ? Double.NaN : v;
    }

    static XYChart labels(DiscreteAccuracy d, String title) {
        int n = d.inputCount();
        double[] x = new double[n];
        double[] p = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            p[i] = d.input(i).probabilityExact();
        }
        XYChart chart = Figures.lineChart(title + ": P(output = input) per input", "input index", "probability", 900, 600);
        XYSeries s = chart.addSeries("P(output = input)", x, p);
        s.setMarker(SeriesMarkers.CIRCLE);
        return chart;
    }

    static XYChart coordinates(VectorAccuracy v, String title) {
        VectorAccuracy.Estimate[] c = v.coordinates();
        int d = c.length;
        double[] x = new double[d];
        double[] y = new double[d];
        double[] err = new double[d];
        for (int j = 0; j < d; j++) {
            x[j] = j + 1;
            y[j] = c[j].value();
            err[j] = c[j].standardError();
        }
        XYChart chart = Figures.lineChart(title + ": half-width of the " + conf(v) + " interval per coordinate", "coordinate", "|error| bound", 900, 600);
        XYSeries s = chart.addSeries("coordinate j (error bars: standard error)", x, y, err);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.CIRCLE);
        double[] ends = d == 1 ? new double[] {0.5, 1.5} : new double[] {1, d};
        Figures.line(chart, "every coordinate at once", ends, new double[] {v.simultaneous().value(), v.simultaneous().value()}, new Color(0xd62728),
                Figures.DASHED);
        Figures.line(chart, "l2 norm", ends, new double[] {v.l2().value(), v.l2().value()}, new Color(0x2ca02c), Figures.DOTTED);
        return chart;
    }

    static String csv(DiscreteAccuracy d) {
        StringBuilder sb = new StringBuilder(d.numeric() ? "input,lower_error,upper_error,abs_error,median,lower_quartile,upper_quartile,p_exact\n"
                : "input,p_exact\n");
        for (int i = 0; i < d.inputCount(); i++) {
            DiscreteAccuracy.InputAccuracy r = d.input(i);
            String p = String.format(Locale.ROOT, "%.17g", r.probabilityExact());
            if (d.numeric()) {
                sb.append(r.input()).append(',').append(r.lowerError()).append(',').append(r.upperError()).append(',').append(r.absoluteError()).append(',')
                        .append(r.median()).append(',').append(r.lowerQuartile()).append(',').append(r.upperQuartile()).append(',').append(p).append('\n');
            } else {
                sb.append('"').append(r.input().replace("\"", "\"\"")).append("\",").append(p).append('\n');
            }
        }
        return sb.toString();
    }

    static String csv(VectorAccuracy v) {
        StringBuilder sb = new StringBuilder("coordinate,abs_error,standard_error,standard_deviation\n");
        VectorAccuracy.Estimate[] c = v.coordinates();
        for (int j = 0; j < c.length; j++) {
            sb.append('"').append(v.names().get(j)).append("\",").append(c[j].value()).append(',').append(c[j].standardError()).append(',')
                    .append(v.standardDeviations()[j]).append('\n');
        }
        sb.append("\"max\",").append(v.simultaneous().value()).append(',').append(v.simultaneous().standardError()).append(",\n");
        sb.append("\"l2\",").append(v.l2().value()).append(',').append(v.l2().standardError()).append(",\n");
        return sb.toString();
    }
}
