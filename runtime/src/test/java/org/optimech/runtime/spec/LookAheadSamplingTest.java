package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.ChiSquare;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.discrete.KnuthYaoRows;
import org.optimech.runtime.discrete.SamplingMode;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.random.CountingRandomSource;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.testing.TestMechanisms;

/**
 * The fast discrete samplers look ahead ({@link org.optimech.runtime.random.PrefixTable}): on the golden table spec and the
 * structural spec of {@link GeometricRemapSpecTest}, a source that can look ahead and one that cannot give the same draws
 * from the same bits; the table's draws fit its stored integers (χ², false-failure probability 1e-7 per call, fixed
 * seeds), and its bits per draw are the Knuth–Yao tree's, below H + 2.
 */
class LookAheadSamplingTest {

    /** The same stream without look-ahead: every table falls back to its bit-by-bit walk. */
    static final class NoLookAhead implements RandomSource {
        private final RandomSource source;

        NoLookAhead(RandomSource source) {
            this.source = source;
        }

        @Override
        public long nextLong() {
            return source.nextLong();
        }

        @Override
        public long nextBits(int k) {
            return source.nextBits(k);
        }
    }

    static DiscreteMechanism golden(SamplingMode mode) throws Exception {
        return TestMechanisms.discrete(TestMechanisms.read(GoldenFilesTest.golden("count-path.json")), mode);
    }

    @Property(tries = 15)
    void lookAheadAndTheWalkDrawTheSameFromTheSameBits(@ForAll long seed) throws Exception {
        for (DiscreteMechanism m : new DiscreteMechanism[] {golden(SamplingMode.FAST), TestMechanisms.discrete(GeometricRemapSpecTest.sample("0.5"))}) {
            CountingRandomSource fast = CountingRandomSource.of(new SeededRandomBits(seed));
            CountingRandomSource walk = CountingRandomSource.of(new NoLookAhead(new SeededRandomBits(seed)));
            for (int k = 0; k < 2000; k++) {
                long input = k % 7 - 1; // every row, and clamped inputs
                assertEquals(m.sample(input, walk), m.sample(input, fast), m.sampler() + ", draw " + k);
            }
            assertEquals(walk.bits(), fast.bits(), m.sampler());
            assertEquals(walk.nextLong(), fast.nextLong(), "the rest of the stream");
        }
    }

    @Test
    void bothFastSamplersSayTheyLookAhead() throws Exception {
        assertTrue(golden(SamplingMode.FAST).sampler().contains("tabulated per row over the next 10 bits"), golden(SamplingMode.FAST).sampler());
        DiscreteMechanism st = TestMechanisms.discrete(GeometricRemapSpecTest.sample("0.5"));
        assertTrue(st.sampler().contains("tabulated per row over the next 10 bits"), st.sampler());
        assertEquals("constant-time table scan", golden(SamplingMode.CONSTANT_TIME).sampler());
    }

    /** Draws against the stored integers w/2^K, and bits per draw against the tree's expectation and H + 2. */
    @Test
    void tableDrawsFitTheStoredIntegersWithinTheEntropyPlusTwoBits() throws Exception {
        DiscreteMechanismSpec spec = (DiscreteMechanismSpec) TestMechanisms.read(GoldenFilesTest.golden("count-path.json"));
        DiscreteMechanism m = TestMechanisms.discrete(spec, SamplingMode.FAST);
        WeightTable w = spec.weights();
        KnuthYaoRows tree = KnuthYaoRows.of(w);
        int draws = 200_000;
        for (int row = 0; row < w.rows(); row++) {
            CountingRandomSource bits = CountingRandomSource.of(new SeededRandomBits(1000 + row));
            long[] counts = new long[w.cols()];
            for (int k = 0; k < draws; k++) {
                counts[(int) m.sample(row, bits)]++;
            }
            double[] p = new double[w.cols()];
            double entropy = 0;
            for (int j = 0; j < p.length; j++) {
                p[j] = Math.scalb((double) w.longWeight(row, j), -w.denominatorBits());
                entropy -= p[j] == 0 ? 0 : p[j] * Math.log(p[j]) / Math.log(2);
            }
            ChiSquare.assertFits(counts, p, draws, "row " + row);
            double mean = bits.bits() / (double) draws;
            // a draw reads at most K = 8 bits here, so the mean's standard error is below 4/sqrt(draws); 6 of them
            assertEquals(tree.expectedBits(row), mean, 6 * 4 / Math.sqrt(draws), "bits per draw of row " + row);
            assertTrue(tree.expectedBits(row) < entropy + 2, "expected bits " + tree.expectedBits(row) + " against H + 2 = " + (entropy + 2));
        }
    }
}
