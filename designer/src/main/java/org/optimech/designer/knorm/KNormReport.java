package org.optimech.designer.knorm;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.optimech.designer.AtomicFiles;
import org.optimech.designer.plot.Figures;

/**
 * The comparison of K-norm candidates as Markdown and CSV, and for two-dimensional statistics a
 * picture of S_T, its hull and each candidate ball scaled by its sensitivity (the K-norm paper's
 * Figure 1).
 */
public final class KNormReport {
    public static final String CSV_HEADER = "candidate,noise_dimension,sensitivity,sensitivity_exact,volume,covariance_trace,worst_direction_variance,"
            + "variance_diagonal,selected";

    private KNormReport() {
    }

    public static String csv(KNormComparison.Result r) {
        StringBuilder b = new StringBuilder(CSV_HEADER).append('\n');
        for (CandidateReport c : r.candidates()) {
            b.append(String.format(Locale.ROOT, "%s,%d,%s,%s,%s,%s,%s,%s,%s%n", c.name(), c.noiseDimension(), num(c.sensitivity()), c.sensitivityExact(),
                    num(c.volume()), num(c.covarianceTrace()), num(c.worstDirectionVariance()), join(c.varianceDiagonal(), ";"), c == r.selected()));
        }
        return b.toString();
    }

    public static String markdown(KNormProblem p, KNormComparison.Result r) {
        StringBuilder b = new StringBuilder();
        b.append("# K-norm comparison").append(p.name().isEmpty() ? "" : ": " + p.name()).append("\n\n");
        b.append(String.format(Locale.ROOT, "- statistic: %d coordinates (%s)%n", p.featureNames().size(), String.join(", ", p.featureNames())));
        b.append("- neighbours: ").append(p.relation().json()).append("; epsilon ").append(p.epsilon().toPlainString()).append('\n');
        b.append("- adjacent output space: ").append(p.describeSpace()).append("; ").append(p.provenance()).append('\n');
        b.append("- hull of S_T: ").append(r.hull()).append('\n');
        b.append("- criterion: ").append(r.criterion().json()).append("; selected: **").append(r.selected().name()).append("**\n\n");
        b.append("| candidate | noise dim | sensitivity | exact | volume of Δ·K | trace Cov(V) | worst-direction variance |\n");
        b.append("|---|---|---|---|---|---|---|\n");
        for (CandidateReport c : r.candidates()) {
            b.append(String.format(Locale.ROOT, "| %s%s | %d | %s | %s | %s | %s | %s |%n", c.name(), c == r.selected() ? " (selected)" : "", c.noiseDimension(),
                    num(c.sensitivity()), c.sensitivityExact() ? "yes" : "rounded up", num(c.volume()), num(c.covarianceTrace()), num(c.worstDirectionVariance())));
        }
        b.append("\nCov(V) = (d+1)(d+2)(Δ/ε)²·M(K) with M(K) the second moment of the uniform law on the unit body.\n\n");
        b.append("Containment of the scaled bodies Δ·K (row inside column):\n\n| | ");
        for (CandidateReport c : r.candidates()) {
            b.append(c.name()).append(" | ");
        }
        b.append("\n|---|").append("---|".repeat(r.candidates().size())).append('\n');
        for (int a = 0; a < r.candidates().size(); a++) {
            b.append("| ").append(r.candidates().get(a).name()).append(" | ");
            for (int c = 0; c < r.candidates().size(); c++) {
                Boolean in = r.containment()[a][c];
                b.append(a == c ? "—" : in == null ? "n/a" : in ? "inside" : "no").append(" | ");
            }
            b.append('\n');
        }
        b.append("\nHow each was computed:\n\n");
        for (CandidateReport c : r.candidates()) {
            b.append("- ").append(c.name()).append(": ").append(c.note()).append('\n');
        }
        List<String> disagree = new ArrayList<>();
        for (Criterion k : Criterion.values()) {
            CandidateReport best = r.candidates().stream().min((x, y) -> Double.compare(x.score(k), y.score(k))).orElseThrow();
            disagree.add(k.json() + " → " + best.name());
        }
        b.append("\nBest under each criterion: ").append(String.join("; ", disagree)).append(".\n");
        b.append("\nThe hull is optimal in the line-conditional order (Awan–Slavković), not necessarily for the trace: a larger body can have "
                + "a smaller second moment; the `search` candidate (a heuristic) looks among linear images of the ℓ∞ and ℓ1 balls.\n");
        return b.toString();
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
                Figures.line(chart, c.name() + " (sensitivity " + num(c.sensitivity()) + ")", xy[0], xy[1], colors[ci % colors.length], null);
            }
            ci++;
        }
        double[][] pts = p.space() != null ? p.space().points() : r.hull().vertexCoordinates();
        XYSeries s = chart.addSeries(p.space() != null ? "S_T (" + pts.length + " points)" : "witness points of S_T (" + pts.length + ")", Arrays.stream(pts).mapToDouble(u -> u[0]).toArray(),
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

    /** Writes comparison.md and comparison.csv, and for d = 2 comparison.png and comparison.svg, under dir. */
    public static List<Path> write(KNormProblem p, KNormComparison.Result r, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        Path md = dir.resolve("comparison.md");
        AtomicFiles.writeString(md, markdown(p, r));
        files.add(md);
        Path csv = dir.resolve("comparison.csv");
        AtomicFiles.writeString(csv, csv(r));
        files.add(csv);
        if (p.dimension() == 2) {
            files.addAll(Figures.save(chart(p, r), dir.resolve("comparison")));
        }
        return files;
    }

    static String num(double v) {
        return String.format(Locale.ROOT, "%.10g", v);
    }

    private static String join(double[] v, String sep) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < v.length; i++) {
            b.append(i == 0 ? "" : sep).append(num(v[i]));
        }
        return b.toString();
    }
}
