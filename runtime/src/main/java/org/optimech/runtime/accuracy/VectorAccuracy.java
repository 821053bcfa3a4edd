package org.optimech.runtime.accuracy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.knorm.KNormSampler;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.lattice.LatticeSampler;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.sampling.GaussianProcessNoise;
import org.optimech.runtime.sampling.Samplers;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.NumericsPolicy;

/**
 * The accuracy of a vector release (K-norm or Gaussian-process spec): the noise is the same at every statistic, so one answer
 * holds everywhere. Per coordinate the smallest a_j with P(|error_j| &gt; a_j) ≤ β; simultaneously the smallest a with
 * P(max_j |error_j| &gt; a) ≤ β; in ℓ2 the smallest r with P(‖error‖₂ &gt; r) ≤ β; and each coordinate's standard deviation.
 * Closed forms where they exist (ℓ1 ball: Laplace coordinates; ℓ∞ ball: its coordinate marginal and ‖V‖∞ ~ Gamma(d, Δ/ε);
 * ℓ2 ball: ‖V‖₂ ~ Gamma(d, Δ/ε); Gaussian process: normal coordinates); otherwise Monte Carlo on the spec's own sampler with
 * a fixed seed, each estimate with its standard error (from the order statistics one binomial standard deviation either
 * side). A lattice release adds its rounding, at most half a spacing per coordinate, to every figure. Immutable.
 */
public final class VectorAccuracy implements Accuracy {
    /** The Monte Carlo seed: accuracy depends on no data, so its draws are reproducible. */
    public static final long SEED = 0x0A11CE5EEDL;
    /** Largest draws × coordinates kept in memory for one Monte Carlo estimate. */
    static final long MAX_CELLS = 20_000_000L;
    /** Coordinate draws an exact lattice release's Monte Carlo aims at (at its certified acceptance; about 10–30 s). */
    static final double LATTICE_WORK = 0x1p28;
    /** Fewest draws of an exact lattice release's Monte Carlo; its standard errors say what that costs in precision. */
    static final int MIN_LATTICE_DRAWS = 200;
    /** Past this many coordinate draws at {@link #MIN_LATTICE_DRAWS} (minutes or more), the continuous noise stands in. */
    static final double MAX_LATTICE_WORK = 0x1p31;

    /**
     * A half-width and how sure it is.
     *
     * @param value the estimate
     * @param standardError 0 for a closed form; the Monte Carlo standard error otherwise
     */
    public record Estimate(double value, double standardError) {
        /** Whether this is a closed form (no Monte Carlo error). */
        public boolean closedForm() {
            return standardError == 0;
        }

        @Override
        public String toString() {
            return closedForm() ? String.format(Locale.ROOT, "%.6g", value) : String.format(Locale.ROOT, "%.6g (s.e. %.2g)", value, standardError);
        }
    }

    private final double beta;
    private final List<String> names;
    private final Estimate[] coordinates;
    private final double[] standardDeviations;
    private final Estimate simultaneous;
    private final Estimate l2;
    private final String method;
    private final int draws;

    private VectorAccuracy(double beta, List<String> names, Estimate[] coordinates, double[] standardDeviations, Estimate simultaneous, Estimate l2,
            String method, int draws) {
        this.beta = beta;
        this.names = List.copyOf(names);
        this.coordinates = coordinates;
        this.standardDeviations = standardDeviations;
        this.simultaneous = simultaneous;
        this.l2 = l2;
        this.method = method;
        this.draws = draws;
    }

    /**
     * The accuracy of a K-norm spec.
     *
     * @throws IllegalArgumentException for β outside (0, 1)
     */
    public static VectorAccuracy of(KNormSpec spec, double beta) {
        return of(spec, beta, Accuracy.Draws.NONE);
    }

