package org.optimech.runtime;

import java.util.Objects;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.optimech.runtime.random.RandomSource;

/** How the parallel batch forms of {@link Mechanism} split their arrays: chunks on the common pool, one source each. */
final class ParallelBatches {
    /** Chunks smaller than this are not split further: below it the hand-off costs more than it saves. */
    static final int MIN_CHUNK = 1 << 13;

    private ParallelBatches() {
    }

    /** Work on {@code [from, to)} with one source. */
    interface Chunk {
        void run(int from, int to, RandomSource random);
    }

    /**
     * Checks the lengths, splits {@code [0, n)} into chunks and runs them on the common pool, each with the source
     * {@code sources.get()} returns on the thread that runs it.
     *
     * @throws IllegalArgumentException when {@code outputs != n}
     */
    static void inChunks(int n, int outputs, String what, Supplier<? extends RandomSource> sources, Chunk chunk) {
        Objects.requireNonNull(sources, "sources");
        if (n != outputs) {
            throw new IllegalArgumentException("outputs must have the length of " + what + " (" + n + "). Provided: " + outputs);
        }
        int cores = ForkJoinPool.getCommonPoolParallelism() + 1;
        int chunks = Math.max(1, Math.min(4 * cores, n / MIN_CHUNK));
        IntStream.range(0, chunks).parallel().forEach(c -> chunk.run((int) ((long) n * c / chunks), (int) ((long) n * (c + 1) / chunks), sources.get()));
    }
}
