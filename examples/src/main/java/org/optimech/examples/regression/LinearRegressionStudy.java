package org.optimech.examples.regression;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.ejml.simple.SimpleMatrix;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.optimech.cli.plot.Figures;
import org.optimech.examples.Args;
import org.optimech.geometry.adjacent.RegressionStatistic;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * K-norm paper §6: linear regression by the functional mechanism with ℓ1 (exact Δ₁), ℓ∞, the paper's
 * cylinder body (an outer set, ERRATA K7) and cylinders ∩ Δ₁-ball.
 *
 * <ul>
 *   <li><b>Figure 3 (Algorithm 4).</b> p = 5, β = (0, −1.5, −0.75, 0, 0.75, 1.5), X⁰ ~ U[−1, 1], Y ~ N(Xβ, 1)
 *       clipped to the public bounds [−1, 1] (ERRATA K10); the share of the last p coefficients of β* inside the
 *       MLE's 95% intervals, per ε and mechanism; and how often the true β is inside them.</li>
 *   <li><b>Figure 4 analogue.</b> A synthetic data set with housing-like structure (generated here: the paper's
 *       Bay Area data are not public), p = 5 covariates and the response mapped to [−1, 1] by fixed public bounds;
 *       median ‖β* − β_MLE‖₂ per ε and mechanism, plain (5) and ridge (6) with λ = 16d/ε.</li>
 * </ul>
 *
 * <p>Usage: {@code LinearRegressionStudy [--n 10000[,1000000]] [--replicates 20] [--housing-replicates 100]
 * [--paper] [--seed 1] [--out regression-figures]}; {@code --paper} uses the paper's 200 and 1000 replicates.
 */
public final class LinearRegressionStudy {
    static final int P = 5;
    static final double[] EPSILONS = {1 / 16.0, 1 / 8.0, 1 / 4.0, 1 / 2.0, 1, 2, 4};
    /** Rejection cap for the cylinder bodies (their acceptance rate is in the notes). */
    static final int MAX_ATTEMPTS = 1_000_000;

    private LinearRegressionStudy() {
    }

    static double[] beta(int p) {
        double[] b = new double[p + 1];
        for (int j = 0; j < p; j++) {
            b[j + 1] = p == 1 ? 0 : -1.5 + 3.0 * j / (p - 1);
        }
        return b;
    }

    /** The MLE and its 95% interval half-widths from the (clipped) data, non-private: the analyst's benchmark. */
    record Mle(double[] beta, double[] halfWidth) {
    }

    static Mle mle(double[] t, double sumY2, int n, int p) {
        SimpleMatrix[] ne = FunctionalMechanism.normalEquations(t, n, p);
        SimpleMatrix inv = ne[0].invert();
        SimpleMatrix b = inv.mult(ne[1]);
        double rss = sumY2 - 2 * b.transpose().mult(ne[1]).get(0, 0) + b.transpose().mult(ne[0]).mult(b).get(0, 0);
        double sigma2 = Math.max(rss, 0) / (n - p - 1);
        double[] beta = new double[p + 1];
        double[] hw = new double[p + 1];
        for (int j = 0; j <= p; j++) {
            beta[j] = b.get(j, 0);
            hw[j] = 1.959963984540054 * Math.sqrt(sigma2 * inv.get(j, j));
        }
        return new Mle(beta, hw);
    }

    static double coverage(double[] est, Mle m, int p) {
        int in = 0;
        for (int j = 1; j <= p; j++) {
            in += Math.abs(est[j] - m.beta()[j]) <= m.halfWidth()[j] ? 1 : 0;
        }
        return in / (double) p;
    }

    /** coverage[mechanism][epsilon], averaged over replicates, plus the true β's coverage. */
    record Coverage(int n, int replicates, double[][] dp, double truth, double seconds) {
    }