    /** As {@link #of(KNormSpec, double)}, telling {@code progress} how many of the Monte Carlo draws are made. */
    static VectorAccuracy of(KNormSpec spec, double beta, Accuracy.Draws progress) {
        Objects.requireNonNull(spec, "spec");
        Accuracy.checkBeta(beta);
        int d = spec.dimension();
        double s = spec.sensitivity().doubleValue() / spec.noiseEpsilon().doubleValue();
        // noise only, never a release of data: the floating-point sampler is drawn from for figures whatever the release policy
        LatticeSampler exact = Samplers.lattice(spec).orElse(null);
        // an exact lattice draw costs up to d/a coordinate draws (a its certified acceptance): fewer draws there, their standard
        // errors stated; past the work limit even at the fewest draws (a body near the loader's 1e-6 floor: hours), the same
        // body's continuous noise at the lattice's rate stands in, and the figures say so
        boolean standIn = exact != null && MIN_LATTICE_DRAWS * (double) d / exact.acceptance() > MAX_LATTICE_WORK;
        LatticeSampler lattice = standIn ? null : exact;
        KNormSampler sampler = exact == null ? Samplers.knormNoise(spec, NumericsPolicy.ALLOW_IDEALIZED)
                : standIn ? KNormSampler.of(spec.unitBody(), Math.scalb(1 / exact.rate().doubleValue(), exact.exponent()), 1) : null;
        double[] zero = new double[d];
        int n = lattice == null ? draws(d, 200_000) : latticeDraws(d, lattice.acceptance());
        MonteCarlo mc = new MonteCarlo(d, n, progress, random -> lattice != null ? lattice.release(zero, random) : sampler.noise(random), lattice != null);
        Estimate[] coords = new Estimate[d];
        double[] sd = new double[d];
        Estimate sim;
        Estimate two;
        List<String> notes = new ArrayList<>();
        LpNorm ball = spec.subspace().isEmpty() && exact == null ? spec.body().match(Body.Ball::norm, structured -> null, stored -> null) : null;
        if (ball == LpNorm.L1) {
            Arrays.fill(coords, new Estimate(s * Math.log(1 / beta), 0));
            Arrays.fill(sd, s * Math.sqrt(2));
            sim = new Estimate(-s * Math.log(-Math.expm1(Math.log1p(-beta) / d)), 0);
            two = mc.l2(beta);
            notes.add("coordinates and max closed form (l1 ball: independent Laplace(" + fmt(s) + ") coordinates); l2 by " + mc.describe());
        } else if (ball == LpNorm.LINF) {
            double v = ClosedForms.invertDecreasing(x -> ClosedForms.linfCoordinateTail(d, x), beta, d) * s;
            Arrays.fill(coords, new Estimate(v, 0));
            Arrays.fill(sd, s * Math.sqrt((d + 1.0) * (d + 2.0) / 3));
            sim = new Estimate(s * ClosedForms.gammaUpperInverse(d, beta), 0);
            two = mc.l2(beta);
            notes.add("coordinates and max closed form (linf ball: P(|V_j| > v) = Q(d+1, v/s) - v/(s d) Q(d, v/s), ||V||_inf ~ Gamma(d, " + fmt(s)
                    + ")); l2 by " + mc.describe());
        } else if (ball == LpNorm.L2) {
            coords = mc.coordinates(beta);
            sd = mc.standardDeviations();
            sim = mc.max(beta);
            two = new Estimate(s * ClosedForms.gammaUpperInverse(d, beta), 0);
            notes.add("l2 closed form (l2 ball: ||V||_2 ~ Gamma(d, " + fmt(s) + ")); coordinates and max by " + mc.describe());
        } else {
            coords = mc.coordinates(beta);
            sd = mc.standardDeviations();
            sim = mc.max(beta);
            two = mc.l2(beta);
            notes.add(standIn ? String.format(Locale.ROOT, "by %s on the same body's continuous noise at the lattice's rate, standing in for the spec's "
                    + "exact lattice sampler, whose certified acceptance %.2g would need up to %.2g coordinate draws for %d draws: the lattice noise "
                    + "is this noise's law restricted to the 2^%d grid, so these figures approximate its own", mc.describe(), exact.acceptance(),
                    MIN_LATTICE_DRAWS * (double) d / exact.acceptance(), MIN_LATTICE_DRAWS, exact.exponent())
                    : "by " + mc.describe() + " on the spec's own " + (lattice != null ? "lattice " : "") + "sampler");
        }
        if (exact != null) {
            // release = spacing·(rint(t/spacing) + Z): the rounding moves each coordinate by at most half a spacing
            double half = Math.scalb(1.0, exact.exponent() - 1);
            for (int j = 0; j < d; j++) {
                coords[j] = new Estimate(coords[j].value() + half, coords[j].standardError());
            }
            sim = new Estimate(sim.value() + half, sim.standardError());
            two = new Estimate(two.value() + half * Math.sqrt(d), two.standardError());
            notes.add("each figure includes the lattice rounding (at most 2^" + (exact.exponent() - 1) + " per coordinate)");
        }
        return new VectorAccuracy(beta, knormNames(spec), coords, sd, sim, two, String.join("; ", notes), mc.used() ? mc.draws : 0);
    }

