package org.optimech.examples.thesis;

import java.awt.Color;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.optimech.examples.Args;
import org.optimech.designer.DesignMethod;
import org.optimech.designer.common.Progress;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.lp.LpBackends;
import org.optimech.designer.lp.LpException;
import org.optimech.cli.plot.Figures;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;
import org.optimech.designer.sweep.EpsilonGrid;
import org.optimech.designer.sweep.EpsilonSweep;
import org.optimech.designer.sweep.SweepPoint;

/**
 * Thesis Figure 2.2: the minimax risk of the counting query on 0..n (n = 70), absolute loss, over a
 * range of α, against 1/α. Each point is a certified LP design. Adds what the thesis leaves out:
 * 1/sinh α (the untruncated geometric mechanism's risk, which the minimax risk approaches as n
 * grows), Proposition 2.3.1's bound e^{−2}/α, and a second n at some α to test the caption's claim
 * that n = 70 is large enough for the risk to have stopped rising (ERRATA D5: only for α ≳ 0.75).
 *
 * <p>Usage: {@code MinimaxRiskFigure [--n 70] [--alpha 0.1:2:0.1] [--compare-n 100]
 * [--compare-alpha 0.1,0.25,0.5,0.75,1,1.5] [--out DIR]}.
 */
public final class MinimaxRiskFigure {
    /** The figure's numbers: the main sweep and the comparison sweep. */
    record Result(int n, List<SweepPoint> main, int compareN, List<SweepPoint> compare, List<String> notes) {
    }

    private MinimaxRiskFigure() {
    }

    static DiscreteProblem count(int n) {
        return DiscreteProblem.builder().name("count 0.." + n).epsilon("1").range(0, n).loss("absolute").objective(Objective.MINIMAX).build();
    }

