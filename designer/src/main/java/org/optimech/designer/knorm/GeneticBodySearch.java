package org.optimech.designer.knorm;

import io.jenetics.DoubleChromosome;
import io.jenetics.DoubleGene;
import io.jenetics.Genotype;
import io.jenetics.MeanAlterer;
import io.jenetics.Mutator;
import io.jenetics.Optimize;
import io.jenetics.Phenotype;
import io.jenetics.engine.Engine;
import io.jenetics.engine.EvolutionResult;
import io.jenetics.util.RandomRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.optimech.designer.common.Progress;
import org.optimech.designer.problem.Criterion;
import org.optimech.geometry.body.LpBalls;
import org.optimech.runtime.certificate.Gauge;
import org.optimech.runtime.certificate.PairObjective;
import org.optimech.runtime.certificate.StatisticPolynomials;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.knorm.LpNorm;

/**
 * A genetic search (Jenetics) over body parameters for a polynomial statistic, without its hull: linear images A·B of the ℓ1
 * and ℓ∞ balls with A = W·diag(s), W one of a small family of maps (the identity, and the principal axes of S_T's witnesses)
 * and s per-coordinate scalings. Candidates are ranked by their <em>witnessed</em> criterion (Δ taken as the largest gauge
 * over a seeded sample of S_T, a lower bound); only the pick is then certified by the caller with the same branch and bound
 * as every other body, so the stored Δ is never a witness. A heuristic: the pick is not claimed optimal.
 *
 * <p>The pair (ℓ∞, identity) is not searched: it is the weighted box, whose bounding box of S_T is optimal among boxes.
 * ℓ2 images (ellipsoids) are not searched: the runtime's linear-image body stores ℓ1 and ℓ∞ bases only.
 */
public final class GeneticBodySearch {
    /** Witness pairs drawn at random (box corners are added while there are at most {@link #MAX_CORNER_PAIRS} of them). */
    static final int RANDOM_WITNESSES = 768;
    static final int MAX_CORNER_PAIRS = 4096;
    /** Scalings are searched within this factor of the witnesses' bounding box in W's coordinates, either way. */
    static final double SCALE_RANGE = 8;

    /**
     * Turns the search on for the {@code search} candidate of a polynomial statistic.
     *
     * @param seed the search's randomness (a design with the same seed and problem finds the same body)
     * @param population individuals per generation
     * @param generations generations per family searched
     */
    public record Settings(long seed, int population, int generations) {
        public Settings {
            if (population < 2) {
                throw new IllegalArgumentException("body search population must be >= 2. Provided value: " + population);
            }
            if (generations < 1) {
                throw new IllegalArgumentException("body search generations must be >= 1. Provided value: " + generations);
            }
        }

        /** 40 individuals for 60 generations per family, about 7,000 witnessed evaluations. */
        public static Settings seeded(long seed) {
            return new Settings(seed, 40, 60);
        }
    }

    private GeneticBodySearch() {
    }

    /** One family: a base ball and a map W (rows of Wᵀ act on the witnesses). */
    record Family(LpNorm base, String map, double[][] w, double[][] rotated, double[] start) {
        /** The same family with one more witness (in W's coordinates). */
        Family with(double[] y) {
            double[][] r = java.util.Arrays.copyOf(rotated, rotated.length + 1);
            r[rotated.length] = y;
            return new Family(base, map, w, r, start);
        }
    }

