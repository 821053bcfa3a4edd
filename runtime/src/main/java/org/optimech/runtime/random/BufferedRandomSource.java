package org.optimech.runtime.random;

import java.util.Arrays;

/**
 * A bit-exact source: a stream of uniform bits read in blocks of 64-bit words from a generator ({@link #fill}) and handed
 * out exactly as asked. {@code nextBits(k)} takes the next {@code k} bits of the stream, most significant first, whatever
 * {@code k} is, so a sampler pays for the bits it uses and for nothing else; {@code nextLong()} is {@code nextBits(64)}.
 * Words are cleared from the block once taken, so no copy of released randomness lingers in it.
 *
 * <p>Not thread-safe. A source made for one thread ({@link #confineTo}) refuses to refill on any other.
 */
public abstract class BufferedRandomSource implements RandomSource {
    private final long[] block;
    private int next;
    /** The bits not yet handed out, at the top of the word. */
    private long word;
    /** How many bits of {@code word} are left, 0..64. */
    private int left;
    private Thread owner;

    /** A source that reads {@code blockWords} words at a time from {@link #fill}. */
    protected BufferedRandomSource(int blockWords) {
        if (blockWords < 1) {
            throw new IllegalArgumentException("blockWords must be >= 1. Provided value: " + blockWords);
        }
        this.block = new long[blockWords];
        this.next = blockWords;
    }

    /** Fills {@code words} with uniform bits from the generator. */
    protected abstract void fill(long[] words);

    /** Confines this source to one thread: a refill on any other throws {@link IllegalStateException}. */
    final void confineTo(Thread thread) {
        this.owner = thread;
    }

    @Override
    public final long nextLong() {
        return nextBits(64);
    }

    @Override
    public final long nextBits(int k) {
        if ((k - 1) >>> 6 == 0 && k <= left) { // 1 ≤ k ≤ left
            long r = word >>> -k; // the top k bits (a shift by 64 − k; by 0 when k = 64)
            word = (word << (k - 1)) << 1; // shifting by 64 in two steps clears the word
            left -= k;
            return r;
        }
        return nextBitsSlow(k);
    }

    @Override
    public final int nextBit() {
        if (left == 0) {
            word = refill();
            left = 64;
        }
        int r = (int) (word >>> 63);
        word <<= 1;
        left--;
        return r;
    }

    private long nextBitsSlow(int k) {
        if (k < 0 || k > 64) {
            throw new IllegalArgumentException("k must be in 0..64. Provided value: " + k);
        }
        if (k == 0) {
            return 0;
        }
        // k > left: the left bits are the high part, the rest comes from a fresh word
        int need = k - left;
        long high = left == 0 ? 0 : word >>> -left;
        long fresh = refill();
        long low = fresh >>> -need;
        word = (fresh << (need - 1)) << 1;
        left = 64 - need;
        return need == 64 ? low : (high << need) | low;
    }

    /**
     * The next {@code k} bits, {@code 1 ≤ k ≤ 32}, without consuming them: a table-driven walk looks ahead, then takes with
     * {@link #nextBits} exactly the bits it used, so the stream, the outputs and the count of bits are those of the walk read
     * bit by bit. Looking ahead may read the next block from the generator early; the bits stay in this source only.
     */
    @Override
    public final long peekBits(int k) {
        if ((k - 1) >>> 5 == 0 && k <= left) { // 1 ≤ k ≤ min(32, left)
            return word >>> -k;
        }
        return peekBitsSlow(k);
    }

    private long peekBitsSlow(int k) {
        if (k < 1 || k > 32) {
            throw new IllegalArgumentException("k must be in 1..32. Provided value: " + k);
        }
        // k > left: the left bits are the high part, the rest the top of the next word, which stays in the block
        ensureBlock();
        int need = k - left;
        long high = left == 0 ? 0 : word >>> -left;
        return (high << need) | (block[next] >>> -need);
    }

    private long refill() {
        ensureBlock();
        long w = block[next];
        block[next++] = 0;
        return w;
    }

    /** Reads the next block when every word of this one is taken. */
    private void ensureBlock() {
        if (next == block.length) {
            if (owner != null && owner != Thread.currentThread()) {
                throw new IllegalStateException("this random source belongs to thread \"" + owner.getName() + "\" and was used from thread \""
                        + Thread.currentThread().getName() + "\": call RandomSource.secure() on each thread");
            }
            fill(block);
            next = 0;
        }
    }

    /** Drops the bits buffered so far (they are never handed out); the next call reads fresh words. */
    protected final void discardBuffered() {
        Arrays.fill(block, 0);
        next = block.length;
        word = 0;
        left = 0;
    }
}