    /**
     * The accuracy of a Gaussian-process spec on its grid: normal coordinates in closed form (standard deviation s·√(1 + jitter)),
     * the maximum over the grid and the ℓ2 norm by Monte Carlo.
     *
     * @throws IllegalArgumentException for β outside (0, 1)
     */
    public static VectorAccuracy of(GaussianProcessSpec spec, double beta) {
        return of(spec, beta, Accuracy.Draws.NONE);
    }

    /** As {@link #of(GaussianProcessSpec, double)}, telling {@code progress} how many of the Monte Carlo draws are made. */
    static VectorAccuracy of(GaussianProcessSpec spec, double beta, Accuracy.Draws progress) {
        Objects.requireNonNull(spec, "spec");
        Accuracy.checkBeta(beta);
        double[] grid = spec.grid();
        int m = grid.length;
        double sd = spec.noiseScale() * Math.sqrt(1 + spec.jitter());
        Estimate[] coords = new Estimate[m];
        Arrays.fill(coords, new Estimate(sd * ClosedForms.normalQuantile(1 - beta / 2), 0));
        double[] sds = new double[m];
        Arrays.fill(sds, sd);
        // a draw costs m² operations: keep the whole estimate near 2·10^8
        int n = (int) Math.max(500, Math.min(draws(m, 100_000), 200_000_000L / ((long) m * m)));
        GaussianProcessNoise noise = Samplers.gaussianProcess(spec, NumericsPolicy.ALLOW_IDEALIZED);
        MonteCarlo mc = new MonteCarlo(m, n, progress, noise::noise);
        Estimate sim = mc.max(beta);
        Estimate two = mc.l2(beta);
        List<String> names = new ArrayList<>();
        for (double x : grid) {
            names.add("f(" + fmt(x) + ")");
        }
        return new VectorAccuracy(beta, names, coords, sds, sim, two, "grid points closed form (normal, standard deviation s*sqrt(1 + jitter) = " + fmt(sd)
                + "); max over the grid and l2 by " + mc.describe(), mc.draws);
    }

    /**
     * The accuracy of an elliptic Gaussian spec: normal coordinates in closed form (every coordinate has variance
     * ((d − 1)·across + along)/d), the maximum over coordinates and the ℓ2 norm by Monte Carlo on the spec's own sampler.
     *
     * @throws IllegalArgumentException for β outside (0, 1)
     */
    public static VectorAccuracy of(org.optimech.runtime.spec.EllipticGaussianSpec spec, double beta) {
        return of(spec, beta, Accuracy.Draws.NONE);
    }

    /** As {@link #of(org.optimech.runtime.spec.EllipticGaussianSpec, double)}, telling {@code progress} how many of the Monte Carlo draws are made. */
    static VectorAccuracy of(org.optimech.runtime.spec.EllipticGaussianSpec spec, double beta, Accuracy.Draws progress) {
        Objects.requireNonNull(spec, "spec");
        Accuracy.checkBeta(beta);
        int d = spec.dimension();
        double sd = Math.sqrt(spec.coordinateVariance());
        Estimate[] coords = new Estimate[d];
        Arrays.fill(coords, new Estimate(sd * ClosedForms.normalQuantile(1 - beta / 2), 0));
        double[] sds = new double[d];
        Arrays.fill(sds, sd);
        org.optimech.runtime.knorm.EllipticGaussianSampler sampler = org.optimech.runtime.sampling.Samplers.ellipticGaussianNoise(spec, NumericsPolicy.ALLOW_IDEALIZED);
        MonteCarlo mc = new MonteCarlo(d, draws(d, 200_000), progress, sampler::noise);
        List<String> names = new ArrayList<>();
        for (int j = 1; j <= d; j++) {
            names.add("t" + j);
        }
        return new VectorAccuracy(beta, names, coords, sds, mc.max(beta), mc.l2(beta), "coordinates closed form (normal, standard deviation " + fmt(sd)
                + "); max over the coordinates and l2 by " + mc.describe(), mc.draws);
    }

