package org.optimech.designer.structured;

import java.util.List;
import org.optimech.geometry.body.LpBalls;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.StructuredBody;

/**
 * Which scaled candidate body Δ_a·K_a lies inside which Δ_b·K_b, for a structured statistic: Δ_a·sup_{x ∈ K_a} g_b(x) ≤ Δ_b,
 * with the supremum of the convex gauge g_b taken at K_a's vertices, in closed form:
 * <ul>
 *   <li>the exact hull lies inside every candidate (each Δ_b bounds g_b over the adjacent outputs, whose hull it is);</li>
 *   <li>ball in ball: {@link LpBalls#inclusionFactor};</li>
 *   <li>a ball in a sum ball, count ball or count join of parameter k: ℓ1's vertices ±e_j have gauge 1; ℓ∞'s sign vectors
 *       max(1, d/k) (sum and count ball) or max over p of G(p) + G(d − p), G(0) = 0, G(m) = max(1, m/k) (count join); ℓ2's
 *       sphere max(1, √d/k) (sum and count ball) or max over p of √(A_p² + A_{d−p}²), A_0 = 0, A_m = max(1, √m/k) (count join:
 *       each part's g is at most its ℓ2 norm times A, with equality, and Cauchy–Schwarz splits the norm);</li>
 *   <li>an outer structured body in a ball: its vertices (k entries ±1; p ≤ k entries +1 and q ≤ k entries −1; ±1_S with
 *       |S| ≤ k; the permutations of the centred Borda vector, plus ±h·1 for a prism);</li>
 *   <li>a full-dimensional ball never lies in the flat permutohedron; the prism's gauge at a ball's vertices is not computed
 *       here (n/a), nor is anything about a Gaussian (no body).</li>
 * </ul>
 * Floating point with a relative tolerance of 1e-12, as the generic path's table.
 */
final class StructuredContainment {
    private StructuredContainment() {
    }

    /** containment[a][b]: candidate a's scaled body inside b's (null where not decided). */
    static Boolean[][] of(List<StructuredCandidate> c, boolean hullExact, int d) {
        int n = c.size();
        Boolean[][] in = new Boolean[n][n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                StructuredCandidate x = c.get(a);
                StructuredCandidate y = c.get(b);
                if (a == b) {
                    in[a][b] = true;
                } else if (x.body() == null || y.body() == null) {
                    in[a][b] = null;
                } else if (hullExact && x.body().match(ball -> false, structured -> true, stored -> false)) {
                    in[a][b] = true;
                } else {
                    double sup = sup(x.body(), y.body(), d);
                    in[a][b] = Double.isNaN(sup) ? null : x.sensitivity().doubleValue() * sup <= y.sensitivity().doubleValue() * (1 + 1e-12);
                }
            }
        }
        return in;
    }

    /** sup over the unit body a of the gauge of b (+∞ when b is flat and a is not; NaN when not computed). */
    static double sup(Body a, Body b, int d) {
        return a.match(ba -> b.match(bb -> LpBalls.inclusionFactor(ba.norm(), bb.norm(), d), sb -> ballIn(ba, sb, d), stored -> Double.NaN),
                sa -> b.match(bb -> vertexNorm(sa, bb, d), sb -> Double.NaN, stored -> Double.NaN), stored -> Double.NaN);
    }

    /** sup over the unit ball a of the gauge of the structured body b. */
    private static double ballIn(Body.Ball ba, StructuredBody b, int d) {
        return b.match(sum -> ballIn(ba, sum.k(), false, d), count -> ballIn(ba, count.k(), false, d), join -> ballIn(ba, join.k(), true, d),
                p -> p.prismHalfHeight() == null ? Double.POSITIVE_INFINITY : Double.NaN);
    }

    /** sup over the unit ball a of the gauge of a sum ball or count ball (or, {@code join}, a count join) with this k. */
    private static double ballIn(Body.Ball ba, int k, boolean join, int d) {
        switch (ba.norm()) {
            case L1:
                return 1;
            case LINF:
                if (!join) {
                    return Math.max(1, (double) d / k);
                }
                double best = 0;
                for (int p = 0; p <= d; p++) {
                    best = Math.max(best, part(p, k, false) + part(d - p, k, false));
                }
                return best;
            default:
                if (!join) {
                    return Math.max(1, Math.sqrt(d) / k);
                }
                double top = 0;
                for (int p = 0; p <= d; p++) {
                    double x = part(p, k, true);
                    double y = part(d - p, k, true);
                    top = Math.max(top, Math.sqrt(x * x + y * y));
                }
                return top;
        }
    }

    /** G(m) = max(1, m/k) or A(m) = max(1, √m/k), 0 for m = 0. */
    private static double part(int m, int k, boolean sqrt) {
        return m == 0 ? 0 : Math.max(1, (sqrt ? Math.sqrt(m) : m) / k);
    }

    /** The largest ball norm at a vertex of a unit structured body. */
    private static double vertexNorm(StructuredBody a, Body.Ball b, int d) {
        // by the most non-zero entries (each ±1) a vertex has
        return a.match(sum -> vertexNorm(sum.k(), b), count -> vertexNorm(Math.min(2 * count.k(), d), b), join -> vertexNorm(join.k(), b),
                p -> vertexNorm(p, b, d));
    }

    /** The largest ball norm at a vertex of a unit permutohedron (or its prism). */
    private static double vertexNorm(StructuredBody.Permutohedron p, Body.Ball b, int d) {
        double h = p.prismHalfHeight() == null ? 0 : p.prismHalfHeight().doubleValue();
        double l1 = 0;
        double l2 = 0;
        for (int i = 0; i < d; i++) {
            double v = i - (d - 1) / 2.0 + h;
            l1 += Math.abs(v);
            l2 += v * v;
        }
        return b.norm() == org.optimech.runtime.knorm.LpNorm.L1 ? l1 : b.norm() == org.optimech.runtime.knorm.LpNorm.L2 ? Math.sqrt(l2)
                : (d - 1) / 2.0 + h;
    }

    /** The ball norm of a vertex with m non-zero entries, each ±1. */
    private static double vertexNorm(int m, Body.Ball b) {
        switch (b.norm()) {
            case L1:
                return m;
            case L2:
                return Math.sqrt(m);
            default:
                return 1;
        }
    }
}
