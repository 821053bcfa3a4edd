package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.ChiSquare;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.testing.TestMechanisms;
import org.optimech.runtime.discrete.SamplingMode;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * The typed batch API ({@code sample(long[], long[], RandomSource)} and its parallel form) on the structural spec of
 * {@link GeometricRemapSpecTest}: the batch is the same stream of draws as single calls, inputs outside the range follow the
 * input policy as single calls do, and the batch outputs fit the exact law (χ², false-failure probability 1e-7 per call).
 */
class BatchSamplingTest {
    /** The exact output law of {@link GeometricRemapSpecTest#sample(String)} for input {@code i}: truncated geometric, then the remap. */
    static double[] exactLaw(GeometricRemapSpec s, int i) {
        double a = Math.exp(-0.5);
        int n = 4;
        double[] out = new double[3];
        for (int z = 0; z <= n; z++) {
            double g = z == 0 ? Math.pow(a, i) / (1 + a) : z == n ? Math.pow(a, n - i) / (1 + a) : (1 - a) / (1 + a) * Math.pow(a, Math.abs(i - z));
            for (int k = 0; k < s.remap().width(z); k++) {
                out[s.remap().outputAt(z, k)] += g * s.remap().probabilityAt(z, k);
            }
        }
        return out;
    }

    /** A batch with a bit-exact seeded source gives what the same number of single calls give from the same seed. */
    @Property(tries = 20)
    void batchIsTheSequenceOfSingleDraws(@ForAll long seed, @ForAll @LongRange(min = -3, max = 7) long input) throws Exception {
        for (SamplingMode mode : SamplingMode.values()) {
            DiscreteMechanism m = TestMechanisms.discrete(GeometricRemapSpecTest.sample("0.5"), mode);
            long[] in = new long[257];
            for (int k = 0; k < in.length; k++) {
                in[k] = input + k % 3; // several rows, some clamped
            }
            long[] batch = new long[in.length];
            m.sample(in, batch, new SeededRandomBits(seed));
            SeededRandomBits single = new SeededRandomBits(seed);
            for (int k = 0; k < in.length; k++) {
                assertEquals(m.sample(in[k], single), batch[k], mode + " draw " + k);
            }
        }
    }

    @Test
    void batchFitsTheExactLawInBothModes() throws Exception {
        GeometricRemapSpec s = GeometricRemapSpecTest.sample("0.5");
        int draws = 120_000;
        for (SamplingMode mode : SamplingMode.values()) {
            DiscreteMechanism m = TestMechanisms.discrete(s, mode);
            for (int i = 0; i <= 4; i++) {
                long[] in = new long[draws];
                java.util.Arrays.fill(in, i);
                long[] out = new long[draws];
                m.sample(in, out, new SeededRandomBits(31 + i));
                ChiSquare.assertFits(histogram(out), exactLaw(s, i), draws, mode + " input " + i);
            }
        }
    }

    @Test
    void parallelBatchFitsTheExactLawAndFillsEverySlot() throws Exception {
        GeometricRemapSpec s = GeometricRemapSpecTest.sample("0.5");
        DiscreteMechanism m = TestMechanisms.discrete(s, SamplingMode.FAST);
        int draws = 200_000;
        long[] in = new long[draws];
        java.util.Arrays.fill(in, 1);
        long[] out = new long[draws];
        java.util.Arrays.fill(out, -1);
        java.util.concurrent.atomic.AtomicLong seeds = new java.util.concurrent.atomic.AtomicLong(5);
        m.sampleParallel(in, out, () -> new SeededRandomBits(seeds.getAndIncrement()));
        for (long o : out) {
            assertTrue(o >= 0 && o <= 2, "slot not filled or out of range: " + o);
        }
        assertTrue(seeds.get() > 6, "the batch was split into chunks: " + (seeds.get() - 5));
        ChiSquare.assertFits(histogram(out), exactLaw(s, 1), draws, "parallel input 1");
    }

    @Test
    void reportedLawIsTheExactComposition() throws Exception {
        GeometricRemapSpec s = GeometricRemapSpecTest.sample("0.5");
        DiscreteMechanism m = TestMechanisms.discrete(s);
        for (int i = 0; i <= 4; i++) {
            assertArrayEquals(exactLaw(s, i), m.outputProbabilities(i), 1e-12, "input " + i);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> m.outputProbabilities(5));
    }

    @Test
    void mismatchedLengthsAndLabelsAreRefused() throws Exception {
        DiscreteMechanism m = TestMechanisms.discrete(GeometricRemapSpecTest.sample("0.5"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.sample(new long[3], new long[2], new SeededRandomBits(1)));
        assertEquals("outputs must have the length of inputs (3). Provided: 2", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> m.sampleParallel(new long[3], new long[4], RandomSource::secure));
        long[] empty = new long[0];
        m.sampleParallel(empty, empty, RandomSource::secure);
        assertArrayEquals(new long[0], empty);
    }

    private static long[] histogram(long[] out) {
        long[] counts = new long[3];
        for (long o : out) {
            counts[(int) o]++;
        }
        return counts;
    }
}
