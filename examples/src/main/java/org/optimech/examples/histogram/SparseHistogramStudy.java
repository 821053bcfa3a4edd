package org.optimech.examples.histogram;

import java.awt.Color;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.optimech.cli.plot.Figures;
import org.optimech.examples.Args;
import org.optimech.runtime.histogram.SparseHistograms;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * Thesis §2.4.1, Figures 2.3 and 2.4: thresholded Laplace against plain Laplace (negatives set to 0) for sparse
 * histograms, on synthetic data of the thesis's two settings (its data sets are not bundled):
 * <ul>
 *   <li>p = 64 cells, q = 22 occupied, n = 70, mostly low counts (the "Edwards" setting);</li>
 *   <li>p = 2^16 cells, 5% occupied, one cell holding most of the n = 21,574 records (the NLTCS setting).</li>
 * </ul>
 * Noise is the runtime's exact discrete Laplace at rate ε/2 per cell. The mean ℓ1 error is plotted against ε
 * beside the thesis's bound (2q + 1)(ln p + 1)/ε for the thresholded method and 2p/ε for plain noise.
 *
 * <p>Usage: {@code SparseHistogramStudy [--trials 2000] [--large-trials 40] [--paper] [--seed 1] [--out histogram-figures]};
 * {@code --paper} uses the thesis's 15,000 trials for p = 64 (and 1,000 for p = 2^16).
 */
public final class SparseHistogramStudy {
    static final double[] EPSILONS = {0.1, 0.25, 0.5, 1, 2};

    /** mean error[method][epsilon] for one setting: method 0 plain, 1 thresholded. */
    record Setting(String name, int cells, int occupied, long n, int trials, double[][] error, double seconds) {
    }

    private SparseHistogramStudy() {
    }

    /** 22 of 64 cells occupied by 70 records, mostly low counts. */
    static long[] edwards(SplittableRandom rnd) {
        long[] c = new long[64];
        int[] cells = rnd.ints(0, 64).distinct().limit(22).toArray();
        for (int cell : cells) {
            c[cell] = 1;
        }
        for (int i = 22; i < 70; i++) {
            // skewed: low indices of the occupied list get more
            c[cells[(int) Math.floor(22 * Math.pow(rnd.nextDouble(), 2))]]++;
        }
        return c;
    }

    /** 5% of 2^16 cells occupied; one cell holds most of the 21,574 records. */
    static long[] nltcs(SplittableRandom rnd) {
        int p = 1 << 16;
        long[] c = new long[p];
        int q = (int) Math.round(0.05 * p);
        int[] cells = rnd.ints(0, p).distinct().limit(q).toArray();
        long n = 21_574;
        c[cells[0]] = 11_000;
        long left = n - 11_000 - (q - 1);
        for (int k = 1; k < q; k++) {
            c[cells[k]] = 1;
        }
        for (long i = 0; i < left; i++) {
            c[cells[1 + (int) Math.floor((q - 1) * Math.pow(rnd.nextDouble(), 3))]]++;
        }
        return c;
    }

    static Setting run(String name, long[] counts, int trials, long seed) {
        long start = System.nanoTime();
        int occupied = 0;
        long n = 0;
        for (long c : counts) {
            occupied += c > 0 ? 1 : 0;
            n += c;
        }
        SeededRandomBits bits = new SeededRandomBits(seed);
        double[][] err = new double[2][EPSILONS.length];
        for (int e = 0; e < EPSILONS.length; e++) {
            BigDecimal eps = new BigDecimal(Double.toString(EPSILONS[e]));
            for (int t = 0; t < trials; t++) {
                err[0][e] += l1(counts, SparseHistograms.laplace(counts, eps, bits).counts());
                err[1][e] += l1(counts, SparseHistograms.thresholded(counts, eps, bits).counts());
            }
            err[0][e] /= trials;
            err[1][e] /= trials;
        }
        return new Setting(name, counts.length, occupied, n, trials, err, (System.nanoTime() - start) / 1e9);
    }

    static double l1(long[] a, long[] b) {
        double s = 0;
        for (int j = 0; j < a.length; j++) {
            s += Math.abs(a[j] - b[j]);
        }
        return s;
    }

