package org.optimech.runtime.lattice;

import java.math.BigInteger;
import java.util.Objects;
import org.optimech.runtime.exact.Rational;

/**
 * The gauge ‖z‖_K of a convex body K with rational facets, evaluated exactly on integer vectors, with
 * the two constants the lattice mechanism needs:
 * <ul>
 *   <li>the <b>rounding term</b> ρ = max over u in [−1, 1]^d of ‖u‖_K, which bounds the K-norm of the
 *       difference of two rounding errors (each in [−1/2, 1/2]^d): d for ℓ1, 1 for ℓ∞, and
 *       max_f ‖a_f‖₁/b_f for K = {x : a_f·x ≤ b_f} (a linear function's maximum over the cube);</li>
 *   <li><b>coordinate bounds</b> M_j with K ⊆ ∏_j [−M_j, M_j], i.e. |z_j| ≤ M_j·‖z‖_K, which make the box
 *       proposal of the rejection sampler dominate the target.</li>
 * </ul>
 * Immutable.
 */
public abstract class LatticeGauge {
    private final int dimension;

    private LatticeGauge(int dimension) {
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be >= 1. Provided value: " + dimension);
        }
        this.dimension = dimension;
    }

    /** The ℓ1 ball: ‖z‖₁, ρ = d, M_j = 1. */
    public static LatticeGauge l1(int dimension) {
        return new LatticeGauge(dimension) {
            @Override
            public Rational of(BigInteger[] z) {
                check(z.length);
                BigInteger s = BigInteger.ZERO;
                for (BigInteger v : z) {
                    s = s.add(v.abs());
                }
                return Rational.of(s);
            }

            @Override
            public Rational roundingTerm() {
                return Rational.of(BigInteger.valueOf(dimension()));
            }

            @Override
            public Rational[] coordinateBounds() {
                return ones(dimension());
            }

            @Override
            public String name() {
                return "l1";
            }
        };
    }

    /** The ℓ∞ ball: ‖z‖∞, ρ = 1, M_j = 1. */
    public static LatticeGauge linf(int dimension) {
        return new LatticeGauge(dimension) {
            @Override
            public Rational of(BigInteger[] z) {
                check(z.length);
                return Rational.of(maxAbs(z));
            }

            @Override
            public Rational roundingTerm() {
                return Rational.of(BigInteger.ONE);
            }

            @Override
            public Rational[] coordinateBounds() {
                return ones(dimension());
            }

            @Override
            public String name() {
                return "linf";
            }
        };
    }

    /**
     * The sum ball B∞ ∩ k·B1 = {|x_j| ≤ 1, Σ|x_j| ≤ k}: gauge max(‖z‖∞, ‖z‖₁/k), ρ = d/k (the all-ones corner), M_j = 1.
     *
     * @param logVolumeLowerBound a certified lower bound on the unit body's log-volume (the closed form, rounded down)
     */
    public static LatticeGauge sumBall(int dimension, int k, double logVolumeLowerBound) {
        return structured(dimension, k, Shape.SUM_BALL, logVolumeLowerBound);
    }

    /**
     * The count ball {|x_j| ≤ 1, Σx₊ ≤ k, Σx₋ ≤ k}: gauge max(‖z‖∞, Σz₊/k, Σz₋/k), ρ = d/k (the all-ones corner), M_j = 1.
     *
     * @param logVolumeLowerBound a certified lower bound on the unit body's log-volume (the closed form, rounded down)
     */
    public static LatticeGauge countBall(int dimension, int k, double logVolumeLowerBound) {
        return structured(dimension, k, Shape.COUNT_BALL, logVolumeLowerBound);
    }

    /**
     * The count join conv(Q ∪ −Q), Q = [0, 1]^d ∩ {Σx ≤ k}: gauge g(z₊) + g(z₋) with g(w) = max(‖w‖∞, Σw/k) the gauge of Q on the
     * non-negative orthant; ρ = max over 0 ≤ j ≤ d of G(j) + G(d − j), G(0) = 0, G(m) = max(1, m/k) (a cube vertex with j
     * entries +1), M_j = 1.
     *
     * @param logVolumeLowerBound a certified lower bound on the unit body's log-volume (the closed form, rounded down)
     */
    public static LatticeGauge countJoin(int dimension, int k, double logVolumeLowerBound) {
        return structured(dimension, k, Shape.COUNT_JOIN, logVolumeLowerBound);
    }

    /** The three structured bodies with an exact lattice sampler. */
    enum Shape {
        SUM_BALL("sum-ball"), COUNT_BALL("count-ball"), COUNT_JOIN("count-join");

        private final String json;

        Shape(String json) {
            this.json = json;
        }
    }

    private static LatticeGauge structured(int dimension, int k, Shape shape, double logVolumeLowerBound) {
        if (k < 1 || k > dimension) {
            throw new IllegalArgumentException("k must be in [1, " + dimension + "]. Provided value: " + k);
        }
        if (Double.isNaN(logVolumeLowerBound)) {
            throw new IllegalArgumentException("logVolumeLowerBound must not be NaN");
        }
        BigInteger kb = BigInteger.valueOf(k);
        return new LatticeGauge(dimension) {
            @Override
            public Rational of(BigInteger[] z) {
                check(z.length);
                return new Rational(scaledGauge(z), kb);
            }

            @Override
            int structuredK() {
                return k;
            }

            @Override
            Shape shape() {
                return shape;
            }

            @Override
            double logVolumeLowerBound() {
                return logVolumeLowerBound;
            }

            @Override
            public Rational roundingTerm() {
                return shape == Shape.COUNT_JOIN ? joinRoundingTerm(dimension(), k) : new Rational(BigInteger.valueOf(dimension()), kb);
            }

            @Override
            public Rational[] coordinateBounds() {
                return ones(dimension());
            }

            @Override
            public String name() {
                return shape.json;
            }
        };
    }

    /**
     * The count join's ρ: the gauge is convex, so its maximum over [−1, 1]^d is at a vertex; with j entries +1 and d − j
     * entries −1 it is G(j) + G(d − j), G(0) = 0, G(m) = max(k, m)/k.
     */
    static Rational joinRoundingTerm(int d, int k) {
        long best = 0;
        for (int j = 0; j <= d; j++) {
            long g = (j == 0 ? 0 : Math.max(k, j)) + (j == d ? 0 : Math.max(k, d - j));
            best = Math.max(best, g);
        }
        return new Rational(BigInteger.valueOf(best), BigInteger.valueOf(k));
    }

    /**
     * k·‖z‖_K, an integer, for the sum ball (max(k‖z‖∞, ‖z‖₁)), the count ball (max(k‖z‖∞, Σz₊, Σz₋)) and the count join
     * (max(k‖z₊‖∞, Σz₊) + max(k‖z₋‖∞, Σz₋)).
     *
     * @throws IllegalStateException for a gauge that is not one of them
     */
    final BigInteger scaledGauge(BigInteger[] z) {
        int k = structuredK();
        if (k == 0) {
            throw new IllegalStateException("not a structured gauge: " + name());
        }
        BigInteger maxPlus = BigInteger.ZERO;
        BigInteger maxMinus = BigInteger.ZERO;
        BigInteger plus = BigInteger.ZERO;
        BigInteger minus = BigInteger.ZERO;
        for (BigInteger v : z) {
            if (v.signum() > 0) {
                plus = plus.add(v);
                maxPlus = maxPlus.max(v);
            } else {
                minus = minus.subtract(v);
                maxMinus = maxMinus.max(v.negate());
            }
        }
        BigInteger kb = BigInteger.valueOf(k);
        BigInteger kMax = maxPlus.max(maxMinus).multiply(kb);
        return switch (shape()) {
            case SUM_BALL -> kMax.max(plus.add(minus));
            case COUNT_BALL -> kMax.max(plus).max(minus);
            case COUNT_JOIN -> maxPlus.multiply(kb).max(plus).add(maxMinus.multiply(kb).max(minus));
        };
    }

    /** k of the sum ball, count ball or count join; 0 for every other gauge. */
    int structuredK() {
        return 0;
    }

    /** Which structured body (null for every other gauge). */
    Shape shape() {
        return null;
    }

    /** Whether a structured gauge is the count ball. */
    final boolean countBall() {
        return shape() == Shape.COUNT_BALL;
    }

    /** Whether a structured gauge is the count join. */
    final boolean countJoin() {
        return shape() == Shape.COUNT_JOIN;
    }

    /**
     * The body {x : a_f·x ≤ b_f for every f} with integer normals a_f and rational offsets b_f &gt; 0, whose gauge is
     * max_f (a_f·z)/b_f. The caller certifies that the body is bounded and inside ∏_j [−M_j, M_j] (for a polytope, from
     * its exactly checked vertices; for half-spaces, from the box among the rows).
     */
    public static LatticeGauge facets(BigInteger[][] normals, Rational[] offsets, Rational[] coordinateBounds) {
        return facets(normals, offsets, coordinateBounds, Double.NEGATIVE_INFINITY);
    }

    /**
     * As {@link #facets(BigInteger[][], Rational[], Rational[])}, with a certified lower bound on the body's volume that the
     * caller knows (for a polytope, from its exactly checked triangulation), as a natural logarithm; the gauge keeps the
     * larger of it and the volume of the centred box it proves inside the body. The exact sampler derives its certified
     * acceptance rate from this volume ({@link LatticeSampler}).
     */
    public static LatticeGauge facets(BigInteger[][] normals, Rational[] offsets, Rational[] coordinateBounds, double logVolumeLowerBound) {
        Objects.requireNonNull(normals, "normals");
        Objects.requireNonNull(offsets, "offsets");
        Objects.requireNonNull(coordinateBounds, "coordinateBounds");
        if (normals.length == 0 || normals.length != offsets.length) {
            throw new IllegalArgumentException("need at least one facet and one offset per normal. Provided: " + normals.length + " normals, " + offsets.length + " offsets");
        }
        int d = normals[0].length;
        if (coordinateBounds.length != d) {
            throw new IllegalArgumentException("need one coordinate bound per dimension (" + d + "). Provided: " + coordinateBounds.length);
        }
        Rational[] bounds = coordinateBounds.clone();
        for (Rational m : bounds) {
            if (m.signum() <= 0) {
                throw new IllegalArgumentException("coordinate bounds must be > 0. Provided value: " + m);
            }
        }
        BigInteger[][] a = new BigInteger[normals.length][];
        Rational rho = Rational.ZERO;
        for (int f = 0; f < normals.length; f++) {
            if (normals[f].length != d) {
                throw new IllegalArgumentException("every normal must have " + d + " coordinates; normal " + f + " has " + normals[f].length);
            }
            if (offsets[f].signum() <= 0) {
                throw new IllegalArgumentException("offsets must be > 0 (the origin inside). Provided value at " + f + ": " + offsets[f]);
            }
            a[f] = normals[f].clone();
            BigInteger l1 = BigInteger.ZERO;
            for (BigInteger v : a[f]) {
                l1 = l1.add(v.abs());
            }
            Rational r = Rational.of(l1).divide(offsets[f]);
            rho = r.compareTo(rho) > 0 ? r : rho;
        }
        Rational[] b = offsets.clone();
        Rational roundingTerm = rho;
        double logVolume = Math.max(logVolumeLowerBound, logInscribedBoxVolume(a, b, bounds));
        return new LatticeGauge(d) {
            @Override
            double logVolumeLowerBound() {
                return logVolume;
            }

            @Override
            public Rational of(BigInteger[] y) {
                check(y.length);
                // the largest (a_f·z)/b_f; comparing p/q with P/Q as p·Q vs P·q (denominators positive)
                BigInteger bestNum = null;
                BigInteger bestDen = BigInteger.ONE;
                for (int f = 0; f < a.length; f++) {
                    BigInteger dot = BigInteger.ZERO;
                    for (int j = 0; j < y.length; j++) {
                        if (y[j].signum() != 0 && a[f][j].signum() != 0) {
                            dot = dot.add(a[f][j].multiply(y[j]));
                        }
                    }
                    BigInteger num = dot.multiply(b[f].denominator());
                    BigInteger den = b[f].numerator();
                    if (bestNum == null || num.multiply(bestDen).compareTo(bestNum.multiply(den)) > 0) {
                        bestNum = num;
                        bestDen = den;
                    }
                }
                Rational g = new Rational(bestNum, bestDen);
                if (g.signum() < 0) {
                    throw new IllegalStateException("the facets do not bound a body around the origin: gauge " + g + " < 0");
                }
                return g;
            }

            @Override
            public Rational roundingTerm() {
                return roundingTerm;
            }

            @Override
            public Rational[] coordinateBounds() {
                return bounds.clone();
            }

            @Override
            public String name() {
                return "facets";
            }

            @Override
            BigInteger[][] facetNormals() {
                return a;
            }

            @Override
            Rational[] facetOffsets() {
                return b;
            }
        };
    }

    /**
     * The log-volume of the centred box λ·∏[−M_j, M_j] with λ = min_f b_f / Σ_j |a_fj|·M_j, the largest such box inside
     * {a_f·x ≤ b_f} (every corner satisfies every row), rounded down: a certified lower bound on the body's log-volume.
     */
    private static double logInscribedBoxVolume(BigInteger[][] a, Rational[] b, Rational[] bounds) {
        Rational lambda = null;
        for (int f = 0; f < a.length; f++) {
            Rational reach = Rational.ZERO;
            for (int j = 0; j < bounds.length; j++) {
                if (a[f][j].signum() != 0) {
                    reach = reach.add(bounds[j].multiply(Rational.of(a[f][j].abs())));
                }
            }
            if (reach.signum() > 0) {
                Rational l = b[f].divide(reach);
                lambda = lambda == null || l.compareTo(lambda) < 0 ? l : lambda;
            }
        }
        double log = 0;
        for (Rational m : bounds) {
            log += Math.log(2 * m.doubleValue());
        }
        double l = lambda == null ? 1 : Math.min(1, lambda.doubleValue());
        // relative rounding of a few double operations, far inside the 1e-9 taken off
        return log + bounds.length * Math.log(l) - 1e-9 * (1 + Math.abs(log) + bounds.length * Math.abs(Math.log(l)));
    }

    /**
     * A certified lower bound on the unit body's log-volume, for the rejection sampler's acceptance rate; −∞ when unknown
     * (the l1 and linf balls, which need no rejection). The structured gauges carry their closed-form volume.
     */
    double logVolumeLowerBound() {
        return Double.NEGATIVE_INFINITY;
    }

    /** The facets' integer normals (shared, not copied: callers in this package only read them); null for l1 and linf. */
    BigInteger[][] facetNormals() {
        return null;
    }

    /** The facets' offsets (shared); null for l1 and linf. */
    Rational[] facetOffsets() {
        return null;
    }

    /** The dimension d. */
    public final int dimension() {
        return dimension;
    }

    /** ‖z‖_K, exactly, for an integer vector of any magnitude. */
    public abstract Rational of(BigInteger[] z);

    /** ‖z‖_K, exactly. */
    public final Rational of(long[] z) {
        BigInteger[] y = new BigInteger[z.length];
        for (int j = 0; j < z.length; j++) {
            y[j] = BigInteger.valueOf(z[j]);
        }
        return of(y);
    }

    /** ρ: the largest K-norm of a vector in [−1, 1]^d. */
    public abstract Rational roundingTerm();

    /** M_j with K ⊆ ∏_j [−M_j, M_j] (a copy). */
    public abstract Rational[] coordinateBounds();

    private static Rational[] ones(int d) {
        Rational[] r = new Rational[d];
        java.util.Arrays.fill(r, Rational.of(BigInteger.ONE));
        return r;
    }

    /** {@code l1}, {@code linf}, {@code facets}, {@code sum-ball}, {@code count-ball} or {@code count-join}. */
    public abstract String name();

    final void check(int length) {
        if (length != dimension) {
            throw new IllegalArgumentException("vector must have " + dimension + " coordinates. Provided: " + length);
        }
    }

    /** max_j |z_j|. */
    static BigInteger maxAbs(BigInteger[] z) {
        BigInteger m = BigInteger.ZERO;
        for (BigInteger v : z) {
            m = m.max(v.abs());
        }
        return m;
    }
}