    /**
     * Draws of an exact lattice release's Monte Carlo: as many as {@link #LATTICE_WORK} coordinate draws allow at the certified
     * acceptance a (each draw costs up to d/a), between {@link #MIN_LATTICE_DRAWS} and the floating sampler's count.
     */
    static int latticeDraws(int dimension, double acceptance) {
        double byWork = LATTICE_WORK * acceptance / dimension;
        double preferred = Math.max(2_000, Math.min(200_000, 200_000 * acceptance));
        return (int) Math.max(MIN_LATTICE_DRAWS, Math.min(Math.min(preferred, byWork), MAX_CELLS / Math.max(1, dimension)));
    }

    private static int draws(int dimension, int preferred) {
        return (int) Math.max(1000, Math.min(preferred, MAX_CELLS / Math.max(1, dimension)));
    }

    private static List<String> knormNames(KNormSpec spec) {
        List<String> names = new ArrayList<>();
        Optional<JsonArray> features = spec.design().get("problem").flatMap(JsonValue::object).flatMap(p -> p.get("statistic")).flatMap(JsonValue::object)
                .flatMap(st -> st.get("features")).flatMap(JsonValue::array);
        for (JsonValue f : features.map(JsonArray::elements).orElse(List.of())) {
            f.object().flatMap(o -> o.get("name")).flatMap(JsonValue::string).ifPresent(names::add);
        }
        if (names.size() != spec.dimension()) {
            names.clear();
            for (int j = 1; j <= spec.dimension(); j++) {
                names.add("t" + j);
            }
        }
        return names;
    }