    /**
     * The best body found, or null when S_T's witnesses do not span the space (no invertible A fits them).
     *
     * @param stop asked every generation: once true, the family under way keeps what it found and the rest are skipped (the
     *     first family runs at least one generation)
     */
    static BodySearch.Found search(StatisticPolynomials sp, boolean pairs, int d, Criterion criterion, Settings settings, BooleanSupplier stop,
            Progress progress) {
        double[][] witnesses = witnesses(sp, pairs, d, settings.seed());
        List<Family> families = families(witnesses, d);
        if (families.isEmpty()) {
            return null;
        }
        Progress.Task task = progress.task(String.format(Locale.ROOT, "body search: %d families (%d witnesses of S_T), %d x %d per family", families.size(),
                witnesses.length, settings.population(), settings.generations()), (long) families.size() * settings.generations());
        PairObjective o = new PairObjective(sp.rows(Gauge.identity(Gauge.Kind.RANGES, d)), pairs);
        double[] lo = sp.searchLower(pairs);
        double[] hi = sp.searchUpper(pairs);
        BodySearch.Found best = null;
        int added = 0;
        int evaluations = 0;
        int done = 0;
        for (int f = 0; f < families.size(); f++) {
            if (done > 0 && stop.getAsBoolean()) {
                break; // the first family always runs a generation, so a body asked for is always found
            }
            Family fam = families.get(f);
            int[] generations = {0};
            double[] bestGenes = evolve(fam, criterion, d, settings, f, stop, task, generations, new double[d]);
            evaluations += settings.population() * generations[0];
            // the sample may miss where the pick's gauge peaks: search S_T for that point, add it and evolve again from the pick
            for (int round = 0; round < REFINEMENTS && !stop.getAsBoolean(); round++) {
                double[] u = worstWitness(o, lo, hi, fam, bestGenes, settings.seed() + round, stop);
                if (u == null || !(gauge(fam, scales(fam, bestGenes), rotate(fam.w(), u)) > witnessedDelta(fam, bestGenes) * (1 + 1e-9))) {
                    break; // the sample already holds the pick's largest gauge found
                }
                fam = fam.with(rotate(fam.w(), u));
                added++;
                generations[0] = 0;
                task.total(task.total() + settings.generations());
                bestGenes = evolve(fam, criterion, d, settings, f, stop, task, generations, bestGenes);
                evaluations += settings.population() * generations[0];
            }
            done++;
            double score = logScore(fam, bestGenes, criterion, d);
            if (best == null || score < best.score()) {
                double[][] a = matrix(fam, bestGenes, d);
                Rational[][] inverse;
                try {
                    inverse = IntegerMatrices.inverse(a);
                } catch (ArithmeticException | IllegalArgumentException e) {
                    continue; // singular after rounding to doubles: not a body
                }
                best = new BodySearch.Found(fam.base(), a, inverse, score, 0, 0, describe(fam));
            }
        }
        task.done();
        return best == null ? null : new BodySearch.Found(best.base(), best.a(), best.inverseExact(), best.score(), done, evaluations, String.format(Locale.ROOT,
                "genetic search (Jenetics, seed %d) over A = W*diag(s) for the l1 and linf balls, W the identity or the principal axes of %d witnesses of "
                        + "S_T, ranked by the witnessed criterion (%d families, %d evaluations, %d witnesses added where a pick's gauge peaked); best: %s",
                settings.seed(), witnesses.length, done, evaluations, added, best.method()));
    }

    /** Rounds of witness refinement per family (a witness search for the pick's gauge, then the family evolved again). */
    static final int REFINEMENTS = 4;

    /** The point of S_T where the gauge of the family's body with these genes is largest by a genetic search, or null. */
    private static double[] worstWitness(PairObjective o, double[] lo, double[] hi, Family fam, double[] genes, long seed, BooleanSupplier stop) {
        double[] s = scales(fam, genes);
        double[] x = GeneticWitnesses.best(p -> gauge(fam, s, rotate(fam.w(), midpoint(o, p))), lo, hi, GeneticWitnesses.POPULATION,
                GeneticWitnesses.GENERATIONS, seed, stop);
        return x == null ? null : midpoint(o, x);
    }

    private static double[] midpoint(PairObjective o, double[] x) {
        double[][] g = o.differences(x, x);
        double[] u = new double[g.length];
        for (int j = 0; j < u.length; j++) {
            u[j] = 0.5 * g[j][0] + 0.5 * g[j][1];
        }
        return u;
    }

    /** Wᵀu. */
    private static double[] rotate(double[][] w, double[] u) {
        int d = u.length;
        double[] y = new double[d];
        for (int c = 0; c < d; c++) {
            double t = 0;
            for (int j = 0; j < d; j++) {
                t += w[j][c] * u[j];
            }
            y[c] = t;
        }
        return y;
    }

    /** ‖diag(s)⁻¹·y‖_B. */
    private static double gauge(Family fam, double[] s, double[] y) {
        double g = 0;
        for (int i = 0; i < y.length; i++) {
            double v = Math.abs(y[i]) / s[i];
            g = fam.base() == LpNorm.L1 ? g + v : Math.max(g, v);
        }
        return g;
    }

