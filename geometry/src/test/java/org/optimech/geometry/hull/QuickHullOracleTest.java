package org.optimech.geometry.hull;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.optimech.geometry.body.Sensitivity;
import org.optimech.runtime.exact.IntegerMatrices;

/**
 * The filtered {@link QuickHull} against the all-exact {@link ExactQuickHull} on random and degenerate sets in 2–6
 * dimensions: the same span, vertices and facets (exact and double forms), a boundary triangulation of the same volume,
 * and the same certified sensitivity; plus the filter's own accounting (how often it falls back to integers) and the
 * exact path alone.
 */
class QuickHullOracleTest {

    /** Every part of the hull that does not depend on the order of construction. */
    static void assertSameHull(ConvexHull expected, ConvexHull got, String label) {
        assertEquals(expected.dimension(), got.dimension(), label + ": dimension");
        assertArrayEquals(expected.span().pivots(), got.span().pivots(), label + ": span pivots");
        assertArrayEquals(expected.span().map(), got.span().map(), label + ": span map");
        assertEquals(expected.shift(), got.shift(), label + ": shift");
        assertArrayEquals(expected.vertices(), got.vertices(), label + ": vertices");
        assertEquals(facetKeys(expected), facetKeys(got), label + ": facets");
        assertEquals(expected.facets().size(), got.facets().size(), label + ": facet count");
        if (got.dimension() >= 2) {
            assertEquals(boundaryVolume(expected), boundaryVolume(got), label + ": volume of the boundary triangulation");
        }
    }

    private static Set<List<Object>> facetKeys(ConvexHull h) {
        Set<List<Object>> keys = new HashSet<>();
        for (ConvexHull.Facet f : h.facets()) {
            List<Object> key = new ArrayList<>(Arrays.asList(f.exactNormal()));
            key.add(f.exactOffset());
            key.add(Arrays.toString(f.vertices()));
            key.add(Arrays.toString(f.normal()));
            key.add(f.offset());
            keys.add(key);
        }
        return keys;
    }

    /**
     * d!·volume in scaled units, as the sum over boundary simplices of |det| of the cone from a vertex-centroid: equal
     * volumes from two triangulations show both cover the boundary once (a gap or an overlap would change it).
     */
    private static BigInteger boundaryVolume(ConvexHull h) {
        int d = h.dimension();
        BigInteger[][] s = h.scaled();
        int[] v = h.vertices();
        BigInteger[] c = new BigInteger[d];
        Arrays.fill(c, BigInteger.ZERO);
        for (int i : v) {
            for (int j = 0; j < d; j++) {
                c[j] = c[j].add(s[i][j]);
            }
        }
        BigInteger m = BigInteger.valueOf(v.length);
        BigInteger total = BigInteger.ZERO;
        for (int[] simplex : h.boundary()) {
            BigInteger[][] rows = new BigInteger[d][d];
            for (int k = 0; k < d; k++) {
                for (int j = 0; j < d; j++) {
                    rows[k][j] = s[simplex[k]][j].multiply(m).subtract(c[j]);
                }
            }
            total = total.add(IntegerMatrices.determinant(rows).abs());
        }
        return total;
    }

    private static QuickHull.Result check(double[][] pts, String label) {
        ConvexHull expected = ExactQuickHull.of(pts);
        QuickHull.Result got = QuickHull.build(pts, true);
        assertSameHull(expected, got.hull(), label);
        return got;
    }

    private static double[][] uniform(SplittableRandom rnd, int n, int d) {
        double[][] p = new double[n][d];
        for (double[] x : p) {
            for (int j = 0; j < d; j++) {
                x[j] = rnd.nextDouble(-1, 1);
            }
        }
        return p;
    }

    private static double[][] sphere(SplittableRandom rnd, int n, int d) {
        double[][] p = uniform(rnd, n, d);
        for (double[] x : p) {
            double s = 0;
            for (double v : x) {
                s += v * v;
            }
            s = Math.sqrt(s);
            for (int j = 0; j < d; j++) {
                x[j] /= s;
            }
        }
        return p;
    }

