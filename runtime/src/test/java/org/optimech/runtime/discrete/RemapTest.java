package org.optimech.runtime.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.optimech.runtime.RandomBitsStub;

class RemapTest {

    /**
     * Over all 2^3 bit strings, row 1 hits output 0 three times and output 2 five times (its Knuth-Yao walk reads a prefix of
     * each); row 0 draws nothing.
     */
    @Test
    void exactOverEveryDraw() {
        Remap remap = Remap.of(3, 3, new int[][] {{1}, {0, 2}}, new long[][] {{8}, {3, 5}});
        RemapSampler r = RemapSampler.of(remap);
        RandomBitsStub none = new RandomBitsStub();
        assertEquals(1, r.sample(0, none));
        assertEquals(0, none.drawn());
        int[] counts = new int[3];
        for (long u = 0; u < 8; u++) {
            counts[r.sample(1, new org.optimech.runtime.ScriptedBits(u, 3))]++;
        }
        assertEquals(3, counts[0]);
        assertEquals(0, counts[1]);
        assertEquals(5, counts[2]);
        assertEquals(3.0 / 8, remap.probabilityAt(1, 0));
        assertEquals(0, r.expectedBits(0));
        assertTrue(!remap.isDeterministic() && Remap.of(0, 2, new int[][] {{1}, {0}}, new long[][] {{1}, {1}}).isDeterministic());
    }

    @Test
    void refusesMalformedRows() {
        assertMessage(() -> Remap.of(3, 3, new int[][] {{0, 1}}, new long[][] {{3, 4}}), "sum to exactly 2^3");
        assertMessage(() -> Remap.of(3, 3, new int[][] {{1, 0}}, new long[][] {{4, 4}}), "increasing");
        assertMessage(() -> Remap.of(3, 3, new int[][] {{0, 3}}, new long[][] {{4, 4}}), "in [0, 3)");
        assertMessage(() -> Remap.of(3, 3, new int[][] {{0, 1}}, new long[][] {{0, 8}}), "weights must be in [1, 2^3]");
        assertMessage(() -> Remap.of(63, 3, new int[][] {{0}}, new long[][] {{1}}), "0..62");
        assertMessage(() -> Remap.of(2, 3, new int[][] {{}}, new long[][] {{}}), "at least one output");
    }

    /**
     * Issue 18 (7): five weights of 2^62 wrapped a long back to exactly 2^62 (2^62, then −2^63, −2^62, 0, 2^62) and
     * were accepted with non-monotone cumulative sums. The sum is now decided without overflow.
     */
    @Test
    void rowSumsNeverOverflow() {
        long w = 1L << 62;
        assertMessage(() -> Remap.of(62, 5, new int[][] {{0, 1, 2, 3, 4}}, new long[][] {{w, w, w, w, w}}), "sum to more");
        assertMessage(() -> Remap.of(62, 2, new int[][] {{0, 1}}, new long[][] {{w, w}}), "sum to more");
        // the largest legal rows still load
        Remap ok = Remap.of(62, 2, new int[][] {{0, 1}, {1}}, new long[][] {{w - 1, 1}, {w}});
        assertEquals(1, RemapSampler.of(ok).sample(1, new RandomBitsStub()));
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable e, String part) {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        assertTrue(x.getMessage().contains(part), x.getMessage());
    }
}