    private static double witnessedDelta(Family fam, double[] genes) {
        double[] s = scales(fam, genes);
        double delta = 0;
        for (double[] y : fam.rotated()) {
            delta = Math.max(delta, gauge(fam, s, y));
        }
        return delta;
    }

    private static String describe(Family f) {
        return f.base().json() + " on " + f.map();
    }

    /** Points of S_T: t(x) − t(x′) (pairs) or t(x), at the box's corners while few and at seeded random points; zero vectors dropped. */
    static double[][] witnesses(StatisticPolynomials sp, boolean pairs, int d, long seed) {
        PairObjective o = new PairObjective(sp.rows(Gauge.identity(Gauge.Kind.RANGES, d)), pairs);
        double[] lo = sp.searchLower(pairs);
        double[] hi = sp.searchUpper(pairs);
        int n = lo.length;
        List<double[]> out = new ArrayList<>();
        if (n < 31 && (1L << n) <= MAX_CORNER_PAIRS) {
            for (long mask = 0; mask < (1L << n); mask++) {
                double[] x = new double[n];
                for (int z = 0; z < n; z++) {
                    x[z] = ((mask >> z) & 1) == 0 ? lo[z] : hi[z];
                }
                add(o, x, out);
            }
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < RANDOM_WITNESSES; i++) {
            double[] x = new double[n];
            for (int z = 0; z < n; z++) {
                // a third of the coordinates at a face, where maxima of polynomials on boxes often sit
                double u = rnd.nextDouble();
                x[z] = u < 1.0 / 6 ? lo[z] : u < 1.0 / 3 ? hi[z] : lo[z] + (hi[z] - lo[z]) * rnd.nextDouble();
            }
            add(o, x, out);
        }
        return out.toArray(new double[0][]);
    }

    private static void add(PairObjective o, double[] x, List<double[]> out) {
        double[][] g = o.differences(x, x);
        double[] u = new double[g.length];
        boolean zero = true;
        for (int j = 0; j < u.length; j++) {
            u[j] = 0.5 * g[j][0] + 0.5 * g[j][1];
            zero &= u[j] == 0;
        }
        if (!zero) {
            out.add(u);
        }
    }

    private static List<Family> families(double[][] witnesses, int d) {
        List<Family> out = new ArrayList<>();
        double[][] identity = new double[d][d];
        for (int i = 0; i < d; i++) {
            identity[i][i] = 1;
        }
        double[][] axes = principalAxes(witnesses, d);
        addFamily(out, LpNorm.L1, "the coordinate axes", identity, witnesses, d);
        if (axes != null) {
            addFamily(out, LpNorm.L1, "the principal axes", axes, witnesses, d);
            addFamily(out, LpNorm.LINF, "the principal axes", axes, witnesses, d);
        }
        return out;
    }

    private static void addFamily(List<Family> out, LpNorm base, String name, double[][] w, double[][] witnesses, int d) {
        double[][] rotated = new double[witnesses.length][d];
        double[] start = new double[d];
        for (int i = 0; i < witnesses.length; i++) {
            for (int c = 0; c < d; c++) {
                double s = 0;
                for (int j = 0; j < d; j++) {
                    s += w[j][c] * witnesses[i][j];
                }
                rotated[i][c] = s;
                start[c] = Math.max(start[c], Math.abs(s));
            }
        }
        for (double s : start) {
            if (!(s > 0)) {
                return; // the witnesses do not reach this direction: no invertible A of this family covers S_T's span
            }
        }
        out.add(new Family(base, name, w, rotated, start));
    }

