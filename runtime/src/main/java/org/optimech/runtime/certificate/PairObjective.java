package org.optimech.runtime.certificate;

/**
 * The gauge of an adjacent output as a function of the records that produce it: u = r(x) − r(x′) for a pair of records
 * under substitution (2k coordinates: x then x′), u = r(x) for one record under add/remove (k coordinates; S_T = ±r(x)),
 * where r = (m_1·t, …, m_n·t) are a gauge's rows. {@link #sumLeaf} bounds Σ_j |u_j| (with some signs fixed by a sign
 * split: then s_j·u_j in place of |u_j|), {@link #squareLeaf} bounds Σ_j u_j².
 */
public final class PairObjective {
    private final IntervalPolynomial[] rows;
    private final boolean pairs;
    private final int k;
    private final MonomialBasis basis;
    /** mirror[v]: the signed row permutation of the flip x_v → −x_v ({@link #mirrorOf}), null where it is no symmetry. */
    private final int[][] mirror;

    /**
     * @param rows the gauge's rows as polynomials of one record, all on one basis
     * @param pairs substitution (pairs of records) or add/remove (one record)
     */
    public PairObjective(IntervalPolynomial[] rows, boolean pairs) {
        if (rows.length == 0) {
            throw new IllegalArgumentException("a gauge needs at least one row");
        }
        this.rows = rows.clone();
        this.pairs = pairs;
        this.basis = rows[0].basis();
        this.k = basis.variables();
        for (IntervalPolynomial r : rows) {
            if (r.basis() != basis) {
                throw new IllegalArgumentException("every row must be on one monomial basis");
            }
        }
        this.mirror = new int[k][];
        for (int v = 0; v < k; v++) {
            mirror[v] = mirrorOf(v);
        }
    }

    /**
     * The flip of one record's variable v as a symmetry of the rows, derived from their exact coefficients: out[j] = ±(1 +
     * π(j)) where row j with x_v → −x_v is exactly ±row π(j), π a permutation; null when some row has no such image (or
     * has interval coefficients).
     */
    private int[] mirrorOf(int v) {
        int[] image = new int[rows.length];
        boolean[] taken = new boolean[rows.length];
        for (int j = 0; j < rows.length; j++) {
            for (int l = 0; l < rows.length && image[j] == 0; l++) {
                if (taken[l]) {
                    continue;
                }
                for (int sign = 1; sign >= -1 && image[j] == 0; sign -= 2) {
                    if (rows[j].flipsTo(v, rows[l], sign)) {
                        image[j] = sign * (l + 1);
                        taken[l] = true;
                    }
                }
            }
            if (image[j] == 0) {
                return null;
            }
        }
        return image;
    }

    /**
     * Mirror symmetry of a Σ|u_j| box along search coordinate z (variable v of one record): the flip g of x_v (on both records
     * of a pair) maps the rows to ±rows ({@link #mirrorOf}); where the box is g-invariant (z's range and its partner's are
     * symmetric about 0) and the fixed signs agree with the map (s_π(j) = ε_j·s_j, free rows to free rows), the objective is
     * g-invariant on the box, so the faces z = lo and z = hi = −lo have the same maximum.
     */
    public boolean mirrorFace(double[] lo, double[] hi, int[] signs, int z) {
        int[] image = mirror[z % k];
        if (!mirrorBox(lo, hi, z)) {
            return false;
        }
        for (int j = 0; j < rows.length; j++) {
            int l = Math.abs(image[j]) - 1;
            if (signs[l] != Integer.signum(image[j]) * signs[j]) {
                return false;
            }
        }
        return true;
    }

    /** The dimension of the search box: 2k for pairs, else k. */
    public int dimensions() {
        return pairs ? 2 * k : k;
    }

    public boolean pairs() {
        return pairs;
    }

    public int rowCount() {
        return rows.length;
    }

    /** Row j as a polynomial of one record. */
    public IntervalPolynomial row(int j) {
        return rows[j];
    }

    /** The number of variables of one record. */
    public int variables() {
        return k;
    }

    public MonomialBasis basis() {
        return basis;
    }

