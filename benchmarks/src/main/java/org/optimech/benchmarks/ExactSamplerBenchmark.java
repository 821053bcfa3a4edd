package org.optimech.benchmarks;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.common.Progress;
import org.optimech.designer.discrete.DiscreteDesigner;
import org.optimech.designer.lp.OrToolsLpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.spec.DesignSpecs;
import org.optimech.designer.structural.StructuralDesigner;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.discrete.SamplingMode;
import org.optimech.runtime.noise.DiscreteGaussian;
import org.optimech.runtime.noise.DiscreteLaplace;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.random.SecureRandomBits;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.RuntimePolicy;

/**
 * Throughput of the exact samplers of issue 23, one thread, all from the same buffered secure source
 * ({@link SecureRandomBits}), against the naive floating-point Laplace draw from that source in the same run
 * ({@code naiveFloatLaplace}: -ln(u)/ε with a random sign, 54 bits per draw; not exact, a speed reference only):
 * <ul>
 *   <li>{@code lpTable} / {@code lpTableConstantTime}: the LP design of the counting query n = 20, ε = 0.5 (Bayes, absolute
 *       loss), middle row, Knuth-Yao walk / constant-time scan;
 *   <li>{@code structural} / {@code structuralConstantTime}: the default (structural) design of the same problem;
 *   <li>{@code structuralBatch}: the structural spec through the typed batch form, per draw;
 *   <li>{@code discreteLaplace}: exact discrete Laplace, ε = 1; {@code discreteGaussian}: exact discrete Gaussian, σ = 2;
 *   <li>scaling to the cores: {@code *2Threads} run the same draw on two threads at once, each with its own source (JMH
 *       reports their total); {@code structuralParallelBatch} is the library's parallel batch form
 *       ({@code sampleParallel}, common pool plus the caller) on {@value #PARALLEL} draws against {@code structuralBigBatch},
 *       the same array on one thread.
 * </ul>
 * The fast samplers look ahead ({@link org.optimech.runtime.random.PrefixTable}); {@code lpTableWalk} and
 * {@code structuralWalk} draw from the same mechanisms through a source that cannot look ahead (the bit-by-bit walk, the
 * same outputs and bits), which isolates what the look-ahead gives.
 * {@link ExactSamplerBenchmarks} prints each as a ratio to the baseline.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Thread)
public class ExactSamplerBenchmark {
    static final int BATCH = 4096;
    static final int PARALLEL = 1 << 20;

    DiscreteMechanism lpTable;
    DiscreteMechanism lpTableConstantTime;
    DiscreteMechanism structural;
    DiscreteMechanism structuralConstantTime;
    DiscreteLaplace laplace;
    DiscreteGaussian gaussian;
    RandomSource secure;
    long[] batchIn;
    long[] batchOut;
    long[] bigIn;
    long[] bigOut;
    RandomSource walkOnly;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        DiscreteProblem p = DiscreteProblem.builder().epsilon("0.5").range(0, 20).build();
        MechanismSpec lp = DesignSpecs.toSpec(new DiscreteDesigner(DesignOptions.defaults(OrToolsLpSolver.clp()), Progress.silent()).design(p), Instant.EPOCH);
        MechanismSpec st = DesignSpecs.toSpec(new StructuralDesigner(DesignOptions.defaults(OrToolsLpSolver.clp()), Progress.silent()).design(p), Instant.EPOCH);
        lpTable = discrete(lp, SamplingMode.FAST);
        lpTableConstantTime = discrete(lp, SamplingMode.CONSTANT_TIME);
        structural = discrete(st, SamplingMode.FAST);
        structuralConstantTime = discrete(st, SamplingMode.CONSTANT_TIME);
        laplace = DiscreteLaplace.of(BigDecimal.ONE);
        gaussian = DiscreteGaussian.of(new BigDecimal(4));
        secure = new SecureRandomBits();
        batchIn = new long[BATCH];
        java.util.Arrays.fill(batchIn, 10);
        batchOut = new long[BATCH];
        bigIn = new long[PARALLEL];
        java.util.Arrays.fill(bigIn, 10);
        bigOut = new long[PARALLEL];
        RandomSource bits = secure;
        walkOnly = new RandomSource() { // the same source without look-ahead
            @Override
            public long nextLong() {
                return bits.nextLong();
            }

            @Override
            public long nextBits(int k) {
                return bits.nextBits(k);
            }

            @Override
            public int nextBit() {
                return bits.nextBit();
            }
        };
    }

    static DiscreteMechanism discrete(MechanismSpec s, SamplingMode mode) throws Exception {
        return Mechanisms.discrete(org.optimech.runtime.spec.DiscreteSpec.of(s).orElseThrow(() -> new IllegalArgumentException("not a discrete spec: " + s.kind())),
                RuntimePolicy.standard(), mode);
    }

    @Benchmark
    public double naiveFloatLaplace() {
        long b = secure.nextBits(54);
        double x = -2.0 * Math.log(((b >>> 1) + 1) * 0x1.0p-53);
        return (b & 1) == 0 ? x : -x;
    }

    @Benchmark
    public long lpTable() {
        return lpTable.sample(10L, secure);
    }

    @Benchmark
    public long lpTableWalk() {
        return lpTable.sample(10L, walkOnly);
    }

    @Benchmark
    public long structuralWalk() {
        return structural.sample(10L, walkOnly);
    }

    @Benchmark
    @Threads(2)
    public double naiveFloatLaplace2Threads() {
        return naiveFloatLaplace();
    }

    @Benchmark
    @Threads(2)
    public long lpTable2Threads() {
        return lpTable();
    }

    @Benchmark
    @Threads(2)
    public long structural2Threads() {
        return structural();
    }

    @Benchmark
    @OperationsPerInvocation(PARALLEL)
    public long[] structuralBigBatch() {
        structural.sample(bigIn, bigOut, secure);
        return bigOut;
    }

    @Benchmark
    @OperationsPerInvocation(PARALLEL)
    public long[] structuralParallelBatch() {
        structural.sampleParallel(bigIn, bigOut, RandomSource::secure);
        return bigOut;
    }

    @Benchmark
    public long lpTableConstantTime() {
        return lpTableConstantTime.sample(10L, secure);
    }

    @Benchmark
    public long structural() {
        return structural.sample(10L, secure);
    }

    @Benchmark
    public long structuralConstantTime() {
        return structuralConstantTime.sample(10L, secure);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long[] structuralBatch() {
        structural.sample(batchIn, batchOut, secure);
        return batchOut;
    }

    @Benchmark
    public long discreteLaplace() {
        return laplace.sample(secure);
    }

    @Benchmark
    public long discreteGaussian() {
        return gaussian.sample(secure);
    }
}