    static List<Path> write(Setting s, Path dir, String file) throws IOException {
        XYChart chart = Figures.lineChart(String.format(Locale.ROOT, "Thesis %s: sparse histogram, p = %d, q = %d occupied, n = %d, %d trials", file.endsWith("2.3")
                ? "Fig. 2.3" : "Fig. 2.4", s.cells(), s.occupied(), s.n(), s.trials()), "epsilon", "mean l1 error", 900, 600);
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        String[] names = {"Laplace, negatives to 0", "thresholded Laplace, tau = (2/eps) ln p"};
        Color[] colors = {new Color(0xd62728), new Color(0x1f77b4)};
        StringBuilder csv = new StringBuilder("method,epsilon,mean_l1_error,bound,trials\n");
        double[] bound = new double[EPSILONS.length];
        double[] plainRate = new double[EPSILONS.length];
        for (int e = 0; e < EPSILONS.length; e++) {
            bound[e] = SparseHistograms.riskBound(s.cells(), s.occupied(), EPSILONS[e]);
            plainRate[e] = 2.0 * s.cells() / EPSILONS[e];
        }
        for (int m = 0; m < 2; m++) {
            XYSeries x = chart.addSeries(names[m], EPSILONS, s.error()[m]);
            x.setLineColor(colors[m]);
            x.setMarkerColor(colors[m]);
            x.setMarker(SeriesMarkers.CIRCLE);
            for (int e = 0; e < EPSILONS.length; e++) {
                csv.append(String.format(Locale.ROOT, "%s,%s,%.6g,%.6g,%d%n", m == 0 ? "laplace" : "thresholded", EPSILONS[e], s.error()[m][e],
                        m == 0 ? plainRate[e] : bound[e], s.trials()));
            }
        }
        Figures.line(chart, "bound (2q+1)(ln p + 1)/eps (thesis Prop. 2.4.3)", EPSILONS, bound, colors[1], Figures.DASHED);
        Figures.line(chart, "2p/eps (plain Laplace's rate)", EPSILONS, plainRate, colors[0], Figures.DASHED);
        List<String> notes = new ArrayList<>();
        notes.add(String.format(Locale.ROOT, "%s: synthetic histogram of the thesis's setting (p = %d, q = %d occupied, n = %d); %d trials per epsilon, %.1f s",
                s.name(), s.cells(), s.occupied(), s.n(), s.trials(), s.seconds()));
        notes.add("noise: exact discrete Laplace at rate epsilon/2 per cell (substitution: l1 sensitivity 2), so both releases are epsilon-DP with integer "
                + "arithmetic; thresholding is post-processing with a data-independent threshold");
        for (int e = 0; e < EPSILONS.length; e++) {
            notes.add(String.format(Locale.ROOT, "epsilon %s: thresholded %.4g (bound %.4g, %s), plain %.4g; thresholded/plain = %.3f", EPSILONS[e], s.error()[1][e],
                    bound[e], s.error()[1][e] <= bound[e] ? "met" : "EXCEEDED", s.error()[0][e], s.error()[1][e] / s.error()[0][e]));
        }
        return Figures.saveWithData(chart, dir.resolve(file), csv.toString(), notes);
    }

    public static void main(String[] args) throws Exception {
        int trials = 2000;
        int largeTrials = 40;
        long seed = 1;
        Path out = Path.of("histogram-figures");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--trials" -> trials = Args.positiveInt(Args.value(args, ++i, "--trials"), "--trials");
                case "--large-trials" -> largeTrials = Args.positiveInt(Args.value(args, ++i, "--large-trials"), "--large-trials");
                case "--paper" -> {
                    trials = 15_000;
                    largeTrials = 1000;
                }
                case "--seed" -> seed = Args.positiveInt(Args.value(args, ++i, "--seed"), "--seed");
                case "--out" -> out = Path.of(Args.value(args, ++i, "--out"));
                default -> Args.fail("unknown argument " + args[i] + "; usage: SparseHistogramStudy [--trials N] [--large-trials N] [--paper] [--seed S] [--out DIR]");
            }
        }
        SplittableRandom data = new SplittableRandom(seed);
        Setting small = run("Edwards-like", edwards(data), trials, seed + 1);
        Setting large = run("NLTCS-like", nltcs(data), largeTrials, seed + 2);
        List<Path> files = new ArrayList<>(write(small, out, "figure-2.3-sparse-histogram"));
        files.addAll(write(large, out, "figure-2.4-sparse-histogram"));
        for (Setting s : List.of(small, large)) {
            System.out.printf(Locale.ROOT, "%s (p = %d, q = %d): thresholded/plain error at epsilon 0.1 .. 2: ", s.name(), s.cells(), s.occupied());
            for (int e = 0; e < EPSILONS.length; e++) {
                System.out.printf(Locale.ROOT, "%.3f ", s.error()[1][e] / s.error()[0][e]);
            }
            System.out.println();
        }
        for (Path f : files) {
            System.out.println("wrote " + f);
        }
    }
}
