package org.optimech.geometry.hull;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.ScaledPoints;

/**
 * The previous, all-exact Quickhull, kept unchanged as a test oracle and as the baseline of the hull
 * benchmark; {@link QuickHull} gives the same hull much faster. Use {@link QuickHull}.
 *
 * <p>Quickhull (Barber–Dobkin–Huhdanpaa 1996) in any dimension with exact predicates: points are
 * scaled to integers ({@link ScaledPoints}) and every above/below test is an exact integer dot
 * product, so coplanar, repeated and cospherical points need no tolerances. A point is added only
 * when strictly above a facet; the boundary comes out as simplices, which are then merged per
 * supporting hyperplane. Sets that are not full-dimensional are reduced to their affine span first.
 * Floating point is used only to choose the furthest outside point, which affects speed, not the result.
 */
public final class ExactQuickHull implements HullBuilder {

    @Override
    public ConvexHull build(double[][] points) {
        return of(points);
    }

    /** The hull of the points; see {@link HullBuilder#build}. */
    public static ConvexHull of(double[][] points) {
        ScaledPoints ambient = ScaledPoints.of(points);
        int n = ambient.size();
        int d = ambient.dimension();
        BigInteger[][] a = new BigInteger[n][];
        for (int i = 0; i < n; i++) {
            a[i] = ambient.point(i);
        }
        // the affine span: differences from point 0, pivot columns of their echelon form
        int[] basisRows = independentDifferences(a, d);
        int r = basisRows.length;
        BigInteger[][] diff = new BigInteger[r][d];
        for (int k = 0; k < r; k++) {
            for (int j = 0; j < d; j++) {
                diff[k][j] = a[basisRows[k]][j].subtract(a[0][j]);
            }
        }
        int[] pivots = IntegerMatrices.pivotColumns(diff);
        AffineSpan span = r == d ? AffineSpan.full(d) : AffineSpan.of(d, points[0], diff);
        double[][] reduced = new double[n][r];
        BigInteger[][] scaled = new BigInteger[n][r];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < r; k++) {
                reduced[i][k] = points[i][pivots[k]];
                scaled[i][k] = a[i][pivots[k]];
            }
        }
        int shift = ambient.shift();
        if (r == 0) {
            return ConvexHull.withFacets(span, reduced, scaled, shift, new int[] {0}, List.of(), new int[0][], new BigInteger[0], 1);
        }
        if (r == 1) {
            return segment(span, reduced, scaled, shift);
        }
        return new Builder(scaled, r).run(span, reduced, shift, basisRows);
    }

    /** Indices of points whose differences from point 0 are independent, chosen far from point 0 first. */
    private static int[] independentDifferences(BigInteger[][] a, int d) {
        int n = a.length;
        Integer[] order = new Integer[n - 1];
        double[] dist = new double[n];
        for (int i = 1; i < n; i++) {
            order[i - 1] = i;
            double s = 0;
            for (int j = 0; j < d; j++) {
                double v = a[i][j].subtract(a[0][j]).doubleValue();
                s += v * v;
            }
            dist[i] = s;
        }
        Arrays.sort(order, (x, y) -> Double.compare(dist[y], dist[x]));
        List<BigInteger[]> rows = new ArrayList<>();
        List<Integer> chosen = new ArrayList<>();
        for (int idx : order) {
            if (chosen.size() == d) {
                break;
            }
            BigInteger[] v = new BigInteger[d];
            for (int j = 0; j < d; j++) {
                v[j] = a[idx][j].subtract(a[0][j]);
            }
            if (IntegerMatrices.isZero(v)) {
                continue;
            }
            rows.add(v);
            if (IntegerMatrices.rank(rows.toArray(new BigInteger[0][])) == rows.size()) {
                chosen.add(idx);
            } else {
                rows.remove(rows.size() - 1);
            }
        }
        return chosen.stream().mapToInt(Integer::intValue).toArray();
    }

    private static ConvexHull segment(AffineSpan span, double[][] reduced, BigInteger[][] scaled, int shift) {
        int lo = 0;
        int hi = 0;
        for (int i = 1; i < scaled.length; i++) {
            if (scaled[i][0].compareTo(scaled[lo][0]) < 0) {
                lo = i;
            }
            if (scaled[i][0].compareTo(scaled[hi][0]) > 0) {
                hi = i;
            }
        }
        int[] v = lo < hi ? new int[] {lo, hi} : new int[] {hi, lo};
        List<ConvexHull.Facet> f = List.of(new ConvexHull.Facet(new int[] {lo}, new BigInteger[] {BigInteger.ONE.negate()}, scaled[lo][0].negate(),
                new double[] {-1}, -reduced[lo][0]), new ConvexHull.Facet(new int[] {hi}, new BigInteger[] {BigInteger.ONE}, scaled[hi][0],
                        new double[] {1}, reduced[hi][0]));
        BigInteger[] mid = {scaled[lo][0].add(scaled[hi][0])};
        return ConvexHull.withFacets(span, reduced, scaled, shift, v, f, new int[][] {{lo}, {hi}}, mid, 2);
    }

    /** One simplicial facet during construction: vertices v, and neighbour k across the ridge that omits v[k]. */
    private static final class Face {
        final int[] v;
        final BigInteger[] normal;
        final BigInteger offset;
        final double norm;
        final Face[] nb;
        List<Integer> outside = new ArrayList<>();
        boolean dead;
        boolean visited;

        Face(int[] v, BigInteger[] normal, BigInteger offset) {
            this.v = v;
            this.normal = normal;
            this.offset = offset;
            double s = 0;
            for (BigInteger x : normal) {
                double y = x.doubleValue();
                s += y * y;
            }
            this.norm = Math.sqrt(s);
            this.nb = new Face[v.length];
        }
    }

    private static final class Builder {
        private final BigInteger[][] p;
        private final int d;
        private BigInteger[] interior; // (d+1)·centroid of the first simplex
        private final List<Face> faces = new ArrayList<>();

        Builder(BigInteger[][] p, int d) {
            this.p = p;
            this.d = d;
        }

        /** normal·x − offset for the integer point x (positive: strictly above). */
        private BigInteger height(Face f, BigInteger[] x) {
            return IntegerMatrices.dot(f.normal, x).subtract(f.offset);
        }

        private Face face(int[] v) {
            BigInteger[][] pts = new BigInteger[d][];
            for (int k = 0; k < d; k++) {
                pts[k] = p[v[k]];
            }
            BigInteger[] n = IntegerMatrices.normalThrough(pts);
            BigInteger c = IntegerMatrices.dot(n, p[v[0]]);
            // orient outward: the interior point (scaled by d+1) must be strictly below
            int side = IntegerMatrices.dot(n, interior).subtract(c.multiply(BigInteger.valueOf(d + 1))).signum();
            if (side == 0) {
                throw new IllegalStateException("degenerate facet " + Arrays.toString(v));
            }
            if (side > 0) {
                for (int j = 0; j < d; j++) {
                    n[j] = n[j].negate();
                }
                c = c.negate();
            }
            return new Face(v, n, c);
        }

        ConvexHull run(AffineSpan span, double[][] reduced, int shift, int[] basisRows) {
            int[] simplex = new int[d + 1];
            simplex[0] = 0;
            System.arraycopy(basisRows, 0, simplex, 1, d);
            interior = new BigInteger[d];
            Arrays.fill(interior, BigInteger.ZERO);
            for (int s : simplex) {
                for (int j = 0; j < d; j++) {
                    interior[j] = interior[j].add(p[s][j]);
                }
            }
            Face[] initial = new Face[d + 1];
            for (int omit = 0; omit <= d; omit++) {
                int[] v = new int[d];
                for (int k = 0, c = 0; k <= d; k++) {
                    if (k != omit) {
                        v[c++] = simplex[k];
                    }
                }
                initial[omit] = face(v);
            }
            // face omitting simplex[a] and face omitting simplex[b] share the ridge omitting both
            for (int omit = 0; omit <= d; omit++) {
                Face f = initial[omit];
                for (int k = 0; k < d; k++) {
                    int other = indexOf(simplex, f.v[k]);
                    f.nb[k] = initial[other];
                }
                faces.add(f);
            }
            boolean[] inSimplex = new boolean[p.length];
            for (int s : simplex) {
                inSimplex[s] = true;
            }
            List<Integer> all = new ArrayList<>();
            for (int i = 0; i < p.length; i++) {
                if (!inSimplex[i]) {
                    all.add(i);
                }
            }
            assign(all, Arrays.asList(initial), -1);
            ArrayDeque<Face> work = new ArrayDeque<>(Arrays.asList(initial));
            while (!work.isEmpty()) {
                Face f = work.pop();
                if (f.dead || f.outside.isEmpty()) {
                    continue;
                }
                int eye = furthest(f);
                List<Face> created = addPoint(f, eye);
                for (Face c : created) {
                    if (!c.outside.isEmpty()) {
                        work.push(c);
                    }
                }
            }
            return result(span, reduced, shift);
        }

        private static int indexOf(int[] a, int x) {
            for (int i = 0; i < a.length; i++) {
                if (a[i] == x) {
                    return i;
                }
            }
            throw new IllegalStateException("vertex " + x + " not found");
        }

        private int furthest(Face f) {
            int best = -1;
            double bestH = Double.NEGATIVE_INFINITY;
            for (int i : f.outside) {
                double h = height(f, p[i]).doubleValue() / f.norm;
                if (best < 0 || h > bestH) {
                    best = i;
                    bestH = h;
                }
            }
            return best;
        }

        /** Gives each point to the first of the faces it is strictly above; the rest are inside and dropped. */
        private void assign(List<Integer> points, List<Face> targets, int skip) {
            for (int i : points) {
                if (i == skip) {
                    continue;
                }
                for (Face t : targets) {
                    if (height(t, p[i]).signum() > 0) {
                        t.outside.add(i);
                        break;
                    }
                }
            }
        }

        private List<Face> addPoint(Face start, int eye) {
            // visible faces: connected, found by search from the start face
            List<Face> visible = new ArrayList<>();
            ArrayDeque<Face> stack = new ArrayDeque<>();
            start.visited = true;
            stack.push(start);
            while (!stack.isEmpty()) {
                Face f = stack.pop();
                visible.add(f);
                for (Face g : f.nb) {
                    if (!g.visited && height(g, p[eye]).signum() > 0) {
                        g.visited = true;
                        stack.push(g);
                    }
                }
            }
            // horizon ridges: between a visible face and a face that is not
            List<Face> created = new ArrayList<>();
            Map<List<Integer>, Object[]> open = new HashMap<>();
            for (Face f : visible) {
                for (int k = 0; k < d; k++) {
                    Face h = f.nb[k];
                    if (h.visited) {
                        continue;
                    }
                    int[] v = new int[d];
                    for (int j = 0, c = 0; j < d; j++) {
                        if (j != k) {
                            v[c++] = f.v[j];
                        }
                    }
                    v[d - 1] = eye;
                    Face nf = face(v);
                    // across the ridge without the eye lies h
                    nf.nb[d - 1] = h;
                    h.nb[indexOfFace(h, f)] = nf;
                    // across the ridge without v[j] (j < d-1) lies another new face: match by the ridge's other vertices
                    for (int j = 0; j < d - 1; j++) {
                        List<Integer> key = new ArrayList<>(d - 2);
                        for (int m = 0; m < d - 1; m++) {
                            if (m != j) {
                                key.add(v[m]);
                            }
                        }
                        key.sort(null);
                        Object[] other = open.remove(key);
                        if (other == null) {
                            open.put(key, new Object[] {nf, j});
                        } else {
                            Face of = (Face) other[0];
                            int oj = (Integer) other[1];
                            nf.nb[j] = of;
                            of.nb[oj] = nf;
                        }
                    }
                    created.add(nf);
                }
            }
            if (!open.isEmpty()) {
                throw new IllegalStateException("horizon not closed: " + open.size() + " unmatched ridges");
            }
            List<Integer> orphans = new ArrayList<>();
            for (Face f : visible) {
                f.dead = true;
                orphans.addAll(f.outside);
                f.outside = List.of();
            }
            for (Face f : visible) {
                f.visited = false;
            }
            assign(orphans, created, eye);
            faces.addAll(created);
            return created;
        }

        private static int indexOfFace(Face h, Face f) {
            for (int k = 0; k < h.nb.length; k++) {
                if (h.nb[k] == f) {
                    return k;
                }
            }
            throw new IllegalStateException("neighbour link broken");
        }

        private ConvexHull result(AffineSpan span, double[][] reduced, int shift) {
            List<Face> live = new ArrayList<>();
            for (Face f : faces) {
                if (!f.dead) {
                    live.add(f);
                }
            }
            // merge simplicial faces per supporting hyperplane (normals are primitive: equal planes have equal keys)
            Map<List<BigInteger>, TreeSet<Integer>> planes = new LinkedHashMap<>();
            Map<List<BigInteger>, Face> planeFace = new HashMap<>();
            int[][] boundary = new int[live.size()][];
            for (int k = 0; k < live.size(); k++) {
                Face f = live.get(k);
                int[] v = f.v.clone();
                Arrays.sort(v);
                boundary[k] = v;
                List<BigInteger> key = new ArrayList<>(Arrays.asList(f.normal));
                key.add(f.offset);
                planes.computeIfAbsent(key, x -> new TreeSet<>());
                planeFace.putIfAbsent(key, f);
            }
            // the points on each plane: a facet's vertices are vertices of its simplices (points strictly inside a face
            // or dropped as inside are never extreme), so the simplices' vertices suffice
            List<List<BigInteger>> keys = new ArrayList<>(planes.keySet());
            for (Face f : live) {
                List<BigInteger> key = new ArrayList<>(Arrays.asList(f.normal));
                key.add(f.offset);
                for (int i : f.v) {
                    planes.get(key).add(i);
                }
            }
            List<List<Integer>> onPlane = new ArrayList<>();
            for (List<BigInteger> key : keys) {
                onPlane.add(new ArrayList<>(planes.get(key)));
            }
            // a point is a vertex iff the normals of the facets through it span the space
            Map<Integer, List<BigInteger[]>> through = new HashMap<>();
            for (int q = 0; q < keys.size(); q++) {
                BigInteger[] n = planeFace.get(keys.get(q)).normal;
                for (int i : onPlane.get(q)) {
                    through.computeIfAbsent(i, x -> new ArrayList<>()).add(n);
                }
            }
            TreeSet<Integer> vertexSet = new TreeSet<>();
            // repeated points: keep the lowest index of each distinct vertex
            Map<List<BigInteger>, Integer> seen = new HashMap<>();
            for (Map.Entry<Integer, List<BigInteger[]>> e : through.entrySet()) {
                if (e.getValue().size() >= d && IntegerMatrices.rank(e.getValue().toArray(new BigInteger[0][])) == d) {
                    List<BigInteger> key = Arrays.asList(p[e.getKey()]);
                    Integer prev = seen.get(key);
                    if (prev == null || e.getKey() < prev) {
                        if (prev != null) {
                            vertexSet.remove(prev);
                        }
                        seen.put(key, e.getKey());
                        vertexSet.add(e.getKey());
                    }
                }
            }
            List<ConvexHull.Facet> facets = new ArrayList<>();
            for (int q = 0; q < keys.size(); q++) {
                Face f = planeFace.get(keys.get(q));
                List<Integer> vs = new ArrayList<>();
                for (int i : onPlane.get(q)) {
                    if (vertexSet.contains(i)) {
                        vs.add(i);
                    }
                }
                int[] fv = vs.stream().mapToInt(Integer::intValue).toArray();
                double[] nd = ConvexHull.unitish(f.normal);
                facets.add(new ConvexHull.Facet(fv, f.normal, f.offset, nd, roundedOffset(nd, fv, reduced)));
            }
            int[] vertices = vertexSet.stream().mapToInt(Integer::intValue).toArray();
            return ConvexHull.withFacets(span, reduced, p, shift, vertices, facets, boundary, interior, d + 1);
        }

        /** max over the facet's vertices of normal·v in exact arithmetic, rounded up to a double. */
        private static double roundedOffset(double[] normal, int[] vertices, double[][] reduced) {
            BigDecimal best = null;
            for (int i : vertices) {
                BigDecimal s = BigDecimal.ZERO;
                for (int j = 0; j < normal.length; j++) {
                    s = s.add(new BigDecimal(normal[j]).multiply(new BigDecimal(reduced[i][j])));
                }
                if (best == null || s.compareTo(best) > 0) {
                    best = s;
                }
            }
            double b = best.doubleValue();
            if (new BigDecimal(b).compareTo(best) < 0) {
                b = Math.nextUp(b);
            }
            return b;
        }
    }
}
