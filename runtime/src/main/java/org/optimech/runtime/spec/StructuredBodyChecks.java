package org.optimech.runtime.spec;

import java.math.BigInteger;
import java.util.Arrays;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.knorm.CountBallBody;
import org.optimech.runtime.knorm.CountJoinBody;
import org.optimech.runtime.knorm.EulerianNumbers;
import org.optimech.runtime.knorm.PermutohedronBody;
import org.optimech.runtime.knorm.SumBallBody;
import org.optimech.runtime.knorm.UnitBody;
import org.optimech.runtime.lattice.LatticeGauge;

/**
 * The exact checks of a {@link StructuredBody} for {@link BodyChecks}: its parameters against the dimension, the load-time
 * work its sampler's table needs, and the exact gauge test ‖±y‖_K ≤ t on integer vectors (each body's closed-form gauge in
 * integer arithmetic), so stored adjacent points and re-derived outputs are checked exactly as for any other body.
 */
final class StructuredBodyChecks {
    /** Why a permutohedron has no lattice release. */
    static final String IDEALIZED_ONLY = "the permutohedron body is sampled in floating point only (numerics idealized): no exact "
            + "lattice sampler with a certified acceptance rate is implemented for it (docs/LATTICE_KNORM.md, \"Structured bodies\"); the sum-ball, "
            + "count-ball and count-join have one";
    /** Big-integer word operations the sampler's Eulerian table may cost at load (about a second). */
    static final double MAX_TABLE_COST = EulerianNumbers.MAX_LOAD_TABLE_COST;

    private StructuredBodyChecks() {
    }

    /** Whether the body has an exact lattice sampler (the sum ball, the count ball and the count join). */
    static boolean hasLattice(StructuredBody b) {
        return b instanceof StructuredBody.SumBall || b instanceof StructuredBody.CountBall || b instanceof StructuredBody.CountJoin;
    }

    static BodyChecks.CheckedBody read(StructuredBody b, int d) throws FieldException {
        String bp = KNormJson.P + "/body";
        if (b instanceof StructuredBody.Permutohedron p) {
            if (d < 2) {
                throw new FieldException(KNormJson.P + "/dimension", "a permutohedron body needs dimension >= 2. Provided value: " + d);
            }
            return permutohedron(p, d);
        }
        int k = StructuredBody.kOf(b);
        if (k < 1 || k > d) {
            throw new FieldException(bp + "/k", "must be an integer in [1, " + d + "] (the dimension). Provided value: " + k);
        }
        double cost = EulerianNumbers.tableCost(d, k);
        if (cost > MAX_TABLE_COST) {
            throw new FieldException(bp + "/k", String.format(java.util.Locale.ROOT, "needs an Eulerian-number table of about %.2g big-integer word operations "
                    + "at dimension %d, more than the %.2g allowed at load. Provided value: %d", cost, d, MAX_TABLE_COST, k));
        }
        Rational kr = Rational.of(BigInteger.valueOf(k));
        if (b instanceof StructuredBody.SumBall) {
            SumBallBody unit = SumBallBody.of(d, k);
            return withLattice(LatticeGauge.sumBall(d, k, certifiedBelow(unit.logVolume())), new BodyChecks.CheckedBody(unit) {
                @Override
                boolean within(double[] raw, double rawT, BigInteger[] y, Rational t) {
                    BigInteger max = BigInteger.ZERO;
                    BigInteger sum = BigInteger.ZERO;
                    for (BigInteger v : y) {
                        max = max.max(v.abs());
                        sum = sum.add(v.abs());
                    }
                    return BodyChecks.atMost(max, t) && BodyChecks.atMost(sum, t.multiply(kr));
                }
            });
        }
        if (b instanceof StructuredBody.CountBall) {
            CountBallBody unit = CountBallBody.of(d, k);
            return withLattice(LatticeGauge.countBall(d, k, certifiedBelow(unit.logVolume())), new BodyChecks.CheckedBody(unit) {
                @Override
                boolean within(double[] raw, double rawT, BigInteger[] y, Rational t) {
                    BigInteger[] p = parts(y);
                    // both y and −y: the body is symmetric, and each condition is symmetric in the two parts
                    return BodyChecks.atMost(p[0].max(p[2]), t) && BodyChecks.atMost(p[1].max(p[3]), t.multiply(kr));
                }
            });
        }
        CountJoinBody join = CountJoinBody.of(d, k);
        return withLattice(LatticeGauge.countJoin(d, k, certifiedBelow(join.logVolume())), new BodyChecks.CheckedBody(join) {
            @Override
            boolean within(double[] raw, double rawT, BigInteger[] y, Rational t) {
                BigInteger[] p = parts(y);
                // k·(g(y₊) + g(y₋)) = max over the four choices of k·max or Σ on each side; the body is symmetric
                BigInteger kb = BigInteger.valueOf(k);
                BigInteger plus = p[0].multiply(kb).max(p[1]);
                BigInteger minus = p[2].multiply(kb).max(p[3]);
                return BodyChecks.atMost(plus.add(minus), t.multiply(kr));
            }
        });
    }

