package org.optimech.geometry.hull;

import java.math.BigInteger;
import java.util.Arrays;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.ScaledPoints;

/**
 * Incremental Quickhull of a full-dimensional point set with filtered exact predicates, on flat primitive arrays.
 *
 * <p><b>The predicate.</b> A simplicial facet is an ordered tuple of points a_0..a_{d−1} and an orientation σ = ±1; the
 * height of a point q is H(q) = σ·det[a_1 − a_0; …; a_{d−1} − a_0; q − a_0], positive strictly outside. Expanding the
 * determinant along its last row, H(q) = Σ_j C_j (q_j − a_0j) with cofactors C_j, which are computed once per facet in
 * doubles by Laplace expansion over column subsets (minors of the last t rows from those of the last t − 1 rows). The
 * filter evaluates h = fl(Σ_j C̃_j q_j) − fl(Σ_j C̃_j a_0j), the same d multiply-adds per test as Qhull's distance.
 *
 * <p><b>Its error bound.</b> Coordinates are first multiplied by a power of two so that all are below 1 in magnitude;
 * the copies are exact unless some underflow (see the last term of ε). The computation is a tree of +, −, × over the
 * coordinates in which every root-to-leaf path has at most D = 1 + (2 + 3 + … + (d − 1)) + d + 1 roundings (the edge
 * subtraction, t per Laplace level of size t, one product and d − 1 additions in the dot product, the final
 * subtraction). By the standard bound for such sums of products (Higham, <i>Accuracy and Stability</i>, §3.1, with
 * γ_k = ku/(1 − ku), u = 2^-53), |h − H| ≤ γ_D · Σ_j |C|_j (|q_j| + |a_0j|), where |C|_j is the same expansion on the
 * absolute values of the edges. With M_j = max over all points of |x_j| and |C|_j replaced by its computed value (at
 * most D + 2d further roundings of non-negative terms, each a factor 1 + u), the facet's bound is
 * ε = 2(D + 1)u · Σ_j |C̃|_j M_j + 2^-1000: the factor (D + 1)/D absorbs every (1 + u)^k here and the rounding of ε
 * itself, and 2^-1000 covers underflow for d ≤ 12 (at most d·2^d &lt; 2^16 products, each off by at most 2^-1075
 * absolutely, and H depends on each through a minor-like sum below d!·2^d &lt; 2^41, as edges are below 2; and copies that
 * underflowed, each off by at most 2^-1075, which moves H by at most (d + 1)·d·d!·2^d·2^-1075 &lt; 2^-1020). So h &gt; ε
 * proves H &gt; 0 and h &lt; −ε proves H &lt; 0.
 *
 * <p><b>Exact in doubles.</b> Exact copies are multiples of g = 2^(scale − shift) (the common dyadic grid). If every
 * absolute minor of size t is below 2^53·g^t and Σ_j |C̃|_j·2M_j below 2^53·g^d (and g^d is not subnormal), every
 * intermediate value is a multiple of its g^k below 2^53·g^k, so no operation rounds and h = H exactly, zero included:
 * such a facet gets ε = 0. This decides small-integer inputs (grids, cube vertices) without big integers.
 *
 * <p><b>Fallback.</b> When −ε ≤ h ≤ ε and ε &gt; 0, H is evaluated exactly: the facet's integer cofactors (computed
 * once, on the scaled integer points of {@link ScaledPoints}) dotted with the point's integer coordinates.
 *
 * <p>Everything else is combinatorial: a new facet replaces one vertex of a visible facet by the eye point in place,
 * which keeps σ (the replaced vertex lies strictly inside the new facet's half-space), so no orientation test is
 * needed after the first simplex. Outside sets are linked lists through one int array; dead facets are recycled.
 */
final class HullEngine {
    private static final double TINY = 0x1p-1000;
    /** The error analysis below (its absolute term) holds up to this dimension. */
    static final int MAX_DIMENSION = 12;