    static Coverage coverage(int n, int replicates, List<FunctionalMechanism.Mechanism> mechs, long seed, java.util.function.Consumer<String> progress) {
        long start = System.nanoTime();
        double[] b = beta(P);
        SplittableRandom rnd = new SplittableRandom(seed);
        SeededRandomBits noise = new SeededRandomBits(seed * 31 + n);
        double[][] sum = new double[mechs.size()][EPSILONS.length];
        double truth = 0;
        double[] x = new double[P];
        for (int r = 0; r < replicates; r++) {
            double[] t = new double[RegressionStatistic.dimension(P)];
            double sumY2 = 0;
            for (int i = 0; i < n; i++) {
                double mean = b[0];
                for (int j = 0; j < P; j++) {
                    x[j] = 2 * rnd.nextDouble() - 1;
                    mean += b[j + 1] * x[j];
                }
                double y = FunctionalMechanism.clip(mean + gaussian(rnd));
                FunctionalMechanism.accumulate(t, x, y);
                sumY2 += y * y;
            }
            Mle m = mle(t, sumY2, n, P);
            truth += coverage(b, m, P);
            for (int k = 0; k < mechs.size(); k++) {
                for (int e = 0; e < EPSILONS.length; e++) {
                    double[] noisy = FunctionalMechanism.privatize(t, mechs.get(k), EPSILONS[e], noise);
                    sum[k][e] += coverage(FunctionalMechanism.estimate(noisy, n, P, 0), m, P);
                }
            }
            if ((r + 1) % Math.max(1, replicates / 10) == 0) {
                progress.accept(String.format(Locale.ROOT, "n = %d: replicate %d of %d (%.1f s)", n, r + 1, replicates, (System.nanoTime() - start) / 1e9));
            }
        }
        for (double[] row : sum) {
            for (int e = 0; e < row.length; e++) {
                row[e] /= replicates;
            }
        }
        return new Coverage(n, replicates, sum, truth / replicates, (System.nanoTime() - start) / 1e9);
    }

    /** A standard normal by Box–Muller from two uniforms (simulation data, not privacy noise). */
    static double gaussian(SplittableRandom rnd) {
        double u = rnd.nextDouble();
        double v = rnd.nextDouble();
        return Math.sqrt(-2 * Math.log1p(-u)) * Math.cos(2 * Math.PI * v);
    }

