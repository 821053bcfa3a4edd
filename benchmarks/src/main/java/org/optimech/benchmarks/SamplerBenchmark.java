package org.optimech.benchmarks;

import java.security.SecureRandom;
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
import org.optimech.designer.common.DesignException;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.discrete.DiscreteDesigner;
import org.optimech.designer.common.Progress;
import org.optimech.designer.lp.LpBackends;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.runtime.discrete.TableSampler;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.random.SecureRandomBits;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * Throughput of one private draw from a designed table (counting query, ε = 0.5, Bayes, absolute
 * loss), single thread:
 * <ul>
 *   <li>{@code secureRandomNextLong}: the baseline, one {@code SecureRandom.nextLong()} — the
 *       randomness a 64-bit draw consumes;
 *   <li>{@code table64Secure}: optimech's sampler, 64-bit weights (0..20: denominator 2^62), with
 *       the default secure source (buffered);
 *   <li>{@code table64SecureUnbuffered}: the same sampler paying one {@code nextLong()} per draw;
 *   <li>{@code tableBigSecure}: big-integer weights (0..40: denominator 2^94);
 *   <li>{@code naiveInverseCdfSecure}: a floating-point inverse CDF of the same 64-bit row with
 *       {@code SecureRandom.nextDouble()} (what a naive implementation does; not exact);
 *   <li>{@code table64Seeded}: the sampler alone, with a cheap non-secure source.
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class SamplerBenchmark {
    TableSampler small;
    TableSampler big;
    int smallRow;
    int bigRow;
    double[] naiveCdf;
    SecureRandom secureRandom;
    SecureRandomBits secureBits;
    RandomSource unbuffered;
    SeededRandomBits seeded;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        WeightTable t64 = design(20);
        WeightTable tBig = design(40);
        if (!t64.fitsInLong() || tBig.fitsInLong()) {
            throw new IllegalStateException("expected a 64-bit and a big-integer table: 2^" + t64.denominatorBits() + ", 2^" + tBig.denominatorBits());
        }
        small = TableSampler.of(t64);
        big = TableSampler.of(tBig);
        smallRow = 10;
        bigRow = 20;
        naiveCdf = new double[t64.cols()];
        double c = 0;
        for (int j = 0; j < t64.cols(); j++) {
            c += t64.probability(smallRow, j);
            naiveCdf[j] = c;
        }
        secureRandom = new SecureRandom();
        secureBits = new SecureRandomBits();
        SecureRandom forUnbuffered = new SecureRandom();
        unbuffered = forUnbuffered::nextLong;
        seeded = new SeededRandomBits(1);
    }

    static WeightTable design(int n) throws DesignException, org.optimech.designer.lp.LpException {
        DiscreteProblem p = DiscreteProblem.builder().epsilon("0.5").range(0, n).build();
        DiscreteDesign d = new DiscreteDesigner(DesignOptions.defaults(LpBackends.byName("clp")), Progress.silent()).design(p);
        return d.weights();
    }

    @Benchmark
    public long secureRandomNextLong() {
        return secureRandom.nextLong();
    }

    @Benchmark
    public int table64Secure() {
        return small.sample(smallRow, secureBits);
    }

    @Benchmark
    public int table64SecureUnbuffered() {
        return small.sample(smallRow, unbuffered);
    }

    @Benchmark
    public int tableBigSecure() {
        return big.sample(bigRow, secureBits);
    }

    @Benchmark
    public int naiveInverseCdfSecure() {
        double u = secureRandom.nextDouble();
        int lo = 0;
        int hi = naiveCdf.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (u < naiveCdf[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    @Benchmark
    public int table64Seeded() {
        return small.sample(smallRow, seeded);
    }
}