    private final int n;
    private final int d;
    private final double[] reduced; // exact reduced coordinates, n × d
    private final int shift;
    private final double[] x; // filter copies: reduced · 2^scale, all below 1 in magnitude
    private final boolean filter;
    private final double[] bound; // M_j
    private final double epsFactor;
    private final double[] gridLimit; // 2^53 · g^t for t = 0..d, or null if the exact-in-doubles case cannot occur

    // Laplace expansion tables (see Cofactors)
    private final Cofactors laplace;
    private final int[] masks;
    private final int[] termStart;
    private final int[] termCol;
    private final int[] termSub;
    private final double[] minor;
    private final double[] minorAbs;
    private final double[] edge;

    // facets, by id; ids below top are in use or on the free list
    private int cap;
    private int top;
    private int[] fv; // vertices, d per facet
    private int[] nb; // nb[f·d + k]: the facet across the ridge without vertex k
    private double[] cof; // σ·C̃, d per facet
    private double[] off; // fl(Σ cof_j a_0j)
    private double[] eps;
    private byte[] sign; // σ
    private boolean[] alive;
    private int[] head; // first outside point, −1 if none
    private int[] far; // the outside point with the largest h
    private double[] farH;
    private int[] mark;
    private BigInteger[][] exactCof;
    private int[] free = new int[64];
    private int freeCount;

    // points
    private final int[] next;
    private final BigInteger[][] scaled;

    // per-step scratch
    private int stamp;
    private int[] visible = new int[64];
    private int[] created = new int[64];
    private int[] createdSlot = new int[64];
    private int[] stack = new int[64];
    private int[] table = new int[256];
    private int[] tableSlot = new int[256];
    private int[] queue = new int[256];
    private int queueHead;
    private int queueTail;
    private int[] initialSimplex;

    long predicates;
    long exactPredicates;
    long facetsCreated;
    private HullBudget budget = HullBudget.none();
    private long pointsAdded;
    private int pending; // points in some facet's outside set: the rest are vertices or known to be inside