    /** Enclosures of u_j over the box: out[j] = {lo, hi}. */
    public double[][] differences(double[] lo, double[] hi) {
        double[] e1Lo = new double[basis.size()];
        double[] e1Hi = new double[basis.size()];
        basis.enclose(lo, hi, 0, e1Lo, e1Hi);
        double[] e2Lo = null;
        double[] e2Hi = null;
        if (pairs) {
            e2Lo = new double[basis.size()];
            e2Hi = new double[basis.size()];
            basis.enclose(lo, hi, k, e2Lo, e2Hi);
        }
        double[][] g = new double[rows.length][2];
        double[] out = new double[2];
        for (int j = 0; j < rows.length; j++) {
            rows[j].value(e1Lo, e1Hi, out);
            double l = out[0];
            double h = out[1];
            if (pairs) {
                rows[j].value(e2Lo, e2Hi, out);
                l = Outward.addDown(l, -out[1]);
                h = Outward.addUp(h, -out[0]);
            }
            g[j][0] = l;
            g[j][1] = h;
        }
        return g;
    }

    /** The split heuristic: per search coordinate z, Σ_j max |∂u_j/∂z| over the box times the side's width. */
    public double[] smear(double[] lo, double[] hi) {
        double[] s = new double[dimensions()];
        for (int side = 0; side < (pairs ? 2 : 1); side++) {
            double[][][] d = rowDerivatives(lo, hi, side);
            for (int v = 0; v < k; v++) {
                double w = hi[side * k + v] - lo[side * k + v];
                if (w <= 0) {
                    continue;
                }
                double t = 0;
                for (int j = 0; j < rows.length; j++) {
                    t += Outward.absMax(d[j][v][0], d[j][v][1]);
                }
                s[side * k + v] = t * w;
            }
        }
        return s;
    }

    // ---- Σ |u_j| ----

    /**
     * The sign of each row on the box: the fixed sign where a sign split fixed it, else +1 (−1) where u_j ≥ 0 (≤ 0) on the
     * whole box, else 0 (free).
     */
    public int[] knownSigns(double[][] g, int[] signs) {
        int[] s = new int[rows.length];
        for (int j = 0; j < rows.length; j++) {
            s[j] = signs[j] != 0 ? signs[j] : g[j][0] >= 0 ? 1 : g[j][1] <= 0 ? -1 : 0;
        }
        return s;
    }

    /** Σ_j s_j·m_j·t for the known signs s. */
    public IntervalPolynomial combination(int[] known) {
        return IntervalPolynomial.combine(basis, rows, known);
    }

    /**
     * A leaf's bound on Σ_j |u_j| (s_j·u_j for fixed signs): rows of known sign combine into one polynomial A, whose
     * maximum over the pair separates (max_X A + max_X′ (−A)) and is bounded by {@link OneSided#leaf}; each free row
     * adds the largest |u_j| of its enclosure.
     */
    public double sumLeaf(double[] lo, double[] hi, int[] signs) {
        double[][] g = differences(lo, hi);
        int[] known = knownSigns(g, signs);
        double free = 0;
        boolean any = false;
        for (int j = 0; j < rows.length; j++) {
            if (known[j] == 0) {
                free = Outward.addUp(free, Outward.absMax(g[j][0], g[j][1]));
            } else {
                any = true;
            }
        }
        if (!any) {
            return free;
        }
        IntervalPolynomial a = combination(known);
        double bound = OneSided.leaf(a, lo, hi, 0);
        if (pairs) {
            bound = Outward.addUp(bound, OneSided.leaf(a.negate(), lo, hi, k));
        }
        return Outward.addUp(bound, free);
    }

    /**
     * Monotonicity for Σ|u_j|: on the box it is the largest of s·u over the sign vectors s that agree with the known signs,
     * and ∂(s·u)/∂z lies in Σ_known s_j·∂u_j/∂z ± Σ_free |∂u_j/∂z| for every such s; where that interval is one-signed every
     * s·u, hence their maximum, is monotone in z, so z is fixed at the maximising face (in place). Returns how many were fixed.
     */
    public int sumReduce(double[] lo, double[] hi, int[] signs) {
        int[] known = knownSigns(differences(lo, hi), signs);
        int fixed = 0;
        double[] out = new double[2];
        double[] newLo = lo.clone();
        double[] newHi = hi.clone();
        for (int side = 0; side < (pairs ? 2 : 1); side++) {
            double[][][] d = rowDerivatives(lo, hi, side);
            for (int v = 0; v < k; v++) {
                int z = side * k + v;
                if (lo[z] == hi[z]) {
                    continue;
                }
                double l = 0;
                double h = 0;
                for (int j = 0; j < rows.length; j++) {
                    // ∂u_j/∂z: the row's derivative, negated on the x′ side
                    double dl = side == 0 ? d[j][v][0] : -d[j][v][1];
                    double dh = side == 0 ? d[j][v][1] : -d[j][v][0];
                    if (known[j] != 0) {
                        Outward.mul(known[j], known[j], dl, dh, out);
                        l = Outward.addDown(l, out[0]);
                        h = Outward.addUp(h, out[1]);
                    } else {
                        double m = Outward.absMax(dl, dh);
                        l = Outward.addDown(l, -m);
                        h = Outward.addUp(h, m);
                    }
                }
                if (l >= 0) {
                    newLo[z] = hi[z];
                    fixed++;
                } else if (h <= 0) {
                    newHi[z] = lo[z];
                    fixed++;
                }
            }
        }
        System.arraycopy(newLo, 0, lo, 0, lo.length);
        System.arraycopy(newHi, 0, hi, 0, hi.length);
        return fixed;
    }

