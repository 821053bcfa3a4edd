package org.optimech.runtime.knorm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.ChiSquare;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * The structured bodies' samplers (sum ball, count ball, count join, permutohedron): membership, the combinatorial steps
 * against enumeration, class and slice probabilities against hand-computed volumes, second moments and 2-D projections
 * against an independent sampler (rejection from a box with the gauge as membership test), and the K-norm law of the noise.
 * Every statistical check states its false-failure probability: χ² checks 1e-7 each ({@link ChiSquare}), z-tests |z| &lt; 5.7
 * (1.2e-8 each), Kolmogorov–Smirnov by the DKW bound at 1e-7; about 60 checks in all, so the file fails falsely with
 * probability below 1e-5. Seeds are fixed.
 */
class StructuredBodiesTest {
    static final double Z = 5.7;

    static List<UnitBody> bodies() {
        List<UnitBody> out = new ArrayList<>();
        for (int[] dk : new int[][] {{1, 1}, {2, 1}, {3, 2}, {4, 2}, {5, 3}, {6, 1}, {6, 6}, {12, 4}}) {
            out.add(SumBallBody.of(dk[0], dk[1]));
            out.add(CountBallBody.of(dk[0], dk[1]));
            out.add(CountJoinBody.of(dk[0], dk[1]));
        }
        out.add(PermutohedronBody.of(2, 0));
        out.add(PermutohedronBody.of(3, 0));
        out.add(PermutohedronBody.of(5, 0));
        out.add(PermutohedronBody.of(4, 1.5));
        return out;
    }

    @Test
    void eulerianRowsMatchTheirDefinition() {
        assertArrayEquals(new BigInteger[] {BigInteger.ONE, BigInteger.valueOf(11), BigInteger.valueOf(11), BigInteger.ONE}, EulerianNumbers.row(4));
        // each row sums to n! and A(n, j) counts the permutations with j descents (enumerated for n = 6)
        BigInteger f = BigInteger.ONE;
        for (int n = 1; n <= 30; n++) {
            f = f.multiply(BigInteger.valueOf(n));
            assertEquals(f, Arrays.stream(EulerianNumbers.row(n)).reduce(BigInteger.ZERO, BigInteger::add), "row " + n);
        }
        long[] byDescents = new long[6];
        for (int[] p : permutations(6)) {
            byDescents[descents(p)]++;
        }
        BigInteger[] row = EulerianNumbers.row(6);
        for (int j = 0; j < 6; j++) {
            assertEquals(row[j].longValueExact(), byDescents[j], "A(6, " + j + ")");
        }
    }

    /** The O(m) permutation sampler: exactly j descents, and uniform over the A(5, j) such permutations (χ², 1e-7 each). */
    @Test
    void permutationsWithDescentsAreUniform() {
        CubeSlices s = EulerianNumbers.slices(5, 5);
        RandomSource bits = new SeededRandomBits(1);
        List<int[]> all = permutations(5);
        for (int j = 0; j < 5; j++) {
            Map<String, Integer> index = new HashMap<>();
            for (int[] p : all) {
                if (descents(p) == j) {
                    index.put(Arrays.toString(p), index.size());
                }
            }
            long[] counts = new long[index.size()];
            int n = 40 * index.size() + 200;
            for (int i = 0; i < n; i++) {
                int[] p = s.permutationWithDescents(5, j, bits);
                assertEquals(j, descents(p), Arrays.toString(p));
                counts[index.get(Arrays.toString(p))]++;
            }
            double[] prob = new double[counts.length];
            Arrays.fill(prob, 1.0 / counts.length);
            ChiSquare.assertFits(counts, prob, n, "permutations of 5 with " + j + " descents");
        }
    }

    /** Slices of Q_4 (k = 3) by ⌊Σx⌋: probabilities A(4, j)/(1 + 11 + 11) (χ², 1e-7). */
    @Test
    void slicesFollowTheEulerianNumbers() {
        CubeSlices s = EulerianNumbers.slices(4, 3);
        RandomSource bits = new SeededRandomBits(2);
        long[] counts = new long[3];
        int n = 30_000;
        for (int i = 0; i < n; i++) {
            double[] x = s.uniform(4, bits);
            counts[(int) Math.floor(Arrays.stream(x).sum())]++;
        }
        ChiSquare.assertFits(counts, new double[] {1 / 23.0, 11 / 23.0, 11 / 23.0}, n, "slices of Q_4, k = 3");
    }

