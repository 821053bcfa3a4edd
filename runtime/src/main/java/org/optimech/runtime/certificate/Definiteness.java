package org.optimech.runtime.certificate;

import java.math.BigInteger;
import org.optimech.runtime.exact.Dyadic;

/**
 * An exact test that every symmetric matrix in an interval matrix is negative definite: with Hc the midpoint and R the
 * radius (both rounded outward), λmax(H) ≤ λmax(Hc) + ‖R‖₂ ≤ λmax(Hc) + ρ for ρ the largest row sum of R, so it suffices
 * that −Hc − ρI is positive definite, which fraction-free (Bareiss) elimination on its exact dyadic entries decides.
 */
final class Definiteness {
    private Definiteness() {
    }

    /** Whether every matrix between lo and hi (entrywise; symmetrised by taking the union of (u, v) and (v, u)) is negative definite. */
    static boolean negativeDefinite(double[][] lo, double[][] hi) {
        int n = lo.length;
        if (n == 0) {
            return true;
        }
        double[][] c = new double[n][n];
        double rho = 0;
        for (int u = 0; u < n; u++) {
            double row = 0;
            for (int v = 0; v < n; v++) {
                double l = Math.min(lo[u][v], lo[v][u]);
                double h = Math.max(hi[u][v], hi[v][u]);
                if (!Double.isFinite(l) || !Double.isFinite(h)) {
                    return false;
                }
                double m = l * 0.5 + h * 0.5;
                c[u][v] = m;
                double r = Math.max(Outward.addUp(h, -m), Outward.addUp(m, -l));
                row = Outward.addUp(row, r);
            }
            rho = Math.max(rho, row);
        }
        double[][] a = new double[n][n];
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                a[u][v] = -c[u][v];
            }
        }
        // exact entries: −c − ρ may round, so take it downward (a smaller diagonal only makes the test stricter)
        for (int u = 0; u < n; u++) {
            a[u][u] = Outward.addDown(-c[u][u], -rho);
            if (!(a[u][u] > 0)) {
                return false;
            }
        }
        int s = Dyadic.shift(a);
        BigInteger[][] m = Dyadic.scale(a, s);
        BigInteger prev = BigInteger.ONE;
        for (int i = 0; i < n; i++) {
            if (m[i][i].signum() <= 0) {
                return false;
            }
            for (int j = i + 1; j < n; j++) {
                for (int k = i + 1; k < n; k++) {
                    m[j][k] = m[i][i].multiply(m[j][k]).subtract(m[j][i].multiply(m[i][k])).divide(prev);
                }
            }
            prev = m[i][i];
        }
        return true;
    }
}
