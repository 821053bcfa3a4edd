package org.optimech.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.optimech.designer.Designers;
import org.optimech.designer.problem.KNormProblemParser;
import org.optimech.designer.spec.KNormSpecs;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.random.CountingRandomSource;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.random.SecureRandomBits;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.spec.RuntimePolicy;

/**
 * The exact lattice K-norm release against the idealized release of the same body, from the same secure source, in
 * <b>paired short rounds</b>, as {@link SamplerRounds} does for the discrete samplers: each round runs both, in alternating
 * order, and the ratio is taken within the round, per second of the thread's own CPU time. JMH's sequential iterations
 * (LatticeSamplerBenchmark's main) move with the machine's load; a ratio per round does not. Issue 23 asks for
 * lattice/idealized ≥ 0.5.
 *
 * <p>Bodies: {@code hexagon} ({@link LatticeSamplerBenchmark}'s golden specs, d = 2 on 2^-4 ℤ², rate 1/17), and, designed
 * here with ε = 1 under add/remove at the designer's automatic spacing (Δ/2^e ≥ 1024ρ), {@code linfD} and {@code l1D} (the
 * sums of D variables in [−1, 1]: the cube, Δ = 1 in ℓ∞ and D in ℓ1) and {@code hull3} (the regression statistic of
 * {@code examples/problems/knorm-regression.json}, its convex hull). Also prints random bits per draw of each sampler.
 * Usage: {@code LatticeRounds [rounds] [body ...]} (default: hexagon linf4 linf6; {@code all} for every body above at
 * D = 2, 4, 6, 8).
 */
public final class LatticeRounds {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    /** Target CPU time of one sampler in one round. */
    private static final double ROUND_SECONDS = 0.05;
    /**
     * CPU time each sampler runs before the rounds: on the shared 2-core machine both samplers kept speeding up for 1–2 s
     * (hull3: lattice 1.2–1.6 µs per draw falling to 0.4–0.6 µs, idealized 0.6 → 0.27 µs), so shorter warm-ups measured
     * the JIT's progress as much as the samplers.
     */
    private static final double WARMUP_SECONDS = 3;

