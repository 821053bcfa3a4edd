package org.optimech.runtime.histogram;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.noise.DiscreteLaplace;
import org.optimech.runtime.random.SeededRandomBits;

/** The per-ε noise cache of {@link SparseHistograms}: shared per ε value, bounded, thread-safe, and without effect on releases. */
class NoiseCacheTest {
    @Test
    void equalEpsilonsShareOneSamplerWhateverTheirScale() {
        DiscreteLaplace a = SparseHistograms.noise(new BigDecimal("0.75"));
        assertSame(a, SparseHistograms.noise(new BigDecimal("0.750")), "0.750 is the same epsilon as 0.75");
        assertSame(a, SparseHistograms.noise(new BigDecimal("0.75")));
        assertNotSame(a, SparseHistograms.noise(new BigDecimal("0.7501")));
        assertEquals(0, new BigDecimal("0.375").compareTo(a.epsilon()), "the noise rate is epsilon/2");
    }

    @Test
    void theCacheStaysBoundedWhenManyEpsilonsPassThrough() {
        for (int i = 1; i <= 5 * SparseHistograms.NOISE_CACHE_SIZE; i++) {
            SparseHistograms.noise(new BigDecimal(i).movePointLeft(3));
            assertTrue(SparseHistograms.cachedNoiseCount() <= SparseHistograms.NOISE_CACHE_SIZE, "cache size " + SparseHistograms.cachedNoiseCount());
        }
        // the most recent one is kept, the first ones were dropped and are built again (a new instance)
        BigDecimal last = new BigDecimal(5 * SparseHistograms.NOISE_CACHE_SIZE).movePointLeft(3);
        assertSame(SparseHistograms.noise(last), SparseHistograms.noise(last));
    }

    @Test
    void threadsReleasingAtOnceGetOneSamplerPerEpsilon() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<DiscreteLaplace>> got = new ArrayList<>();
            for (int t = 0; t < 64; t++) {
                got.add(pool.submit(() -> SparseHistograms.noise(new BigDecimal("1.25"))));
            }
            DiscreteLaplace first = got.get(0).get();
            for (Future<DiscreteLaplace> f : got) {
                assertSame(first, f.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** A cached sampler draws exactly what a freshly built one draws from the same bits. */
    @Property(tries = 60)
    void releasesAreThoseOfAFreshSampler(@ForAll @IntRange(min = 1, max = 4000) int milli, @ForAll @LongRange(min = 0, max = 1_000_000) long seed,
            @ForAll @IntRange(min = 2, max = 40) int cells) {
        BigDecimal eps = new BigDecimal(milli).movePointLeft(3);
        long[] counts = new long[cells];
        for (int j = 0; j < cells; j++) {
            counts[j] = (seed + 7L * j) % 13;
        }
        SparseHistograms.noise(eps); // make sure the second release below is served from the cache
        long[] cached = SparseHistograms.laplace(counts, eps, new SeededRandomBits(seed)).counts();
        DiscreteLaplace fresh = DiscreteLaplace.of(eps.divide(BigDecimal.valueOf(2)));
        SeededRandomBits bits = new SeededRandomBits(seed);
        long[] expected = new long[cells];
        for (int j = 0; j < cells; j++) {
            expected[j] = Math.max(0, counts[j] + fresh.sample(bits));
        }
        assertArrayEquals(expected, cached);
    }
}
