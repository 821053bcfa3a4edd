package org.optimech.runtime;

import java.util.ArrayDeque;
import java.util.Deque;
import org.optimech.runtime.random.RandomSource;

/** Test-only bits: a scripted queue of longs, so a sampler's use of each bit can be checked. */
public final class RandomBitsStub implements RandomSource {
    private final Deque<Long> queue = new ArrayDeque<>();
    private int drawn;

    public RandomBitsStub push(long... values) {
        for (long v : values) {
            queue.add(v);
        }
        return this;
    }

    @Override
    public long nextLong() {
        drawn++;
        Long v = queue.poll();
        if (v == null) {
            throw new IllegalStateException("script exhausted after " + drawn + " draws");
        }
        return v;
    }

    public int drawn() {
        return drawn;
    }

    public boolean exhausted() {
        return queue.isEmpty();
    }
}