    private static int size(int d) {
        return d <= 3 ? 120 : d == 4 ? 60 : d == 5 ? 36 : 24;
    }

    @Test
    void randomSetsMatchTheExactHull() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int d = 2; d <= 6; d++) {
            for (int trial = 0; trial < (d <= 4 ? 3 : 2); trial++) {
                check(uniform(rnd, size(d), d), "uniform d = " + d + " trial " + trial);
                check(sphere(rnd, size(d), d), "sphere d = " + d + " trial " + trial);
            }
        }
    }

    @Test
    void latticeGridsWithRepeatsMatchTheExactHull() {
        SplittableRandom rnd = new SplittableRandom(12);
        for (int d = 2; d <= 6; d++) {
            for (int trial = 0; trial < 6; trial++) {
                int n = size(d);
                double[][] p = new double[n][d];
                for (double[] x : p) {
                    for (int j = 0; j < d; j++) {
                        x[j] = (rnd.nextInt(5) - 2) * 0.25; // 5 levels per axis: many coplanar and repeated points
                    }
                }
                check(p, "grid d = " + d + " trial " + trial);
            }
        }
    }

    /** Cube vertices, each twice, with points on the faces and inside: every facet is merged from many simplices. */
    @Test
    void cubesWithPointsOnTheirFacesMatchTheExactHull() {
        SplittableRandom rnd = new SplittableRandom(13);
        for (int d = 2; d <= 6; d++) {
            List<double[]> pts = new ArrayList<>();
            for (int i = 0; i < 2 * d; i++) {
                double[] x = new double[d];
                for (int j = 0; j < d; j++) {
                    x[j] = rnd.nextInt(9) / 4.0 - 1;
                }
                x[i % d] = i < d ? 1 : -1; // on a face
                pts.add(x);
            }
            for (int mask = 0; mask < (1 << d); mask++) {
                double[] v = new double[d];
                for (int j = 0; j < d; j++) {
                    v[j] = ((mask >> j) & 1) == 1 ? 1 : -1;
                }
                pts.add(v);
                pts.add(1 + rnd.nextInt(pts.size()), v.clone());
            }
            pts.add(0, new double[d]);
            ConvexHull h = check(pts.toArray(new double[0][]), "cube d = " + d).hull();
            assertEquals(1 << d, h.vertexCount());
            assertEquals(2 * d, h.facets().size());
        }
    }

    /**
     * A box with random full-precision corners and random points on its faces: the points on a face are exactly coplanar
     * but their heights are products no double holds, so the filter must abstain and the integers decide.
     */
    @Test
    void boxesWithFullPrecisionCornersNeedTheExactFallback() {
        SplittableRandom rnd = new SplittableRandom(14);
        for (int d = 2; d <= 6; d++) {
            double[] lo = new double[d];
            double[] hi = new double[d];
            for (int j = 0; j < d; j++) {
                lo[j] = -1 - rnd.nextDouble();
                hi[j] = 1 + rnd.nextDouble();
            }
            List<double[]> pts = new ArrayList<>();
            for (int mask = 0; mask < (1 << d); mask++) {
                double[] v = new double[d];
                for (int j = 0; j < d; j++) {
                    v[j] = ((mask >> j) & 1) == 1 ? hi[j] : lo[j];
                }
                pts.add(v);
            }
            for (int i = 0; i < 2 * size(d); i++) {
                double[] x = new double[d];
                for (int j = 0; j < d; j++) {
                    x[j] = rnd.nextDouble(lo[j], hi[j]);
                }
                int face = rnd.nextInt(d);
                x[face] = rnd.nextBoolean() ? lo[face] : hi[face];
                pts.add(x);
            }
            double[][] p = pts.toArray(new double[0][]);
            QuickHull.Result r = QuickHull.build(p, true);
            // the reference implementation takes seconds on the 6-dimensional box: there, the exact path is the oracle
            assertSameHull(d < 6 ? ExactQuickHull.of(p) : QuickHull.build(p, false).hull(), r.hull(), "box d = " + d);
            assertEquals(1 << d, r.hull().vertexCount());
            assertEquals(2 * d, r.hull().facets().size());
            assertTrue(r.statistics().exactPredicates() >= 20, "d = " + d + ": coplanar points must reach the exact fallback: " + r.statistics());
        }
    }

    /**
     * Sheared boxes with integer points of up to 28 bits, on the faces and at the corners: edges are exact in doubles but
     * the products in the cofactors are not, so only the error bound and the integers may decide; the exact-in-doubles
     * case must not claim these facets (if it did, coplanar points would get rounded, non-zero heights).
     */
    @Test
    void shearedBoxesWithLargeIntegersMatchTheExactHull() {
        SplittableRandom rnd = new SplittableRandom(22);
        for (int d = 2; d <= 5; d++) {
            long[][] a = new long[d][d];
            do {
                for (long[] row : a) {
                    for (int j = 0; j < d; j++) {
                        row[j] = rnd.nextInt(7) - 3;
                    }
                }
            } while (IntegerMatrices.determinant(toBig(a)).signum() == 0);
            List<double[]> pts = new ArrayList<>();
            for (int i = 0; i < (1 << d) + 2 * size(d); i++) {
                long[] u = new long[d];
                for (int j = 0; j < d; j++) {
                    u[j] = i < (1 << d) ? ((i >> j) & 1) == 1 ? 1 << 24 : -(1 << 24) : rnd.nextLong(-(1 << 24), (1 << 24) + 1);
                }
                int face = rnd.nextInt(d);
                if (i >= (1 << d)) {
                    u[face] = rnd.nextBoolean() ? 1 << 24 : -(1 << 24);
                }
                double[] x = new double[d];
                for (int r = 0; r < d; r++) {
                    for (int j = 0; j < d; j++) {
                        x[r] += a[r][j] * u[j];
                    }
                }
                pts.add(x);
            }
            QuickHull.Result r = check(pts.toArray(new double[0][]), "sheared integer box d = " + d);
            assertEquals(2 * d, r.hull().facets().size());
            assertTrue(r.statistics().exactPredicates() > 0, r.statistics().toString());
        }
    }

    private static BigInteger[][] toBig(long[][] a) {
        BigInteger[][] b = new BigInteger[a.length][];
        for (int i = 0; i < a.length; i++) {
            b[i] = Arrays.stream(a[i]).mapToObj(BigInteger::valueOf).toArray(BigInteger[]::new);
        }
        return b;
    }

    /** Up to 12 dimensions the filtered engine runs (a simplex with interior points); above, the reference does. */
    @Test
    void highDimensionsMatchTheExactHull() {
        SplittableRandom rnd = new SplittableRandom(23);
        for (int d : new int[] {8, 12, 13}) {
            double[][] p = new double[d + 1 + 20][d];
            for (int j = 0; j < d; j++) {
                p[j + 1][j] = 1;
            }
            for (int i = d + 1; i < p.length; i++) {
                for (int j = 0; j < d; j++) {
                    p[i][j] = rnd.nextDouble() / (2 * d);
                }
            }
            QuickHull.Result r = check(p, "simplex d = " + d);
            assertEquals(d + 1, r.hull().facets().size());
            assertEquals(d <= 12, r.statistics().predicates() > 0, r.statistics().toString());
        }
    }

    /** Points in a random r-dimensional affine subspace (exact integer combinations): reduced to the span (ERRATA K12). */
    @Test
    void lowerDimensionalSetsAreReducedLikeTheExactHull() {
        SplittableRandom rnd = new SplittableRandom(15);
        for (int d = 2; d <= 6; d++) {
            for (int r = 0; r < d; r++) {
                double[][] basis = new double[r][d];
                for (double[] b : basis) {
                    for (int j = 0; j < d; j++) {
                        b[j] = rnd.nextInt(7) - 3;
                    }
                }
                double[] origin = new double[d];
                for (int j = 0; j < d; j++) {
                    origin[j] = rnd.nextInt(100) * 0.125;
                }
                double[][] p = new double[size(r == 0 ? 2 : r) + 3][];
                for (int i = 0; i < p.length; i++) {
                    p[i] = origin.clone();
                    for (double[] b : basis) {
                        int c = rnd.nextInt(9) - 4;
                        for (int j = 0; j < d; j++) {
                            p[i][j] += c * b[j];
                        }
                    }
                }
                ConvexHull h = check(p, "span " + r + " in d = " + d).hull();
                assertTrue(h.dimension() <= r, "dimension " + h.dimension() + " above " + r);
            }
        }
    }

    /** Full-precision points on a random plane through the origin in 3-D: exactly coplanar, decided by the span scan. */
    @Test
    void fullPrecisionPlanarSetIsReduced() {
        SplittableRandom rnd = new SplittableRandom(16);
        double[][] p = new double[200][];
        for (int i = 0; i < p.length; i++) {
            double a = rnd.nextDouble(-1, 1);
            double b = rnd.nextDouble(-1, 1);
            p[i] = new double[] {a, b, a}; // the plane x = z
        }
        ConvexHull h = check(p, "plane x = z").hull();
        assertEquals(2, h.dimension());
    }

    @Test
    void tinyAndHugeMagnitudesMatchTheExactHull() {
        SplittableRandom rnd = new SplittableRandom(17);
        for (int d = 2; d <= 4; d++) {
            for (double scale : new double[] {1e-300, 0x1p-1060, 1e300, 0x1p1020}) {
                double[][] p = uniform(rnd, size(d) / 3, d);
                double[][] g = new double[p.length][d];
                for (int i = 0; i < p.length; i++) {
                    for (int j = 0; j < d; j++) {
                        p[i][j] *= scale;
                        g[i][j] = (rnd.nextInt(5) - 2) * scale;
                    }
                }
                check(p, "uniform × " + scale + " d = " + d);
                check(g, "grid × " + scale + " d = " + d);
            }
            // 1e300 and 1e-300 in one set: the scaled copies of the small coordinates underflow to 0, the copies are flat, and
            // the filter must leave the tests that depend on them to the integers
            double[][] mixed = uniform(rnd, size(d) / 3, d);
            for (int i = 0; i < mixed.length; i++) {
                mixed[i][0] *= 1e300;
                mixed[i][d - 1] *= 1e-300;
            }
            QuickHull.Result r = check(mixed, "mixed magnitudes d = " + d);
            assertTrue(r.statistics().exactPredicates() > 0, "d = " + d + ": flat copies must reach the exact fallback: " + r.statistics());
            // coordinates up to the largest doubles (the reference implementation cannot round such offsets)
            double[][] top = uniform(rnd, size(d) / 3, d);
            for (double[] x : top) {
                for (int j = 0; j < d; j++) {
                    x[j] *= Double.MAX_VALUE;
                }
            }
            assertSameHull(QuickHull.build(top, false).hull(), QuickHull.build(top, true).hull(), "near overflow d = " + d);
        }
    }

    /** Grid points and cube vertices moved by one ulp: heights of order 1e-16 that the filter must not decide wrongly. */
    @Test
    void oneUlpPerturbationsMatchTheExactHull() {
        SplittableRandom rnd = new SplittableRandom(18);
        long fallbacks = 0;
        for (int d = 2; d <= 6; d++) {
            for (int trial = 0; trial < (d <= 4 ? 4 : 1); trial++) {
                double[][] p = new double[d <= 4 ? size(d) : 24][d];
                for (int i = 0; i < p.length; i++) {
                    for (int j = 0; j < d; j++) {
                        double v = i < (1 << d) ? (((i >> j) & 1) == 1 ? 1 : -1) : rnd.nextInt(3) - 1;
                        int move = rnd.nextInt(3);
                        p[i][j] = move == 0 ? v : move == 1 ? Math.nextUp(v) : Math.nextDown(v);
                    }
                }
                fallbacks += check(p, "ulp-perturbed d = " + d + " trial " + trial).statistics().exactPredicates();
            }
        }
        assertTrue(fallbacks > 100, "near-degenerate input must reach the exact fallback; " + fallbacks + " times");
    }

    /** Points with integer coordinates on a sphere (norm² = 9, 25 or 50; 12 to 1,210 points): cospherical, with coplanar subsets. */
    @Test
    void cosphericalIntegerPointsMatchTheExactHull() {
        int[][] radii = {{}, {}, {25, 50}, {25, 50}, {9, 25}, {9}};
        for (int d = 2; d <= 5; d++) {
            for (int r2 : radii[d]) {
                List<double[]> pts = new ArrayList<>();
                int[] x = new int[d];
                collect(x, 0, r2, pts);
                check(pts.toArray(new double[0][]), "|x|² = " + r2 + " d = " + d);
            }
        }
    }

    private static void collect(int[] x, int j, int rest, List<double[]> out) {
        if (j == x.length) {
            if (rest == 0) {
                out.add(Arrays.stream(x).asDoubleStream().toArray());
            }
            return;
        }
        for (int v = -7; v <= 7; v++) {
            if (v * v <= rest) {
                x[j] = v;
                collect(x, j + 1, rest - v * v, out);
            }
        }
    }

    /** Random input rarely needs integers; small-integer grids never do (they are exact in doubles). */
    @Test
    void theFilterDecidesAlmostEverythingOnRandomAndGridInput() {
        SplittableRandom rnd = new SplittableRandom(19);
        for (int d = 2; d <= 6; d++) {
            int n = d <= 4 ? 2000 : 600;
            QuickHull.Result r = QuickHull.withStatistics(uniform(rnd, n, d));
            QuickHull.Statistics s = r.statistics();
            assertTrue(s.predicates() > n, s.toString());
            assertTrue(s.exactPredicates() * 10_000 <= s.predicates(), "d = " + d + ": random input fell back too often: " + s);
            double[][] grid = new double[n][d];
            for (double[] g : grid) {
                for (int j = 0; j < d; j++) {
                    g[j] = rnd.nextInt(7) - 3;
                }
            }
            QuickHull.Statistics gs = QuickHull.withStatistics(grid).statistics();
            assertEquals(0, gs.exactPredicates(), "d = " + d + ": a small-integer grid is exact in doubles: " + gs);
        }
    }

    /** The exact path alone (filter off) gives the same hull, and really is the exact path: every test in integers. */
    @Test
    void theExactPathAloneGivesTheSameHull() {
        SplittableRandom rnd = new SplittableRandom(20);
        for (int d = 2; d <= 6; d++) {
            double[][] p = d % 2 == 0 ? sphere(rnd, size(d), d) : uniform(rnd, size(d), d);
            for (int i = 0; i < p.length / 3; i++) {
                for (int j = 0; j < d; j++) {
                    p[i][j] = Math.rint(p[i][j] * 2) / 2; // some grid points, some repeats
                }
            }
            QuickHull.Result exact = QuickHull.build(p, false);
            assertEquals(exact.statistics().predicates(), exact.statistics().exactPredicates(), exact.statistics().toString());
            assertSameHull(QuickHull.build(p, true).hull(), exact.hull(), "filter off d = " + d);
            assertSameHull(ExactQuickHull.of(p), exact.hull(), "filter off vs reference d = " + d);
        }
    }

    /** The certified sensitivity (an exact gauge over the input points) is the same from both hulls. */
    @Test
    void certifiedSensitivityIsTheSame() {
        SplittableRandom rnd = new SplittableRandom(21);
        for (int d = 2; d <= 4; d++) {
            double[][] p = uniform(rnd, size(d) / 3, d);
            for (int i = 0; i < p.length; i++) {
                p[i] = p[i].clone();
            }
            double[][] sym = new double[2 * p.length][];
            for (int i = 0; i < p.length; i++) {
                sym[2 * i] = p[i];
                sym[2 * i + 1] = Arrays.stream(p[i]).map(v -> -v).toArray(); // symmetric: the origin is inside
            }
            ConvexHull a = ExactQuickHull.of(sym);
            ConvexHull b = QuickHull.of(sym);
            assertEquals(Sensitivity.ofHullPoints(a), Sensitivity.ofHullPoints(b), "d = " + d);
            assertEquals(Sensitivity.ofHull(a, a.reduced()), Sensitivity.ofHull(b, b.reduced()), "d = " + d);
        }
    }
}
