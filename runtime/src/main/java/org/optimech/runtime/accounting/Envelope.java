package org.optimech.runtime.accounting;

import java.util.List;

/**
 * One pessimistic distribution dominating several on the same grid (Zhu, Dong and Wang 2022; "connect the dots", Doroshenko
 * et al. 2022): its δ(ε) equals the largest of theirs at every grid point ε_k = k·h and, being linear in e^ε between grid
 * points while theirs are convex there, lies above all of them everywhere. Masses come from the envelope's differences:
 * with D_k = δ(kh) and T_k = (D_k − D_{k+1})/(1 − e^-h), the atom at loss kh is T_{k−1} − e^-h·T_k. Each T_k is taken from the
 * curve that is largest at k, stably (its own running sum), plus the jump to the curve largest at k + 1, so only the points
 * where the largest curve changes lose accuracy to cancellation; that loss is added to the error bound.
 */
final class Envelope {
    private static final double U = 0x1.0p-53;

    private Envelope() {
    }

    static PrivacyLossDistribution of(List<PrivacyLossDistribution> parts) {
        double step = parts.get(0).step();
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        double maxInf = 0;
        double maxErr = 0;
        for (PrivacyLossDistribution p : parts) {
            double[] r = p.lossRange();
            lo = Math.min(lo, Math.round(r[0] / step));
            hi = Math.max(hi, Math.round(r[1] / step));
            maxInf = Math.max(maxInf, p.infinity());
            maxErr = Math.max(maxErr, p.error());
        }
        lo -= 1; // one grid point below every loss: D there fixes the lowest atom
        int n = (int) (hi - lo + 1);
        double[][] d = new double[parts.size()][];
        double[][] t = new double[parts.size()][];
        for (int i = 0; i < parts.size(); i++) {
            double[][] c = curves(parts.get(i), lo, hi);
            d[i] = c[0];
            t[i] = c[1];
        }
        double e = Math.exp(-step);
        double oneMinus = -Math.expm1(-step);
        // T_env at each grid point j (index j − lo); T at hi is 0: nothing lies above the top loss
        double[] tEnv = new double[n];
        double error = maxErr;
        int argNext = argmax(d, n - 1);
        for (int j = n - 2; j >= 0; j--) {
            int arg = argmax(d, j);
            double jump = d[arg][j + 1] - d[argNext][j + 1]; // ≤ 0: where the largest curve changes
            tEnv[j] = t[arg][j] + jump / oneMinus;
            if (jump != 0) {
                error += 4 * U * (d[arg][j + 1] + d[argNext][j + 1]) / oneMinus * e; // the cancellation in the jump, carried into one atom
            }
            argNext = arg;
        }
        double[] masses = new double[n];
        for (int j = 1; j < n; j++) {
            double m = tEnv[j - 1] - e * tEnv[j];
            if (m < 0) {
                error += -m;
                m = 0;
            }
            masses[j] = m;
        }
        double[] low = new double[n];
        double[] high = new double[n];
        for (int j = 0; j < n; j++) {
            low[j] = (lo + j) * step;
            high[j] = low[j];
        }
        return PrivacyLossDistribution.of(masses, low, high, maxInf, error + n * 4 * U, step, PrivacyLossDistribution.Bound.UPPER);
    }

    private static int argmax(double[][] d, int j) {
        int best = 0;
        for (int i = 1; i < d.length; i++) {
            if (d[i][j] > d[best][j]) {
                best = i;
            }
        }
        return best;
    }

    /**
     * For grid points j = lo..hi: D_j = δ(jh) and T_j = Σ_{k&gt;j} m_k e^{(j+1−k)h} = (D_j − D_{j+1})/(1 − e^-h), by running
     * sums from the top (no cancellation in T). (T without the factor e^h, as first written, made every envelope atom e^-h
     * times too light and each change of the largest curve a negative atom of the jump's size.)
     */
    static double[][] curves(PrivacyLossDistribution p, long lo, long hi) {
        double[] m = p.masses();
        long offset = Math.round(p.loss(0) / p.step());
        double e = Math.exp(-p.step());
        int n = (int) (hi - lo + 1);
        double[] dd = new double[n];
        double[] tt = new double[n];
        double s = 0;
        double t = 0;
        for (long j = hi; j >= lo; j--) {
            int idx = (int) (j - lo);
            dd[idx] = s - e * t + p.infinity();
            tt[idx] = t;
            int k = (int) (j - offset);
            double mj = k >= 0 && k < m.length ? m[k] : 0;
            s += mj;
            t = mj + e * t;
        }
        return new double[][] {dd, tt};
    }
}
