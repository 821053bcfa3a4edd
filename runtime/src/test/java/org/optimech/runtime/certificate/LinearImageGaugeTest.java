package org.optimech.runtime.certificate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.exact.Dyadic;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.knorm.LpNorm;

/**
 * {@link Gauge#ofLinearImage}: the gauge of A·B is ‖A⁻¹u‖_B. Checked exactly on u = A·x for an integer x, where A⁻¹u = x,
 * so the gauge must be ‖x‖_1 (sum kind) or ‖x‖_∞ (ranges kind) with no rounding, for random dyadic matrices.
 */
class LinearImageGaugeTest {
    @Property(tries = 200)
    void theGaugeOfAxIsTheBaseNormOfX(@ForAll("cases") Tuple.Tuple3<double[][], long[], Boolean> c) {
        double[][] a = c.get1();
        Assume.that(IntegerMatrices.determinant(Dyadic.scale(a, Dyadic.shift(a))).signum() != 0);
        long[] x = c.get2();
        LpNorm base = c.get3() ? LpNorm.L1 : LpNorm.LINF;
        Rational[] u = new Rational[a.length];
        for (int i = 0; i < a.length; i++) {
            u[i] = Rational.ZERO;
            for (int j = 0; j < a.length; j++) {
                u[i] = u[i].add(Rational.of(a[i][j]).multiply(Rational.of(BigInteger.valueOf(x[j]))));
            }
        }
        Gauge g = Gauge.ofLinearImage(base, a);
        Rational expected = Rational.ZERO;
        for (long v : x) {
            Rational abs = Rational.of(BigInteger.valueOf(Math.abs(v)));
            expected = base == LpNorm.L1 ? expected.add(abs) : expected.compareTo(abs) >= 0 ? expected : abs;
        }
        Rational want = expected;
        Rational got = evaluate(g, u);
        assertEquals(0, got.compareTo(want), () -> "gauge " + got + " vs " + want);
    }

    /** ‖u‖ from the gauge's rows: Σ_r |m_r·u| for a sum, max_r |n_r·u|/b_r for ranges. */
    private static Rational evaluate(Gauge g, Rational[] u) {
        Rational[][] rows = g.rows();
        Rational[] bounds = g.bounds();
        Rational out = Rational.ZERO;
        for (int r = 0; r < rows.length; r++) {
            Rational dot = Rational.ZERO;
            for (int j = 0; j < u.length; j++) {
                dot = dot.add(rows[r][j].multiply(u[j]));
            }
            Rational term = g.kind() == Gauge.Kind.SUM ? dot.abs() : dot.abs().divide(bounds[r]);
            out = g.kind() == Gauge.Kind.SUM ? out.add(term) : out.compareTo(term) >= 0 ? out : term;
        }
        return out;
    }

    @Provide
    Arbitrary<Tuple.Tuple3<double[][], long[], Boolean>> cases() {
        return Arbitraries.integers().between(1, 4).flatMap(d -> {
            Arbitrary<double[]> row = Combinators.combine(Arbitraries.integers().between(-12, 12).array(int[].class).ofSize(d),
                    Arbitraries.integers().between(0, 4)).as((m, k) -> {
                        double[] out = new double[d];
                        for (int j = 0; j < d; j++) {
                            out[j] = Math.scalb((double) m[j], -k);
                        }
                        return out;
                    });
            return Combinators.combine(row.array(double[][].class).ofSize(d), Arbitraries.longs().between(-50, 50).array(long[].class).ofSize(d),
                    Arbitraries.of(true, false)).as(Tuple::of);
        });
    }

    @Test
    void kindsMatchTheBase() {
        double[][] a = {{2, 1}, {0, 0.5}};
        Gauge linf = Gauge.ofLinearImage(LpNorm.LINF, a);
        assertEquals(Gauge.Kind.RANGES, linf.kind());
        assertTrue(linf.bounds().length == 2);
        Gauge l1 = Gauge.ofLinearImage(LpNorm.L1, a);
        assertEquals(Gauge.Kind.SUM, l1.kind());
        assertNull(l1.bounds());
    }

    @Test
    void refusesL2ASingularMatrixAndANonSquareOne() {
        assertEquals("a linear image's base must be l1 or linf. Provided value: l2",
                assertThrows(IllegalArgumentException.class, () -> Gauge.ofLinearImage(LpNorm.L2, new double[][] {{1}})).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Gauge.ofLinearImage(LpNorm.L1, new double[][] {{1, 2}, {2, 4}}));
        assertThrows(IllegalArgumentException.class, () -> Gauge.ofLinearImage(LpNorm.LINF, new double[][] {{1, 2}}));
    }
}