    private static BodyChecks.CheckedBody withLattice(LatticeGauge gauge, BodyChecks.CheckedBody body) {
        body.lattice = gauge;
        return body;
    }

    /** A closed-form log-volume (accurate to a relative 1e-12) lowered by far more than its error: a certified lower bound. */
    private static double certifiedBelow(double logVolume) {
        return logVolume - 1e-9 * (1 + Math.abs(logVolume));
    }

    /** {max of the positive entries, their sum, max of |negative entries|, their sum}. */
    static BigInteger[] parts(BigInteger[] y) {
        BigInteger maxP = BigInteger.ZERO;
        BigInteger sumP = BigInteger.ZERO;
        BigInteger maxN = BigInteger.ZERO;
        BigInteger sumN = BigInteger.ZERO;
        for (BigInteger v : y) {
            if (v.signum() > 0) {
                maxP = maxP.max(v);
                sumP = sumP.add(v);
            } else if (v.signum() < 0) {
                maxN = maxN.max(v.negate());
                sumN = sumN.subtract(v);
            }
        }
        return new BigInteger[] {maxP, sumP, maxN, sumN};
    }

    private static BodyChecks.CheckedBody permutohedron(StructuredBody.Permutohedron p, int d) {
        Rational h = p.prismHalfHeight() == null ? null : Rational.of(p.prismHalfHeight());
        // the floating body is at least the stored one (h rounded up): a larger body only lowers every gauge, so Δ still covers
        UnitBody unit = PermutohedronBody.of(d, h == null ? 0 : org.optimech.runtime.exact.Dyadic.doubleAtLeast(p.prismHalfHeight()));
        return new BodyChecks.CheckedBody(unit) {
            @Override
            boolean within(double[] raw, double rawT, BigInteger[] y, Rational t) {
                return permutohedronGauge(y, h).compareTo(t) <= 0;
            }
        };
    }

    /**
     * The exact gauge of the permutohedron (prism half-height h, or null) at an integer vector, the same for y and −y:
     * max over 1 ≤ m &lt; d of 2·(sum of the m largest entries of y − mean)/(m(d − m)), and |mean|/h for the prism; null (infinite)
     * when y is off the hyperplane of a body without prism.
     */
    static Rational permutohedronGauge(BigInteger[] y, Rational h) {
        int d = y.length;
        BigInteger sum = BigInteger.ZERO;
        for (BigInteger v : y) {
            sum = sum.add(v);
        }
        if (h == null && sum.signum() != 0) {
            return null;
        }
        // p = y − sum/d; scaled by d: q = d·y − sum (integers); the gauge is max_m 2·top_m(q)/(d·m(d − m))
        BigInteger[] q = new BigInteger[d];
        BigInteger db = BigInteger.valueOf(d);
        for (int i = 0; i < d; i++) {
            q[i] = y[i].multiply(db).subtract(sum);
        }
        Arrays.sort(q);
        Rational best = Rational.ZERO;
        BigInteger top = BigInteger.ZERO;
        BigInteger bottom = BigInteger.ZERO;
        for (int m = 1; m < d; m++) {
            top = top.add(q[d - m]);
            bottom = bottom.add(q[m - 1]);
            // the body is symmetric: −y's m largest entries sum to −(y's m smallest)
            BigInteger numerator = top.max(bottom.negate()).shiftLeft(1);
            Rational g = new Rational(numerator, db.multiply(BigInteger.valueOf((long) m * (d - m))));
            if (g.compareTo(best) > 0) {
                best = g;
            }
        }
        if (h != null) {
            Rational axial = new Rational(sum.abs(), db).divide(h);
            if (axial.compareTo(best) > 0) {
                best = axial;
            }
        }
        return best;
    }
}