    /** Designs the minimax mechanism at each α for n and, at the comparison α, for compareN. */
    static Result compute(int n, List<BigDecimal> alphas, int compareN, List<BigDecimal> compareAlphas, Progress progress) {
        DesignOptions options;
        try {
            options = DesignOptions.defaults(LpBackends.byName("auto"));
        } catch (LpException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        EpsilonSweep sweep = new EpsilonSweep(options, DesignMethod.LP, progress);
        List<SweepPoint> main = sweep.run(count(n), new EpsilonGrid(alphas), null);
        List<SweepPoint> compare = compareAlphas.isEmpty() ? List.of() : sweep.run(count(compareN), new EpsilonGrid(compareAlphas), null);
        List<String> notes = new ArrayList<>();
        int below = 0;
        for (SweepPoint p : main) {
            if (p.ok() && p.risk() < 1 / p.epsilon().doubleValue()) {
                below++;
            }
        }
        notes.add(String.format(Locale.ROOT, "n = %d: the minimax risk is below 1/alpha at %d of %d alpha (thesis: \"lies underneath\")", n, below,
                main.size()));
        for (SweepPoint c : compare) {
            SweepPoint m = main.stream().filter(p -> p.epsilon().compareTo(c.epsilon()) == 0).findFirst()
                    .orElseGet(() -> sweep.run(count(n), new EpsilonGrid(List.of(c.epsilon())), null).get(0));
            if (!c.ok() || !m.ok()) {
                notes.add("alpha " + c.epsilon().toPlainString() + ": a design failed; no comparison");
                continue;
            }
            // A rise is certified when the larger n's lower bound exceeds the smaller n's stored risk.
            boolean rises = c.lowerBound() > m.risk();
            notes.add(String.format(Locale.ROOT, "alpha %s: minimax risk n = %d: %.6f, n = %d: %.6f (bound %.6f) -> %s", c.epsilon().toPlainString(), n,
                    m.risk(), compareN, c.risk(), c.lowerBound(), rises ? String.format(Locale.ROOT, "still RISING with n (+%.2g%%)",
                            100 * (c.risk() - m.risk()) / m.risk()) : "no certified rise (flat within the certificates)"));
        }
        boolean anyRise = compare.stream().anyMatch(c -> {
            SweepPoint m = main.stream().filter(p -> p.epsilon().compareTo(c.epsilon()) == 0).findFirst().orElse(null);
            return m != null && c.ok() && m.ok() && c.lowerBound() > m.risk();
        });
        if (anyRise) {
            notes.add("ERRATA D5: at n = " + n + " the minimax risk still rises with n at small alpha (certified above), toward 1/sinh(alpha). "
                    + "The thesis caption's \"n = 70 is great enough that for all displayed alpha the risk is no longer increasing with n\" "
                    + "holds only for alpha >~ 0.75.");
        }
        return new Result(n, main, compareN, compare, notes);
    }

    /** Writes figure-2.2.{png,svg,csv} and the notes under {@code dir}; returns the paths. */
    static List<Path> write(Result r, Path dir) throws IOException {
        XYChart chart = Figures.lineChart("Thesis Fig. 2.2: minimax risk of the counting query, n = " + r.n() + " (absolute loss)", "alpha (epsilon)",
                "minimax risk", 900, 600);
        List<SweepPoint> ok = r.main().stream().filter(SweepPoint::ok).toList();
        if (ok.isEmpty()) {
            throw new IllegalStateException("no design succeeded");
        }
        double[] xs = ok.stream().mapToDouble(p -> p.epsilon().doubleValue()).toArray();
        XYSeries s = chart.addSeries("minimax risk, n = " + r.n() + " (certified LP designs)", xs, ok.stream().mapToDouble(SweepPoint::risk).toArray());
        s.setLineColor(new Color(0x1f77b4));
        s.setMarker(SeriesMarkers.NONE);
        s.setLineWidth(2.5f);
        double[] dense = new double[200];
        for (int i = 0; i < dense.length; i++) {
            dense[i] = xs[0] + (xs[xs.length - 1] - xs[0]) * i / (dense.length - 1.0);
        }
        Figures.line(chart, "1/alpha (thesis's reference)", dense, map(dense, a -> 1 / a), new Color(0xd62728), Figures.DASHED);
        Figures.line(chart, "1/sinh(alpha) (geometric, unbounded count)", dense, map(dense, a -> 1 / Math.sinh(a)), new Color(0xff7f0e), Figures.DASHED);
        Figures.line(chart, "e^-2/alpha (Prop. 2.3.1 lower bound)", dense, map(dense, a -> Math.exp(-2) / a), new Color(0x7f7f7f), Figures.DOTTED);
        List<SweepPoint> cmp = r.compare().stream().filter(SweepPoint::ok).toList();
        if (!cmp.isEmpty()) {
            XYSeries c = chart.addSeries("minimax risk, n = " + r.compareN(), cmp.stream().mapToDouble(p -> p.epsilon().doubleValue()).toArray(),
                    cmp.stream().mapToDouble(SweepPoint::risk).toArray());
            c.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            c.setMarker(SeriesMarkers.DIAMOND);
            c.setMarkerColor(new Color(0x2ca02c));
        }
        chart.getStyler().setYAxisLogarithmic(true);
        StringBuilder csv = new StringBuilder("n,alpha,minimax_risk,lower_bound,certified,seconds,one_over_alpha,one_over_sinh_alpha,e_minus_2_over_alpha\n");
        for (List<SweepPoint> pts : List.of(r.main(), r.compare())) {
            int n = pts == r.main() ? r.n() : r.compareN();
            for (SweepPoint p : pts) {
                double a = p.epsilon().doubleValue();
                csv.append(n).append(',').append(p.epsilon().toPlainString()).append(',').append(p.ok() ? Double.toString(p.risk()) : "").append(',')
                        .append(p.ok() ? Double.toString(p.lowerBound()) : "").append(',').append(p.certified()).append(',')
                        .append(String.format(Locale.ROOT, "%.3f", p.seconds())).append(',').append(1 / a).append(',').append(1 / Math.sinh(a))
                        .append(',').append(Math.exp(-2) / a).append('\n');
            }
        }
        return Figures.saveWithData(chart, dir.resolve("figure-2.2"), csv.toString(), r.notes());
    }

    private static double[] map(double[] xs, java.util.function.DoubleUnaryOperator f) {
        double[] y = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            y[i] = f.applyAsDouble(xs[i]);
        }
        return y;
    }

    public static void main(String[] args) throws Exception {
        int n = 70;
        int compareN = 100;
        List<BigDecimal> alphas = EpsilonGrid.parse("0.1:2:0.1").values();
        List<BigDecimal> compareAlphas = EpsilonGrid.parse("0.1,0.25,0.5,0.75,1,1.5").values();
        Path out = Path.of("thesis-figures");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--n" -> n = Args.positiveInt(Args.value(args, ++i, "--n"), "--n");
                case "--compare-n" -> compareN = Args.positiveInt(Args.value(args, ++i, "--compare-n"), "--compare-n");
                case "--alpha" -> alphas = Args.decimals(Args.value(args, ++i, "--alpha"), "--alpha");
                case "--compare-alpha" -> {
                    String v = Args.value(args, ++i, "--compare-alpha");
                    compareAlphas = v.equals("none") ? List.of() : Args.decimals(v, "--compare-alpha");
                }
                case "--out" -> out = Path.of(Args.value(args, ++i, "--out"));
                default -> Args.fail("unknown argument " + args[i] + "; usage: MinimaxRiskFigure [--n 70] [--alpha 0.1:2:0.1] [--compare-n 100] "
                        + "[--compare-alpha A1,A2,...|none] [--out DIR]");
            }
        }
        long start = System.nanoTime();
        Result r = compute(n, alphas, compareN, compareAlphas, Progress.to(System.err));
        r.notes().forEach(System.out::println);
        for (Path p : write(r, out)) {
            System.out.println("wrote " + p);
        }
        System.out.printf(Locale.ROOT, "%.1f s%n", (System.nanoTime() - start) / 1e9);
    }
}
