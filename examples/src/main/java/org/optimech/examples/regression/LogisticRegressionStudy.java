package org.optimech.examples.regression;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.cli.plot.Figures;
import org.optimech.examples.Args;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * K-norm paper Algorithm 3 / Figure 2: private logistic regression on simulated data by extended
 * objective perturbation, ℓ1, ℓ2 and ℓ∞ noise at q = ½ and ℓ∞ at q = 0.85, median ‖β_DP − β‖₂ over
 * replicates against ε. The sensitivities come from the geometry module (certified; ℓ∞ is found to be the
 * hull of the adjacent output space, ERRATA K8), and every estimate is private for the minimiser actually
 * computed (approximate minima perturbation; see {@link ObjectivePerturbation}).
 *
 * <p>Usage: {@code LogisticRegressionStudy [--n 10000] [--replicates 10 | --paper] [--epsilon
 * 0.015625,...,2] [--seed 1] [--out regression-figures]}. {@code --paper} uses the paper's 100
 * replicates. The seed drives the simulated data and the noise (a study, not a production release).
 */
public final class LogisticRegressionStudy {
    /** The paper's β (m = 7). */
    static final double[] BETA = {0, -1, -0.5, -0.25, 0, 0.75, 1.5};
    /** The paper's ε grid: 2^-6 … 2. */
    static final double[] EPSILONS = {1 / 64.0, 1 / 32.0, 1 / 16.0, 1 / 8.0, 1 / 4.0, 1 / 2.0, 1, 2};

    /** One DP method of the figure. */
    record Method(String label, String norm, double q) {
    }

    static final List<Method> METHODS = List.of(new Method("l1, q = 1/2", "l1", 0.5), new Method("l2, q = 1/2", "l2", 0.5),
            new Method("linf, q = 1/2", "linf", 0.5), new Method("linf, q = 0.85", "linf", 0.85));

    /** distances[method][epsilon][replicate]; mle[replicate]. */
    record Result(int n, int replicates, double[] epsilons, double[][][] distances, double[] mle, KNormComparison.Result sensitivities, List<String> notes,
            double seconds) {
    }

    private LogisticRegressionStudy() {
    }

