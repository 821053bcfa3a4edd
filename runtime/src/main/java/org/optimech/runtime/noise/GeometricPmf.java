package org.optimech.runtime.noise;

import java.math.BigInteger;
import org.optimech.runtime.exact.ExpBounds;

/**
 * Exact enclosures of a geometric law with ratio α = e^{-p/q} (p/q a positive rational): one-sided, q_m = (1−α)·α^m on
 * m ≥ 0; the magnitude |Z| of the two-sided law P(Z = z) = (1−α)/(1+α)·α^{|z|}, which is q_0 = (1−α)/(1+α) and
 * q_m = 2(1−α)/(1+α)·α^m for m ≥ 1; or the one-sided law truncated to a period n, q_m = (1−α)/(1−α^n)·α^m on 0 ≤ m &lt; n
 * (the remainder Y mod n of a one-sided draw Y, {@link Geometric}). α and α^n come from {@link ExpBounds#expMinus}, the
 * powers and the constant factor from fixed-point products rounded toward each bound.
 */
final class GeometricPmf implements ExactPmf {
    private static final double LN2 = 0.6931471805599453;

    private final BigInteger p;
    private final BigInteger q;
    private final boolean magnitude;
    /** n for the law truncated to [0, n), 0 for the whole one. */
    private final long period;
    /** ε = p/q as a double, for the support bound only. */
    private final double rate;

    GeometricPmf(BigInteger p, BigInteger q, boolean twoSidedMagnitude) {
        this(p, q, twoSidedMagnitude, 0);
    }

    private GeometricPmf(BigInteger p, BigInteger q, boolean twoSidedMagnitude, long period) {
        this.p = p;
        this.q = q;
        this.magnitude = twoSidedMagnitude;
        this.period = period;
        this.rate = p.doubleValue() / q.doubleValue();
    }

    /** The one-sided law truncated to [0, n): q_m = (1−α)/(1−α^n)·α^m, n ≥ 2. */
    static GeometricPmf truncated(BigInteger p, BigInteger q, long n) {
        if (n < 2) {
            throw new IllegalArgumentException("the period must be >= 2. Provided value: " + n);
        }
        return new GeometricPmf(p, q, false, n);
    }

    @Override
    public long support(int level) {
        if (period > 0) {
            return period; // every outcome below n has mass, and none beyond
        }
        // q_m ≤ 2α^m < 2^-(level+1) once m·rate > (level+2)·ln 2; a relative 1e-9 covers the double's error
        double m = (level + 2) * LN2 / rate * (1 + 1e-9);
        return m > 1e15 ? Long.MAX_VALUE / 4 : (long) Math.ceil(m) + 2;
    }

    @Override
    public void enclose(int count, int bits, BigInteger[] lo, BigInteger[] hi) {
        int g = bits + 16 + 2 * (32 - Integer.numberOfLeadingZeros(count + 1));
        BigInteger unit = BigInteger.ONE.shiftLeft(g);
        BigInteger[] a = ExpBounds.expMinus(p, q, g);
        BigInteger aLo = a[0];
        BigInteger aHi = a[1].min(unit);
        BigInteger cLo;
        BigInteger cHi;
        if (magnitude) {
            // (1−α)/(1+α) decreases in α
            cLo = unit.subtract(aHi).shiftLeft(g).divide(unit.add(aHi));
            cHi = ceilDiv(unit.subtract(aLo).shiftLeft(g), unit.add(aLo));
        } else if (period > 0) {
            // (1−α)/(1−α^n), numerator and denominator enclosed separately (both positive)
            BigInteger[] an = ExpBounds.expMinus(p.multiply(BigInteger.valueOf(period)), q, g);
            BigInteger denominatorLo = unit.subtract(an[1].min(unit)).max(BigInteger.ONE); // 1 unit: a valid, loose floor if α^n's enclosure reaches 1
            BigInteger denominatorHi = unit.subtract(an[0]);
            cLo = unit.subtract(aHi).shiftLeft(g).divide(denominatorHi);
            cHi = ceilDiv(unit.subtract(aLo).shiftLeft(g), denominatorLo);
        } else {
            cLo = unit.subtract(aHi);
            cHi = unit.subtract(aLo);
        }
        BigInteger powLo = unit;
        BigInteger powHi = unit;
        int shift = g - bits;
        for (int m = 0; m < count; m++) {
            if (m > 0) {
                powLo = powLo.multiply(aLo).shiftRight(g);
                powHi = ceilShift(powHi.multiply(aHi), g);
            }
            BigInteger l = cLo.multiply(powLo).shiftRight(g);
            BigInteger h = ceilShift(cHi.multiply(powHi), g);
            if (magnitude && m > 0) {
                l = l.shiftLeft(1);
                h = h.shiftLeft(1);
            }
            lo[m] = l.shiftRight(shift);
            hi[m] = ceilShift(h, shift);
        }
    }

    /** The law's entropy in bits (of Z for the two-sided form), in floating point: for reports. */
    double entropyBits() {
        // closed forms, accurate at any rate (a sum over outcomes stops long before the mass at tiny rates): with α = e^{-r},
        // one-sided H = −ln(1 − α) + r·α/(1 − α); two-sided p(z) = c·α^{|z|}, c = (1 − α)/(1 + α), E|Z| = 2α/((1 − α)(1 + α)),
        // H = −ln c + r·E|Z| (the sign included); nats to bits
        double alpha = Math.exp(-rate);
        double oneMinus = -Math.expm1(-rate);
        double nats = magnitude ? -Math.log(oneMinus / (1 + alpha)) + rate * 2 * alpha / (oneMinus * (1 + alpha))
                : -Math.log(oneMinus) + rate * alpha / oneMinus;
        return nats / Math.log(2);
    }

    static BigInteger ceilDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
    }

    static BigInteger ceilShift(BigInteger a, int s) {
        BigInteger r = a.shiftRight(s);
        return r.shiftLeft(s).equals(a) ? r : r.add(BigInteger.ONE);
    }
}
