package org.optimech.designer.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.discrete.NeighbourGraph;

class HistogramsTest {
    @Test
    void countMatchesEnumerationAndBruteForce() {
        for (int p = 2; p <= 5; p++) {
            for (int n = 1; n <= 7; n++) {
                List<int[]> states = new Histograms(p, n).states();
                // Brute force: every vector in {0..n}^p summing to n.
                long brute = 0;
                int[] v = new int[p];
                for (long code = 0; code < Math.round(Math.pow(n + 1, p)); code++) {
                    long c = code;
                    int sum = 0;
                    for (int i = 0; i < p; i++) {
                        v[i] = (int) (c % (n + 1));
                        c /= n + 1;
                        sum += v[i];
                    }
                    brute += sum == n ? 1 : 0;
                }
                assertEquals(brute, states.size(), p + " cells, " + n + " records");
                assertEquals(BigInteger.valueOf(brute), Histograms.count(p, n));
                Set<String> labels = new HashSet<>();
                for (int[] h : states) {
                    assertEquals(n, java.util.Arrays.stream(h).sum());
                    labels.add(Histograms.label(h));
                }
                assertEquals(states.size(), labels.size(), "distinct");
            }
        }
        assertEquals(new BigInteger("4263421511271"), Histograms.count(10, 100));
    }

    @Test
    void substitutionGraphMovesExactlyOneRecord() {
        Histograms hs = new Histograms(4, 5);
        List<int[]> states = hs.states();
        NeighbourGraph g = hs.substitutionGraph();
        assertTrue(g.unreachableFromFirst().isEmpty(), "connected");
        int[] degree = new int[states.size()];
        for (int[] e : g.edges()) {
            int[] a = states.get(e[0]);
            int[] b = states.get(e[1]);
            int l1 = 0;
            for (int c = 0; c < 4; c++) {
                l1 += Math.abs(a[c] - b[c]);
            }
            assertEquals(2, l1, "an edge moves one record: " + Histograms.label(a) + " ~ " + Histograms.label(b));
            degree[e[0]]++;
            degree[e[1]]++;
        }
        for (int s = 0; s < states.size(); s++) {
            long nonzero = java.util.Arrays.stream(states.get(s)).filter(c -> c > 0).count();
            assertEquals(nonzero * 3, degree[s], "each non-empty cell can give a record to each of the 3 others: " + Histograms.label(states.get(s)));
        }
    }

    @Test
    void lossesBetweenHistograms() {
        Histograms hs = new Histograms(3, 2);
        List<String> labels = hs.domain().labels();
        int a = labels.indexOf("2,0,0");
        int b = labels.indexOf("0,1,1");
        assertEquals(4.0, hs.loss("l1").at(a, b));
        assertEquals(6.0, hs.loss("squared").at(a, b));
        assertEquals(1.0, hs.loss("zero-one").at(a, b));
        assertEquals(0.0, hs.loss("l1").at(b, b));
    }
}