    /** Prüfer decoding is a bijection onto the d^{d−2} spanning trees (d = 5: 125 codes, 125 distinct trees). */
    @Test
    void pruferTreesAreDistinctSpanningTrees() {
        int d = 5;
        Set<String> trees = new HashSet<>();
        RandomSource fixed = new RandomSource() {
            long code;

            @Override
            public long nextLong() {
                throw new UnsupportedOperationException();
            }

            @Override
            public long nextBits(int k) {
                long digit = code % 8; // 3 bits per digit: values ≥ 5 are rejected by uniformBelow and retried
                code /= 8;
                return digit;
            }
        };
        for (int c = 0; c < 125; c++) {
            int[] digits = {c % 5, (c / 5) % 5, c / 25};
            long encoded = 0;
            for (int i = digits.length - 1; i >= 0; i--) {
                encoded = encoded * 8 + digits[i];
            }
            long e = encoded;
            RandomSource src = new RandomSource() {
                long code = e;

                @Override
                public long nextLong() {
                    throw new UnsupportedOperationException();
                }

                int used; // bits handed out so far: each base-8 digit is 3 bits, most significant first

                @Override
                public long nextBits(int k) {
                    // whatever way uniformBelow(5) consumes bits (3 at a time, or one by one in a dice roller), 3 bits
                    // spelling a value below 5 decide it
                    long out = 0;
                    for (int i = 0; i < k; i++) {
                        long digit = (code >> (3 * (used / 3))) & 7;
                        out = (out << 1) | ((digit >> (2 - used % 3)) & 1);
                        used++;
                    }
                    return out;
                }
            };
            int[][] tree = PermutohedronBody.randomTree(d, src);
            assertEquals(d - 1, tree.length);
            int[] parent = new int[d];
            for (int v = 0; v < d; v++) {
                parent[v] = v;
            }
            for (int[] edge : tree) {
                assertTrue(edge[0] < edge[1]);
                int a = find(parent, edge[0]);
                int b = find(parent, edge[1]);
                assertTrue(a != b, "a cycle in " + Arrays.deepToString(tree));
                parent[a] = b;
            }
            int[][] sorted = tree.clone();
            Arrays.sort(sorted, (x, y) -> x[0] != y[0] ? Integer.compare(x[0], y[0]) : Integer.compare(x[1], y[1]));
            trees.add(Arrays.deepToString(sorted));
        }
        assertEquals(125, trees.size());
        assertTrue(fixed != null);
    }

    private static int find(int[] parent, int v) {
        while (parent[v] != v) {
            v = parent[v];
        }
        return v;
    }

    @Test
    void uniformPointsStayInTheBody() {
        RandomSource bits = new SeededRandomBits(3);
        for (UnitBody body : bodies()) {
            for (int i = 0; i < 20_000; i++) {
                double[] u = body.uniformPoint(bits);
                assertEquals(body.dimension(), u.length);
                assertTrue(body.norm(u) <= 1 + 1e-12, body.name() + " d=" + body.dimension() + ": " + Arrays.toString(u));
                if (body instanceof PermutohedronBody p && p.prismHalfHeight() == 0) {
                    assertEquals(0, Arrays.stream(u).sum(), 1e-9);
                }
            }
        }
    }

    /** d = 4, k = 2: the number of positive coordinates of the count join has probabilities (3, 5, 6, 5, 3)/22 (χ², 1e-7). */
    @Test
    void countJoinOrthantClassesFollowTheirVolumes() {
        // vol(Q_j)·vol(Q_{4−j}) with vol(Q_m) = Σ_{i<2} A(m, i)/m!: 1, 1, 1, 5/6, 1/2 for m = 0..4
        assertClasses(CountJoinBody.of(4, 2), new double[] {3 / 22.0, 5 / 22.0, 6 / 22.0, 5 / 22.0, 3 / 22.0}, 4);
        // count ball: C(4, j)·vol(Q_j)·vol(Q_{4−j}) = 1/2, 10/3, 6, 10/3, 1/2 of 41/3
        assertClasses(CountBallBody.of(4, 2), new double[] {3 / 82.0, 20 / 82.0, 36 / 82.0, 20 / 82.0, 3 / 82.0}, 5);
    }