    /**
     * Convexity for Σ|u_j| along each search coordinate z: where every row is affine in z, or has a known sign s_j (fixed by a
     * sign split, or from its enclosure) with s_j·∂²u_j/∂z² ≥ 0 on the box, the objective (s_j·u_j for the fixed signs) is
     * convex in z for every value of the other coordinates, so its maximum over the box lies on the face z = lo or z = hi.
     * out[z] says whether that holds (false for a fixed coordinate).
     */
    public boolean[] sumConvex(double[] lo, double[] hi, int[] signs) {
        return convexAlong(lo, hi, knownSigns(differences(lo, hi), signs));
    }

    /** {@link #sumConvex} for the rows' signs on the box already known ({@link #knownSigns}), as a search has them. */
    public boolean[] convexAlong(double[] lo, double[] hi, int[] known) {
        boolean[] convex = new boolean[dimensions()];
        for (int side = 0; side < (pairs ? 2 : 1); side++) {
            double[] eLo = new double[basis.size()];
            double[] eHi = new double[basis.size()];
            basis.enclose(lo, hi, side * k, eLo, eHi);
            for (int v = 0; v < k; v++) {
                int z = side * k + v;
                convex[z] = lo[z] < hi[z] && blocker(eLo, eHi, side, v, known) == CONVEX;
            }
        }
        return convex;
    }

    /** {@link #blocker}: no row blocks convexity. */
    private static final int CONVEX = -1;
    /** {@link #blocker}: a known row, or two free rows, block convexity. */
    private static final int BLOCKED = -2;

    /**
     * Convexity along variable v of one side, from that side's monomial enclosures: {@link #CONVEX} where every row is affine
     * in v or has a known sign s_j with s_j·∂²u_j/∂z² ≥ 0, the one free row with ∂²r_j/∂x_v² ≠ 0 where it alone fails that,
     * else {@link #BLOCKED}.
     */
    private int blocker(double[] eLo, double[] eHi, int side, int v, int[] known) {
        double[] out = new double[2];
        int blocker = CONVEX;
        for (int j = 0; j < rows.length; j++) {
            IntervalPolynomial d2 = rows[j].derivative(v).derivative(v);
            if (d2.isZero()) {
                continue;
            }
            if (known[j] == 0) {
                if (blocker != CONVEX) {
                    return BLOCKED;
                }
                blocker = j;
                continue;
            }
            d2.value(eLo, eHi, out);
            // ∂²u_j/∂z² is r_j'' on the x side and −r_j'' on the x′ side
            int s = side == 0 ? known[j] : -known[j];
            if (!(s > 0 ? out[0] >= 0 : out[1] <= 0)) {
                return BLOCKED;
            }
        }
        return blocker;
    }

    /**
     * Whether the flip of z's variable is a symmetry of the rows and of the box: z's range and (pairs) its partner's are
     * symmetric about 0, z's not a point.
     */
    private boolean mirrorBox(double[] lo, double[] hi, int z) {
        if (mirror[z % k] == null || !(lo[z] < hi[z]) || lo[z] != -hi[z]) {
            return false;
        }
        int partner = z < k ? z + k : z - k;
        return !pairs || lo[partner] == -hi[partner];
    }

    /**
     * Mirror symmetry of a Σ u_j² box along search coordinate z: where the flip g of z's variable maps the rows to ±rows and
     * the box to itself ({@link #mirrorBox}), Σ u_j² is g-invariant (squares drop the signs), so the halves z ≤ 0 and z ≥ 0
     * have the same maximum.
     */
    public boolean mirrorHalf(double[] lo, double[] hi, int z) {
        return mirrorBox(lo, hi, z);
    }

