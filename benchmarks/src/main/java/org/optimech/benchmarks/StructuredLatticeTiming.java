package org.optimech.benchmarks;

import java.util.Locale;
import org.optimech.designer.Designers;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.KNormProblemParser;
import org.optimech.designer.spec.KNormSpecs;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.lattice.LatticeSampler;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.spec.RuntimePolicy;

/**
 * The exact lattice samplers of the sum ball, the count ball and the count join (issue 22) against the idealized (floating-point) sampler of
 * the same body in the same run: draws/s of the loaded exact spec (hull, automatic spacing Δ/2^e ≥ 1024·ρ) and of the loaded
 * idealized spec, same seeded bit source, with the proposal the exact sampler chose and its certified acceptance. Medians of
 * 5 after 2 warm-ups; one thread. Usage: {@code StructuredLatticeTiming [between]}: {@code between} runs only the sum ball at
 * d = 1000 with k = 250, 300, 400 (the mixed proposal, session 6), fewer draws per block, and reports the exact sampler's setup
 * (certification when the spec is loaded: {@code Mechanisms.of}, median of 3) and the heap it retains (after GC, median of 3);
 * {@code join} runs only the count join (counts under add/remove) at d = 10, 100, 1000 and the count ball of the last counts;
 * {@code levels} runs the count join at large k (the level proposal, session 8: counts at d = 100 with k = 30, 50, 100 and d = 1000
 * with k = 300, 1000, ordered counts along a chain of 100), with the setup report of {@code between} and the time to build the
 * Eulerian row A(d + 1, ·) from scratch (the load pays it once; later loads share it); {@code mixed} runs the count join at
 * d = 1000 with k = 100, 150, 200, 240, 300 and the count ball at d = 1000, k = 200 (session 9's mixed proposals; -DblockDraws=N,
 * default 20); {@code countball} runs the count ball (counts under substitution) at d = 100 with k = 10, 20 and d = 1000 with
 * k = 20, 100, 200 (session 11: the mixed proposal at d = 100, k = 20 and d = 1000, k = 100, 200; -DblockDraws=N, default 20).
 */
public final class StructuredLatticeTiming {
    /** Draws per timed block when set (the {@code between} cases are slow per draw). */
    private static int blockDraws;

    private StructuredLatticeTiming() {
    }