    /**
     * A synthetic data set with housing-like structure, every variable mapped to [−1, 1] by fixed public bounds:
     * log lot size, log living area, age, bedrooms, latitude; response log price. Correlated covariates (living
     * area drives bedrooms and lot size) and a linear model with noise.
     */
    static Object[] housing(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] x = new double[n][P];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double area = 7.3 + 0.35 * gaussian(rnd); // log square feet
            double lot = 8.6 + 0.6 * (area - 7.3) + 0.4 * gaussian(rnd);
            double age = Math.max(0, Math.min(120, 45 + 25 * gaussian(rnd)));
            double beds = Math.max(1, Math.min(6, Math.round(3 + 1.6 * (area - 7.3) / 0.35 * 0.5 + 0.6 * gaussian(rnd))));
            double lat = 37.2 + 0.6 * rnd.nextDouble();
            double logPrice = 12.9 + 0.55 * (area - 7.3) + 0.08 * (lot - 8.6) - 0.002 * (age - 45) + 0.03 * (beds - 3) + 0.25 * (lat - 37.5)
                    + 0.2 * gaussian(rnd);
            x[i][0] = scale(lot, 6.5, 11);
            x[i][1] = scale(area, 6, 8.5);
            x[i][2] = scale(age, 0, 120);
            x[i][3] = scale(beds, 1, 6);
            x[i][4] = scale(lat, 37.2, 37.8);
            y[i] = scale(logPrice, 11.5, 14.3);
        }
        return new Object[] {x, y};
    }

    /** v mapped from the public range [lo, hi] to [−1, 1], clipped. */
    static double scale(double v, double lo, double hi) {
        return Math.max(-1, Math.min(1, 2 * (v - lo) / (hi - lo) - 1));
    }

    /** median distance[mechanism][epsilon] for plain (index 0) and ridge (1). */
    record Housing(int n, int replicates, double[][][] median, double mleNorm, double seconds) {
    }

    static Housing housingStudy(int n, int replicates, List<FunctionalMechanism.Mechanism> mechs, long seed, java.util.function.Consumer<String> progress) {
        long start = System.nanoTime();
        Object[] xy = housing(n, seed);
        double[] t = FunctionalMechanism.statistic((double[][]) xy[0], (double[]) xy[1]);
        double[] mle = FunctionalMechanism.estimate(t, n, P, 0);
        int d = RegressionStatistic.dimension(P);
        SeededRandomBits noise = new SeededRandomBits(seed * 17 + 3);
        double[][][] med = new double[2][mechs.size()][EPSILONS.length];
        for (int k = 0; k < mechs.size(); k++) {
            for (int e = 0; e < EPSILONS.length; e++) {
                double[] plain = new double[replicates];
                double[] ridge = new double[replicates];
                for (int r = 0; r < replicates; r++) {
                    double[] noisy = FunctionalMechanism.privatize(t, mechs.get(k), EPSILONS[e], noise);
                    plain[r] = LogisticRegressionStudy.distance(FunctionalMechanism.estimate(noisy, n, P, 0), mle);
                    ridge[r] = LogisticRegressionStudy.distance(FunctionalMechanism.estimate(noisy, n, P, 16.0 * d / EPSILONS[e]), mle);
                }
                med[0][k][e] = LogisticRegressionStudy.median(plain);
                med[1][k][e] = LogisticRegressionStudy.median(ridge);
            }
            progress.accept("housing: " + mechs.get(k).name() + " done");
        }
        return new Housing(n, replicates, med, LogisticRegressionStudy.distance(new double[P + 1], mle), (System.nanoTime() - start) / 1e9);
    }

    static final Color[] COLORS = {new Color(0x1f77b4), new Color(0x2ca02c), new Color(0xff7f0e), new Color(0xd62728)};

    static List<Path> writeCoverage(Coverage c, List<FunctionalMechanism.Mechanism> mechs, Path dir, List<String> notes) throws IOException {
        XYChart chart = Figures.lineChart("K-norm paper Fig. 3: coverage of the MLE's 95% intervals, p = " + P + ", n = " + c.n() + ", " + c.replicates()
                + " replicates", "epsilon", "share of coefficients inside the MLE's intervals", 900, 600);
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(1.0);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
        StringBuilder csv = new StringBuilder("mechanism,epsilon,coverage,n,replicates\n");
        for (int k = 0; k < mechs.size(); k++) {
            XYSeries s = chart.addSeries(mechs.get(k).name(), EPSILONS, c.dp()[k]);
            s.setLineColor(COLORS[k]);
            s.setMarkerColor(COLORS[k]);
            s.setMarker(SeriesMarkers.CIRCLE);
            for (int e = 0; e < EPSILONS.length; e++) {
                csv.append(String.format(Locale.ROOT, "%s,%s,%.6f,%d,%d%n", mechs.get(k).name(), EPSILONS[e], c.dp()[k][e], c.n(), c.replicates()));
            }
        }
        double[] ends = {EPSILONS[0], EPSILONS[EPSILONS.length - 1]};
        Figures.line(chart, "true beta (clipped Y)", ends, new double[] {c.truth(), c.truth()}, Color.BLACK, null);
        csv.append(String.format(Locale.ROOT, "true beta,,%.6f,%d,%d%n", c.truth(), c.n(), c.replicates()));
        return Figures.saveWithData(chart, dir.resolve("figure-3-coverage-n" + c.n()), csv.toString(), notes);
    }

    static List<Path> writeHousing(Housing h, List<FunctionalMechanism.Mechanism> mechs, Path dir, List<String> notes) throws IOException {
        List<Path> files = new ArrayList<>();
        StringBuilder csv = new StringBuilder("estimator,mechanism,epsilon,median_distance_to_mle,n,replicates\n");
        for (int v = 0; v < 2; v++) {
            String which = v == 0 ? "plain (5)" : "ridge (6), lambda = 16d/epsilon";
            XYChart chart = Figures.lineChart("Synthetic housing-like data: median ||beta* - beta_MLE||_2, " + which + ", n = " + h.n(), "epsilon",
                    "median distance to the MLE", 900, 600);
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setYAxisLogarithmic(true);
            for (int k = 0; k < mechs.size(); k++) {
                XYSeries s = chart.addSeries(mechs.get(k).name(), EPSILONS, h.median()[v][k]);
                s.setLineColor(COLORS[k]);
                s.setMarkerColor(COLORS[k]);
                s.setMarker(SeriesMarkers.CIRCLE);
                for (int e = 0; e < EPSILONS.length; e++) {
                    csv.append(String.format(Locale.ROOT, "%s,%s,%s,%.8g,%d,%d%n", v == 0 ? "plain" : "ridge", mechs.get(k).name(), EPSILONS[e],
                            h.median()[v][k][e], h.n(), h.replicates()));
                }
            }
            double[] ends = {EPSILONS[0], EPSILONS[EPSILONS.length - 1]};
            Figures.line(chart, "zero vector", ends, new double[] {h.mleNorm(), h.mleNorm()}, Color.BLACK, null);
            files.addAll(Figures.save(chart, dir.resolve("figure-4-housing-" + (v == 0 ? "plain" : "ridge"))));
        }
        Path csvPath = dir.resolve("figure-4-housing.csv");
        org.optimech.designer.common.AtomicFiles.writeString(csvPath, csv.toString());
        files.add(csvPath);
        Path notesPath = dir.resolve("figure-4-housing-notes.txt");
        org.optimech.designer.common.AtomicFiles.writeString(notesPath, String.join("\n", notes) + "\n");
        files.add(notesPath);
        return files;
    }

    /**
     * A cylinder body's acceptance rate and E‖U‖² for U uniform in it, with the latter's standard error, estimated from
     * proposals (for the notes; the cap is fixed and the mechanism never uses these numbers).
     *
     * @return {acceptance rate, E‖U‖², its standard error}
     */
    static double[] monteCarlo(CylinderBody body, int proposals, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] u = new double[body.dimension()];
        int in = 0;
        double sum = 0;
        double sumSq = 0;
        for (int i = 0; i < proposals; i++) {
            double r2 = 0;
            for (int j = 0; j < u.length; j++) {
                u[j] = 4 * rnd.nextDouble() - 2;
                r2 += u[j] * u[j];
            }
            if (body.contains(u)) {
                in++;
                sum += r2;
                sumSq += r2 * r2;
            }
        }
        double mean = sum / in;
        return new double[] {in / (double) proposals, mean, Math.sqrt(Math.max(0, sumSq / in - mean * mean) / in)};
    }

    /** trace Cov(V) at ε = 1: (d+1)(d+2)Δ²·E‖U‖², with E‖U‖² = 2d/((d+1)(d+2)) for the ℓ1 ball and d/3 for the cube. */
    static String traceNote(FunctionalMechanism.Mechanism m, int d, long seed) {
        double k = (d + 1.0) * (d + 2.0) * m.sensitivity() * m.sensitivity();
        if (m.body() instanceof CylinderBody cb) {
            double[] mc = monteCarlo(cb, 200_000, seed);
            return String.format(Locale.ROOT, "; acceptance rate from [-2,2]^d about %.3g; trace Cov(V) at epsilon 1 about %.0f +- %.0f (Monte Carlo, "
                    + "200,000 proposals)", mc[0], k * mc[1], k * mc[2]);
        }
        double m2 = m.name().equals("l1") ? 2.0 * d / ((d + 1.0) * (d + 2.0)) : d / 3.0;
        return String.format(Locale.ROOT, "; trace Cov(V) at epsilon 1 = %.0f (closed form)", k * m2);
    }

    public static void main(String[] args) throws Exception {
        int[] ns = {10_000};
        int replicates = 20;
        int housingReplicates = 100;
        long seed = 1;
        Path out = Path.of("regression-figures");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--n" -> ns = Arrays.stream(Args.value(args, ++i, "--n").split(",")).mapToInt(s -> Args.positiveInt(s.trim(), "--n")).toArray();
                case "--replicates" -> replicates = Args.positiveInt(Args.value(args, ++i, "--replicates"), "--replicates");
                case "--housing-replicates" -> housingReplicates = Args.positiveInt(Args.value(args, ++i, "--housing-replicates"), "--housing-replicates");
                case "--paper" -> {
                    replicates = 200;
                    housingReplicates = 1000;
                }
                case "--seed" -> seed = Args.positiveInt(Args.value(args, ++i, "--seed"), "--seed");
                case "--out" -> out = Path.of(Args.value(args, ++i, "--out"));
                default -> Args.fail("unknown argument " + args[i] + "; usage: LinearRegressionStudy [--n N1,N2] [--replicates R] "
                        + "[--housing-replicates R] [--paper] [--seed S] [--out DIR]");
            }
        }
        long start = System.nanoTime();
        List<FunctionalMechanism.Mechanism> mechs = FunctionalMechanism.mechanisms(P, MAX_ATTEMPTS);
        List<String> notes = new ArrayList<>();
        int d = RegressionStatistic.dimension(P);
        notes.add(String.format(Locale.ROOT, "p = %d, d = %d; the statistic's diagonal doubled before noise and halved after", P, d));
        for (FunctionalMechanism.Mechanism m : mechs) {
            String rate = traceNote(m, d, seed);
            notes.add(String.format(Locale.ROOT, "%s: Delta = %s (%s); %s%s", m.name(), m.sensitivity(), m.exact() ? "exact" : "outer set, certified",
                    m.note(), rate));
        }
        java.util.function.Consumer<String> progress = msg -> System.err.println("LinearRegressionStudy: " + msg);
        List<Path> files = new ArrayList<>();
        for (int n : ns) {
            Coverage c = coverage(n, replicates, mechs, seed, progress);
            List<String> cn = new ArrayList<>(notes);
            cn.add(String.format(Locale.ROOT, "n = %d, %d replicates (paper: 200), %.1f s; Y ~ N(X beta, 1) clipped to [-1, 1] (ERRATA K10), so the MLE "
                    + "of the clipped data is biased: the true beta lies in its intervals %.1f%% of the time", n, replicates, c.seconds(), 100 * c.truth()));
            files.addAll(writeCoverage(c, mechs, out, cn));
            cn.subList(notes.size(), cn.size()).forEach(System.out::println);
        }
        Housing h = housingStudy(20_000, housingReplicates, mechs, seed, progress);
        List<String> hn = new ArrayList<>(notes);
        hn.add(String.format(Locale.ROOT, "synthetic housing-like data (generated, n = %d; the paper's Bay Area data are not public), %d replicates per "
                + "epsilon (paper: 1000), %.1f s; distance of the zero vector to the MLE: %.3f", h.n(), h.replicates(), h.seconds(), h.mleNorm()));
        files.addAll(writeHousing(h, mechs, out, hn));
        notes.forEach(System.out::println);
        System.out.println(hn.get(hn.size() - 1));
        for (Path f : files) {
            System.out.println("wrote " + f);
        }
        System.out.printf(Locale.ROOT, "%.1f s%n", (System.nanoTime() - start) / 1e9);
    }
}
