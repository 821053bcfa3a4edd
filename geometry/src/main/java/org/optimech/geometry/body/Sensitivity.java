package org.optimech.geometry.body;

import java.math.BigDecimal;
import org.optimech.runtime.knorm.LpNorm;
import java.math.BigInteger;
import org.optimech.geometry.hull.ConvexHull;
import org.optimech.runtime.exact.Rational;

/**
 * A certified sensitivity: {@code upper} is a double at or above the exact supremum; {@code exact} says
 * it equals it.
 */
public record Sensitivity(double upper, boolean exact) {
    public Sensitivity {
        if (!(upper >= 0) || Double.isInfinite(upper)) {
            throw new IllegalArgumentException("sensitivity must be >= 0 and finite. Provided value: " + upper);
        }
    }

    /** max over the points of their ℓp norm, computed exactly and rounded up. */
    public static Sensitivity ofBall(LpNorm ball, double[][] points) {
        BigDecimal best = BigDecimal.ZERO;
        for (double[] u : points) {
            BigDecimal s = BigDecimal.ZERO;
            for (double v : u) {
                BigDecimal a = new BigDecimal(Math.abs(v));
                switch (ball) {
                    case L1:
                        s = s.add(a);
                        break;
                    case L2:
                        s = s.add(a.multiply(a));
                        break;
                    default:
                        s = s.max(a);
                }
            }
            best = best.max(s);
        }
        return ofNorm(ball, best);
    }

    /**
     * The certified sensitivity for an exact maximum: {@code value} is the largest ℓ1 or ℓ∞ norm, or for ℓ2 the largest
     * squared norm, over S_T; returned is the least double at or above the norm.
     */
    public static Sensitivity ofNorm(LpNorm ball, BigDecimal value) {
        if (ball != LpNorm.L2) {
            requireFinite(ball, value.compareTo(LARGEST) <= 0 ? 0 : Double.POSITIVE_INFINITY, value);
            return roundUp(value);
        }
        // ℓ2: the smallest double whose square is at least the exact maximum of the squared norms
        double r = Math.sqrt(value.doubleValue());
        if (Double.isInfinite(r)) { // the square overflows a double, the norm may not
            r = value.sqrt(java.math.MathContext.DECIMAL64).doubleValue();
        }
        requireFinite(ball, r, value);
        while (new BigDecimal(r).pow(2).compareTo(value) < 0) {
            r = Math.nextUp(r);
            requireFinite(ball, r, value);
        }
        while (r > 0 && new BigDecimal(Math.nextDown(r)).pow(2).compareTo(value) >= 0) {
            r = Math.nextDown(r);
        }
        return new Sensitivity(r, new BigDecimal(r).pow(2).compareTo(value) == 0);
    }

    private static final BigDecimal LARGEST = new BigDecimal(Double.MAX_VALUE);

    /** A clear error instead of an infinite Δ (or a NumberFormatException from an infinite double): the statistic needs rescaling. */
    private static void requireFinite(LpNorm ball, double r, BigDecimal value) {
        if (!(r < Double.POSITIVE_INFINITY)) {
            BigDecimal approximate = ball == LpNorm.L2 ? value.sqrt(java.math.MathContext.DECIMAL32) : value;
            throw new IllegalArgumentException("the " + ball.json() + " sensitivity exceeds the largest double (" + Double.MAX_VALUE + "); rescale the statistic. "
                    + "Provided value: about " + approximate.round(java.math.MathContext.DECIMAL32).toString());
        }
    }

    /**
     * max over the points of the gauge of the hull, max_F (n_F·u)/c_F, in exact rationals and rounded up; the
     * points are in the hull's reduced coordinates, and the origin must be strictly inside.
     */
    public static Sensitivity ofHull(ConvexHull hull, double[][] points) {
        Rational best = Rational.ZERO;
        Rational scale = Rational.of(BigInteger.ONE.shiftLeft(hull.shift()));
        for (ConvexHull.Facet f : hull.facets()) {
            if (f.exactOffset().signum() <= 0) {
                throw new IllegalArgumentException("the gauge needs the origin strictly inside the body");
            }
            BigInteger[] n = f.exactNormal();
            for (double[] u : points) {
                if (u.length != n.length) {
                    throw new IllegalArgumentException("points must have " + n.length + " coordinates (the hull's reduced dimension)");
                }
                Rational dot = Rational.ZERO;
                for (int j = 0; j < n.length; j++) {
                    if (n[j].signum() != 0 && u[j] != 0) {
                        dot = dot.add(Rational.of(u[j]).multiply(Rational.of(n[j])));
                    }
                }
                // gauge = (n·u) / (offset · 2^-shift)
                Rational g = dot.multiply(scale).divide(Rational.of(f.exactOffset()));
                if (g.compareTo(best) > 0) {
                    best = g;
                }
            }
        }
        return roundUp(best);
    }

