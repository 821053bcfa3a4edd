package org.optimech.geometry.hull;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.exact.IntegerMatrices;

/**
 * The contract every {@link HullBuilder} must meet (in the style of Hipparchus's hull-generator
 * tests): empty, single, identical, collinear and coplanar input, classic degenerate polytopes, and
 * random sets against a brute-force enumeration of supporting hyperplanes.
 */
abstract class HullBuilderContract {
    abstract HullBuilder builder();

    @Test
    void emptyInputIsAClearError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> builder().build(new double[0][]));
        assertEquals("points must not be empty", e.getMessage());
    }

    @Test
    void singlePointIsAZeroDimensionalHull() {
        ConvexHull h = builder().build(new double[][] {{1.5, -2, 3}});
        assertEquals(0, h.dimension());
        assertArrayEquals(new int[] {0}, h.vertices());
    }

    @Test
    void identicalPointsCollapseToOneVertex() {
        ConvexHull h = builder().build(new double[][] {{1, 2}, {1, 2}, {1, 2}});
        assertEquals(0, h.dimension());
        assertEquals(1, h.vertexCount());
    }

    @Test
    void collinearPointsInThreeDimensionsGiveASegment() {
        double[][] pts = {{0, 0, 0}, {1, 2, 3}, {0.5, 1, 1.5}, {-2, -4, -6}, {1, 2, 3}};
        ConvexHull h = builder().build(pts);
        assertEquals(1, h.dimension());
        assertFalse(h.span().isFull());
        assertArrayEquals(new int[] {1, 3}, h.vertices());
        // the span maps reduced coordinates back exactly
        assertArrayEquals(pts[3], h.span().embed(h.span().reduce(pts[3])));
    }

    @Test
    void coplanarPointsInThreeDimensionsAreReducedNotRejected() {
        // a square in the plane z = x + y with points inside and on its edges
        List<double[]> pts = new ArrayList<>();
        for (int i = 0; i <= 4; i++) {
            for (int j = 0; j <= 4; j++) {
                pts.add(new double[] {i * 0.25, j * 0.25, i * 0.25 + j * 0.25});
            }
        }
        ConvexHull h = builder().build(pts.toArray(new double[0][]));
        assertEquals(2, h.dimension());
        assertEquals(4, h.vertexCount());
        assertEquals(4, h.facets().size());
        for (double[] p : pts) {
            assertArrayEquals(p, h.span().embed(h.span().reduce(p)));
        }
    }

    @Test
    void cubeWithFaceCentresAndRepeatsHasEightVerticesAndSixFacets() {
        for (int d = 2; d <= 5; d++) {
            List<double[]> pts = new ArrayList<>();
            for (int mask = 0; mask < (1 << d); mask++) {
                double[] v = new double[d];
                for (int j = 0; j < d; j++) {
                    v[j] = ((mask >> j) & 1) == 1 ? 1 : -1;
                }
                pts.add(v);
                pts.add(v.clone()); // repeated
            }
            for (int j = 0; j < d; j++) {
                double[] c = new double[d];
                c[j] = 1;
                pts.add(c);
                double[] e = new double[d];
                e[j] = -1;
                pts.add(e);
            }
            pts.add(new double[d]);
            ConvexHull h = builder().build(pts.toArray(new double[0][]));
            assertEquals(d, h.dimension());
            assertEquals(1 << d, h.vertexCount(), "cube d = " + d);
            assertEquals(2 * d, h.facets().size(), "cube d = " + d);
            for (ConvexHull.Facet f : h.facets()) {
                assertEquals(1 << (d - 1), f.vertices().length);
                assertEquals(1.0, f.offset() / Arrays.stream(f.normal()).map(Math::abs).max().getAsDouble(), 0.0);
            }
        }
    }

    @Test
    void crossPolytopeHasTwoDVerticesAndTwoToTheDFacets() {
        for (int d = 2; d <= 6; d++) {
            double[][] pts = new double[2 * d + 1][d];
            for (int j = 0; j < d; j++) {
                pts[2 * j][j] = 1;
                pts[2 * j + 1][j] = -1;
            }
            ConvexHull h = builder().build(pts);
            assertEquals(2 * d, h.vertexCount());
            assertEquals(1 << d, h.facets().size());
            assertEquals(1 << d, h.boundary().length);
        }
    }

    /** Histograms under substitution: differences e_i − e_j lie in Σu = 0, so the hull is reduced (ERRATA K12). */
    @Test
    void histogramDifferencesUnderSubstitutionAreReduced() {
        int p = 4;
        List<double[]> pts = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < p; j++) {
                double[] u = new double[p];
                u[i] += 1;
                u[j] -= 1;
                pts.add(u);
            }
        }
        ConvexHull h = builder().build(pts.toArray(new double[0][]));
        assertEquals(p - 1, h.dimension());
        assertEquals(p * (p - 1), h.vertexCount());
        double[] any = pts.get(1);
        assertArrayEquals(any, h.span().embed(h.span().reduce(any)));
    }

    /** Histograms under add/remove: ±e_i, the cross-polytope. */
    @Test
    void histogramDifferencesUnderAddRemoveGiveTheCrossPolytope() {
        int p = 5;
        double[][] pts = new double[2 * p][p];
        for (int i = 0; i < p; i++) {
            pts[2 * i][i] = 1;
            pts[2 * i + 1][i] = -1;
        }
        ConvexHull h = builder().build(pts);
        assertEquals(p, h.dimension());
        assertEquals(2 * p, h.vertexCount());
        assertEquals(1 << p, h.facets().size());
    }

    /**
     * Random point sets (on a grid, so with many coplanar and repeated points) against brute force: every
     * d-subset spanning a hyperplane with all points on one side is a facet plane, and a point is a vertex
     * iff the normals of the facet planes through it span the space.
     */
    @Test
    void randomSetsMatchBruteForce() {
        SplittableRandom rnd = new SplittableRandom(2026);
        int checked = 0;
        for (int trial = 0; trial < 60; trial++) {
            int d = 2 + trial % 3;
            int n = d + 2 + rnd.nextInt(d == 4 ? 8 : 12);
            double[][] pts = new double[n][d];
            for (double[] p : pts) {
                for (int j = 0; j < d; j++) {
                    p[j] = (rnd.nextInt(7) - 3) * 0.5;
                }
            }
            BigInteger[][] ip = new BigInteger[n][d];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < d; j++) {
                    ip[i][j] = BigInteger.valueOf((long) (pts[i][j] * 2));
                }
            }
            if (IntegerMatrices.rank(differences(ip)) < d) {
                continue;
            }
            ConvexHull h = builder().build(pts);
            assertEquals(d, h.dimension());
            Set<List<BigInteger>> expected = bruteFacets(ip, -1);
            Set<List<BigInteger>> got = new HashSet<>();
            for (ConvexHull.Facet f : h.facets()) {
                got.add(primitive(f.exactNormal(), f.exactOffset().shiftLeft(1).shiftRight(h.shift())));
            }
            assertEquals(expected, got, "trial " + trial + " facets of " + Arrays.deepToString(pts));
            List<Integer> vertices = new ArrayList<>();
            Set<List<BigInteger>> distinct = new HashSet<>();
            for (int i = 0; i < n; i++) {
                if (isExtreme(ip, expected, i) && distinct.add(Arrays.asList(ip[i]))) {
                    vertices.add(i); // the first copy of a repeated vertex
                }
            }
            assertEquals(vertices, Arrays.stream(h.vertices()).boxed().toList(), "trial " + trial + " vertices of " + Arrays.deepToString(pts));
            checked++;
        }
        assertTrue(checked >= 50, "only " + checked + " full-dimensional trials");
    }

    /** A point is a vertex of a full-dimensional polytope iff the normals of the facet planes through it span the space. */
    private static boolean isExtreme(BigInteger[][] ip, Set<List<BigInteger>> planes, int i) {
        List<BigInteger[]> through = new ArrayList<>();
        for (List<BigInteger> pl : planes) {
            BigInteger[] nrm = pl.subList(0, pl.size() - 1).toArray(new BigInteger[0]);
            if (IntegerMatrices.dot(nrm, ip[i]).equals(pl.get(pl.size() - 1))) {
                through.add(nrm);
            }
        }
        return !through.isEmpty() && IntegerMatrices.rank(through.toArray(new BigInteger[0][])) == ip[0].length;
    }

    static BigInteger[][] differences(BigInteger[][] ip) {
        BigInteger[][] diff = new BigInteger[ip.length - 1][];
        for (int i = 1; i < ip.length; i++) {
            diff[i - 1] = new BigInteger[ip[0].length];
            for (int j = 0; j < ip[0].length; j++) {
                diff[i - 1][j] = ip[i][j].subtract(ip[0][j]);
            }
        }
        return diff;
    }

    /** Supporting hyperplanes through d affinely independent points, as primitive (normal, offset) with the set below. */
    static Set<List<BigInteger>> bruteFacets(BigInteger[][] ip, int skip) {
        int n = ip.length;
        int d = ip[0].length;
        Set<List<BigInteger>> out = new HashSet<>();
        int[] idx = new int[d];
        combos(0, 0, n, d, idx, () -> {
            for (int k : idx) {
                if (k == skip) {
                    return;
                }
            }
            BigInteger[][] sub = new BigInteger[d][];
            for (int k = 0; k < d; k++) {
                sub[k] = ip[idx[k]];
            }
            BigInteger[] nrm = IntegerMatrices.normalThrough(sub);
            if (IntegerMatrices.isZero(nrm)) {
                return;
            }
            BigInteger c = IntegerMatrices.dot(nrm, sub[0]);
            boolean below = true;
            boolean above = true;
            for (int i = 0; i < n; i++) {
                if (i == skip) {
                    continue;
                }
                int s = IntegerMatrices.dot(nrm, ip[i]).compareTo(c);
                below &= s <= 0;
                above &= s >= 0;
            }
            if (below) {
                out.add(primitive(nrm, c));
            }
            if (above) {
                BigInteger[] neg = new BigInteger[d];
                for (int j = 0; j < d; j++) {
                    neg[j] = nrm[j].negate();
                }
                out.add(primitive(neg, c.negate()));
            }
        });
        return out;
    }

    private static void combos(int start, int depth, int n, int d, int[] idx, Runnable r) {
        if (depth == d) {
            r.run();
            return;
        }
        for (int i = start; i < n; i++) {
            idx[depth] = i;
            combos(i + 1, depth + 1, n, d, idx, r);
        }
    }

    static List<BigInteger> primitive(BigInteger[] normal, BigInteger offset) {
        BigInteger g = offset.abs();
        for (BigInteger x : normal) {
            g = g.gcd(x);
        }
        List<BigInteger> key = new ArrayList<>();
        for (BigInteger x : normal) {
            key.add(x.divide(g));
        }
        key.add(offset.divide(g));
        return key;
    }
}
