package org.optimech.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.optimech.designer.problem.Criterion;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.geometry.adjacent.AdjacentOutputSpace;
import org.optimech.runtime.spec.Relation;
import org.optimech.runtime.knorm.KNormSampler;
import org.optimech.runtime.knorm.LpBody;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.random.SecureRandomBits;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * Throughput of K-norm noise draws at d = 6, single thread, after load:
 * <ul>
 *   <li>{@code polytope*}: the hull of 40 random records' ±t(x) (add/remove), a cone triangulation sampled
 *       through its alias table, with the fast seeded source and with the secure source;
 *   <li>{@code linf*}: the ℓ∞ sampler, which consumes 2d + 1 = 13 words of randomness per draw (d + 1 uniforms for
 *       the Gamma(d+1) radius, d coordinates);
 *   <li>{@code randomness13*}: the baseline, 13 words from the same source (what the ℓ∞ sampler consumes).
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class KNormSamplerBenchmark {
    static final int D = 6;
    KNormSampler polytope;
    KNormSampler linf;
    SeededRandomBits seeded;
    SecureRandomBits secure;

    @Setup(Level.Trial)
    public void setup() {
        SplittableRandom rnd = new SplittableRandom(6);
        double[][] records = new double[40][D];
        for (double[] r : records) {
            for (int j = 0; j < D; j++) {
                r[j] = Math.scalb((double) (rnd.nextInt(2049) - 1024), -10);
            }
        }
        KNormComparison.Result r = KNormComparison.compare(AdjacentOutputSpace.finiteDomain(records, Relation.ADD_REMOVE), 1.0,
                java.util.List.of("hull"), Criterion.TRACE);
        polytope = KNormComparison.sampler(r, "hull");
        linf = KNormSampler.of(LpBody.of(LpNorm.LINF, D), 1.0, 1.0);
        seeded = new SeededRandomBits(1);
        secure = new SecureRandomBits();
        System.err.println("polytope body: " + r.hull());
    }

    @Benchmark
    public double[] polytopeSeeded() {
        return polytope.noise(seeded);
    }

    @Benchmark
    public double[] polytopeSecure() {
        return polytope.noise(secure);
    }

    @Benchmark
    public double[] linfSeeded() {
        return linf.noise(seeded);
    }

    @Benchmark
    public double[] linfSecure() {
        return linf.noise(secure);
    }

    @Benchmark
    public long randomness13Seeded() {
        long x = 0;
        for (int i = 0; i < 2 * D + 1; i++) {
            x ^= seeded.nextLong();
        }
        return x;
    }

    @Benchmark
    public long randomness13Secure() {
        long x = 0;
        for (int i = 0; i < 2 * D + 1; i++) {
            x ^= secure.nextLong();
        }
        return x;
    }
}
