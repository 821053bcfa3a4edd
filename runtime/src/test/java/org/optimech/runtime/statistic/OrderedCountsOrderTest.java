package org.optimech.runtime.statistic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link OrderedCounts#totallyOrdered()} against brute force: the transitive closure by Floyd–Warshall, and every pair checked
 * for comparability, over random implication graphs with cycles (d ≤ 7).
 */
class OrderedCountsOrderTest {
    @Test
    void totalOrderMatchesTheTransitiveClosure() {
        Random random = new Random(2022);
        int totals = 0;
        for (int trial = 0; trial < 3000; trial++) {
            int d = 1 + random.nextInt(7);
            List<int[]> pairs = new ArrayList<>();
            boolean[][] reach = new boolean[d][d];
            double density = random.nextDouble() * 0.6;
            for (int i = 0; i < d; i++) {
                reach[i][i] = true;
                for (int j = 0; j < d; j++) {
                    if (i != j && random.nextDouble() < density) {
                        pairs.add(new int[] {i, j});
                        reach[i][j] = true;
                    }
                }
            }
            for (int m = 0; m < d; m++) {
                for (int i = 0; i < d; i++) {
                    for (int j = 0; j < d; j++) {
                        reach[i][j] |= reach[i][m] && reach[m][j];
                    }
                }
            }
            boolean total = true;
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < d; j++) {
                    total &= reach[i][j] || reach[j][i];
                }
            }
            totals += total ? 1 : 0;
            assertEquals(total, new OrderedCounts(d, pairs.toArray(new int[0][])).totallyOrdered(), d + " " + pairs.stream().map(java.util.Arrays::toString)
                    .toList());
        }
        // both answers occur often enough for the comparison to mean something
        assertTrue(totals > 300 && totals < 2700, "total orders among the trials: " + totals);
    }

    @Test
    void aLongChainIsTotalAndDeepGraphsDoNotOverflowTheStack() {
        int d = 10_000;
        int[][] chain = new int[d - 1][];
        for (int i = 0; i + 1 < d; i++) {
            chain[i] = new int[] {i + 1, i};
        }
        assertTrue(new OrderedCounts(d, chain).totallyOrdered());
        int[][] broken = java.util.Arrays.copyOf(chain, d - 2);
        assertEquals(false, new OrderedCounts(d, broken).totallyOrdered());
    }
}
