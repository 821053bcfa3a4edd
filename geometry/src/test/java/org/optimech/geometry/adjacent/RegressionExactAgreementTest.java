package org.optimech.geometry.adjacent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.fraction.BigFraction;
import org.junit.jupiter.api.Test;

/**
 * The exact ℓ1 sensitivity of the regression statistic, now on the runtime's {@code Rational}, against the Commons Math
 * {@code BigFraction} enumeration it replaced (kept below verbatim as the reference): the same value and the same witness
 * for every p the test time allows (the enumeration is a function of p alone).
 */
class RegressionExactAgreementTest {
    @Test
    void valueAndWitnessEqualTheBigFractionOnes() {
        for (int p = 1; p <= 4; p++) {
            Old old = oldL1Sensitivity(p);
            RegressionStatistic.L1 now = RegressionStatistic.l1Sensitivity(p);
            assertEquals(old.value.getNumerator(), now.value().numerator(), "p = " + p);
            assertEquals(old.value.getDenominator(), now.value().denominator(), "p = " + p);
            assertArrayEquals(old.z, now.z(), "p = " + p);
            assertArrayEquals(old.zPrime, now.zPrime(), "p = " + p);
        }
    }

    /**
     * Every candidate of the enumeration, not only the winner (a change in a losing candidate's arithmetic leaves the
     * maximum alone): the same stationary point and the same objective, old and new, for every p ≤ 3, side split, label,
     * sign pattern and active set.
     */
    @Test
    void everyCandidateAndObjectiveEqualTheBigFractionOnes() {
        int compared = 0;
        for (int p = 1; p <= 3; p++) {
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
                        int patterns = (int) Math.pow(3, p);
                        for (int pat = 0; pat < patterns; pat++) {
                            BigFraction[] old = candidate(pat, p, lin, h);
                            org.optimech.runtime.exact.Rational[] now = RegressionStatistic.candidate(pat, p, lin, h);
                            String where = "p " + p + " a " + a + " y' " + yp + " rho " + rho + " pattern " + pat;
                            assertEquals(old == null, now == null, where);
                            if (old == null) {
                                continue;
                            }
                            for (int j = 0; j < p; j++) {
                                assertEquals(old[j].getNumerator(), now[j].numerator(), where);
                                assertEquals(old[j].getDenominator(), now[j].denominator(), where);
                            }
                            BigFraction f = reducedObjective(old, constant, yp, same, cross);
                            org.optimech.runtime.exact.Rational g = RegressionStatistic.reducedObjective(now,
                                    org.optimech.runtime.exact.Rational.of(4L * p + Math.abs(1 - yp) + same.size()), yp, same, cross);
                            assertEquals(f.getNumerator(), g.numerator(), where);
                            assertEquals(f.getDenominator(), g.denominator(), where);
                            compared++;
                        }
                    }
                }
            }
        }
        assertEquals(true, compared > 100, "candidates compared: " + compared);
    }

    private record Old(BigFraction value, double[] z, double[] zPrime) {
    }

    // ---- the former BigFraction code, verbatim but for names (RegressionStatistic.l1Sensitivity, candidate, reducedObjective) ----

    private static Old oldL1Sensitivity(int p) {
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
        // the witness in record coordinates: y = 1, y' = bestY; covariate j < a has z_j = w_j, z'_j = 1; otherwise z_j = 1, z'_j = w_j
        double[] z = new double[p + 1];
        double[] zp = new double[p + 1];
        for (int j = 0; j < p; j++) {
            z[j] = j < bestA ? bestW[j].doubleValue() : 1;
            zp[j] = j < bestA ? 1 : bestW[j].doubleValue();
        }
        z[p] = 1;
        zp[p] = bestY;
        return new Old(best, z, zp);
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