    /** Eigenvectors of Σ u·uᵀ over the witnesses as the columns of W (orthonormal), or null when they are not usable. */
    private static double[][] principalAxes(double[][] witnesses, int d) {
        double[][] m = new double[d][d];
        for (double[] u : witnesses) {
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < d; j++) {
                    m[i][j] += u[i] * u[j];
                }
            }
        }
        try {
            RealMatrix v = new EigenDecomposition(new Array2DRowRealMatrix(m)).getV();
            double[][] w = v.getData();
            for (double[] row : w) {
                for (double x : row) {
                    if (!Double.isFinite(x)) {
                        return null;
                    }
                }
            }
            return w;
        } catch (RuntimeException e) {
            return null; // commons-math's eigen solver did not converge: that family is left out
        }
    }

    /** The best genes of one family; {@code generation[0]} counts the generations run. */
    private static double[] evolve(Family fam, Criterion criterion, int d, Settings settings, int index, BooleanSupplier stop, Progress.Task task,
            int[] generation, double[] startGenes) {
        double range = Math.log(SCALE_RANGE);
        List<DoubleChromosome> chromosomes = new ArrayList<>();
        for (int i = 0; i < d; i++) {
            chromosomes.add(DoubleChromosome.of(-range, range));
        }
        Genotype<DoubleGene> factory = Genotype.of(chromosomes);
        Engine<DoubleGene, Double> engine = Engine.builder((Genotype<DoubleGene> g) -> logScore(fam, genes(g), criterion, d), factory)
                .populationSize(settings.population()).optimize(Optimize.MINIMUM).executor((Runnable r) -> r.run())
                .alterers(new Mutator<>(0.2), new MeanAlterer<>(0.6)).build();
        // the witnesses' bounding box in W's coordinates starts the search (for linf it is already the best box on the witnesses)
        List<DoubleChromosome> zero = new ArrayList<>();
        for (int i = 0; i < d; i++) {
            zero.add(DoubleChromosome.of(DoubleGene.of(startGenes[i], -range, range)));
        }
        Genotype<DoubleGene> start = Genotype.of(zero);
        Phenotype<DoubleGene, Double> best = RandomRegistry.with(new java.util.Random(settings.seed() * 31 + index), r -> engine.stream(List.of(start))
                .limit(settings.generations()).takeWhile(g -> generation[0] == 0 || !stop.getAsBoolean())
                .peek(g -> {
                    generation[0]++;
                    if (generation[0] % 10 == 0 || generation[0] == settings.generations()) {
                        task.advance(generation[0] % 10 == 0 ? 10 : generation[0] % 10, String.format(Locale.ROOT, "%s: best witnessed log-criterion %.6g",
                                describe(fam), g.bestFitness()));
                    }
                })
                .collect(EvolutionResult.toBestPhenotype()));
        return best == null ? new double[d] : genes(best.genotype());
    }

    private static double[] genes(Genotype<DoubleGene> g) {
        double[] x = new double[g.length()];
        for (int i = 0; i < x.length; i++) {
            x[i] = g.get(i).gene().doubleValue();
        }
        return x;
    }

    private static double[] scales(Family fam, double[] genes) {
        double[] s = new double[genes.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = fam.start()[i] * Math.exp(genes[i]);
        }
        return s;
    }

    /** A = W·diag(s). */
    private static double[][] matrix(Family fam, double[] genes, int d) {
        double[] s = scales(fam, genes);
        double[][] a = new double[d][d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                a[i][j] = fam.w()[i][j] * s[j];
            }
        }
        return a;
    }

    /**
     * The log of the criterion for A = W·diag(s) with W orthonormal, Δ the largest gauge over the witnesses, up to the factor
     * (d+1)(d+2)/ε² that every body of this d shares: trace Δ²·c_B·Σs², max-variance Δ²·c_B·max s², volume Δ^d·Πs·vol(B).
     */
    static double logScore(Family fam, double[] genes, Criterion criterion, int d) {
        double[] s = scales(fam, genes);
        double logDelta = Math.log(witnessedDelta(fam, genes));
        switch (criterion) {
            case TRACE: {
                double sum = 0;
                for (double x : s) {
                    sum += x * x;
                }
                return 2 * logDelta + Math.log(LpBalls.secondMomentScalar(fam.base(), d).doubleValue()) + Math.log(sum);
            }
            case MAX_VARIANCE: {
                double top = 0;
                for (double x : s) {
                    top = Math.max(top, x * x);
                }
                return 2 * logDelta + Math.log(LpBalls.secondMomentScalar(fam.base(), d).doubleValue()) + Math.log(top);
            }
            default: {
                double logs = 0;
                for (double x : s) {
                    logs += Math.log(x);
                }
                return d * logDelta + logs + Math.log(LpBalls.volume(fam.base(), d));
            }
        }
    }
}
