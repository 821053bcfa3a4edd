package org.optimech.runtime.certificate;

/**
 * Certified upper bounds on the maximum of one polynomial over a box (a one-sided tree's nodes), on coordinates
 * {@code offset … offset + k − 1} of the box arrays. A coordinate with lo = hi is fixed.
 */
public final class OneSided {
    private OneSided() {
    }

    /**
     * A leaf's bound: the smaller of the natural interval extension's upper end and the mean-value form
     * p(c) + Σ_v ∂p/∂x_v(X)·(X_v − c_v) at the box's centre c.
     */
    public static double leaf(IntervalPolynomial p, double[] lo, double[] hi, int offset) {
        MonomialBasis basis = p.basis();
        int k = basis.variables();
        double[] mLo = new double[basis.size()];
        double[] mHi = new double[basis.size()];
        double[] out = new double[2];
        basis.enclose(lo, hi, offset, mLo, mHi);
        p.value(mLo, mHi, out);
        double natural = out[1];
        double[] c = centre(lo, hi, offset, k);
        double[] cLo = new double[basis.size()];
        double[] cHi = new double[basis.size()];
        basis.encloseAt(c, 0, cLo, cHi);
        p.value(cLo, cHi, out);
        double mv = out[1];
        for (int v = 0; v < k; v++) {
            double l = lo[offset + v];
            double h = hi[offset + v];
            if (l == h) {
                continue;
            }
            p.derivative(v).value(mLo, mHi, out);
            double gl = out[0];
            double gh = out[1];
            Outward.mul(gl, gh, Outward.addDown(l, -c[v]), Outward.addUp(h, -c[v]), out);
            mv = Outward.addUp(mv, out[1]);
        }
        return Math.min(natural, mv);
    }

    /** The box's centre on the k coordinates (fixed coordinates as they are). */
    static double[] centre(double[] lo, double[] hi, int offset, int k) {
        double[] c = new double[k];
        for (int v = 0; v < k; v++) {
            double l = lo[offset + v];
            double h = hi[offset + v];
            double m = l * 0.5 + h * 0.5;
            c[v] = l == h ? l : Math.min(h, Math.max(l, m));
        }
        return c;
    }

    /**
     * Monotonicity: where ∂p/∂x_v ≥ 0 on the whole box the maximum lies on the face x_v = hi (≤ 0: x_v = lo), so those
     * coordinates are fixed there, in place. Returns how many were fixed.
     */
    public static int reduce(IntervalPolynomial p, double[] lo, double[] hi, int offset) {
        MonomialBasis basis = p.basis();
        int k = basis.variables();
        double[] mLo = new double[basis.size()];
        double[] mHi = new double[basis.size()];
        double[] out = new double[2];
        basis.enclose(lo, hi, offset, mLo, mHi);
        int fixed = 0;
        double[] newLo = new double[k];
        double[] newHi = new double[k];
        for (int v = 0; v < k; v++) {
            newLo[v] = lo[offset + v];
            newHi[v] = hi[offset + v];
            if (newLo[v] == newHi[v]) {
                continue;
            }
            p.derivative(v).value(mLo, mHi, out);
            if (out[0] >= 0) {
                newLo[v] = newHi[v];
                fixed++;
            } else if (out[1] <= 0) {
                newHi[v] = newLo[v];
                fixed++;
            }
        }
        for (int v = 0; v < k; v++) {
            lo[offset + v] = newLo[v];
            hi[offset + v] = newHi[v];
        }
        return fixed;
    }

    /**
     * The tangent-plane bound of a concave polynomial: when the Hessian of p over the box (its free coordinates) is
     * certified negative definite, p(x) ≤ p(y) + ∇p(y)·(x − y) for every x in the box and any y in it. NaN when the
     * Hessian is not certified or y is not in the box.
     */
    public static double concave(IntervalPolynomial p, double[] lo, double[] hi, int offset, double[] y, int yOffset) {
        MonomialBasis basis = p.basis();
        int k = basis.variables();
        int[] free = free(lo, hi, offset, k);
        for (int v = 0; v < k; v++) {
            double yv = y[yOffset + v];
            if (!(lo[offset + v] <= yv && yv <= hi[offset + v])) {
                return Double.NaN;
            }
        }
        double[] mLo = new double[basis.size()];
        double[] mHi = new double[basis.size()];
        double[] out = new double[2];
        basis.enclose(lo, hi, offset, mLo, mHi);
        double[][] hl = new double[free.length][free.length];
        double[][] hh = new double[free.length][free.length];
        for (int a = 0; a < free.length; a++) {
            for (int b = a; b < free.length; b++) {
                p.derivative(free[a]).derivative(free[b]).value(mLo, mHi, out);
                hl[a][b] = out[0];
                hh[a][b] = out[1];
                hl[b][a] = out[0];
                hh[b][a] = out[1];
            }
        }
        if (!Definiteness.negativeDefinite(hl, hh)) {
            return Double.NaN;
        }
        basis.encloseAt(y, yOffset, mLo, mHi);
        p.value(mLo, mHi, out);
        double bound = out[1];
        for (int v : free) {
            p.derivative(v).value(mLo, mHi, out);
            double gl = out[0];
            double gh = out[1];
            Outward.mul(gl, gh, Outward.addDown(lo[offset + v], -y[yOffset + v]), Outward.addUp(hi[offset + v], -y[yOffset + v]), out);
            bound = Outward.addUp(bound, out[1]);
        }
        return bound;
    }

    /**
     * The split heuristic: per coordinate, the largest |∂p/∂x_v| over the box times the side's width (0 for a fixed
     * coordinate).
     */
    public static double[] smear(IntervalPolynomial p, double[] lo, double[] hi, int offset) {
        MonomialBasis basis = p.basis();
        int k = basis.variables();
        double[] mLo = new double[basis.size()];
        double[] mHi = new double[basis.size()];
        double[] out = new double[2];
        basis.enclose(lo, hi, offset, mLo, mHi);
        double[] s = new double[k];
        for (int v = 0; v < k; v++) {
            double w = hi[offset + v] - lo[offset + v];
            if (w > 0) {
                p.derivative(v).value(mLo, mHi, out);
                s[v] = Outward.absMax(out[0], out[1]) * w;
            }
        }
        return s;
    }

    static int[] free(double[] lo, double[] hi, int offset, int k) {
        int n = 0;
        for (int v = 0; v < k; v++) {
            n += lo[offset + v] < hi[offset + v] ? 1 : 0;
        }
        int[] f = new int[n];
        int i = 0;
        for (int v = 0; v < k; v++) {
            if (lo[offset + v] < hi[offset + v]) {
                f[i++] = v;
            }
        }
        return f;
    }

    /** A certified lower bound on p(x) (the lower end of its enclosure at the point). */
    public static double lowerAt(IntervalPolynomial p, double[] x, int offset) {
        MonomialBasis basis = p.basis();
        double[] mLo = new double[basis.size()];
        double[] mHi = new double[basis.size()];
        double[] out = new double[2];
        basis.encloseAt(x, offset, mLo, mHi);
        p.value(mLo, mHi, out);
        return out[0];
    }

    /** p(x) in floating point (the midpoint of its enclosure), for local searches. */
    public static double valueAt(IntervalPolynomial p, double[] x, int offset) {
        MonomialBasis basis = p.basis();
        double[] mLo = new double[basis.size()];
        double[] mHi = new double[basis.size()];
        double[] out = new double[2];
        basis.encloseAt(x, offset, mLo, mHi);
        p.value(mLo, mHi, out);
        return out[0] * 0.5 + out[1] * 0.5;
    }
}
