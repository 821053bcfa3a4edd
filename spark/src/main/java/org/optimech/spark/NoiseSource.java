package org.optimech.spark;

import java.io.Serializable;
import org.apache.spark.TaskContext;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.random.SecureRandomBits;

/**
 * Where the randomness of a Spark job comes from. {@link #secure()} (the default) gives every task, and so every
 * partition, its own {@link java.security.SecureRandom} seeded by the operating system: draws are independent across
 * partitions and nothing about them follows from the partition index. {@link #seededForTesting(long)} derives a
 * reproducible stream from a seed and the partition index, for tests only: its outputs are predictable by anyone who
 * knows the seed, and {@link JobGuarantee} says so. The same choice gives each release its secret key for contribution
 * bounding ({@link #jobSecret}).
 */
public final class NoiseSource implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final NoiseSource SECURE = new NoiseSource(false, 0);
    /** The job secret's stream in seeded mode; the UDFs use salts 3 to 6. */
    private static final long SECRET_SALT = 7;

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
    RandomSource open(long salt) {
        if (!seeded) {
            return new SecureRandomBits();
        }
        TaskContext task = TaskContext.get();
        long partition = task == null ? -1 : task.partitionId();
        long attempt = task == null ? 0 : task.attemptNumber();
        java.util.SplittableRandom generator = new java.util.SplittableRandom(mix(mix(mix(seed, salt), partition), attempt));
        return generator::nextLong;
    }

    /**
     * The job's 256-bit secret for contribution bounding's keyed hash, drawn once per release on the driver: from a
     * fresh SecureRandom, or in seeded mode from the seed (then predictable, like the noise, and flagged as such).
     */
    byte[] jobSecret() {
        RandomSource bits = open(SECRET_SALT);
        byte[] key = new byte[32];
        for (int i = 0; i < key.length; i += 8) {
            long v = bits.nextLong();
            for (int j = 0; j < 8; j++) {
                key[i + j] = (byte) (v >>> (56 - 8 * j));
            }
        }
        return key;
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