    /**
     * A free row that alone keeps the objective from being certified convex along some free coordinate (every other row
     * passes {@link #convexAlong}'s test there), so fixing its sign may open a face step: the one of widest coordinate, among
     * rows up to {@code rowLimit}; −1 when there is none.
     */
    public int soleBlocker(double[] lo, double[] hi, int[] known, int rowLimit) {
        int best = -1;
        double width = -1;
        for (int side = 0; side < (pairs ? 2 : 1); side++) {
            double[] eLo = new double[basis.size()];
            double[] eHi = new double[basis.size()];
            basis.enclose(lo, hi, side * k, eLo, eHi);
            for (int v = 0; v < k; v++) {
                int z = side * k + v;
                if (!(lo[z] < hi[z]) || hi[z] - lo[z] <= width) {
                    continue;
                }
                int j = blocker(eLo, eHi, side, v, known);
                if (j >= 0 && j <= rowLimit) {
                    best = j;
                    width = hi[z] - lo[z];
                }
            }
        }
        return best;
    }

    /** A certified lower bound on Σ_j |u_j| at a point of the search box. */
    public double sumLowerAt(double[] x) {
        double[][] g = differences(x, x);
        double s = 0;
        for (double[] gj : g) {
            double a = gj[0] >= 0 ? gj[0] : gj[1] <= 0 ? -gj[1] : 0;
            s = Outward.addDown(s, a);
        }
        return s;
    }

    // ---- Σ u_j² ----

    /** A certified lower bound on Σ_j u_j² at a point of the search box. */
    public double squareLowerAt(double[] x) {
        double[][] g = differences(x, x);
        double[] out = new double[2];
        double s = 0;
        for (double[] gj : g) {
            Outward.square(gj[0], gj[1], out);
            s = Outward.addDown(s, out[0]);
        }
        return s;
    }

    /** Σ_j u_j² over the box, upper end of its natural enclosure. */
    private static double squareNatural(double[][] g) {
        double[] out = new double[2];
        double s = 0;
        for (double[] gj : g) {
            Outward.square(gj[0], gj[1], out);
            s = Outward.addUp(s, out[1]);
        }
        return s;
    }

    /** Row derivatives ∂r_j/∂x_v over the x part (side 0) or the x′ part (side 1): d[j][v] = {lo, hi}. */
    private double[][][] rowDerivatives(double[] lo, double[] hi, int side) {
        double[] eLo = new double[basis.size()];
        double[] eHi = new double[basis.size()];
        basis.enclose(lo, hi, side * k, eLo, eHi);
        double[][][] d = new double[rows.length][k][2];
        double[] out = new double[2];
        for (int j = 0; j < rows.length; j++) {
            for (int v = 0; v < k; v++) {
                rows[j].derivative(v).value(eLo, eHi, out);
                d[j][v][0] = out[0];
                d[j][v][1] = out[1];
            }
        }
        return d;
    }

    /** ∂F/∂z over the box for every search coordinate z (F = Σ u_j²): 2Σ_j u_j·∂u_j/∂z. */
    private double[][] squareGradient(double[] lo, double[] hi, double[][] g) {
        int n = dimensions();
        double[][] grad = new double[n][2];
        double[] out = new double[2];
        for (int side = 0; side < (pairs ? 2 : 1); side++) {
            double[][][] d = rowDerivatives(lo, hi, side);
            for (int v = 0; v < k; v++) {
                double l = 0;
                double h = 0;
                for (int j = 0; j < rows.length; j++) {
                    Outward.mul(g[j][0], g[j][1], d[j][v][0], d[j][v][1], out);
                    l = Outward.addDown(l, out[0]);
                    h = Outward.addUp(h, out[1]);
                }
                // times 2 is exact; the x′ side enters with a minus sign
                grad[side * k + v][0] = side == 0 ? 2 * l : -2 * h;
                grad[side * k + v][1] = side == 0 ? 2 * h : -2 * l;
            }
        }
        return grad;
    }