    private static void assertClasses(UnitBody body, double[] p, long seed) {
        RandomSource bits = new SeededRandomBits(seed);
        long[] counts = new long[p.length];
        int n = 40_000;
        for (int i = 0; i < n; i++) {
            int positive = 0;
            for (double v : body.uniformPoint(bits)) {
                positive += v > 0 ? 1 : 0;
            }
            counts[positive]++;
        }
        ChiSquare.assertFits(counts, p, n, body.name() + " orthant classes");
    }

    /** A uniform point by rejection from the body's bounding box (in the first d − 1 coordinates for the permutohedron's hyperplane). */
    static double[] reference(UnitBody body, RandomSource bits) {
        int d = body.dimension();
        double bound = body instanceof PermutohedronBody p ? (d - 1) / 2.0 + p.prismHalfHeight() : 1;
        boolean hyperplane = body instanceof PermutohedronBody p && p.prismHalfHeight() == 0;
        while (true) {
            double[] x = new double[d];
            double s = 0;
            for (int j = 0; j < (hyperplane ? d - 1 : d); j++) {
                x[j] = bound * Continuous.symmetricUniform(bits);
                s += x[j];
            }
            if (hyperplane) {
                x[d - 1] = -s;
            }
            if (body.norm(x) <= 1) {
                return x;
            }
        }
    }

    /** E‖U‖² and E(Σ U)² agree with the box-rejection sampler's (two-sample z-tests, |z| < 5.7). */
    @Test
    void secondMomentsMatchRejection() {
        RandomSource bits = new SeededRandomBits(6);
        for (UnitBody body : bodies()) {
            if (body.dimension() > 6) {
                continue; // box rejection is too slow there
            }
            int n = 20_000;
            double[][] a = moments(body, n, bits, false);
            double[][] b = moments(body, n, bits, true);
            boolean hyperplane = body instanceof PermutohedronBody p && p.prismHalfHeight() == 0;
            for (int m = 0; m < (hyperplane ? 1 : 2); m++) { // (ΣU)² is 0 up to rounding in the hyperplane: checked in uniformPointsStayInTheBody
                double z = (a[0][m] - b[0][m]) / Math.sqrt(a[1][m] / n + b[1][m] / n + 1e-300);
                assertTrue(Math.abs(z) < Z, body.name() + " d=" + body.dimension() + " moment " + m + ": " + a[0][m] + " vs " + b[0][m] + " (z = " + z + ")");
            }
        }
    }

    /** {mean, variance} of ‖U‖² and (ΣU)². */
    private static double[][] moments(UnitBody body, int n, RandomSource bits, boolean reference) {
        double[] sum = new double[2];
        double[] sq = new double[2];
        for (int i = 0; i < n; i++) {
            double[] u = reference ? reference(body, bits) : body.uniformPoint(bits);
            double norm2 = 0;
            double total = 0;
            for (double v : u) {
                norm2 += v * v;
                total += v;
            }
            double[] m = {norm2, total * total};
            for (int t = 0; t < 2; t++) {
                sum[t] += m[t];
                sq[t] += m[t] * m[t];
            }
        }
        double[][] out = new double[2][2];
        for (int t = 0; t < 2; t++) {
            out[0][t] = sum[t] / n;
            out[1][t] = sq[t] / n - out[0][t] * out[0][t];
        }
        return out;
    }

