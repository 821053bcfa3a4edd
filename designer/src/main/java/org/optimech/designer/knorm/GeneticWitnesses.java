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
import java.util.function.ToDoubleFunction;

/**
 * A genetic search (Jenetics) for a witness of a branch and bound: the point of the search box where a certified lower
 * value is largest. A heuristic: what it finds only raises the lower bound (the branch and bound evaluates it with certified
 * bounds), so it can never weaken a certified upper bound. Seeded and single-threaded, so a design is reproducible.
 */
final class GeneticWitnesses {
    /** Population and generations of the witness search (about a thousand evaluations). */
    static final int POPULATION = 40;
    static final int GENERATIONS = 25;

    private GeneticWitnesses() {
    }

    /** The best point for Σ|m_r·u| (sum) or Σ(m_r·u)² over the searched box of a record or a pair, as a one-row array (empty: none). */
    static double[][] forGauge(org.optimech.runtime.certificate.StatisticPolynomials sp, boolean pairs, org.optimech.runtime.certificate.Gauge g, boolean sum) {
        return forGauge(sp, pairs, g, sum, () -> false);
    }

    /** As {@link #forGauge(org.optimech.runtime.certificate.StatisticPolynomials, boolean, org.optimech.runtime.certificate.Gauge, boolean)}, ending at the first generation after {@code stop}. */
    static double[][] forGauge(org.optimech.runtime.certificate.StatisticPolynomials sp, boolean pairs, org.optimech.runtime.certificate.Gauge g, boolean sum,
            java.util.function.BooleanSupplier stop) {
        org.optimech.runtime.certificate.PairObjective o = new org.optimech.runtime.certificate.PairObjective(sp.rows(g), pairs);
        double[] best = best(sum ? o::sumLowerAt : o::squareLowerAt, sp.searchLower(pairs), sp.searchUpper(pairs), POPULATION, GENERATIONS, 1, stop);
        return best == null ? new double[0][] : new double[][] {best};
    }

    /**
     * The best point found, or null when the box is degenerate in some coordinate (nothing to search there).
     *
     * @param value a lower value at a point (NaN is treated as −∞)
     */
    static double[] best(ToDoubleFunction<double[]> value, double[] lo, double[] hi, int population, int generations, long seed) {
        return best(value, lo, hi, population, generations, seed, () -> false);
    }

    /** As {@link #best(ToDoubleFunction, double[], double[], int, int, long)}, ending at the first generation after {@code stop} (null when none ran). */
    static double[] best(ToDoubleFunction<double[]> value, double[] lo, double[] hi, int population, int generations, long seed, java.util.function.BooleanSupplier stop) {
        List<DoubleChromosome> chromosomes = new ArrayList<>();
        for (int z = 0; z < lo.length; z++) {
            if (!(lo[z] < hi[z])) {
                return null;
            }
            chromosomes.add(DoubleChromosome.of(lo[z], hi[z]));
        }
        Genotype<DoubleGene> factory = Genotype.of(chromosomes);
        Engine<DoubleGene, Double> engine = Engine.builder((Genotype<DoubleGene> g) -> {
            double v = value.applyAsDouble(decode(g, lo, hi));
            return Double.isNaN(v) ? Double.NEGATIVE_INFINITY : v;
        }, factory).populationSize(population).optimize(Optimize.MAXIMUM).executor((Runnable r) -> r.run())
                .alterers(new Mutator<>(0.15), new MeanAlterer<>(0.6)).build();
        Phenotype<DoubleGene, Double> best = RandomRegistry.with(new java.util.Random(seed),
                r -> engine.stream().limit(generations).takeWhile(g -> !stop.getAsBoolean()).collect(EvolutionResult.toBestPhenotype()));
        return best == null ? null : decode(best.genotype(), lo, hi);
    }

    private static double[] decode(Genotype<DoubleGene> g, double[] lo, double[] hi) {
        double[] x = new double[lo.length];
        for (int z = 0; z < x.length; z++) {
            // the gene's range is half-open; clamp so the box's faces (where maxima often sit) stay reachable by the polish
            x[z] = Math.min(hi[z], Math.max(lo[z], g.get(z).gene().doubleValue()));
        }
        return x;
    }
}
