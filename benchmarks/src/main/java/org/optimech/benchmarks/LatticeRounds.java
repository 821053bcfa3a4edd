package org.optimech.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The exact lattice K-norm release against the idealized release of the same body ({@link LatticeSamplerBenchmark}'s
 * hexagon golden specs, d = 2, the same secure source) in <b>paired short rounds</b>, as {@link SamplerRounds} does for the
 * discrete samplers: each round runs both, in alternating order, and the ratio is taken within the round, per second of
 * the thread's own CPU time. JMH's sequential iterations (LatticeSamplerBenchmark's main) move with the machine's load;
 * a ratio per round does not. Issue 23 asks for lattice/idealized ≥ 0.5. Usage: {@code LatticeRounds [rounds]}.
 */
public final class LatticeRounds {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static final int DRAWS = 20_000;

    private LatticeRounds() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        LatticeSamplerBenchmark b = new LatticeSamplerBenchmark();
        b.setup();
        System.out.println("load average before: " + ExactSamplerBenchmarks.loadAverage());
        double[] idealized = new double[rounds];
        double[] lattice = new double[rounds];
        double[] ratio = new double[rounds];
        for (int r = -3; r < rounds; r++) { // three warm-up rounds
            double[] rate = new double[2];
            for (int k = 0; k < 2; k++) {
                int s = (k + Math.max(r, 0)) % 2;
                double sink = 0;
                long c0 = CPU.getCurrentThreadCpuTime();
                for (int i = 0; i < DRAWS; i++) {
                    sink += (s == 0 ? b.idealized() : b.lattice())[0];
                }
                long c1 = CPU.getCurrentThreadCpuTime();
                if (sink == Double.MIN_VALUE) {
                    System.out.print("");
                }
                rate[s] = DRAWS / (Math.max(1, c1 - c0) * 1e-9);
            }
            if (r >= 0) {
                idealized[r] = rate[0];
                lattice[r] = rate[1];
                ratio[r] = rate[1] / rate[0];
            }
        }
        System.out.printf("hexagon (d = 2), %d rounds of %d draws each: idealized %.0f draws/cpu-s, exact lattice %.0f draws/cpu-s (medians)%n", rounds, DRAWS,
                SamplerRounds.median(idealized), SamplerRounds.median(lattice));
        System.out.printf("lattice / idealized per round: median %.2fx [10%%: %.2f, 90%%: %.2f]%n", SamplerRounds.median(ratio), SamplerRounds.quantile(ratio, 0.1), SamplerRounds.quantile(ratio, 0.9));
        System.out.println("load average after: " + ExactSamplerBenchmarks.loadAverage());
    }
}
