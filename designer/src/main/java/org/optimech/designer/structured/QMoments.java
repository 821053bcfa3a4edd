package org.optimech.designer.structured;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Arrays;
import org.optimech.runtime.knorm.EulerianNumbers;

/**
 * Exact moments of the uniform law on Q_n = [0, 1]^n ∩ {Σx ≤ k} for every n ≤ d, from Eulerian numbers alone. With
 * IH_n the sum of n uniforms, F_n(t) = P(IH_n ≤ t) and G_r^{(n)}(t) = E[(t − IH_n)₊^r]/r! (its r-fold integral), two facts
 * reduce everything to integers:
 * <ul>
 *   <li>∫₀¹ H^{(n)}(m + u) du = H^{(n+1)}(m + 1) for H^{(n)}(t) = E h(t − IH_n) (replace u by 1 − u: IH_n + U is IH_{n+1}), so
 *       G_r^{(n)}(m) = Σ_{m′=1}^{m} G_{r−1}^{(n+1)}(m′) = Σ_{j&lt;m} C(m − j + r − 1, r)·A(n + r, j)/(n + r)! at integers m;</li>
 *   <li>vol(Q_n) = F_n(k) = Σ_{j&lt;k} A(n, j)/n! (Stanley's slices).</li>
 * </ul>
 * Then, over the cube and restricted to Σx ≤ k: E[S; S ≤ k] = kF − G1, E[S²; S ≤ k] = k²F − 2kG1 + 2G2 (S = Σx, at t = k), and
 * by parts E[x₁²; S ≤ k] = ∫₀¹ x²F_{n−1}(k − x)dx = −G1(k−1) − 2G2(k−1) + 2(G3(k) − G3(k−1)) (each G of order n − 1). One
 * streaming pass over rows 0 … d + 2 keeps four weighted row sums (O(d·k) big-integer multiply-adds, O(k) memory per row); the
 * quotients are exact rationals rounded once to doubles.
 */
final class QMoments {
    final int d;
    final int k;
    /** log vol(Q_n). */
    final double[] logVolume;
    /** E Σx over Q_n. */
    final double[] e1;
    /** E (Σx)² over Q_n. */
    final double[] e2;
    /** E ‖x‖² over Q_n. */
    final double[] s2;

    private QMoments(int d, int k) {
        this.d = d;
        this.k = k;
        logVolume = new double[d + 1];
        e1 = new double[d + 1];
        e2 = new double[d + 1];
        s2 = new double[d + 1];
        if (k >= d) {
            // every Q_n (n ≤ d) is the whole cube: no Eulerian numbers needed (the ordered counts' join has k = d)
            for (int n = 1; n <= d; n++) {
                e1[n] = n / 2.0;
                e2[n] = n / 12.0 + n * (double) n / 4;
                s2[n] = n / 3.0;
            }
            return;
        }
        int rows = d + 3;
        BigInteger[] s0 = new BigInteger[rows];
        BigInteger[] t1 = new BigInteger[rows];
        BigInteger[] t2 = new BigInteger[rows];
        BigInteger[] t3 = new BigInteger[rows];
        EulerianNumbers.rows(d + 2, k, (n, row) -> {
            BigInteger a0 = BigInteger.ZERO;
            BigInteger a1 = BigInteger.ZERO;
            BigInteger a2 = BigInteger.ZERO;
            BigInteger a3 = BigInteger.ZERO;
            for (int j = 0; j < row.length && j < k; j++) {
                long m = k - j;
                a0 = a0.add(row[j]);
                a1 = a1.add(row[j].multiply(BigInteger.valueOf(m)));
                a2 = a2.add(row[j].multiply(BigInteger.valueOf(m * (m + 1) / 2)));
                a3 = a3.add(row[j].multiply(BigInteger.valueOf(m * (m + 1) * (m + 2) / 6)));
            }
            s0[n] = a0;
            t1[n] = a1;
            t2[n] = a2;
            t3[n] = a3;
        });
        double logFactorial = 0;
        BigInteger kb = BigInteger.valueOf(k);
        for (int n = 1; n <= d; n++) {
            logFactorial += Math.log(n);
            logVolume[n] = log(s0[n]) - logFactorial;
            BigInteger n1 = BigInteger.valueOf(n + 1L);
            BigInteger n2 = BigInteger.valueOf(n + 2L);
            // common denominator (n+2)!: F = S0(n)(n+1)(n+2), G1 = T1(n+1)(n+2), G2 = T2(n+2) (at k)
            BigInteger f = s0[n].multiply(n1).multiply(n2);
            BigInteger g1 = t1[n + 1].multiply(n2);
            BigInteger g2 = t2[n + 2];
            e1[n] = ratio(kb.multiply(f).subtract(g1), f);
            e2[n] = ratio(kb.multiply(kb).multiply(f).subtract(kb.multiply(g1).shiftLeft(1)).add(g2.shiftLeft(1)), f);
            // order n − 1, at k − 1 and k: T(k − 1) = T(k) − (the next lower weighted sum), by the weights' differences
            BigInteger t1km1 = t1[n].subtract(s0[n]);
            BigInteger t2km1 = t2[n + 1].subtract(t1[n + 1]);
            BigInteger t3km1 = t3[n + 2].subtract(t2[n + 2]);
            BigInteger i = t1km1.multiply(n1).multiply(n2).negate().subtract(t2km1.multiply(n2).shiftLeft(1)).add(t3[n + 2].subtract(t3km1).shiftLeft(1));
            s2[n] = n * ratio(i, f);
        }
    }