    static String fmt(double x) {
        return String.format(Locale.ROOT, "%.6g", x);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public double beta() {
        return beta;
    }

    @Override
    public String method() {
        return method;
    }

    /** The coordinates' names (the statistic's feature names, or the grid points). */
    public List<String> names() {
        return names;
    }

    /** Per coordinate: the smallest a_j with P(|error_j| &gt; a_j) ≤ β (a copy). */
    public Estimate[] coordinates() {
        return coordinates.clone();
    }

    /** Per coordinate: the error's standard deviation (a copy). */
    public double[] standardDeviations() {
        return standardDeviations.clone();
    }

    /** Every coordinate at once: the smallest a with P(max_j |error_j| &gt; a) ≤ β. */
    public Estimate simultaneous() {
        return simultaneous;
    }

    /** The smallest r with P(‖error‖₂ &gt; r) ≤ β. */
    public Estimate l2() {
        return l2;
    }

    /**
     * This accuracy with every figure multiplied by {@code factor} (noise that is this one scaled by a constant: a K-norm
     * release at another ε, a Gaussian release at another noise scale).
     *
     * @param why how the factor was obtained, appended to the method
     * @throws IllegalArgumentException for a factor that is not positive and finite
     */
    public VectorAccuracy scaled(double factor, String why) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("factor must be > 0 and finite. Provided value: " + factor);
        }
        Estimate[] c = new Estimate[coordinates.length];
        double[] sd = new double[coordinates.length];
        for (int j = 0; j < c.length; j++) {
            c[j] = scale(coordinates[j], factor);
            sd[j] = standardDeviations[j] * factor;
        }
        return new VectorAccuracy(beta, names, c, sd, scale(simultaneous, factor), scale(l2, factor), method + "; " + Objects.requireNonNull(why, "why"), draws);
    }

    private static Estimate scale(Estimate e, double factor) {
        return new Estimate(e.value() * factor, e.standardError() * factor);
    }

    /** How many Monte Carlo draws were used (0 when every figure is closed form). */
    public int draws() {
        return draws;
    }

    /** The widest coordinate's half-width, with its standard error when it is a Monte Carlo figure. */
    public Estimate widest() {
        Estimate worst = coordinates[0];
        for (Estimate e : coordinates) {
            if (e.value() > worst.value()) {
                worst = e;
            }
        }
        return worst;
    }

    @Override
    public String describe() {
        return "with probability " + DiscreteAccuracy.percent(1 - beta) + " each coordinate is within +-" + widest() + " of the true value (the widest), all "
                + coordinates.length + " at once within +-" + simultaneous + ", and the l2 error is at most " + l2;
    }

    /** Draws of the noise with the fixed seed, kept for the quantiles asked. */
    private static final class MonteCarlo {
        private final int dimension;
        private final int draws;
        private final java.util.function.Function<RandomSource, double[]> sampler;
        private final Accuracy.Draws progress;
        private final int reportEvery;
        private double[][] samples;

        MonteCarlo(int dimension, int draws, Accuracy.Draws progress, java.util.function.Function<RandomSource, double[]> sampler) {
            this(dimension, draws, progress, sampler, false);
        }

        /** {@code slow}: each draw is reported (an exact lattice draw can take a second), not every 1024th. */
        MonteCarlo(int dimension, int draws, Accuracy.Draws progress, java.util.function.Function<RandomSource, double[]> sampler, boolean slow) {
            this.dimension = dimension;
            this.draws = draws;
            this.progress = Objects.requireNonNull(progress, "progress");
            this.sampler = sampler;
            this.reportEvery = slow ? 1 : 1024;
        }

        boolean used() {
            return samples != null;
        }

        String describe() {
            return "Monte Carlo (" + draws + " draws of the noise, seed " + Long.toHexString(SEED) + ")";
        }

        private double[][] samples() {
            if (samples == null) {
                RandomSource random = new SeededRandomBits(SEED);
                samples = new double[draws][];
                progress.drawn(0, draws);
                for (int i = 0; i < draws; i++) {
                    samples[i] = sampler.apply(random);
                    if ((i + 1) % reportEvery == 0 || i + 1 == draws) {
                        progress.drawn(i + 1, draws);
                    }
                }
            }
            return samples;
        }

        Estimate[] coordinates(double beta) {
            Estimate[] e = new Estimate[dimension];
            double[] column = new double[draws];
            for (int j = 0; j < dimension; j++) {
                for (int i = 0; i < draws; i++) {
                    column[i] = Math.abs(samples()[i][j]);
                }
                e[j] = quantile(column, 1 - beta);
            }
            return e;
        }

        double[] standardDeviations() {
            double[] sd = new double[dimension];
            for (int j = 0; j < dimension; j++) {
                double mean = 0;
                for (double[] v : samples()) {
                    mean += v[j];
                }
                mean /= draws;
                double ss = 0;
                for (double[] v : samples()) {
                    ss += (v[j] - mean) * (v[j] - mean);
                }
                sd[j] = Math.sqrt(ss / (draws - 1));
            }
            return sd;
        }

        Estimate max(double beta) {
            double[] x = new double[draws];
            for (int i = 0; i < draws; i++) {
                x[i] = LpNorm.LINF.of(samples()[i]);
            }
            return quantile(x, 1 - beta);
        }

        Estimate l2(double beta) {
            double[] x = new double[draws];
            for (int i = 0; i < draws; i++) {
                x[i] = LpNorm.L2.of(samples()[i]);
            }
            return quantile(x, 1 - beta);
        }

        /** The q-quantile of the draws and its standard error: half the spread of the order statistics nq ± √(nq(1−q)). */
        static Estimate quantile(double[] x, double q) {
            double[] sorted = x.clone();
            Arrays.sort(sorted);
            int n = sorted.length;
            int k = (int) Math.min(n - 1, Math.max(0, Math.ceil(n * q) - 1));
            double spread = Math.sqrt(n * q * (1 - q));
            int lo = (int) Math.max(0, Math.floor(n * q - spread) - 1);
            int hi = (int) Math.min(n - 1, Math.ceil(n * q + spread) - 1);
            double se = (sorted[hi] - sorted[lo]) / 2;
            // a zero spread (all draws equal) still has a resolution: never report a Monte Carlo figure as exact
            return new Estimate(sorted[k], se > 0 ? se : Math.max(Math.ulp(sorted[k]), Double.MIN_NORMAL));
        }
    }
}