    private LatticeRounds() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        List<String> bodies = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("all")) {
                bodies.addAll(List.of("hexagon", "hull3", "linf2", "linf4", "linf6", "linf8", "l12", "l14", "l16", "l18"));
            } else {
                bodies.add(args[i]);
            }
        }
        if (bodies.isEmpty()) {
            bodies.addAll(List.of("hexagon", "linf4", "linf6"));
        }
        System.out.println("load average before: " + ExactSamplerBenchmarks.loadAverage());
        Map<String, KNormMechanism[]> pairs = new LinkedHashMap<>();
        for (String body : bodies) {
            pairs.put(body, pair(body));
        }
        RandomSource secure = new SecureRandomBits();
        System.out.printf(Locale.ROOT, "%-8s %3s %14s %14s %22s %10s %10s%n", "body", "d", "idealized/cpu-s", "lattice/cpu-s", "lattice/idealized [10%, 90%]",
                "bits ideal", "bits lat");
        for (Map.Entry<String, KNormMechanism[]> e : pairs.entrySet()) {
            KNormMechanism[] m = e.getValue();
            int d = m[0].dimension();
            double[] statistic = new double[d];
            statistic[0] = 0.5;
            int[] draws = new int[2];
            for (int s = 0; s < 2; s++) { // warm up (the JIT needs seconds under load), then calibrate the draws per round
                draws[s] = 1000;
                double warm = 0;
                for (int w = 0; w < 4 || warm < WARMUP_SECONDS; w++) {
                    double seconds = cpuSeconds(m[s], statistic, secure, draws[s]);
                    warm += seconds;
                    draws[s] = (int) Math.max(200, Math.min(2_000_000, draws[s] * ROUND_SECONDS / Math.max(seconds, 1e-4)));
                }
            }
            double[][] rate = new double[2][rounds];
            double[] ratio = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                for (int k = 0; k < 2; k++) {
                    int s = (k + r) % 2;
                    rate[s][r] = draws[s] / cpuSeconds(m[s], statistic, secure, draws[s]);
                }
                ratio[r] = rate[1][r] / rate[0][r];
            }
            System.out.printf(Locale.ROOT, "%-8s %3d %14.0f %14.0f %10.2fx [%.2f, %.2f] %10.1f %10.1f%n", e.getKey(), d, SamplerRounds.median(rate[0]),
                    SamplerRounds.median(rate[1]), SamplerRounds.median(ratio), SamplerRounds.quantile(ratio, 0.1), SamplerRounds.quantile(ratio, 0.9),
                    bitsPerDraw(m[0], statistic), bitsPerDraw(m[1], statistic));
        }
        System.out.println("load average after: " + ExactSamplerBenchmarks.loadAverage());
    }

    /** {idealized, exact lattice} mechanisms of one body. */
    static KNormMechanism[] pair(String body) throws Exception {
        if (body.equals("hexagon")) {
            return new KNormMechanism[] {LatticeSamplerBenchmark.load("knorm-hexagon.json"), LatticeSamplerBenchmark.load("knorm-hexagon-lattice.json")};
        }
        String problem;
        if (body.equals("hull3")) {
            problem = "{\"kind\": \"knorm\", \"epsilon\": 1, \"neighbours\": \"add-remove\", \"statistic\": {\"variables\": {\"x\": [-1, 1], \"y\": [0, 1]},"
                    + " \"features\": [{\"name\": \"sx\", \"terms\": [{\"coef\": 1, \"powers\": {\"x\": 1}}]}, {\"name\": \"sy\", \"terms\": [{\"coef\": 1, \"powers\": {\"y\": 1}}]},"
                    + " {\"name\": \"sxy\", \"terms\": [{\"coef\": 1, \"powers\": {\"x\": 1, \"y\": 1}}]}]}, \"candidates\": [\"hull\"]}";
        } else {
            String norm = body.startsWith("linf") ? "linf" : "l1";
            int d = Integer.parseInt(body.substring(norm.length()));
            StringBuilder variables = new StringBuilder();
            StringBuilder features = new StringBuilder();
            for (int j = 0; j < d; j++) {
                variables.append(j == 0 ? "" : ", ").append("\"x").append(j).append("\": [-1, 1]");
                features.append(j == 0 ? "" : ", ").append("{\"name\": \"s").append(j).append("\", \"terms\": [{\"coef\": 1, \"powers\": {\"x").append(j).append("\": 1}}]}");
            }
            problem = "{\"kind\": \"knorm\", \"epsilon\": 1, \"neighbours\": \"add-remove\", \"statistic\": {\"variables\": {" + variables + "}, \"features\": ["
                    + features + "]}, \"candidates\": [\"" + norm + "\"]}";
        }
        var p = KNormProblemParser.parse(JsonParser.parse(problem));
        KNormSpec ideal = KNormSpec.of(Designers.design(p, Designers.Options.defaults()).spec()).orElseThrow();
        KNormSpec exact = KNormSpec.of(Designers.design(p, Designers.Options.defaults().withLattice(KNormSpecs.Lattice.auto())).spec()).orElseThrow();
        RuntimePolicy idealized = RuntimePolicy.builder().numerics(NumericsPolicy.ALLOW_IDEALIZED).build();
        return new KNormMechanism[] {Mechanisms.knorm(ideal, idealized), Mechanisms.knorm(exact, RuntimePolicy.standard())};
    }

    /** CPU seconds of this thread for {@code draws} releases. */
    private static double cpuSeconds(KNormMechanism m, double[] statistic, RandomSource random, int draws) {
        double sink = 0;
        long c0 = CPU.getCurrentThreadCpuTime();
        for (int i = 0; i < draws; i++) {
            sink += m.sample(statistic, random)[0];
        }
        long c1 = CPU.getCurrentThreadCpuTime();
        if (sink == Double.MIN_VALUE) {
            System.out.print("");
        }
        return Math.max(1, c1 - c0) * 1e-9;
    }

    /** Random bits per release, over 20,000 releases. */
    private static double bitsPerDraw(KNormMechanism m, double[] statistic) {
        CountingRandomSource counting = CountingRandomSource.of(new SecureRandomBits());
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            m.sample(statistic, counting);
        }
        return counting.bits() / (double) n;
    }
}
