package org.optimech.runtime.certificate;

import java.math.BigInteger;
import java.util.Objects;
import org.optimech.runtime.exact.Dyadic;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.knorm.LpNorm;

/**
 * The gauge of a stored body as a function a certificate can bound over the adjacent output space S_T:
 * <ul>
 *   <li>{@link Kind#RANGES}: ‖u‖_K ≤ Δ ⇔ |n_r·u| ≤ Δ·b_r for every row r (the ℓ∞ ball, weighted boxes and other linear
 *       images of it, polytopes and half-spaces through their facets: S_T is symmetric, so the largest gauge over S_T is
 *       max_r h(n_r)/b_r with h the support function);</li>
 *   <li>{@link Kind#SUM}: ‖u‖_K = Σ_r |m_r·u| (the ℓ1 ball and its linear images);</li>
 *   <li>{@link Kind#SQUARE}: ‖u‖_K² = Σ_r (m_r·u)² (the ℓ2 ball).</li>
 * </ul>
 *
 * @param kind how the rows combine
 * @param rows one coefficient vector per row, exact rationals (integers for {@link Kind#RANGES})
 * @param bounds b_r &gt; 0 per row for {@link Kind#RANGES}; null otherwise
 */
public record Gauge(Kind kind, Rational[][] rows, Rational[] bounds) {
    /** How the rows of a gauge combine. */
    public enum Kind {
        RANGES, SUM, SQUARE
    }

    public Gauge {
        Objects.requireNonNull(kind, "kind");
        Rational[][] r = new Rational[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            r[i] = rows[i].clone();
        }
        rows = r;
        if ((kind == Kind.RANGES) != (bounds != null)) {
            throw new IllegalArgumentException("bounds are given exactly for a ranges gauge");
        }
        if (bounds != null) {
            bounds = bounds.clone();
            if (bounds.length != rows.length) {
                throw new IllegalArgumentException("one bound per row");
            }
            for (Rational b : bounds) {
                if (b.signum() <= 0) {
                    throw new IllegalArgumentException("row bounds must be > 0. Provided value: " + b);
                }
            }
        }
    }

    /** The identity rows (an ℓp ball) of dimension d. */
    public static Gauge identity(Kind kind, int d) {
        Rational[][] rows = new Rational[d][d];
        Rational[] ones = new Rational[d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                rows[i][j] = i == j ? Rational.of(java.math.BigInteger.ONE) : Rational.ZERO;
            }
            ones[i] = Rational.of(java.math.BigInteger.ONE);
        }
        return new Gauge(kind, rows, kind == Kind.RANGES ? ones : null);
    }

    /**
     * The gauge of the linear image A·B of the ℓ1 or ℓ∞ ball B, ‖u‖ = ‖A⁻¹u‖_B, exactly as the loader derives it from a
     * stored {@code linear_image} body (so a designer proves what the runtime re-checks): A's entries are read as the
     * dyadic rationals they are.
     *
     * @param base the ball's norm: {@link LpNorm#L1} or {@link LpNorm#LINF}
     * @param a the square, invertible matrix A
     * @throws IllegalArgumentException for an ℓ2 base, or a matrix that is not square, has a non-finite entry or is singular
     */
    public static Gauge ofLinearImage(LpNorm base, double[][] a) {
        int shift = Dyadic.shift(a);
        return ofLinearImage(base, IntegerMatrices.inverseRows(Dyadic.scale(a, shift)), shift);
    }

    /**
     * {@link #ofLinearImage(LpNorm, double[][])} from the exact inverse the loader already holds: A = Â/2^s with Â integer,
     * and Â⁻¹'s row i is n_i/q_i, so A⁻¹ = 2^s·Â⁻¹. For ℓ∞, |(A⁻¹u)_i| ≤ Δ ⇔ |n_i·u| ≤ Δ·q_i/2^s: integer rows n_i with
     * bounds q_i/2^s. For ℓ1, the rows of A⁻¹ summed in absolute value.
     *
     * @param inverse Â⁻¹ as integer rows over positive denominators
     * @param shift s, with A = Â/2^s
     */
    public static Gauge ofLinearImage(LpNorm base, IntegerMatrices.InverseRows inverse, int shift) {
        Objects.requireNonNull(base, "base");
        if (base == LpNorm.L2) {
            throw new IllegalArgumentException("a linear image's base must be l1 or linf. Provided value: " + base.json());
        }
        BigInteger[][] n = inverse.numerators();
        BigInteger[] q = inverse.denominators();
        Rational twoS = Rational.of(Dyadic.powerOfTwo(shift));
        Rational[][] rows = new Rational[n.length][];
        for (int i = 0; i < n.length; i++) {
            rows[i] = new Rational[n[i].length];
            for (int j = 0; j < n[i].length; j++) {
                rows[i][j] = base == LpNorm.L1 ? Rational.of(n[i][j]).multiply(twoS).divide(Rational.of(q[i])) : Rational.of(n[i][j]);
            }
        }
        if (base == LpNorm.L1) {
            return new Gauge(Kind.SUM, rows, null);
        }
        Rational[] bounds = new Rational[q.length];
        for (int i = 0; i < q.length; i++) {
            bounds[i] = Rational.of(q[i]).divide(twoS);
        }
        return new Gauge(Kind.RANGES, rows, bounds);
    }

    @Override
    public Rational[][] rows() {
        Rational[][] r = new Rational[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            r[i] = rows[i].clone();
        }
        return r;
    }

    @Override
    public Rational[] bounds() {
        return bounds == null ? null : bounds.clone();
    }

    /**
     * This gauge of a body in a subspace's coordinates y = x[pivots], as a gauge of d coordinates (each row's entries at the
     * pivots, zero elsewhere). It bounds the body's gauge over S_T only when S_T lies in that subspace
     * ({@link StatisticPolynomials#liesIn}).
     */
    public Gauge onPivots(int[] pivots, int d) {
        Rational[][] out = new Rational[rows.length][d];
        for (int r = 0; r < rows.length; r++) {
            if (rows[r].length != pivots.length) {
                throw new IllegalArgumentException("a row must have one entry per pivot (" + pivots.length + "). Provided length: " + rows[r].length);
            }
            java.util.Arrays.fill(out[r], Rational.ZERO);
            for (int i = 0; i < pivots.length; i++) {
                out[r][pivots[i]] = rows[r][i];
            }
        }
        return new Gauge(kind, out, bounds);
    }

    /** The number of trees a certificate for this gauge holds: two per row for ranges (its maximum and minimum), else one. */
    public int treeCount() {
        return kind == Kind.RANGES ? 2 * rows.length : 1;
    }
}