    /** A replicate of Algorithm 3: X_ij ~ U[−1, 1], Y_i ~ Bernoulli(σ(x_iᵀβ)). */
    static Object[] simulate(int n, SplittableRandom rnd) {
        double[][] x = new double[n][BETA.length];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < BETA.length; j++) {
                x[i][j] = 2 * rnd.nextDouble() - 1;
            }
            y[i] = rnd.nextDouble() < LogisticObjective.sigmoid(LogisticObjective.dot(x[i], BETA)) ? 1 : 0;
        }
        return new Object[] {x, y};
    }

    static double distance(double[] a, double[] b) {
        double s = 0;
        for (int j = 0; j < a.length; j++) {
            s += (a[j] - b[j]) * (a[j] - b[j]);
        }
        return Math.sqrt(s);
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int k = s.length / 2;
        return s.length % 2 == 1 ? s[k] : (s[k - 1] + s[k]) / 2;
    }

    static Result run(int n, int replicates, double[] epsilons, long seed, java.util.function.Consumer<String> progress) {
        long start = System.nanoTime();
        int m = BETA.length;
        progress.accept("certifying the gradient's sensitivities (exact hull of the adjacent output space, m = " + m + ")");
        KNormComparison.Result sens = LogisticSensitivity.compare(m);
        List<String> notes = new ArrayList<>();
        notes.add(String.format(Locale.ROOT, "sensitivities certified by the geometry module (exact hull of S for m = %d): Delta_1 = %s, Delta_2 = %.12g, "
                + "Delta_inf = %s", m, LogisticSensitivity.sensitivity(sens, "l1"), LogisticSensitivity.sensitivity(sens, "l2"),
                LogisticSensitivity.sensitivity(sens, "linf")));
        boolean optimal = LogisticSensitivity.linfIsTheHull(sens);
        notes.add(optimal ? "the linf ball scaled by Delta_inf = 2 IS the hull of the adjacent output space (containment both ways): linf is the optimal "
                + "K-norm here, not only 'near optimal' (ERRATA K8)" : "WARNING: the linf ball is not the hull here");
        double[][][] dist = new double[METHODS.size()][epsilons.length][replicates];
        double[] mle = new double[replicates];
        SplittableRandom data = new SplittableRandom(seed);
        SeededRandomBits noise = new SeededRandomBits(seed ^ 0x5DEECE66DL);
        int[] iterations = new int[2];
        for (int r = 0; r < replicates; r++) {
            Object[] xy = simulate(n, data);
            double[][] x = (double[][]) xy[0];
            int[] y = (int[]) xy[1];
            mle[r] = distance(new LogisticObjective(x, y, 0, null).minimize(1e-10, 200).theta(), BETA);
            for (int k = 0; k < METHODS.size(); k++) {
                Method mt = METHODS.get(k);
                double delta = LogisticSensitivity.sensitivity(sens, mt.norm());
                for (int e = 0; e < epsilons.length; e++) {
                    ObjectivePerturbation op = ObjectivePerturbation.of(epsilons[e], mt.q(), mt.norm(), m, delta);
                    ObjectivePerturbation.Release rel = op.release(x, y, noise);
                    dist[k][e][r] = distance(rel.theta(), BETA);
                    iterations[0] += rel.iterations();
                    iterations[1]++;
                }
            }
            progress.accept(String.format(Locale.ROOT, "replicate %d of %d done (%.1f s)", r + 1, replicates, (System.nanoTime() - start) / 1e9));
        }
        notes.add(String.format(Locale.ROOT, "every estimate is approximate-minima-perturbation private: epsilon1 = %.0f%% of epsilon for the objective, "
                + "epsilon2 = %.0f%% for l2 output noise calibrated to a certified distance r = %s from the exact minimiser (mean Newton iterations %.1f)",
                100 * (1 - ObjectivePerturbation.DEFAULT_OUTPUT_SHARE), 100 * ObjectivePerturbation.DEFAULT_OUTPUT_SHARE, ObjectivePerturbation.DEFAULT_RADIUS,
                iterations[0] / (double) Math.max(1, iterations[1])));
        notes.add(String.format(Locale.ROOT, "n = %d, %d replicates (the paper: 100; its text says n = 10^4, its Figure 2 caption 10^5, ERRATA K10); "
                + "median distance of the non-private MLE to beta: %.4f; of the zero vector: %.4f", n, replicates, median(mle), distance(new double[m], BETA)));
        return new Result(n, replicates, epsilons, dist, mle, sens, notes, (System.nanoTime() - start) / 1e9);
    }

    static List<Path> write(Result r, Path dir) throws IOException {
        XYChart chart = Figures.lineChart("K-norm paper Fig. 2: private logistic regression, n = " + r.n() + ", " + r.replicates() + " replicates",
                "epsilon", "median ||beta_DP - beta||_2", 900, 600);
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        Color[] colors = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728)};
        StringBuilder csv = new StringBuilder("method,norm,q,epsilon,median_distance,replicates\n");
        for (int k = 0; k < METHODS.size(); k++) {
            Method mt = METHODS.get(k);
            double[] med = new double[r.epsilons().length];
            for (int e = 0; e < med.length; e++) {
                med[e] = median(r.distances()[k][e]);
                csv.append(String.format(Locale.ROOT, "\"%s\",%s,%s,%s,%.8g,%d%n", mt.label(), mt.norm(), mt.q(), r.epsilons()[e], med[e], r.replicates()));
            }
            XYSeries s = chart.addSeries(mt.label(), r.epsilons(), med);
            s.setLineColor(colors[k]);
            s.setMarkerColor(colors[k]);
            s.setMarker(SeriesMarkers.CIRCLE);
        }
        double[] ends = {r.epsilons()[0], r.epsilons()[r.epsilons().length - 1]};
        double zero = distance(new double[BETA.length], BETA);
        Figures.line(chart, "zero vector", ends, new double[] {zero, zero}, Color.BLACK, null);
        double mle = median(r.mle());
        Figures.line(chart, "non-private MLE", ends, new double[] {mle, mle}, new Color(0x7f7f7f), Figures.DASHED);
        csv.append(String.format(Locale.ROOT, "\"zero vector\",,,,%.8g,%n\"non-private MLE\",,,,%.8g,%d%n", zero, mle, r.replicates()));
        return Figures.saveWithData(chart, dir.resolve("figure-2-logistic"), csv.toString(), r.notes());
    }

    public static void main(String[] args) throws Exception {
        int n = 10_000;
        int replicates = 10;
        long seed = 1;
        double[] epsilons = EPSILONS;
        Path out = Path.of("regression-figures");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--n" -> n = Args.positiveInt(Args.value(args, ++i, "--n"), "--n");
                case "--replicates" -> replicates = Args.positiveInt(Args.value(args, ++i, "--replicates"), "--replicates");
                case "--paper" -> replicates = 100;
                case "--seed" -> seed = Args.positiveInt(Args.value(args, ++i, "--seed"), "--seed");
                case "--epsilon" -> epsilons = Args.decimals(Args.value(args, ++i, "--epsilon"), "--epsilon").stream().mapToDouble(java.math.BigDecimal::doubleValue)
                        .toArray();
                case "--out" -> out = Path.of(Args.value(args, ++i, "--out"));
                default -> Args.fail("unknown argument " + args[i] + "; usage: LogisticRegressionStudy [--n 10000] [--replicates 10 | --paper] "
                        + "[--epsilon E1,E2,...] [--seed S] [--out DIR]");
            }
        }
        Result r = run(n, replicates, epsilons, seed, msg -> System.err.println("LogisticRegressionStudy: " + msg));
        r.notes().forEach(System.out::println);
        for (Path p : write(r, out)) {
            System.out.println("wrote " + p);
        }
        System.out.printf(Locale.ROOT, "%.1f s%n", r.seconds());
    }
}
