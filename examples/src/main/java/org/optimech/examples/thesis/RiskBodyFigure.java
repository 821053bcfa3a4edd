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
import org.optimech.designer.common.Progress;
import org.optimech.designer.common.DesignException;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.discrete.DiscreteDesigner;
import org.optimech.designer.lp.LpBackends;
import org.optimech.cli.plot.Figures;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;

/**
 * Thesis Figure 2.1: the risk body of the counting query with n = 1 at α ∈ {0.05, 0.5, 1, 5}, with
 * the Bayes rules (designed by the LP at a range of priors) on its lower-left edge and the minimax
 * rule at the equalizer corner. Writes {@code figure-2.1.png}, {@code .svg} and {@code .csv} and
 * prints what it checked, including where the thesis's text is wrong (ERRATA D4).
 *
 * <p>Usage: {@code RiskBodyFigure [--out DIR] [--alpha A1,A2,...]}.
 */
public final class RiskBodyFigure {
    /** Priors P(θ = 0) at which the Bayes rules are designed. */
    static final double[] PRIORS = {0.02, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.98};
    private static final Color[] COLORS = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728)};

    /** One designed rule: its risk vector and what it was designed for. */
    record Rule(BigDecimal alpha, String kind, double prior, double r0, double r1, boolean certified) {
    }

    /** The figure's numbers. */
    record Result(List<RiskBody> bodies, List<Rule> rules, List<String> notes) {
    }

    private RiskBodyFigure() {
    }

    /** Computes the bodies, designs the rules with the real LP, and checks them against the bodies. */
    static Result compute(List<BigDecimal> alphas) throws DesignException {
        DesignOptions options;
        try {
            options = DesignOptions.defaults(LpBackends.byName("auto"));
        } catch (org.optimech.designer.lp.LpException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        List<RiskBody> bodies = new ArrayList<>();
        List<Rule> rules = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (BigDecimal alpha : alphas) {
            RiskBody body = RiskBody.of(alpha.doubleValue());
            bodies.add(body);
            double worstBayesGap = 0;
            for (double pi : PRIORS) {
                DiscreteDesign d = design(options, alpha, Objective.BAYES, pi);
                Rule r = rule(alpha, "bayes", pi, d);
                rules.add(r);
                // On the lower-left edge: the design's Bayes risk is the body's minimum in the prior's direction.
                double gap = pi * r.r0() + (1 - pi) * r.r1() - body.minimum(pi, 1 - pi);
                worstBayesGap = Math.max(worstBayesGap, Math.abs(gap));
                if (!body.contains(r.r0(), r.r1(), 1e-9)) {
                    throw new IllegalStateException("alpha " + alpha + ": the Bayes rule for prior " + pi + " is outside the risk body: " + r);
                }
            }
            DiscreteDesign mm = design(options, alpha, Objective.MINIMAX, 0.5);
            Rule minimax = rule(alpha, "minimax", Double.NaN, mm);
            rules.add(minimax);
            double a = alpha.doubleValue();
            double closed = 1 / (1 + Math.exp(a));
            double prop231 = Math.exp(-2) / a;
            notes.add(String.format(Locale.ROOT, "alpha %s: %d vertices; Bayes rules at %d priors lie on the lower-left edge (largest distance from the "
                    + "body's minimum in the prior's direction %.1e); minimax risk %.6f (LP, %s) = 1/(1+e^alpha) = %.6f", alpha.toPlainString(),
                    body.vertices().size(), PRIORS.length, worstBayesGap, Math.max(minimax.r0(), minimax.r1()),
                    minimax.certified() ? "certified" : "NOT certified", closed));
            if (a < 2 && closed < prop231) {
                notes.add(String.format(Locale.ROOT, "  ERRATA D4: Proposition 2.3.1 claims every %s-DP count has worst risk >= e^-2/alpha = %.4f; at n = 1 the "
                        + "minimax risk is %.4f, so the bound is false here (it needs n >~ 4/alpha = %.0f)", alpha.toPlainString(), prop231, closed, 4 / a));
            } else if (a < 2) {
                notes.add(String.format(Locale.ROOT, "  Proposition 2.3.1's e^-2/alpha = %.4f is below the minimax risk %.4f at this alpha (it holds here)",
                        prop231, closed));
            } else {
                notes.add(String.format(Locale.ROOT, "  (Proposition 2.3.1 is stated for alpha < 2 only; e^-2/alpha = %.4f vs minimax %.4f)", prop231, closed));
            }
        }
        return new Result(bodies, rules, notes);
    }

    private static DiscreteDesign design(DesignOptions options, BigDecimal alpha, Objective objective, double pi) throws DesignException {
        DiscreteProblem p = DiscreteProblem.builder().name("count, n = 1").epsilon(alpha.toPlainString()).range(0, 1).loss("absolute")
                .prior(pi, 1 - pi).objective(objective).build();
        return new DiscreteDesigner(options, Progress.silent()).design(p);
    }

    private static Rule rule(BigDecimal alpha, String kind, double pi, DiscreteDesign d) {
        return new Rule(alpha, kind, pi, d.riskPerInput().get(0).doubleValue(), d.riskPerInput().get(1).doubleValue(), d.certificate().certified());
    }

    /** Writes figure-2.1.{png,svg,csv} under {@code dir}; returns the paths. */
    static List<Path> write(Result result, Path dir) throws IOException {
        XYChart chart = Figures.lineChart("Thesis Fig. 2.1: risk body of the counting query, n = 1 (absolute loss)", "R(0), risk when theta = 0",
                "R(1), risk when theta = 1", 700, 820);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        chart.getStyler().setMarkerSize(8);
        chart.getStyler().setXAxisMin(0.0).setXAxisMax(1.0).setYAxisMin(0.0).setYAxisMax(1.0);
        StringBuilder csv = new StringBuilder("alpha,kind,prior_theta0,r0,r1,certified\n");
        List<RiskBody> bodies = result.bodies();
        // Largest body first, so the smaller ones are drawn on top.
        for (int k = bodies.size() - 1; k >= 0; k--) {
            RiskBody b = bodies.get(k);
            Color c = COLORS[k % COLORS.length];
            List<double[]> v = b.vertices();
            double[] xs = new double[v.size() + 1];
            double[] ys = new double[v.size() + 1];
            for (int i = 0; i <= v.size(); i++) {
                xs[i] = v.get(i % v.size())[0];
                ys[i] = v.get(i % v.size())[1];
            }
            XYSeries s = chart.addSeries(String.format(Locale.ROOT, "alpha = %s", trim(b.alpha())), xs, ys);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
            s.setFillColor(new Color(c.getRed(), c.getGreen(), c.getBlue(), 70));
            s.setLineColor(c);
            s.setMarker(SeriesMarkers.NONE);
            for (double[] p : v) {
                csv.append(trim(b.alpha())).append(",vertex,,").append(p[0]).append(',').append(p[1]).append(",\n");
            }
        }
        for (int k = 0; k < bodies.size(); k++) {
            double alpha = bodies.get(k).alpha();
            List<Rule> rs = result.rules().stream().filter(r -> r.alpha().doubleValue() == alpha).toList();
            XYSeries s = chart.addSeries(String.format(Locale.ROOT, "Bayes and minimax rules, alpha = %s", trim(alpha)),
                    rs.stream().mapToDouble(Rule::r0).toArray(), rs.stream().mapToDouble(Rule::r1).toArray());
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.DIAMOND);
            s.setMarkerColor(COLORS[k % COLORS.length].darker());
            for (Rule r : rs) {
                csv.append(r.alpha().toPlainString()).append(',').append(r.kind()).append(',').append(Double.isNaN(r.prior()) ? "" : r.prior()).append(',')
                        .append(r.r0()).append(',').append(r.r1()).append(',').append(r.certified()).append('\n');
            }
        }
        return Figures.saveWithData(chart, dir.resolve("figure-2.1"), csv.toString(), result.notes());
    }

    private static String trim(double a) {
        return new BigDecimal(Double.toString(a)).stripTrailingZeros().toPlainString();
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of("thesis-figures");
        List<BigDecimal> alphas = List.of(new BigDecimal("0.05"), new BigDecimal("0.5"), BigDecimal.ONE, new BigDecimal("5"));
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> out = Path.of(Args.value(args, ++i, "--out"));
                case "--alpha" -> alphas = Args.decimals(Args.value(args, ++i, "--alpha"), "--alpha");
                default -> Args.fail("unknown argument " + args[i] + "; usage: RiskBodyFigure [--out DIR] [--alpha A1,A2,...]");
            }
        }
        long start = System.nanoTime();
        Result r = compute(alphas);
        r.notes().forEach(System.out::println);
        for (Path p : write(r, out)) {
            System.out.println("wrote " + p);
        }
        System.out.printf(Locale.ROOT, "%.1f s%n", (System.nanoTime() - start) / 1e9);
    }
}