    /** A leaf's bound on Σ_j u_j²: the smaller of the natural extension and the mean-value form at the box's centre. */
    public double squareLeaf(double[] lo, double[] hi) {
        double[][] g = differences(lo, hi);
        double natural = squareNatural(g);
        int n = dimensions();
        double[] c = OneSided.centre(lo, hi, 0, n);
        double mv = squareNatural(differences(c, c));
        double[][] grad = squareGradient(lo, hi, g);
        double[] out = new double[2];
        for (int z = 0; z < n; z++) {
            if (lo[z] == hi[z]) {
                continue;
            }
            Outward.mul(grad[z][0], grad[z][1], Outward.addDown(lo[z], -c[z]), Outward.addUp(hi[z], -c[z]), out);
            mv = Outward.addUp(mv, out[1]);
        }
        return Math.min(natural, mv);
    }

    /** Monotonicity for Σ u_j²: coordinates with a one-signed derivative on the box are fixed at the maximising face. */
    public int squareReduce(double[] lo, double[] hi) {
        double[][] grad = squareGradient(lo, hi, differences(lo, hi));
        int fixed = 0;
        for (int z = 0; z < grad.length; z++) {
            if (lo[z] == hi[z]) {
                continue;
            }
            if (grad[z][0] >= 0) {
                lo[z] = hi[z];
                fixed++;
            } else if (grad[z][1] <= 0) {
                hi[z] = lo[z];
                fixed++;
            }
        }
        return fixed;
    }

    /**
     * The tangent-plane bound for Σ u_j² where its Hessian over the box (free coordinates) is certified negative definite:
     * F(y) + ∇F(y)·(x − y) for the point y of the box. NaN when not certified or y is outside.
     */
    public double squareConcave(double[] lo, double[] hi, double[] y) {
        int n = dimensions();
        for (int z = 0; z < n; z++) {
            if (!(lo[z] <= y[z] && y[z] <= hi[z])) {
                return Double.NaN;
            }
        }
        int[] free = OneSided.free(lo, hi, 0, n);
        double[][] g = differences(lo, hi);
        double[][][][] d = new double[2][][][];
        double[][][] e = new double[2][][];
        for (int side = 0; side < (pairs ? 2 : 1); side++) {
            d[side] = rowDerivatives(lo, hi, side);
            e[side] = new double[][] {new double[basis.size()], new double[basis.size()]};
            basis.enclose(lo, hi, side * k, e[side][0], e[side][1]);
        }
        double[][] hl = new double[free.length][free.length];
        double[][] hh = new double[free.length][free.length];
        double[] out = new double[2];
        for (int a = 0; a < free.length; a++) {
            for (int b = a; b < free.length; b++) {
                int sa = free[a] / k;
                int va = free[a] % k;
                int sb = free[b] / k;
                int vb = free[b] % k;
                double l = 0;
                double h = 0;
                for (int j = 0; j < rows.length; j++) {
                    // ∂u_j/∂z_a · ∂u_j/∂z_b (the x′ side's derivatives carry a minus sign each)
                    Outward.mul(d[sa][j][va][0], d[sa][j][va][1], d[sb][j][vb][0], d[sb][j][vb][1], out);
                    double pl = sa == sb ? out[0] : -out[1];
                    double ph = sa == sb ? out[1] : -out[0];
                    l = Outward.addDown(l, pl);
                    h = Outward.addUp(h, ph);
                    if (sa == sb) {
                        // u_j·∂²u_j/∂z_a∂z_b: +r_j'' on the x side, −r_j'' on the x′ side
                        rows[j].derivative(va).derivative(vb).value(e[sa][0], e[sa][1], out);
                        double sl = sa == 0 ? out[0] : -out[1];
                        double sh = sa == 0 ? out[1] : -out[0];
                        Outward.mul(g[j][0], g[j][1], sl, sh, out);
                        l = Outward.addDown(l, out[0]);
                        h = Outward.addUp(h, out[1]);
                    }
                }
                hl[a][b] = 2 * l;
                hh[a][b] = 2 * h;
                hl[b][a] = 2 * l;
                hh[b][a] = 2 * h;
            }
        }
        if (!Definiteness.negativeDefinite(hl, hh)) {
            return Double.NaN;
        }
        double[][] gy = differences(y, y);
        double bound = squareNatural(gy);
        double[][] grad = squareGradient(y, y, gy);
        for (int z : free) {
            Outward.mul(grad[z][0], grad[z][1], Outward.addDown(lo[z], -y[z]), Outward.addUp(hi[z], -y[z]), out);
            bound = Outward.addUp(bound, out[1]);
        }
        return bound;
    }
}
