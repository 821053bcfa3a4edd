package org.optimech.runtime.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.RandomBitsStub;

class RandomBitsTest {

    @Test
    void nextBitsTakesTheHighBits() {
        assertEquals(0b101L, new RandomBitsStub().push(0xA000_0000_0000_0000L).nextBits(3));
        assertEquals(0L, new RandomBitsStub().nextBits(0));
        assertEquals(-1L, new RandomBitsStub().push(-1L).nextBits(64));
        assertThrows(IllegalArgumentException.class, () -> new RandomBitsStub().nextBits(65));
    }

    @Test
    void nextBigBitsConcatenatesDraws() {
        BigInteger v = new RandomBitsStub().push(-1L, 0x8000_0000_0000_0000L).nextBigBits(65);
        assertEquals(BigInteger.ONE.shiftLeft(65).subtract(BigInteger.ONE), v);
    }

    @Test
    void seededStreamsRepeat() {
        SeededRandomBits a = new SeededRandomBits(42);
        SeededRandomBits b = new SeededRandomBits(42);
        for (int i = 0; i < 100; i++) {
            assertEquals(a.nextLong(), b.nextLong());
        }
    }

    /** The bits of a stream read with any widths are the stream: nextBits takes exactly k bits, most significant first. */
    @Property(tries = 300)
    void bufferedSourcesAreBitExact(@ForAll @Size(max = 200) List<@IntRange(min = 0, max = 64) Integer> widths, @ForAll long seed) {
        SeededRandomBits words = new SeededRandomBits(seed);
        SeededRandomBits bits = new SeededRandomBits(seed);
        BigInteger stream = BigInteger.ZERO;
        int total = widths.stream().mapToInt(Integer::intValue).sum();
        int wordsNeeded = (total + 63) / 64;
        for (int i = 0; i < wordsNeeded; i++) {
            stream = stream.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(words.nextLong())));
        }
        int position = 0;
        for (int k : widths) {
            long got = k == 1 && (position & 1) == 0 ? bits.nextBit() : bits.nextBits(k);
            BigInteger expected = stream.shiftRight(wordsNeeded * 64 - position - k).and(BigInteger.ONE.shiftLeft(k).subtract(BigInteger.ONE));
            assertEquals(expected, new BigInteger(Long.toUnsignedString(got)), "bits " + position + ".." + (position + k));
            position += k;
        }
    }

    /**
     * Looking ahead reads the stream without moving in it, across word and block boundaries: peekBits(k) is the next k bits,
     * and the bits taken after it are the stream's, as if nothing had been peeked.
     */
    @Property(tries = 300)
    void peekingReadsTheNextBitsWithoutTakingThem(@ForAll @Size(max = 300) List<@IntRange(min = 0, max = 64) Integer> widths,
            @ForAll @IntRange(min = 1, max = 32) int peek, @ForAll long seed) {
        SeededRandomBits words = new SeededRandomBits(seed);
        SeededRandomBits peeking = new SeededRandomBits(seed);
        int total = widths.stream().mapToInt(Integer::intValue).sum() + peek;
        int wordsNeeded = (total + 63) / 64;
        BigInteger stream = BigInteger.ZERO;
        for (int i = 0; i < wordsNeeded; i++) {
            stream = stream.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(words.nextLong())));
        }
        int position = 0;
        for (int k : widths) {
            long ahead = peeking.peekBits(peek);
            assertEquals(ahead, peeking.peekBits(peek), "a second look sees the same bits");
            assertEquals(bitsAt(stream, wordsNeeded, position, peek), BigInteger.valueOf(ahead), "peek of " + peek + " at " + position);
            long got = peeking.nextBits(k);
            assertEquals(bitsAt(stream, wordsNeeded, position, k), new BigInteger(Long.toUnsignedString(got)), "bits " + position + ".." + (position + k));
            position += k;
        }
        assertThrows(IllegalArgumentException.class, () -> peeking.peekBits(33));
        assertThrows(IllegalArgumentException.class, () -> peeking.peekBits(0));
    }

    private static BigInteger bitsAt(BigInteger stream, int words, int position, int k) {
        return stream.shiftRight(words * 64 - position - k).and(BigInteger.ONE.shiftLeft(k).subtract(BigInteger.ONE));
    }

    @Test
    void countingSourceCountsWhatIsTaken() {
        CountingRandomSource c = CountingRandomSource.of(new SeededRandomBits(1));
        c.nextBits(3);
        c.nextBit();
        c.nextLong();
        c.nextBigBits(100);
        c.nextBits(0);
        assertEquals(3 + 1 + 64 + 100, c.bits());
        c.reset();
        assertEquals(0, c.bits());
    }

    @Test
    void bitWidthsOutsideTheRangeAreRefused() {
        SeededRandomBits s = new SeededRandomBits(1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.nextBits(65));
        assertEquals("k must be in 0..64. Provided value: 65", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> s.nextBits(-1));
        assertEquals(0, s.nextBits(0));
    }

    /** The per-thread secure source refuses to serve another thread (it would share one buffer between two threads). */
    @Test
    void theThreadSourceIsConfinedToItsThread() throws Exception {
        RandomSource mine = RandomSource.secure();
        mine.nextLong();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                for (int i = 0; i < 1000; i++) {
                    mine.nextLong(); // refills within 256 words
                }
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "other");
        other.start();
        other.join();
        assertTrue(thrown.get() instanceof IllegalStateException, String.valueOf(thrown.get()));
        assertTrue(thrown.get().getMessage().contains("call RandomSource.secure() on each thread"), thrown.get().getMessage());
        assertTrue(RandomSource.secure() == mine, "one source per thread");
    }

    @Test
    void theProductionGeneratorIsADrbg() {
        assertEquals("DRBG", new SecureRandomBits().algorithm());
    }

    /**
     * Bit balance of 2^20 bits from the secure source: each bit position is set in half of 32,768
     * draws ± 6σ (σ = 90.5); false-failure probability below 64 · 2e-9 ≈ 1.3e-7.
     */
    @Test
    void secureBitsAreBalanced() {
        SecureRandomBits bits = new SecureRandomBits(new SecureRandom());
        int draws = 32_768;
        int[] ones = new int[64];
        for (int i = 0; i < draws; i++) {
            long v = bits.nextLong();
            for (int b = 0; b < 64; b++) {
                ones[b] += (int) ((v >>> b) & 1);
            }
        }
        double sigma = Math.sqrt(draws * 0.25);
        for (int b = 0; b < 64; b++) {
            assertTrue(Math.abs(ones[b] - draws / 2.0) < 6 * sigma, "bit " + b + ": " + ones[b]);
        }
    }
}