    /**
     * Uniformity on 2-D projections: the joint law of two coordinates (the first and the last) on a 5 × 5 grid, the structured
     * sampler against box rejection, by a χ² test of homogeneity (false failure 1e-7 each).
     */
    @Test
    void twoDimensionalProjectionsMatchRejection() {
        RandomSource bits = new SeededRandomBits(7);
        for (UnitBody body : List.of(SumBallBody.of(3, 2), SumBallBody.of(5, 2), CountBallBody.of(4, 2), CountBallBody.of(5, 3), CountJoinBody.of(4, 2),
                CountJoinBody.of(5, 2), PermutohedronBody.of(4, 0), PermutohedronBody.of(5, 0), PermutohedronBody.of(3, 0.75))) {
            int d = body.dimension();
            double bound = body instanceof PermutohedronBody p ? (d - 1) / 2.0 + p.prismHalfHeight() : 1;
            int cells = 5;
            int n = 20_000;
            long[][] counts = new long[2][cells * cells];
            for (int s = 0; s < 2; s++) {
                for (int i = 0; i < n; i++) {
                    double[] u = s == 0 ? body.uniformPoint(bits) : reference(body, bits);
                    int a = Math.min(cells - 1, (int) ((u[0] + bound) / (2 * bound) * cells));
                    int b = Math.min(cells - 1, (int) ((u[d - 1] + bound) / (2 * bound) * cells));
                    counts[s][a * cells + b]++;
                }
            }
            double chi2 = 0;
            int df = 0;
            for (int c = 0; c < cells * cells; c++) {
                long total = counts[0][c] + counts[1][c];
                if (total < 10) {
                    continue;
                }
                for (int s = 0; s < 2; s++) {
                    double e = total / 2.0;
                    chi2 += (counts[s][c] - e) * (counts[s][c] - e) / e;
                }
                df++;
            }
            double limit = new ChiSquaredDistribution(Math.max(1, df - 1)).inverseCumulativeProbability(1 - ChiSquare.ALPHA);
            assertTrue(chi2 < limit, body.name() + " d=" + d + ": homogeneity chi2 " + chi2 + " over " + (df - 1) + " df, limit " + limit);
        }
    }

    /** ‖V‖_K ~ Gamma(span dimension, Δ/ε) for the whole mechanism (ERRATA K1; d − 1 for the permutohedron in its hyperplane). */
    @Test
    void normOfTheNoiseIsGammaOfTheSpanDimension() {
        RandomSource bits = new SeededRandomBits(8);
        int n = 20_000;
        double alpha = 1e-7;
        double dkw = Math.sqrt(Math.log(2 / alpha) / (2.0 * n));
        for (UnitBody body : List.of(SumBallBody.of(50, 20), CountBallBody.of(30, 4), CountJoinBody.of(30, 4), PermutohedronBody.of(20, 0),
                PermutohedronBody.of(10, 2))) {
            KNormSampler s = KNormSampler.of(body, 2, 0.5);
            double[] norms = new double[n];
            for (int i = 0; i < n; i++) {
                norms[i] = body.norm(s.noise(bits));
            }
            double ks = new KolmogorovSmirnovTest().kolmogorovSmirnovStatistic(new GammaDistribution(body.spanDimension(), 4), norms);
            assertTrue(ks < dkw, body.name() + ": KS " + ks + " >= " + dkw);
        }
    }

    /** At d = 1000 a draw is fast and in the body (the tables are big-integer Eulerian numbers of thousands of digits). */
    @Test
    void highDimensionDraws() {
        RandomSource bits = new SeededRandomBits(9);
        for (UnitBody body : List.of(SumBallBody.of(1000, 20), CountBallBody.of(1000, 20), CountJoinBody.of(1000, 20), PermutohedronBody.of(1000, 0))) {
            for (int i = 0; i < 20; i++) {
                assertTrue(body.norm(body.uniformPoint(bits)) <= 1 + 1e-9, body.name());
            }
        }
    }

    static List<int[]> permutations(int n) {
        List<int[]> out = new ArrayList<>();
        permute(new int[n], new boolean[n], 0, out);
        return out;
    }

    private static void permute(int[] p, boolean[] used, int i, List<int[]> out) {
        if (i == p.length) {
            out.add(p.clone());
            return;
        }
        for (int v = 0; v < p.length; v++) {
            if (!used[v]) {
                used[v] = true;
                p[i] = v;
                permute(p, used, i + 1, out);
                used[v] = false;
            }
        }
    }

    static int descents(int[] p) {
        int c = 0;
        for (int i = 1; i < p.length; i++) {
            c += p[i - 1] > p[i] ? 1 : 0;
        }
        return c;
    }
}
