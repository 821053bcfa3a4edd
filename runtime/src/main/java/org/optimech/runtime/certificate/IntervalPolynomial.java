package org.optimech.runtime.certificate;

import java.util.Arrays;

/**
 * A polynomial over a {@link MonomialBasis} whose coefficients are intervals (exact coefficients are points; a rational
 * coefficient is enclosed by its two nearest doubles). Values are enclosed from the monomials' enclosures over a box, so
 * every quantity computed here contains the exact real one.
 */
public final class IntervalPolynomial {
    private final MonomialBasis basis;
    private final int[] terms;
    private final double[] cLo;
    private final double[] cHi;
    private volatile IntervalPolynomial[] derivatives;

    IntervalPolynomial(MonomialBasis basis, int[] terms, double[] cLo, double[] cHi) {
        this.basis = basis;
        this.terms = terms;
        this.cLo = cLo;
        this.cHi = cHi;
    }

    /**
     * A polynomial from dense coefficient enclosures over the basis (zero intervals are dropped).
     *
     * @throws IllegalArgumentException for lengths that do not match the basis, or an enclosure with lo &gt; hi or not finite
     */
    public static IntervalPolynomial of(MonomialBasis basis, double[] lo, double[] hi) {
        if (lo.length != basis.size() || hi.length != basis.size()) {
            throw new IllegalArgumentException("coefficients must have " + basis.size() + " entries");
        }
        int n = 0;
        for (int m = 0; m < lo.length; m++) {
            if (!(lo[m] <= hi[m]) || !Double.isFinite(lo[m]) || !Double.isFinite(hi[m])) {
                throw new IllegalArgumentException("coefficient " + m + " must be a finite interval. Provided value: [" + lo[m] + ", " + hi[m] + "]");
            }
            n += lo[m] == 0 && hi[m] == 0 ? 0 : 1;
        }
        int[] t = new int[n];
        double[] l = new double[n];
        double[] h = new double[n];
        int i = 0;
        for (int m = 0; m < lo.length; m++) {
            if (!(lo[m] == 0 && hi[m] == 0)) {
                t[i] = m;
                l[i] = lo[m];
                h[i++] = hi[m];
            }
        }
        return new IntervalPolynomial(basis, t, l, h);
    }

    public MonomialBasis basis() {
        return basis;
    }

    /** Whether the polynomial is identically zero. */
    public boolean isZero() {
        return terms.length == 0;
    }

    /** The dense coefficient enclosures (copies), for combining polynomials. */
    void addTo(double sign, double[] lo, double[] hi) {
        for (int i = 0; i < terms.length; i++) {
            int m = terms[i];
            double l = sign > 0 ? cLo[i] : -cHi[i];
            double h = sign > 0 ? cHi[i] : -cLo[i];
            lo[m] = Outward.addDown(lo[m], l);
            hi[m] = Outward.addUp(hi[m], h);
        }
    }

    /** −p. */
    public IntervalPolynomial negate() {
        double[] l = new double[terms.length];
        double[] h = new double[terms.length];
        for (int i = 0; i < terms.length; i++) {
            l[i] = -cHi[i];
            h[i] = -cLo[i];
        }
        return new IntervalPolynomial(basis, terms, l, h);
    }

    /** Σ signs[j]·ps[j] over the polynomials with a non-zero sign (all on one basis). */
    public static IntervalPolynomial combine(MonomialBasis basis, IntervalPolynomial[] ps, int[] signs) {
        double[] lo = new double[basis.size()];
        double[] hi = new double[basis.size()];
        for (int j = 0; j < ps.length; j++) {
            if (signs[j] != 0) {
                ps[j].addTo(signs[j], lo, hi);
            }
        }
        return of(basis, lo, hi);
    }

    /**
     * The enclosure of the value from the monomials' enclosures.
     *
     * @param out receives lo, hi
     */
    public void value(double[] mLo, double[] mHi, double[] out) {
        double lo = 0;
        double hi = 0;
        for (int i = 0; i < terms.length; i++) {
            int m = terms[i];
            Outward.mul(cLo[i], cHi[i], mLo[m], mHi[m], out);
            lo = Outward.addDown(lo, out[0]);
            hi = Outward.addUp(hi, out[1]);
        }
        out[0] = lo;
        out[1] = hi;
    }

    /** ∂p/∂x_v (cached). */
    public IntervalPolynomial derivative(int v) {
        IntervalPolynomial[] d = derivatives;
        if (d == null) {
            d = new IntervalPolynomial[basis.variables()];
            derivatives = d;
        }
        IntervalPolynomial p = d[v];
        if (p == null) {
            p = computeDerivative(v);
            d[v] = p;
        }
        return p;
    }

    private IntervalPolynomial computeDerivative(int v) {
        double[] lo = new double[basis.size()];
        double[] hi = new double[basis.size()];
        double[] out = new double[2];
        for (int i = 0; i < terms.length; i++) {
            int m = terms[i];
            int e = basis.exponent(m, v);
            if (e == 0) {
                continue;
            }
            int dm = basis.derivativeIndex(m, v);
            if (dm < 0) {
                throw new IllegalStateException("the monomial basis is closed under two derivatives only");
            }
            Outward.mul(cLo[i], cHi[i], e, e, out);
            lo[dm] = Outward.addDown(lo[dm], out[0]);
            hi[dm] = Outward.addUp(hi[dm], out[1]);
        }
        return of(basis, lo, hi);
    }

    /**
     * Whether this polynomial with x_v replaced by −x_v is exactly {@code sign}·q: both have point coefficients (an interval
     * coefficient proves no identity) and each monomial's coefficient here, times (−1)^(its power of x_v), equals sign times
     * q's.
     */
    boolean flipsTo(int v, IntervalPolynomial q, int sign) {
        if (q.basis != basis || q.terms.length != terms.length) {
            return false;
        }
        for (int i = 0; i < terms.length; i++) {
            if (q.terms[i] != terms[i] || cLo[i] != cHi[i] || q.cLo[i] != q.cHi[i]) {
                return false;
            }
            double c = basis.exponent(terms[i], v) % 2 == 0 ? cLo[i] : -cLo[i];
            if (c != sign * q.cLo[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "IntervalPolynomial" + Arrays.toString(terms);
    }
}
