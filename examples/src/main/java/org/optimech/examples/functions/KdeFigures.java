package org.optimech.examples.functions;

import java.awt.Color;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.knowm.xchart.XYChart;
import org.optimech.cli.plot.Figures;
import org.optimech.designer.functions.KdeRelease;
import org.optimech.examples.Args;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.spec.RuntimePolicy;

/**
 * Functions paper Figures 1 and 2: n = 100 points from a mixture of two normals centred at 0.3 and 0.7, a
 * kernel density estimate with h = 0.1 on a 1,000-point grid of [0, 1], released at α = 1, β = 0.1 with
 * Gaussian-process noise: Figure 1 with the Gaussian kernel's RKHS (§4.1), Figure 2 with the Sobolev
 * (exponential-kernel) RKHS (§4.2). Each spec goes through the runtime's checks, and the noise is the
 * runtime's. The classical c(β) is used, as in the paper (valid at α = 1, ERRATA G1); the notes give the
 * analytic calibration's c beside it.
 *
 * <p>Usage: {@code KdeFigures [--seed 1] [--out function-figures]}.
 */
public final class KdeFigures {
    private KdeFigures() {
    }

    /** n points from the equal mixture of N(0.3, 0.1²) and N(0.7, 0.1²) (the paper does not state the spread). */
    static double[] sample(int n, SplittableRandom rnd) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            double u = rnd.nextDouble();
            double v = rnd.nextDouble();
            double z = Math.sqrt(-2 * Math.log1p(-u)) * Math.cos(2 * Math.PI * v);
            x[i] = (rnd.nextBoolean() ? 0.3 : 0.7) + 0.1 * z;
        }
        return x;
    }

    static List<Path> figure(String kernel, String title, String file, double[] data, long seed, Path dir, List<String> notes) throws Exception {
        KdeRelease k = new KdeRelease(kernel, 0.1, data.length, 0, 1, 1000, BigDecimal.ONE, new BigDecimal("0.1"), "classical");
        GaussianProcessSpec spec = k.toSpec(k.designBlock(), JsonObject.builder().put("tool", "optimech examples").build());
        double[] f = k.estimate(data);
        // through the front door: the Gaussian-process noise is floating point, so the figure opts in to idealized numerics
        double[] released = Mechanisms.of(spec, RuntimePolicy.builder().numerics(NumericsPolicy.ALLOW_IDEALIZED).build()).sample(f, new SeededRandomBits(seed));
        XYChart chart = Figures.lineChart(title, "x", "density", 900, 600);
        Figures.line(chart, "kernel density estimate (h = 0.1, n = 100)", k.grid(), f, Color.BLACK, null);
        Figures.line(chart, "released (alpha = 1, beta = 0.1)", k.grid(), released, new Color(0x1f77b4), null);
        StringBuilder csv = new StringBuilder("x,kde,released\n");
        double[] g = k.grid();
        for (int i = 0; i < g.length; i++) {
            csv.append(String.format(Locale.ROOT, "%.6f,%.8g,%.8g%n", g[i], f[i], released[i]));
        }
        KdeRelease analytic = new KdeRelease(kernel, 0.1, data.length, 0, 1, 1000, BigDecimal.ONE, new BigDecimal("0.1"), "analytic");
        List<String> n = new ArrayList<>(notes);
        n.add(String.format(Locale.ROOT, "%s kernel: RKHS Delta = %.6g (%s); noise scale s = c*Delta/alpha = %.6g with the classical c(0.1) = %.5f (the exact "
                + "Gaussian profile needs only c = %.5f); jitter %s on the 1000-point Gram matrix (ERRATA G3)", kernel, spec.sensitivity().doubleValue(),
                spec.design().get("sensitivity_derivation").orElseThrow().asString(), spec.noiseScale(), k.c(), analytic.c(), spec.jitter()));
        return Figures.saveWithData(chart, dir.resolve(file), csv.toString(), n);
    }

    public static void main(String[] args) throws Exception {
        long seed = 1;
        Path out = Path.of("function-figures");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seed" -> seed = Args.positiveInt(Args.value(args, ++i, "--seed"), "--seed");
                case "--out" -> out = Path.of(Args.value(args, ++i, "--out"));
                default -> Args.fail("unknown argument " + args[i] + "; usage: KdeFigures [--seed S] [--out DIR]");
            }
        }
        double[] data = sample(100, new SplittableRandom(seed));
        List<String> notes = List.of("n = 100 from the equal mixture of N(0.3, 0.1^2) and N(0.7, 0.1^2); grid of 1000 points on [0, 1]; the noise covariance is "
                + "s^2 K (ERRATA G2), sampled by the runtime from the loaded spec");
        List<Path> files = new ArrayList<>(figure("gaussian", "Functions paper Fig. 1: private KDE, Gaussian-kernel RKHS (section 4.1)", "figure-1-kde-gaussian",
                data, seed + 1, out, notes));
        files.addAll(figure("exponential", "Functions paper Fig. 2: private KDE, Sobolev RKHS, exponential kernel (section 4.2)", "figure-2-kde-sobolev", data,
                seed + 2, out, notes));
        for (Path f : files) {
            System.out.println("wrote " + f);
        }
    }
}