    /**
     * As {@link #ofHull(ConvexHull, double[][])} over the hull's own input points, in the hull's integer lattice: the
     * gauge of point i is max_F (n_F·scaled_i)/offset_F, compared by cross-multiplication (no rational normalisation).
     */
    public static Sensitivity ofHullPoints(ConvexHull hull) {
        return ofHullPoints(hull, () -> false);
    }

    /**
     * As {@link #ofHullPoints(ConvexHull)}, looking at {@code stop} once per facet (the check is facets × points exact dot
     * products: seconds for a hull of 10⁴ facets over 5,000 points).
     *
     * @return null when the stop turned true first
     */
    public static Sensitivity ofHullPoints(ConvexHull hull, java.util.function.BooleanSupplier stop) {
        BigInteger[][] pts = hull.scaled();
        BigInteger bestNum = BigInteger.ZERO;
        BigInteger bestDen = BigInteger.ONE;
        for (ConvexHull.Facet f : hull.facets()) {
            if (stop.getAsBoolean()) {
                return null;
            }
            BigInteger c = f.exactOffset();
            if (c.signum() <= 0) {
                throw new IllegalArgumentException("the gauge needs the origin strictly inside the body");
            }
            BigInteger[] n = f.exactNormal();
            for (BigInteger[] u : pts) {
                BigInteger dot = BigInteger.ZERO;
                for (int j = 0; j < n.length; j++) {
                    if (n[j].signum() != 0 && u[j].signum() != 0) {
                        dot = dot.add(n[j].multiply(u[j]));
                    }
                }
                if (dot.multiply(bestDen).compareTo(bestNum.multiply(c)) > 0) {
                    bestNum = dot;
                    bestDen = c;
                }
            }
        }
        return roundUp(new Rational(bestNum, bestDen));
    }

    /**
     * max over the points of ‖W·u‖_B for an exact rational matrix W (the inverse of a linear image A·B of the
     * ℓ1 or ℓ∞ ball), in exact arithmetic and rounded up.
     */
    public static Sensitivity ofLinearImage(LpNorm base, Rational[][] w, double[][] points) {
        if (base == LpNorm.L2) {
            throw new IllegalArgumentException("linear images are certified for the l1 and linf balls only (the l2 norm is irrational)");
        }
        Rational best = Rational.ZERO;
        for (double[] u : points) {
            Rational[] x = new Rational[u.length];
            for (int j = 0; j < u.length; j++) {
                x[j] = Rational.of(u[j]);
            }
            Rational norm = Rational.ZERO;
            for (Rational[] row : w) {
                Rational y = Rational.ZERO;
                for (int j = 0; j < u.length; j++) {
                    if (u[j] != 0 && row[j].signum() != 0) {
                        y = y.add(row[j].multiply(x[j]));
                    }
                }
                y = y.abs();
                norm = base == LpNorm.L1 ? norm.add(y) : (y.compareTo(norm) > 0 ? y : norm);
            }
            if (norm.compareTo(best) > 0) {
                best = norm;
            }
        }
        return roundUp(best);
    }

    private static Sensitivity roundUp(BigDecimal exact) {
        double v = exact.doubleValue();
        if (new BigDecimal(v).compareTo(exact) < 0) {
            v = Math.nextUp(v);
        }
        return new Sensitivity(v, new BigDecimal(v).compareTo(exact) == 0);
    }

    /** The least double at or above an exact rational. */
    private static Sensitivity roundUp(Rational exact) {
        double v = exact.doubleValue();
        while (Rational.of(v).compareTo(exact) < 0) {
            v = Math.nextUp(v);
        }
        while (v > 0 && Rational.of(Math.nextDown(v)).compareTo(exact) >= 0) {
            v = Math.nextDown(v);
        }
        return new Sensitivity(v, Rational.of(v).compareTo(exact) == 0);
    }
}
