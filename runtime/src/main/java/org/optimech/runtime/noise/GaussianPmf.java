package org.optimech.runtime.noise;

import java.math.BigInteger;
import org.optimech.runtime.exact.ExpBounds;

/**
 * Exact enclosures of the magnitude |Z| of the discrete Gaussian P(Z = z) = e^{-z²/(2σ²)}/S, σ² = a/b rational:
 * q_0 = 1/S and q_m = 2e^{-m²/(2σ²)}/S, with S = Σ_z e^{-z²/(2σ²)}. The terms g_m = e^{-m²c} (c = b/(2a)) come from the
 * recurrence g_{m+1} = g_m·r_m, r_m = e^{-(2m+1)c}, r_{m+1} = r_m·e^{-2c}, each product rounded toward its bound; S adds
 * them until a term rounds to zero and bounds the rest by the geometric tail g_{N}/(1 − r_{N}).
 */
final class GaussianPmf implements ExactPmf {
    private final BigInteger a;
    private final BigInteger b;
    private final double sigma;

    GaussianPmf(BigInteger a, BigInteger b) {
        this.a = a;
        this.b = b;
        this.sigma = Math.sqrt(a.doubleValue() / b.doubleValue());
    }

    @Override
    public long support(int level) {
        // q_m ≤ 2·e^{-m²/(2σ²)} < 2^-(level+1) once m² > 2σ²·(level+2)·ln 2
        double m = sigma * Math.sqrt(2 * (level + 2) * 0.6931471805599453) * (1 + 1e-9);
        return m > 1e15 ? Long.MAX_VALUE / 4 : (long) Math.ceil(m) + 2;
    }

    @Override
    public void enclose(int count, int bits, BigInteger[] lo, BigInteger[] hi) {
        int g = bits + 24 + 2 * (32 - Integer.numberOfLeadingZeros(count + 1)) + Math.max(0, (int) Math.ceil(2 * Math.log(sigma + 1) / Math.log(2)));
        BigInteger unit = BigInteger.ONE.shiftLeft(g);
        BigInteger twoA = a.shiftLeft(1);
        BigInteger[] step = ExpBounds.expMinus(b.shiftLeft(1), twoA, g); // e^{-2c}
        BigInteger[] r = ExpBounds.expMinus(b, twoA, g); // r_0 = e^{-c}
        BigInteger rLo = r[0];
        BigInteger rHi = r[1].min(unit);
        BigInteger gLo = unit;
        BigInteger gHi = unit;
        java.util.List<BigInteger[]> terms = new java.util.ArrayList<>();
        BigInteger sLo = unit;
        BigInteger sHi = unit;
        for (int m = 0; ; m++) {
            if (m < count) {
                terms.add(new BigInteger[] {gLo, gHi});
            }
            if (m > 0) {
                sLo = sLo.add(gLo.shiftLeft(1));
                sHi = sHi.add(gHi.shiftLeft(1));
            }
            // next term
            gLo = gLo.multiply(rLo).shiftRight(g);
            gHi = GeometricPmf.ceilShift(gHi.multiply(rHi), g);
            rLo = rLo.multiply(step[0]).shiftRight(g);
            rHi = GeometricPmf.ceilShift(rHi.multiply(step[1].min(unit)), g);
            if (m + 1 >= count && gLo.signum() == 0) {
                // the rest: Σ_{k ≥ m+1} g_k ≤ g_{m+1}/(1 − r_{m+1}), twice for ±
                BigInteger tail = GeometricPmf.ceilDiv(gHi.shiftLeft(g), unit.subtract(rHi).max(BigInteger.ONE));
                sHi = sHi.add(tail.shiftLeft(1));
                break;
            }
        }
        int shift = g - bits;
        for (int m = 0; m < count; m++) {
            BigInteger[] t = terms.get(m);
            BigInteger l = t[0].shiftLeft(g).divide(sHi);
            BigInteger h = GeometricPmf.ceilDiv(t[1].shiftLeft(g), sLo);
            if (m > 0) {
                l = l.shiftLeft(1);
                h = h.shiftLeft(1);
            }
            lo[m] = l.shiftRight(shift);
            hi[m] = GeometricPmf.ceilShift(h, shift);
        }
    }

    /** The entropy of Z in bits, in floating point: for reports. */
    double entropyBits() {
        double s = 0;
        int limit = (int) Math.min(10_000_000, 40 * sigma + 10);
        for (int m = -limit; m <= limit; m++) {
            s += Math.exp(-(double) m * m / (2 * sigma * sigma));
        }
        double h = 0;
        for (int m = -limit; m <= limit; m++) {
            double pm = Math.exp(-(double) m * m / (2 * sigma * sigma)) / s;
            if (pm > 0) {
                h -= pm * Math.log(pm) / Math.log(2);
            }
        }
        return h;
    }
}
