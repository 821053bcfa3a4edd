package org.optimech.spark;

import java.io.Serializable;
import org.apache.spark.TaskContext;
import org.optimech.runtime.random.RandomBits;
import org.optimech.runtime.random.SecureRandomBits;

/**
 * Where the randomness of a Spark job comes from. {@link #secure()} (the default) gives every task, and so every
 * partition, its own {@link java.security.SecureRandom} seeded by the operating system: draws are independent across
 * partitions and nothing about them follows from the partition index. {@link #seededForTesting(long)} derives a
 * reproducible stream from a seed and the partition index, for tests only: its outputs are predictable by anyone who
 * knows the seed, and {@link JobGuarantee} says so.
 */
public final class NoiseSource implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final NoiseSource SECURE = new NoiseSource(false, 0);

    private final boolean seeded;
    private final long seed;

    private NoiseSource(boolean seeded, long seed) {
        this.seeded = seeded;
        this.seed = seed;
    }

    /** A fresh SecureRandom per task (the production setting). */
    public static NoiseSource secure() {
        return SECURE;
    }

    /**
     * A seeded PRNG per partition ({@link java.util.SplittableRandom}, SplitMix64, in java.base: executors' class loaders
     * need no service lookup): reproducible, NOT private against anyone who knows the seed. For tests and demonstrations only.
     */
    public static NoiseSource seededForTesting(long seed) {
        return new NoiseSource(true, seed);
    }

    /** Whether outputs are reproducible from a seed (and so not for production). */
    public boolean isSeeded() {
        return seeded;
    }

    /**
     * The randomness for one use ({@code salt} tells the job's random steps apart) in the calling task.
     */
    RandomBits open(long salt) {
        if (!seeded) {
            return new SecureRandomBits();
        }
        TaskContext task = TaskContext.get();
        long partition = task == null ? -1 : task.partitionId();
        long attempt = task == null ? 0 : task.attemptNumber();
        java.util.SplittableRandom generator = new java.util.SplittableRandom(mix(mix(mix(seed, salt), partition), attempt));
        return generator::nextLong;
    }

    /** SplitMix64's finalizer over a running hash: distinct inputs give unrelated streams. */
    private static long mix(long h, long v) {
        long z = h * 0x9E3779B97F4A7C15L + v;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public String toString() {
        return seeded ? "seeded for testing (SplitMix64, seed " + seed + "): NOT for production" : "SecureRandom per task";
    }
}
