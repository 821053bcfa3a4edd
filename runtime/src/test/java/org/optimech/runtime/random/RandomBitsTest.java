package org.optimech.runtime.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.security.SecureRandom;
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