    /**
     * @param reduced the points, n × d row-major, full-dimensional
     * @param scaledCopy the same times 2^scale, all below 1 in magnitude (exact if {@code filter})
     * @param shift their common binary scale (every coordinate times 2^shift is an integer)
     * @param filter false to decide every predicate in exact integer arithmetic
     * @param exactCopies whether {@code scaledCopy} is exact (else some coordinates underflowed, each by at most 2^-1075)
     */
    HullEngine(double[] reduced, double[] scaledCopy, int n, int d, int shift, int scale, boolean filter, boolean exactCopies) {
        this.n = n;
        this.d = d;
        this.reduced = reduced;
        this.shift = shift;
        this.x = scaledCopy;
        this.filter = filter;
        if (d > MAX_DIMENSION) {
            throw new IllegalArgumentException("dimension must be at most " + MAX_DIMENSION + ". Provided value: " + d);
        }
        this.bound = new double[d];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                bound[j] = Math.max(bound[j], Math.abs(x[i * d + j]));
            }
        }
        int levels = 0;
        for (int t = 2; t < d; t++) {
            levels += t;
        }
        int depth = 1 + levels + d + 1;
        this.epsFactor = 2.0 * (depth + 1) * 0x1p-53;
        // g = 2^(scale − shift) ≤ 1; exact evaluation needs g^d ≥ 2^-1074 so that no multiple of g^k underflows
        long gExp = (long) scale - shift;
        if (filter && exactCopies && gExp * d >= -1074 + 53) {
            gridLimit = new double[d + 1];
            for (int t = 0; t <= d; t++) {
                gridLimit[t] = Math.scalb(1.0, (int) (53 + gExp * t));
            }
        } else {
            gridLimit = null;
        }
        laplace = Cofactors.of(d);
        masks = laplace.masks;
        termStart = laplace.termStart;
        termCol = laplace.termCol;
        termSub = laplace.termSub;
        int full = 1 << d;
        minor = new double[full];
        minorAbs = new double[full];
        edge = new double[(d - 1) * d];
        next = new int[n];
        scaled = new BigInteger[n][];
        grow(Math.max(64, 4 * (d + 1)));
    }

    private void grow(int newCap) {
        cap = newCap;
        fv = Arrays.copyOf(fv == null ? new int[0] : fv, cap * d);
        nb = Arrays.copyOf(nb == null ? new int[0] : nb, cap * d);
        cof = Arrays.copyOf(cof == null ? new double[0] : cof, cap * d);
        off = Arrays.copyOf(off == null ? new double[0] : off, cap);
        eps = Arrays.copyOf(eps == null ? new double[0] : eps, cap);
        sign = Arrays.copyOf(sign == null ? new byte[0] : sign, cap);
        alive = Arrays.copyOf(alive == null ? new boolean[0] : alive, cap);
        head = Arrays.copyOf(head == null ? new int[0] : head, cap);
        far = Arrays.copyOf(far == null ? new int[0] : far, cap);
        farH = Arrays.copyOf(farH == null ? new double[0] : farH, cap);
        mark = Arrays.copyOf(mark == null ? new int[0] : mark, cap);
        exactCof = Arrays.copyOf(exactCof == null ? new BigInteger[0][] : exactCof, cap);
    }

    private int allocate() {
        int f;
        if (freeCount > 0) {
            f = free[--freeCount];
        } else {
            if (top == cap) {
                grow(cap + (cap >> 1));
            }
            f = top++;
        }
        alive[f] = true;
        head[f] = -1;
        far[f] = -1;
        farH[f] = Double.NEGATIVE_INFINITY;
        mark[f] = 0;
        exactCof[f] = null;
        facetsCreated++;
        return f;
    }

    private void release(int f) {
        alive[f] = false;
        head[f] = -1;
        exactCof[f] = null;
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, freeCount * 2);
        }
        free[freeCount++] = f;
    }

    /** Cofactors, offset and error bound of facet f from its vertices and sign. */
    private void computeFacet(int f) {
        int base = f * d;
        int a0 = fv[base] * d;
        double[] e = edge;
        for (int k = 1; k < d; k++) {
            int ak = fv[base + k] * d;
            for (int j = 0; j < d; j++) {
                e[(k - 1) * d + j] = x[ak + j] - x[a0 + j];
            }
        }
        double[] gl = gridLimit;
        boolean exact = gl != null;
        int last = (d - 2) * d;
        for (int c = 0; c < d; c++) {
            double v = e[last + c];
            minor[1 << c] = v;
            minorAbs[1 << c] = Math.abs(v);
            if (exact && !(Math.abs(v) < gl[1])) {
                exact = false;
            }
        }
        for (int i = 0; i < masks.length; i++) {
            int m = masks[i];
            int size = Integer.bitCount(m);
            int row = (d - 1 - size) * d;
            double s = 0;
            double sa = 0;
            boolean plus = true;
            for (int t = termStart[i]; t < termStart[i + 1]; t++) {
                double v = e[row + termCol[t]];
                double p = v * minor[termSub[t]];
                s = plus ? s + p : s - p;
                sa += Math.abs(v) * minorAbs[termSub[t]];
                plus = !plus;
            }
            minor[m] = s;
            minorAbs[m] = sa;
            if (exact && !(sa < gl[size])) {
                exact = false;
            }
        }
        int full = (1 << d) - 1;
        double sg = sign[f];
        double o = 0;
        double b = 0;
        for (int j = 0; j < d; j++) {
            double c = ((d - 1 + j) & 1) == 0 ? minor[full ^ (1 << j)] : -minor[full ^ (1 << j)];
            c *= sg;
            cof[base + j] = c;
            o += c * x[a0 + j];
            b += minorAbs[full ^ (1 << j)] * bound[j];
        }
        off[f] = o;
        if (!filter) {
            eps[f] = Double.POSITIVE_INFINITY;
        } else if (exact && 2 * b < gl[d]) {
            eps[f] = 0;
        } else {
            eps[f] = epsFactor * b + TINY;
        }
    }

    private double height(int f, int p) {
        int base = f * d;
        int q = p * d;
        double s = 0;
        for (int j = 0; j < d; j++) {
            s += cof[base + j] * x[q + j];
        }
        return s - off[f];
    }

    /** The exact sign of H for facet f at point p: 1 strictly outside, 0 on its hyperplane, −1 inside. */
    private int side(int f, int p) {
        predicates++;
        double h = height(f, p);
        double e = eps[f];
        if (h > e) {
            return 1;
        }
        if (h < -e) {
            return -1;
        }
        if (e == 0) {
            return 0;
        }
        return exactSide(f, p);
    }

    private int exactSide(int f, int p) {
        exactPredicates++;
        BigInteger[] c = exactCofactors(f);
        BigInteger[] q = scaled(p);
        BigInteger[] a = scaled(fv[f * d]);
        BigInteger s = BigInteger.ZERO;
        for (int j = 0; j < d; j++) {
            if (c[j].signum() != 0) {
                s = s.add(c[j].multiply(q[j].subtract(a[j])));
            }
        }
        return s.signum();
    }

    private BigInteger[] scaled(int p) {
        BigInteger[] s = scaled[p];
        if (s == null) {
            s = new BigInteger[d];
            for (int j = 0; j < d; j++) {
                s[j] = ScaledPoints.scale(reduced[p * d + j], shift);
            }
            scaled[p] = s;
        }
        return s;
    }

    /** σ·C_j in exact integers, by the same Laplace expansion ({@link Cofactors#exact}). */
    private BigInteger[] exactCofactors(int f) {
        BigInteger[] c = exactCof[f];
        if (c != null) {
            return c;
        }
        int base = f * d;
        BigInteger[] a0 = scaled(fv[base]);
        BigInteger[][] e = new BigInteger[d - 1][d];
        for (int k = 1; k < d; k++) {
            BigInteger[] ak = scaled(fv[base + k]);
            for (int j = 0; j < d; j++) {
                e[k - 1][j] = ak[j].subtract(a0[j]);
            }
        }
        c = laplace.exact(e);
        if (sign[f] < 0) {
            for (int j = 0; j < d; j++) {
                c[j] = c[j].negate();
            }
        }
        exactCof[f] = c;
        return c;
    }

    private void flip(int f) {
        sign[f] = (byte) -sign[f];
        for (int j = 0; j < d; j++) {
            cof[f * d + j] = -cof[f * d + j];
        }
        off[f] = -off[f];
        BigInteger[] c = exactCof[f];
        if (c != null) {
            for (int j = 0; j < d; j++) {
                c[j] = c[j].negate();
            }
        }
    }

    private void addOutside(int f, int p, double h) {
        pending++;
        next[p] = head[f];
        head[f] = p;
        if (h > farH[f]) {
            farH[f] = h;
            far[f] = p;
        }
    }

    /** Gives p to the first of the facets it is strictly above; returns false if it is above none. */
    private boolean assign(int p, int[] facets, int count) {
        for (int i = 0; i < count; i++) {
            int f = facets[i];
            predicates++;
            double h = height(f, p);
            double e = eps[f];
            if (h > e) {
                addOutside(f, p, h);
                return true;
            }
            if (h >= -e && e != 0 && exactSide(f, p) > 0) {
                addOutside(f, p, h);
                return true;
            }
        }
        return false;
    }

    private void enqueue(int f) {
        if (queueTail == queue.length) {
            if (queueHead > queue.length / 2) {
                System.arraycopy(queue, queueHead, queue, 0, queueTail - queueHead);
                queueTail -= queueHead;
                queueHead = 0;
            } else {
                queue = Arrays.copyOf(queue, queue.length * 2);
            }
        }
        queue[queueTail++] = f;
    }

    /** Builds the hull from an affinely independent simplex of d + 1 point indices. */
    void run(int[] simplex) {
        run(simplex, HullBudget.none());
    }

    /**
     * As {@link #run(int[])}, within {@code limits}: the live facets are counted after every point added and the stop
     * asked every 16 points (and before the first).
     *
     * @throws HullBudget.Exceeded when either is exceeded
     */
    void run(int[] simplex, HullBudget limits) {
        this.budget = limits;
        if (limits.stop().getAsBoolean()) {
            throw new HullBudget.Exceeded(true, 0, 0, n, limits.maxFacets());
        }
        initialSimplex = simplex.clone();
        int[] initial = new int[d + 1];
        for (int omit = 0; omit <= d; omit++) {
            int f = allocate();
            initial[omit] = f;
            for (int k = 0, c = 0; k <= d; k++) {
                if (k != omit) {
                    fv[f * d + c++] = simplex[k];
                }
            }
            sign[f] = 1;
            computeFacet(f);
            int s = side(f, simplex[omit]);
            if (s == 0) {
                throw new IllegalStateException("initial simplex is degenerate");
            }
            if (s > 0) {
                flip(f);
            }
        }
        // the facet omitting simplex[a] and the one omitting simplex[b] share the ridge omitting both
        for (int omit = 0; omit <= d; omit++) {
            int f = initial[omit];
            for (int k = 0; k < d; k++) {
                int v = fv[f * d + k];
                int other = 0;
                while (simplex[other] != v) {
                    other++;
                }
                nb[f * d + k] = initial[other];
            }
        }
        boolean[] inSimplex = new boolean[n];
        for (int s : simplex) {
            inSimplex[s] = true;
        }
        for (int p = 0; p < n; p++) {
            if (!inSimplex[p]) {
                assign(p, initial, d + 1);
            }
        }
        for (int f : initial) {
            if (head[f] >= 0) {
                enqueue(f);
            }
        }
        budget.progress().accept(n - pending, n);
        while (queueHead < queueTail) {
            int f = queue[queueHead++];
            if (alive[f] && head[f] >= 0) {
                addPoint(f, far[f]);
                pointsAdded++;
                long live = (long) top - freeCount;
                if (live > budget.maxFacets() || (pointsAdded & 15) == 0 && budget.stop().getAsBoolean()) {
                    throw new HullBudget.Exceeded(live <= budget.maxFacets(), live, pointsAdded + d + 1, n, budget.maxFacets());
                }
                if ((pointsAdded & 15) == 0) {
                    budget.progress().accept(n - pending, n);
                }
            }
        }
        budget.progress().accept(n - pending, n);
    }

    private static int[] ensure(int[] a, int size) {
        return size <= a.length ? a : Arrays.copyOf(a, Math.max(size, a.length * 2));
    }

    private void addPoint(int start, int eye) {
        stamp += 2;
        int seen = stamp;
        int vis = stamp + 1;
        // visible facets: connected, found by search from the start facet
        int nv = 0;
        int sp = 0;
        mark[start] = vis;
        stack[sp++] = start;
        while (sp > 0) {
            int f = stack[--sp];
            visible = ensure(visible, nv + 1);
            visible[nv++] = f;
            for (int k = 0; k < d; k++) {
                int g = nb[f * d + k];
                if (mark[g] == vis || mark[g] == seen) {
                    continue;
                }
                if (side(g, eye) > 0) {
                    mark[g] = vis;
                    stack = ensure(stack, sp + 1);
                    stack[sp++] = g;
                } else {
                    mark[g] = seen;
                }
            }
        }
        // a new facet per horizon ridge: the visible facet with the vertex off the ridge replaced by the eye
        int nc = 0;
        for (int i = 0; i < nv; i++) {
            int f = visible[i];
            for (int k = 0; k < d; k++) {
                int h = nb[f * d + k];
                if (mark[h] == vis) {
                    continue;
                }
                int g = allocate();
                System.arraycopy(fv, f * d, fv, g * d, d);
                fv[g * d + k] = eye;
                sign[g] = sign[f];
                computeFacet(g);
                nb[g * d + k] = h;
                int s = 0;
                while (nb[h * d + s] != f) {
                    s++;
                }
                nb[h * d + s] = g;
                created = ensure(created, nc + 1);
                createdSlot = ensure(createdSlot, nc + 1);
                created[nc] = g;
                createdSlot[nc] = k;
                nc++;
            }
        }
        linkNewFacets(nc);
        // the visible facets' outside points go to the new facets or are inside
        for (int i = 0; i < nv; i++) {
            int f = visible[i];
            int p = head[f];
            while (p >= 0) {
                int q = next[p];
                pending--;
                if (p != eye) {
                    assign(p, created, nc);
                }
                p = q;
            }
        }
        for (int i = 0; i < nv; i++) {
            release(visible[i]);
        }
        for (int i = 0; i < nc; i++) {
            if (head[created[i]] >= 0) {
                enqueue(created[i]);
            }
        }
    }

    /** Pairs the new facets across their ridges through the eye, by a hash of the ridge's other d − 2 vertices. */
    private void linkNewFacets(int nc) {
        int entries = nc * (d - 1);
        int size = Integer.highestOneBit(Math.max(4, entries * 2)) << 1;
        if (table.length < size) {
            table = new int[size];
            tableSlot = new int[size];
        }
        Arrays.fill(table, 0, size, -1);
        int maskBits = size - 1;
        for (int i = 0; i < nc; i++) {
            int g = created[i];
            int k = createdSlot[i];
            for (int j = 0; j < d; j++) {
                if (j == k) {
                    continue;
                }
                int hash = 0;
                for (int m = 0; m < d; m++) {
                    if (m != j && m != k) {
                        hash += mix(fv[g * d + m]);
                    }
                }
                int at = hash & maskBits;
                while (true) {
                    int o = table[at];
                    if (o == -1) {
                        table[at] = g;
                        tableSlot[at] = j;
                        break;
                    }
                    if (o >= 0 && sameRidge(g, j, k, o, tableSlot[at])) {
                        nb[g * d + j] = o;
                        nb[o * d + tableSlot[at]] = g;
                        table[at] = -2; // matched: each ridge joins exactly two new facets
                        break;
                    }
                    at = (at + 1) & maskBits;
                }
            }
        }
    }

    private static int mix(int v) {
        int h = v * 0x9E3779B1;
        return h ^ (h >>> 15);
    }

    /** Whether ridge (g without slot j) equals ridge (o without slot jo); both contain the eye, so compare the rest. */
    private boolean sameRidge(int g, int j, int k, int o, int jo) {
        int eye = fv[g * d + k];
        for (int m = 0; m < d; m++) {
            if (m == j || m == k) {
                continue;
            }
            int v = fv[g * d + m];
            boolean found = false;
            for (int t = 0; t < d; t++) {
                if (t != jo && fv[o * d + t] == v) {
                    found = true;
                    break;
                }
            }
            if (!found) {
                return false;
            }
        }
        for (int t = 0; t < d; t++) {
            if (fv[o * d + t] == eye) {
                return t != jo;
            }
        }
        return false;
    }

    /** The finished hull's parts, in the input's indices. */
    record Parts(int[] vertices, int[] boundary, int[] facetStart, int[] facetVertices, int[] facetSimplex, BigInteger[] interiorScaled) {
    }

    Parts result() {
        int[] live = new int[top];
        int nl = 0;
        for (int f = 0; f < top; f++) {
            if (alive[f]) {
                live[nl++] = f;
            }
        }
        // merge simplicial facets per hyperplane: neighbours are coplanar iff the far vertex of one is on the other
        int[] parent = new int[top];
        for (int i = 0; i < nl; i++) {
            parent[live[i]] = live[i];
        }
        for (int i = 0; i < nl; i++) {
            int f = live[i];
            for (int k = 0; k < d; k++) {
                int g = nb[f * d + k];
                if (g < f) {
                    continue;
                }
                int s = 0;
                while (nb[g * d + s] != f) {
                    s++;
                }
                int sd = side(f, fv[g * d + s]);
                if (sd > 0) {
                    throw new IllegalStateException("the hull is not convex at facets " + f + " and " + g + " (a geometry bug, please report it)");
                }
                if (sd == 0) {
                    int a = find(parent, f);
                    int b = find(parent, g);
                    if (a != b) {
                        parent[Math.max(a, b)] = Math.min(a, b);
                    }
                }
            }
        }
        // groups, numbered in order of their first facet; CSR of the facets of each group
        int[] group = new int[top];
        int ng = 0;
        int[] groupSize = new int[nl];
        for (int i = 0; i < nl; i++) {
            int f = live[i];
            int r = find(parent, f);
            if (r == f) {
                group[f] = ng++;
            }
        }
        for (int i = 0; i < nl; i++) {
            int f = live[i];
            group[f] = group[find(parent, f)];
            groupSize[group[f]]++;
        }
        int[] groupStart = new int[ng + 1];
        for (int g = 0; g < ng; g++) {
            groupStart[g + 1] = groupStart[g] + groupSize[g];
        }
        int[] groupFacets = new int[nl]; // indices into live
        int[] fill = Arrays.copyOf(groupStart, ng);
        for (int i = 0; i < nl; i++) {
            groupFacets[fill[group[live[i]]]++] = i;
        }
        // vertices: every vertex of a facet that is a single simplex is extreme; the others by the rank of the normals
        boolean[] onBoundary = new boolean[n];
        boolean[] extreme = new boolean[n];
        for (int i = 0; i < nl; i++) {
            int f = live[i];
            boolean simplexFacet = groupSize[group[f]] == 1;
            for (int k = 0; k < d; k++) {
                int p = fv[f * d + k];
                onBoundary[p] = true;
                extreme[p] |= simplexFacet;
            }
        }
        decideMergedOnly(live, ng, groupStart, groupFacets, onBoundary, extreme);
        // of repeated points, report the first copy
        int[] canon = firstCopies(extreme);
        int nvtx = 0;
        for (int p = 0; p < n; p++) {
            if (extreme[p]) {
                nvtx++;
            }
        }
        int[] vertices = new int[nvtx];
        int c = 0;
        for (int p = 0; p < n; p++) {
            if (extreme[p]) {
                vertices[c++] = canon[p];
            }
        }
        Arrays.sort(vertices);
        // boundary simplices in group order; each group's first simplex spans its hyperplane
        int[] boundary = new int[nl * d];
        int[] facetSimplex = new int[ng];
        int[] facetStart = new int[ng + 1];
        int[] facetVertices = new int[Math.max(16, nl * d)];
        int[] seenAt = new int[n];
        Arrays.fill(seenAt, -1);
        int b = 0;
        int fvCount = 0;
        int[] tmp = new int[d];
        for (int g = 0; g < ng; g++) {
            facetSimplex[g] = b;
            int from = fvCount;
            for (int t = groupStart[g]; t < groupStart[g + 1]; t++) {
                int f = live[groupFacets[t]];
                for (int k = 0; k < d; k++) {
                    int p = fv[f * d + k];
                    tmp[k] = extreme[p] ? canon[p] : p;
                    if (extreme[p] && seenAt[p] != g) {
                        seenAt[p] = g;
                        facetVertices = ensure(facetVertices, fvCount + 1);
                        facetVertices[fvCount++] = canon[p];
                    }
                }
                Arrays.sort(tmp);
                System.arraycopy(tmp, 0, boundary, b * d, d);
                b++;
            }
            Arrays.sort(facetVertices, from, fvCount);
            facetStart[g + 1] = fvCount;
        }
        BigInteger[] interior = new BigInteger[d];
        Arrays.fill(interior, BigInteger.ZERO);
        for (int s : initialSimplex) {
            BigInteger[] p = scaled(s);
            for (int j = 0; j < d; j++) {
                interior[j] = interior[j].add(p[j]);
            }
        }
        return new Parts(vertices, boundary, facetStart, Arrays.copyOf(facetVertices, fvCount), facetSimplex, interior);
    }

    private static int find(int[] parent, int f) {
        while (parent[f] != f) {
            parent[f] = parent[parent[f]];
            f = parent[f];
        }
        return f;
    }

    /**
     * Boundary points on merged facets only: extreme iff the exact normals of the facets through them have rank d (they
     * are vertices of the simplices of every facet they lie on, since the simplices triangulate the boundary).
     */
    private void decideMergedOnly(int[] live, int ng, int[] groupStart, int[] groupFacets, boolean[] onBoundary, boolean[] extreme) {
        int[] count = new int[n];
        int[] lastGroup = new int[n];
        Arrays.fill(lastGroup, -1);
        int candidates = 0;
        for (int g = 0; g < ng; g++) {
            for (int t = groupStart[g]; t < groupStart[g + 1]; t++) {
                int f = live[groupFacets[t]];
                for (int k = 0; k < d; k++) {
                    int p = fv[f * d + k];
                    if (!extreme[p] && lastGroup[p] != g) {
                        lastGroup[p] = g;
                        if (count[p]++ == 0) {
                            candidates++;
                        }
                    }
                }
            }
        }
        if (candidates == 0) {
            return;
        }
        int[] start = new int[n + 1];
        for (int p = 0; p < n; p++) {
            start[p + 1] = start[p] + count[p];
        }
        int[] groupsOf = new int[start[n]];
        int[] fill = Arrays.copyOf(start, n);
        Arrays.fill(lastGroup, -1);
        for (int g = 0; g < ng; g++) {
            for (int t = groupStart[g]; t < groupStart[g + 1]; t++) {
                int f = live[groupFacets[t]];
                for (int k = 0; k < d; k++) {
                    int p = fv[f * d + k];
                    if (!extreme[p] && lastGroup[p] != g) {
                        lastGroup[p] = g;
                        groupsOf[fill[p]++] = g;
                    }
                }
            }
        }
        BigInteger[][] normal = new BigInteger[ng][];
        for (int p = 0; p < n; p++) {
            if (count[p] < d || !onBoundary[p] || extreme[p]) {
                continue;
            }
            BigInteger[][] rows = new BigInteger[count[p]][];
            for (int t = start[p]; t < start[p + 1]; t++) {
                int g = groupsOf[t];
                if (normal[g] == null) {
                    normal[g] = exactCofactors(live[groupFacets[groupStart[g]]]);
                }
                rows[t - start[p]] = normal[g];
            }
            extreme[p] = IntegerMatrices.rank(rows) == d;
        }
    }

    /** For each extreme point, the smallest index of a point with the same coordinates (all others map to themselves). */
    private int[] firstCopies(boolean[] extreme) {
        int[] canon = new int[n];
        int nvtx = 0;
        for (int p = 0; p < n; p++) {
            canon[p] = p;
            if (extreme[p]) {
                nvtx++;
            }
        }
        int size = Integer.highestOneBit(Math.max(4, nvtx * 2)) << 1;
        int[] table = new int[size];
        Arrays.fill(table, -1);
        for (int p = 0; p < n; p++) {
            if (extreme[p]) {
                int at = pointHash(p) & (size - 1);
                while (table[at] >= 0) {
                    at = (at + 1) & (size - 1);
                }
                table[at] = p;
            }
        }
        boolean[] done = new boolean[n];
        for (int p = 0; p < n; p++) {
            int at = pointHash(p) & (size - 1);
            while (table[at] >= 0) {
                int v = table[at];
                if (!done[v] && samePoint(v, p)) {
                    canon[v] = p; // the first (lowest) index with these coordinates
                    done[v] = true;
                }
                at = (at + 1) & (size - 1);
            }
        }
        return canon;
    }

    private int pointHash(int p) {
        long h = 0;
        for (int j = 0; j < d; j++) {
            h = h * 0x9E3779B97F4A7C15L + Double.doubleToLongBits(reduced[p * d + j] + 0.0); // + 0.0 maps −0 to +0
        }
        return (int) (h ^ (h >>> 32));
    }

    private boolean samePoint(int a, int b) {
        for (int j = 0; j < d; j++) {
            if (reduced[a * d + j] != reduced[b * d + j]) {
                return false;
            }
        }
        return true;
    }
}
