package org.optimech.benchmarks;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.commons.math3.fraction.BigFraction;
import org.optimech.geometry.adjacent.RegressionStatistic;
import org.optimech.runtime.exact.Rational;

/**
 * The exact arithmetic that moved from Commons Math's {@code BigFraction} to the runtime's {@link Rational}, old against
 * new in the same run (interleaved rounds, median per side): the regression statistic's exact ℓ1 enumeration (Gauss–Jordan
 * in rationals over every active set; the former BigFraction code is kept below as the baseline) and the conversion of
 * large quotients to doubles (a cone triangulation's weights |det_i|/Σ|det|: {@code BigFraction.doubleValue()} against the
 * once-rounded {@code Rational.doubleValue()}).
 * Usage: {@code ExactArithmeticTiming [rounds 7]}.
 */
public final class ExactArithmeticTiming {
    private ExactArithmeticTiming() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        for (int p = 3; p <= 4; p++) {
            int q = p;
            report("regression l1, p = " + p, rounds, () -> oldL1Sensitivity(q).doubleValue(), () -> RegressionStatistic.l1Sensitivity(q).value().doubleValue());
        }
        Random random = new Random(1);
        int n = 200_000;
        BigInteger[] num = new BigInteger[n];
        BigInteger[] den = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            den[i] = new BigInteger(120, random).setBit(119);
            num[i] = new BigInteger(110, random).add(BigInteger.ONE);
        }
        BigFraction[] oldF = new BigFraction[n];
        Rational[] newF = new Rational[n];
        for (int i = 0; i < n; i++) {
            oldF[i] = new BigFraction(num[i], den[i]);
            newF[i] = new Rational(num[i], den[i]);
        }
        report("doubleValue, 200k 110/120-bit", rounds, () -> {
            double s = 0;
            for (BigFraction f : oldF) {
                s += f.doubleValue();
            }
            return s;
        }, () -> {
            double s = 0;
            for (Rational f : newF) {
                s += f.doubleValue();
            }
            return s;
        });
    }

    private static void report(String what, int rounds, java.util.function.DoubleSupplier old, java.util.function.DoubleSupplier now) {
        double[] to = new double[rounds];
        double[] tn = new double[rounds];
        double sink = 0;
        sink += old.getAsDouble() + now.getAsDouble(); // warm-up
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            sink += old.getAsDouble();
            long t1 = System.nanoTime();
            sink += now.getAsDouble();
            long t2 = System.nanoTime();
            to[r] = (t1 - t0) / 1e6;
            tn[r] = (t2 - t1) / 1e6;
        }
        java.util.Arrays.sort(to);
        java.util.Arrays.sort(tn);
        double mo = to[rounds / 2];
        double mn = tn[rounds / 2];
        System.out.printf("%-32s old BigFraction %9.1f ms  new Rational %9.1f ms  new/old %.2f  (sink %.3g)%n", what, mo, mn, mn / mo, sink);
    }

    // ---- the former BigFraction code of RegressionStatistic.l1Sensitivity (value only), the baseline ----

    static BigFraction oldL1Sensitivity(int p) {
        BigFraction best = null;
        BigFraction[] bestW = null;
        int bestA = 0;
        int bestY = 0;
        for (int a = 0; a <= p; a++) {
            List<int[]> same = new ArrayList<>();
            List<int[]> cross = new ArrayList<>();
            for (int j = 0; j < p; j++) {
                for (int k = j + 1; k < p; k++) {
                    ((j < a) == (k < a) ? same : cross).add(new int[] {j, k});
                }
            }
            for (int yp = -1; yp <= 1; yp += 2) {
                BigFraction constant = new BigFraction(4L * p + Math.abs(1 - yp) + same.size());
                for (long rho = 0; rho < (1L << cross.size()); rho++) {
                    // Q(w) = constant + lin·w + ½ wᵀHw, H = −4I − same-side pairs
                    long[] lin = new long[p];
                    java.util.Arrays.fill(lin, -(1 + yp));
                    for (int c = 0; c < cross.size(); c++) {
                        int r = ((rho >> c) & 1) == 0 ? 1 : -1;
                        lin[cross.get(c)[0]] += r;
                        lin[cross.get(c)[1]] -= r;
                    }
                    long[][] h = new long[p][p];
                    for (int j = 0; j < p; j++) {
                        h[j][j] = -4;
                    }
                    for (int[] s : same) {
                        h[s[0]][s[1]] = -1;
                        h[s[1]][s[0]] = -1;
                    }
                    int patterns = 1;
                    for (int j = 0; j < p; j++) {
                        patterns *= 3;
                    }
                    for (int pat = 0; pat < patterns; pat++) {
                        BigFraction[] w = candidate(pat, p, lin, h);
                        if (w == null) {
                            continue;
                        }
                        BigFraction f = reducedObjective(w, constant, yp, same, cross);
                        if (best == null || f.compareTo(best) > 0) {
                            best = f;
                            bestW = w;
                            bestA = a;
                            bestY = yp;
                        }
                    }
                }
            }
        }
        return best;
    }

    /** The feasible stationary point of Q for one active set (each w_j at −1, free, or 1), or null. */
    private static BigFraction[] candidate(int pattern, int p, long[] lin, long[][] h) {
        int[] state = new int[p];
        List<Integer> free = new ArrayList<>();
        int code = pattern;
        for (int j = 0; j < p; j++) {
            state[j] = code % 3 - 1;
            code /= 3;
            if (state[j] == 0) {
                free.add(j);
            }
        }
        BigFraction[] w = new BigFraction[p];
        for (int j = 0; j < p; j++) {
            w[j] = new BigFraction(state[j]);
        }
        int n = free.size();
        if (n == 0) {
            return w;
        }
        // H_ff w_f = −(lin_f + H_fb w_b), by Gauss–Jordan in exact rationals (H_ff is negative definite: nonsingular)
        BigFraction[][] m = new BigFraction[n][n + 1];
        for (int r = 0; r < n; r++) {
            int i = free.get(r);
            BigFraction rhs = new BigFraction(-lin[i]);
            for (int b = 0; b < p; b++) {
                if (state[b] != 0) {
                    rhs = rhs.subtract(h[i][b] * state[b]);
                }
            }
            for (int c = 0; c < n; c++) {
                m[r][c] = new BigFraction(h[i][free.get(c)]);
            }
            m[r][n] = rhs;
        }
        for (int c = 0; c < n; c++) {
            int piv = c;
            while (m[piv][c].getNumerator().signum() == 0) {
                piv++;
            }
            BigFraction[] t = m[c];
            m[c] = m[piv];
            m[piv] = t;
            for (int r = 0; r < n; r++) {
                if (r != c && m[r][c].getNumerator().signum() != 0) {
                    BigFraction f = m[r][c].divide(m[c][c]);
                    for (int k = c; k <= n; k++) {
                        m[r][k] = m[r][k].subtract(f.multiply(m[c][k]));
                    }
                }
            }
        }
        for (int r = 0; r < n; r++) {
            BigFraction v = m[r][n].divide(m[r][r]);
            if (v.abs().compareTo(BigFraction.ONE) > 0) {
                return null;
            }
            w[free.get(r)] = v;
        }
        return w;
    }

    /** F at the reduced point w (the true objective, with |w_j − w_k| for cross pairs). */
    private static BigFraction reducedObjective(BigFraction[] w, BigFraction constant, int yp, List<int[]> same, List<int[]> cross) {
        BigFraction f = constant;
        for (BigFraction x : w) {
            f = f.subtract(x.multiply(1 + yp)).subtract(x.multiply(x).multiply(2));
        }
        for (int[] s : same) {
            f = f.subtract(w[s[0]].multiply(w[s[1]]));
        }
        for (int[] c : cross) {
            f = f.add(w[c[0]].subtract(w[c[1]]).abs());
        }
        return f;
    }

}
