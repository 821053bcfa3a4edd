package org.optimech.geometry.body;

import java.math.BigInteger;
import org.optimech.geometry.hull.ConvexHull;
import org.optimech.runtime.exact.Rational;

/**
 * A polytope cut into simplices, each the cone from the origin over one boundary simplex of its hull.
 * With integer vertices w_1..w_d (scaled by 2^shift), simplex i has volume |det W_i|/d! and
 * ∫ x xᵀ = vol_i/((d+1)(d+2))·(Σ_k w_k w_kᵀ + s sᵀ), s = Σ_k w_k (the origin is the apex), so the
 * body's volume and second-moment matrix are exact rationals.
 */
public final class ConeTriangulation {
    private final ConvexHull hull;
    private final int d;
    private final BigInteger[] dets; // |det| per simplex, scaled units
    private final BigInteger detSum;

    private ConeTriangulation(ConvexHull hull, BigInteger[] dets, BigInteger detSum) {
        this.hull = hull;
        this.d = hull.dimension();
        this.dets = dets;
        this.detSum = detSum;
    }

    /**
     * @throws IllegalArgumentException if the hull has dimension 0 or the origin (of its reduced
     *     coordinates) is not strictly inside it
     */
    public static ConeTriangulation fromOrigin(ConvexHull hull) {
        int d = hull.dimension();
        if (d == 0) {
            throw new IllegalArgumentException("a single point has no volume to triangulate");
        }
        for (ConvexHull.Facet f : hull.facets()) {
            if (f.exactOffset().signum() <= 0) {
                throw new IllegalArgumentException("the origin must be strictly inside the body for a cone triangulation from it; it is "
                        + (f.exactOffset().signum() == 0 ? "on" : "outside") + " the facet through vertices " + java.util.Arrays.toString(f.vertices()));
            }
        }
        BigInteger[][] pts = hull.scaled();
        int[][] b = hull.boundary();
        BigInteger[] dets = new BigInteger[b.length];
        BigInteger sum = BigInteger.ZERO;
        BigInteger[][] m = new BigInteger[d][];
        for (int i = 0; i < b.length; i++) {
            for (int k = 0; k < d; k++) {
                m[k] = pts[b[i][k]];
            }
            dets[i] = org.optimech.runtime.exact.IntegerMatrices.determinant(m).abs();
            sum = sum.add(dets[i]);
        }
        return new ConeTriangulation(hull, dets, sum);
    }

    public int dimension() {
        return d;
    }

    public int simplexCount() {
        return dets.length;
    }

    /** The simplices' vertex indices into the hull's points (the origin is the implicit apex). */
    public int[][] simplices() {
        return hull.boundary();
    }

    /** Relative volume of each simplex, for choosing one in proportion (sums to 1 up to rounding). */
    public double[] weights() {
        double[] w = new double[dets.length];
        for (int i = 0; i < dets.length; i++) {
            w[i] = new Rational(dets[i], detSum).doubleValue();
        }
        return w;
    }

    /** The exact volume, in the hull's (reduced) coordinates. */
    public Rational volume() {
        return new Rational(detSum, factorial(d).shiftLeft(hull.shift() * d));
    }

    /**
     * M(K) = E[U Uᵀ] for U uniform in the body, exactly: (1/vol)·∫ x xᵀ dx. The noise covariance of
     * the K-norm mechanism with this unit body is (d+1)(d+2)(Δ/ε)²·M(K).
     */
    public Rational[][] secondMoment() {
        BigInteger[][] pts = hull.scaled();
        int[][] b = hull.boundary();
        BigInteger[][] acc = new BigInteger[d][d];
        for (BigInteger[] row : acc) {
            java.util.Arrays.fill(row, BigInteger.ZERO);
        }
        BigInteger[] s = new BigInteger[d];
        for (int i = 0; i < b.length; i++) {
            if (dets[i].signum() == 0) {
                continue;
            }
            java.util.Arrays.fill(s, BigInteger.ZERO);
            for (int k = 0; k < d; k++) {
                BigInteger[] w = pts[b[i][k]];
                for (int r = 0; r < d; r++) {
                    s[r] = s[r].add(w[r]);
                }
            }
            for (int r = 0; r < d; r++) {
                for (int c = r; c < d; c++) {
                    BigInteger t = s[r].multiply(s[c]);
                    for (int k = 0; k < d; k++) {
                        BigInteger[] w = pts[b[i][k]];
                        t = t.add(w[r].multiply(w[c]));
                    }
                    acc[r][c] = acc[r][c].add(t.multiply(dets[i]));
                }
            }
        }
        // ∫xxᵀ = acc / (d!(d+1)(d+2) 2^{shift(d+2)}), vol = detSum / (d! 2^{shift d}): M = acc / (detSum (d+1)(d+2) 4^shift)
        BigInteger den = detSum.multiply(BigInteger.valueOf((long) (d + 1) * (d + 2))).shiftLeft(2 * hull.shift());
        Rational[][] m = new Rational[d][d];
        for (int r = 0; r < d; r++) {
            for (int c = r; c < d; c++) {
                m[r][c] = new Rational(acc[r][c], den);
                m[c][r] = m[r][c];
            }
        }
        return m;
    }

    /** M(K) as doubles, each entry rounded once from its exact value. */
    public double[][] secondMomentDouble() {
        Rational[][] m = secondMoment();
        double[][] out = new double[d][d];
        for (int r = 0; r < d; r++) {
            for (int c = 0; c < d; c++) {
                out[r][c] = m[r][c].doubleValue();
            }
        }
        return out;
    }

    private static BigInteger factorial(int n) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= n; i++) {
            f = f.multiply(BigInteger.valueOf(i));
        }
        return f;
    }
}
