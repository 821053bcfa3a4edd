package org.optimech.cli.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.optimech.designer.common.AtomicFiles;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Charts written as PNG and SVG files (XChart), headless. */
public final class Figures {
    /** Line styles for reference curves. */
    public static final BasicStroke DASHED = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
    /** Dotted lines for bounds. */
    public static final BasicStroke DOTTED = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {2f, 3f}, 0f);

    private Figures() {
    }

    /** A white line chart with the legend inside, top right. */
    public static XYChart lineChart(String title, String xTitle, String yTitle, int width, int height) {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder().width(width).height(height).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        chart.getStyler().setMarkerSize(5);
        return chart;
    }

    /** Adds a line without markers. */
    public static XYSeries line(XYChart chart, String name, double[] x, double[] y, Color color, BasicStroke stroke) {
        XYSeries s = chart.addSeries(name, x, y);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(color);
        if (stroke != null) {
            s.setLineStyle(stroke);
        }
        return s;
    }

    /** Writes {@code base.png} and {@code base.svg} (each written to a temporary file, then moved); returns both paths. */
    public static List<Path> save(XYChart chart, Path base) throws IOException {
        Path png = base.resolveSibling(base.getFileName() + ".png");
        Path svg = base.resolveSibling(base.getFileName() + ".svg");
        AtomicFiles.write(png, out -> BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG));
        AtomicFiles.write(svg, out -> VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG));
        return List.of(png, svg);
    }

    /**
     * Writes a figure with the numbers behind it: {@code base.csv}, {@code base.png}, {@code base.svg} and, when
     * {@code notes} is not empty, {@code base-notes.txt} (one line each); returns the paths in that order.
     */
    public static List<Path> saveWithData(XYChart chart, Path base, String csv, List<String> notes) throws IOException {
        List<Path> files = new java.util.ArrayList<>();
        Path csvPath = base.resolveSibling(base.getFileName() + ".csv");
        AtomicFiles.writeString(csvPath, csv);
        files.add(csvPath);
        files.addAll(save(chart, base));
        if (!notes.isEmpty()) {
            Path notesPath = base.resolveSibling(base.getFileName() + "-notes.txt");
            AtomicFiles.writeString(notesPath, String.join("\n", notes) + "\n");
            files.add(notesPath);
        }
        return files;
    }
}
