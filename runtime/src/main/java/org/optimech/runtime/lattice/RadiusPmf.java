package org.optimech.runtime.lattice;

import java.math.BigInteger;
import org.optimech.runtime.exact.ExpBounds;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.noise.ExactPmf;

/**
 * Exact enclosures of the box radius law of {@link BoxRadius}: P(K = k) = |B_k|·x^k·(1 − x)^{D+1}/P(x) with x = e^{−r},
 * |B_k| = ∏_j (2(k+1)m_j − 1) and P(x) = Σ_i b_i x^i (so that Σ_k |B_k| x^k = P(x)/(1 − x)^{D+1}, the mixture identity of
 * docs/LATTICE_KNORM.md). Built once per sampler, it lets the radius be one Knuth–Yao walk instead of a mixture index, its
 * acceptance coin and D + 1 geometric draws.
 *
 * <p>Fixed-point integers rounded toward each bound throughout: x from {@link ExpBounds#expMinus}, its powers, (1 − x)^{D+1}
 * and P(x) at g fractional bits, g large enough that the absolute error of q_k·2^bits stays a few units for every k below
 * the support (the powers of x lose at most 3k units of 2^−g, multiplied by |B_k|·F ≤ e^{rk}).
 */
final class RadiusPmf implements ExactPmf {
    private static final double LN2 = 0.6931471805599453;

    private final long[] halfWidths;
    private final BigInteger[] coefficients;
    private final BigInteger p;
    private final BigInteger q;
    /** r as a double, for the support bound and the working precision only (never for a probability). */
    private final double rate;
    /** ln P(e^{−r}) in doubles (for the support bound only). */
    private final double logP;

    RadiusPmf(long[] halfWidths, BigInteger[] coefficients, Rational rate) {
        this.halfWidths = halfWidths.clone();
        this.coefficients = coefficients.clone();
        this.p = rate.numerator();
        this.q = rate.denominator();
        this.rate = rate.doubleValue();
        double p = 0;
        for (int i = 0; i < coefficients.length; i++) {
            p += coefficients[i].doubleValue() * Math.exp(-this.rate * i);
        }
        this.logP = Double.isFinite(p) && p >= 1 ? Math.log(p) : 0; // P ≥ b_0 ≥ 1; beyond the double range, that alone
    }

    /**
     * ln q_k ≤ u(k) = Σ_j ln(2(k+1)m_j) − rk + (D+1)·ln min(1, r) − ln P(e^{−r}): |B_k| ≤ ∏ 2(k+1)m_j and 1 − x ≤ min(1, r).
     * u decreases once k + 1 > D/r, so the first such k with u(k) below the level's threshold (less a margin of 1 for the
     * doubles' rounding, far more than it: ln P is summed in doubles of relative error near 10⁻¹⁶) bounds the support.
     */
    @Override
    public long support(int level) {
        int d = halfWidths.length;
        double threshold = -(level + 1) * LN2 - 1;
        double peak = Math.ceil(d / rate) + 1;
        if (!(peak <= 1e15)) {
            return Long.MAX_VALUE / 4; // far beyond any table
        }
        long k = (long) peak;
        long step = Math.max(1, k);
        while (bound(k + step) >= threshold) {
            step *= 2;
            if (k + step > 1e15) {
                return Long.MAX_VALUE / 4;
            }
        }
        if (bound(k) >= threshold) {
            long lo = k; // bound(lo) ≥ threshold > bound(hi)
            long hi = k + step;
            while (hi - lo > 1) {
                long mid = lo + (hi - lo) / 2;
                if (bound(mid) >= threshold) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            k = hi;
        }
        return k + 1;
    }

    private double bound(long k) {
        double log = -rate * k + (halfWidths.length + 1) * Math.log(Math.min(1, rate)) - logP;
        for (long m : halfWidths) {
            log += Math.log(2.0 * (k + 1) * m);
        }
        return log;
    }

    @Override
    public void enclose(int count, int bits, BigInteger[] lo, BigInteger[] hi) {
        int d = halfWidths.length;
        int g = bits + 48 + (int) Math.ceil(1.45 * rate * count) + 2 * (64 - Long.numberOfLeadingZeros(count + d + 2L))
                + (64 - Long.numberOfLeadingZeros((long) Math.ceil(1 / Math.min(1, rate)) + 1)) + 2 * (32 - Integer.numberOfLeadingZeros(d + 2));
        BigInteger unit = BigInteger.ONE.shiftLeft(g);
        BigInteger[] x = ExpBounds.expMinus(p, q, g);
        BigInteger xLo = x[0];
        BigInteger xHi = x[1].min(unit);
        // (1 − x)^{D+1}, floor with the upper x and ceiling with the lower
        BigInteger aLo = unit;
        BigInteger aHi = unit;
        for (int i = 0; i <= d; i++) {
            aLo = aLo.multiply(unit.subtract(xHi)).shiftRight(g);
            aHi = ExpBounds.ceilShift(aHi.multiply(unit.subtract(xLo)), g);
        }
        // P(x) = Σ b_i x^i (increasing in x)
        BigInteger pLo = BigInteger.ZERO;
        BigInteger pHi = BigInteger.ZERO;
        BigInteger powLo = unit;
        BigInteger powHi = unit;
        for (int i = 0; i < coefficients.length; i++) {
            if (i > 0) {
                powLo = powLo.multiply(xLo).shiftRight(g);
                powHi = ExpBounds.ceilShift(powHi.multiply(xHi), g);
            }
            pLo = pLo.add(coefficients[i].multiply(powLo));
            pHi = pHi.add(coefficients[i].multiply(powHi));
        }
        // F = (1 − x)^{D+1}/P(x) at g bits; P ≥ b_0 > 0
        BigInteger fLo = aLo.shiftLeft(g).divide(pHi);
        BigInteger fHi = ExpBounds.ceilDiv(aHi.shiftLeft(g), pLo);
        // |B_k| by forward differences of the degree-D polynomial (exact), x^k iterated
        BigInteger[] diff = new BigInteger[d + 1];
        for (int k = 0; k <= d; k++) {
            diff[k] = BoxRadius.count(halfWidths, k);
        }
        for (int order = 1; order <= d; order++) {
            for (int k = d; k >= order; k--) {
                diff[k] = diff[k].subtract(diff[k - 1]);
            }
        }
        int shift = 2 * g - bits;
        powLo = unit;
        powHi = unit;
        for (int k = 0; k < count; k++) {
            if (k > 0) {
                powLo = powLo.multiply(xLo).shiftRight(g);
                powHi = ExpBounds.ceilShift(powHi.multiply(xHi), g);
                for (int j = 0; j < d; j++) {
                    diff[j] = diff[j].add(diff[j + 1]);
                }
            }
            BigInteger box = diff[0]; // |B_k|
            lo[k] = box.multiply(powLo).multiply(fLo).shiftRight(shift);
            hi[k] = ExpBounds.ceilShift(box.multiply(powHi).multiply(fHi), shift);
        }
    }
}