    public static void main(String[] args) throws Exception {
        String[][] cases = new String[][] {
            {"{\"bounded_contribution\": {\"dimension\": 10, \"max_abs\": 1, \"max_nonzero\": 3, \"nonnegative\": false}}", "add-remove"},
            {"{\"bounded_contribution\": {\"dimension\": 100, \"max_abs\": 1, \"max_nonzero\": 20, \"nonnegative\": false}}", "add-remove"},
            {"{\"bounded_contribution\": {\"dimension\": 100, \"max_abs\": 1, \"max_nonzero\": 45, \"nonnegative\": false}}", "add-remove"},
            {"{\"bounded_contribution\": {\"dimension\": 1000, \"max_abs\": 1, \"max_nonzero\": 20, \"nonnegative\": false}}", "add-remove"},
            {"{\"bounded_contribution\": {\"dimension\": 1000, \"max_abs\": 1, \"max_nonzero\": 600, \"nonnegative\": false}}", "add-remove"},
            {"{\"counts\": {\"dimension\": 10, \"max_nonzero\": 2}}", "substitution"},
            {"{\"counts\": {\"dimension\": 100, \"max_nonzero\": 10}}", "substitution"},
            {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 20}}", "substitution"},
            {"{\"counts\": {\"dimension\": 10, \"max_nonzero\": 2}}", "add-remove"},
            {"{\"counts\": {\"dimension\": 100, \"max_nonzero\": 10}}", "add-remove"},
            {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 20}}", "add-remove"},
        };
        boolean between = args.length > 0 && args[0].equals("between");
        boolean levels = args.length > 0 && args[0].equals("levels");
        if (levels) {
            StringBuilder chain = new StringBuilder();
            for (int i = 0; i + 1 < 100; i++) {
                chain.append(i == 0 ? "" : ", ").append("[").append(i + 1).append(", ").append(i).append("]");
            }
            cases = new String[][] {
                {"{\"counts\": {\"dimension\": 100, \"max_nonzero\": 30}}", "add-remove"},
                {"{\"counts\": {\"dimension\": 100, \"max_nonzero\": 50}}", "add-remove"},
                {"{\"counts\": {\"dimension\": 100, \"max_nonzero\": 100}}", "add-remove"},
                {"{\"ordered_counts\": {\"dimension\": 100, \"implies\": [" + chain + "]}}", "add-remove"},
                {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 300}}", "add-remove"},
                {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 1000}}", "add-remove"},
            };
            blockDraws = 200;
            scanCountJoin();
        }
        if (args.length > 0 && args[0].equals("mixed")) {
            // session 9: the count join between the l1 and level regimes at d = 1000 (the two-level mixed proposal), and the
            // count ball of counts (substitution) at k = 200 (the sum ball's mixed proposal with 2k)
            cases = new String[][] {
                {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 100}}", "add-remove"},
                {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 150}}", "add-remove"},
                {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 200}}", "add-remove"},
                {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 240}}", "add-remove"},
                {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 300}}", "add-remove"},
                {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 200}}", "substitution"},
            };
            blockDraws = Integer.parseInt(System.getProperty("blockDraws", "20"));
        }
        if (args.length > 0 && args[0].equals("countball")) {
            // session 11: the count ball (counts under substitution) with the mixed proposal (d = 100, k = 20; d = 1000, k = 100, 200),
            // beside ℓ1 at the smaller k of each dimension
            cases = new String[][] {
                {"{\"counts\": {\"dimension\": 100, \"max_nonzero\": 10}}", "substitution"},
                {"{\"counts\": {\"dimension\": 100, \"max_nonzero\": 20}}", "substitution"},
                {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 20}}", "substitution"},
                {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 100}}", "substitution"},
                {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 200}}", "substitution"},
            };
            blockDraws = Integer.parseInt(System.getProperty("blockDraws", "20"));
        }
        if (args.length > 0 && args[0].equals("join")) {
            // the count join (counts under add/remove, exact since session 7) and the count ball of the same counts
            cases = new String[][] {
                {"{\"counts\": {\"dimension\": 10, \"max_nonzero\": 2}}", "add-remove"},
                {"{\"counts\": {\"dimension\": 100, \"max_nonzero\": 10}}", "add-remove"},
                {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 20}}", "add-remove"},
                {"{\"counts\": {\"dimension\": 1000, \"max_nonzero\": 20}}", "substitution"},
            };
        }
        if (between) {
            cases = new String[][] {
                {"{\"bounded_contribution\": {\"dimension\": 1000, \"max_abs\": 1, \"max_nonzero\": 250, \"nonnegative\": false}}", "add-remove"},
                {"{\"bounded_contribution\": {\"dimension\": 1000, \"max_abs\": 1, \"max_nonzero\": 300, \"nonnegative\": false}}", "add-remove"},
                {"{\"bounded_contribution\": {\"dimension\": 1000, \"max_abs\": 1, \"max_nonzero\": 400, \"nonnegative\": false}}", "add-remove"},
            };
            blockDraws = 40;
        }
        RuntimePolicy idealized = RuntimePolicy.builder().numerics(NumericsPolicy.ALLOW_IDEALIZED).build();
        System.out.printf(Locale.ROOT, "%-40s %-12s %5s %5s %-6s %10s %12s %12s %8s%n", "statistic", "relation", "d", "k", "prop", "cert acc",
                "exact/s", "idealized/s", "ratio");
        for (String[] c : cases) {
            KNormProblem p = KNormProblemParser.parse(JsonParser.parse("{\"kind\": \"knorm\", \"epsilon\": 1, \"neighbours\": \"" + c[1]
                    + "\", \"statistic\": " + c[0] + ", \"candidates\": [\"hull\"]}"));
            int d = p.dimension();
            KNormSpec ideal = KNormSpec.of(Designers.design(p, Designers.Options.defaults()).spec()).orElseThrow();
            KNormSpec exact = KNormSpec.of(Designers.design(p, Designers.Options.defaults().withLattice(KNormSpecs.Lattice.auto())).spec()).orElseThrow();
            KNormSpec.LatticeNoise l = exact.latticeNoise().orElseThrow();
            LatticeSampler s = LatticeSampler.of(l.certified());
            double re = rate(Mechanisms.of(exact, RuntimePolicy.standard()), d);
            double ri = rate(Mechanisms.of(ideal, idealized), d);
            String name = c[0].replaceAll("[{}\" ]", "");
            if (levels && d >= 1000) {
                long t0 = System.nanoTime();
                int rowLength = org.optimech.runtime.knorm.EulerianNumbers.row(d + 1).length;
                System.out.printf(Locale.ROOT, "  Eulerian row A(%d, .) (%d big integers) built from scratch in %.0f ms%n", d + 1, rowLength, (System.nanoTime() - t0) / 1e6);
            }
            if (between || levels) {
                double[] setup = new double[3];
                double[] load = new double[3];
                double[] heap = new double[3];
                String text = org.optimech.runtime.spec.SpecLoader.toText(exact);
                for (int i = 0; i < 3; i++) {
                    Runtime rt = Runtime.getRuntime();
                    System.gc();
                    long before = rt.totalMemory() - rt.freeMemory();
                    long t0 = System.nanoTime();
                    LatticeSampler.Certified cert = LatticeSampler.certify(l.gauge(), l.exponent(), l.certified().rate(), 1);
                    LatticeSampler sampler = LatticeSampler.of(cert);
                    setup[i] = (System.nanoTime() - t0) / 1e6;
                    System.gc();
                    heap[i] = (rt.totalMemory() - rt.freeMemory() - before) / 1e6;
                    if (sampler.hashCode() == 42) {
                        System.out.print(""); // keeps the sampler reachable across the second GC
                    }
                    long t1 = System.nanoTime();
                    org.optimech.runtime.spec.SpecLoader.parse(text); // parse, digest, every re-check, the sampler's certification
                    load[i] = (System.nanoTime() - t1) / 1e6;
                }
                java.util.Arrays.sort(setup);
                java.util.Arrays.sort(load);
                java.util.Arrays.sort(heap);
                System.out.printf(Locale.ROOT, "  sampler setup (certify + build) %.0f ms, heap it retains %.2f MB; whole spec load (all checks) %.0f ms%n",
                        setup[1], heap[1], load[1]);
            }
            int k = exact.block().body().match(ball -> 0, org.optimech.runtime.spec.StructuredBody::kOf, stored -> 0);
            System.out.printf(Locale.ROOT, "%-40.40s %-12s %5d %5d %-6s %10.3g %12.0f %12.0f %8.3f%n", name, c[1], d, k, s.structuredProposal().orElse("-"),
                    s.acceptance(), re, ri, re / ri);
        }
    }

    /**
     * The count join's proposal and certified acceptance at the automatic spacing (Δ = 1, ε = 1, e = ⌊log2(1/(1024ρ))⌋) for
     * d = 10, 100, 1000 across k, or "refused" (below 10⁻⁶ with every proposal).
     */
    private static void scanCountJoin() {
        int[][] ks = {{10, 2, 3, 5, 10}, {100, 10, 20, 25, 30, 50, 100}, {1000, 20, 50, 100, 150, 200, 220, 240, 250, 300, 500, 1000}};
        System.out.println("count join: proposal and certified acceptance at the automatic spacing (epsilon = 1)");
        for (int[] row : ks) {
            int d = row[0];
            for (int i = 1; i < row.length; i++) {
                int k = row[i];
                double lv = org.optimech.runtime.knorm.CountJoinBody.of(d, k).logVolume();
                org.optimech.runtime.lattice.LatticeGauge g = org.optimech.runtime.lattice.LatticeGauge.countJoin(d, k, lv - 1e-9 * (1 + Math.abs(lv)));
                org.optimech.runtime.exact.Rational rho = g.roundingTerm();
                int e = KNormSpecs.autoExponent(java.math.BigDecimal.ONE, rho);
                org.optimech.runtime.exact.Rational deltaL = LatticeSampler.latticeSensitivity(org.optimech.runtime.exact.Rational.of(java.math.BigInteger.ONE), e, rho);
                org.optimech.runtime.exact.Rational r = new org.optimech.runtime.exact.Rational(deltaL.denominator(), deltaL.numerator());
                try {
                    LatticeSampler.Certified c = LatticeSampler.certify(g, e, r, 1);
                    System.out.printf(Locale.ROOT, "  d = %4d, k = %4d: %-6s %.3g%n", d, k, LatticeSampler.of(c).structuredProposal().orElse("-"), c.acceptance());
                } catch (IllegalArgumentException refused) {
                    System.out.printf(Locale.ROOT, "  d = %4d, k = %4d: refused%n", d, k);
                }
            }
        }
    }

    /** Draws per second of one mechanism: the median over 5 timed blocks after 2 warm-up blocks. */
    private static double rate(Mechanism m, int d) throws Exception {
        double[] zero = new double[d];
        SeededRandomBits bits = new SeededRandomBits(22);
        int n = blockDraws > 0 ? blockDraws : Math.max(100, 500_000 / d);
        double seconds = StructuredTiming.median(() -> {
            for (int i = 0; i < n; i++) {
                m.sample(zero, bits);
            }
        });
        return n / seconds;
    }
}