    /** The moments for every n ≤ d at bound k (computed once per call: O(d·k) big-integer work). */
    static QMoments of(int d, int k) {
        if (d < 1 || k < 1 || k > d) {
            throw new IllegalArgumentException("need 1 <= k <= d. Provided values: d = " + d + ", k = " + k);
        }
        return new QMoments(d, k);
    }

    /** E x₁² over Q_d: the sum ball's second moment per coordinate (its M is this times I). */
    double sumBallSecondMoment() {
        return s2[d] / d;
    }

    /** log vol(B∞ ∩ k·B1) = d·log 2 + log vol(Q_d). */
    double sumBallLogVolume() {
        return d * Math.log(2) + logVolume[d];
    }

    /**
     * E‖u‖² and E(Σu)² for u uniform in the count ball Q − Q = {|u_j| ≤ 1, Σu₊ ≤ k, Σu₋ ≤ k}, with its log-volume. Splitting by
     * the set P of positive coordinates (|P| = p, q = d − p), the class is Q_p × (−Q_q), of volume vol(Q_p)·vol(Q_q), and its two
     * parts are independent: E‖u‖² = Σ_p w_p(S2_p + S2_q), E(Σu)² = Σ_p w_p(E2_p + E2_q − 2E1_p·E1_q) with
     * w_p ∝ C(d, p)·vol(Q_p)·vol(Q_q).
     *
     * @return {E‖u‖², E(Σu)², log vol}
     */
    double[] countBall() {
        double[] logW = new double[d + 1];
        double[] lb = logBinomials(d);
        for (int p = 0; p <= d; p++) {
            logW[p] = lb[p] + logVolume[p] + logVolume[d - p];
        }
        return mixture(logW, p -> s2[p] + s2[d - p], p -> e2[p] + e2[d - p] - 2 * e1[p] * e1[d - p]);
    }

    /** {Σ_p w_p·norm2(p), Σ_p w_p·sum2(p), log Σ_p e^{logW_p}} with w the normalised weights e^{logW_p}. */
    private double[] mixture(double[] logW, java.util.function.IntToDoubleFunction norm2, java.util.function.IntToDoubleFunction sum2) {
        double max = Arrays.stream(logW).max().orElseThrow();
        double total = 0;
        double n2 = 0;
        double s = 0;
        for (int p = 0; p <= d; p++) {
            double w = Math.exp(logW[p] - max);
            total += w;
            n2 += w * norm2.applyAsDouble(p);
            s += w * sum2.applyAsDouble(p);
        }
        return new double[] {n2 / total, s / total, max + Math.log(total)};
    }

    /**
     * E‖u‖² and E(Σu)² for u uniform in the count join conv(Q ∪ −Q) (gauge g(u₊) + g(u₋), g the gauge of Q), with its
     * log-volume. In the class with p positive coordinates, u = (αA, −βB) with A, B on the boundaries of Q_p, Q_q under the
     * cone measure and (α, β, 1 − α − β) ~ Dirichlet(p, q, 1), all independent; the class's volume is
     * vol(Q_p)·vol(Q_q)·p!q!/d!, so w_p ∝ vol(Q_p)·vol(Q_q). The cone measure's moments follow from the uniform ones
     * (x = rA with r of density p·r^{p−1}: E r = p/(p + 1), E r² = p/(p + 2)), and with E α² = p(p + 1)/((d + 1)(d + 2)),
     * E αβ = pq/((d + 1)(d + 2)):
     * <pre>  (d + 1)(d + 2)·E[‖u‖² | p] = (p + 1)(p + 2)·S2_p + (q + 1)(q + 2)·S2_q
     *   (d + 1)(d + 2)·E[(Σu)² | p] = (p + 1)(p + 2)·E2_p + (q + 1)(q + 2)·E2_q − 2(p + 1)(q + 1)·E1_p·E1_q</pre>
     *
     * @return {E‖u‖², E(Σu)², log vol}
     */
    double[] countJoin() {
        double[] logW = new double[d + 1];
        for (int p = 0; p <= d; p++) {
            logW[p] = logVolume[p] + logVolume[d - p];
        }
        double scale = (d + 1.0) * (d + 2.0);
        double[] m = mixture(logW, p -> ((p + 1.0) * (p + 2.0) * s2[p] + (d - p + 1.0) * (d - p + 2.0) * s2[d - p]) / scale,
                p -> ((p + 1.0) * (p + 2.0) * e2[p] + (d - p + 1.0) * (d - p + 2.0) * e2[d - p] - 2 * (p + 1.0) * (d - p + 1.0) * e1[p] * e1[d - p]) / scale);
        // vol = Σ_p C(d, p)·vol(Q_p)vol(Q_q)·p!q!/d! = Σ_p vol(Q_p)vol(Q_q), which the mixture's log-sum already is
        return m;
    }

    /** log C(d, p) for p = 0 … d, in O(d). */
    private static double[] logBinomials(int d) {
        double[] lf = new double[d + 1];
        for (int i = 1; i <= d; i++) {
            lf[i] = lf[i - 1] + Math.log(i);
        }
        double[] out = new double[d + 1];
        for (int p = 0; p <= d; p++) {
            out[p] = lf[d] - lf[p] - lf[d - p];
        }
        return out;
    }

    static double ratio(BigInteger a, BigInteger b) {
        return new BigDecimal(a).divide(new BigDecimal(b), MathContext.DECIMAL64).doubleValue();
    }

    static double log(BigInteger a) {
        int shift = Math.max(0, a.bitLength() - 62);
        return Math.log(a.shiftRight(shift).doubleValue()) + shift * Math.log(2);
    }
}
